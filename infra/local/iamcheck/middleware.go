package iamcheck

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// Check enforces one function's policy on every call of the SDK clients built with it.
type Check struct {
	Function string
	Policy   *Policy
	Target   Target
	Log      *slog.Logger
}

// APIOption adds the check to a client's middleware stack (awsclient.WithAPIOptions), after the
// operation is known and before anything is signed, sent or retried.
func (c Check) APIOption(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("IAMPolicyCheck", c.handle), middleware.After)
}

func (c Check) handle(
	ctx context.Context,
	in middleware.InitializeInput,
	next middleware.InitializeHandler,
) (middleware.InitializeOutput, middleware.Metadata, error) {
	service, op := awsmiddleware.GetServiceID(ctx), awsmiddleware.GetOperationName(ctx)
	reqs, err := c.Target.Requests(service, op, in.Parameters)
	if err != nil {
		c.Log.WarnContext(ctx, "IAM check: call cannot be checked, denied",
			"function", c.Function, "operation", service+"."+op, "reason", err)
		unknown := Request{Action: strings.ToLower(service) + ":" + op, Resource: "?"}
		return middleware.InitializeOutput{}, middleware.Metadata{}, accessDenied(service, c.Function, unknown)
	}
	for _, r := range reqs {
		if d := c.Policy.Decide(r); !d.Allowed {
			c.Log.WarnContext(ctx, "IAM policy denies the call", "function", c.Function, "action", r.Action,
				"resource", redacted(r.Resource), "keyPrefix", keyPrefix(r), "explicitDeny", d.Explicit)
			return middleware.InitializeOutput{}, middleware.Metadata{}, accessDenied(service, c.Function, r)
		}
	}
	out, md, err := next.HandleInitialize(ctx, in)
	if err != nil && service == "S3" && len(reqs) > 0 && isNotFound(err) && hidesAbsence(op) {
		// S3 tells a caller that an object is absent only if it may list the bucket; to anyone
		// else a missing object is 403, as if it were forbidden.
		bucket, _, _ := strings.Cut(strings.TrimPrefix(reqs[0].Resource, "arn:aws:s3:::"), "/")
		if !c.Policy.Allows(Request{Action: "s3:ListBucket", Resource: bucketARN(bucket)}) {
			return out, md, forbidden("AccessDenied", "Access Denied")
		}
	}
	return out, md, err
}

// hidesAbsence are the S3 operations that answer 403 instead of 404 without s3:ListBucket.
func hidesAbsence(op string) bool {
	return op == "GetObject" || op == "HeadObject" || op == "CopyObject"
}

func isNotFound(err error) bool {
	var api smithy.APIError
	if errors.As(err, &api) && (api.ErrorCode() == "NoSuchKey" || api.ErrorCode() == "NotFound") {
		return true
	}
	var status interface{ HTTPStatusCode() int }
	return errors.As(err, &status) && status.HTTPStatusCode() == http.StatusNotFound
}

// accessDenied is the error AWS returns to a call no statement allows: a 403 with the service's
// access-denied code. The message names the key prefix only, never a key.
func accessDenied(service, function string, r Request) error {
	code := "AccessDeniedException"
	if service == "S3" {
		code = "AccessDenied"
	}
	return forbidden(
		code,
		fmt.Sprintf(
			"User: arn:aws:sts::local:assumed-role/%s/local is not authorized to perform: %s on resource: %s because no identity-based policy allows the %s action",
			function,
			r.Action,
			redacted(r.Resource),
			r.Action,
		),
	)
}

func forbidden(code, message string) error {
	return &awshttp.ResponseError{
		ResponseError: &smithyhttp.ResponseError{
			Response: &smithyhttp.Response{
				Response: &http.Response{StatusCode: http.StatusForbidden, Header: http.Header{}},
			},
			Err: &smithy.GenericAPIError{Code: code, Message: message, Fault: smithy.FaultClient},
		},
		RequestID: "local-iam-check",
	}
}

// redacted is a resource ARN with an S3 object key cut to its first segment: keys hold user and
// session identifiers.
func redacted(arn string) string {
	rest, ok := strings.CutPrefix(arn, "arn:aws:s3:::")
	if !ok {
		return arn
	}
	bucket, key, ok := strings.Cut(rest, "/")
	if !ok {
		return arn
	}
	return "arn:aws:s3:::" + bucket + "/" + firstSegment(key, "/") + "…"
}

// keyPrefix is what a log may say of the keys a request names: each DynamoDB partition key up to
// its first '#' (USER#, EXTRACTION_DUE#), an S3 key or listing prefix up to its first '/'.
func keyPrefix(r Request) string {
	var out []string
	for _, pk := range r.Context[LeadingKeys] {
		out = append(out, firstSegment(pk, "#"))
	}
	for _, p := range r.Context[S3Prefix] {
		out = append(out, firstSegment(p, "/"))
	}
	if _, key, ok := strings.Cut(strings.TrimPrefix(r.Resource, "arn:aws:s3:::"), "/"); ok &&
		strings.HasPrefix(r.Resource, "arn:aws:s3:::") {
		out = append(out, firstSegment(key, "/"))
	}
	return strings.Join(out, ",")
}

func firstSegment(s, sep string) string {
	if i := strings.Index(s, sep); i >= 0 {
		return s[:i+len(sep)]
	}
	return s
}
