package guard_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/idempotency/idempotencytest"
	"github.com/trustline/platform/shared/foundation/fault"
)

// created answers 201 with a body counting its calls, or what fail says.
type created struct {
	calls int
	fail  error
}

func (h *created) serve(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	h.calls++
	if h.fail != nil {
		return h.fail
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write([]byte(`{"call":` + strconv.Itoa(h.calls) + `}`))
	return nil
}

func send(
	t *testing.T,
	h guard.HandlerFunc,
	p access.Principal,
	method, path, key, body string,
) (*httptest.ResponseRecorder, error) {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if key != "" {
		r.Header.Set(idempotency.Header, key)
	}
	w := httptest.NewRecorder()
	return w, h(w, r, p)
}

var partner = access.Principal{PartnerID: "prt_1"}

func TestWrap(t *testing.T) {
	type step struct {
		who       access.Principal
		method    string
		key, body string
		status    int    // the answer's, when no error
		code      string // the refusal's fault code
		replayed  bool
	}
	tests := []struct {
		name  string
		steps []step
		calls int
	}{
		{
			"no key: every request runs",
			[]step{{partner, "POST", "", `{"a":1}`, 201, "", false}, {partner, "POST", "", `{"a":1}`, 201, "", false}},
			2,
		},
		{
			"a retry gets the stored answer",
			[]step{{partner, "POST", "k", `{"a":1}`, 201, "", false}, {partner, "POST", "k", `{"a":1}`, 201, "", true}},
			1,
		},
		{
			"a re-serialised JSON body is the same request",
			[]step{{partner, "POST", "k", `{"a":1,"b":[1, 2]}`, 201, "", false},
				{partner, "POST", "k", `{ "b": [1,2], "a": 1 }`, 201, "", true}},
			1,
		},
		{"another body with the key is refused", []step{{partner, "POST", "k", `{"a":1}`, 201, "", false},
			{partner, "POST", "k", `{"a":2}`, 0, "idempotency_key_reused", false}}, 1},
		{"another method with the key is refused", []step{{partner, "POST", "k", `{"a":1}`, 201, "", false},
			{partner, "PATCH", "k", `{"a":1}`, 0, "idempotency_key_reused", false}}, 1},
		{"keys are the caller's", []step{{partner, "POST", "k", `{"a":1}`, 201, "", false},
			{access.Principal{PartnerID: "prt_2"}, "POST", "k", `{"a":2}`, 201, "", false},
			{access.Principal{UserID: "usr_1"}, "POST", "k", `{"a":3}`, 201, "", false}}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &created{}
			wrapped := guard.Idempotency{Store: idempotencytest.New(), Window: 24 * time.Hour}.Wrap(h.serve)
			var firstBody string
			for i, s := range tt.steps {
				w, err := send(t, wrapped, s.who, s.method, "/v1/contracts", s.key, s.body)
				if s.code != "" {
					if f := fault.As(err); f.Kind != fault.Conflict || f.Code != s.code {
						t.Errorf("step %d: %v, want a Conflict %s", i, err, s.code)
					}
					continue
				}
				if err != nil || w.Code != s.status || (w.Header().Get("Idempotent-Replayed") == "true") != s.replayed {
					t.Errorf(
						"step %d: %d replayed %q, %v; want %d replayed %v",
						i,
						w.Code,
						w.Header().Get("Idempotent-Replayed"),
						err,
						s.status,
						s.replayed,
					)
				}
				if i == 0 {
					firstBody = w.Body.String()
				} else if s.replayed && w.Body.String() != firstBody {
					t.Errorf("step %d: replayed %s, want %s", i, w.Body, firstBody)
				}
			}
			if h.calls != tt.calls {
				t.Errorf("the handler ran %d times, want %d", h.calls, tt.calls)
			}
		})
	}
}

