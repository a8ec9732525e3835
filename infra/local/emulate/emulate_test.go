package emulate

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/config"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// startLocal runs the project's template against the emulator under a fresh stack name, with the
// given settings overriding the template's.
func startLocal(t *testing.T, env map[string]string) *Local {
	t.Helper()
	return startLocalIn(t, context.Background(), env)
}

// startLocalIn is startLocal with every function, and the runner's own clients (its queue
// polling), built from ctx: the middleware and hooks it carries see every call.
func startLocalIn(t *testing.T, parent context.Context, env map[string]string) *Local {
	t.Helper()
	clk := &testClock{}
	ctx, cancel := context.WithCancel(app.WithClock(parent, clk.Now))
	quiet := map[string]string{"LOG_LEVEL": "error"} // function logs would drown the test output
	maps.Copy(quiet, env)
	local, err := StartEphemeral(
		ctx,
		awstest.ClientsIn(t, parent),
		quiet,
		slog.New(slog.NewTextHandler(io.Discard, nil)),
	)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	clocks.Store(local, clk)
	t.Cleanup(func() {
		cancel()
		if err := local.Wait(); err != nil {
			t.Error(err)
		}
	})
	return local
}

// testClock is a local stack's clock: real time plus an offset that the test moves forward. The
// stack keeps its own pace and order, and an expiry, a grace period or a billing period ends the
// moment a test skips past it, rather than after a real wait that a loaded machine may overrun
// (a 3 s payment link expired during the maintenance run meant to find it still open).
type testClock struct {
	offset atomic.Int64
	frozen atomic.Int64 // UnixNano of a frozen instant (freeze), or 0: real time runs
}

func (c *testClock) Now() time.Time {
	if f := c.frozen.Load(); f != 0 {
		return time.Unix(0, f).Add(time.Duration(c.offset.Load()))
	}
	return time.Now().Add(time.Duration(c.offset.Load()))
}

// clocks holds each stack's clock, by stack.
var clocks sync.Map

// skip moves local's clock forward by d: every function of the stack sees the time d later.
func skip(t *testing.T, local *Local, d time.Duration) {
	t.Helper()
	c, ok := clocks.Load(local)
	if !ok {
		t.Fatal("a stack not started by startLocal has no clock to move")
	}
	c.(*testClock).offset.Add(int64(d))
}

// freeze stops local's clock at its present time: only skip moves it then, so a test can observe
// a short window (a lockout) however slow the machine is.
func freeze(t *testing.T, local *Local) {
	t.Helper()
	c, ok := clocks.Load(local)
	if !ok {
		t.Fatal("a stack not started by startLocal has no clock to freeze")
	}
	c.(*testClock).frozen.Store(time.Now().UnixNano())
}

// now is local's clock.
func now(t *testing.T, local *Local) time.Time {
	t.Helper()
	c, ok := clocks.Load(local)
	if !ok {
		t.Fatal("a stack not started by startLocal has no clock to read")
	}
	return c.(*testClock).Now()
}

