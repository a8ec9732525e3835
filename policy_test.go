package platform_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/infra/local/iamcheck"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// policies returns every function's IAM statements, resolved as CloudFormation would name the
// resources of a stack "st".
func policies(t *testing.T) (*samtemplate.Stack, map[string][]samtemplate.Statement) {
	t.Helper()
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	stack, err := samtemplate.NewStack(
		tmpl,
		"st",
		"eu-west-1",
		"123456789012",
		map[string]string{
			"Stage":          "sandbox",
			"PublicBaseUrl":  "https://api.example.com",
			"PartnerBaseUrl": "https://partners.example.com",
		},
	)
	if err != nil {
		t.Fatal(err)
	}
	stack.SetPlaceholders()
	out := map[string][]samtemplate.Statement{}
	for _, id := range tmpl.ResourcesOfType("AWS::Serverless::Function") {
		if out[id], err = stack.Policies(id); err != nil {
			t.Fatal(err)
		}
	}
	return stack, out
}

func arnOf(t *testing.T, stack *samtemplate.Stack, id string) string {
	t.Helper()
	arn, err := stack.String(map[string]any{"Fn::GetAtt": []any{id, "Arn"}})
	if err != nil {
		t.Fatal(err)
	}
	return arn
}

// tableWide lists the functions allowed DynamoDB actions on the whole table (no LeadingKeys
// condition), each with its reason. None needs it today: even the sweeps read their index by its
// partition keys.
var tableWide = map[string]string{}

// itemActions are the DynamoDB actions that carry dynamodb:LeadingKeys. Others (Scan above all)
// carry none, and ForAllValues passes a request without the key: a LeadingKeys condition would
// not bound them.
var itemActions = []string{
	"dynamodb:GetItem",
	"dynamodb:PutItem",
	"dynamodb:UpdateItem",
	"dynamodb:DeleteItem",
	"dynamodb:Query",
	"dynamodb:ConditionCheckItem",
	"dynamodb:BatchGetItem",
	"dynamodb:BatchWriteItem",
}

// Every DynamoDB grant names item actions on the table or one named index, bounded to partition key
// prefixes: no function reads or writes the whole table.
func TestNoTableWideDynamoDBAccess(t *testing.T) {
	stack, all := policies(t)
	table := arnOf(t, stack, "Table")
	for fn, statements := range all {
		if _, ok := tableWide[fn]; ok {
			continue
		}
		for _, st := range statements {
			if !slices.ContainsFunc(
				st.Action,
				func(a string) bool { return strings.HasPrefix(strings.ToLower(a), "dynamodb:") },
			) {
				continue
			}
			for _, a := range st.Action {
				if !slices.Contains(itemActions, a) {
					t.Errorf("%s (%s): action %s is not an item action bounded by its keys", fn, st.From, a)
				}
			}
			for _, r := range st.Resource {
				index, isIndex := strings.CutPrefix(r, table+"/index/")
				if r != table && (!isIndex || index == "" || strings.ContainsAny(index, "*?/")) {
					t.Errorf("%s (%s): resource %s is neither the table nor one of its indexes", fn, st.From, r)
				}
			}
			keys := st.Condition["ForAllValues:StringLike"]["dynamodb:LeadingKeys"]
			if len(keys) == 0 {
				t.Errorf(
					"%s (%s): %v on %v without a dynamodb:LeadingKeys condition",
					fn,
					st.From,
					st.Action,
					st.Resource,
				)
			}
			for _, k := range keys {
				if i := strings.IndexAny(k, "*?"); i >= 0 && i < 3 {
					t.Errorf("%s (%s): key pattern %q names no prefix", fn, st.From, k)
				}
			}
		}
	}
}

