package samtemplate_test

import (
	"testing"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

func parse(t *testing.T, text string) *samtemplate.Template {
	t.Helper()
	tmpl, err := samtemplate.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}

const sample = `
Parameters:
  Stage: { Type: String, AllowedValues: [local, production] }
  Base: { Type: String, Default: "https://x.example" }
Conditions:
  IsProd: !Equals [!Ref Stage, production]
  NotProd: !Not [!Condition IsProd]
  Either: !Or [!Condition IsProd, !Equals [!Ref Base, "https://x.example"]]
Globals:
  Function:
    Timeout: 7
    Environment:
      Variables:
        QUEUE: !Ref Jobs
        LEVEL: !If [IsProd, warn, debug]
Resources:
  Jobs:
    Type: AWS::SQS::Queue
  SandboxOnly:
    Type: AWS::SQS::Queue
    Condition: NotProd
  WorkerThingFunction:
    Type: AWS::Serverless::Function
    Properties:
      Timeout: 30
      Environment:
        Variables:
          ARN: !GetAtt Jobs.Arn
          URL: !Sub "${Base}/v1/${Jobs.QueueName}?r=${AWS::Region}"
          JOINED: !Join ["-", [a, !Ref Stage]]
      Events:
        Get: { Type: HttpApi, Properties: { Method: get, Path: "/v1/items/{id}" } }
        Any: { Type: HttpApi, Properties: { Path: "/v1/files/{proxy+}" } }
        Default: { Type: HttpApi }
        Work:
          Type: SQS
          Properties: { Queue: !GetAtt Jobs.Arn, BatchSize: 5, FunctionResponseTypes: [ReportBatchItemFailures] }
        Tick: { Type: ScheduleV2, Properties: { ScheduleExpression: rate(1 minute) } }
`

func TestFunctionsAndEvents(t *testing.T) {
	fns, err := parse(t, sample).Functions()
	if err != nil {
		t.Fatal(err)
	}
	if len(fns) != 1 {
		t.Fatalf("functions = %d, want 1", len(fns))
	}
	fn := fns[0]
	if fn.Dir != "functions/worker-thing" || fn.Timeout != 30 {
		t.Errorf("dir, timeout = %q, %d", fn.Dir, fn.Timeout)
	}
	byName := map[string]samtemplate.Event{}
	for _, ev := range fn.Events {
		byName[ev.Name] = ev
	}
	tests := []struct {
		event, pattern string
	}{
		{"Get", "GET /v1/items/{id}"},
		{"Any", "/v1/files/{proxy...}"},
		{"Default", "/"},
	}
	for _, tt := range tests {
		if got := byName[tt.event].Pattern(); got != tt.pattern {
			t.Errorf("%s pattern = %q, want %q", tt.event, got, tt.pattern)
		}
	}
	if w := byName["Work"]; w.Queue != "Jobs" || w.BatchSize != 5 || !w.ReportBatchItemFailures {
		t.Errorf("SQS event = %+v", w)
	}
	if e := byName["Tick"].Expression; e != "rate(1 minute)" {
		t.Errorf("schedule = %q", e)
	}
}

func TestStackResolvesEnvironmentAndConditions(t *testing.T) {
	tmpl := parse(t, sample)
	for _, tt := range []struct {
		stage, level string
		sandboxOnly  bool
	}{
		{"local", "debug", true},
		{"production", "warn", false},
	} {
		t.Run(tt.stage, func(t *testing.T) {
			s, err := samtemplate.NewStack(tmpl, "st", "eu-west-3", "123", map[string]string{"Stage": tt.stage})
			if err != nil {
				t.Fatal(err)
			}
			s.SetPhysical("Jobs", "https://q/jobs", map[string]string{"Arn": "arn:jobs", "QueueName": "jobs"})
			env, err := s.Environment("WorkerThingFunction")
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{
				"QUEUE": "https://q/jobs", "LEVEL": tt.level, "ARN": "arn:jobs",
				"URL": "https://x.example/v1/jobs?r=eu-west-3", "JOINED": "a-" + tt.stage,
			}
			for k, v := range want {
				if env[k] != v {
					t.Errorf("%s = %q, want %q", k, env[k], v)
				}
			}
			if got, err := s.Included("SandboxOnly"); err != nil || got != tt.sandboxOnly {
				t.Errorf("SandboxOnly included = %v, %v; want %v", got, err, tt.sandboxOnly)
			}
		})
	}
}

func TestStackRefusesMissingAndDisallowedParameters(t *testing.T) {
	tmpl := parse(t, sample)
	if _, err := samtemplate.NewStack(tmpl, "st", "r", "1", nil); err == nil {
		t.Error("a parameter without default and value was accepted")
	}
	if _, err := samtemplate.NewStack(tmpl, "st", "r", "1", map[string]string{"Stage": "qa"}); err == nil {
		t.Error("a value outside AllowedValues was accepted")
	}
}

func TestUnresolvableReferenceIsAnError(t *testing.T) {
	s, err := samtemplate.NewStack(parse(t, sample), "st", "r", "1", map[string]string{"Stage": "local"})
	if err != nil {
		t.Fatal(err)
	}
	// Jobs was never created, so its URL and ARN are unknown.
	if _, err := s.Environment("WorkerThingFunction"); err == nil {
		t.Error("environment resolved although the queue does not exist")
	}
}

// The project's own template: every function has its source directory's name, and the routes the
// issue requires are declared once each.
func TestProjectTemplate(t *testing.T) {
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	routes, err := tmpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"GET /v1/health", "GET /api/v1/health", "/"} {
		if routes[p] != "HealthFunction" {
			t.Errorf("route %q served by %q, want HealthFunction", p, routes[p])
		}
	}
	fns, err := tmpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	var sqsWithoutReport []string
	for _, fn := range fns {
		for _, ev := range fn.Events {
			if ev.Type == samtemplate.EventSQS && !ev.ReportBatchItemFailures {
				sqsWithoutReport = append(sqsWithoutReport, fn.ID)
			}
		}
	}
	if len(sqsWithoutReport) > 0 {
		t.Errorf(
			"SQS events without ReportBatchItemFailures (their reported failures would be ignored): %v",
			sqsWithoutReport,
		)
	}
	alarmed := map[string]bool{}
	for _, a := range tmpl.ResourcesOfType("AWS::CloudWatch::Alarm") {
		for _, d := range tmpl.Resources[a].Properties["Dimensions"].([]any) {
			ga, _ := d.(map[string]any)["Value"].(map[string]any)["Fn::GetAtt"].([]any)
			if len(ga) == 2 && ga[1] == "QueueName" {
				alarmed[ga[0].(string)] = true
			}
		}
	}
	for _, q := range tmpl.ResourcesOfType("AWS::SQS::Queue") {
		switch {
		case isDLQ(tmpl, q) && !alarmed[q]:
			t.Errorf("dead-letter queue %s has no depth alarm", q)
		case !isDLQ(tmpl, q) && tmpl.Resources[q].Properties["RedrivePolicy"] == nil:
			t.Errorf("queue %s has no dead-letter queue", q)
		}
	}
}

func isDLQ(tmpl *samtemplate.Template, id string) bool {
	for _, q := range tmpl.ResourcesOfType("AWS::SQS::Queue") {
		rp, _ := tmpl.Resources[q].Properties["RedrivePolicy"].(map[string]any)
		ga, _ := rp["deadLetterTargetArn"].(map[string]any)
		if l, _ := ga["Fn::GetAtt"].([]any); len(l) == 2 && l[0] == id {
			return true
		}
	}
	return false
}
