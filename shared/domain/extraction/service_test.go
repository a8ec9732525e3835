package extraction_test

import (
	"bytes"
	"context"
	"errors"
	"github.com/trustline/platform/shared/domain/credits"
	"image"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// memory is an in-memory Store, Blobs, Jobs and Events with the conditional behaviour of the real
// adapters (atomic debit, claims, one finisher).
type memory struct {
	mu       sync.Mutex
	credits  map[string]int
	moves    []credits.Movement // the charges and refunds made, in order
	items    map[string]extraction.Extraction
	leases   map[string]time.Time
	batches  map[string]extraction.Batch
	uploads  map[string]uploads.Slot
	blobs    map[string][]byte
	jobs     []string
	events   []string
	failJobs bool
	// failFinish is how many FinishExtraction transactions fail (as when the delivery write in
	// them fails), writing nothing.
	failFinish int
	counters   map[string]int
}

func newMemory() *memory {
	return &memory{credits: map[string]int{}, items: map[string]extraction.Extraction{}, leases: map[string]time.Time{},
		batches: map[string]extraction.Batch{}, uploads: map[string]uploads.Slot{}, blobs: map[string][]byte{},
		counters: map[string]int{}}
}

func (m *memory) Reserve(_ context.Context, subject string, n, max int, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counters[subject]+n > max {
		return false, nil
	}
	m.counters[subject] += n
	return true, nil
}

func (m *memory) Count(_ context.Context, subject string) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counters[subject], nil
}

func (m *memory) CreateExtractions(
	_ context.Context,
	charge credits.Movement,
	b *extraction.Batch,
	items []extraction.Extraction,
) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.credits[charge.UserID]+charge.Amount < 0 {
		return charge.Refusal()
	}
	_, batchExists := m.batches[batchID(b)]
	for _, e := range items {
		if _, ok := m.items[e.ID]; ok || batchExists {
			return fault.New(fault.Conflict, "exists")
		}
	}
	m.credits[charge.UserID] += charge.Amount
	if charge.Amount != 0 {
		m.moves = append(m.moves, charge)
	}
	if b != nil {
		m.batches[b.ID] = *b
	}
	for _, e := range items {
		m.items[e.ID] = e
	}
	return nil
}

func batchID(b *extraction.Batch) string {
	if b == nil {
		return ""
	}
	return b.ID
}

func (m *memory) Extraction(_ context.Context, id string) (extraction.Extraction, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.items[id]
	if !ok {
		return e, fault.New(fault.NotFound, "no")
	}
	return e, nil
}

func (m *memory) Batch(_ context.Context, id string) (extraction.Batch, []extraction.Extraction, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.batches[id]
	if !ok {
		return b, nil, fault.New(fault.NotFound, "no")
	}
	var out []extraction.Extraction
	for _, e := range m.items {
		if e.BatchID == id {
			out = append(out, e)
		}
	}
	return b, out, nil
}

func (m *memory) ClaimExtraction(_ context.Context, id string, until, now time.Time) (extraction.Extraction, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.items[id]
	if !ok ||
		!(e.Status == extraction.StatusQueued || e.Status == extraction.StatusProcessing && m.leases[id].Before(now)) {
		return e, fault.New(fault.Conflict, "not claimable")
	}
	e.Status, e.Attempts = extraction.StatusProcessing, e.Attempts+1
	m.items[id], m.leases[id] = e, until
	if b, ok := m.batches[e.BatchID]; ok {
		b.Started = true
		m.batches[e.BatchID] = b
	}
	return e, nil
}

func (m *memory) ReleaseExtraction(_ context.Context, id string, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.items[id]
	if !ok || e.Status != extraction.StatusProcessing {
		return fault.New(fault.Conflict, "not processing")
	}
	e.Releases++
	m.items[id], m.leases[id] = e, now
	return nil
}

func (m *memory) FinishExtraction(
	_ context.Context,
	e extraction.Extraction,
	refund credits.Movement,
	events []webhook.Delivery,
) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.items[e.ID].Status != extraction.StatusProcessing {
		return fault.New(fault.Conflict, "finished")
	}
	if m.failFinish > 0 {
		m.failFinish--
		return errors.New("transaction cancelled: the delivery's write failed")
	}
	for _, d := range events {
		m.events = append(m.events, d.Event+" "+d.Reference)
	}
	m.items[e.ID] = e
	if b, ok := m.batches[e.BatchID]; ok {
		if e.Status == extraction.StatusFailed {
			b.Failed++
		} else {
			b.Completed++
		}
		m.batches[e.BatchID] = b
	}
	m.credits[refund.UserID] += refund.Amount
	if refund.Amount != 0 {
		m.moves = append(m.moves, refund)
	}
	return nil
}

