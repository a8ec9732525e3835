package webhookapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/domain/webhook/memstore"
)

type noWake struct{}

func (noWake) Send(context.Context, string, time.Time) error { return nil }

// serve answers one request with h as the given principal, through httpapi's problem writer.
func serve(
	pattern string,
	h guard.HandlerFunc,
	p access.Principal,
	method, target, body string,
) (*httptest.ResponseRecorder, httpapi.Problem) {
	srv := httpapi.New(
		slog.New(slog.DiscardHandler),
		httpapi.Bases{Identity: "https://api.example", Partner: "https://partners.example"},
		[]httpapi.Route{
			{Pattern: pattern, Handler: func(w http.ResponseWriter, r *http.Request) error { return h(w, r, p) }},
		},
	)
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	var prob httpapi.Problem
	if w.Code >= 400 {
		_ = json.Unmarshal(w.Body.Bytes(), &prob)
	}
	return w, prob
}

func deliveriesOf(t *testing.T, owner string, statuses ...webhook.Status) *memstore.Store {
	s := &memstore.Store{}
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	for i, st := range statuses {
		d := webhook.Delivery{
			ID:      webhook.NewID(),
			Scheme:  webhook.SchemePartner,
			OwnerID: owner,
			Event:   "insurance.contract.issued",
			Reference: "AUT-" + string(
				rune('A'+i),
			),
			Body:      []byte(`{}`),
			Status:    st,
			CreatedAt: at.Add(time.Duration(i) * time.Minute),
			NextAt:    at,
		}
		if err := s.PutDelivery(context.Background(), d); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestDeliveryHistoryHandler: the partner's delivery history, its query checked before the store is
// read, one page at a time.
func TestDeliveryHistoryHandler(t *testing.T) {
	partner := access.Principal{PartnerID: "prt_1", Role: access.RolePartner, KeyID: "key_1"}
	store := deliveriesOf(t, "prt_1", webhook.StatusSucceeded, webhook.StatusFailed, webhook.StatusPending)
	a := API{Store: store}
	tests := []struct {
		query   string
		status  int
		invalid []string
		count   int
		more    bool
	}{
		{"", 200, nil, 3, false},
		{"?limit=2", 200, nil, 2, true},
		{"?status=FAILED", 200, nil, 1, false},
		{"?reference=AUT-A", 200, nil, 1, false},
		{"?limit=0", 422, []string{"limit: a number from 1 to 100"}, 0, false},
		{
			"?limit=101&status=DONE",
			422,
			[]string{"limit: a number from 1 to 100", "status: PENDING, SUCCEEDED or FAILED"},
			0,
			false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			w, p := serve(
				"GET /api/v1/partners/me/webhook/deliveries",
				a.partnerDeliveries,
				partner,
				"GET",
				"/api/v1/partners/me/webhook/deliveries"+tt.query,
				"",
			)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status != 200 {
				if strings.Join(p.InvalidParams, "|") != strings.Join(tt.invalid, "|") ||
					!strings.HasPrefix(p.Type, "https://partners.example/errors/") {
					t.Errorf("problem %+v, want invalidParams %v", p, tt.invalid)
				}
				return
			}
			var out struct {
				Data []struct {
					DeliveryID  string     `json:"deliveryId"`
					Status      string     `json:"status"`
					Attempts    []any      `json:"attempts"`
					NextAttempt *time.Time `json:"nextAttemptAt"`
				} `json:"data"`
				NextCursor *string `json:"nextCursor"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
				t.Fatal(err)
			}
			if len(out.Data) != tt.count || (out.NextCursor != nil) != tt.more {
				t.Errorf(
					"%d deliveries, nextCursor %v; want %d, more %v",
					len(out.Data),
					out.NextCursor,
					tt.count,
					tt.more,
				)
			}
			for _, d := range out.Data {
				if d.Attempts == nil || (d.Status == "PENDING") != (d.NextAttempt != nil) {
					t.Errorf("delivery %+v: attempts must be a list, nextAttemptAt set only while pending", d)
				}
			}
		})
	}
}

// TestRecoverHandler: since is an RFC 3339 time not in the future; recovery re-queues the failed
// deliveries once.
func TestRecoverHandler(t *testing.T) {
	partner := access.Principal{PartnerID: "prt_1", Role: access.RolePartner, KeyID: "key_1"}
	store := deliveriesOf(t, "prt_1", webhook.StatusFailed, webhook.StatusFailed, webhook.StatusSucceeded)
	a := API{Store: store, Deliveries: &webhook.Engine{Store: store, Wake: noWake{}}}
	tests := []struct {
		name, body string
		status     int
		recovered  int
	}{
		{"not a time", `{"since":"yesterday"}`, 422, 0},
		{"in the future", `{"since":"` + time.Now().Add(time.Hour).UTC().Format(time.RFC3339) + `"}`, 422, 0},
		{"unknown field", `{"since":"2026-11-23T00:00:00Z","until":"x"}`, 400, 0},
		{"two failed", `{"since":"2026-11-23T00:00:00Z"}`, 202, 2},
		{"again: nothing left", `{"since":"2026-11-23T00:00:00Z"}`, 202, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := serve(
				"POST /api/v1/partners/me/webhook/recover",
				a.recoverPartner,
				partner,
				"POST",
				"/api/v1/partners/me/webhook/recover",
				tt.body,
			)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status == 422 && (len(p.InvalidParams) != 1 || !strings.HasPrefix(p.InvalidParams[0], "since:")) {
				t.Errorf("problem %+v, want invalidParams naming since", p)
			}
			if tt.status == 202 {
				var out struct {
					Recovered int  `json:"recovered"`
					HasMore   bool `json:"hasMore"`
				}
				_ = json.Unmarshal(w.Body.Bytes(), &out)
				if out.Recovered != tt.recovered || out.HasMore {
					t.Errorf("answer %s, want %d recovered", w.Body, tt.recovered)
				}
			}
		})
	}
}

// TestCreateEndpointModeRules: an API key creates endpoints of its own mode only; a login session
// chooses; an unknown mode is refused. These are decided before anything is stored.
func TestCreateEndpointModeRules(t *testing.T) {
	liveKey := access.Principal{UserID: "usr_1", Role: access.RoleUser, KeyID: "key_1", Live: true}
	session := access.Principal{UserID: "usr_1", Role: access.RoleUser}
	tests := []struct {
		name   string
		p      access.Principal
		body   string
		status int
		typ    string
	}{
		{
			"an unknown mode",
			session,
			`{"url":"https://hooks.example/x","events":["extraction.completed"],"mode":"staging"}`,
			422,
			"validation_failed",
		},
		{
			"a live key asks for test",
			liveKey,
			`{"url":"https://hooks.example/x","events":["extraction.completed"],"mode":"test"}`,
			403,
			"forbidden",
		},
		{"not JSON", session, `url=https://hooks.example`, 400, "bad_request"},
		{
			"eleven events",
			session,
			`{"url":"https://hooks.example/x","events":[` + strings.Repeat(`"webhook.test",`, 10) + `"webhook.test"]}`,
			422,
			"validation_failed",
		},
	}
	a := API{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := serve("POST /v1/webhooks", a.createEndpoint, tt.p, "POST", "/v1/webhooks", tt.body)
			if w.Code != tt.status || p.Type != "https://api.example/errors/"+tt.typ {
				t.Errorf("%d %+v, want %d %s", w.Code, p, tt.status, tt.typ)
			}
		})
	}
}
