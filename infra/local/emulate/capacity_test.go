package emulate

import (
	"bufio"
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"maps"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/vision/ocr/tesseract"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// capacityFlows are the flows of the capacity model (docs/capacity.md), in its order.
var capacityFlows = []string{"contract", "extraction (inline)", "extraction (upload)", "liveness", "handoff",
	"status read", "reference list", "extraction poll", "login",
	"extraction list", "batch list", "liveness check list", "partner request list", "admin queue"}

// TestCapacityModel measures each flow of the capacity model (docs/capacity.md) on the local stack, with
// every SDK client the functions build wrapped by a counting middleware (meter_test.go), and checks
// that page's table of calls against what it measured: when a flow's calls change and the table
// does not, it fails and prints the measured rows.
//
// Only steady-state calls count. Each flow runs twice and only the second run is measured: the first
// pays for cold starts and first uses. A key's lastUsedAt, written at most once a minute, is written
// in the first: the stack's clock moves a minute on before it, so that a minute can never end
// between the two runs, however slow the machine. Calls outside any invocation (the functions'
// constructors at cold start, resource creation, the test's own set-up) and those of the scheduled
// maintenance function are not any flow's; the queues' idle long polls are not counted. The
// extraction worker runs the AWS engine (OCR_ENGINE=textract), each Textract call answered by
// Tesseract in the process.
//
// go test -v prints the whole measurement: rows, item sizes, partitions, times and costs.
func TestCapacityModel(t *testing.T) {
	probe := awstest.Clients(t)
	engine, err := tesseract.New(localSettings(nil)["MODELS_DIR"])
	if err != nil {
		absent(t, "Tesseract stands in for Textract here: %v", err)
	}
	t.Cleanup(func() { engine.Close() })
	m := newMeter(probe.DynamoDB)
	metered := WithInvocationHook(
		awsclient.WithAPIOptions(context.Background(), m.apiOption, textractStandIn(engine)),
		m.hook,
	)
	outbox := t.TempDir()
	local := startLocalIn(
		t,
		metered,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited,
			"OCR_ENGINE": "textract", "WEBHOOK_ALLOW_LOOPBACK": "true", "WEBHOOK_TIMEOUT": "5s"},
	)
	c := client{t: t, base: local.URL}
	creds := mustSeed(t, local)

	// The callers: a partner with its webhook, and a live user with credits and a webhook endpoint.
	partner := newPartner(t, c, creds.Admin.APIKey)
	partnerHooks := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	configure(t, c, partner.APIKey, partnerHooks.URL, "capacity-partner-secret-0123")
	const email, password = "capacity@example.com", "correct horse battery"
	jwt, live := newLiveUser(t, c, outbox, email)
	grantCredits(t, local, c, jwt, 100)
	userHooks := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	expect(t, "webhook endpoint", c.do("POST", "/v1/webhooks", map[string]any{"url": userHooks.URL + "/hooks",
		"events": []string{"extraction.completed", "extraction.failed"}}, bearer(jwt)...), 201, "")
	getenv, _ := local.Getenv("HandoffFunction")
	store := dynamo.Store{API: probe.DynamoDB, Table: getenv("TABLE_NAME")}
	passport := testdocument(t, "icao-td3-clean.png")
	photo := testdocument(t, "icao-td3-jpeg.jpg")

	var lastContract, lastExtraction string
	delivered := func(rc *receiver, before int, what string) {
		waitFor(t, 60*time.Second, what, func() bool { return len(rc.got()) > before })
	}
	extractAndWait := func(body any) {
		before := len(userHooks.got())
		r := c.do("POST", "/v1/extract/async", body, key(live)...)
		expect(t, "extract", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		lastExtraction = accepted.ExtractionID
		delivered(userHooks, before, "extraction.completed")
	}
	flows := map[string]func() map[string]int{
		"contract": func() map[string]int {
			before := len(partnerHooks.got())
			r := c.do("POST", "/api/v1/partner/contracts/auto/classic", autoBody("DK-CAP-01", nil),
				append(key(partner.APIKey), "Idempotency-Key", rand.Text())...)
			expect(t, "create", r, 201, "")
			var ct created
			r.json(t, &ct)
			lastContract = ct.Reference
			pay(t, ct.Payment.PaymentURL, "paid")
			delivered(partnerHooks, before, "insurance.contract.issued")
			return nil
		},
		"extraction (inline)": func() map[string]int {
			extractAndWait(form{formField("documentType", "passport"), formFile("file", "passport.png", passport)})
			return nil
		},
		"extraction (upload)": func() map[string]int {
			r := c.do(
				"POST",
				"/v1/uploads",
				map[string]any{"fileName": "passport.png", "contentType": "image/png", "size": len(passport)},
				key(live)...)
			expect(t, "upload slot", r, 201, "")
			var slot uploadSlot
			r.json(t, &slot)
			putToSlot(t, slot, passport)
			extractAndWait(map[string]string{"documentType": "passport", "uploadId": slot.UploadID})
			return map[string]int{"PUT": 1}
		},
		"liveness": func() map[string]int {
			expect(
				t,
				"check",
				c.do(
					"POST",
					"/v1/liveness/check",
					form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))},
					key(live)...),
				200,
				"",
			)
			return nil
		},
		"handoff": func() map[string]int {
			s := newSession(t, c, key(live)...)
			page, _ := http.NewRequest("GET", s.UploadURL, nil)
			page.Header.Set("Accept", "text/html")
			resp, err := http.DefaultClient.Do(page)
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("upload page: %v %v", err, resp)
			}
			resp.Body.Close()
			r := c.do(
				"POST",
				"/v1/mobile-handoff/upload/"+s.SessionID+"/start",
				map[string]any{"fileName": "passport.jpg", "size": len(photo)},
			)
			expect(t, "start", r, 200, "")
			var started struct{ Upload upload }
			r.json(t, &started)
			if resp := postToStorage(t, started.Upload, photo); resp.StatusCode/100 != 2 {
				t.Fatalf("presigned POST: %d", resp.StatusCode)
			}
			// The page polls the status until the S3 event made the session ready; its polls while
			// waiting depend on the event's latency, so the test waits on the table and lets the
			// page poll once, when it is ready.
			waitFor(t, 20*time.Second, "the S3 event", func() bool {
				got, err := dynamo.NewHandoffRepo(store).Session(context.Background(), s.SessionID)
				return err == nil && got.Status == handoff.StatusReady
			})
			expect(t, "status", c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil), 200, "")
			consumeFile(t, c, s, key(live)...)
			return map[string]int{"POST": 1, "GET": 1}
		},
		"status read": func() map[string]int {
			status(t, c, partner.APIKey, lastContract)
			return nil
		},
		"reference list": func() map[string]int {
			expect(t, "brands", c.do("GET", "/api/v1/reference/brands", nil, key(partner.APIKey)...), 200, "")
			return nil
		},
		"extraction poll": func() map[string]int {
			expect(t, "poll", c.do("GET", "/v1/extractions/"+lastExtraction, nil, key(live)...), 200, "")
			return nil
		},
		"login": func() map[string]int {
			loginToken(t, c, email, password)
			return nil
		},
		// A console session's reads: the first page of each list, as its pages open them (a login
		// session for the user's, the partner's key for its requests, an administrator's for the
		// queue across partners).
		"extraction list": func() map[string]int {
			expect(t, "extractions", c.do("GET", "/v1/extractions", nil, bearer(jwt)...), 200, "")
			return nil
		},
		"batch list": func() map[string]int {
			expect(t, "batches", c.do("GET", "/v1/batches", nil, bearer(jwt)...), 200, "")
			return nil
		},
		"liveness check list": func() map[string]int {
			expect(t, "checks", c.do("GET", "/v1/liveness/checks", nil, bearer(jwt)...), 200, "")
			return nil
		},
		"partner request list": func() map[string]int {
			expect(
				t,
				"requests",
				c.do("GET", "/api/v1/partner/contracts/requests", nil, key(partner.APIKey)...),
				200,
				"",
			)
			return nil
		},
		"admin queue": func() map[string]int {
			expect(
				t,
				"queue",
				c.do("GET", "/api/v1/admin/contracts/requests", nil, key(creds.Admin.APIKey)...),
				200,
				"",
			)
			return nil
		},
	}

	var runs []measured
	for _, name := range capacityFlows {
		skip(t, local, time.Minute)
		flows[name]()
		if err := m.quiet(1500*time.Millisecond, 60*time.Second); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		presigned := flows[name]()
		if err := m.quiet(1500*time.Millisecond, 60*time.Second); err != nil {
			t.Fatal(err)
		}
		calls, invs := m.since(start)
		runs = append(runs, measured{flow: name, calls: calls, invocations: invs, presigned: presigned})
	}

	model, err := newCostModel(local)
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, r := range runs {
		table = append(table, r.rows(model)...)
	}
	t.Log("\n" + model.report(runs))
	documented, err := capacityRows(filepath.Join(projectRoot(), capacityDoc))
	if err != nil {
		t.Fatal(err)
	}
	stale := false
	for _, r := range runs {
		got := r.rows(model)
		if !slices.Equal(got, documented[r.flow]) {
			stale = true
			t.Errorf(
				"flow %q: the capacity table of %s says\n%s\nmeasured:\n%s",
				r.flow,
				capacityDoc,
				strings.Join(documented[r.flow], "\n"),
				strings.Join(got, "\n"),
			)
		}
	}
	if stale {
		t.Errorf(
			"the measured table, to paste between the markers of %s:\n%s\n%s",
			capacityDoc,
			tableHeader,
			strings.Join(table, "\n"),
		)
	}
}

