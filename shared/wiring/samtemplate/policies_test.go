package samtemplate_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/wiring/samtemplate"
)

const withPolicies = `
Parameters:
  MailFrom: { Type: String, Default: no-reply@mail.example }
Resources:
  Table: { Type: AWS::DynamoDB::Table }
  Jobs: { Type: AWS::SQS::Queue }
  Key: { Type: AWS::SecretsManager::Secret }
  Bucket: { Type: AWS::S3::Bucket }
  WorkerFunction:
    Type: AWS::Serverless::Function
    Properties:
      Policies:
        - DynamoDBReadPolicy: { TableName: !Ref Table }
        - Statement:
            - Effect: Allow
              Action: [dynamodb:PutItem]
              Resource: !GetAtt Table.Arn
              Condition: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["JOB#*"] } }
            - Effect: Deny
              Action: s3:*
              Resource: !Sub "${Bucket.Arn}/raw/*"
            - Effect: Allow
              Action: ses:SendEmail
              Resource: !Sub
                - "arn:${AWS::Partition}:ses:${AWS::Region}:${AWS::AccountId}:identity/${Domain}"
                - Domain: !Select [1, !Split ["@", !Ref MailFrom]]
        - SQSSendMessagePolicy: { QueueName: !GetAtt Jobs.QueueName }
        - AWSSecretsManagerGetSecretValuePolicy: { SecretArn: !Ref Key }
  BareFunction:
    Type: AWS::Serverless::Function
    Properties: {}
`

func stackOf(t *testing.T, text string) *samtemplate.Stack {
	t.Helper()
	s, err := samtemplate.NewStack(parse(t, text), "st", "eu-west-1", "123456789012", nil)
	if err != nil {
		t.Fatal(err)
	}
	s.SetPlaceholders()
	return s
}

// A function's policy is its own statements and the expansion of each SAM policy template it names,
// as sam deploy writes the role.
func TestPolicies(t *testing.T) {
	s := stackOf(t, withPolicies)
	got, err := s.Policies("WorkerFunction")
	if err != nil {
		t.Fatal(err)
	}
	table := "arn:aws:dynamodb:eu-west-1:123456789012:table/st-Table"
	want := []samtemplate.Statement{
		{
			Effect: "Allow",
			Action: []string{
				"dynamodb:GetItem",
				"dynamodb:Scan",
				"dynamodb:Query",
				"dynamodb:BatchGetItem",
				"dynamodb:DescribeTable",
			},
			Resource: []string{table, table + "/index/*"},
			From:     "DynamoDBReadPolicy",
		},
		{Effect: "Allow", Action: []string{"dynamodb:PutItem"}, Resource: []string{table},
			Condition: map[string]map[string][]string{
				"ForAllValues:StringLike": {"dynamodb:LeadingKeys": {"JOB#*"}},
			}, From: "Statement"},
		{
			Effect:   "Deny",
			Action:   []string{"s3:*"},
			Resource: []string{"arn:aws:s3:::st-bucket/raw/*"},
			From:     "Statement",
		},
		{
			Effect:   "Allow",
			Action:   []string{"ses:SendEmail"},
			Resource: []string{"arn:aws:ses:eu-west-1:123456789012:identity/mail.example"},
			From:     "Statement",
		},
		{
			Effect:   "Allow",
			Action:   []string{"sqs:SendMessage*"},
			Resource: []string{"arn:aws:sqs:eu-west-1:123456789012:st-Jobs"},
			From:     "SQSSendMessagePolicy",
		},
		{
			Effect:   "Allow",
			Action:   []string{"secretsmanager:GetSecretValue"},
			Resource: []string{"st-Key"},
			From:     "AWSSecretsManagerGetSecretValuePolicy",
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Policies =\n%+v\nwant\n%+v", got, want)
	}
	if names := s.Template.PolicyTemplates("WorkerFunction"); !reflect.DeepEqual(
		names,
		[]string{"DynamoDBReadPolicy", "SQSSendMessagePolicy", "AWSSecretsManagerGetSecretValuePolicy"},
	) {
		t.Errorf("PolicyTemplates = %v", names)
	}
	if bare, err := s.Policies("BareFunction"); err != nil || len(bare) != 0 {
		t.Errorf("a function without Policies: %v, %v", bare, err)
	}
}

// What the local runner cannot expand exactly is refused, rather than enforced differently from AWS.
func TestPoliciesRefuseWhatTheyCannotExpand(t *testing.T) {
	for name, entry := range map[string]string{
		"a managed policy":         `- AmazonDynamoDBFullAccess`,
		"an unknown template":      `- KinesisCrudPolicy: { StreamName: s }`,
		"a template without input": `- SQSSendMessagePolicy: {}`,
		"NotAction":                `- Statement: [{ Effect: Allow, NotAction: "s3:*", Resource: "*" }]`,
		"no Resource":              `- Statement: [{ Effect: Allow, Action: "s3:GetObject" }]`,
	} {
		text := "Resources:\n  F:\n    Type: AWS::Serverless::Function\n    Properties:\n      Policies:\n        " +
			entry + "\n"
		if _, err := stackOf(t, text).Policies("F"); err == nil || !strings.Contains(err.Error(), "F") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
