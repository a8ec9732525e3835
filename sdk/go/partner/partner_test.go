package partner

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// recorder answers every request with status and body, and keeps the requests' headers.
type recorder struct{ headers []http.Header }

func newServer(t *testing.T, rec *recorder, status int, body string) *ClientWithResponses {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.headers = append(rec.headers, r.Header.Clone())
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(s.Close)
	c, err := New(s.URL+"/", "pk_sandbox_abc")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const createdJSON = `{"reference":"REF-1","contractStatus":"PENDING_PAYMENT","payment":{"paymentUrl":"http://x/pay","expiresAt":"2026-11-23T08:00:00Z"},"pricing":{"total":1,"currency":"XOF"}}`

func TestIdempotencyKeys(t *testing.T) {
	ctx := context.Background()
	body := AutoRequest{ReturnUrl: "https://p/r", CancelUrl: "https://p/c"}
	own := "4f7e0f0e-5a0e-4d3b-9a57-1c1c3f0b8a11"
	for _, tc := range []struct {
		name string
		call func(c *ClientWithResponses) error
		want func(keys []string) error
	}{
		{"a fresh UUID v4 per call", func(c *ClientWithResponses) error {
			for range 2 {
				if _, err := c.CreateAutoContractWithResponse(ctx, nil, body); err != nil {
					return err
				}
			}
			return nil
		}, func(keys []string) error {
			for _, k := range keys {
				if u, err := uuid.Parse(k); err != nil || u.Version() != 4 {
					return fmt.Errorf("%q is no UUID v4", k)
				}
			}
			if keys[0] == keys[1] {
				return fmt.Errorf("the same key twice: %q", keys)
			}
			return nil
		}},
		{"the caller's own, from Params", func(c *ClientWithResponses) error {
			params := &CreateAutoContractParams{IdempotencyKey: &own}
			_, err := c.CreateAutoContractWithResponse(ctx, params, body)
			return err
		}, wantKeys(own)},
		{"the caller's own, from WithIdempotencyKey", func(c *ClientWithResponses) error {
			_, err := c.UpdateWebhookWithResponse(ctx, nil, WebhookUpdate{}, WithIdempotencyKey(own))
			return err
		}, wantKeys(own)},
		{"none on a read", func(c *ClientWithResponses) error {
			_, err := c.ListContractRequestsWithResponse(ctx, nil)
			return err
		}, wantKeys("")},
		{"a key rotation's", func(c *ClientWithResponses) error {
			_, err := c.RotateKeyWithResponse(ctx, nil)
			return err
		}, func(keys []string) error {
			if len(keys) != 1 || uuid.Validate(keys[0]) != nil {
				return fmt.Errorf("keys = %q, want a UUID", keys)
			}
			return nil
		}},
		{"none on a write that takes none", func(c *ClientWithResponses) error {
			_, err := c.RevokeKeyWithResponse(ctx, "key_1")
			return err
		}, wantKeys("")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec recorder
			c := newServer(t, &rec, http.StatusCreated, createdJSON)
			if err := tc.call(c); err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, h := range rec.headers {
				keys = append(keys, h.Get("Idempotency-Key"))
				if h.Get("x-api-key") != "pk_sandbox_abc" {
					t.Errorf("x-api-key = %q", h.Get("x-api-key"))
				}
			}
			if err := tc.want(keys); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func wantKeys(want string) func([]string) error {
	return func(keys []string) error {
		if len(keys) != 1 || keys[0] != want {
			return fmt.Errorf("keys = %q, want %q", keys, want)
		}
		return nil
	}
}

// TestIdempotentWritesCoverTheAPI holds idempotentWrites to openapi/partner.yaml as generated:
// every operation whose request sets idempotency-key gets a key of its own, whatever its
// parameters.
func TestIdempotentWritesCoverTheAPI(t *testing.T) {
	src, err := os.ReadFile("partner.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	path := regexp.MustCompile(`operationPath := fmt.Sprintf\("([^"]+)"`)
	method := regexp.MustCompile(`http.NewRequest\(http.Method(\w+),`)
	n := 0
	for _, fn := range strings.Split(string(src), "\nfunc New")[1:] {
		if !strings.Contains(fn, `"idempotency-key"`) {
			continue
		}
		p, m := path.FindStringSubmatch(fn), method.FindStringSubmatch(fn)
		if p == nil || m == nil {
			t.Fatalf("no path or method in func New%s", fn[:60])
		}
		r, _ := http.NewRequest(strings.ToUpper(m[1]), "http://x"+strings.ReplaceAll(p[1], "%s", "p_1"), nil)
		if err := AutoIdempotencyKeys(context.Background(), r); err != nil || r.Header.Get("Idempotency-Key") == "" {
			t.Errorf(
				"%s %s takes an Idempotency-Key but AutoIdempotencyKeys gives it none: add it to idempotentWrites",
				r.Method,
				p[1],
			)
		}
		n++
	}
	if n < 5 {
		t.Fatalf("only %d operations take an Idempotency-Key: has the generated code changed shape?", n)
	}
}

func TestReplayedAndAllContractRequests(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Query().Get("cursor") {
		case "":
			fmt.Fprint(
				w,
				`{"data":[{"reference":"REF-2","contractStatus":"ACTIVE","product":"auto","createdAt":"2026-11-23T08:00:00Z"}],"nextCursor":"n"}`,
			)
		default:
			fmt.Fprint(
				w,
				`{"data":[{"reference":"REF-1","contractStatus":"PENDING_PAYMENT","product":"auto","createdAt":"2026-11-23T08:00:00Z"}],"nextCursor":null}`,
			)
		}
	}))
	defer s.Close()
	c, err := New(s.URL, "pk_sandbox_abc")
	if err != nil {
		t.Fatal(err)
	}
	var refs []string
	for req, err := range c.AllContractRequests(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, req.Reference)
	}
	if strings.Join(refs, " ") != "REF-2 REF-1" {
		t.Fatalf("refs = %v", refs)
	}
	if !Replayed(&http.Response{Header: http.Header{"Idempotent-Replayed": {"true"}}}) ||
		Replayed(&http.Response{Header: http.Header{}}) {
		t.Fatal("Replayed")
	}
}

// A write whose answer was lost (the connection dropped), or that was answered 503 or 429, or 409
// while its first request still runs, is sent again with the same Idempotency-Key until it is
// answered; a write answered 422 is sent once.
func TestRetriesSendTheSameKey(t *testing.T) {
	ctx := context.Background()
	body := AutoRequest{ReturnUrl: "https://p/r", CancelUrl: "https://p/c"}
	for _, tc := range []struct {
		name    string
		answers []int // 0: the connection is dropped
		sent    int
		status  int
	}{
		{"a dropped connection", []int{0, http.StatusCreated}, 2, http.StatusCreated},
		{"503, then 429", []int{http.StatusServiceUnavailable, http.StatusTooManyRequests, http.StatusCreated}, 3,
			http.StatusCreated},
		{"in progress", []int{http.StatusConflict, http.StatusCreated}, 2, http.StatusCreated},
		{"three 503s: the last is answered", []int{503, 503, 503, 201}, 3, http.StatusServiceUnavailable},
		{"a 422 is an answer", []int{http.StatusUnprocessableEntity, http.StatusCreated}, 1,
			http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var keys, bodies []string
			s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				keys, bodies = append(keys, r.Header.Get("Idempotency-Key")), append(bodies, string(b))
				status := tc.answers[len(keys)-1]
				if status == 0 {
					conn, _, _ := w.(http.Hijacker).Hijack()
					_ = conn.Close()
					return
				}
				w.Header().Set("Retry-After", "0")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				fmt.Fprint(w, createdJSON)
			}))
			defer s.Close()
			c, err := New(s.URL, "pk_sandbox_abc", WithHTTPClient(s.Client()))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := c.CreateAutoContractWithResponse(ctx, nil, body)
			if err != nil || resp.StatusCode() != tc.status || len(keys) != tc.sent {
				t.Fatalf("%v, %d after %d sendings, want %d after %d", err, resp.StatusCode(), len(keys), tc.status,
					tc.sent)
			}
			for i := range keys {
				if keys[i] != keys[0] || keys[0] == "" || bodies[i] != bodies[0] {
					t.Errorf("sending %d: key %q body %s, want the first's %q %s", i, keys[i], bodies[i], keys[0],
						bodies[0])
				}
			}
		})
	}
}
