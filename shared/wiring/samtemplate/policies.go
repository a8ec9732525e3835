package samtemplate

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Statement is one IAM statement of a function's role, with every intrinsic resolved against the
// stack: a statement of the function's own (Policies: - Statement: ...) or one of a SAM policy
// template's expansion.
type Statement struct {
	Sid      string
	Effect   string // Allow or Deny
	Action   []string
	Resource []string
	// Condition maps each operator (StringLike, ForAllValues:StringLike, Null, ...) to its
	// condition keys and their values.
	Condition map[string]map[string][]string
	// From names the Policies entry the statement comes from: a SAM policy template's name, or
	// "Statement" for the function's own.
	From string
}

// samPolicyTemplates are the expansions of the SAM policy templates this project may use, as
// samtranslator's policy_templates.json defines them. A template not listed here is refused rather
// than guessed: the local runner enforces exactly what sam deploy would grant.
var samPolicyTemplates = func() map[string]samPolicyTemplate {
	var out map[string]samPolicyTemplate
	if err := json.Unmarshal([]byte(samPolicyTemplatesJSON), &out); err != nil {
		panic(err)
	}
	return out
}()

type samPolicyTemplate struct {
	Parameters []string
	Statement  []any
}

const dynamoTable = `{"Fn::Sub": ["arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${tableName}", {"tableName": {"Ref": "TableName"}}]}`

const dynamoIndexes = `{"Fn::Sub": ["arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${tableName}/index/*", {"tableName": {"Ref": "TableName"}}]}`
const s3Bucket = `{"Fn::Sub": ["arn:${AWS::Partition}:s3:::${bucketName}", {"bucketName": {"Ref": "BucketName"}}]}`
const s3Objects = `{"Fn::Sub": ["arn:${AWS::Partition}:s3:::${bucketName}/*", {"bucketName": {"Ref": "BucketName"}}]}`

const sqsQueue = `{"Fn::Sub": ["arn:${AWS::Partition}:sqs:${AWS::Region}:${AWS::AccountId}:${queueName}", {"queueName": {"Ref": "QueueName"}}]}`

var samPolicyTemplatesJSON = `{
 "DynamoDBCrudPolicy": {"Parameters": ["TableName"], "Statement": [{"Effect": "Allow",
  "Action": ["dynamodb:GetItem", "dynamodb:DeleteItem", "dynamodb:PutItem", "dynamodb:Scan", "dynamodb:Query", "dynamodb:UpdateItem",
   "dynamodb:BatchWriteItem", "dynamodb:BatchGetItem", "dynamodb:DescribeTable", "dynamodb:ConditionCheckItem"],
  "Resource": [` + dynamoTable + `, ` + dynamoIndexes + `]}]},
 "DynamoDBReadPolicy": {"Parameters": ["TableName"], "Statement": [{"Effect": "Allow",
  "Action": ["dynamodb:GetItem", "dynamodb:Scan", "dynamodb:Query", "dynamodb:BatchGetItem", "dynamodb:DescribeTable"],
  "Resource": [` + dynamoTable + `, ` + dynamoIndexes + `]}]},
 "DynamoDBWritePolicy": {"Parameters": ["TableName"], "Statement": [{"Effect": "Allow",
  "Action": ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:BatchWriteItem"],
  "Resource": [` + dynamoTable + `, ` + dynamoIndexes + `]}]},
 "S3CrudPolicy": {"Parameters": ["BucketName"], "Statement": [{"Effect": "Allow",
  "Action": ["s3:GetObject", "s3:ListBucket", "s3:GetBucketLocation", "s3:GetObjectVersion", "s3:PutObject", "s3:PutObjectAcl",
   "s3:GetLifecycleConfiguration", "s3:PutLifecycleConfiguration", "s3:DeleteObject"],
  "Resource": [` + s3Bucket + `, ` + s3Objects + `]}]},
 "S3ReadPolicy": {"Parameters": ["BucketName"], "Statement": [{"Effect": "Allow",
  "Action": ["s3:GetObject", "s3:ListBucket", "s3:GetBucketLocation", "s3:GetObjectVersion", "s3:GetLifecycleConfiguration"],
  "Resource": [` + s3Bucket + `, ` + s3Objects + `]}]},
 "S3WritePolicy": {"Parameters": ["BucketName"], "Statement": [{"Effect": "Allow",
  "Action": ["s3:PutObject", "s3:PutObjectAcl", "s3:PutLifecycleConfiguration"],
  "Resource": [` + s3Bucket + `, ` + s3Objects + `]}]},
 "SQSSendMessagePolicy": {"Parameters": ["QueueName"], "Statement": [{"Effect": "Allow",
  "Action": ["sqs:SendMessage*"], "Resource": ` + sqsQueue + `}]},
 "SQSPollerPolicy": {"Parameters": ["QueueName"], "Statement": [{"Effect": "Allow",
  "Action": ["sqs:ChangeMessageVisibility", "sqs:ChangeMessageVisibilityBatch", "sqs:DeleteMessage", "sqs:DeleteMessageBatch",
   "sqs:GetQueueAttributes", "sqs:ReceiveMessage"], "Resource": ` + sqsQueue + `}]},
 "SESCrudPolicy": {"Parameters": ["IdentityName"], "Statement": [{"Effect": "Allow",
  "Action": ["ses:GetIdentityVerificationAttributes", "ses:SendEmail", "ses:SendRawEmail", "ses:VerifyEmailIdentity"],
  "Resource": {"Fn::Sub": ["arn:${AWS::Partition}:ses:${AWS::Region}:${AWS::AccountId}:identity/${identityName}", {"identityName": {"Ref": "IdentityName"}}]}}]},
 "AWSSecretsManagerGetSecretValuePolicy": {"Parameters": ["SecretArn"], "Statement": [{"Effect": "Allow",
  "Action": ["secretsmanager:GetSecretValue"], "Resource": {"Fn::Sub": ["${secretArn}", {"secretArn": {"Ref": "SecretArn"}}]}}]}
}`