func TestLocalStack(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	ctx := context.Background()
	clients := awstest.Clients(t)
	ref := func(id string) string {
		v, err := local.Stack.String(map[string]any{"Ref": id})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}

	t.Run("table from the template", func(t *testing.T) {
		out, err := clients.DynamoDB.DescribeTable(
			ctx,
			&dynamodb.DescribeTableInput{TableName: aws.String(ref("Table"))},
		)
		if err != nil {
			t.Fatal(err)
		}
		td := out.Table
		if len(td.KeySchema) != 2 || *td.KeySchema[0].AttributeName != "pk" || *td.KeySchema[1].AttributeName != "sk" {
			t.Errorf("key schema = %+v", td.KeySchema)
		}
		var indexes []string
		for _, gsi := range td.GlobalSecondaryIndexes {
			indexes = append(indexes, *gsi.IndexName)
		}
		slices.Sort(indexes)
		if !slices.Equal(indexes, []string{"gsi1", "gsi2", "gsi3", "gsi4", "gsi5"}) {
			t.Errorf("indexes = %v", indexes)
		}
		ttl, err := clients.DynamoDB.DescribeTimeToLive(
			ctx,
			&dynamodb.DescribeTimeToLiveInput{TableName: aws.String(ref("Table"))},
		)
		if err != nil || ttl.TimeToLiveDescription.AttributeName == nil ||
			*ttl.TimeToLiveDescription.AttributeName != "ttl" {
			t.Errorf("time to live = %+v, %v", ttl, err)
		}
	})

	t.Run("bucket from the template", func(t *testing.T) {
		if _, err := clients.S3.HeadBucket(ctx,
			&s3.HeadBucketInput{Bucket: aws.String(ref("DocumentsBucket"))}); err != nil {
			t.Error(err)
		}
	})

	// LocalStack puts resources in account 000000000000 unless the access key id is 12 digits; the
	// functions' IAM statements name the stack's account, so other ARNs would deny every call.
	t.Run("resources are in the stack's account", func(t *testing.T) {
		for _, id := range []string{"Table", "WebhookQueue"} {
			arn, err := local.Stack.String(map[string]any{"Fn::GetAtt": []any{id, "Arn"}})
			if err != nil || !strings.Contains(arn, ":"+local.Stack.Account+":") {
				t.Errorf("%s ARN = %q (%v), want one in account %s", id, arn, err, local.Stack.Account)
			}
		}
	})

	t.Run("queues with their redrive policies", func(t *testing.T) {
		for _, q := range []struct{ queue, dlq, visibility string }{
			{"ExtractionQueue", "ExtractionDeadLetterQueue", "180"},
			{"IssuanceQueue", "IssuanceDeadLetterQueue", "90"},
			{"WebhookQueue", "WebhookDeadLetterQueue", "90"},
		} {
			out, err := clients.SQS.GetQueueAttributes(
				ctx,
				&sqs.GetQueueAttributesInput{QueueUrl: aws.String(ref(q.queue)),
					AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameAll}},
			)
			if err != nil {
				t.Fatal(err)
			}
			var rp struct {
				DeadLetterTargetArn string `json:"deadLetterTargetArn"`
				MaxReceiveCount     any    `json:"maxReceiveCount"`
			}
			_ = json.Unmarshal([]byte(out.Attributes["RedrivePolicy"]), &rp)
			dlqARN, _ := local.Stack.String(map[string]any{"Fn::GetAtt": []any{q.dlq, "Arn"}})
			if rp.DeadLetterTargetArn != dlqARN || dlqARN == "" || fmtNum(rp.MaxReceiveCount) != "5" {
				t.Errorf("%s redrive = %+v, want %s after 5", q.queue, rp, dlqARN)
			}
			if v := out.Attributes["VisibilityTimeout"]; v != q.visibility {
				t.Errorf("%s visibility = %s, want %s", q.queue, v, q.visibility)
			}
		}
	})

	t.Run("every declared route reaches its function", func(t *testing.T) {
		routes, err := local.Stack.Template.Routes()
		if err != nil {
			t.Fatal(err)
		}
		for pattern := range routes {
			method, path, ok := strings.Cut(pattern, " ")
			if !ok || path == "/" {
				continue
			}
			path = regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "sample")
			resp, p := call(t, method, local.URL+path, "", nil)
			if resp.StatusCode == http.StatusMethodNotAllowed ||
				(resp.StatusCode == http.StatusNotFound && strings.HasPrefix(p.Detail, "No endpoint")) {
				t.Errorf("%s answered %d %q: not routed to its function", pattern, resp.StatusCode, p.Detail)
			}
		}
	})

	t.Run("health over HTTP", func(t *testing.T) {
		for _, path := range []string{"/v1/health", "/api/v1/health"} {
			resp, _ := call(t, "GET", local.URL+path, "", nil)
			var body map[string]string
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != 200 || body["status"] != "ok" || body["version"] == "" {
				t.Errorf("GET %s = %d %v", path, resp.StatusCode, body)
			}
		}
	})

	t.Run("unknown route and method are problems", func(t *testing.T) {
		resp, p := call(t, "GET", local.URL+"/v1/nope", "", nil)
		if resp.StatusCode != 404 || p.Status != 404 || p.Type != local.URL+"/errors/not_found" {
			t.Errorf("unknown route: %d %+v", resp.StatusCode, p)
		}
		resp, p = call(t, "DELETE", local.URL+"/api/v1/health", "", nil)
		if resp.StatusCode != 405 || p.Status != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("wrong method: %d %+v allow %q", resp.StatusCode, p, resp.Header.Get("Allow"))
		}
	})

	t.Run("request over the Lambda limit is a 413 naming the upload path", func(t *testing.T) {
		resp, p := call(t, "POST", local.URL+"/v1/health", "application/octet-stream", bytes.Repeat([]byte{1}, 7<<20))
		if resp.StatusCode != 413 || p.Status != 413 || !strings.Contains(p.Detail, "/v1/uploads") {
			t.Errorf("oversized: %d %+v", resp.StatusCode, p)
		}
	})

	t.Run("request id is echoed through gateway and function", func(t *testing.T) {
		req, _ := http.NewRequest("GET", local.URL+"/v1/health", nil)
		req.Header.Set("X-Request-Id", "trace-123")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-Request-Id"); got != "trace-123" {
			t.Errorf("X-Request-Id = %q", got)
		}
	})

	t.Run("the webhook queue is polled by its function", func(t *testing.T) {
		url := ref("WebhookQueue")
		// A wake-up for a delivery that does not exist: the dispatcher takes it and drops it.
		if _, err := clients.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(url),
			MessageBody: aws.String(`{"deliveryId":"msg_unknown","attempt":1}`)}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			out, err := clients.SQS.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: aws.String(url),
				AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameApproximateNumberOfMessages,
					sqstypes.QueueAttributeNameApproximateNumberOfMessagesNotVisible}})
			if err != nil {
				t.Fatal(err)
			}
			if out.Attributes["ApproximateNumberOfMessages"] == "0" &&
				out.Attributes["ApproximateNumberOfMessagesNotVisible"] == "0" {
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("the message was never consumed by the webhook dispatcher's mapping")
			}
			time.Sleep(200 * time.Millisecond)
		}
	})
}

