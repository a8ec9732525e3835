package emulate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/trustline/platform/sdk/go/webhookverify"
	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/blobstore"
	"github.com/trustline/platform/shared/adapters/dynamo"
	creditsdomain "github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr/ocrtest"
	"github.com/trustline/platform/shared/wiring/app"
)

// unlimited lifts the rate limits: the tests poll faster than a free plan may.
const unlimited = "free=100000,starter=100000,business=100000,partner=100000,admin=100000"

// specimen is one generated test document of testdata/extraction/manifest.json.
type specimen struct {
	ID           string
	DocumentType string
	Format       string
	MRZ          []string
	Expected     map[string]string
	Files        map[string]struct {
		File   string
		MRZBox struct{ X0, Y0, X1, Y1 int }
	}
}

func specimens(t *testing.T) map[string]specimen {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/extraction/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Documents []specimen }
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]specimen{}
	for _, d := range m.Documents {
		out[d.ID] = d
	}
	return out
}

func testdocument(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../../testdata/extraction", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// extractionView is GET /v1/extractions/{id}.
type extractionView struct {
	ExtractionID, ReferenceID, BatchID, Status, DocumentType string
	CreditsUsed                                              int
	Result                                                   *struct {
		ExtractedData    map[string]json.RawMessage
		GlobalConfidence float64
		Portrait         *struct {
			Box   struct{ X, Y, Width, Height int }
			Score float64
		}
	}
	Error *struct{ Code, Message string }
}

func (v extractionView) field(t *testing.T, name string) string {
	t.Helper()
	if v.Result == nil {
		t.Fatalf("%s has no result", v.ExtractionID)
	}
	var f struct{ Value string }
	_ = json.Unmarshal(v.Result.ExtractedData[name], &f)
	return f.Value
}

func poll(t *testing.T, c client, cred []string, id string) extractionView {
	t.Helper()
	var v extractionView
	waitFor(t, 60*time.Second, "extraction "+id+" to finish", func() bool {
		r := c.do("GET", "/v1/extractions/"+id, nil, cred...)
		expect(t, "poll", r, 200, "")
		r.json(t, &v)
		return v.Status == "completed" || v.Status == "failed"
	})
	return v
}

// grantCredits gives the user of a login token n credits, as an operator does.
func grantCredits(t *testing.T, local *Local, c client, jwt string, n int) {
	t.Helper()
	svc, err := app.AccountsService(context.Background(), mustGetenv(t, local))
	if err != nil {
		t.Fatal(err)
	}
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	if err := svc.GrantCredits(context.Background(), me.ID, n); err != nil {
		t.Fatal(err)
	}
}

func credits(t *testing.T, c client, jwt string) float64 {
	t.Helper()
	var me struct{ Credits float64 }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	return me.Credits
}

// newLiveUser registers and verifies a user (no credits) and gives it a live key.
func newLiveUser(t *testing.T, c client, outbox, email string) (jwt, liveKey string) {
	t.Helper()
	expect(
		t,
		"register",
		c.do("POST", "/v1/auth/register", map[string]string{"email": email, "password": "correct horse battery"}),
		201,
		"",
	)
	expect(
		t,
		"verify",
		c.do("POST", "/v1/auth/verify-email", map[string]string{"token": verificationToken(t, outbox, email)}),
		200,
		"",
	)
	jwt = loginToken(t, c, email, "correct horse battery")
	r := c.do("POST", "/v1/api-keys", map[string]any{"name": "backend", "mode": "live"}, bearer(jwt)...)
	expect(t, "live key", r, 201, "")
	var k struct{ Key string }
	r.json(t, &k)
	return jwt, k.Key
}

func TestExtractionEndToEnd(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited,
			"WEBHOOK_ALLOW_LOOPBACK": "true", "WEBHOOK_RETRY_SCHEDULE": "1s,2s,3s,4s,5s", "WEBHOOK_TIMEOUT": "2s"},
	)
	seeded := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	docs := specimens(t)
	jwt, live := newLiveUser(t, c, outbox, "reader@example.com")
	cred := key(live)

	// A webhook receiver that checks X-Service-Signature over the raw body.
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r := c.do(
		"POST",
		"/v1/webhooks",
		map[string]any{"url": rc.URL + "/hooks", "events": []string{"extraction.completed", "extraction.failed"}},
		bearer(jwt)...)
	expect(t, "webhook", r, 201, "")
	var ep struct{ ID, Secret string }
	r.json(t, &ep)

	td3 := testdocument(t, "icao-td3-clean.png")
	submit := form{formField("documentType", "passport"), formFile("file", "passport.png", td3)}
	expect(t, "no credits", c.do("POST", "/v1/extract/async", submit, cred...), 402, "insufficient_credits")

	grantCredits(t, local, c, jwt, 3)

	t.Run("passport: upload, poll, webhook", func(t *testing.T) {
		r := c.do("POST", "/v1/extract/async", submit, cred...)
		expect(t, "extract", r, 202, "")
		var accepted struct{ ExtractionID, Status string }
		r.json(t, &accepted)
		if accepted.Status != "queued" || !strings.HasPrefix(accepted.ExtractionID, "ext_") {
			t.Fatalf("accepted = %s", r.body)
		}
		v := poll(t, c, cred, accepted.ExtractionID)
		want := docs["icao-td3"].Expected
		if v.Status != "completed" || v.CreditsUsed != 1 {
			t.Fatalf("extraction = %+v %+v", v, v.Error)
		}
		for _, f := range []string{"surname", "givenNames", "documentNumber", "dateOfBirth", "expiryDate",
			"issuingCountry", "nationality", "sex"} {
			if got := v.field(t, f); got != want[f] {
				t.Errorf("%s = %q, want %q", f, got, want[f])
			}
		}
		var mrz struct {
			Format string
			Valid  bool
			Checks map[string]struct{ Valid bool }
		}
		_ = json.Unmarshal(v.Result.ExtractedData["mrz"], &mrz)
		if mrz.Format != "TD3" || !mrz.Valid || len(mrz.Checks) != 5 || v.Result.GlobalConfidence <= 0.5 {
			t.Errorf("mrz = %+v, globalConfidence %v", mrz, v.Result.GlobalConfidence)
		}
		// The specimen's portrait is a drawn grey silhouette, which the face detector does not take
		// for a face: no portrait (TestFaceMatch prints a photo on the same page).
		if v.Result.Portrait != nil {
			t.Errorf("portrait %+v on a page without a face", *v.Result.Portrait)
		}
		if got := credits(t, c, jwt); got != 2 {
			t.Errorf("credits after one extraction = %v, want 2", got)
		}
		waitFor(t, 15*time.Second, "extraction.completed", func() bool { return len(rc.got()) >= 1 })
		got := rc.got()[0]
		if err := webhookverify.Service([]byte(ep.Secret), got.body,
			got.header.Get("X-Service-Signature")); err != nil {
			t.Errorf("X-Service-Signature: %v", err)
		}
		conformsToWebhookSchema(t, got.body)
		if got.header.Get("X-Service-Event") != "extraction.completed" ||
			!bytes.Contains(got.body, []byte(accepted.ExtractionID)) {
			t.Errorf("webhook = %v %s", got.header, got.body)
		}
		expect(
			t,
			"another user's extraction",
			c.do("GET", "/v1/extractions/"+accepted.ExtractionID, nil, key(seeded.User.APIKey)...),
			404,
			"not_found",
		)
	})

	t.Run("unreadable: failed and refunded", func(t *testing.T) {
		before := credits(t, c, jwt)
		r := c.do(
			"POST",
			"/v1/extract/async",
			form{formField("documentType", "auto"), formFile("file", "x.png", testdocument(t, "unreadable-photo.jpg"))},
			cred...)
		expect(t, "extract", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		v := poll(t, c, cred, accepted.ExtractionID)
		if v.Status != "failed" || v.Error == nil || v.Error.Code != "mrz_not_found" || v.CreditsUsed != 0 {
			t.Errorf("extraction = %+v %+v", v, v.Error)
		}
		if got := credits(t, c, jwt); got != before {
			t.Errorf("credits = %v, want %v (refunded)", got, before)
		}
	})

	// A reading counts only when enough check digits verify (mrz.Result.Credible): a page of text
	// without a zone, and a zone whose check digits fail but one (what text yields by chance),
	// end failed, mrz_not_found, refunded.
	t.Run("no credible zone: failed and refunded", func(t *testing.T) {
		d := docs["icao-td3"]
		f := d.Files["clean"]
		box := image.Rect(f.MRZBox.X0, f.MRZBox.Y0, f.MRZBox.X1, f.MRZBox.Y1)
		img, _, err := imagefile.Decode(context.Background(), testdocument(t, f.File))
		if err != nil {
			t.Fatal(err)
		}
		page := imagefile.Grayscale(img)
		textOnly := ocrtest.WithoutMRZ(page, box)
		// The passport's zone with its document number, expiry, personal number and composite
		// check digits overwritten by other digits of the zone: only the birth date's verifies.
		forged := imagefile.Grayscale(page)
		for _, c := range [][4]int{{1, 8, 1, 9}, {1, 26, 1, 27}, {1, 3, 1, 42}, {1, 13, 1, 43}} {
			ocrtest.CopyChar(forged, box, len(d.MRZ), len(d.MRZ[0]), c[0], c[1], c[2], c[3])
		}
		for name, g := range map[string]*image.Gray{"text page": textOnly, "one check digit": forged} {
			var buf bytes.Buffer
			if err := png.Encode(&buf, g); err != nil {
				t.Fatal(err)
			}
			before := credits(t, c, jwt)
			r := c.do(
				"POST",
				"/v1/extract/async",
				form{formField("documentType", "auto"), formFile("file", "page.png", buf.Bytes())},
				cred...)
			expect(t, name, r, 202, "")
			var accepted struct{ ExtractionID string }
			r.json(t, &accepted)
			v := poll(t, c, cred, accepted.ExtractionID)
			if v.Status != "failed" || v.Error == nil || v.Error.Code != "mrz_not_found" || v.CreditsUsed != 0 {
				t.Errorf(
					"%s: status %s, error %+v, creditsUsed %d; want failed, mrz_not_found, 0",
					name,
					v.Status,
					v.Error,
					v.CreditsUsed,
				)
			}
			if got := credits(t, c, jwt); got != before {
				t.Errorf("%s: credits = %v, want %v (refunded)", name, got, before)
			}
		}
	})

	t.Run("refused inputs lose nothing", func(t *testing.T) {
		before := credits(t, c, jwt)
		expect(
			t,
			"not an image",
			c.do(
				"POST",
				"/v1/extract/async",
				form{
					formField("documentType", "passport"),
					formFile("file", "passport.png", []byte("PK\x03\x04 a zip")),
				},
				cred...),
			415,
			"unsupported_media_type",
		)
		bad := c.do(
			"POST",
			"/v1/extract/async",
			form{formField("documentType", "banknote"), formFile("file", "p.png", td3)},
			cred...)
		expect(t, "unknown type", bad, 422, "validation_failed")
		if len(bad.problem.InvalidParams) != 1 || !strings.Contains(bad.problem.InvalidParams[0], "documentType") {
			t.Errorf("invalidParams = %v", bad.problem.InvalidParams)
		}
		expect(
			t,
			"no file",
			c.do("POST", "/v1/extract/async", form{formField("documentType", "passport")}, cred...),
			422,
			"validation_failed",
		)
		expect(t, "text body", c.do("POST", "/v1/extract/async", "just text", cred...), 400, "")
		expect(
			t,
			"unknown upload",
			c.do(
				"POST",
				"/v1/extract/async",
				map[string]string{"documentType": "passport", "uploadId": "upl_nope"},
				cred...),
			404,
			"not_found",
		)
		if got := credits(t, c, jwt); got != before {
			t.Errorf("credits = %v, want %v", got, before)
		}
	})

	t.Run("presigned upload then extraction by uploadId", func(t *testing.T) {
		r := c.do(
			"POST",
			"/v1/uploads",
			map[string]any{"fileName": "card.png", "contentType": "image/png", "size": len(td3)},
			cred...)
		expect(t, "upload slot", r, 201, "")
		var slot uploadSlot
		r.json(t, &slot)
		expect(
			t,
			"not uploaded yet",
			c.do(
				"POST",
				"/v1/extract/async",
				map[string]string{"documentType": "passport", "uploadId": slot.UploadID},
				cred...),
			409,
			"conflict",
		)
		putToSlot(t, slot, td3)
		r = c.do(
			"POST",
			"/v1/extract/async",
			map[string]string{"documentType": "passport", "uploadId": slot.UploadID, "referenceId": "case-42"},
			cred...)
		expect(t, "extract upload", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		v := poll(t, c, cred, accepted.ExtractionID)
		if v.Status != "completed" || v.ReferenceID != "case-42" || v.field(t, "surname") != "ERIKSSON" {
			t.Errorf("extraction = %+v", v)
		}
		if !strings.Contains(slot.UploadURL, "X-Amz-Signature") ||
			!strings.Contains(strings.ToLower(slot.UploadURL), "content-type") {
			t.Errorf("the upload URL does not sign the content type: %s", slot.UploadURL)
		}
	})
}

func mustSeed(t *testing.T, local *Local) Credentials {
	t.Helper()
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return creds
}

func TestBatchWithOneUnreadableDocument(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	cred := key(creds.User.APIKey) // a test key: never charged

	r := c.do("POST", "/v1/batches", form{formField("documentType", "auto"),
		formFile("file", "a.png", testdocument(t, "icao-td3-clean.png")), formField("referenceId", "a"),
		formFile("file", "b.png", testdocument(t, "icao-td1-clean.png")), formField("referenceId", "b"),
		formFile("file", "c.png", testdocument(t, "unreadable-photo.jpg")), formField("referenceId", "c")}, cred...)
	expect(t, "batch", r, 202, "")
	type batchView struct {
		Batch struct {
			BatchID, Status                             string
			TotalDocuments, CompletedCount, FailedCount int
		}
		Extractions []extractionView
	}
	var b batchView
	r.json(t, &b)
	if b.Batch.Status != "queued" || b.Batch.TotalDocuments != 3 || len(b.Extractions) != 3 {
		t.Fatalf("batch = %s", r.body)
	}
	waitFor(t, 90*time.Second, "the batch to complete", func() bool {
		r := c.do("GET", "/v1/batches/"+b.Batch.BatchID, nil, cred...)
		expect(t, "batch", r, 200, "")
		r.json(t, &b)
		done := 0
		for _, e := range b.Extractions {
			if e.Status == "completed" || e.Status == "failed" {
				done++
			}
		}
		if done != b.Batch.CompletedCount+b.Batch.FailedCount {
			t.Errorf(
				"counts %d+%d disagree with the %d finished extractions listed",
				b.Batch.CompletedCount,
				b.Batch.FailedCount,
				done,
			)
		}
		return b.Batch.Status == "completed"
	})
	if b.Batch.CompletedCount != 2 || b.Batch.FailedCount != 1 {
		t.Errorf("batch = %+v", b.Batch)
	}
	// The list says what the batch says: its status and counts (issue 36, item 2).
	var listed struct {
		Data []struct {
			BatchID, Status                             string
			TotalDocuments, CompletedCount, FailedCount int
		}
	}
	c.do("GET", "/v1/batches", nil, cred...).json(t, &listed)
	if len(listed.Data) != 1 || listed.Data[0].BatchID != b.Batch.BatchID || listed.Data[0].Status != "completed" ||
		listed.Data[0].CompletedCount != 2 || listed.Data[0].FailedCount != 1 || listed.Data[0].TotalDocuments != 3 {
		t.Errorf("the list of batches = %+v, want %s completed, 2 completed and 1 failed of 3", listed.Data,
			b.Batch.BatchID)
	}
	byRef := map[string]extractionView{}
	for _, e := range b.Extractions {
		byRef[e.ReferenceID] = e
	}
	if byRef["a"].Status != "completed" || byRef["b"].Status != "completed" || byRef["c"].Status != "failed" ||
		byRef["a"].CreditsUsed != 0 {
		t.Errorf("extractions = %+v", b.Extractions)
	}
	_, other := newLiveUser(t, c, outbox, "other@example.com")
	expect(t, "another user's batch", c.do("GET", "/v1/batches/"+b.Batch.BatchID, nil, key(other)...), 404, "not_found")
}

// recorder records the events an extraction service commits and the jobs it queues.
type recorder struct {
	mu   sync.Mutex
	sent []string
}

// Emit records the event once the change it reports has committed (with no endpoint to deliver to).
func (e *recorder) Emit(
	_ context.Context,
	_ string,
	_ bool,
	event, reference string,
	_ any,
	commit func([]webhook.Delivery) error,
) error {
	if err := commit(nil); err != nil {
		return err
	}
	e.record(event + " " + reference)
	return nil
}

func (e *recorder) Send(_ context.Context, body string, _ time.Time) error {
	e.record("job " + body)
	return nil
}

func (e *recorder) record(s string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.sent = append(e.sent, s)
}

// flaky is a reader that fails like a crashed engine until told otherwise.
type flaky struct{ ok atomic.Bool }

func (f *flaky) Read(context.Context, []byte, string, string) (extraction.Result, error) {
	if f.ok.Load() {
		return extraction.Result{GlobalConfidence: 1}, nil
	}
	return extraction.Result{}, errors.New("engine crashed")
}

// TestExtractionRecoveryOnTheStore drives the service on the real table and bucket: a job whose
// worker keeps crashing is re-queued by the sweep, then failed with its credit refunded; and two
// workers racing on one job finish it once.
func TestExtractionRecoveryOnTheStore(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	getenv, err := local.Getenv("ExtractionWorkerFunction")
	if err != nil {
		t.Fatal(err)
	}
	clients := awstest.Clients(t)
	store := dynamo.Store{API: clients.DynamoDB, Table: getenv("TABLE_NAME")}
	now := time.Now()
	var clock sync.Mutex
	reader, out := &flaky{}, &recorder{}
	svc := &extraction.Service{
		Store:       dynamo.NewExtractionRepo(store),
		Blobs:       blobstore.Store{API: clients.S3, Bucket: getenv("DOCUMENTS_BUCKET")},
		Jobs:        out,
		Events:      out,
		Reader:      reader,
		Price:       1,
		MaxBytes:    1 << 20,
		MaxAttempts: 2,
		Now:         func() time.Time { clock.Lock(); defer clock.Unlock(); return now },
	}
	advance := func() { clock.Lock(); now = now.Add(4 * time.Minute); clock.Unlock() }
	balance := func() int {
		u, err := dynamo.NewUserRepo(store).User(context.Background(), creds.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		return u.Credits
	}
	ctx := context.Background()
	live := extraction.Caller{OwnerID: creds.User.ID, Live: true}
	start := balance()
	_, items, err := svc.Submit(
		ctx,
		live,
		[]extraction.Document{{Type: "passport", Data: testdocument(t, "icao-td3-clean.png")}},
		false,
	)
	if err != nil {
		t.Fatal(err)
	}
	id := items[0].ID
	if balance() != start-1 {
		t.Fatalf("balance %d after one extraction from %d", balance(), start)
	}
	for attempt := 1; attempt <= 2; attempt++ {
		// A temporary failure gives the job back to the queue, but on its last delivery it fails
		// the job for good, refunded, rather than leave it to the dead-letter queue.
		err := svc.Process(ctx, id)
		if attempt < 2 && err == nil {
			t.Fatalf("attempt %d: a crash reported success", attempt)
		}
		if attempt == 2 && err != nil {
			t.Fatalf("the last attempt's crash: %v, want the job failed for good", err)
		}
		if err := svc.Process(ctx, id); err != nil {
			t.Fatalf("attempt %d: a second delivery during the lease: %v", attempt, err)
		}
		advance()
		if err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
	}
	e, err := dynamo.NewExtractionRepo(store).Extraction(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if e.Status != extraction.StatusFailed || e.Error == nil || e.Error.Code != "processing_abandoned" ||
		e.CreditsUsed != 0 ||
		balance() != start {
		t.Errorf("after every attempt: %+v, balance %d (want %d)", e, balance(), start)
	}
	if n := strings.Count(strings.Join(out.sent, "\n"), "extraction.failed "+id); n != 1 {
		t.Errorf("failure events = %d: %v", n, out.sent)
	}

	reader.ok.Store(true)
	_, items, err = svc.Submit(
		ctx,
		live,
		[]extraction.Document{{Type: "passport", Data: testdocument(t, "icao-td3-clean.png")}},
		false,
	)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if err := svc.Process(ctx, items[0].ID); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := strings.Count(strings.Join(out.sent, "\n"), "extraction.completed "+items[0].ID); n != 1 {
		t.Errorf("completion events from four racing workers = %d", n)
	}
}

// TestCreditsLedger: after a concurrent burst of extractions, some refunded, the balance equals
// the sum of the ledger, and paging through the ledger returns every entry once.
func TestCreditsLedger(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "ledger@example.com")
	grantCredits(t, local, c, jwt, 10)
	files := []string{
		"icao-td3-clean.png",
		"unreadable-photo.jpg",
		"icao-td1-clean.png",
		"unreadable-photo.jpg",
		"fra-id-clean.png",
		"nld-id-clean.png",
		"unreadable-photo.jpg",
		"ita-id-clean.png",
	}
	ids := make([]string, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Go(func() {
			r := c.do(
				"POST",
				"/v1/extract/async",
				form{formField("documentType", "auto"), formFile("file", f, testdocument(t, f))},
				key(live)...)
			var accepted struct{ ExtractionID string }
			if r.status == 202 {
				r.json(t, &accepted)
			}
			ids[i] = accepted.ExtractionID
		})
	}
	wg.Wait()
	for _, id := range ids {
		if id == "" {
			t.Fatal("a submission was refused")
		}
		poll(t, c, key(live), id)
	}
	balance := credits(t, c, jwt)
	sum, seen := 0, map[string]bool{}
	for next := "/v1/billing/credits?limit=3"; next != ""; {
		r := c.do("GET", next, nil, key(live)...)
		expect(t, "ledger page", r, 200, "")
		var page struct {
			Data []struct {
				ID     string
				Amount int
			}
			NextCursor *string
		}
		r.json(t, &page)
		for _, e := range page.Data {
			if seen[e.ID] {
				t.Errorf("entry %s listed twice", e.ID)
			}
			seen[e.ID] = true
			sum += e.Amount
		}
		next = nextPage(t, r, page.NextCursor)
	}
	if balance != 5 || float64(sum) != balance || len(seen) != 1+8+3 {
		t.Errorf(
			"balance %v, ledger sum %d over %d entries; want 5 = 10 - 8 + 3 refunds, 12 entries",
			balance,
			sum,
			len(seen),
		)
	}
	expect(
		t,
		"a forged cursor",
		c.do("GET", "/v1/billing/credits?cursor=eyJwayI6IlVTRVIjc29tZW9uZSJ9", nil, key(live)...),
		422,
		"",
	)
}

// uploadSlot is the answer of POST /v1/uploads: a presigned upload.
type uploadSlot struct {
	UploadID, UploadURL, Method string
	Headers                     map[string]string
}

// putToSlot sends data to a slot's presigned URL with the headers it names, as a mobile app does.
func putToSlot(t *testing.T, slot uploadSlot, data []byte) {
	t.Helper()
	put, _ := http.NewRequest(slot.Method, slot.UploadURL, bytes.NewReader(data))
	for k, v := range slot.Headers {
		put.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(put)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("PUT to the presigned URL: %v %v", err, resp)
	}
	resp.Body.Close()
}

// TestExtractionQuality: every decoded image gets result.quality, a failed reading included. A
// sharp scan is good; an out-of-focus photo and a scan with 6-pixel characters are retakes,
// with their reasons; a page without MRZ fails (not charged) and still says what it measured.
func TestExtractionQuality(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	cred := key(creds.User.APIKey)
	type quality struct {
		Status  string
		Reasons []string
	}
	for _, tc := range []struct {
		file, status string
		reasons      []string
		failed       bool
	}{
		{"icao-td3-clean.png", "good", []string{}, false},
		{"icao-td1-blur.jpg", "retake", []string{"blurred"}, false},
		{"icao-td3-small.png", "retake", []string{"too_small"}, false},
		{"unreadable-photo.jpg", "good", []string{}, true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := c.do(
				"POST",
				"/v1/extract/async",
				form{formField("documentType", "auto"), formFile("file", tc.file, testdocument(t, tc.file))},
				cred...)
			expect(t, "extract", r, 202, "")
			var accepted struct{ ExtractionID string }
			r.json(t, &accepted)
			poll(t, c, cred, accepted.ExtractionID)
			r = c.do("GET", "/v1/extractions/"+accepted.ExtractionID, nil, cred...)
			var v struct {
				Status      string
				CreditsUsed int
				Result      *struct {
					ExtractedData json.RawMessage
					Quality       *quality
				}
				Error *struct{ Code string }
			}
			r.json(t, &v)
			if v.Result == nil || v.Result.Quality == nil {
				t.Fatalf("no result.quality: %s", r.body)
			}
			q := *v.Result.Quality
			if q.Status != tc.status || !slices.Equal(q.Reasons, tc.reasons) {
				t.Errorf("quality = %+v, want %s %v", q, tc.status, tc.reasons)
			}
			if tc.failed {
				// Nothing read: failed, nothing charged, the result is the quality alone.
				if v.Status != "failed" || v.Error == nil || v.Error.Code != "mrz_not_found" || v.CreditsUsed != 0 ||
					v.Result.ExtractedData != nil {
					t.Errorf("extraction = %s", r.body)
				}
			} else if tc.status == "good" && v.Status != "completed" {
				t.Errorf("a good scan: %s", r.body)
			}
		})
	}
}

// An extraction's document is shown through a short-lived link: the owner's, in the extraction's
// mode, opening the very file sent, until the file's retention deletes it (410).
func TestExtractionDocumentLink(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	seeded := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt, liveSecret := newLiveUser(t, c, outbox, "document-link@example.com")
	grantCredits(t, local, c, jwt, 2)
	testSecret, _ := newKey(t, c, jwt, "test")
	live, test, other := key(liveSecret), key(testSecret), key(seeded.User.APIKey)
	page := blankPage(t) // failed by the worker, quickly: the file stays all the same
	submit := func(cred []string) string {
		t.Helper()
		r := c.do(
			"POST",
			"/v1/extract/async",
			form{formField("documentType", "passport"), formFile("file", "scan.png", page)},
			cred...)
		expect(t, "extract", r, 202, "")
		var a struct{ ExtractionID string }
		r.json(t, &a)
		return a.ExtractionID
	}
	type link struct {
		URL         string
		ExpiresAt   time.Time
		ContentType string
	}
	document := func(id string, cred []string) link {
		t.Helper()
		asked := time.Now()
		r := c.do("GET", "/v1/extractions/"+id+"/document", nil, cred...)
		expect(t, "document", r, 200, "")
		var l link
		r.json(t, &l)
		if r.header.Get("Cache-Control") != "no-store" || l.ContentType != "image/png" ||
			l.ExpiresAt.Before(
				asked.Add(5*time.Minute-time.Second),
			) || l.ExpiresAt.After(time.Now().Add(5*time.Minute+time.Second)) {
			t.Errorf(
				"document link = %s (Cache-Control %q), want image/png for 5 minutes, not stored",
				r.body,
				r.header.Get("Cache-Control"),
			)
		}
		if u, err := url.Parse(l.URL); err != nil || u.Query().Get("X-Amz-Expires") != "300" {
			t.Errorf("url %q: want a presigned GET of 300 s", l.URL)
		}
		return l
	}
	liveOne, testOne := submit(live), submit(test)

	t.Run("the owner opens the file it sent", func(t *testing.T) {
		for _, cred := range [][]string{live, bearer(jwt)} {
			l := document(liveOne, cred)
			resp, err := http.Get(l.URL)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !bytes.Equal(body, page) || resp.Header.Get("Content-Type") != "image/png" {
				t.Errorf(
					"GET the link: %d, %s, %d bytes, want 200 image/png with the %d bytes sent",
					resp.StatusCode,
					resp.Header.Get("Content-Type"),
					len(body),
					len(page),
				)
			}
		}
		document(testOne, test)
		document(testOne, bearer(jwt))
	})

	t.Run("refused", func(t *testing.T) {
		path := func(id string) string { return "/v1/extractions/" + id + "/document" }
		expect(t, "a test key, a live extraction", c.do("GET", path(liveOne), nil, test...), 404, "not_found")
		expect(t, "a live key, a test extraction", c.do("GET", path(testOne), nil, live...), 404, "not_found")
		expect(t, "another user", c.do("GET", path(liveOne), nil, other...), 404, "not_found")
		expect(t, "an unknown extraction", c.do("GET", path("ext_unknown"), nil, live...), 404, "not_found")
		expect(t, "no credential", c.do("GET", path(liveOne), nil), 401, "")
		expect(t, "a partner", c.do("GET", path(liveOne), nil, key(seeded.Partners[0].APIKey)...), 403, "forbidden")
	})

	t.Run("gone with the file", func(t *testing.T) {
		getenv, err := local.Getenv("ExtractionFunction")
		if err != nil {
			t.Fatal(err)
		}
		// The bucket's lifecycle deletes raw files after RawDocumentRetentionDays; the record stays.
		for _, k := range rawFiles(t, local, c, jwt) {
			if _, err := awstest.Clients(t).S3.DeleteObject(context.Background(), &s3.DeleteObjectInput{
				Bucket: aws.String(getenv("DOCUMENTS_BUCKET")), Key: aws.String(k)}); err != nil {
				t.Fatal(err)
			}
		}
		expect(t, "the extraction", c.do("GET", "/v1/extractions/"+liveOne, nil, live...), 200, "")
		expect(t, "its document", c.do("GET", "/v1/extractions/"+liveOne+"/document", nil, live...), 410, "gone")
		expect(
			t,
			"another user's, still",
			c.do("GET", "/v1/extractions/"+liveOne+"/document", nil, other...),
			404,
			"not_found",
		)
	})
}

// failingOutcome is the extraction store whose first outcome carrying an event fails to commit, as
// when the write of the event's delivery fails in the outcome's transaction.
type failingOutcome struct {
	*dynamo.ExtractionRepo
	failed atomic.Bool
}

func (f *failingOutcome) FinishExtraction(
	ctx context.Context,
	e extraction.Extraction,
	refund creditsdomain.Movement,
	events []webhook.Delivery,
) error {
	if len(events) > 0 && f.failed.CompareAndSwap(false, true) {
		return errors.New("injected: the delivery's write failed")
	}
	return f.ExtractionRepo.FinishExtraction(ctx, e, refund, events)
}

// TestExtractionEventSurvivesAFailedWrite kills the step between an extraction's outcome and its
// event (the delivery's write fails) and retries the job as the queue would: the endpoint receives
// extraction.completed exactly once. Published after the commit, the event was lost: the retried
// job found the extraction finished and sent nothing.
func TestExtractionEventSurvivesAFailedWrite(t *testing.T) {
	t.Parallel()
	local, creds, c, hooks := webhookStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r := c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL, "events": []string{"extraction.completed"}},
		bearer(jwt)...)
	expect(t, "endpoint", r, 201, "")
	var ep struct{ ID string }
	r.json(t, &ep)

	getenv, err := local.Getenv("ExtractionWorkerFunction")
	if err != nil {
		t.Fatal(err)
	}
	clients := awstest.Clients(t)
	store := dynamo.Store{API: clients.DynamoDB, Table: getenv("TABLE_NAME")}
	reader := &flaky{}
	reader.ok.Store(true)
	now := time.Now()
	svc := &extraction.Service{
		Store:       &failingOutcome{ExtractionRepo: dynamo.NewExtractionRepo(store)},
		Blobs:       blobstore.Store{API: clients.S3, Bucket: getenv("DOCUMENTS_BUCKET")},
		Jobs:        &recorder{}, // the job is run here, not by the stack's worker
		Events:      hooks.Service,
		Reader:      reader,
		Price:       1,
		MaxBytes:    1 << 20,
		MaxAttempts: 3,
		Now:         func() time.Time { return now },
	}
	ctx := context.Background()
	_, items, err := svc.Submit(ctx, extraction.Caller{OwnerID: creds.User.ID, Live: true},
		[]extraction.Document{{Type: "passport", Data: testdocument(t, "icao-td3-clean.png")}}, false)
	if err != nil {
		t.Fatal(err)
	}
	id := items[0].ID
	if err := svc.Process(ctx, id); err == nil {
		t.Fatal("the failed write reported success: the queue would not retry the job")
	}
	now = now.Add(time.Second)
	for range 2 { // the queue's retry, then a duplicate message
		if err := svc.Process(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, 10*time.Second, "extraction.completed", func() bool { return len(rc.got()) > 0 })
	deliveries := func() []deliveryJSON {
		r := c.do("GET", "/v1/webhooks/"+ep.ID+"/deliveries", nil, bearer(jwt)...)
		var page struct{ Data []deliveryJSON }
		r.json(t, &page)
		return page.Data
	}
	waitFor(t, 10*time.Second, "the delivery succeeded", func() bool {
		ds := deliveries()
		return len(ds) == 1 && ds[0].Status == "SUCCEEDED"
	})
	if ds, got := deliveries(), rc.got(); len(ds) != 1 || len(got) != 1 ||
		!strings.Contains(string(got[0].body), id) || got[0].header.Get("X-Service-Event") != "extraction.completed" {
		t.Errorf("%d deliveries stored, %d received; want the event exactly once", len(ds), len(got))
	}
}
