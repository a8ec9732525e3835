package iamcheck

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/middleware"

	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// fakeAWS answers every DynamoDB call with an empty item and every S3 GET with NoSuchKey, and
// counts what reaches it.
func fakeAWS(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Header.Get("X-Amz-Target") != "" {
			w.Header().Set("Content-Type", "application/x-amz-json-1.0")
			_, _ = w.Write([]byte(`{}`))
			return
		}
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write(
			[]byte(`<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>`),
		)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func config(srv *httptest.Server, c Check) aws.Config {
	return aws.Config{
		Region:       "eu-west-1",
		BaseEndpoint: aws.String(srv.URL),
		Retryer:      func() aws.Retryer { return aws.NopRetryer{} },
		Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
			return aws.Credentials{AccessKeyID: "a", SecretAccessKey: "b"}, nil
		}),
		APIOptions: []func(*middleware.Stack) error{c.APIOption},
	}
}

func check(t *testing.T, log *bytes.Buffer, statements ...samtemplate.Statement) Check {
	p, err := NewPolicy(statements)
	if err != nil {
		t.Fatal(err)
	}
	return Check{Function: "SandboxFunction", Policy: p, Target: target, Log: slog.New(slog.NewTextHandler(log, nil))}
}

func TestCheckDeniesBeforeTheCallLeaves(t *testing.T) {
	srv, calls := fakeAWS(t)
	var log bytes.Buffer
	c := check(
		t,
		&log,
		samtemplate.Statement{Effect: "Allow", Action: []string{"dynamodb:GetItem"}, Resource: []string{table},
			Condition: map[string]map[string][]string{"ForAllValues:StringLike": {LeadingKeys: {"PAYMENT#*"}}}},
	)
	db := dynamodb.NewFromConfig(config(srv, c))
	ctx := context.Background()

	if _, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("T"),
		Key: k("PAYMENT#pay_1")}); err != nil {
		t.Fatalf("allowed call: %v", err)
	}
	if calls.Load() != 1 {
		t.Fatalf("allowed call reached AWS %d times", calls.Load())
	}

	_, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("T"), Key: k("USER#usr_secret")})
	var api smithy.APIError
	var status interface{ HTTPStatusCode() int }
	if !errors.As(err, &api) || api.ErrorCode() != "AccessDeniedException" || !errors.As(err, &status) ||
		status.HTTPStatusCode() != 403 {
		t.Fatalf("denied call: err = %v, want a 403 AccessDeniedException", err)
	}
	if calls.Load() != 1 {
		t.Errorf("a denied call reached AWS")
	}
	line := log.String()
	for _, want := range []string{"function=SandboxFunction", "action=dynamodb:GetItem", "resource=" + table,
		"keyPrefix=USER#"} {
		if !strings.Contains(line, want) {
			t.Errorf("log %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "usr_secret") || strings.Contains(err.Error(), "usr_secret") {
		t.Errorf("the key itself was logged or returned: %q / %v", line, err)
	}

	// A transaction is denied whole when one of its items is not allowed.
	_, err = db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{
			ConditionCheck: &types.ConditionCheck{
				TableName:           aws.String("T"),
				Key:                 k("PAYMENT#pay_1"),
				ConditionExpression: aws.String("attribute_exists(pk)"),
			},
		},
	}})
	if !errors.As(err, &api) || api.ErrorCode() != "AccessDeniedException" || calls.Load() != 1 {
		t.Errorf("a condition check without dynamodb:ConditionCheckItem: err = %v, calls %d", err, calls.Load())
	}
}

// S3 answers 404 for an absent object only to a caller that may list the bucket; the check turns
// the emulator's 404 into that 403 for anyone else, so that code relying on 404 is tested as on AWS.
func TestAbsentObjectsAreForbiddenWithoutListBucket(t *testing.T) {
	srv, _ := fakeAWS(t)
	objects := samtemplate.Statement{
		Effect:   "Allow",
		Action:   []string{"s3:GetObject"},
		Resource: []string{"arn:aws:s3:::b/raw/*"},
	}
	prefixed := samtemplate.Statement{
		Effect:    "Allow",
		Action:    []string{"s3:ListBucket"},
		Resource:  []string{"arn:aws:s3:::b"},
		Condition: map[string]map[string][]string{"StringLike": {S3Prefix: {"raw/*"}}},
	}
	whole := samtemplate.Statement{
		Effect:   "Allow",
		Action:   []string{"s3:ListBucket"},
		Resource: []string{"arn:aws:s3:::b"},
	}
	for _, tc := range []struct {
		name       string
		statements []samtemplate.Statement
		status     int
	}{
		{"GetObject only", []samtemplate.Statement{objects}, 403},
		{"ListBucket on a prefix", []samtemplate.Statement{objects, prefixed}, 403},
		{"ListBucket on the bucket", []samtemplate.Statement{objects, whole}, 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			client := s3.NewFromConfig(
				config(srv, check(t, &log, tc.statements...)),
				func(o *s3.Options) { o.UsePathStyle = true },
			)
			_, err := client.GetObject(
				context.Background(),
				&s3.GetObjectInput{Bucket: aws.String("b"), Key: aws.String("raw/u/missing")},
			)
			var status interface{ HTTPStatusCode() int }
			if !errors.As(err, &status) || status.HTTPStatusCode() != tc.status {
				t.Errorf("err = %v, want status %d", err, tc.status)
			}
		})
	}
}
