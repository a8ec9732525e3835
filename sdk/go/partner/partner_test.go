package partner

import (
	"context"
	"fmt"
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
				if _, err := c.PostApiV1PartnerContractsAutoClassicWithResponse(ctx, nil, body); err != nil {
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
			params := &PostApiV1PartnerContractsAutoClassicParams{IdempotencyKey: &own}
			_, err := c.PostApiV1PartnerContractsAutoClassicWithResponse(ctx, params, body)
			return err
		}, wantKeys(own)},
		{"the caller's own, from WithIdempotencyKey", func(c *ClientWithResponses) error {
			_, err := c.PatchApiV1PartnersMeWebhookWithResponse(ctx, nil, WebhookUpdate{}, WithIdempotencyKey(own))
			return err
		}, wantKeys(own)},
		{"none on a read", func(c *ClientWithResponses) error {
			_, err := c.GetApiV1PartnerContractsRequestsWithResponse(ctx, nil)
			return err
		}, wantKeys("")},
		{"none on a write that takes none", func(c *ClientWithResponses) error {
			_, err := c.PostApiV1PartnersMeKeysRotateWithResponse(ctx)
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
