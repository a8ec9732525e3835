package emulate

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/adapters/awstest"
)

// BenchmarkCreateContract is a small concurrent load on the local stack: 8 partners' clients create
// auto requests (each a full creation: authentication, idempotency, pricing, payment link, store)
// over HTTP through the local gateway. It reports the p50 and p99 latency of one creation.
func BenchmarkCreateContract(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	local, err := StartEphemeral(
		ctx,
		awstest.Clients(b),
		map[string]string{"LOG_LEVEL": "error", "MAIL_OUTBOX_DIR": b.TempDir(),
			"RATE_LIMITS": "free=0,partner=0,admin=0"},
		slog.New(slog.NewTextHandler(io.Discard, nil)),
	)
	if err != nil {
		b.Fatal(err)
	}
	creds, err := local.Seed(ctx, "")
	if err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(autoBody("DK-LOAD-01", nil))
	const workers = 8
	var (
		mu        sync.Mutex
		latencies []time.Duration
		wg        sync.WaitGroup
	)
	jobs := make(chan struct{})
	for w := range workers {
		key := creds.Partners[w%len(creds.Partners)].APIKey
		wg.Go(func() {
			for range jobs {
				req, _ := http.NewRequest(
					"POST",
					local.URL+"/api/v1/partner/contracts/auto/classic",
					bytes.NewReader(body),
				)
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Api-Key", key)
				start := time.Now()
				resp, err := http.DefaultClient.Do(req)
				d := time.Since(start)
				if err != nil || resp.StatusCode != http.StatusCreated {
					b.Errorf("create: %v %v", err, resp)
					return
				}
				resp.Body.Close()
				mu.Lock()
				latencies = append(latencies, d)
				mu.Unlock()
			}
		})
	}
	for b.Loop() {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	slices.Sort(latencies)
	if len(latencies) > 0 {
		b.ReportMetric(float64(latencies[len(latencies)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds())/1000, "p99-ms")
	}
}
