package emulate

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/lambdarun"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// as is what a function starts from in the local stack: a context carrying its IAM policy check
// and its environment, for tests that build its services themselves.
func as(t *testing.T, local *Local, functionID string) (context.Context, app.Getenv) {
	t.Helper()
	getenv, err := local.Getenv(functionID)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := local.Context(context.Background(), functionID)
	if err != nil {
		t.Fatal(err)
	}
	return ctx, getenv
}

// maintenanceOf builds the maintenance function as the local stack runs it, under its IAM policy,
// for tests that run the schedule on demand.
func maintenanceOf(t *testing.T, local *Local) lambdarun.ScheduleHandler {
	t.Helper()
	ctx, getenv := as(t, local, "MaintenanceFunction")
	maintenance, err := app.Maintenance(ctx, getenv)
	if err != nil {
		t.Fatal(err)
	}
	return maintenance
}

// The functions that take no credential (the sandbox checkout, the gateway's notifications, S3's
// upload events) can reach neither users (password hashes, webhook endpoints with their sealed
// secrets), nor keys, nor partners' webhook secrets, nor identity documents: each such call fails
// as AWS fails it, while the items they own stay reachable.
func TestUnauthenticatedFunctionsReachOnlyTheirItems(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	getenv, err := local.Getenv("SandboxFunction")
	if err != nil {
		t.Fatal(err)
	}
	table, bucket := aws.String(getenv("TABLE_NAME")), aws.String(getenv("DOCUMENTS_BUCKET"))
	keyOf := func(pk, sk string) map[string]ddbtypes.AttributeValue {
		return map[string]ddbtypes.AttributeValue{
			"pk": &ddbtypes.AttributeValueMemberS{Value: pk},
			"sk": &ddbtypes.AttributeValueMemberS{Value: sk},
		}
	}
	for fn, own := range map[string]string{"SandboxFunction": "PAYMENT#pay_none",
		"NotificationsFunction":  "CONTRACT#AUT-NONE",
		"HandoffUploadsFunction": "HANDOFF#hs_none"} {
		t.Run(fn, func(t *testing.T) {
			ctx, err := local.Context(context.Background(), fn)
			if err != nil {
				t.Fatal(err)
			}
			clients, err := awsclient.New(ctx)
			if err != nil {
				t.Fatal(err)
			}
			db := clients.DynamoDB
			if _, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: keyOf(own, "X")}); err != nil {
				t.Fatalf("its own item %s: %v", own, err)
			}
			denied := map[string]func() error{
				"a user's profile": func() error {
					_, err := db.GetItem(
						ctx,
						&dynamodb.GetItemInput{TableName: table, Key: keyOf("USER#"+creds.User.ID, "PROFILE")},
					)
					return err
				},
				"a user's webhook endpoints": func() error {
					_, err := db.Query(
						ctx,
						&dynamodb.QueryInput{
							TableName:              table,
							KeyConditionExpression: aws.String("pk = :p AND begins_with(sk, :w)"),
							ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{
								":p": &ddbtypes.AttributeValueMemberS{Value: "USER#" + creds.User.ID},
								":w": &ddbtypes.AttributeValueMemberS{Value: "WEBHOOK#"},
							},
						},
					)
					return err
				},
				"an API key": func() error {
					_, err := db.GetItem(
						ctx,
						&dynamodb.GetItemInput{
							TableName: table,
							Key:       keyOf("KEY#"+access.HashKey(creds.User.APIKey), "KEY"),
						},
					)
					return err
				},
				"a partner's webhook secret": func() error {
					_, err := db.GetItem(
						ctx,
						&dynamodb.GetItemInput{
							TableName: table,
							Key:       keyOf("PARTNER#"+creds.Partners[0].PartnerID, "WEBHOOK"),
						},
					)
					return err
				},
				"overwriting a user": func() error {
					_, err := db.UpdateItem(
						ctx,
						&dynamodb.UpdateItemInput{TableName: table, Key: keyOf("USER#"+creds.User.ID, "PROFILE"),
							UpdateExpression: aws.String("SET credits = :n"),
							ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{
								":n": &ddbtypes.AttributeValueMemberN{Value: "1000000"},
							}},
					)
					return err
				},
				"a scan of the table": func() error {
					_, err := db.Scan(ctx, &dynamodb.ScanInput{TableName: table})
					return err
				},
				"an identity document": func() error {
					_, err := clients.S3.GetObject(
						ctx,
						&s3.GetObjectInput{Bucket: bucket, Key: aws.String("raw/" + creds.User.ID + "/ext_x")},
					)
					return err
				},
				"the bucket's lifecycle": func() error {
					_, err := clients.S3.PutBucketLifecycleConfiguration(
						ctx,
						&s3.PutBucketLifecycleConfigurationInput{Bucket: bucket,
							LifecycleConfiguration: &s3types.BucketLifecycleConfiguration{
								Rules: []s3types.LifecycleRule{{Status: s3types.ExpirationStatusDisabled,
									Filter: &s3types.LifecycleRuleFilter{
										Prefix: aws.String("raw/"),
									}, Expiration: &s3types.LifecycleExpiration{Days: aws.Int32(3650)}}},
							}},
					)
					return err
				},
			}
			for what, call := range denied {
				var api smithy.APIError
				var status interface{ HTTPStatusCode() int }
				if err := call(); !errors.As(err, &api) || !strings.HasPrefix(api.ErrorCode(), "AccessDenied") ||
					!errors.As(err, &status) ||
					status.HTTPStatusCode() != 403 {
					t.Errorf("%s: err = %v, want AccessDenied (403)", what, err)
				}
			}
		})
	}
}

