package identity

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// server answers with handle and closes at the end of the test.
func server(t *testing.T, handle http.HandlerFunc) *ClientWithResponses {
	t.Helper()
	s := httptest.NewServer(handle)
	t.Cleanup(s.Close)
	c, err := New(s.URL, "sk_test_abc")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func extractionJSON(id, status string) string {
	return fmt.Sprintf(
		`{"extractionId":%q,"status":%q,"documentType":"auto","creditsUsed":0,"livemode":false,"createdAt":"2026-11-23T08:00:00Z"}`,
		id,
		status,
	)
}

func TestNewSendsTheKey(t *testing.T) {
	var got string
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Get("X-API-Key")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, extractionJSON("ext_1", "completed"))
	})
	if _, err := c.GetExtractionWithResponse(context.Background(), "ext_1"); err != nil {
		t.Fatal(err)
	}
	if got != "sk_test_abc" {
		t.Fatalf("X-API-Key = %q", got)
	}
}

// A read whose answer was lost, or answered 429 or 503, is sent again by the client New makes, with
// no Idempotency-Key (a read needs none), until it is answered.
func TestReadsAreSentAgain(t *testing.T) {
	var keys []string
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		switch len(keys) {
		case 1:
			conn, _, _ := w.(http.Hijacker).Hijack()
			_ = conn.Close()
			return
		case 2, 3:
			w.Header().Set("Retry-After", "0")
			w.WriteHeader([]int{http.StatusTooManyRequests, http.StatusServiceUnavailable}[len(keys)-2])
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, extractionJSON("ext_1", "completed"))
	})
	// Four tries: the client's three, then the caller's own call again.
	resp, err := c.GetExtractionWithResponse(context.Background(), "ext_1")
	if err != nil || resp.StatusCode() != http.StatusServiceUnavailable || len(keys) != 3 {
		t.Fatalf("%v, %v after %d requests, want the third's 503", resp, err, len(keys))
	}
	resp, err = c.GetExtractionWithResponse(context.Background(), "ext_1")
	if err != nil || resp.JSON200 == nil || len(keys) != 4 || strings.Join(keys, "") != "" {
		t.Fatalf("%v, %v after %d requests with keys %q, want 200 after 4 and no key", resp, err, len(keys), keys)
	}
}

func TestWaitForExtraction(t *testing.T) {
	fast := &WaitOptions{Initial: time.Millisecond, Max: 4 * time.Millisecond, Timeout: 5 * time.Second}
	for _, tc := range []struct {
		name    string
		answers []string // status:body, one per poll, the last repeated
		opts    *WaitOptions
		status  ExtractionStatus
		err     string
		polls   int
	}{
		{name: "completed", answers: []string{"200:queued", "200:processing", "200:processing", "200:completed"},
			opts: fast, status: ExtractionStatusCompleted, polls: 4},
		{name: "failed is an answer, not an error", answers: []string{"200:processing", "200:failed"},
			opts: fast, status: ExtractionStatusFailed, polls: 2},
		{name: "a 503 is tried again", answers: []string{"503:", "200:completed"},
			opts: fast, status: ExtractionStatusCompleted, polls: 2},
		{name: "a 404 ends it", answers: []string{"404:"}, opts: fast, err: "not_found", polls: 1},
		{name: "the deadline", answers: []string{"200:processing"},
			opts: &WaitOptions{Initial: 20 * time.Millisecond, Timeout: 50 * time.Millisecond},
			err:  ErrWaitTimeout.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var polls atomic.Int32
			c := server(t, func(w http.ResponseWriter, r *http.Request) {
				n := int(polls.Add(1))
				a := tc.answers[min(n, len(tc.answers))-1]
				code, status, _ := strings.Cut(a, ":")
				if code != "200" {
					w.Header().Set("Content-Type", "application/problem+json")
					w.WriteHeader(map[string]int{"404": 404, "503": 503}[code])
					fmt.Fprintf(
						w,
						`{"type":"http://x/errors/not_found","title":"Not Found","status":%s,"detail":"no such extraction","instance":"/v1/extractions/ext_1","requestId":"req_1","timestamp":"2026-11-23T08:00:00Z"}`,
						code,
					)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, extractionJSON("ext_1", status))
			})
			e, err := c.WaitForExtraction(context.Background(), "ext_1", tc.opts)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
			} else if err != nil || e.Status != tc.status {
				t.Fatalf("WaitForExtraction = %+v, %v", e, err)
			}
			if tc.polls != 0 && int(polls.Load()) != tc.polls {
				t.Fatalf("%d polls, want %d", polls.Load(), tc.polls)
			}
		})
	}
}

