package contractsapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/idempotency/idempotencytest"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// killing is a contract store whose PutContract stops the run the first time it is called, as a
// killed function stops: before the request is stored (before), or once it is (after).
type killing struct {
	*contractstest.Store
	mu    sync.Mutex
	kill  string // "before", "after", or "" once it has killed
	puts  int
	links *oneLinkPerReference
}

func (k *killing) PutContract(ctx context.Context, c contracts.Contract) error {
	k.mu.Lock()
	kill := k.kill
	k.kill = ""
	k.puts++
	k.mu.Unlock()
	if kill == "before" {
		panic("killed before the request is stored")
	}
	err := k.Store.PutContract(ctx, c)
	if kill == "after" {
		panic("killed after the request is stored")
	}
	return err
}

// oneLinkPerReference is the sandbox's links in memory, one per reference as the repository keeps
// them.
type oneLinkPerReference struct {
	links
	opened int
}

func (s *oneLinkPerReference) PutLink(ctx context.Context, l payment.Link) error {
	if _, err := s.LinkOf(ctx, l.Reference); err == nil {
		return fault.New(fault.Conflict, "The reference has a payment link.")
	}
	s.opened++
	return s.links.PutLink(ctx, l)
}

type price struct{}

func (price) Price(context.Context, contracts.Contract) (contracts.Pricing, error) {
	return contracts.Pricing{NetPremium: 16000, Accessories: 2500, Total: 18500, Currency: "XOF"}, nil
}
func (price) Issue(context.Context, contracts.Contract, int) (contracts.Issuance, error) {
	return contracts.Issuance{}, nil
}

type anyCode struct{}

func (anyCode) Has(string, string, string) bool { return true }

const autoRequest = `{"returnUrl":"https://partner.example/r","cancelUrl":"https://partner.example/c",` +
	`"contract":{"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"nbP":2,` +
	`"dure":12,"effet":"01/01/2099","numImmat":"X","mqCode":"YAMA","modele":"M"}}`

// A contract creation killed between its idempotency record's start and its finish leaves its key
// in progress only until the run's lease ends (the function's timeout, and a second); the retry
// then runs again and finds what the killed run made: the request it stored (201 with that very
// request), or, killed after opening the link, the link (one request, one link). Before, the key
// answered 409 idempotency_request_in_progress for its whole 24 hours, and the request stored by
// the killed run was never answered.
func TestCreationKilledMidRequestRunsAgainAfterItsLease(t *testing.T) {
	for _, kill := range []string{"after", "before"} {
		t.Run("killed "+kill+" the request is stored", func(t *testing.T) {
			now := time.Date(2026, 11, 23, 23, 59, 50, 0, time.UTC)
			clock := func() time.Time { return now }
			sandbox := &oneLinkPerReference{links: links{m: map[string]payment.Link{}}}
			store := &killing{Store: contractstest.New(), kill: kill, links: sandbox}
			a := API{
				Contracts: &contracts.Service{Store: store, Codes: anyCode{}, Core: price{}, LinkTTL: time.Hour,
					Gateway: payment.Sandbox{Store: sandbox, BaseURL: "https://partners.example", Active: true},
					Now:     clock},
				Idempotency: guard.Idempotency{Store: idempotencytest.New(), Window: 24 * time.Hour,
					Lease: 29 * time.Second, Now: clock},
			}
			partner := access.Principal{PartnerID: "prt_1", Role: access.RolePartner}
			h := as(partner, a.Idempotency.Wrap(a.create(contracts.ProductAuto)))
			post := func() *httptest.ResponseRecorder {
				w, _ := serveWith(h, "3b7c9a2e-2f4d-4a6b-9a1e-1c2d3e4f5a6b", autoRequest)
				return w
			}
			if w := post(); w.Code != http.StatusInternalServerError {
				t.Fatalf("the killed run: %d %s", w.Code, w.Body)
			}
			now = now.Add(29 * time.Second)
			if w := post(); w.Code != http.StatusConflict || w.Header().Get("Retry-After") != "1" ||
				!strings.Contains(w.Body.String(), "in progress") {
				t.Fatalf("a retry within the lease: %d %s (Retry-After %q), want 409 in progress, retry after 1 s",
					w.Code, w.Body, w.Header().Get("Retry-After"))
			}
			now = now.Add(1001 * time.Millisecond) // past the lease: 29 s and the margin; the next UTC day
			w := post()
			var got struct {
				Reference string `json:"reference"`
				Payment   struct {
					PaymentURL string `json:"paymentUrl"`
				} `json:"payment"`
			}
			if w.Code != http.StatusCreated || json.Unmarshal(w.Body.Bytes(), &got) != nil {
				t.Fatalf("the retry after the lease: %d %s, want 201", w.Code, w.Body)
			}
			if store.Len() != 1 || !strings.HasPrefix(got.Reference, "AUT-20261123-") {
				t.Fatalf("%d requests stored, answered %s; want the one request, dated by the first run",
					store.Len(), got.Reference)
			}
			stored, err := store.Contract(context.Background(), got.Reference)
			if err != nil || stored.Payment.URL != got.Payment.PaymentURL {
				t.Errorf("answered %+v, stored %+v, %v", got, stored.Payment, err)
			}
			if sandbox.opened != 1 {
				t.Errorf("%d payment links opened, want 1", sandbox.opened)
			}
			if again := post(); again.Code != http.StatusCreated || again.Header().Get("Idempotent-Replayed") != "true" ||
				again.Body.String() != w.Body.String() || store.Len() != 1 {
				t.Errorf("a replay: %d %s, want the answer replayed", again.Code, again.Body)
			}
		})
	}
}

// serveWith posts body to h, served as the API serves it, under an idempotency key.
func serveWith(h httpapi.HandlerFunc, key, body string) (*httptest.ResponseRecorder, error) {
	r := httptest.NewRequest("POST", "/api/v1/partner/contracts/auto/classic", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set(idempotency.Header, key)
	w := httptest.NewRecorder()
	route := httpapi.Route{Pattern: "POST /api/v1/partner/contracts/auto/classic", Handler: h}
	httpapi.New(slog.New(slog.DiscardHandler), bases, []httpapi.Route{route}).ServeHTTP(w, r)
	return w, nil
}