// measured is one flow's steady-state run.
type measured struct {
	flow        string
	calls       []sdkCall
	invocations []invocation
	presigned   map[string]int // S3 requests the client made through presigned URLs, by method
}

const tableHeader = "| flow | function | invocations | DynamoDB requests | WCU | RCU | index units | SQS | S3 | Textract |\n" +
	"|---|---|---|---|---|---|---|---|---|---|"

// who names what made a call: the function (its logical ID without "Function"), the event source
// mapping that polls a queue, or nothing.
func (m costModel) who(c sdkCall) string {
	switch {
	case c.fn != "":
		return strings.TrimSuffix(c.fn, "Function")
	case c.service == "sqs" && (c.op == "ReceiveMessage" || c.op == "DeleteMessageBatch"):
		return "mapping " + cmp.Or(m.queues[c.queue], c.queue)
	}
	return "(outside any invocation)"
}

// rows are the flow's rows of the capacity table, one per function (or mapping, or client), sorted.
func (r measured) rows(m costModel) []string {
	type agg struct {
		invocations       int
		dynamo, sqs, s3   map[string]int
		textract          map[string]int
		wcu, rcu          float64
		indexW, indexR    map[string]float64
		invoked, isClient bool
	}
	groups := map[string]*agg{}
	group := func(name string) *agg {
		if groups[name] == nil {
			groups[name] = &agg{
				dynamo:   map[string]int{},
				sqs:      map[string]int{},
				s3:       map[string]int{},
				textract: map[string]int{},
				indexW:   map[string]float64{},
				indexR:   map[string]float64{},
			}
		}
		return groups[name]
	}
	for _, inv := range r.invocations {
		g := group(strings.TrimSuffix(inv.fn, "Function"))
		g.invocations++
		g.invoked = true
	}
	for _, c := range r.calls {
		g := group(m.who(c))
		switch c.service {
		case "dynamodb":
			g.dynamo[c.op]++
		case "sqs":
			g.sqs[c.op]++
		case "s3":
			g.s3[c.op]++
		case "textract":
			g.textract[c.op]++
		default:
			g.dynamo[c.service+" "+c.op]++ // never expected in a flow: shows up as a difference
		}
		for _, u := range c.units {
			switch {
			case u.index == "" && u.write:
				g.wcu += u.units
			case u.index == "":
				g.rcu += u.units
			case u.write:
				g.indexW[u.index] += u.units
			default:
				g.indexR[u.index] += u.units
			}
		}
	}
	if len(r.presigned) > 0 {
		g := group("client, presigned URL")
		g.isClient = true
		maps.Copy(g.s3, r.presigned)
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(groups)) {
		g := groups[name]
		inv := "-"
		if g.invoked {
			inv = strconv.Itoa(g.invocations)
		}
		var index []string
		for _, ix := range slices.Sorted(maps.Keys(g.indexW)) {
			index = append(index, ix+" W"+units(g.indexW[ix]))
		}
		for _, ix := range slices.Sorted(maps.Keys(g.indexR)) {
			index = append(index, ix+" R"+units(g.indexR[ix]))
		}
		cells := []string{
			r.flow,
			name,
			inv,
			counts(g.dynamo),
			unitsOrDash(g.wcu),
			unitsOrDash(g.rcu),
			dash(strings.Join(index, ", ")),
			counts(g.sqs),
			counts(g.s3),
			counts(g.textract),
		}
		out = append(out, "| "+strings.Join(cells, " | ")+" |")
	}
	return out
}