func TestWaitForExtractionHonoursRetryAfter(t *testing.T) {
	var times []time.Time
	retryAfter := "1"
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		times = append(times, time.Now())
		if len(times) == 1 {
			w.Header().Set("Retry-After", retryAfter)
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"type":"http://x/errors/rate_limited","status":429,"detail":"slow down"}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, extractionJSON("ext_1", "completed"))
	})
	e, err := c.WaitForExtraction(context.Background(), "ext_1", &WaitOptions{Initial: time.Millisecond})
	if err != nil || e.Status != ExtractionStatusCompleted {
		t.Fatalf("WaitForExtraction = %+v, %v", e, err)
	}
	if d := times[1].Sub(times[0]); d < time.Second {
		t.Fatalf("polled again after %s, before Retry-After's second", d)
	}

	// A Retry-After beyond the deadline ends the wait at once, rather than overrunning it: a minute
	// asked, 200 ms allowed, well under the minute however slow the machine is.
	times, retryAfter = nil, "60"
	start := time.Now()
	_, err = c.WaitForExtraction(context.Background(), "ext_1", &WaitOptions{Timeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrWaitTimeout) || time.Since(start) > 30*time.Second {
		t.Fatalf("err = %v after %s", err, time.Since(start))
	}
}

func TestAllExtractions(t *testing.T) {
	pages := map[string]string{
		"": `{"data":[` + extractionJSON(
			"ext_3",
			"completed",
		) + `,` + extractionJSON(
			"ext_2",
			"failed",
		) + `],"nextCursor":"c2"}`,
		"c2": `{"data":[],"nextCursor":"c3"}`,
		"c3": `{"data":[` + extractionJSON("ext_1", "queued") + `],"nextCursor":null}`,
	}
	var queries []string
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		queries = append(queries, r.URL.RawQuery)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, pages[r.URL.Query().Get("cursor")])
	})
	status := ListExtractionsParamsStatus("completed")
	var ids []string
	for e, err := range c.AllExtractions(context.Background(), &ListExtractionsParams{Status: &status}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ExtractionId)
	}
	if strings.Join(ids, " ") != "ext_3 ext_2 ext_1" {
		t.Fatalf("ids = %v", ids)
	}
	if want := "status=completed|status=completed&cursor=c2|status=completed&cursor=c3"; strings.Join(
		queries,
		"|",
	) != want {
		t.Fatalf("queries = %q, want the filter kept on every page: %q", queries, want)
	}
}

func TestAllDeliveriesFollowsTheHeader(t *testing.T) {
	// A list may say where its next page is in X-Next-Cursor alone.
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/webhooks/we_1/deliveries" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("cursor") == "" {
			w.Header().Set("X-Next-Cursor", "n")
		}
		fmt.Fprint(
			w,
			`{"data":[{"deliveryId":"d","event":"webhook.test","reference":"we_1","status":"SUCCEEDED","attempts":[],"createdAt":"2026-11-23T08:00:00Z"}]}`,
		)
	})
	n := 0
	for _, err := range c.AllDeliveries(context.Background(), "we_1", nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("%d deliveries", n)
	}
}

func TestAllBatchesError(t *testing.T) {
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusUnprocessableEntity)
		fmt.Fprint(
			w,
			`{"type":"http://x/errors/validation_failed","status":422,"detail":"bad","invalidParams":["cursor: not of this list"]}`,
		)
	})
	for _, err := range c.AllBatches(context.Background(), nil) {
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.Kind() != "validation_failed" ||
			!strings.Contains(err.Error(), "cursor: not of this list") {
			t.Fatalf("err = %v", err)
		}
	}
}

func TestExtractFile(t *testing.T) {
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		f, h, err := r.FormFile("file")
		if err != nil {
			t.Error(err)
			return
		}
		b, _ := io.ReadAll(f)
		if r.Method != "POST" || r.URL.Path != "/v1/extract/async" || h.Filename != "p.png" || string(b) != "PNG" ||
			r.FormValue("documentType") != "passport" || r.FormValue("referenceId") != "customer-1" {
			t.Errorf("%s %s %q %q %v", r.Method, r.URL.Path, h.Filename, b, r.Form)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusAccepted)
		fmt.Fprint(w, `{"extractionId":"ext_9","status":"queued"}`)
	})
	a, err := c.ExtractFile(context.Background(), DocumentTypePassport, "p.png", strings.NewReader("PNG"), "customer-1")
	if err != nil || a.ExtractionId != "ext_9" {
		t.Fatalf("ExtractFile = %+v, %v", a, err)
	}
}

// WaitForVerification polls the verification until it has its decision.
func TestWaitForVerification(t *testing.T) {
	var polls atomic.Int32
	c := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/verifications/ver_1" {
			t.Errorf("polled %s", r.URL.Path)
		}
		status, decision := "processing", ""
		if polls.Add(1) == 3 {
			status, decision = "completed", `"decision": "approved", "reasons": [], `
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id": "ver_1", "status": %q, %s"policy": "standard", "createdAt": "2026-11-29T08:00:00Z",
			"creditsUsed": 3, "livemode": true}`, status, decision)
	})
	v, err := c.WaitForVerification(context.Background(), "ver_1", &WaitOptions{Initial: time.Millisecond})
	if err != nil || v.Decision == nil || *v.Decision != VerificationDecisionApproved || polls.Load() != 3 {
		t.Fatalf("WaitForVerification = %+v, %v after %d polls", v, err, polls.Load())
	}
}
