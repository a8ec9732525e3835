package webhookhttp_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/adapters/webhookhttp"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// memStore is an in-memory Store, so the benchmark measures the dispatcher, not a database.
type memStore struct {
	mu sync.Mutex
	ds map[string]*webhook.Delivery
}

func (m *memStore) PutDelivery(_ context.Context, d webhook.Delivery) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ds[d.ID] = &d
	return nil
}

func (m *memStore) Delivery(_ context.Context, id string) (webhook.Delivery, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.ds[id]
	if !ok {
		return webhook.Delivery{}, fault.New(fault.NotFound, "no")
	}
	return *d, nil
}

func (m *memStore) ClaimAttempt(context.Context, string, int, time.Time, time.Time) error { return nil }

func (m *memStore) RecordAttempt(
	_ context.Context,
	id string,
	a webhook.Attempt,
	s webhook.Status,
	next time.Time,
) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := m.ds[id]
	d.Attempts, d.Status, d.NextAt = append(d.Attempts, a), s, next
	return nil
}

func (m *memStore) DueDeliveries(context.Context, time.Time, int) ([]webhook.Delivery, error) {
	return nil, nil
}

func (m *memStore) Deliveries(context.Context, string, webhook.Filter) ([]webhook.Delivery, string, error) {
	return nil, "", nil
}

func (m *memStore) FailedSince(context.Context, string, string, time.Time, int) ([]webhook.Delivery, bool, error) {
	return nil, false, nil
}

func (m *memStore) RecoverDelivery(context.Context, string, webhook.Delivery) error { return nil }

type fixedTarget struct{ t webhook.Target }

func (f fixedTarget) Target(context.Context, webhook.Delivery) (webhook.Target, error) {
	return f.t, nil
}

type noWake struct{}

func (noWake) Send(context.Context, string, time.Time) error { return nil }

var payload = []byte(
	`{"event":"insurance.contract.issued","reference":"REF-000000","paymentStatus":"COMPLETED","issuedAt":"2026-11-23T08:00:00Z","data":{"contractId":"C-1","numeroPolice":"P-1","numeroFacture":"F-1","status":"ACTIVE","liens":{"linkAttestation":"https://docs.example/a.pdf","linkCarteBrune":"https://docs.example/c.pdf"}}}`,
)

func benchEngine(b *testing.B, receiver http.Handler) (*webhook.Engine, *webhookhttp.Sender, *memStore) {
	srv := httptest.NewServer(receiver)
	b.Cleanup(srv.Close)
	store := &memStore{ds: map[string]*webhook.Delivery{}}
	sender := &webhookhttp.Sender{Guard: webhookhttp.Guard{AllowLoopback: true}, Timeout: 10 * time.Second}
	e := &webhook.Engine{
		Store:    store,
		Targets:  fixedTarget{webhook.Target{URL: srv.URL, Secret: []byte("bench-secret-0123456789")}},
		Wake:     noWake{},
		Sender:   sender,
		Schedule: []time.Duration{time.Minute},
		Timeout:  10 * time.Second,
	}
	return e, sender, store
}

// dispatch is the dispatcher's per-message handler, as shared/wiring/app wires it.
func dispatch(e *webhook.Engine) queue.Handler {
	return func(ctx context.Context, m events.SQSMessage) error {
		w, err := webhook.ParseWakeUp(m.Body)
		if err != nil {
			return nil
		}
		return e.Handle(ctx, w)
	}
}

func wakeUps(store *memStore, n int) events.SQSEvent {
	var ev events.SQSEvent
	for i := range n {
		d := webhook.Delivery{
			ID:        webhook.NewID(),
			Scheme:    webhook.SchemePartner,
			OwnerID:   "prt_bench",
			Event:     "insurance.contract.issued",
			Reference: "REF-" + strconv.Itoa(i),
			Body:      payload,
			Status:    webhook.StatusPending,
		}
		_ = store.PutDelivery(context.Background(), d)
		ev.Records = append(
			ev.Records,
			events.SQSMessage{MessageId: d.ID, Body: webhook.WakeUp{DeliveryID: d.ID, Attempt: 1}.Encode()},
		)
	}
	return ev
}

// BenchmarkDispatch is the throughput of one dispatcher: batches of 10 wake-ups, handled 10 at a
// time as the Lambda does, each a signed POST to a receiver on loopback that answers 200 at once.
func BenchmarkDispatch(b *testing.B) {
	e, _, store := benchEngine(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
	}))
	handle := queue.Batch(slog.New(slog.NewTextHandler(io.Discard, nil)), 10, queue.Queue{}, dispatch(e))
	delivered := 0
	start := time.Now()
	for b.Loop() {
		resp, err := handle(quiet(), wakeUps(store, 10))
		if err != nil || len(resp.BatchItemFailures) > 0 {
			b.Fatalf("batch: %v %v", err, resp.BatchItemFailures)
		}
		delivered += 10
	}
	b.ReportMetric(float64(delivered)/time.Since(start).Seconds(), "deliveries/s")
}

// BenchmarkInFlightMemory is the heap held per delivery while its receiver has not answered yet:
// each round starts 100 attempts against a receiver that holds every request, measures the heap,
// then lets them finish.
func BenchmarkInFlightMemory(b *testing.B) {
	const inFlight = 100
	var (
		arrived sync.WaitGroup
		release chan struct{}
	)
	e, sender, store := benchEngine(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		arrived.Done()
		<-release
	}))
	sender.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = inFlight
	ctx := quiet()
	var perDelivery float64
	for i := 0; i < b.N; i++ {
		ev := wakeUps(store, inFlight)
		release = make(chan struct{})
		arrived.Add(inFlight)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var done sync.WaitGroup
		for _, m := range ev.Records {
			done.Go(func() { _ = dispatch(e)(ctx, m) })
		}
		arrived.Wait()
		runtime.ReadMemStats(&after)
		close(release)
		done.Wait()
		perDelivery += float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / inFlight / 1024
	}
	b.ReportMetric(perDelivery/float64(b.N), "KiB/in-flight")
}

// quiet is a context whose logger discards, so the benchmark measures delivery, not logging.
func quiet() context.Context {
	return logs.With(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)))
}