// A refusal is an answer: a 422 is stored and replayed as a 422. A 429 (a quota, which invites the
// retry after its Retry-After) and a server error are not: the key is given back, and the retry
// runs.
func TestWrapStoresProblemsButNotServerErrors(t *testing.T) {
	store := idempotencytest.New()
	h := &created{fail: fault.New(fault.Invalid, "no")}
	wrapped := guard.Idempotency{Store: store, Window: 24 * time.Hour}.Wrap(h.serve)
	for i := range 2 {
		if w, err := send(t, wrapped, partner, "POST", "/v1/contracts", "k422", `{}`); err != nil ||
			w.Code != http.StatusUnprocessableEntity {
			t.Errorf("try %d: %d, %v, want 422", i, w.Code, err)
		}
	}
	if h.calls != 1 {
		t.Errorf("the refusing handler ran %d times, want 1", h.calls)
	}
	h = &created{fail: &fault.Error{Kind: fault.RateLimited, Code: "test_quota_exceeded", RetryAfter: 60}}
	wrapped = guard.Idempotency{Store: store, Window: 24 * time.Hour}.Wrap(h.serve)
	if w, _ := send(t, wrapped, partner, "POST", "/v1/contracts", "k429", `{}`); w.Code != http.StatusTooManyRequests {
		t.Fatalf("a refusing quota: %d, want 429", w.Code)
	}
	h.fail = nil
	if w, err := send(t, wrapped, partner, "POST", "/v1/contracts", "k429", `{}`); err != nil ||
		w.Code != http.StatusCreated || h.calls != 2 {
		t.Errorf("the retry after a 429: %d, %v after %d calls, want 201 after 2", w.Code, err, h.calls)
	}
	h = &created{fail: fault.New(fault.Internal, "down")}
	wrapped = guard.Idempotency{Store: store, Window: 24 * time.Hour}.Wrap(h.serve)
	if w, _ := send(t, wrapped, partner, "POST", "/v1/contracts", "k500",
		`{}`); w.Code != http.StatusInternalServerError {
		t.Fatalf("a failing handler: %d, want 500", w.Code)
	}
	h.fail = nil
	if w, err := send(t, wrapped, partner, "POST", "/v1/contracts", "k500", `{}`); err != nil ||
		w.Code != http.StatusCreated ||
		h.calls != 2 {
		t.Errorf("the retry after a 500: %d, %v after %d calls, want 201 after 2", w.Code, err, h.calls)
	}
}

// A retry while the first request runs is told to wait, and the first request's answer is kept.
func TestWrapRequestInProgress(t *testing.T) {
	store := idempotencytest.New()
	keys := guard.Idempotency{Store: store, Window: 24 * time.Hour}
	var inner error
	h := &created{}
	var wrapped guard.HandlerFunc
	wrapped = keys.Wrap(func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		if h.calls == 0 {
			_, inner = send(t, wrapped, p, "POST", "/v1/contracts", "k", `{}`)
		}
		return h.serve(w, r, p)
	})
	if w, err := send(t, wrapped, partner, "POST", "/v1/contracts", "k", `{}`); err != nil ||
		w.Code != http.StatusCreated {
		t.Fatalf("first request: %d, %v", w.Code, err)
	}
	if f := fault.As(inner); f.Kind != fault.Conflict || f.Code != "idempotency_request_in_progress" {
		t.Errorf("a retry while the first runs: %v, want a Conflict idempotency_request_in_progress", inner)
	}
	if w, _ := send(t, wrapped, partner, "POST", "/v1/contracts", "k", `{}`); w.Header().
		Get("Idempotent-Replayed") !=
		"true" ||
		h.calls != 1 {
		t.Errorf("a retry after it: replayed %q after %d calls", w.Header().Get("Idempotent-Replayed"), h.calls)
	}
}

func TestWrapRefusesALongKey(t *testing.T) {
	h := &created{}
	wrapped := guard.Idempotency{Store: idempotencytest.New(), Window: 24 * time.Hour}.Wrap(h.serve)
	if _, err := send(t, wrapped, partner, "POST", "/v1/contracts", strings.Repeat("k", 256), `{}`); fault.As(
		err,
	).Kind != fault.BadRequest ||
		h.calls != 0 {
		t.Errorf("a 256-character key: %v after %d calls, want BadRequest before the handler", err, h.calls)
	}
}

