package guard_test

import (
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

// A refusal is an answer: a 422 is stored and replayed as a 422. A server error is not: the key is
// given back, and the retry runs.
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