func (m *memory) DueExtractions(_ context.Context, before time.Time, _ int) ([]extraction.Extraction, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []extraction.Extraction
	for _, e := range m.items {
		due := e.SweepAt
		if e.Status == extraction.StatusProcessing {
			due = m.leases[e.ID]
		}
		if !e.Status.Done() && due.Before(before) {
			out = append(out, e)
		}
	}
	return out, nil
}

func (m *memory) PostponeExtraction(_ context.Context, id string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.items[id]
	e.SweepAt = at
	m.items[id] = e
	return nil
}

func (m *memory) PutUpload(_ context.Context, u uploads.Slot) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.uploads[u.ID] = u
	return nil
}

func (m *memory) Upload(_ context.Context, id string) (uploads.Slot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	u, ok := m.uploads[id]
	if !ok {
		return u, fault.New(fault.NotFound, "no")
	}
	return u, nil
}

func (m *memory) Put(_ context.Context, key string, data []byte, _ string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.blobs[key] = data
	return nil
}

func (m *memory) Read(_ context.Context, key string, limit int64) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.blobs[key]
	if !ok {
		return nil, fault.New(fault.NotFound, "no")
	}
	return b[:min(int64(len(b)), limit)], nil
}

func (m *memory) Size(_ context.Context, key string) (int64, error) {
	b, err := m.Read(context.Background(), key, 1<<40)
	return int64(len(b)), err
}

func (m *memory) PresignPut(
	_ context.Context,
	key, _ string,
	_ int64,
	_ time.Duration,
) (string, map[string]string, error) {
	return "https://bucket.example/" + key, nil, nil
}

func (m *memory) PresignView(_ context.Context, key, contentType string, ttl time.Duration) (string, error) {
	return "https://bucket.example/" + key + "?type=" + contentType + "&ttl=" + ttl.String(), nil
}

func (m *memory) Send(_ context.Context, body string, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failJobs {
		return errors.New("queue down")
	}
	m.jobs = append(m.jobs, body)
	return nil
}

// Emit gives the change one delivery of the event, as to one subscribed endpoint: FinishExtraction
// stores it in its transaction.
func (m *memory) Emit(
	_ context.Context,
	_ string,
	_ bool,
	event, reference string,
	_ any,
	commit func([]webhook.Delivery) error,
) error {
	return commit([]webhook.Delivery{{Event: event, Reference: reference}})
}

// reader answers by the file's first byte after the PNG signature: 'u' unreadable, 't' temporary.
type reader struct{ calls int }

func (r *reader) Read(_ context.Context, data []byte, _, _ string) (extraction.Result, error) {
	r.calls++
	switch data[len(pngSig)] {
	case 'u':
		return extraction.Result{}, &fault.Error{Kind: fault.Invalid, Code: "mrz_not_found", Detail: "none"}
	case 't':
		return extraction.Result{}, errors.New("engine crashed")
	}
	return extraction.Result{GlobalConfidence: 0.9}, nil
}

const pngSig = "\x89PNG\r\n\x1a\n"

func service(m *memory, r *reader, now *time.Time) *extraction.Service {
	return &extraction.Service{Store: m, Blobs: m, Jobs: m, Events: m, Reader: r, Price: 1, MaxBytes: 1 << 20,
		TestQuota: testmode.Quota{Counter: m, PerDay: 3, Now: func() time.Time { return *now }},
		Uploads: &uploads.Service{
			Store:    m,
			Blobs:    m,
			MaxBytes: 1 << 20,
			TTL:      time.Minute,
			Now:      func() time.Time { return *now },
		},
		MaxAttempts: 3, Now: func() time.Time { return *now }}
}

