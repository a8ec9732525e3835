package iamcheck

import (
	"testing"

	"github.com/trustline/platform/shared/wiring/samtemplate"
)

const table = "arn:aws:dynamodb:eu-west-1:123456789012:table/T"

func leading(keys ...string) map[string][]string { return map[string][]string{LeadingKeys: keys} }

func TestDecide(t *testing.T) {
	owned := samtemplate.Statement{
		Effect:   "Allow",
		Action:   []string{"dynamodb:GetItem", "dynamodb:Query"},
		Resource: []string{table},
		Condition: map[string]map[string][]string{
			"ForAllValues:StringLike": {LeadingKeys: {"USER#*", "EXTRACTION_DUE*"}},
		},
	}
	index := samtemplate.Statement{
		Effect:    "Allow",
		Action:    []string{"dynamodb:Query"},
		Resource:  []string{table + "/index/*"},
		Condition: map[string]map[string][]string{"ForAnyValue:StringEquals": {LeadingKeys: {"OWNER#a"}}},
	}
	objects := samtemplate.Statement{
		Effect:   "Allow",
		Action:   []string{"s3:Get*"},
		Resource: []string{"arn:aws:s3:::b/raw/*"},
	}
	listing := samtemplate.Statement{
		Effect:    "Allow",
		Action:    []string{"s3:ListBucket"},
		Resource:  []string{"arn:aws:s3:::b"},
		Condition: map[string]map[string][]string{"StringLike": {S3Prefix: {"raw/*"}}},
	}
	optional := samtemplate.Statement{
		Effect:    "Allow",
		Action:    []string{"sqs:SendMessage"},
		Resource:  []string{"arn:aws:sqs:*:*:q?"},
		Condition: map[string]map[string][]string{"StringEqualsIfExists": {"aws:SourceVpc": {"vpc-1"}}},
	}
	present := samtemplate.Statement{Effect: "Allow", Action: []string{"dynamodb:PutItem"}, Resource: []string{table},
		Condition: map[string]map[string][]string{"Null": {LeadingKeys: {"false"}}}}
	deny := samtemplate.Statement{Effect: "Deny", Action: []string{"dynamodb:*"}, Resource: []string{table},
		Condition: map[string]map[string][]string{"ForAnyValue:StringLike": {LeadingKeys: {"USER#admin*"}}}}
	p, err := NewPolicy([]samtemplate.Statement{owned, index, objects, listing, optional, present, deny})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		r    Request
		want Decision
	}{
		{"an owned key", Request{"dynamodb:GetItem", table, leading("USER#u1")}, Decision{Allowed: true}},
		{"actions are case-insensitive", Request{"DynamoDB:getitem", table, leading("USER#u1")},
			Decision{Allowed: true}},
		{"a key of another prefix", Request{"dynamodb:GetItem", table, leading("KEY#h")}, Decision{}},
		{"every key must match (ForAllValues)", Request{"dynamodb:GetItem", table, leading("USER#u1", "KEY#h")},
			Decision{}},
		{"a due key, whole", Request{"dynamodb:Query", table, leading("EXTRACTION_DUE")}, Decision{Allowed: true}},
		{"a due key, sharded", Request{"dynamodb:Query", table, leading("EXTRACTION_DUE#7")}, Decision{Allowed: true}},
		{"an action not granted", Request{"dynamodb:DeleteItem", table, leading("USER#u1")}, Decision{}},
		{"ForAllValues holds when the key is absent", Request{"dynamodb:Query", table, nil}, Decision{Allowed: true}},
		{"ForAnyValue fails when the key is absent", Request{"dynamodb:Query", table + "/index/gsi1", nil}, Decision{}},
		{"ForAnyValue needs one match", Request{"dynamodb:Query", table + "/index/gsi1", leading("OWNER#b", "OWNER#a")},
			Decision{Allowed: true}},
		{"the table's grant is not its index's", Request{"dynamodb:Query", table + "/index/gsi1", leading("USER#u1")},
			Decision{}},
		{"resource wildcard spans slashes", Request{"s3:GetObject", "arn:aws:s3:::b/raw/u/x", nil},
			Decision{Allowed: true}},
		{"another prefix of the bucket", Request{"s3:GetObject", "arn:aws:s3:::b/handoff/x", nil}, Decision{}},
		{"resources are case-sensitive", Request{"s3:GetObject", "arn:aws:s3:::b/RAW/x", nil}, Decision{}},
		{"a listing of the prefix", Request{"s3:ListBucket", "arn:aws:s3:::b",
			map[string][]string{S3Prefix: {"raw/u/"}}}, Decision{Allowed: true}},
		{"a listing of another prefix", Request{"s3:ListBucket", "arn:aws:s3:::b",
			map[string][]string{S3Prefix: {"handoff/"}}}, Decision{}},
		{"a listing without a prefix: StringLike fails on an absent key", Request{"s3:ListBucket", "arn:aws:s3:::b",
			nil}, Decision{}},
		{"IfExists holds when the key is absent", Request{"sqs:SendMessage", "arn:aws:sqs:eu-west-1:1:q1", nil},
			Decision{Allowed: true}},
		{"IfExists still compares a present key", Request{"sqs:SendMessage", "arn:aws:sqs:eu-west-1:1:q1",
			map[string][]string{"aws:SourceVpc": {"vpc-2"}}}, Decision{}},
		{"? is one character", Request{"sqs:SendMessage", "arn:aws:sqs:eu-west-1:1:q12", nil}, Decision{}},
		{"Null false needs the key", Request{"dynamodb:PutItem", table, nil}, Decision{}},
		{"Null false with the key", Request{"dynamodb:PutItem", table, leading("X")}, Decision{Allowed: true}},
		{"an explicit deny wins over an allow", Request{"dynamodb:GetItem", table, leading("USER#admin1")},
			Decision{Explicit: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.Decide(tc.r); got != tc.want {
				t.Errorf("Decide(%+v) = %+v, want %+v", tc.r, got, tc.want)
			}
		})
	}
}

// An operator the evaluator does not know is refused when the policy is read, not guessed at.
func TestNewPolicyRefusesUnknownOperators(t *testing.T) {
	for _, op := range []string{"NumericLessThan", "ArnLike", "ForAllValues:Null", "DateGreaterThan"} {
		_, err := NewPolicy(
			[]samtemplate.Statement{{Effect: "Allow", Action: []string{"s3:GetObject"}, Resource: []string{"*"},
				Condition: map[string]map[string][]string{op: {"k": {"v"}}}}},
		)
		if err == nil {
			t.Errorf("%s: accepted", op)
		}
	}
}

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"*", "", true}, {"*", "a/b:c", true}, {"a*c", "abbc", true}, {"a*c", "abcd", false}, {"a?c", "abc", true},
		{"a?c", "ac", false}, {"USER#*", "USER#", true}, {"USER#*", "USER", false}, {"EXTRACTION_DUE*",
			"EXTRACTION_DUE", true},
		{"**x", "ax", true}, {"a*b*c", "aXbYc", true}, {"a*b*c", "aXcYb", false}, {"", "", true}, {"", "a", false},
	} {
		if got := glob(tc.pattern, tc.s); got != tc.want {
			t.Errorf("glob(%q, %q) = %v", tc.pattern, tc.s, got)
		}
	}
}