// clock is a service clock a test moves.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// A run killed between the start of its record and its finish (here, a handler that panics: nothing
// after it runs, as nothing runs after a crash) holds the key until its lease ends, a retry meanwhile
// being told when to come back; then the same request runs again, with the first run's attempt, so
// what it creates has the first run's ids; another request with the key is still refused.
func TestWrapRunsAgainAfterTheLease(t *testing.T) {
	c := &clock{time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	store := idempotencytest.New()
	keys := guard.Idempotency{Store: store, Window: 24 * time.Hour, Lease: 10 * time.Second, Now: c.now}
	var made []string
	kill := true
	wrapped := keys.Wrap(func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		made = append(made, idempotency.Text(r.Context(), "thing"))
		if kill {
			panic("killed")
		}
		w.WriteHeader(http.StatusCreated)
		return nil
	})
	func() {
		defer func() { _ = recover() }()
		_, _ = send(t, wrapped, partner, "POST", "/v1/things", "k", `{"a":1}`)
	}()
	kill = false
	c.t = c.t.Add(10 * time.Second)
	_, err := send(t, wrapped, partner, "POST", "/v1/things", "k", `{"a":1}`)
	if f := fault.As(err); f.Code != "idempotency_request_in_progress" || f.RetryAfter != 1 {
		t.Fatalf("a retry within the lease: %v (Retry-After %d), want in progress, retry after 1 s", err, f.RetryAfter)
	}
	c.t = c.t.Add(1001 * time.Millisecond) // the lease: 10 s, and a second of margin
	if _, err := send(t, wrapped, partner, "POST", "/v1/things", "k", `{"a":2}`); fault.As(err).Code !=
		"idempotency_key_reused" {
		t.Errorf("another request after the lease: %v, want idempotency_key_reused", err)
	}
	w, err := send(t, wrapped, partner, "POST", "/v1/things", "k", `{"a":1}`)
	if err != nil || w.Code != http.StatusCreated || w.Header().Get("Idempotent-Replayed") != "" {
		t.Fatalf("the retry after the lease: %d, %v, want it run: 201", w.Code, err)
	}
	if len(made) != 2 || made[0] != made[1] {
		t.Errorf("the two runs made %q, want twice the same id", made)
	}
	if w, _ := send(t, wrapped, partner, "POST", "/v1/things", "k", `{"a":1}`); w.Header().
		Get("Idempotent-Replayed") != "true" || len(made) != 2 {
		t.Errorf("after the second run finished: replayed %q after %d runs", w.Header().Get("Idempotent-Replayed"),
			len(made))
	}
	if other, _ := send(t, wrapped, partner, "POST", "/v1/things", "k2", `{"a":1}`); other.Code != 201 ||
		made[2] == made[0] {
		t.Errorf("another key's run made %q, the same id as the first key's", made[2])
	}
}