func TestSubmitChargesLiveCallersAtomically(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	m.credits["u1"] = 2
	live := extraction.Caller{OwnerID: "u1", Live: true}
	doc := func(b string) extraction.Document {
		return extraction.Document{Type: "passport", Data: []byte(pngSig + b)}
	}
	_, _, err := s.Submit(context.Background(), live, []extraction.Document{doc("a"), doc("b"), doc("c")}, true)
	if f := fault.As(err); f.Code != "insufficient_credits" || m.credits["u1"] != 2 || len(m.items) != 0 ||
		len(m.jobs) != 0 {
		t.Fatalf(
			"3 documents on 2 credits: %v, credits %d, items %d, jobs %d",
			err,
			m.credits["u1"],
			len(m.items),
			len(m.jobs),
		)
	}
	b, items, err := s.Submit(context.Background(), live, []extraction.Document{doc("a"), doc("b")}, true)
	if err != nil || b == nil || len(items) != 2 || m.credits["u1"] != 0 || len(m.jobs) != 2 ||
		items[0].CreditsUsed != 1 {
		t.Fatalf("2 documents: %v %+v, credits %d", err, items, m.credits["u1"])
	}
	if _, items, err := s.Submit(context.Background(), extraction.Caller{OwnerID: "u1"},
		[]extraction.Document{doc("a")}, false); err != nil ||
		items[0].CreditsUsed != 0 {
		t.Fatalf("a test key is not charged: %v", err)
	}
}

// A submission run again under its idempotency key (its first answer lost, or its first run killed
// after it recorded the documents) answers what the first run recorded: the same ids, charged once,
// queued once, nothing stored twice; the test quota is not taken again either.
func TestSubmitUnderAKeyChargesOnce(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	m.credits["u1"] = 5
	live := extraction.Caller{OwnerID: "u1", Live: true}
	doc := func(b string) extraction.Document {
		return extraction.Document{Type: "passport", Data: []byte(pngSig + b)}
	}
	key := func(seed string) context.Context {
		return idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte(seed), Started: now})
	}
	_, first, err := s.Submit(key("one"), live, []extraction.Document{doc("a")}, false)
	if err != nil {
		t.Fatal(err)
	}
	_, again, err := s.Submit(key("one"), live, []extraction.Document{doc("a")}, false)
	if err != nil || again[0].ID != first[0].ID || m.credits["u1"] != 4 || len(m.jobs) != 1 || len(m.items) != 1 {
		t.Fatalf("the submission run again: %v %s (first %s), credits %d, jobs %d, items %d; want the first, "+
			"charged once", err, again[0].ID, first[0].ID, m.credits["u1"], len(m.jobs), len(m.items))
	}
	b, items, err := s.Submit(key("two"), live, []extraction.Document{doc("a"), doc("b")}, true)
	if err != nil {
		t.Fatal(err)
	}
	b2, items2, err := s.Submit(key("two"), live, []extraction.Document{doc("a"), doc("b")}, true)
	if err != nil || b2.ID != b.ID || len(items2) != 2 || m.credits["u1"] != 2 || len(m.items) != 3 {
		t.Fatalf("the batch run again: %v %+v, credits %d, items %d; want the first batch, charged once", err, b2,
			m.credits["u1"], len(m.items))
	}
	if len(m.moves) != 2 || items[0].ID == first[0].ID {
		t.Errorf("moves %+v, want one charge a submission", m.moves)
	}
	test := extraction.Caller{OwnerID: "u2"}
	for range 3 {
		if _, _, err := s.Submit(key("three"), test, []extraction.Document{doc("a")}, false); err != nil {
			t.Fatalf("a test submission run again: %v", err)
		}
	}
	if used, _ := m.Count(context.Background(), testQuotaSubject(t, m)); used != 1 {
		t.Errorf("the test quota counted %d, want 1", used)
	}
}

// testQuotaSubject is the one counter of the test quota in m.
func testQuotaSubject(t *testing.T, m *memory) string {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	for subject := range m.counters {
		return subject
	}
	t.Fatal("no counter")
	return ""
}

