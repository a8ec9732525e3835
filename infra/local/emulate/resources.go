// Package emulate runs a SAM template without AWS Lambda: it creates the template's tables, buckets
// and queues in an AWS emulator, serves every HttpApi route through the functions' own handlers as
// API Gateway would, polls every SQS event source like a Lambda event source mapping, and fires the
// schedules. Everything it does is read from the template.
package emulate

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	smtypes "github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// CreateResources creates every table, bucket, queue and secret of the stack's template in the emulator
// (skipping resources whose Condition is false) and records their physical names on the stack.
// Other resources keep a placeholder name so that !Ref of them still resolves.
func CreateResources(ctx context.Context, aws awsclient.Clients, stack *samtemplate.Stack) error {
	t := stack.Template
	stack.SetPlaceholders()
	for _, id := range t.ResourcesOfType("AWS::DynamoDB::Table") {
		if err := ifIncluded(stack, id, func() error { return createTable(ctx, aws.DynamoDB, stack, id) }); err != nil {
			return err
		}
	}
	for _, id := range t.ResourcesOfType("AWS::S3::Bucket") {
		if err := ifIncluded(stack, id, func() error { return createBucket(ctx, aws.S3, stack, id) }); err != nil {
			return err
		}
	}
	// Queues without a redrive policy first: they are the dead-letter targets of the others.
	queues := t.ResourcesOfType("AWS::SQS::Queue")
	for _, withRedrive := range []bool{false, true} {
		for _, id := range queues {
			if _, has := t.Resources[id].Properties["RedrivePolicy"]; has != withRedrive {
				continue
			}
			if err := ifIncluded(stack, id, func() error { return createQueue(ctx, aws.SQS, stack, id) }); err != nil {
				return err
			}
		}
	}
	for _, id := range t.ResourcesOfType("AWS::SecretsManager::Secret") {
		if err := ifIncluded(stack, id, func() error { return createSecret(ctx, aws.Secrets, stack, id) }); err != nil {
			return err
		}
	}
	// Bucket notifications name queues, so they come last.
	for _, id := range t.ResourcesOfType("AWS::S3::Bucket") {
		if err := ifIncluded(stack, id, func() error { return configureBucket(ctx, aws.S3, stack, id) }); err != nil {
			return err
		}
	}
	return nil
}

