package contractsapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

var bases = httpapi.Bases{Identity: "https://api.example", Partner: "https://partners.example"}

func serve(
	routes []httpapi.Route,
	method, target, contentType, body string,
) (*httptest.ResponseRecorder, httpapi.Problem) {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	httpapi.New(slog.New(slog.DiscardHandler), bases, routes).ServeHTTP(w, r)
	var p httpapi.Problem
	if w.Code >= 400 && strings.HasPrefix(w.Header().Get("Content-Type"), "application/problem+json") {
		_ = json.Unmarshal(w.Body.Bytes(), &p)
	}
	return w, p
}

func as(p access.Principal, h guard.HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error { return h(w, r, p) }
}

// TestCreationByAnAdministrator: an administrator names the partner, which must exist; both are
// checked before anything is priced or stored (Contracts is nil here: reaching it would panic).
func TestCreationByAnAdministrator(t *testing.T) {
	admin := access.Principal{UserID: "usr_admin", Role: access.RoleAdmin}
	a := API{Partners: func(_ context.Context, id string) (string, error) {
		if id != "prt_1" {
			return "", fault.New(fault.NotFound, "No such partner.")
		}
		return "Assur Plus", nil
	}}
	tests := []struct {
		name, body string
		status     int
		typ        string
	}{
		{"no partnerId", `{"returnUrl":"https://shop.example/ok"}`, 422, "validation_failed"},
		{"an unknown partner", `{"partnerId":"prt_404","returnUrl":"https://shop.example/ok"}`, 404, "not_found"},
		{"malformed", `{"partnerId":`, 400, "bad_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := serve(
				[]httpapi.Route{
					{
						Pattern: "POST /api/v1/contracts/auto/classic",
						Handler: as(admin, a.create(contracts.ProductAuto)),
					},
				},
				"POST",
				"/api/v1/contracts/auto/classic",
				"application/json",
				tt.body,
			)
			if w.Code != tt.status || p.Type != "https://partners.example/errors/"+tt.typ {
				t.Fatalf("%d %+v, want %d %s", w.Code, p, tt.status, tt.typ)
			}
			if tt.status == 422 && (len(p.InvalidParams) != 1 || !strings.HasPrefix(p.InvalidParams[0], "partnerId:")) {
				t.Errorf("invalidParams %v, want partnerId named", p.InvalidParams)
			}
		})
	}
}

// TestAdminActions: replay and refund answer the request's status read with their own status, never
// cached; the operation's refusal is the problem.
func TestAdminActions(t *testing.T) {
	admin := access.Principal{UserID: "usr_admin", Role: access.RoleAdmin}
	a := API{Partners: func(context.Context, string) (string, error) { return "Assur Plus", nil }}
	ok := func(_ context.Context, ref string) (contracts.Contract, error) {
		return contracts.Contract{
			Reference: ref,
			Product:   contracts.ProductAuto,
			Status:    contracts.StatusIssuanceInProgress,
		}, nil
	}
	refused := func(context.Context, string) (contracts.Contract, error) {
		return contracts.Contract{}, fault.New(fault.Conflict, "The request is ACTIVE; this needs ISSUANCE_FAILED.")
	}
	tests := []struct {
		name   string
		op     func(context.Context, string) (contracts.Contract, error)
		status int
	}{
		{"replayed", ok, http.StatusAccepted},
		{"refused", refused, http.StatusConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := serve(
				[]httpapi.Route{
					{
						Pattern: "POST /api/v1/admin/contracts/{reference}/replay-issuance",
						Handler: as(admin, a.admin(tt.op, http.StatusAccepted)),
					},
				},
				"POST",
				"/api/v1/admin/contracts/AUT-20261123-ABCDEFGH/replay-issuance",
				"",
				"",
			)
			if w.Code != tt.status || w.Header().Get("Cache-Control") != "no-store" {
				t.Fatalf("%d, Cache-Control %q: %s", w.Code, w.Header().Get("Cache-Control"), w.Body)
			}
			if tt.status == http.StatusConflict {
				if p.Type != "https://partners.example/errors/conflict" {
					t.Errorf("problem %+v", p)
				}
				return
			}
			var v statusView
			if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || v.Reference != "AUT-20261123-ABCDEFGH" ||
				v.ContractStatus != contracts.StatusIssuanceInProgress {
				t.Errorf("answer %s (%v)", w.Body, err)
			}
		})
	}
}

