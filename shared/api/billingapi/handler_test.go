package billingapi

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/testmode"
)

func serve(
	pattern string,
	h httpapi.HandlerFunc,
	method, target, contentType, body string,
	header ...string,
) (*httptest.ResponseRecorder, httpapi.Problem) {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"},
		[]httpapi.Route{{Pattern: pattern, Handler: h}}).ServeHTTP(w, r)
	var p httpapi.Problem
	_ = json.Unmarshal(w.Body.Bytes(), &p)
	return w, p
}

// The handlers below refuse before the billing service is reached (Billing is nil: reaching it
// would panic, answered 500).

func TestInvoicesQuery(t *testing.T) {
	user := access.Principal{UserID: "usr_1", Role: access.RoleUser}
	var a API
	for _, limit := range []string{"0", "101", "ten"} {
		t.Run(limit, func(t *testing.T) {
			w, p := serve(
				"GET /v1/billing/invoices",
				func(w http.ResponseWriter, r *http.Request) error { return a.invoices(w, r, user) },
				"GET",
				"/v1/billing/invoices?limit="+limit,
				"",
				"",
			)
			if w.Code != 422 || p.Type != "https://api.example/errors/validation_failed" || len(p.InvalidParams) != 1 ||
				!strings.HasPrefix(p.InvalidParams[0], "limit:") {
				t.Errorf("%d %+v, want 422 naming limit", w.Code, p)
			}
		})
	}
}

// The credits ledger refuses a bad page size before the ledger is reached (Ledger is nil).
func TestCreditsQuery(t *testing.T) {
	user := access.Principal{UserID: "usr_1", Role: access.RoleUser}
	var c Credits
	for _, limit := range []string{"0", "x"} {
		t.Run(limit, func(t *testing.T) {
			w, p := serve(
				"GET /v1/billing/credits",
				func(w http.ResponseWriter, r *http.Request) error { return c.ledger(w, r, user) },
				"GET",
				"/v1/billing/credits?limit="+limit,
				"",
				"",
			)
			if w.Code != 422 || strings.Join(p.InvalidParams, "|") != "limit: a number from 1 to 100" {
				t.Errorf("%d %+v, want 422 naming limit", w.Code, p)
			}
		})
	}
}

func TestInvoiceNotificationSignature(t *testing.T) {
	a := API{SigningKey: []byte("gateway-key-0123456789abcdef")}
	body := `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1","reference":"INV-1","amount":1000}`
	tests := []struct {
		name   string
		header []string
	}{
		{"unsigned", nil},
		{"signed with another key", []string{"X-Webhook-Signature", payment.Sign([]byte("another-key"), []byte(body))}},
		{"not hex", []string{"X-Webhook-Signature", "sha256=" + payment.Sign(a.SigningKey, []byte(body))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := serve(
				"POST /v1/billing/webhook",
				a.webhook,
				"POST",
				"/v1/billing/webhook",
				"application/json",
				body,
				tt.header...)
			if w.Code != http.StatusUnauthorized || p.Type != "https://api.example/errors/unauthorized" {
				t.Errorf("%d %+v, want 401", w.Code, p)
			}
		})
	}
}

// An invoice's notification signed with the right key but with a key twice, or in another case
// than its field's, is refused before the invoice is touched (Billing is nil: reaching it would
// panic): encoding/json keeps the last of two keys, the signer's parser may keep the first.
func TestAmbiguousInvoiceNotificationRefused(t *testing.T) {
	a := API{SigningKey: []byte("gateway-key-0123456789abcdef")}
	for _, body := range []string{
		`{"eventId":"evt_1","type":"payment.failed","type":"payment.succeeded","paymentId":"pay_1",` +
			`"reference":"INV-1","amount":1000}`,
		`{"eventId":"evt_1","Type":"payment.succeeded","paymentId":"pay_1","reference":"INV-1","amount":1000}`,
	} {
		w, p := serve("POST /v1/billing/webhook", a.webhook, "POST", "/v1/billing/webhook", "application/json", body,
			"X-Webhook-Signature", payment.Sign(a.SigningKey, []byte(body)))
		if w.Code != http.StatusBadRequest || p.Type != "https://api.example/errors/bad_request" {
			t.Errorf("%s: %d %+v, want 400", body, w.Code, p)
		}
	}
}

func TestChangePlanBody(t *testing.T) {
	admin := access.Principal{UserID: "usr_admin", Role: access.RoleAdmin}
	var a API
	for name, tt := range map[string]struct {
		contentType, body string
		status            int
	}{
		"not JSON":      {"text/plain", `{"plan":"pro"}`, 415},
		"unknown field": {"application/json", `{"plan":"pro","credits":100}`, 400},
	} {
		t.Run(name, func(t *testing.T) {
			w, _ := serve(
				"POST /v1/admin/users/{userId}/plan",
				func(w http.ResponseWriter, r *http.Request) error { return a.changePlan(w, r, admin) },
				"POST",
				"/v1/admin/users/usr_1/plan",
				tt.contentType,
				tt.body,
			)
			if w.Code != tt.status {
				t.Errorf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
		})
	}
}

type usageFunc func(ctx context.Context, ownerID string) (testmode.Usage, error)

func (f usageFunc) Usage(ctx context.Context, ownerID string) (testmode.Usage, error) {
	return f(ctx, ownerID)
}

// A test key reads test mode's allowance, never the live ledger or invoices (Ledger and Billing
// are nil: reaching them would panic, answered 500).
func TestTestKeysSeeTheTestView(t *testing.T) {
	testKey := access.Principal{UserID: "usr_1", Role: access.RoleUser, KeyID: "key_1", Live: false}
	c := Credits{TestQuota: usageFunc(func(_ context.Context, owner string) (testmode.Usage, error) {
		return testmode.Usage{Mode: "test", DailyQuota: 100, UsedToday: 7, RemainingToday: 93}, nil
	})}
	w, _ := serve(
		"GET /v1/billing/credits",
		func(w http.ResponseWriter, r *http.Request) error { return c.ledger(w, r, testKey) },
		"GET",
		"/v1/billing/credits",
		"",
		"",
	)
	var got map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	if w.Code != 200 || got["mode"] != "test" || got["livemode"] != false || got["dailyQuota"] != 100.0 ||
		got["usedToday"] != 7.0 ||
		got["remainingToday"] != 93.0 || fmt.Sprint(got["data"]) != "[]" ||
		got["nextCursor"] != nil {
		t.Errorf("credits: %d %s", w.Code, w.Body)
	}
	var a API
	w, _ = serve(
		"GET /v1/billing/invoices",
		func(w http.ResponseWriter, r *http.Request) error { return a.invoices(w, r, testKey) },
		"GET",
		"/v1/billing/invoices",
		"",
		"",
	)
	if w.Code != 200 || strings.TrimSpace(w.Body.String()) != "[]" {
		t.Errorf("invoices: %d %s", w.Code, w.Body)
	}
}

// TestReturnPage: the page the payer comes back to is never framed, cached or given a Referer:
// it sent none of those headers.
func TestReturnPage(t *testing.T) {
	var a API
	for _, target := range []string{"/v1/billing/return", "/v1/billing/return?outcome=cancelled"} {
		w, _ := serve("GET /v1/billing/return", a.returned, "GET", target, "", "")
		h := w.Header()
		if w.Code != 200 || h.Get("X-Frame-Options") != "DENY" ||
			h.Get("Content-Security-Policy") != httpapi.StaticPage+"; frame-ancestors 'none'" ||
			h.Get("Cache-Control") != "no-store" || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Errorf("GET %s: %d %v", target, w.Code, h)
		}
	}
}