func counts(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return dash(strings.Join(parts, ", "))
}

func units(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func unitsOrDash(f float64) string {
	if f == 0 {
		return "-"
	}
	return units(f)
}

func dash(s string) string { return cmp.Or(s, "-") }

// capacityDoc is the page whose capacity table, between its markers, TestCapacityModel checks.
const capacityDoc = "docs/capacity.md"

// capacityRows reads the table between the capacity markers of the page at path, by flow.
func capacityRows(path string) (map[string][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]string{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "<!-- capacity table: begin"):
			in = true
		case strings.HasPrefix(line, "<!-- capacity table: end"):
			in = false
		case in && strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "|---") && !strings.HasPrefix(line,
			"| flow |"):
			cells := strings.Split(strings.Trim(line, "|"), "|")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			out[cells[0]] = append(out[cells[0]], "| "+strings.Join(cells, " | ")+" |")
		}
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out, sc.Err()
}

// costModel turns a measurement into Lambda time and list-price costs. Its figures are the
// capacity page's, with the same sources; they are printed, not checked.
type costModel struct {
	queues map[string]string // queue URL to logical ID
	memory map[string]int    // function logical ID to MemorySize, MB
	http   map[string]bool   // functions behind the HTTP API
}

func newCostModel(local *Local) (costModel, error) {
	m := costModel{queues: map[string]string{}, memory: map[string]int{}, http: map[string]bool{}}
	t := local.Stack.Template
	for _, id := range t.ResourcesOfType("AWS::SQS::Queue") {
		url, err := local.Stack.String(map[string]any{"Ref": id})
		if err != nil {
			return m, err
		}
		m.queues[url] = id
	}
	fns, err := t.Functions()
	if err != nil {
		return m, err
	}
	globals, _ := t.Globals["Function"].(map[string]any)
	for _, fn := range fns {
		mem := cmp.Or(number(t.Resources[fn.ID].Properties["MemorySize"]), number(globals["MemorySize"]), 128)
		name := strings.TrimSuffix(fn.ID, "Function")
		m.memory[name] = mem
		for _, ev := range fn.Events {
			if ev.Type == samtemplate.EventHttpAPI {
				m.http[name] = true
			}
		}
	}
	return m, nil
}