func TestPaymentNotificationSignature(t *testing.T) {
	n := Notifications{
		SigningKey: []byte("gateway-key-0123456789abcdef"),
	} // Contracts nil: a bad signature stops before it
	body := `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1","reference":"AUT-1","amount":1000}`
	for name, sig := range map[string]string{"missing": "", "wrong": payment.Sign([]byte("another key"),
		[]byte(body))} {
		t.Run(name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/v1/webhooks/payment", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			if sig != "" {
				r.Header.Set("X-Webhook-Signature", sig)
			}
			w := httptest.NewRecorder()
			httpapi.New(slog.New(slog.DiscardHandler), bases, n.Routes()).ServeHTTP(w, r)
			if w.Code != http.StatusUnauthorized {
				t.Errorf("status %d, want 401: %s", w.Code, w.Body)
			}
		})
	}
}

// ambiguousNotifications are signed bodies that two JSON parsers may read two ways: a key twice
// (encoding/json keeps the last, many parsers the first), or in another case than the field's
// (encoding/json matches it, an exact parser does not), the long s and the kelvin sign included.
var ambiguousNotifications = map[string]string{
	"a key twice": `{"eventId":"evt_1","type":"payment.failed","type":"payment.succeeded",` +
		`"paymentId":"pay_1","reference":"AUT-1","amount":1000,"currency":"XOF"}`,
	"two cases of a key": `{"eventId":"evt_1","type":"payment.failed","Type":"payment.succeeded",` +
		`"paymentId":"pay_1","reference":"AUT-1","amount":1000,"currency":"XOF"}`,
	"a field in another case": `{"eventId":"evt_1","TYPE":"payment.succeeded","paymentId":"pay_1",` +
		`"reference":"AUT-1","amount":1000,"currency":"XOF"}`,
	"the event id twice, far apart": `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1",` +
		`"reference":"AUT-1","amount":1000,"currency":"XOF","occurredAt":"2026-11-23T08:00:00Z",` +
		`"eventId":"evt_2"}`,
	"a kelvin sign for a k, nested": `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1",` +
		`"reference":"AUT-1","amount":1000,"currency":"XOF","meta":{"k":1,"\u212a":2}}`,
	"a long s for an s, in a list": `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1",` +
		`"reference":"AUT-1","amount":1000,"currency":"XOF","meta":[{"s":1,"\u017f":2}]}`,
}

// TestAmbiguousNotificationsRefused: a notification signed with the right key but whose keys two
// parsers may read two ways is refused (400) before the contract is touched (Contracts is nil
// here: reaching it would panic). It was read as encoding/json reads it.
func TestAmbiguousNotificationsRefused(t *testing.T) {
	n := Notifications{SigningKey: []byte("gateway-key-0123456789abcdef")}
	for name, body := range ambiguousNotifications {
		t.Run(name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/v1/webhooks/payment", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("X-Webhook-Signature", payment.Sign(n.SigningKey, []byte(body)))
			w := httptest.NewRecorder()
			httpapi.New(slog.New(slog.DiscardHandler), bases, n.Routes()).ServeHTTP(w, r)
			if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "a key appears twice") {
				t.Errorf("status %d, want 400: %s", w.Code, w.Body)
			}
		})
	}
}

// links is a payment.Store in memory.
type links struct {
	mu sync.Mutex
	m  map[string]payment.Link
}

func (s *links) PutLink(_ context.Context, l payment.Link) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[l.ID] = l
	return nil
}

func (s *links) Link(_ context.Context, id string) (payment.Link, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.m[id]
	if !ok {
		return l, fault.New(fault.NotFound, "No such payment.")
	}
	return l, nil
}