// PolicyTemplates returns the names of the SAM policy templates a function's Policies use, in order.
func (t *Template) PolicyTemplates(functionID string) []string {
	var names []string
	for _, entry := range policyEntries(t.Resources[functionID].Properties["Policies"]) {
		if m, ok := entry.(map[string]any); ok {
			for name := range m {
				if name != "Statement" && name != "Version" {
					names = append(names, name)
				}
			}
		}
	}
	return names
}

// Policies returns the statements of a function's role: its own and those of the SAM policy
// templates it names, resolved against the stack. Managed policies (a name or an ARN), unknown
// policy templates and statement elements other than Sid, Effect, Action, Resource and Condition
// are errors, so that nothing is granted or enforced locally that differs from AWS.
func (s *Stack) Policies(functionID string) ([]Statement, error) {
	r, ok := s.Template.Resources[functionID]
	if !ok {
		return nil, fmt.Errorf("samtemplate: no function %s", functionID)
	}
	var out []Statement
	for i, entry := range policyEntries(r.Properties["Policies"]) {
		m, ok := entry.(map[string]any)
		if !ok {
			return nil, fmt.Errorf(
				"samtemplate: %s policy %d: managed policies (%v) are not supported locally: write the statements",
				functionID,
				i,
				entry,
			)
		}
		for name, arg := range m {
			var stmts []any
			from := name
			switch name {
			case "Version":
				continue
			case "Statement":
				stmts, from = listOrOne(arg), "Statement"
			default:
				tmpl, known := samPolicyTemplates[name]
				if !known {
					return nil, fmt.Errorf(
						"samtemplate: %s: policy template %s is not known locally (add its expansion from samtranslator's policy_templates.json)",
						functionID,
						name,
					)
				}
				params := mapOf(arg)
				for _, p := range tmpl.Parameters {
					if _, given := params[p]; !given {
						return nil, fmt.Errorf("samtemplate: %s: %s needs %s", functionID, name, p)
					}
				}
				stmts = listOf(bindParameters(tmpl.Statement, params))
			}
			for j, st := range stmts {
				resolved, err := s.Resolve(st)
				if err != nil {
					return nil, fmt.Errorf("samtemplate: %s %s statement %d: %w", functionID, from, j, err)
				}
				stmt, err := statement(mapOf(resolved))
				if err != nil {
					return nil, fmt.Errorf("samtemplate: %s %s statement %d: %w", functionID, from, j, err)
				}
				stmt.From = from
				out = append(out, stmt)
			}
		}
	}
	return out, nil
}

// policyEntries is the Policies property as a list: SAM takes one entry or a list of them.
func policyEntries(v any) []any {
	if v == nil {
		return nil
	}
	return listOrOne(v)
}

func listOrOne(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return []any{v}
}

// bindParameters replaces each {"Ref": param} of a policy template by the value the function gave
// that parameter (itself possibly an intrinsic), leaving pseudo parameters (AWS::Region, ...) alone.
func bindParameters(v any, params map[string]any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = bindParameters(e, params)
		}
		return out
	case map[string]any:
		if ref, ok := v["Ref"].(string); ok && len(v) == 1 {
			if given, ok := params[ref]; ok {
				return given
			}
		}
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = bindParameters(e, params)
		}
		return out
	}
	return v
}

func statement(m map[string]any) (Statement, error) {
	var st Statement
	for k := range m {
		if !slices.Contains([]string{"Sid", "Effect", "Action", "Resource", "Condition"}, k) {
			return st, fmt.Errorf("element %s is not supported locally", k)
		}
	}
	st.Sid, st.Effect = str(m["Sid"]), str(m["Effect"])
	if st.Effect != "Allow" && st.Effect != "Deny" {
		return st, fmt.Errorf("effect %q is neither Allow nor Deny", m["Effect"])
	}
	var err error
	if st.Action, err = strings1(m["Action"]); err != nil || len(st.Action) == 0 {
		return st, fmt.Errorf("no action in %v (%v)", m["Action"], err)
	}
	if st.Resource, err = strings1(m["Resource"]); err != nil || len(st.Resource) == 0 {
		return st, fmt.Errorf("no resource in %v (%v)", m["Resource"], err)
	}
	for op, keys := range mapOf(m["Condition"]) {
		if st.Condition == nil {
			st.Condition = map[string]map[string][]string{}
		}
		st.Condition[op] = map[string][]string{}
		for key, vals := range mapOf(keys) {
			if st.Condition[op][key], err = strings1(vals); err != nil {
				return st, fmt.Errorf("condition %s %s: %w", op, key, err)
			}
		}
	}
	return st, nil
}

// strings1 reads an element that IAM takes as one string or a list of them.
func strings1(v any) ([]string, error) {
	var out []string
	for _, e := range listOrOne(v) {
		switch e := e.(type) {
		case string:
			out = append(out, e)
		case bool, int, float64:
			out = append(out, fmt.Sprint(e))
		case nil:
		default:
			return nil, fmt.Errorf("not a string: %v", e)
		}
	}
	return out, nil
}
