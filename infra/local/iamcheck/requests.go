package iamcheck

import (
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/textract"

	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// Condition keys this package puts in a request's context.
const (
	LeadingKeys = "dynamodb:LeadingKeys"
	S3Prefix    = "s3:prefix"
)

// Target is what turns a call into the ARNs IAM sees: the stack's region and account, and each
// table's partition key attributes (the table's and each index's), by table name.
type Target struct {
	Region, Account string
	Tables          map[string]TableKeys
}

// TableKeys are a table's partition key attributes.
type TableKeys struct {
	Hash    string
	Indexes map[string]string // index name → its partition key attribute
}

// TargetOf reads the stack's tables and their key schemas.
func TargetOf(stack *samtemplate.Stack) (Target, error) {
	t := Target{Region: stack.Region, Account: stack.Account, Tables: map[string]TableKeys{}}
	for _, id := range stack.Template.ResourcesOfType("AWS::DynamoDB::Table") {
		name, err := stack.String(map[string]any{"Ref": id})
		if err != nil {
			return Target{}, err
		}
		props := stack.Template.Resources[id].Properties
		keys := TableKeys{Hash: hashKey(props["KeySchema"]), Indexes: map[string]string{}}
		for _, kind := range []string{"GlobalSecondaryIndexes", "LocalSecondaryIndexes"} {
			indexes, _ := props[kind].([]any)
			for _, ix := range indexes {
				m, _ := ix.(map[string]any)
				keys.Indexes[fmt.Sprint(m["IndexName"])] = hashKey(m["KeySchema"])
			}
		}
		t.Tables[name] = keys
	}
	return t, nil
}

func hashKey(schema any) string {
	l, _ := schema.([]any)
	for _, e := range l {
		if m, _ := e.(map[string]any); m["KeyType"] == "HASH" {
			return fmt.Sprint(m["AttributeName"])
		}
	}
	return ""
}

// Requests are the authorization questions AWS asks for one call: one for most operations, one
// per item of a transaction (each under its own action: PutItem, UpdateItem, DeleteItem,
// ConditionCheckItem), two for a copy (read the source, write the destination).
func (t Target) Requests(service, operation string, params any) ([]Request, error) {
	switch p := params.(type) {
	// DynamoDB: the partition key values of the items a call names are dynamodb:LeadingKeys.
	case *dynamodb.GetItemInput:
		return t.item("dynamodb:GetItem", p.TableName, p.Key)
	case *dynamodb.PutItemInput:
		return t.item("dynamodb:PutItem", p.TableName, p.Item)
	case *dynamodb.UpdateItemInput:
		return t.item("dynamodb:UpdateItem", p.TableName, p.Key)
	case *dynamodb.DeleteItemInput:
		return t.item("dynamodb:DeleteItem", p.TableName, p.Key)
	case *dynamodb.QueryInput:
		return t.query(p)
	case *dynamodb.ScanInput:
		return []Request{{Action: "dynamodb:Scan", Resource: t.tableARN(deref(p.TableName), deref(p.IndexName))}}, nil
	case *dynamodb.TransactWriteItemsInput:
		var out []Request
		for i, it := range p.TransactItems {
			var rs []Request
			var err error
			switch {
			case it.Put != nil:
				rs, err = t.item("dynamodb:PutItem", it.Put.TableName, it.Put.Item)
			case it.Update != nil:
				rs, err = t.item("dynamodb:UpdateItem", it.Update.TableName, it.Update.Key)
			case it.Delete != nil:
				rs, err = t.item("dynamodb:DeleteItem", it.Delete.TableName, it.Delete.Key)
			case it.ConditionCheck != nil:
				rs, err = t.item("dynamodb:ConditionCheckItem", it.ConditionCheck.TableName, it.ConditionCheck.Key)
			default:
				err = fmt.Errorf("transaction item %d names no action", i)
			}
			if err != nil {
				return nil, err
			}
			out = append(out, rs...)
		}
		return out, nil
	case *dynamodb.TransactGetItemsInput:
		var out []Request
		for _, it := range p.TransactItems {
			if it.Get == nil {
				continue
			}
			rs, err := t.item("dynamodb:GetItem", it.Get.TableName, it.Get.Key)
			if err != nil {
				return nil, err
			}
			out = append(out, rs...)
		}
		return out, nil
	case *dynamodb.BatchWriteItemInput:
		// One question per table, carrying every item's partition key.
		var out []Request
		for table, writes := range p.RequestItems {
			r := Request{Action: "dynamodb:BatchWriteItem", Resource: t.tableARN(table, ""),
				Context: map[string][]string{LeadingKeys: {}}}
			for _, w := range writes {
				item := map[string]types.AttributeValue(nil)
				if w.PutRequest != nil {
					item = w.PutRequest.Item
				} else if w.DeleteRequest != nil {
					item = w.DeleteRequest.Key
				}
				pk, err := t.partitionKey(table, "", item)
				if err != nil {
					return nil, err
				}
				r.Context[LeadingKeys] = append(r.Context[LeadingKeys], pk)
			}
			out = append(out, r)
		}
		return out, nil
	case *dynamodb.BatchGetItemInput:
		var out []Request
		for table, ka := range p.RequestItems {
			r := Request{Action: "dynamodb:BatchGetItem", Resource: t.tableARN(table, ""),
				Context: map[string][]string{LeadingKeys: {}}}
			for _, k := range ka.Keys {
				pk, err := t.partitionKey(table, "", k)
				if err != nil {
					return nil, err
				}
				r.Context[LeadingKeys] = append(r.Context[LeadingKeys], pk)
			}
			out = append(out, r)
		}
		return out, nil

	// S3: objects are arn:aws:s3:::bucket/key; listing is on the bucket, with s3:prefix.
	case *s3.GetObjectInput:
		return []Request{{Action: "s3:GetObject", Resource: objectARN(deref(p.Bucket), deref(p.Key))}}, nil
	case *s3.HeadObjectInput:
		return []Request{{Action: "s3:GetObject", Resource: objectARN(deref(p.Bucket), deref(p.Key))}}, nil
	case *s3.PutObjectInput:
		return []Request{{Action: "s3:PutObject", Resource: objectARN(deref(p.Bucket), deref(p.Key))}}, nil
	case *s3.DeleteObjectInput:
		return []Request{{Action: "s3:DeleteObject", Resource: objectARN(deref(p.Bucket), deref(p.Key))}}, nil
	case *s3.DeleteObjectsInput:
		var out []Request
		if p.Delete != nil {
			for _, o := range p.Delete.Objects {
				out = append(out, Request{Action: "s3:DeleteObject", Resource: objectARN(deref(p.Bucket),
					deref(o.Key))})
			}
		}
		return out, nil
	case *s3.CopyObjectInput:
		src, err := copySource(deref(p.CopySource))
		if err != nil {
			return nil, err
		}
		return []Request{{Action: "s3:GetObject", Resource: src}, {Action: "s3:PutObject",
			Resource: objectARN(deref(p.Bucket), deref(p.Key))}}, nil
	case *s3.ListObjectsV2Input:
		return []Request{listBucket(deref(p.Bucket), p.Prefix)}, nil
	case *s3.ListObjectsInput:
		return []Request{listBucket(deref(p.Bucket), p.Prefix)}, nil
	case *s3.HeadBucketInput:
		return []Request{{Action: "s3:ListBucket", Resource: bucketARN(deref(p.Bucket))}}, nil
	case *s3.PutBucketLifecycleConfigurationInput:
		return []Request{{Action: "s3:PutLifecycleConfiguration", Resource: bucketARN(deref(p.Bucket))}}, nil
	case *s3.GetBucketLifecycleConfigurationInput:
		return []Request{{Action: "s3:GetLifecycleConfiguration", Resource: bucketARN(deref(p.Bucket))}}, nil

	// SQS: the batch calls are authorized as their single-message actions.
	case *sqs.SendMessageInput:
		return t.queue("sqs:SendMessage", p.QueueUrl)
	case *sqs.SendMessageBatchInput:
		return t.queue("sqs:SendMessage", p.QueueUrl)
	case *sqs.ReceiveMessageInput:
		return t.queue("sqs:ReceiveMessage", p.QueueUrl)
	case *sqs.DeleteMessageInput:
		return t.queue("sqs:DeleteMessage", p.QueueUrl)
	case *sqs.DeleteMessageBatchInput:
		return t.queue("sqs:DeleteMessage", p.QueueUrl)
	case *sqs.ChangeMessageVisibilityInput:
		return t.queue("sqs:ChangeMessageVisibility", p.QueueUrl)
	case *sqs.ChangeMessageVisibilityBatchInput:
		return t.queue("sqs:ChangeMessageVisibility", p.QueueUrl)
	case *sqs.GetQueueAttributesInput:
		return t.queue("sqs:GetQueueAttributes", p.QueueUrl)

	case *sesv2.SendEmailInput:
		// Sending is authorized on the sender's identity: its domain, as the template verifies it.
		_, domain, _ := strings.Cut(deref(p.FromEmailAddress), "@")
		return []Request{{Action: "ses:SendEmail", Resource: fmt.Sprintf("arn:aws:ses:%s:%s:identity/%s", t.Region,
			t.Account, domain)}}, nil
	case *textract.DetectDocumentTextInput:
		// Textract has no resource-level permissions.
		return []Request{{Action: "textract:DetectDocumentText", Resource: "*"}}, nil
	case *secretsmanager.GetSecretValueInput:
		id := deref(p.SecretId)
		if !strings.HasPrefix(id, "arn:") {
			id = fmt.Sprintf("arn:aws:secretsmanager:%s:%s:secret:%s", t.Region, t.Account, id)
		}
		return []Request{{Action: "secretsmanager:GetSecretValue", Resource: id}}, nil
	}
	// Any other call is asked as service:Operation on the bucket or table it names, else on "*":
	// a policy must name it to allow it.
	prefix := strings.ToLower(strings.ReplaceAll(service, " ", ""))
	res := "*"
	if v := reflect.Indirect(reflect.ValueOf(params)); v.Kind() == reflect.Struct {
		if f := v.FieldByName("Bucket"); f.IsValid() && f.Kind() == reflect.Pointer && !f.IsNil() {
			res = bucketARN(f.Elem().String())
		} else if f := v.FieldByName("TableName"); f.IsValid() && f.Kind() == reflect.Pointer && !f.IsNil() {
			res = t.tableARN(f.Elem().String(), "")
		}
	}
	return []Request{{Action: prefix + ":" + operation, Resource: res}}, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (t Target) tableARN(table, index string) string {
	arn := table
	if !strings.HasPrefix(table, "arn:") {
		arn = fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", t.Region, t.Account, table)
	}
	if index != "" {
		arn += "/index/" + index
	}
	return arn
}

// tableName is the name in a table name or ARN.
func tableName(table string) string {
	if _, name, ok := strings.Cut(table, ":table/"); ok {
		return name
	}
	return table
}

func (t Target) item(action string, table *string, item map[string]types.AttributeValue) ([]Request, error) {
	pk, err := t.partitionKey(deref(table), "", item)
	if err != nil {
		return nil, err
	}
	return []Request{
		{Action: action, Resource: t.tableARN(deref(table), ""), Context: map[string][]string{LeadingKeys: {pk}}},
	}, nil
}

// partitionKey is the value of the table's (or the index's) partition key attribute in item.
func (t Target) partitionKey(table, index string, item map[string]types.AttributeValue) (string, error) {
	attr, err := t.hashAttribute(table, index)
	if err != nil {
		return "", err
	}
	v, ok := item[attr]
	if !ok {
		return "", fmt.Errorf("the item has no partition key %s", attr)
	}
	return scalar(v)
}

func (t Target) hashAttribute(table, index string) (string, error) {
	keys, ok := t.Tables[tableName(table)]
	if !ok {
		return "", fmt.Errorf("table %s is not in the template", tableName(table))
	}
	if index == "" {
		return keys.Hash, nil
	}
	attr, ok := keys.Indexes[index]
	if !ok {
		return "", fmt.Errorf("table %s has no index %s", tableName(table), index)
	}
	return attr, nil
}

func scalar(v types.AttributeValue) (string, error) {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return v.Value, nil
	case *types.AttributeValueMemberN:
		return v.Value, nil
	case *types.AttributeValueMemberB:
		return string(v.Value), nil
	}
	return "", fmt.Errorf("a key attribute is not a string, number or binary")
}

// keyEquality finds "name = :value" (either way round) in a key condition expression.
var keyEquality = regexp.MustCompile(`([#:]?[A-Za-z0-9_]+)\s*=\s*([#:]?[A-Za-z0-9_]+)`)

// query asks Query on the table or on the index it reads; LeadingKeys is the partition key value
// of its key condition: the index's own partition key for a query on an index, the only partition
// key value such a request carries.
func (t Target) query(p *dynamodb.QueryInput) ([]Request, error) {
	table, index := deref(p.TableName), deref(p.IndexName)
	attr, err := t.hashAttribute(table, index)
	if err != nil {
		return nil, err
	}
	var pk string
	found := false
	if expr := deref(p.KeyConditionExpression); expr != "" {
		for _, m := range keyEquality.FindAllStringSubmatch(expr, -1) {
			name, val := m[1], m[2]
			if strings.HasPrefix(name, ":") {
				name, val = val, name
			}
			if n, ok := p.ExpressionAttributeNames[name]; ok {
				name = n
			}
			if name != attr || !strings.HasPrefix(val, ":") {
				continue
			}
			if pk, err = scalar(p.ExpressionAttributeValues[val]); err != nil {
				return nil, err
			}
			found = true
		}
	} else if c, ok := p.KeyConditions[attr]; ok && len(c.AttributeValueList) == 1 {
		if pk, err = scalar(c.AttributeValueList[0]); err != nil {
			return nil, err
		}
		found = true
	}
	if !found {
		return nil, fmt.Errorf("the query has no equality on its partition key %s", attr)
	}
	return []Request{
		{Action: "dynamodb:Query", Resource: t.tableARN(table, index), Context: map[string][]string{LeadingKeys: {pk}}},
	}, nil
}

func bucketARN(bucket string) string { return "arn:aws:s3:::" + bucket }

func objectARN(bucket, key string) string { return "arn:aws:s3:::" + bucket + "/" + key }

func listBucket(bucket string, prefix *string) Request {
	r := Request{Action: "s3:ListBucket", Resource: bucketARN(bucket)}
	if prefix != nil {
		r.Context = map[string][]string{S3Prefix: {*prefix}}
	}
	return r
}

// copySource reads CopyObject's "bucket/key" (URL-encoded, maybe with ?versionId=).
func copySource(src string) (string, error) {
	src, _, _ = strings.Cut(src, "?versionId=")
	unescaped, err := url.PathUnescape(strings.TrimPrefix(src, "/"))
	if err != nil {
		return "", fmt.Errorf("copy source: %w", err)
	}
	bucket, key, ok := strings.Cut(unescaped, "/")
	if !ok {
		return "", fmt.Errorf("copy source %q names no key", src)
	}
	return objectARN(bucket, key), nil
}

// queue is an action on the queue a URL names: https://host/<account>/<name>.
func (t Target) queue(action string, queueURL *string) ([]Request, error) {
	u, err := url.Parse(deref(queueURL))
	if err != nil {
		return nil, fmt.Errorf("queue URL: %w", err)
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(parts) != 2 {
		return nil, fmt.Errorf("queue URL %q is not .../<account>/<name>", deref(queueURL))
	}
	return []Request{{Action: action, Resource: fmt.Sprintf("arn:aws:sqs:%s:%s:%s", t.Region, parts[0], parts[1])}}, nil
}