func number(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case float64:
		return int(n)
	case string:
		i, _ := strconv.Atoi(n)
		return i
	}
	return 0
}

// Lambda time on AWS, from the local measurement: the function's own work (its wall time less the
// time it waited on SDK calls) scaled to its share of a vCPU (Lambda gives 1,769 MB one vCPU, less
// memory a proportional share), plus each SDK call at a typical in-region latency, plus each call
// to an outside party (payment gateway, core insurance system, a webhook receiver). The latencies
// are assumptions to check on a real account; Graviton's core is taken as fast as this machine's.
var (
	awsLatencyMs = map[string]float64{
		"dynamodb GetItem": 4, "dynamodb Query": 6, "dynamodb PutItem": 6, "dynamodb UpdateItem": 6,
		"dynamodb DeleteItem":         6,
		"dynamodb TransactWriteItems": 15, "sqs SendMessage": 8, "s3 PutObject": 30, "s3 GetObject": 20,
		"s3 HeadObject": 10,
		"s3 CopyObject": 40, "s3 DeleteObject": 15, "s3 ListObjectsV2": 20, "textract DetectDocumentText": 1000,
	}
	externalMs    = 250.0
	externalCalls = map[string]map[string]int{ // by flow, then function
		"contract":            {"Contracts": 2, "IssuanceWorker": 1, "WebhookDispatcher": 1},
		"extraction (inline)": {"WebhookDispatcher": 1},
		"extraction (upload)": {"WebhookDispatcher": 1},
	}
	// sandboxOnly are what production does not run: the sandbox checkout (the payment gateway's
	// page), and the sandbox gateway's records of its payments.
	sandboxFunctions = map[string]bool{"Sandbox": true}
	sandboxItems     = map[string]bool{"PAYMENT#{id}": true}
)