// A function whose policy lacks what it needs fails on the local stack as on AWS, and the runner
// says which call was denied, naming the key prefix, never the key.
func TestAMissingPermissionFailsTheRoute(t *testing.T) {
	t.Parallel()
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	// The reference function, without its grant on the reference lists.
	fn := tmpl.Resources["ReferenceFunction"]
	var kept []any
	for _, entry := range fn.Properties["Policies"].([]any) {
		doc, _ := entry.(map[string]any)
		statements, ok := doc["Statement"].([]any)
		if !ok {
			kept = append(kept, entry)
			continue
		}
		var rest []any
		for _, st := range statements {
			if !strings.Contains(fmt.Sprint(st), "REFERENCE") {
				rest = append(rest, st)
			}
		}
		kept = append(kept, map[string]any{"Statement": rest})
	}
	fn.Properties["Policies"] = kept
	var logs syncBuffer
	local := startTemplate(t, tmpl, slog.New(slog.NewJSONHandler(&logs, nil)))
	creds := mustSeed(t, local)
	// Sent without the client helper: the 500 of a broken deployment is no part of the API's contract.
	req, _ := http.NewRequest("GET", local.URL+"/api/v1/reference/countries", nil)
	req.Header.Set("X-API-Key", creds.Partners[0].APIKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 500 {
		t.Fatalf("without its permission: %d", resp.StatusCode)
	}
	var denial struct {
		Msg, Function, Action, Resource, KeyPrefix string
	}
	for line := range strings.SplitSeq(logs.String(), "\n") {
		if strings.Contains(line, "IAM policy denies") {
			_ = json.Unmarshal([]byte(line), &denial)
		}
	}
	if denial.Function != "ReferenceFunction" || denial.Action != "dynamodb:GetItem" ||
		!strings.HasSuffix(denial.Resource, "-Table") ||
		denial.KeyPrefix != "REFERENCE" {
		t.Errorf("denial logged as %+v", denial)
	}
}

// startTemplate runs a template (a variant of the project's) as startLocal runs the project's.
func startTemplate(t *testing.T, tmpl *samtemplate.Template, log *slog.Logger) *Local {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String()
	stack, err := samtemplate.NewStack(tmpl, "t"+strings.ToLower(rand.Text()[:8]), "eu-west-1", "123456789012",
		map[string]string{"Stage": "local", "PublicBaseUrl": base, "PartnerBaseUrl": base})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	local, err := Start(ctx, Options{Stack: stack, AWS: awstest.Clients(t), Listener: l, Log: log,
		Env: map[string]string{"LOG_LEVEL": "error", "MAIL_OUTBOX_DIR": t.TempDir()}})
	if err != nil {
		cancel()
		l.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		if err := local.Wait(); err != nil {
			t.Error(err)
		}
	})
	return local
}

// syncBuffer is a log destination that the stack's goroutines and the test share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
