package awsclient_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/trustline/platform/shared/adapters/awsclient"
)

// clientsAt builds the clients against an endpoint served by h.
func clientsAt(t *testing.T, h http.HandlerFunc) awsclient.Clients {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ENDPOINT_URL", srv.URL)
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "123456789012")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_PROFILE", "")
	c, err := awsclient.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A call on a context detached from its request (a refund after a failure, context.WithoutCancel)
// still ends at the invocation's call deadline when the service hangs, rather than hold the
// function until Lambda ends it with no answer sent.
func TestACallEndsAtItsDeadlineOnADetachedContext(t *testing.T) {
	c := clientsAt(t, func(_ http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done() // a store that never answers
	})
	start := time.Now()
	ctx := context.WithoutCancel(awsclient.WithCallDeadline(context.Background(), start.Add(300*time.Millisecond)))
	_, err := c.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("t"),
		Item: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "a"}}})
	if took := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || took > 3*time.Second {
		t.Errorf("after %s: %v, want the call deadline's end at 300ms", took, err)
	}
}

// The deadline does not cut short what a call answered: a body streamed after the call returns
// (S3's GetObject) is read whole.
func TestACallsBodyIsReadAfterItReturns(t *testing.T) {
	c := clientsAt(t, func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
		http.NewResponseController(w).Flush() // the headers now, the body after the call has returned
		time.Sleep(100 * time.Millisecond)
		_, _ = io.WriteString(w, "the object")
	})
	ctx := awsclient.WithCallDeadline(context.Background(), time.Now().Add(time.Minute))
	out, err := c.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("b"), Key: aws.String("k")})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Body.Close()
	if b, err := io.ReadAll(out.Body); err != nil || string(b) != "the object" {
		t.Errorf("body %q, %v", b, err)
	}
}