func (s *links) LinkOf(_ context.Context, reference string) (payment.Link, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range s.m {
		if l.Reference == reference {
			return l, nil
		}
	}
	return payment.Link{}, fault.New(fault.NotFound, "No such payment.")
}

func (s *links) DecideLink(_ context.Context, id, outcome string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.m[id]
	if l.Outcome != "" {
		return fault.New(fault.Conflict, "This payment is closed.")
	}
	l.Outcome = outcome
	s.m[id] = l
	return nil
}

// TestSandboxCheckout: the checkout page and its buttons, against a receiver standing in for the
// notifications route.
func TestSandboxCheckout(t *testing.T) {
	key := []byte("gateway-key-0123456789abcdef")
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	receiverStatus := http.StatusOK
	var received []payment.Notification
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := guard.PaymentNotification(r, key)
		if err != nil {
			t.Errorf("notification: %v", err)
		}
		received = append(received, n)
		w.WriteHeader(receiverStatus)
	}))
	defer receiver.Close()
	link := func(id string, expires time.Time, outcome string) payment.Link {
		return payment.Link{
			ID:        id,
			Reference: "AUT-1",
			Amount:    1000,
			Currency:  "XOF",
			ReturnURL: "https://shop.example/ok",
			CancelURL: "https://shop.example/cancel",
			NotifyURL: receiver.URL,
			ExpiresAt: expires,
			Outcome:   outcome,
		}
	}
	store := &links{m: map[string]payment.Link{}}
	for _, l := range []payment.Link{link("pay_open", now.Add(time.Hour), ""), link("pay_refused", now.Add(time.Hour),
		""), link("pay_unconfirmed", now.Add(time.Hour), ""),
		link("pay_expired", now.Add(-time.Minute), ""), link("pay_closed", now.Add(time.Hour), "paid")} {
		_ = store.PutLink(context.Background(), l)
	}
	s := Sandbox{
		Gateway: payment.Sandbox{Store: store, SigningKey: key},
		Client:  receiver.Client(),
		Now:     func() time.Time { return now },
	}
	tests := []struct {
		name, method, id, outcome string
		receiver                  int
		status                    int
		want                      string // in the body, or the Location of a redirect
	}{
		{"page of an open link", "GET", "pay_open", "", 200, 200, `value="paid"`},
		{"page of a closed link", "GET", "pay_closed", "", 200, 200, "This payment is closed: paid."},
		{"page of an expired link", "GET", "pay_expired", "", 200, 410, "has expired"},
		{"page of an unknown link", "GET", "pay_unknown", "", 200, 404, "not_found"},
		{"an unknown outcome", "POST", "pay_open", "refunded", 200, 422, "outcome: paid, cancelled or failed"},
		{"pay an expired link", "POST", "pay_expired", "paid", 200, 410, "expired"},
		{"the notification refused", "POST", "pay_refused", "paid", 400, 502, `"upstreamStatus":400`},
		// A receiver out of time may have applied it: never "failed" (it told the payer to press again
		// after the payment was applied).
		{"the notification not confirmed", "POST", "pay_unconfirmed", "paid", 503, 502, "it may have been applied"},
		{"pay", "POST", "pay_open", "paid", 200, 303, "https://shop.example/ok"},
		{"pay twice", "POST", "pay_open", "paid", 200, 409, "closed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			receiverStatus, received = tt.receiver, nil
			contentType, body := "", ""
			if tt.method == "POST" {
				contentType, body = "application/x-www-form-urlencoded", url.Values{"outcome": {tt.outcome}}.Encode()
			}
			w, _ := serve(s.Routes(), tt.method, "/sandbox/pay/"+tt.id, contentType, body)
			got, _ := io.ReadAll(w.Body)
			if tt.status == 303 {
				got = []byte(w.Header().Get("Location"))
			}
			if w.Code != tt.status || !strings.Contains(string(got), tt.want) {
				t.Fatalf("%d %s, want %d with %q", w.Code, got, tt.status, tt.want)
			}
			// Never in another site's frame, where the buttons could be dressed up as something else.
			if h := w.Header(); h.Get("X-Frame-Options") != "DENY" ||
				!strings.HasSuffix(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("may be framed: X-Frame-Options %q, Content-Security-Policy %q", h.Get("X-Frame-Options"),
					h.Get("Content-Security-Policy"))
			}
			if tt.method == "GET" && tt.status != 404 &&
				!strings.HasPrefix(w.Header().Get("Content-Security-Policy"), "default-src 'none'") {
				t.Errorf("page policy %q", w.Header().Get("Content-Security-Policy"))
			}
			if tt.status == 303 &&
				(len(received) != 1 || received[0].Type != payment.Succeeded ||
					received[0].EventID != "evt_pay_open_paid") {
				t.Errorf("notifications %+v, want one signed payment.succeeded", received)
			}
		})
	}
}