// Functions touch objects only under the prefixes they use, with Get, Put and Delete; listing is
// bounded by s3:prefix; nothing may change the bucket itself (its lifecycle deletes identity
// documents).
func TestS3AccessIsByPrefix(t *testing.T) {
	stack, all := policies(t)
	bucket := arnOf(t, stack, "DocumentsBucket")
	prefixes := []string{"raw/", "handoff/", "handoff-ready/"}
	for fn, statements := range all {
		for _, st := range statements {
			for _, a := range st.Action {
				if a == "*" ||
					strings.HasPrefix(strings.ToLower(a), "s3:") &&
						!slices.Contains(
							[]string{"s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket"},
							a,
						) {
					t.Errorf(
						"%s (%s): action %s (only s3:GetObject, PutObject, DeleteObject and a bounded ListBucket)",
						fn,
						st.From,
						a,
					)
				}
			}
			if !slices.ContainsFunc(st.Action, func(a string) bool { return strings.HasPrefix(a, "s3:") }) {
				continue
			}
			if slices.Contains(st.Action, "s3:ListBucket") {
				listed := st.Condition["StringLike"]["s3:prefix"]
				if len(st.Action) != 1 || !slices.Equal(st.Resource, []string{bucket}) || len(listed) == 0 {
					t.Errorf("%s: ListBucket must be alone, on the bucket, with an s3:prefix condition: %+v", fn, st)
				}
				for _, p := range listed {
					if !slices.ContainsFunc(prefixes, func(prefix string) bool { return p == prefix+"*" }) {
						t.Errorf("%s: listing prefix %q", fn, p)
					}
				}
				continue
			}
			for _, r := range st.Resource {
				if !slices.ContainsFunc(prefixes, func(p string) bool { return r == bucket+"/"+p+"*" }) {
					t.Errorf("%s: object resource %s is not one of the bucket's prefixes %v", fn, r, prefixes)
				}
			}
		}
	}
	if strings.Contains(string(platform.Template), "PutLifecycleConfiguration") {
		t.Error("template.yaml grants s3:PutLifecycleConfiguration")
	}
}

// The functions anyone can reach without a credential (the sandbox checkout, the gateway's
// notifications) and the one fed by S3 events touch no user (password hash, webhook endpoints and
// their sealed secrets), no API key, no partner (its webhook secret) and no identity document.
func TestUnauthenticatedFunctionsCannotTouchSecrets(t *testing.T) {
	stack, all := policies(t)
	table, bucket := arnOf(t, stack, "Table"), arnOf(t, stack, "DocumentsBucket")
	for _, fn := range []string{"SandboxFunction", "NotificationsFunction", "HandoffUploadsFunction"} {
		p, err := iamcheck.NewPolicy(all[fn])
		if err != nil {
			t.Fatal(err)
		}
		for _, pk := range []string{"USER#usr_1", "USER#prt_1", "EMAIL#a@example.com", "KEY#0123abcd", "PARTNER#prt_1",
			"VERIFY#0123abcd", "RATE#usr_1"} {
			for _, action := range append(slices.Clone(itemActions), "dynamodb:Scan") {
				for _, res := range []string{table, table + "/index/gsi1", table + "/index/gsi2"} {
					r := iamcheck.Request{
						Action:   action,
						Resource: res,
						Context:  map[string][]string{iamcheck.LeadingKeys: {pk}},
					}
					if p.Allows(r) {
						t.Errorf("%s may %s %s on %s", fn, action, pk, res)
					}
				}
			}
		}
		for _, r := range []iamcheck.Request{{Action: "s3:GetObject", Resource: bucket + "/raw/usr_1/ext_1"},
			{Action: "s3:ListBucket", Resource: bucket, Context: map[string][]string{iamcheck.S3Prefix: {"raw/"}}}} {
			if p.Allows(r) {
				t.Errorf("%s may %s %s", fn, r.Action, r.Resource)
			}
		}
	}
}

// docs/security.md says what each function may touch: every function of the template has its row.
func TestSecurityDocListsEveryFunctionsAccess(t *testing.T) {
	doc, err := os.ReadFile("docs/security.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## What each function may touch\n")
	section, _, _ = strings.Cut(section, "\n## ")
	if !ok {
		t.Fatal("docs/security.md has no section \"What each function may touch\"")
	}
	_, all := policies(t)
	for fn := range all {
		if !strings.Contains(section, "| "+strings.TrimSuffix(fn, "Function")+" |") {
			t.Errorf("docs/security.md's table has no row for %s", fn)
		}
	}
}