// Test mode is free but bounded: the quota counts documents across calls, and a call over it stores
// and queues nothing.
func TestTestModeQuota(t *testing.T) {
	m, now := newMemory(), time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	s := service(m, &reader{}, &now)
	test := extraction.Caller{OwnerID: "u1"}
	doc := extraction.Document{Type: "passport", Data: []byte(pngSig + "a")}
	if _, _, err := s.Submit(context.Background(), test, []extraction.Document{doc, doc}, true); err != nil {
		t.Fatal(err)
	}
	blobs := len(m.blobs)
	_, _, err := s.Submit(context.Background(), test, []extraction.Document{doc, doc}, true)
	if f := fault.As(err); f.Kind != fault.RateLimited || f.Code != "test_quota_exceeded" || f.RetryAfter != 6*3600+1 {
		t.Fatalf("2 more on a quota of 3 with 2 used: %+v", f)
	}
	if len(m.items) != 2 || len(m.jobs) != 2 || len(m.blobs) != blobs {
		t.Errorf("refused batch left items %d, jobs %d, files %d", len(m.items), len(m.jobs), len(m.blobs)-blobs)
	}
	if _, _, err := s.Submit(context.Background(), test, []extraction.Document{doc}, false); err != nil {
		t.Errorf("the last one of the day: %v", err)
	}
	if _, _, err := s.Submit(context.Background(), extraction.Caller{OwnerID: "u1", Live: true},
		[]extraction.Document{doc}, false); !fault.Is(
		err,
		fault.PaymentRequired,
	) {
		t.Errorf("a live key does not draw on the test quota (and has no credits): %v", err)
	}
	now = now.Add(6 * time.Hour)
	if _, _, err := s.Submit(context.Background(), test, []extraction.Document{doc}, false); err != nil {
		t.Errorf("the next UTC day: %v", err)
	}
}

func TestSubmitValidation(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	c := extraction.Caller{OwnerID: "u1"}
	for _, tc := range []struct {
		name  string
		docs  []extraction.Document
		batch bool
		kind  fault.Kind
		param string
	}{
		{"unknown type", []extraction.Document{{Type: "banknote", Data: []byte(pngSig)}}, false, fault.Invalid,
			"documentType"},
		{"missing type in a batch", []extraction.Document{{Data: []byte(pngSig)}, {Type: "visa"}}, true, fault.Invalid,
			"documents[0].documentType"},
		{"neither file nor upload", []extraction.Document{{Type: "visa"}}, false, fault.Invalid, "file"},
		{"not an image", []extraction.Document{{Type: "visa", Data: []byte("GIF89a")}}, false, fault.UnsupportedMedia,
			""},
		{"too large", []extraction.Document{{Type: "visa", Data: append([]byte(pngSig), make([]byte, 1<<20)...)}},
			false, fault.TooLarge, ""},
		{"two without a batch", []extraction.Document{{Type: "visa", Data: []byte(pngSig)}, {Type: "visa",
			Data: []byte(pngSig)}}, false, fault.BadRequest, ""},
		{"another user's upload", []extraction.Document{{Type: "visa", UploadID: "upl_x"}}, false, fault.NotFound, ""},
		// An empty batch is out of range like one over MaxBatch, not a malformed request.
		{"an empty batch", nil, true, fault.Invalid, "documents"},
		{"a batch over the bound", slices.Repeat([]extraction.Document{{Type: "visa", Data: []byte(pngSig)}},
			extraction.MaxBatch+1), true, fault.Invalid, "documents"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m.uploads["upl_x"] = uploads.Slot{ID: "upl_x", OwnerID: "someone-else"}
			_, _, err := s.Submit(context.Background(), c, tc.docs, tc.batch)
			f := fault.As(err)
			if f.Kind != tc.kind ||
				(tc.param != "" && !slices.ContainsFunc(f.InvalidParams,
					func(p string) bool { return strings.HasPrefix(p, tc.param+":") })) {
				t.Errorf("error = %+v", f)
			}
			if len(m.items) != 0 || len(m.blobs) != 0 {
				t.Errorf("a refused document left %d items and %d files", len(m.items), len(m.blobs))
			}
		})
	}
}