// A request's deadline is its lease: a run under a context ending in 3 s holds its key 3 s and the
// margin, however long Lease is.
func TestWrapLeaseFollowsTheDeadline(t *testing.T) {
	c := &clock{time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	store := idempotencytest.New()
	keys := guard.Idempotency{Store: store, Window: 24 * time.Hour, Lease: time.Hour, Now: c.now}
	wrapped := keys.Wrap(func(http.ResponseWriter, *http.Request, access.Principal) error { panic("killed") })
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	func() {
		defer func() { _ = recover() }()
		r := httptest.NewRequestWithContext(ctx, "POST", "/v1/things", strings.NewReader(`{}`))
		r.Header.Set(idempotency.Header, "k")
		_ = wrapped(httptest.NewRecorder(), r, partner)
	}()
	rec, ok := store.Record(idempotency.Scope(partner), idempotency.LockOf(idempotency.Scope(partner), "k").Name())
	if lease := rec.LeaseUntil.Sub(c.t); !ok || lease < 3*time.Second || lease > 4*time.Second {
		t.Errorf("lease of a run with 3 s left: %v, want 4 s (3 s and the margin)", lease)
	}
}

// A multipart form sent again is the same request, whatever boundary the client drew.
func TestWrapReplaysAFormSentAgain(t *testing.T) {
	h := &created{}
	wrapped := guard.Idempotency{Store: idempotencytest.New(), Window: 24 * time.Hour}.Wrap(h.serve)
	form := func(boundary, file string) *http.Request {
		body := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"documentType\"\r\n\r\npassport\r\n" +
			"--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n" +
			"Content-Type: image/png\r\n\r\n" + file + "\r\n--" + boundary + "--\r\n"
		r := httptest.NewRequest("POST", "/v1/extract/async", strings.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
		r.Header.Set(idempotency.Header, "k")
		return r
	}
	for i, tc := range []struct {
		r        *http.Request
		replayed bool
		code     string
	}{
		{form("aaaa", "PNGDATA"), false, ""},
		{form("bbbbbbbb", "PNGDATA"), true, ""},
		{form("cccc", "OTHERDATA"), false, "idempotency_key_reused"},
	} {
		w := httptest.NewRecorder()
		err := wrapped(w, tc.r, partner)
		if tc.code != "" {
			if fault.As(err).Code != tc.code {
				t.Errorf("form %d: %v, want %s", i, err, tc.code)
			}
			continue
		}
		if err != nil || (w.Header().Get("Idempotent-Replayed") == "true") != tc.replayed {
			t.Errorf("form %d: %v, replayed %q, want replayed %v", i, err, w.Header().Get("Idempotent-Replayed"),
				tc.replayed)
		}
	}
	if h.calls != 1 {
		t.Errorf("the handler ran %d times, want 1", h.calls)
	}
}

// What is shown once (a secret in the answer) is not readable from the store: the record is stored
// under a name that is not the key, its answer and seed sealed under the key.
func TestWrapSealsWhatItStores(t *testing.T) {
	store := idempotencytest.New()
	wrapped := guard.Idempotency{Store: store, Window: 24 * time.Hour}.Wrap(
		func(w http.ResponseWriter, _ *http.Request, _ access.Principal) error {
			w.WriteHeader(http.StatusCreated)
			_, _ = w.Write([]byte(`{"secret":"sk_live_shown_once"}`))
			return nil
		})
	const key = "5f0c2a34-9a55-4d39-8b4e-3c1f6f3e8d21"
	if _, err := send(t, wrapped, partner, "POST", "/v1/api-keys", key, `{}`); err != nil {
		t.Fatal(err)
	}
	scope := idempotency.Scope(partner)
	if _, ok := store.Record(scope, key); ok {
		t.Error("the record is stored under the key itself")
	}
	name := idempotency.LockOf(scope, key).Name()
	rec, ok := store.Record(scope, name)
	if !ok || strings.Contains(name, key) || bytes.Contains(rec.Answer.Body, []byte("sk_live")) || len(rec.Seed) == 0 {
		t.Errorf("stored under %q: %q (seed %d bytes), want a name and a body that do not show the key or secret",
			name, rec.Answer.Body, len(rec.Seed))
	}
	if w, err := send(t, wrapped, partner, "POST", "/v1/api-keys", key, `{}`); err != nil ||
		w.Body.String() != `{"secret":"sk_live_shown_once"}` {
		t.Errorf("replay: %q, %v, want the answer as given", w.Body, err)
	}
}

// A request without a credential has keys of its own, apart from every user's.
func TestWrapAnonymousScope(t *testing.T) {
	h := &created{}
	wrapped := guard.Idempotency{Store: idempotencytest.New(), Window: 24 * time.Hour}.Wrap(h.serve)
	for _, who := range []access.Principal{{}, {UserID: "usr_1"}, {}} {
		if _, err := send(t, wrapped, who, "POST", "/v1/mobile-handoff/session", "k", ``); err != nil {
			t.Fatal(err)
		}
	}
	if h.calls != 2 {
		t.Errorf("the handler ran %d times, want 2: anonymous, then the user's", h.calls)
	}
}
