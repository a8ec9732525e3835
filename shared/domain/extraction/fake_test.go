package extraction_test

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
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

// passportPNG is a passport document whose file starts as a PNG and goes on with body.
func passportPNG(body string) extraction.Document {
	return extraction.Document{Type: "passport", Data: []byte(pngSig + body)}
}

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