func TestProcessIsOnceAndRefundsFailures(t *testing.T) {
	m, now := newMemory(), time.Now()
	r := &reader{}
	s := service(m, r, &now)
	m.credits["u1"] = 5
	live := extraction.Caller{OwnerID: "u1", Live: true}
	_, items, err := s.Submit(
		context.Background(),
		live,
		[]extraction.Document{{Type: "auto", Data: []byte(pngSig + "ok")}, {Type: "auto", Data: []byte(pngSig + "u")}},
		true,
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range items {
		for range 2 { // a duplicate message
			if err := s.Process(context.Background(), e.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	ok, bad := m.items[items[0].ID], m.items[items[1].ID]
	if ok.Status != extraction.StatusCompleted || bad.Status != extraction.StatusFailed ||
		bad.Error.Code != "mrz_not_found" ||
		bad.CreditsUsed != 0 {
		t.Errorf("outcomes: %+v / %+v", ok, bad)
	}
	if m.credits["u1"] != 4 || r.calls != 2 {
		t.Errorf(
			"credits %d (want 4: one refunded), reads %d (want 2: duplicates do nothing)",
			m.credits["u1"],
			r.calls,
		)
	}
	if !slices.Equal(m.events, []string{"extraction.completed " + ok.ID, "extraction.failed " + bad.ID}) {
		t.Errorf("events = %v", m.events)
	}
	// The ledger says what each movement was for: the batch charged at once, the failed document
	// refunded on its own.
	if len(m.moves) != 2 || m.moves[0] != credits.Charge("u1", 2, credits.ReasonBatch, ok.BatchID, m.moves[0].At) ||
		m.moves[1] != credits.Refund("u1", 1, bad.ID, m.moves[1].At) {
		t.Errorf("credits moved %+v, want the batch's charge of 2 and the failed document's refund of 1", m.moves)
	}
	_, list, _ := s.GetBatch(context.Background(), live, ok.BatchID)
	if status, completed, failed := extraction.BatchStatus(list); status != extraction.StatusCompleted ||
		completed != 1 ||
		failed != 1 {
		t.Errorf("batch = %s %d %d", status, completed, failed)
	}
	if _, err := s.Get(context.Background(), extraction.Caller{OwnerID: "u2", Live: true}, ok.ID); !fault.Is(
		err,
		fault.NotFound,
	) {
		t.Errorf("another owner reads it: %v", err)
	}
	if _, err := s.Get(context.Background(), extraction.Caller{OwnerID: "u1"}, ok.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("the owner's test key reads a live extraction: %v", err)
	}
	if _, _, err := s.GetBatch(context.Background(), extraction.Caller{OwnerID: "u1"}, ok.BatchID); !fault.Is(
		err,
		fault.NotFound,
	) {
		t.Errorf("the owner's test key reads a live batch: %v", err)
	}
	if _, err := s.Get(context.Background(), extraction.Caller{OwnerID: "u1", AnyMode: true}, ok.ID); err != nil {
		t.Errorf("the owner's login session reads it: %v", err)
	}
}

// An outcome and the event that reports it are one write (the outbox): when the write of the
// event's delivery fails, the outcome is not stored either, and the job's retry stores both, so the
// event goes out exactly once. Published after the commit, the event was lost: the retry found the
// extraction finished and sent nothing.
func TestEventIsWrittenWithItsOutcome(t *testing.T) {
	for _, doc := range []struct{ name, data, event string }{
		{"completed", pngSig + "ok", "extraction.completed"},
		{"failed", pngSig + "u", "extraction.failed"},
	} {
		t.Run(doc.name, func(t *testing.T) {
			m, now := newMemory(), time.Now()
			s := service(m, &reader{}, &now)
			m.credits["u1"] = 1
			live := extraction.Caller{OwnerID: "u1", Live: true}
			_, items, err := s.Submit(context.Background(), live,
				[]extraction.Document{{Type: "auto", Data: []byte(doc.data)}}, false)
			if err != nil {
				t.Fatal(err)
			}
			id := items[0].ID
			m.failFinish = 1
			if err := s.Process(context.Background(), id); err == nil {
				t.Fatal("the failed write reported success: the queue would not retry the job")
			}
			if got := m.items[id].Status; got != extraction.StatusProcessing || len(m.events) != 0 {
				t.Fatalf("after the failed write: %s, events %v; want processing and none", got, m.events)
			}
			now = now.Add(time.Second)
			for range 2 { // the queue's retry, then a duplicate message
				if err := s.Process(context.Background(), id); err != nil {
					t.Fatal(err)
				}
			}
			if want := []string{doc.event + " " + id}; !slices.Equal(m.events, want) {
				t.Errorf("events = %v, want %v exactly once", m.events, want)
			}
		})
	}
}

func TestCrashedJobsAreRetriedThenFailedWithARefund(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	var alarms extraction.Alarms = &alarmLog{}
	s.Alarms = alarms
	m.credits["u1"] = 1
	m.failJobs = true // the job is lost: the sweep must find it
	_, items, err := s.Submit(
		context.Background(),
		extraction.Caller{OwnerID: "u1", Live: true},
		[]extraction.Document{{Type: "auto", Data: []byte(pngSig + "t")}},
		false,
	)
	if err != nil {
		t.Fatalf("a lost queue message fails the request: %v", err)
	}
	id := items[0].ID
	m.failJobs = false
	if err := s.Sweep(context.Background()); err != nil || len(m.jobs) != 0 {
		t.Fatalf("swept too early: %v %v", err, m.jobs)
	}
	for attempt := 1; attempt <= 3; attempt++ {
		now = now.Add(4 * time.Minute) // past the sweep delay and any lease
		if err := s.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(m.jobs) != attempt {
			t.Fatalf("attempt %d: jobs %v", attempt, m.jobs)
		}
		err := s.Process(context.Background(), id)
		if attempt < 3 && err == nil {
			t.Fatalf("attempt %d: a failing engine reported success", attempt)
		}
		// The last delivery fails the job for good rather than leave it to the dead-letter queue.
		if attempt == 3 && err != nil {
			t.Fatalf("the last attempt returned %v: the job goes to the dead-letter queue", err)
		}
	}
	e := m.items[id]
	if e.Status != extraction.StatusFailed || e.Error.Code != "processing_abandoned" || m.credits["u1"] != 1 ||
		len(m.events) != 1 ||
		e.Releases != 2 {
		t.Errorf("after every attempt: %+v, credits %d, events %v", e, m.credits["u1"], m.events)
	}
	if len(alarms.(*alarmLog).refs) != 1 {
		t.Errorf("alarms = %v, want the quarantine reported", alarms)
	}
}

type alarmLog struct{ refs []string }

func (a *alarmLog) ExtractionQuarantined(_ context.Context, ref string) { a.refs = append(a.refs, ref) }

// A job whose attempts are killed (the worker out of memory or past its time-out, recording
// nothing) is quarantined at its next delivery after MaxKilled such attempts: failed for good,
// refunded, reported, never read again, though the queue would deliver it up to MaxAttempts times.
// Attempts that ended in a temporary error the worker reported do not count as killed.
func TestKilledJobsAreQuarantined(t *testing.T) {
	m, now := newMemory(), time.Now()
	r := &reader{}
	s := service(m, r, &now)
	s.MaxAttempts = 5
	a := &alarmLog{}
	s.Alarms = a
	m.credits["u1"] = 2
	live := extraction.Caller{OwnerID: "u1", Live: true}
	_, items, err := s.Submit(
		context.Background(),
		live,
		[]extraction.Document{{Type: "auto", Data: []byte(pngSig + "t")}, {Type: "auto", Data: []byte(pngSig + "t")}},
		true,
	)
	if err != nil {
		t.Fatal(err)
	}
	killed, flaky := items[0].ID, items[1].ID
	// The flaky job fails twice with a temporary error; the other is claimed twice and killed.
	for range extraction.MaxKilled {
		if err := s.Process(context.Background(), flaky); err == nil {
			t.Fatal("a temporary error reported success")
		}
		if _, err := m.ClaimExtraction(context.Background(), killed, now.Add(150*time.Second), now); err != nil {
			t.Fatal(err)
		}
		now = now.Add(4 * time.Minute) // past the lease: the queue delivers both again
	}
	reads := r.calls
	if err := s.Process(context.Background(), killed); err != nil {
		t.Fatalf("a quarantined job returned %v: the queue delivers it again", err)
	}
	if e := m.items[killed]; e.Status != extraction.StatusFailed || e.Error.Code != "processing_abandoned" ||
		e.CreditsUsed != 0 ||
		r.calls != reads {
		t.Errorf("killed twice: %+v, reads %d (want %d)", e, r.calls, reads)
	}
	if m.credits["u1"] != 1 || !slices.Equal(a.refs, []string{killed}) {
		t.Errorf("credits %d (want 1: the quarantined job refunded), alarms %v", m.credits["u1"], a.refs)
	}
	// The flaky job is read again: its failures were reported, not killed.
	if err := s.Process(context.Background(), flaky); err == nil || r.calls != reads+1 ||
		m.items[flaky].Status != extraction.StatusProcessing {
		t.Errorf("the flaky job after two reported failures: %v, reads %d, %s", err, r.calls, m.items[flaky].Status)
	}
}

// jpegHeader returns the start of a JPEG of w×h pixels, up to its scan, whose frame header comes
// after pad bytes of application segments, as a phone's EXIF, XMP and colour profile put it.
func jpegHeader(w, h, pad int) []byte {
	b := []byte{0xFF, 0xD8}
	for pad > 0 {
		n := min(pad, 65533)
		b = append(b, 0xFF, 0xE1, byte((n+2)>>8), byte(n+2))
		b = append(b, make([]byte, n)...)
		pad -= n
	}
	sof := []byte{
		0xFF,
		0xC0,
		0,
		17,
		8,
		byte(h >> 8),
		byte(h),
		byte(w >> 8),
		byte(w),
		3,
		1,
		0x22,
		0,
		2,
		0x11,
		1,
		3,
		0x11,
		1,
	}
	return append(append(b, sof...), 0xFF, 0xDA, 0, 12)
}

type handoffs map[string]handoff.File

func (h handoffs) File(_ context.Context, id string, _ handoff.Consumer) (handoff.File, error) {
	if f, ok := h[id]; ok {
		return f, nil
	}
	return handoff.File{}, fault.New(fault.NotFound, "no")
}

// An image over the pixel bound, or of 16 bits per channel, is refused by its header before
// anything is stored, charged or queued, however it comes: inline, in a batch beside good files,
// uploaded (its header read back from storage, past the first bytes when it must be), or through a
// handoff session.
func TestSubmitRefusesImagesOverTheBound(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	s.MaxBytes = 15 << 20
	live := extraction.Caller{OwnerID: "u1", Live: true}
	m.credits["u1"] = 10
	var deep bytes.Buffer
	if err := png.Encode(&deep, image.NewRGBA64(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	huge := jpegHeader(9000, 9000, 300<<10) // the frame header is past the first read of a stored file
	m.blobs["raw/u1/upl_huge"] = huge
	m.uploads["upl_huge"] = uploads.Slot{ID: "upl_huge", OwnerID: "u1", Key: "raw/u1/upl_huge"}
	m.blobs["handoff/hs_deep"] = deep.Bytes()
	s.Handoffs = handoffs{"hs_deep": {Key: "handoff/hs_deep", MIME: "image/png", Size: int64(deep.Len())}}
	stored := len(m.blobs)
	ok := extraction.Document{Type: "passport", Data: []byte(pngSig + "ok")}
	for _, tc := range []struct {
		name  string
		docs  []extraction.Document
		batch bool
	}{
		{"16-bit inline", []extraction.Document{{Type: "passport", Data: deep.Bytes()}}, false},
		{"over 40 megapixels inline", []extraction.Document{{Type: "passport", Data: jpegHeader(9000, 9000, 0)}},
			false},
		{"one in a batch", []extraction.Document{ok, ok, {Type: "passport", Data: deep.Bytes()}}, true},
		{"uploaded", []extraction.Document{{Type: "passport", UploadID: "upl_huge"}}, false},
		{"through a handoff", []extraction.Document{ok, {Type: "passport", HandoffSessionID: "hs_deep"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := s.Submit(context.Background(), live, tc.docs, tc.batch)
			if f := fault.As(err); f.Kind != fault.TooLarge || f.Code != "image_too_large" {
				t.Errorf("error = %v, want 413 image_too_large", err)
			}
			if m.credits["u1"] != 10 || len(m.items) != 0 || len(m.jobs) != 0 || len(m.blobs) != stored {
				t.Errorf(
					"credits %d, items %d, jobs %d, files %d: something was kept",
					m.credits["u1"],
					len(m.items),
					len(m.jobs),
					len(m.blobs)-stored,
				)
			}
		})
	}
	s.MaxPixels = 100_000_000
	if _, _, err := s.Submit(context.Background(), live, []extraction.Document{{Type: "passport",
		UploadID: "upl_huge"}}, false); err != nil {
		t.Errorf("81 megapixels within a bound of 100: %v", err)
	}
}

// A JPEG within the pixel bound whose decoding would cost more than the budget (a progressive
// 6300×6300 image, a thousand scans) is refused at intake with 422 image_too_costly, inline or
// uploaded (its scans read past the first read of the stored file), nothing charged, stored or
// queued; the worker, were it queued before, fails it for good with the same problem.
func TestSubmitRefusesImagesTooCostlyToDecode(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	s.MaxBytes = 15 << 20
	live := extraction.Caller{OwnerID: "u1", Live: true}
	m.credits["u1"] = 10
	progressive := imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10)
	scans := imagefiletest.ProgressiveJPEG(4000, 3000, 0x22, 1000)
	m.blobs["raw/u1/upl_scans"] = scans
	m.uploads["upl_scans"] = uploads.Slot{ID: "upl_scans", OwnerID: "u1", Key: "raw/u1/upl_scans"}
	stored := len(m.blobs)
	for _, tc := range []struct {
		name, reason string
		doc          extraction.Document
	}{
		{"progressive 6300×6300", "597 MB", extraction.Document{Type: "passport", Data: progressive}},
		{"1,000 scans uploaded", "1000 scans", extraction.Document{Type: "passport", UploadID: "upl_scans"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := s.Submit(context.Background(), live, []extraction.Document{tc.doc}, false)
			if f := fault.As(err); f.Kind != fault.Invalid || f.Code != "image_too_costly" ||
				!strings.Contains(f.Detail, tc.reason) {
				t.Errorf("error = %v, want 422 image_too_costly naming %q", err, tc.reason)
			}
			if m.credits["u1"] != 10 || len(m.items) != 0 || len(m.jobs) != 0 || len(m.blobs) != stored {
				t.Errorf(
					"credits %d, items %d, jobs %d, files %d: something was kept",
					m.credits["u1"],
					len(m.items),
					len(m.jobs),
					len(m.blobs)-stored,
				)
			}
		})
	}
	engine := &scripted{}
	for name, data := range map[string][]byte{"progressive": progressive, "scans": scans} {
		_, err := extraction.MRZReader{Engine: engine}.Read(context.Background(), data, "image/jpeg", "auto")
		if f := fault.As(err); f.Kind != fault.Invalid || f.Code != "image_too_costly" {
			t.Errorf("worker, %s: %v, want a permanent image_too_costly", name, err)
		}
	}
}

// A document's link is the owner's, in the extraction's mode, for DocumentLinkTTL; once the file
// is deleted it is Gone, and once the record is past its retention the extraction is not found.
func TestDocumentLink(t *testing.T) {
	m, now := newMemory(), time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	s := service(m, &reader{}, &now)
	s.Retention = 30 * 24 * time.Hour
	m.credits["u1"] = 1
	live := extraction.Caller{OwnerID: "u1", Live: true}
	_, items, err := s.Submit(
		context.Background(),
		live,
		[]extraction.Document{{Type: "passport", Data: []byte(pngSig + "a")}},
		false,
	)
	if err != nil {
		t.Fatal(err)
	}
	e := items[0]
	for _, c := range []extraction.Caller{live, {OwnerID: "u1", AnyMode: true}} {
		l, err := s.Document(context.Background(), c, e.ID)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if l.URL != "https://bucket.example/"+e.Object.Key+"?type=image/png&ttl=5m0s" || l.ContentType != "image/png" ||
			!l.ExpiresAt.Equal(now.Add(5*time.Minute)) {
			t.Errorf("%+v: link %+v", c, l)
		}
	}
	for name, tc := range map[string]struct {
		c    extraction.Caller
		id   string
		want fault.Kind
	}{
		"another owner":  {extraction.Caller{OwnerID: "u2", Live: true}, e.ID, fault.NotFound},
		"the test mode":  {extraction.Caller{OwnerID: "u1"}, e.ID, fault.NotFound},
		"an unknown one": {live, "ext_unknown", fault.NotFound},
	} {
		if _, err := s.Document(context.Background(), tc.c, tc.id); !fault.Is(err, tc.want) {
			t.Errorf("%s: %v, want kind %d", name, err, tc.want)
		}
	}
	delete(m.blobs, e.Object.Key) // the bucket's lifecycle
	if _, err := s.Document(context.Background(), live, e.ID); !fault.Is(err, fault.Gone) {
		t.Errorf("the file deleted: %v, want Gone", err)
	}
	now = now.Add(s.Retention)
	if _, err := s.Document(context.Background(), live, e.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("past the record's retention: %v, want NotFound", err)
	}
}