// configureBucket applies a bucket's CORS rules and its queue notifications (S3 sends the
// object-created events to SQS in the emulator as it does on AWS).
func configureBucket(ctx context.Context, api *s3.Client, stack *samtemplate.Stack, id string) error {
	p, err := properties(stack, id)
	if err != nil {
		return err
	}
	name := aws.String(physicalName(stack, id))
	if cors, ok := p["CorsConfiguration"].(map[string]any); ok {
		var rules []s3types.CORSRule
		if err := into(cors["CorsRules"], &rules); err != nil {
			return err
		}
		if _, err := api.PutBucketCors(ctx, &s3.PutBucketCorsInput{Bucket: name,
			CORSConfiguration: &s3types.CORSConfiguration{CORSRules: rules}}); err != nil {
			return fmt.Errorf("cors: %w", err)
		}
	}
	nc, _ := p["NotificationConfiguration"].(map[string]any)
	var queues []s3types.QueueConfiguration
	for _, q := range asList(nc["QueueConfigurations"]) {
		m, _ := q.(map[string]any)
		qc := s3types.QueueConfiguration{
			QueueArn: aws.String(fmt.Sprint(m["Queue"])),
			Events:   []s3types.Event{s3types.Event(fmt.Sprint(m["Event"]))},
		}
		filter, _ := m["Filter"].(map[string]any)
		key, _ := filter["S3Key"].(map[string]any)
		for _, r := range asList(key["Rules"]) {
			rule, _ := r.(map[string]any)
			if qc.Filter == nil {
				qc.Filter = &s3types.NotificationConfigurationFilter{Key: &s3types.S3KeyFilter{}}
			}
			qc.Filter.Key.FilterRules = append(qc.Filter.Key.FilterRules, s3types.FilterRule{
				Name: s3types.FilterRuleName(fmt.Sprint(rule["Name"])), Value: aws.String(fmt.Sprint(rule["Value"]))})
		}
		queues = append(queues, qc)
	}
	if len(queues) > 0 {
		if _, err := api.PutBucketNotificationConfiguration(ctx,
			&s3.PutBucketNotificationConfigurationInput{
				Bucket:                    name,
				NotificationConfiguration: &s3types.NotificationConfiguration{QueueConfigurations: queues},
			}); err != nil {
			return fmt.Errorf("notifications: %w", err)
		}
	}
	return nil
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func ifIncluded(stack *samtemplate.Stack, id string, create func() error) error {
	ok, err := stack.Included(id)
	if err != nil || !ok {
		return err
	}
	if err := create(); err != nil {
		return fmt.Errorf("create %s: %w", id, err)
	}
	return nil
}

// physicalName is the placeholder name SetPlaceholders gave the resource.
func physicalName(stack *samtemplate.Stack, id string) string {
	name, _ := stack.String(map[string]any{"Ref": id})
	return name
}

func properties(stack *samtemplate.Stack, id string) (map[string]any, error) {
	v, err := stack.Resolve(stack.Template.Resources[id].Properties)
	if err != nil {
		return nil, err
	}
	m, _ := v.(map[string]any)
	return m, nil
}

// into decodes a resolved template value into an SDK type: CloudFormation property names are the
// API's field names.
func into(v any, out any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func createTable(ctx context.Context, api *dynamodb.Client, stack *samtemplate.Stack, id string) error {
	p, err := properties(stack, id)
	if err != nil {
		return err
	}
	name := physicalName(stack, id)
	in := &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: ddbtypes.BillingModePayPerRequest}
	if err := into(p["AttributeDefinitions"], &in.AttributeDefinitions); err != nil {
		return err
	}
	if err := into(p["KeySchema"], &in.KeySchema); err != nil {
		return err
	}
	if gsis, ok := p["GlobalSecondaryIndexes"]; ok {
		if err := into(gsis, &in.GlobalSecondaryIndexes); err != nil {
			return err
		}
	}
	arn := ""
	out, err := api.CreateTable(ctx, in)
	var inUse *ddbtypes.ResourceInUseException
	switch {
	case errors.As(err, &inUse):
		// The stack's name is random: the table is this call's own, made by an attempt the SDK
		// retried after losing its answer (seen under load).
		desc, err := api.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			return err
		}
		arn = aws.ToString(desc.Table.TableArn)
	case err != nil:
		return err
	default:
		arn = aws.ToString(out.TableDescription.TableArn)
	}
	if ttl, _ := p["TimeToLiveSpecification"].(map[string]any); ttl != nil && ttl["Enabled"] == true {
		if _, err := api.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
			TableName: aws.String(name),
			TimeToLiveSpecification: &ddbtypes.TimeToLiveSpecification{
				AttributeName: aws.String(fmt.Sprint(ttl["AttributeName"])), Enabled: aws.Bool(true)},
		}); err != nil {
			return fmt.Errorf("time to live: %w", err)
		}
	}
	stack.SetPhysical(id, name, map[string]string{"Arn": arn})
	return nil
}

func createBucket(ctx context.Context, api *s3.Client, stack *samtemplate.Stack, id string) error {
	name := physicalName(stack, id)
	in := &s3.CreateBucketInput{Bucket: aws.String(name)}
	if stack.Region != "us-east-1" {
		in.CreateBucketConfiguration = &s3types.CreateBucketConfiguration{
			LocationConstraint: s3types.BucketLocationConstraint(stack.Region)}
	}
	var owned *s3types.BucketAlreadyOwnedByYou
	if _, err := api.CreateBucket(ctx, in); err != nil &&
		!errors.As(err, &owned) { // owned: a retried attempt's, as for tables
		return err
	}
	stack.SetPhysical(
		id,
		name,
		map[string]string{"Arn": "arn:aws:s3:::" + name, "DomainName": name + ".s3.amazonaws.com"},
	)
	return nil
}

