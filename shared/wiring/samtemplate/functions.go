package samtemplate

import (
	"fmt"
	"strings"
	"unicode"
)

// Event types of AWS::Serverless::Function that this project uses.
const (
	EventHttpAPI    = "HttpApi"
	EventSQS        = "SQS"
	EventScheduleV2 = "ScheduleV2"
	EventSchedule   = "Schedule"
	EventS3         = "S3"
)

// Function is an AWS::Serverless::Function with its events.
type Function struct {
	ID      string // logical ID, e.g. HealthFunction
	Dir     string // source directory, e.g. functions/health
	Timeout int    // seconds
	Events  []Event
}

// Event is one event source of a function.
type Event struct {
	Name string
	Type string

	// HttpApi
	Method string // GET, POST, ... or ANY
	Path   string // API Gateway path, e.g. /v1/items/{id}, or $default

	// SQS
	Queue                   string // logical ID of the queue
	BatchSize               int
	ReportBatchItemFailures bool

	// Schedule, ScheduleV2
	Expression string

	// S3
	Bucket string // logical ID of the bucket
	Prefix string
}

// Pattern returns the net/http ServeMux pattern of an HttpApi event: "GET /v1/items/{id}",
// "/v1/files/{proxy...}" for ANY with a greedy parameter, "/" for the $default route.
func (e Event) Pattern() string {
	if e.Path == "$default" {
		return "/"
	}
	path := strings.ReplaceAll(e.Path, "+}", "...}")
	if e.Method == "ANY" {
		return path
	}
	return e.Method + " " + path
}

// Functions returns every function of the template, sorted by logical ID.
func (t *Template) Functions() ([]Function, error) {
	globals := mapOf(t.Globals["Function"])
	var fns []Function
	for _, id := range t.ResourcesOfType("AWS::Serverless::Function") {
		r := t.Resources[id]
		fn := Function{
			ID:      id,
			Dir:     "functions/" + kebab(strings.TrimSuffix(id, "Function")),
			Timeout: intOf(r.Properties["Timeout"], intOf(globals["Timeout"], 3)),
		}
		events := mapOf(r.Properties["Events"])
		for _, name := range sortedKeys(events) {
			ev, err := parseEvent(name, mapOf(events[name]))
			if err != nil {
				return nil, fmt.Errorf("samtemplate: %s: %w", id, err)
			}
			fn.Events = append(fn.Events, ev)
		}
		fns = append(fns, fn)
	}
	return fns, nil
}

// Function returns the function with the given logical ID.
func (t *Template) Function(id string) (Function, error) {
	fns, err := t.Functions()
	if err != nil {
		return Function{}, err
	}
	for _, fn := range fns {
		if fn.ID == id {
			return fn, nil
		}
	}
	return Function{}, fmt.Errorf("samtemplate: no function %s", id)
}

// Routes returns every HttpApi event of every function, keyed by ServeMux pattern.
func (t *Template) Routes() (map[string]string, error) {
	fns, err := t.Functions()
	if err != nil {
		return nil, err
	}
	routes := map[string]string{}
	for _, fn := range fns {
		for _, ev := range fn.Events {
			if ev.Type != EventHttpAPI {
				continue
			}
			if other, dup := routes[ev.Pattern()]; dup {
				return nil, fmt.Errorf("samtemplate: route %q declared by %s and %s", ev.Pattern(), other, fn.ID)
			}
			routes[ev.Pattern()] = fn.ID
		}
	}
	return routes, nil
}

func parseEvent(name string, m map[string]any) (Event, error) {
	p := mapOf(m["Properties"])
	ev := Event{Name: name, Type: str(m["Type"])}
	switch ev.Type {
	case EventHttpAPI:
		ev.Method = strings.ToUpper(str(p["Method"]))
		if ev.Method == "" {
			ev.Method = "ANY"
		}
		ev.Path = str(p["Path"])
		if ev.Path == "" {
			ev.Path = "$default"
		}
	case EventSQS:
		q, err := logicalRef(p["Queue"])
		if err != nil {
			return ev, fmt.Errorf("event %s: %w", name, err)
		}
		ev.Queue = q
		ev.BatchSize = intOf(p["BatchSize"], 10)
		for _, t := range listOf(p["FunctionResponseTypes"]) {
			ev.ReportBatchItemFailures = ev.ReportBatchItemFailures || t == "ReportBatchItemFailures"
		}
	case EventSchedule:
		ev.Expression = str(p["Schedule"])
	case EventScheduleV2:
		ev.Expression = str(p["ScheduleExpression"])
	case EventS3:
		b, err := logicalRef(p["Bucket"])
		if err != nil {
			return ev, fmt.Errorf("event %s: %w", name, err)
		}
		ev.Bucket = b
		for _, rule := range listOf(mapOf(mapOf(p["Filter"])["S3Key"])["Rules"]) {
			if r := mapOf(rule); str(r["Name"]) == "prefix" {
				ev.Prefix = str(r["Value"])
			}
		}
	default:
		return ev, fmt.Errorf("event %s: unsupported type %q", name, ev.Type)
	}
	return ev, nil
}

// logicalRef returns the logical ID named by {"Ref": id} or {"Fn::GetAtt": [id, attr]}.
func logicalRef(v any) (string, error) {
	m := mapOf(v)
	if id := str(m["Ref"]); id != "" {
		return id, nil
	}
	if ga := listOf(m["Fn::GetAtt"]); len(ga) == 2 {
		return str(ga[0]), nil
	}
	return "", fmt.Errorf("expected !Ref or !GetAtt, got %v", v)
}

// kebab turns WebhookDispatcher into webhook-dispatcher.
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