// TestAnotherPartnersReference: a partner reading another partner's reference is answered as for
// an unknown one, 404 with the same detail, as the identity API answers another user's resource:
// a 403 told the partner that the reference exists.
func TestAnotherPartnersReference(t *testing.T) {
	const ref = "AUT-20261123-ABCDEFGH"
	a := API{Contracts: &contracts.Service{Store: contractstest.New(contracts.Contract{
		Reference: ref,
		PartnerID: "prt_1",
		Product:   contracts.ProductAuto,
		Status:    contracts.StatusPendingPayment,
	})}}
	read := func(partnerID, reference string) (*httptest.ResponseRecorder, httpapi.Problem) {
		p := access.Principal{PartnerID: partnerID, Role: access.RolePartner}
		return serve(
			[]httpapi.Route{{Pattern: "GET /api/v1/partner/contracts/requests/{reference}", Handler: as(p, a.get)}},
			"GET", "/api/v1/partner/contracts/requests/"+reference, "", "")
	}
	if w, _ := read("prt_1", ref); w.Code != http.StatusOK {
		t.Fatalf("its partner: %d %s", w.Code, w.Body)
	}
	w, other := read("prt_2", ref)
	_, unknown := read("prt_2", "AUT-20261123-NOTKNOWN")
	if w.Code != http.StatusNotFound || other.Type != "https://partners.example/errors/not_found" ||
		other.Detail != unknown.Detail {
		t.Errorf("another partner: %d %+v, want 404 as for an unknown reference (%q)", w.Code, other, unknown.Detail)
	}
}

// TestAdminListUnknownPartner: a partnerId filter that names no partner is 422 naming it, as the
// document says of an unknown filter value, before anything is listed (Contracts is nil here:
// reaching it would panic). It answered an empty list.
func TestAdminListUnknownPartner(t *testing.T) {
	admin := access.Principal{UserID: "usr_admin", Role: access.RoleAdmin}
	a := API{Partners: func(_ context.Context, id string) (string, error) {
		if id != "prt_1" {
			return "", fault.New(fault.NotFound, "No such partner.")
		}
		return "Assur Plus", nil
	}}
	routes := []httpapi.Route{{Pattern: "GET " + adminList, Handler: as(admin, a.adminList)}}
	for target, invalid := range map[string]string{
		adminList + "?partnerId=prt_404":                       "partnerId: no such partner",
		adminList + "?partnerId=prt_404&contractStatus=ACTIVE": "partnerId: no such partner",
		adminList + "?partnerId=" + strings.Repeat("p", 65):    "partnerId: at most 64 characters",
		adminList + "?partnerId=prt_404&limit=0":               "limit: a number from 1 to 100",
	} {
		w, p := serve(routes, "GET", target, "", "")
		if w.Code != http.StatusUnprocessableEntity || !slices.Contains(p.InvalidParams, invalid) {
			t.Errorf("GET %.80s: %d %v, want 422 naming %q", target, w.Code, p.InvalidParams, invalid)
		}
	}
}