// createSecret creates a secret as CloudFormation would: its SecretString, or a random value where
// the template asks Secrets Manager to generate one. !Ref of it is then its ARN, as on AWS. A secret
// that exists already keeps its value: it is this stack's own, from a run that stopped or crashed
// (make run EMULATOR=external after a crash), or from an attempt the SDK retried, and what is signed
// or sealed under it (login tokens, stored webhook secrets, payment links) must keep working. A
// new value replaced JWT_SECRET, DATA_ENCRYPTION_KEY and PAYMENT_SIGNING_KEY at each restart.
func createSecret(ctx context.Context, api *secretsmanager.Client, stack *samtemplate.Stack, id string) error {
	p, err := properties(stack, id)
	if err != nil {
		return err
	}
	value, literal := p["SecretString"].(string)
	if !literal {
		value = rand.Text() +
			rand.Text() // 52 letters and digits: what GenerateSecretString's 64 without punctuation is for
	}
	name := aws.String(physicalName(stack, id))
	var arn *string
	out, err := api.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: name, SecretString: aws.String(value)})
	var exists *smtypes.ResourceExistsException
	switch {
	case errors.As(err, &exists):
		if arn, err = keptSecret(ctx, api, name, aws.String(value)); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		arn = out.ARN
	}
	stack.SetPhysical(id, aws.ToString(arn), map[string]string{"Id": aws.ToString(arn)})
	return nil
}

// keptSecret returns the ARN of a secret that exists, keeping its value; only a secret that has
// none (created without one) is given value.
func keptSecret(ctx context.Context, api *secretsmanager.Client, name, value *string) (*string, error) {
	got, err := api.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: name})
	var noValue *smtypes.ResourceNotFoundException
	switch {
	case errors.As(err, &noValue):
		put, err := api.PutSecretValue(ctx, &secretsmanager.PutSecretValueInput{SecretId: name, SecretString: value})
		if err != nil {
			return nil, err
		}
		return put.ARN, nil
	case err != nil:
		return nil, err
	}
	return got.ARN, nil
}

// queueAttributes are the AWS::SQS::Queue properties that are also SQS attributes.
var queueAttributes = []string{"VisibilityTimeout", "MessageRetentionPeriod", "DelaySeconds",
	"MaximumMessageSize", "ReceiveMessageWaitTimeSeconds", "FifoQueue", "ContentBasedDeduplication"}

func createQueue(ctx context.Context, api *sqs.Client, stack *samtemplate.Stack, id string) error {
	p, err := properties(stack, id)
	if err != nil {
		return err
	}
	name := physicalName(stack, id)
	if p["FifoQueue"] == true {
		name += ".fifo"
	}
	attrs := map[string]string{}
	for _, a := range queueAttributes {
		if v, ok := p[a]; ok {
			attrs[a] = fmt.Sprint(v)
		}
	}
	if rp, ok := p["RedrivePolicy"].(map[string]any); ok {
		b, err := json.Marshal(
			map[string]any{"deadLetterTargetArn": rp["deadLetterTargetArn"], "maxReceiveCount": rp["maxReceiveCount"]},
		)
		if err != nil {
			return err
		}
		attrs["RedrivePolicy"] = string(b)
	}
	out, err := api.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: attrs})
	if err != nil {
		return err
	}
	got, err := api.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl: out.QueueUrl, AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameQueueArn}})
	if err != nil {
		return err
	}
	stack.SetPhysical(id, aws.ToString(out.QueueUrl), map[string]string{
		"Arn": got.Attributes["QueueArn"], "QueueName": name, "QueueUrl": aws.ToString(out.QueueUrl)})
	return nil
}

// rate parses "rate(5 minutes)" into seconds.
func rate(expr string) (int, error) {
	inner, ok := strings.CutPrefix(expr, "rate(")
	inner, ok2 := strings.CutSuffix(inner, ")")
	fields := strings.Fields(inner)
	if !ok || !ok2 || len(fields) != 2 {
		return 0, fmt.Errorf("only rate(N unit) schedules run locally, not %q", expr)
	}
	n, err := strconv.Atoi(fields[0])
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("bad rate %q", expr)
	}
	unit := map[string]int{"minute": 60, "minutes": 60, "hour": 3600, "hours": 3600, "day": 86400,
		"days": 86400}[fields[1]]
	if unit == 0 {
		return 0, fmt.Errorf("bad rate unit in %q", expr)
	}
	return n * unit, nil
}