// List prices, us-east-1, as of November 2026 (sources in the price table of docs/capacity.md).
const (
	priceLambdaGBs     = 0.0000133334 // arm64, per GB-second
	priceLambdaRequest = 0.20 / 1e6
	priceWRU           = 0.625 / 1e6 // DynamoDB on-demand
	priceRRU           = 0.125 / 1e6
	priceSQS           = 0.40 / 1e6
	priceS3Put         = 0.005 / 1000 // PUT, COPY, POST, LIST
	priceS3Get         = 0.0004 / 1000
	priceTextractPage  = 1.50 / 1000 // DetectDocumentText, first million pages a month
	priceAPIGateway    = 1.00 / 1e6  // HTTP API, first 300 million a month
)

func cpuFactor(memoryMB int) float64 { return max(1, 1769/float64(memoryMB)) }

// fnCost is one function's share of a flow, as AWS would bill it.
type fnCost struct {
	invocations             int
	wallMs, awsMs, lambdaMs float64
	memory                  int
}

func (m costModel) lambda(r measured) map[string]*fnCost {
	out := map[string]*fnCost{}
	for _, inv := range r.invocations {
		name := strings.TrimSuffix(inv.fn, "Function")
		f := out[name]
		if f == nil {
			f = &fnCost{memory: m.memory[name]}
			out[name] = f
		}
		f.invocations++
		f.wallMs += ms(inv.wall)
		f.awsMs += ms(inv.awsTime)
		f.lambdaMs += max(0, ms(inv.wall-inv.awsTime)) * cpuFactor(f.memory)
	}
	for _, c := range r.calls {
		if f := out[strings.TrimSuffix(c.fn, "Function")]; f != nil && c.fn != "" {
			f.lambdaMs += cmp.Or(awsLatencyMs[c.service+" "+c.op], 10)
		}
	}
	for name, n := range externalCalls[r.flow] {
		if f := out[name]; f != nil {
			f.lambdaMs += float64(n) * externalMs
		}
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// bill is what one run of a flow costs in production, by service, in dollars.
type bill struct {
	lambdaRequests, gbSeconds, wru, rru    float64
	sqsRequests, s3Put, s3Get, textract    float64
	apiRequests                            float64
	lambda, dynamo, sqs, s3, ocr, api, sum float64
}

func (m costModel) bill(r measured) bill {
	var b bill
	for name, f := range m.lambda(r) {
		if sandboxFunctions[name] {
			continue
		}
		b.lambdaRequests += float64(f.invocations)
		b.gbSeconds += math.Ceil(f.lambdaMs) / 1000 * float64(f.memory) / 1024
		if m.http[name] {
			b.apiRequests += float64(f.invocations)
		}
	}
	sent, received := 0, 0
	for _, c := range r.calls {
		if sandboxFunctions[m.who(c)] {
			continue
		}
		for _, u := range c.units {
			if sandboxItems[u.pk] {
				continue
			}
			if u.write {
				b.wru += u.units
			} else {
				b.rru += u.units
			}
		}
		switch c.service {
		case "sqs":
			b.sqsRequests++
			if c.op == "SendMessage" || c.op == "SendMessageBatch" {
				sent += c.messages
			}
			if c.op == "ReceiveMessage" {
				received += c.messages
			}
		case "s3":
			switch c.op {
			case "GetObject", "HeadObject":
				b.s3Get++
			case "DeleteObject":
			default:
				b.s3Put++
			}
		case "textract":
			b.textract++
		}
	}
	b.sqsRequests += float64(max(0, received-sent)) // S3's event notifications, sent by S3
	for method, n := range r.presigned {
		if method == "GET" {
			b.s3Get += float64(n)
		} else {
			b.s3Put += float64(n)
		}
	}
	b.lambda = b.lambdaRequests*priceLambdaRequest + b.gbSeconds*priceLambdaGBs
	b.dynamo = b.wru*priceWRU + b.rru*priceRRU
	b.sqs = b.sqsRequests * priceSQS
	b.s3 = b.s3Put*priceS3Put + b.s3Get*priceS3Get
	b.ocr = b.textract * priceTextractPage
	b.api = b.apiRequests * priceAPIGateway
	b.sum = b.lambda + b.dynamo + b.sqs + b.s3 + b.ocr + b.api
	return b
}

// report is the whole measurement, as text for the capacity model of docs/capacity.md.
func (m costModel) report(runs []measured) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Measured on %s/%s, %d CPUs, %s\n\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel())
	sb.WriteString(tableHeader + "\n")
	for _, r := range runs {
		sb.WriteString(strings.Join(r.rows(m), "\n") + "\n")
	}

	sb.WriteString("\nItems (table key patterns, largest size seen, what touched them):\n")
	type seen struct {
		bytes int
		ops   map[string]bool
	}
	items := map[string]*seen{}
	for _, r := range runs {
		for _, c := range r.calls {
			for _, u := range c.units {
				if u.index != "" || c.op == "Query" {
					continue
				}
				k := u.pk + "  " + u.sk
				if items[k] == nil {
					items[k] = &seen{ops: map[string]bool{}}
				}
				items[k].bytes = max(items[k].bytes, u.bytes)
				items[k].ops[c.op] = true
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(items)) {
		fmt.Fprintf(
			&sb,
			"  %-60s %6d B  %s\n",
			k,
			items[k].bytes,
			strings.Join(slices.Sorted(maps.Keys(items[k].ops)), ", "),
		)
	}

	sb.WriteString("\nCapacity units per run, by partition (table or index, partition key pattern):\n")
	for _, r := range runs {
		parts := map[string][2]float64{}
		for _, c := range r.calls {
			for _, u := range c.units {
				k := cmp.Or(u.index, "table") + " " + u.pk
				p := parts[k]
				if u.write {
					p[0] += u.units
				} else {
					p[1] += u.units
				}
				parts[k] = p
			}
		}
		fmt.Fprintf(&sb, "  %s:\n", r.flow)
		for _, k := range slices.Sorted(maps.Keys(parts)) {
			fmt.Fprintf(&sb, "    %-45s W %-5s R %s\n", k, units(parts[k][0]), units(parts[k][1]))
		}
	}

	sb.WriteString("\nLambda time per run (local wall, of which SDK calls; modelled on AWS arm64):\n")
	for _, r := range runs {
		costs := m.lambda(r)
		for _, name := range slices.Sorted(maps.Keys(costs)) {
			f := costs[name]
			fmt.Fprintf(
				&sb,
				"  %-22s %-18s n=%d %5d MB  local %7.1f ms (SDK %6.1f)  Lambda %7.1f ms\n",
				r.flow,
				name,
				f.invocations,
				f.memory,
				f.wallMs,
				f.awsMs,
				f.lambdaMs,
			)
		}
	}

	sb.WriteString("\nCost per 1,000 runs in production (sandbox checkout and its records left out), USD:\n")
	sb.WriteString(
		"  flow                  Lambda req  GB-s     WRU    RRU    SQS   S3 put S3 get pages  API  | Lambda  DynamoDB SQS    S3     Textract API    total\n",
	)
	for _, r := range runs {
		b := m.bill(r)
		fmt.Fprintf(
			&sb,
			"  %-21s %6.0f %8.2f %7.0f %6.1f %6.0f %6.0f %6.0f %5.0f %5.0f | %6.4f %8.4f %6.4f %6.4f %8.4f %6.4f %7.4f\n",
			r.flow,
			1000*b.lambdaRequests,
			1000*b.gbSeconds,
			1000*b.wru,
			1000*b.rru,
			1000*b.sqsRequests,
			1000*b.s3Put,
			1000*b.s3Get,
			1000*b.textract,
			1000*b.apiRequests,
			1000*b.lambda,
			1000*b.dynamo,
			1000*b.sqs,
			1000*b.s3,
			1000*b.ocr,
			1000*b.api,
			1000*b.sum,
		)
	}
	return sb.String()
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
		}
	}
	return "unknown CPU"
}