// Every function of the template has a constructor of the kind its events need, and every HTTP
// function serves exactly the routes the template declares for it: no route is served that API
// Gateway would never send, and none is declared that no handler serves.
func TestTemplateAndHandlersAgree(t *testing.T) {
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	fns, err := tmpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	stack, err := samtemplate.NewStack(
		tmpl,
		"fake",
		"eu-west-1",
		"123456789012",
		map[string]string{
			"Stage":          "local",
			"PublicBaseUrl":  "http://127.0.0.1:3000",
			"PartnerBaseUrl": "http://127.0.0.1:3000",
		},
	)
	if err != nil {
		t.Fatal(err)
	}
	stack.SetPlaceholders()
	declared := map[string][]string{}
	kinds := map[string]string{}
	for _, fn := range fns {
		for _, ev := range fn.Events {
			kinds[fn.ID] = ev.Type
			if ev.Type == samtemplate.EventHttpAPI {
				declared[fn.ID] = append(declared[fn.ID], ev.Pattern())
			}
		}
	}
	for id, kind := range kinds {
		fn := functions[id]
		isHTTP, isQueue, isSchedule := fn.HTTP != nil, fn.Queue != nil, fn.Schedule != nil
		want := map[string]bool{samtemplate.EventHttpAPI: isHTTP, samtemplate.EventSQS: isQueue,
			samtemplate.EventScheduleV2: isSchedule, samtemplate.EventSchedule: isSchedule}
		if !want[kind] || btoi(isHTTP)+btoi(isQueue)+btoi(isSchedule) != 1 {
			t.Errorf("%s: want one constructor, of kind %s", id, kind)
		}
	}
	for id := range functions {
		if _, ok := kinds[id]; !ok {
			t.Errorf("constructor for %s, which template.yaml does not declare", id)
		}
	}
	for id, fn := range functions {
		build := fn.HTTP
		if build == nil {
			continue
		}
		t.Run(id, func(t *testing.T) {
			env, err := stack.Environment(id)
			if err != nil {
				t.Fatal(err)
			}
			maps.Copy(env, localSettings(nil))
			for _, name := range config.Secrets { // given directly: this test has no Secrets Manager
				delete(env, config.SecretARN(name))
				env[name] = testJWTSecret
			}
			if id == "LivenessFunction" {
				needModels(
					t,
					env["MODELS_DIR"],
					liveness.DetectorFile,
					liveness.SmallModelFile,
					liveness.LargeModelFile,
				)
			}
			h, err := build(context.Background(), func(k string) string { return env[k] })
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			// An API group's *httpapi.Handler, or the console's own handler: each lists its routes.
			served := h.(interface{ Patterns() []string }).Patterns()
			slices.Sort(served)
			slices.Sort(declared[id])
			if !slices.Equal(served, declared[id]) {
				t.Errorf("%s serves %v, template.yaml declares %v", id, served, declared[id])
			}
		})
	}
}

// absent ends a test that lacks something make test installs (a browser, a model file, an SDK's
// packages): a failure under CI=true, where it must be there, a skip elsewhere, saying what is
// missing and how to get it.
func absent(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// needModels fails the test under CI=true, and skips it elsewhere, when a model file the function
// loads at start is missing: a machine with only Go has none (make models fetches them).
func needModels(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			absent(t, "%v (make models fetches it, or set MODELS_DIR)", err)
		}
	}
}

func TestRate(t *testing.T) {
	for expr, want := range map[string]int{"rate(5 minutes)": 300, "rate(1 minute)": 60, "rate(2 hours)": 7200,
		"rate(1 day)": 86400} {
		if got, err := rate(expr); err != nil || got != want {
			t.Errorf("rate(%q) = %d, %v; want %d", expr, got, err, want)
		}
	}
	for _, bad := range []string{"cron(0 12 * * ? *)", "rate(0 minutes)", "rate(5 fortnights)", "rate(5)"} {
		if _, err := rate(bad); err == nil {
			t.Errorf("rate(%q) accepted", bad)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func call(t *testing.T, method, url, contentType string, body []byte) (*http.Response, httpapi.Problem) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	var p httpapi.Problem
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") {
		_ = json.Unmarshal(raw, &p)
	}
	return resp, p
}

func fmtNum(v any) string {
	switch n := v.(type) {
	case float64:
		return strconv.Itoa(int(n))
	case string:
		return n
	}
	return ""
}
