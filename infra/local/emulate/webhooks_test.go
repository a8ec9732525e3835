package emulate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/webhookverify"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/wiring/app"
)

// receiver is a partner's or user's webhook endpoint: it records every request and answers with
// the status its script gives for the n-th request (1-based).
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	requests []received
}

type received struct {
	at     time.Time
	header http.Header
	body   []byte
}

func newReceiver(t *testing.T, script func(n int) (status int, delay time.Duration)) *receiver {
	rc := &receiver{}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.requests = append(rc.requests, received{at: time.Now(), header: r.Header.Clone(), body: body})
		n := len(rc.requests)
		rc.mu.Unlock()
		status, delay := script(n)
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		if status == http.StatusFound {
			w.Header().Set("Location", "http://127.0.0.1:1/elsewhere")
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) got() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.requests...)
}

// waitSlack stretches every waitFor: within is what the work takes on a quiet machine, and a loaded
// one (CI beside other builds) gets several times that. A passing wait ends as soon as cond holds,
// so the slack costs nothing; it only keeps a slow machine from failing a correct stack.
const waitSlack = 4

// waitFor polls until cond holds or the time (within, times waitSlack) is up.
func waitFor(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within * waitSlack)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// schedule is the compressed retry schedule of these tests: offsets 1 to 5 s from the first attempt.
var retryOffsets = []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second, 5 * time.Second}

// webhooks are the webhook service and delivery engine of the local stack, as app builds them.
type webhooks struct {
	*webhook.Service
	Engine *webhook.Engine
}

// publish emits an identity API event that reports no change of ours: the deliveries the outbox
// gives it are stored alone, then woken, as a change's transaction would store them.
func (w webhooks) publish(t *testing.T, owner string, live bool, event, ref string, data any) []webhook.Delivery {
	t.Helper()
	var sent []webhook.Delivery
	err := w.Emit(context.Background(), owner, live, event, ref, data, func(ds []webhook.Delivery) error {
		for _, d := range ds {
			if err := w.Engine.Store.PutDelivery(context.Background(), d); err != nil {
				return err
			}
		}
		sent = ds
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sent
}

func webhookStack(t *testing.T) (*Local, Credentials, client, webhooks) {
	t.Helper()
	return webhookStackWith(t, nil)
}

// webhookStackWith is webhookStack with some settings changed.
func webhookStackWith(t *testing.T, settings map[string]string) (*Local, Credentials, client, webhooks) {
	t.Helper()
	env := map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
		"WEBHOOK_ALLOW_LOOPBACK": "true", "WEBHOOK_RETRY_SCHEDULE": "1s,2s,3s,4s,5s", "WEBHOOK_TIMEOUT": "1s"}
	maps.Copy(env, settings)
	local := startLocal(t, env)
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	getenv, err := local.Getenv("PartnersFunction")
	if err != nil {
		t.Fatal(err)
	}
	svc, engine, err := app.Webhooks(context.Background(), getenv)
	if err != nil {
		t.Fatal(err)
	}
	return local, creds, client{t: t, base: local.URL}, webhooks{Service: svc, Engine: engine}
}

// newPartner creates a partner of its own for one test, so that no other test's deliveries (which
// go to the partner's current URL) reach its receiver.
func newPartner(t *testing.T, c client, adminKey string) DemoPartner {
	t.Helper()
	r := c.do("POST", "/api/v1/admin/partners", map[string]any{"name": t.Name()}, key(adminKey)...)
	expect(t, "create partner", r, 201, "")
	var p struct {
		PartnerID string
		APIKey    struct{ Key string }
	}
	r.json(t, &p)
	return DemoPartner{PartnerID: p.PartnerID, Name: t.Name(), APIKey: p.APIKey.Key}
}

func configure(t *testing.T, c client, partnerKey, url, secret string) {
	t.Helper()
	body := map[string]any{"webhookUrl": url, "webhookSecret": secret}
	expect(t, "configure webhook", c.do("PATCH", "/api/v1/partners/me/webhook", body, key(partnerKey)...), 200, "")
}

func issued(t *testing.T, svc webhooks, partnerID, reference string) webhook.Delivery {
	t.Helper()
	body, err := contracts.IssuedPayload(
		reference,
		time.Now(),
		contracts.Issuance{ContractID: "C-1", NumeroPolice: "P-1",
			NumeroFacture: "F-1", LinkAttestation: "https://docs.example/a.pdf",
			LinkCarteBrune: "https://docs.example/c.pdf"},
	)
	if err != nil {
		t.Fatal(err)
	}
	d, err := svc.Engine.Enqueue(
		context.Background(),
		webhook.Delivery{Scheme: webhook.SchemePartner, OwnerID: partnerID,
			Event: contracts.EventIssued, Reference: reference, Body: body},
	)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPartnerWebhookRetriesAtTheScheduledOffsets(t *testing.T) {
	t.Parallel()
	_, creds, c, svc := webhookStack(t)
	const secret = "partner-secret-0123456789"
	partner := creds.Partners[0]

	t.Run("fails five times, then succeeds: six attempts at the offsets", func(t *testing.T) {
		rc := newReceiver(t, func(n int) (int, time.Duration) {
			if n <= 5 {
				return 500, 0
			}
			return 200, 0
		})
		configure(t, c, partner.APIKey, rc.URL+"/insurance", secret)
		d := issued(t, svc, partner.PartnerID, "REF-RETRY")
		// While the delivery waits, it shows when its next attempt is due: the engine's decision,
		// on the stack's clock, which the queue's delays carry out more or less late.
		due := map[int]time.Time{} // attempts made → the next attempt's due time
		waitFor(t, 30*time.Second, "six attempts", func() bool {
			if h := deliveries(t, c, partner.APIKey, "?reference=REF-RETRY"); len(h) == 1 &&
				h[0].Status == "PENDING" && h[0].NextAttemptAt != nil && len(h[0].Attempts) > 0 {
				due[len(h[0].Attempts)] = *h[0].NextAttemptAt
			}
			return len(rc.got()) >= 6
		})
		history := deliveries(t, c, partner.APIKey, "?reference=REF-RETRY")
		if len(history) != 1 || history[0].Status != "SUCCEEDED" || len(history[0].Attempts) != 6 ||
			history[0].Attempts[0].StatusCode != 500 || history[0].Attempts[5].StatusCode != 200 {
			t.Fatalf("history = %+v", history)
		}
		attempts := history[0].Attempts
		first := attempts[0].At
		// Offsets count from the first attempt, not from the one before: the due times say so
		// exactly, whatever the load. A poll every 50 ms sees most of the five waits of 1 s or more.
		if len(due) < 2 {
			t.Errorf("saw the delivery pending with its next attempt's time %d times, want at least 2", len(due))
		}
		for n, at := range due {
			if want := first.Add(retryOffsets[n-1]); !at.Equal(want) {
				t.Errorf("after %d attempts the next was due at T0+%v, want T0+%v", n, at.Sub(first), retryOffsets[n-1])
			}
		}
		// And no attempt was made before its time (the engine takes a wake-up up to 1 s early
		// as due: the queue's delays are whole seconds). How late is the load's, and not asserted.
		for i, want := range retryOffsets {
			offset := attempts[i+1].At.Sub(first)
			t.Logf("attempt %d at T0+%v (scheduled T0+%v)", i+2, offset.Round(time.Millisecond), want)
			if offset < want-time.Second {
				t.Errorf("attempt %d at T0+%v, before its time T0+%v", i+2, offset.Round(time.Millisecond), want)
			}
		}
		reqs := rc.got()
		for i, r := range reqs {
			if string(r.body) != string(d.Body) {
				t.Fatalf("attempt %d body differs from the stored body", i+1)
			}
			if err := webhookverify.Insurance([]byte(secret), r.body,
				r.header.Get("x-insurance-signature")); err != nil {
				t.Errorf("attempt %d: x-insurance-signature: %v", i+1, err)
			}
			if err := webhookverify.Standard([]byte(secret), r.body, r.header, 5*time.Minute, time.Now()); err != nil {
				t.Errorf("attempt %d: webhook-signature: %v", i+1, err)
			}
			if r.header.Get("webhook-id") != d.ID || r.header.Get("x-insurance-event") != contracts.EventIssued ||
				r.header.Get(
					"x-insurance-reference",
				) != "REF-RETRY" || r.header.Get("Content-Type") != "application/json" {
				t.Errorf("attempt %d headers: %v", i+1, r.header)
			}
		}
		var payload map[string]any
		_ = json.Unmarshal(reqs[0].body, &payload)
		data, _ := payload["data"].(map[string]any)
		liens, _ := data["liens"].(map[string]any)
		if payload["event"] != contracts.EventIssued || payload["paymentStatus"] != "COMPLETED" ||
			data["status"] != "ACTIVE" ||
			liens["linkCarteBrune"] == nil {
			t.Errorf("payload = %s", reqs[0].body)
		}
	})

	t.Run("always failing: FAILED after six attempts, never a seventh", func(t *testing.T) {
		partner := creds.Partners[1]
		rc := newReceiver(t, func(int) (int, time.Duration) { return 503, 0 })
		configure(t, c, partner.APIKey, rc.URL, secret)
		issued(t, svc, partner.PartnerID, "REF-DOOMED")
		waitFor(t, 30*time.Second, "six attempts", func() bool { return len(rc.got()) >= 6 })
		waitFor(t, 5*time.Second, "FAILED", func() bool {
			h := deliveries(t, c, partner.APIKey, "?reference=REF-DOOMED")
			return len(h) == 1 && h[0].Status == "FAILED"
		})
		time.Sleep(3 * time.Second)
		if n := len(rc.got()); n != 6 {
			t.Errorf("%d attempts, want 6", n)
		}
		if failed := deliveries(t, c, partner.APIKey, "?status=FAILED"); len(failed) != 1 {
			t.Errorf("status filter: %d deliveries", len(failed))
		}
	})
}

type deliveryJSON struct {
	DeliveryID    string
	Status        string
	NextAttemptAt *time.Time
	Attempts      []struct {
		At         time.Time
		StatusCode int
		DurationMs int64
		Error      string
	}
}

func deliveries(t *testing.T, c client, partnerKey, query string) []deliveryJSON {
	t.Helper()
	r := c.do("GET", "/api/v1/partners/me/webhook/deliveries"+query, nil, key(partnerKey)...)
	expect(t, "deliveries", r, 200, "")
	var page struct{ Data []deliveryJSON }
	r.json(t, &page)
	return page.Data
}

func TestPartnerWebhookEdges(t *testing.T) {
	t.Parallel()
	_, creds, c, svc := webhookStack(t)

	t.Run("a hanging receiver is cut at the timeout", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 5 * time.Second })
		configure(t, c, partner.APIKey, rc.URL, "")
		issued(t, svc, partner.PartnerID, "REF-HANG")
		var h []deliveryJSON
		waitFor(t, 10*time.Second, "the first attempt", func() bool {
			h = deliveries(t, c, partner.APIKey, "?reference=REF-HANG")
			return len(h) == 1 && len(h[0].Attempts) >= 1
		})
		a := h[0].Attempts[0]
		if !strings.Contains(a.Error, "no answer within 1s") || a.DurationMs < 900 || a.DurationMs >= 5000 {
			t.Errorf("attempt = %+v, want cut at 1 s, before the receiver answers at 5 s", a)
		}
	})

	t.Run("no signature headers without a secret", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 204, 0 })
		configure(t, c, partner.APIKey, rc.URL, "")
		issued(t, svc, partner.PartnerID, "REF-UNSIGNED")
		waitFor(t, 10*time.Second, "the delivery", func() bool { return len(rc.got()) == 1 })
		h := rc.got()[0].header
		if h.Get("x-insurance-signature") != "" || h.Get("webhook-signature") != "" || h.Get("webhook-id") == "" {
			t.Errorf("headers = %v", h)
		}
	})

	t.Run("redirects are not followed", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return http.StatusFound, 0 })
		configure(t, c, partner.APIKey, rc.URL, "")
		issued(t, svc, partner.PartnerID, "REF-REDIRECT")
		var h []deliveryJSON
		waitFor(t, 10*time.Second, "the first attempt", func() bool {
			h = deliveries(t, c, partner.APIKey, "?reference=REF-REDIRECT")
			return len(h) == 1 && len(h[0].Attempts) >= 1
		})
		if a := h[0].Attempts[0]; a.StatusCode != 302 || a.Error != "redirect not followed" {
			t.Errorf("attempt = %+v", a)
		}
	})

	t.Run("a duplicate wake-up never POSTs an attempt twice", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 300 * time.Millisecond })
		configure(t, c, partner.APIKey, rc.URL, "")
		d := issued(t, svc, partner.PartnerID, "REF-DUP")
		for range 3 {
			body := `{"deliveryId":"` + d.ID + `","attempt":1}`
			if err := svc.Engine.Wake.Send(context.Background(), body, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		waitFor(t, 10*time.Second, "the delivery", func() bool { return len(rc.got()) >= 1 })
		time.Sleep(2 * time.Second)
		if n := len(rc.got()); n != 1 {
			t.Errorf("%d POSTs for one attempt", n)
		}
	})

	t.Run("a lost wake-up is recovered by the sweep", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		configure(t, c, partner.APIKey, rc.URL, "")
		// The record exists, its message was never sent: as if the process died in between.
		lost := webhook.Delivery{
			ID:        webhook.NewID(),
			Scheme:    webhook.SchemePartner,
			OwnerID:   partner.PartnerID,
			Event:     contracts.EventIssued,
			Reference: "REF-LOST",
			Body:      []byte(`{"event":"insurance.contract.issued"}`),
			Status:    webhook.StatusPending,
			CreatedAt: time.Now().Add(-5 * time.Minute),
			NextAt:    time.Now().Add(-5 * time.Minute),
		}
		if err := svc.Engine.Store.PutDelivery(context.Background(), lost); err != nil {
			t.Fatal(err)
		}
		if err := svc.Engine.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		waitFor(t, 10*time.Second, "the swept delivery", func() bool { return len(rc.got()) == 1 })
	})

	t.Run("redelivery sends the same body as a new delivery", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		configure(t, c, partner.APIKey, rc.URL, "")
		d := issued(t, svc, partner.PartnerID, "REF-AGAIN")
		waitFor(t, 10*time.Second, "the delivery", func() bool { return len(rc.got()) == 1 })
		r := c.do("POST", "/api/v1/partners/me/webhook/deliveries/"+d.ID+"/redeliver", nil, key(partner.APIKey)...)
		expect(t, "redeliver a delivered event, whose body is not kept", r, 409, "body_not_retained")
		// The answer says why, and where what the event reported can be read again.
		resource := "/api/v1/partner/contracts/requests/" + d.Reference
		if !strings.Contains(r.problem.Detail, "privacy") || !strings.Contains(r.problem.Detail, "GET "+resource) ||
			!strings.Contains(
				r.problem.Detail,
				"POST /api/v1/partners/me/webhook/recover",
			) || r.problem.Extensions["resource"] != resource {
			t.Errorf(
				"409 %q %v, want the reason and the ways to the event: GET %s, or recover",
				r.problem.Detail,
				r.problem.Extensions,
				resource,
			)
		}
		// A pending or failed delivery keeps its body: redelivered as a new delivery.
		pending := webhook.Delivery{
			ID:        webhook.NewID(),
			Scheme:    webhook.SchemePartner,
			OwnerID:   partner.PartnerID,
			Event:     d.Event,
			Reference: d.Reference,
			Body:      d.Body,
			Status:    webhook.StatusFailed,
			CreatedAt: time.Now(),
			NextAt:    time.Now().Add(time.Hour),
		}
		if err := svc.Engine.Store.PutDelivery(context.Background(), pending); err != nil {
			t.Fatal(err)
		}
		r = c.do("POST", "/api/v1/partners/me/webhook/deliveries/"+pending.ID+"/redeliver", nil, key(partner.APIKey)...)
		expect(t, "redeliver", r, 202, "")
		waitFor(t, 10*time.Second, "the redelivery", func() bool { return len(rc.got()) == 2 })
		first, second := rc.got()[0], rc.got()[1]
		if string(first.body) != string(second.body) ||
			first.header.Get("webhook-id") == second.header.Get("webhook-id") {
			t.Error("redelivery: want the same body under a new webhook-id")
		}
		other := creds.Partners[1]
		expect(
			t,
			"redeliver another partner's delivery",
			c.do("POST", "/api/v1/partners/me/webhook/deliveries/"+pending.ID+"/redeliver", nil, key(other.APIKey)...),
			404,
			"not_found",
		)
	})

	t.Run("pagination returns every delivery once", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		configure(t, c, partner.APIKey, rc.URL, "")
		for i := range 5 {
			issued(t, svc, partner.PartnerID, "REF-PAGE-"+strconv.Itoa(i))
		}
		seen := map[string]bool{}
		cursor := ""
		for page := 0; page < 50; page++ {
			q := "?limit=2"
			if cursor != "" {
				q += "&cursor=" + cursor
			}
			r := c.do("GET", "/api/v1/partners/me/webhook/deliveries"+q, nil, key(partner.APIKey)...)
			var p struct {
				Data       []deliveryJSON
				NextCursor *string
			}
			r.json(t, &p)
			for _, d := range p.Data {
				if seen[d.DeliveryID] {
					t.Fatalf("delivery %s listed twice", d.DeliveryID)
				}
				seen[d.DeliveryID] = true
			}
			if p.NextCursor == nil {
				break
			}
			cursor = *p.NextCursor
		}
		if len(seen) != 5 {
			t.Errorf("listed %d deliveries, want the 5 of this partner", len(seen))
		}
		expect(
			t,
			"bad cursor",
			c.do("GET", "/api/v1/partners/me/webhook/deliveries?cursor=garbage", nil, key(partner.APIKey)...),
			422,
			"validation_failed",
		)
	})

	// A cursor is a position in its owner's listing: another partner presenting it is refused, as
	// the ledger and invoice cursors are, and never reads the first partner's deliveries.
	t.Run("another partner's cursor is refused", func(t *testing.T) {
		owner, other := newPartner(t, c, creds.Admin.APIKey), newPartner(t, c, creds.Admin.APIKey)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		configure(t, c, owner.APIKey, rc.URL, "")
		for i := range 3 {
			issued(t, svc, owner.PartnerID, "REF-OWNED-"+strconv.Itoa(i))
		}
		first := c.do("GET", "/api/v1/partners/me/webhook/deliveries?limit=1", nil, key(owner.APIKey)...)
		expect(t, "owner's first page", first, 200, "")
		var p struct{ NextCursor *string }
		first.json(t, &p)
		if p.NextCursor == nil {
			t.Fatalf("no next page: %s", first.body)
		}
		r := c.do(
			"GET",
			"/api/v1/partners/me/webhook/deliveries?limit=10&cursor="+*p.NextCursor,
			nil,
			key(other.APIKey)...)
		if bytes.Contains(r.body, []byte("REF-OWNED-")) {
			t.Fatalf("another partner read the owner's deliveries through its cursor: %s", r.body)
		}
		expect(t, "another partner's cursor", r, 422, "validation_failed")
		if !strings.Contains(strings.Join(r.problem.InvalidParams, "|"), "cursor") {
			t.Errorf("invalidParams = %v", r.problem.InvalidParams)
		}
		// The owner follows the Link header, which carries the same cursor, to the last page. As
		// DynamoDB does, a full page may be followed by an empty last one.
		type page struct {
			Data       []struct{ DeliveryID string }
			NextCursor *string
		}
		var firstPage page
		first.json(t, &firstPage)
		seen := len(firstPage.Data)
		for next := nextPage(t, first, firstPage.NextCursor); next != ""; {
			r := c.do("GET", next, nil, key(owner.APIKey)...)
			expect(t, "the owner's next page", r, 200, "")
			var p page
			r.json(t, &p)
			seen += len(p.Data)
			next = nextPage(t, r, p.NextCursor)
		}
		if seen != 3 {
			t.Errorf("following Link through 3 deliveries at limit=1 listed %d", seen)
		}
	})
}

func TestWebhookConfiguration(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := webhookStack(t)
	partner := creds.Partners[0]

	r := c.do("GET", "/api/v1/partners/me/webhook", nil, key(partner.APIKey)...)
	expect(t, "unconfigured", r, 200, "")
	if string(r.body) != `{"webhookUrl":null,"webhookSecretConfigured":false,"webhookUrlKeyId":null,`+
		`"webhookSecretKeyId":null}`+"\n" {
		t.Errorf("unconfigured = %s", r.body)
	}
	body := map[string]any{"webhookUrl": "http://127.0.0.1:9/hooks", "webhookSecret": "s3cret-value-0123456789"}
	first := c.do(
		"PATCH",
		"/api/v1/partners/me/webhook",
		body,
		append(key(partner.APIKey), "idempotency-key", "6f1c7c2e-1b7e-4d8e-9a53-0b3b0f7b9a11")...)
	expect(t, "configure", first, 200, "")
	if strings.Contains(string(first.body), "s3cret") ||
		!strings.Contains(string(first.body), `"webhookSecretConfigured":true`) {
		t.Errorf("answer = %s", first.body)
	}
	replay := c.do(
		"PATCH",
		"/api/v1/partners/me/webhook",
		body,
		append(key(partner.APIKey), "idempotency-key", "6f1c7c2e-1b7e-4d8e-9a53-0b3b0f7b9a11")...)
	if replay.status != 200 || replay.header.Get("Idempotent-Replayed") != "true" ||
		string(replay.body) != string(first.body) {
		t.Errorf("replay = %d %v %s", replay.status, replay.header, replay.body)
	}
	changed := map[string]any{"webhookUrl": "http://127.0.0.1:10/hooks"}
	expect(
		t,
		"same key, other body",
		c.do(
			"PATCH",
			"/api/v1/partners/me/webhook",
			changed,
			append(key(partner.APIKey), "idempotency-key", "6f1c7c2e-1b7e-4d8e-9a53-0b3b0f7b9a11")...),
		409,
		"idempotency_key_reused",
	)
	// Keys are scoped to the caller: another partner's use of the same key is its own.
	expect(
		t,
		"same key, other partner",
		c.do(
			"PATCH",
			"/api/v1/partners/me/webhook",
			changed,
			append(key(creds.Partners[1].APIKey), "idempotency-key", "6f1c7c2e-1b7e-4d8e-9a53-0b3b0f7b9a11")...),
		200,
		"",
	)

	for name, url := range map[string]string{"private": "https://10.0.0.1/x",
		"metadata": "https://169.254.169.254/latest", "not a URL": "hooks"} {
		r := c.do("PATCH", "/api/v1/partners/me/webhook", map[string]any{"webhookUrl": url}, key(partner.APIKey)...)
		expect(t, name, r, 422, "validation_failed")
	}
	expect(
		t,
		"short secret",
		c.do("PATCH", "/api/v1/partners/me/webhook", map[string]any{"webhookSecret": "short"}, key(partner.APIKey)...),
		422,
		"validation_failed",
	)
	expect(
		t,
		"admin configures a partner",
		c.do(
			"PATCH",
			"/api/v1/partners/"+partner.PartnerID+"/webhook",
			map[string]any{"webhookSecret": ""},
			key(creds.Admin.APIKey)...),
		200,
		"",
	)
	r = c.do("GET", "/api/v1/partners/me/webhook", nil, key(partner.APIKey)...)
	if !strings.Contains(string(r.body), `"webhookSecretConfigured":false`) {
		t.Errorf("after the admin removed the secret: %s", r.body)
	}
	expect(
		t,
		"partner patches another partner",
		c.do(
			"PATCH",
			"/api/v1/partners/"+creds.Partners[1].PartnerID+"/webhook",
			map[string]any{"webhookSecret": ""},
			key(partner.APIKey)...),
		403,
		"forbidden",
	)
}

func TestIdentityWebhookEndpoints(t *testing.T) {
	t.Parallel()
	_, creds, c, svc := webhookStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })

	r := c.do(
		"POST",
		"/v1/webhooks",
		map[string]any{"url": rc.URL + "/hooks", "events": []string{"extraction.completed", "webhook.test"}},
		bearer(jwt)...)
	expect(t, "create", r, 201, "")
	var ep struct{ ID, Secret string }
	r.json(t, &ep)
	if !strings.HasPrefix(ep.Secret, "whsec_") {
		t.Fatalf("endpoint = %s", r.body)
	}
	list := c.do("GET", "/v1/webhooks", nil, bearer(jwt)...)
	if strings.Contains(string(list.body), ep.Secret) || !strings.Contains(string(list.body), ep.ID) ||
		!strings.Contains(string(list.body), `"livemode":true`) {
		t.Errorf("list = %s", list.body)
	}
	expect(
		t,
		"unknown event",
		c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL, "events": []string{"everything"}}, bearer(jwt)...),
		422,
		"validation_failed",
	)

	expect(t, "test", c.do("POST", "/v1/webhooks/"+ep.ID+"/test", nil, bearer(jwt)...), 202, "")
	waitFor(t, 10*time.Second, "webhook.test", func() bool { return len(rc.got()) == 1 })
	got := rc.got()[0]
	if got.header.Get("X-Service-Event") != "webhook.test" {
		t.Errorf("X-Service-Event = %q", got.header.Get("X-Service-Event"))
	}
	if err := webhookverify.Service([]byte(ep.Secret), got.body, got.header.Get("X-Service-Signature")); err != nil {
		t.Errorf("X-Service-Signature: %v", err)
	}
	if err := webhookverify.Standard([]byte(ep.Secret), got.body, got.header, time.Minute, time.Now()); err != nil {
		t.Errorf("webhook-signature: %v", err)
	}
	var payload struct {
		Event, APIVersion, ID, CreatedAt string
		Data                             map[string]any
	}
	_ = json.Unmarshal(got.body, &payload)
	if payload.Event != "webhook.test" || payload.APIVersion == "" || !strings.HasPrefix(payload.ID, "evt_") ||
		payload.Data["webhookId"] != ep.ID {
		t.Errorf("payload = %s", got.body)
	}

	r = c.do("POST", "/v1/webhooks/"+ep.ID+"/rotate-secret", nil, bearer(jwt)...)
	var rotated struct{ Secret string }
	r.json(t, &rotated)
	c.do("POST", "/v1/webhooks/"+ep.ID+"/test", nil, bearer(jwt)...)
	waitFor(t, 10*time.Second, "the second test", func() bool { return len(rc.got()) == 2 })
	second := rc.got()[1]
	if webhookverify.Service([]byte(rotated.Secret), second.body, second.header.Get("X-Service-Signature")) != nil ||
		webhookverify.Service([]byte(ep.Secret), second.body, second.header.Get("X-Service-Signature")) == nil {
		t.Error("after rotation, only the new secret must verify")
	}

	// An extraction event reaches the endpoints subscribed to it, and only those.
	other := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r = c.do(
		"POST",
		"/v1/webhooks",
		map[string]any{"url": other.URL, "events": []string{"extraction.failed"}},
		bearer(jwt)...)
	expect(t, "second endpoint", r, 201, "")
	sent := svc.publish(t, creds.User.ID, true, webhook.EventExtractionCompleted, "ext_1",
		map[string]any{"extractionId": "ext_1", "status": "completed", "result": map[string]any{}})
	if len(sent) != 1 {
		t.Fatalf("published to %d endpoints, want 1", len(sent))
	}
	waitFor(t, 10*time.Second, "extraction.completed", func() bool { return len(rc.got()) == 3 })
	if ev := rc.got()[2].header.Get("X-Service-Event"); ev != "extraction.completed" || len(other.got()) != 0 {
		t.Errorf("event %q; unsubscribed endpoint got %d", ev, len(other.got()))
	}

	waitFor(t, 5*time.Second, "three succeeded deliveries", func() bool {
		r := c.do("GET", "/v1/webhooks/"+ep.ID+"/deliveries?status=SUCCEEDED", nil, bearer(jwt)...)
		var page struct{ Data []deliveryJSON }
		r.json(t, &page)
		return len(page.Data) == 3
	})
	expect(
		t,
		"someone else's endpoint",
		c.do("POST", "/v1/webhooks/"+ep.ID+"/test", nil, key(creds.Admin.APIKey)...),
		403,
		"forbidden",
	)
	expect(t, "delete", c.do("DELETE", "/v1/webhooks/"+ep.ID, nil, bearer(jwt)...), 204, "")
	expect(t, "deleted", c.do("POST", "/v1/webhooks/"+ep.ID+"/test", nil, bearer(jwt)...), 404, "not_found")
}

// officialVerify checks a delivery with the official Standard Webhooks library (Python, pinned in
// infra/requirements.txt), given the secret exactly as the API returned it. It fails rather than
// skips when the library is missing: make venv installs it.
func officialVerify(t *testing.T, secret string, r received) error {
	t.Helper()
	python := filepath.Join("..", "..", "..", ".venv", "bin", "python")
	headers := map[string]string{}
	for k := range r.header {
		headers[k] = r.header.Get(k)
	}
	in, _ := json.Marshal(map[string]any{"secret": secret, "body": string(r.body), "headers": headers})
	cmd := exec.Command(python, filepath.Join("testdata", "standardwebhooks_verify.py"))
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) || exit != nil && exit.ExitCode() != 1 {
		t.Fatalf("the standardwebhooks library did not run (make venv installs it): %v\n%s", err, out)
	}
	if err != nil {
		return errors.New(strings.TrimSpace(string(out)))
	}
	return nil
}

func TestIdentityWebhookSecretRotationOverlaps(t *testing.T) {
	t.Parallel()
	const overlap = time.Hour // the test skips the stack's clock past it
	local, creds, c, _ := webhookStackWith(t, map[string]string{"WEBHOOK_SECRET_OVERLAP": overlap.String()})
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r := c.do(
		"POST",
		"/v1/webhooks",
		map[string]any{"url": rc.URL + "/hooks", "events": []string{"webhook.test"}, "mode": "test"},
		bearer(jwt)...)
	expect(t, "create", r, 201, "")
	var ep struct{ ID, Secret string }
	r.json(t, &ep)
	send := func(n int) received {
		t.Helper()
		expect(t, "test event", c.do("POST", "/v1/webhooks/"+ep.ID+"/test", nil, bearer(jwt)...), 202, "")
		waitFor(t, 10*time.Second, "a test event", func() bool { return len(rc.got()) == n })
		return rc.got()[n-1]
	}
	rotate := func() string {
		t.Helper()
		r := c.do("POST", "/v1/webhooks/"+ep.ID+"/rotate-secret", nil, bearer(jwt)...)
		expect(t, "rotate", r, 200, "")
		var v struct{ Secret string }
		r.json(t, &v)
		return v.Secret
	}

	first := send(1)
	if err := officialVerify(t, ep.Secret, first); err != nil {
		t.Errorf("the official library rejects a delivery with the secret as shown: %v", err)
	}
	if n := len(strings.Fields(first.header.Get("webhook-signature"))); n != 1 {
		t.Errorf("before any rotation, %d signatures", n)
	}

	// During the overlap a receiver on the old secret and one on the new both verify; the
	// API's own signature moves to the new secret at once.
	second := rotate()
	d := send(2)
	if n := len(strings.Fields(d.header.Get("webhook-signature"))); n != 2 {
		t.Errorf("during the overlap, %d signatures in %q, want 2", n, d.header.Get("webhook-signature"))
	}
	for name, s := range map[string]string{"old": ep.Secret, "new": second} {
		if err := officialVerify(t, s, d); err != nil {
			t.Errorf("the %s secret does not verify during the overlap: %v", name, err)
		}
		if err := webhookverify.Standard([]byte(s), d.body, d.header, time.Minute, time.Now()); err != nil {
			t.Errorf("webhookverify, %s secret: %v", name, err)
		}
	}
	if webhookverify.Service([]byte(second), d.body, d.header.Get("X-Service-Signature")) != nil ||
		webhookverify.Service([]byte(ep.Secret), d.body, d.header.Get("X-Service-Signature")) == nil {
		t.Error("X-Service-Signature must use the new secret only")
	}

	// A second rotation overlaps with the second secret only: the first one no longer verifies.
	third := rotate()
	d = send(3)
	if officialVerify(t, ep.Secret, d) == nil {
		t.Error("the first secret still verifies after two rotations")
	}
	for _, s := range []string{second, third} {
		if err := officialVerify(t, s, d); err != nil {
			t.Errorf("after the second rotation: %v", err)
		}
	}

	// Once the overlap is over, only the current secret signs. The delivery's timestamp is the
	// stack's, an hour ahead of this machine's: verified at the stack's time.
	skip(t, local, overlap+time.Second)
	d = send(4)
	at := now(t, local)
	if n := len(strings.Fields(d.header.Get("webhook-signature"))); n != 1 ||
		webhookverify.Standard([]byte(second), d.body, d.header, time.Minute, at) == nil {
		t.Errorf(
			"after the overlap: %d signatures, the old secret verifies: %v",
			n,
			webhookverify.Standard([]byte(second), d.body, d.header, time.Minute, at) == nil,
		)
	}
	if err := webhookverify.Standard([]byte(third), d.body, d.header, time.Minute, at); err != nil {
		t.Errorf("after the overlap, the current secret: %v", err)
	}
}

func TestWebhookRecovery(t *testing.T) {
	t.Parallel()
	_, creds, c, svc := webhookStack(t)
	ctx := context.Background()
	failed := func(owner, endpoint, ref string, created time.Time) webhook.Delivery {
		t.Helper()
		d := webhook.Delivery{
			ID:         webhook.NewID(),
			Scheme:     webhook.SchemePartner,
			OwnerID:    owner,
			EndpointID: endpoint,
			Event:      contracts.EventIssued,
			Reference:  ref,
			Body:       []byte(`{"event":"` + ref + `"}`),
			Status:     webhook.StatusFailed,
			CreatedAt:  created,
			NextAt:     created,
		}
		if endpoint != "" {
			d.Scheme, d.Event = webhook.SchemeIdentity, webhook.EventTest
		}
		if err := svc.Engine.Store.PutDelivery(ctx, d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	recoverAt := func(path string, since any, auth []string) result {
		return c.do("POST", path, map[string]any{"since": since}, auth...)
	}
	var out struct {
		Recovered int
		HasMore   bool
	}

	t.Run("partner", func(t *testing.T) {
		partner := newPartner(t, c, creds.Admin.APIKey)
		// Down for the whole schedule (6 attempts), then for the recovered delivery's first attempt,
		// then up: the recovered delivery retries on a fresh schedule.
		rc := newReceiver(t, func(n int) (int, time.Duration) {
			if n <= 7 {
				return 503, 0
			}
			return 200, 0
		})
		configure(t, c, partner.APIKey, rc.URL, "")
		start := time.Now()
		d := issued(t, svc, partner.PartnerID, "REF-OUTAGE")
		waitFor(t, 15*time.Second, "FAILED", func() bool {
			h := deliveries(t, c, partner.APIKey, "?reference=REF-OUTAGE")
			return len(h) == 1 && h[0].Status == "FAILED"
		})
		old := failed(partner.PartnerID, "", "REF-OLD", start.Add(-2*time.Hour))
		other := newPartner(t, c, creds.Admin.APIKey)
		failed(other.PartnerID, "", "REF-OTHER", start)

		expect(
			t,
			"no since",
			c.do("POST", "/api/v1/partners/me/webhook/recover", map[string]any{}, key(partner.APIKey)...),
			422,
			"validation_failed",
		)
		expect(
			t,
			"since not a time",
			recoverAt("/api/v1/partners/me/webhook/recover", "yesterday", key(partner.APIKey)),
			422,
			"validation_failed",
		)
		expect(
			t,
			"since in the future",
			recoverAt(
				"/api/v1/partners/me/webhook/recover",
				time.Now().Add(time.Hour).Format(time.RFC3339),
				key(partner.APIKey),
			),
			422,
			"validation_failed",
		)

		r := recoverAt(
			"/api/v1/partners/me/webhook/recover",
			start.Add(-time.Second).UTC().Format(time.RFC3339),
			key(partner.APIKey),
		)
		expect(t, "recover", r, 202, "")
		r.json(t, &out)
		if out.Recovered != 1 || out.HasMore {
			t.Fatalf("recover = %s, want 1 (not the older one, not another partner's)", r.body)
		}
		waitFor(t, 10*time.Second, "the recovered delivery, retried once", func() bool { return len(rc.got()) == 8 })
		got := rc.got()
		if string(got[6].body) != string(d.Body) || got[6].header.Get("webhook-id") == d.ID {
			t.Errorf("recovered: want the same body under a new webhook-id")
		}
		// The schedule starts over (1 s), not where the first delivery left it (5 s); a loaded
		// machine adds its scheduling to the second.
		if gap := got[7].at.Sub(got[6].at); gap < 800*time.Millisecond || gap > 4*time.Second {
			t.Errorf(
				"the recovered delivery's first retry came %s after its first attempt, want the schedule's 1 s",
				gap,
			)
		}
		var page struct {
			Data []struct {
				DeliveryID, Status, RedeliveryOf, RecoveredBy string
				Attempts                                      []struct{ Attempt int }
			}
		}
		waitFor(t, 5*time.Second, "the recovered delivery SUCCEEDED", func() bool {
			r := c.do("GET", "/api/v1/partners/me/webhook/deliveries?reference=REF-OUTAGE", nil, key(partner.APIKey)...)
			r.json(t, &page)
			return len(page.Data) == 2 && page.Data[0].Status == "SUCCEEDED"
		})
		if newer, orig := page.Data[0], page.Data[1]; newer.RedeliveryOf != d.ID ||
			orig.RecoveredBy != newer.DeliveryID ||
			orig.Status != "FAILED" ||
			len(newer.Attempts) != 2 ||
			newer.Attempts[0].Attempt != 1 {
			t.Errorf("history = %+v", page.Data)
		}

		r = recoverAt(
			"/api/v1/partners/me/webhook/recover",
			start.Add(-time.Second).UTC().Format(time.RFC3339),
			key(partner.APIKey),
		)
		expect(t, "recover again", r, 202, "")
		if r.json(t, &out); out.Recovered != 0 {
			t.Errorf("recovering again re-queued %d", out.Recovered)
		}
		r = recoverAt(
			"/api/v1/partners/me/webhook/recover",
			old.CreatedAt.Add(-time.Minute).UTC().Format(time.RFC3339Nano),
			key(partner.APIKey),
		)
		expect(t, "recover further back", r, 202, "")
		if r.json(t, &out); out.Recovered != 1 {
			t.Errorf("recovering from before the older failure re-queued %d, want 1", out.Recovered)
		}
	})

	t.Run("identity endpoint", func(t *testing.T) {
		jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		var ep, other struct{ ID string }
		r := c.do(
			"POST",
			"/v1/webhooks",
			map[string]any{"url": rc.URL, "events": []string{"webhook.test"}},
			bearer(jwt)...)
		expect(t, "create", r, 201, "")
		r.json(t, &ep)
		r = c.do(
			"POST",
			"/v1/webhooks",
			map[string]any{"url": rc.URL + "/other", "events": []string{"webhook.test"}},
			bearer(jwt)...)
		expect(t, "create another", r, 201, "")
		r.json(t, &other)
		now := time.Now()
		f := failed(creds.User.ID, ep.ID, "REF-EP", now.Add(-time.Minute))
		failed(creds.User.ID, other.ID, "REF-OTHER-EP", now.Add(-time.Minute))
		since := now.Add(-time.Hour).UTC().Format(time.RFC3339)
		r = recoverAt("/v1/webhooks/"+ep.ID+"/recover", since, bearer(jwt))
		expect(t, "recover", r, 202, "")
		if r.json(t, &out); out.Recovered != 1 {
			t.Errorf("recovered %d, want this endpoint's 1", out.Recovered)
		}
		waitFor(t, 10*time.Second, "the recovered delivery", func() bool { return len(rc.got()) == 1 })
		if got := rc.got()[0]; got.header.Get("X-Service-Event") != webhook.EventTest ||
			string(got.body) != string(f.Body) {
			t.Errorf("recovered delivery: %s %s", got.header.Get("X-Service-Event"), got.body)
		}
		expect(
			t,
			"someone else's endpoint",
			recoverAt("/v1/webhooks/"+ep.ID+"/recover", since, key(creds.Admin.APIKey)),
			403,
			"forbidden",
		)
		expect(t, "unknown endpoint", recoverAt("/v1/webhooks/we_nope/recover", since, bearer(jwt)), 404, "not_found")
		// Bounded: 10 calls per owner and minute; 21 overflow one window whatever the clock.
		limited := false
		for range 21 {
			if r := recoverAt("/v1/webhooks/"+ep.ID+"/recover", since, bearer(jwt)); r.status == 429 {
				limited = true
				break
			}
		}
		if !limited {
			t.Error("no 429 after 21 recoveries in a minute")
		}
	})
}

// One receiver that hangs until the timeout must not hold back another's attempts: Lambda handles
// batches in parallel, and so must the local poller.
func TestWebhookRetriesKeepTheirScheduleBesideAHangingReceiver(t *testing.T) {
	t.Parallel()
	// A long timeout, so that half of it, the first attempt's lateness allowed below, is far from
	// what a loaded machine adds on its own, and an attempt held behind the hanging one is still
	// told apart: the sixth must come before the hanging attempt is cut.
	const timeout = 15 * time.Second
	_, creds, c, svc := webhookStackWith(t, map[string]string{"WEBHOOK_TIMEOUT": "15s"})
	hanging := newPartner(t, c, creds.Admin.APIKey)
	slow := newReceiver(
		t,
		func(int) (int, time.Duration) { return 200, time.Hour },
	) // answers only when the sender gives up
	configure(t, c, hanging.APIKey, slow.URL, "")
	healthy := newPartner(t, c, creds.Admin.APIKey)
	down := newReceiver(t, func(int) (int, time.Duration) { return 503, 0 })
	configure(t, c, healthy.APIKey, down.URL, "")

	// The hanging receiver's attempts run all along (its retries come every second, each held 15 s).
	issued(t, svc, hanging.PartnerID, "REF-HANG")
	waitFor(t, 10*time.Second, "the hanging attempt", func() bool { return len(slow.got()) == 1 })
	enqueued := time.Now()
	issued(t, svc, healthy.PartnerID, "REF-PUNCTUAL")
	waitFor(t, 20*time.Second, "six attempts", func() bool { return len(down.got()) >= 6 })
	reqs := down.got()
	late := reqs[0].at.Sub(enqueued)
	t.Logf("first attempt %v after it was queued", late.Round(time.Millisecond))
	// Behind the hanging receiver, an attempt would wait its whole timeout: half of it bounds the
	// lateness a loaded machine adds on its own.
	if late > timeout/2 {
		t.Errorf(
			"the first attempt came %v after it was queued, behind another receiver's %v timeout",
			late.Round(time.Millisecond),
			timeout,
		)
	}
	// The schedule is the engine's (TestPartnerWebhookRetriesAtTheScheduledOffsets reads its due
	// times); here no attempt comes before its time, and how late is the load's, logged only.
	for i, want := range retryOffsets {
		offset := reqs[i+1].at.Sub(reqs[0].at)
		t.Logf("attempt %d at T0+%v (scheduled T0+%v)", i+2, offset.Round(time.Millisecond), want)
		if offset < want-time.Second {
			t.Errorf("attempt %d at T0+%v, before its time T0+%v", i+2, offset.Round(time.Millisecond), want)
		}
	}
	// The hanging attempt was held all along: every attempt above was made beside it.
	if held := slow.got()[0].at.Add(timeout); !reqs[len(reqs)-1].at.Before(held) {
		t.Errorf("the sixth attempt came after the hanging one was cut: the test did not hold the poller")
	}
}

func TestRedeliveryHonoursIdempotencyKey(t *testing.T) {
	t.Parallel()
	_, creds, c, svc := webhookStack(t)
	partner := newPartner(t, c, creds.Admin.APIKey)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	configure(t, c, partner.APIKey, rc.URL, "")
	d := webhook.Delivery{
		ID:        webhook.NewID(),
		Scheme:    webhook.SchemePartner,
		OwnerID:   partner.PartnerID,
		Event:     contracts.EventIssued,
		Reference: "REF-ONCE",
		Body:      []byte(`{"event":"insurance.contract.issued"}`),
		Status:    webhook.StatusFailed,
		CreatedAt: time.Now(),
		NextAt:    time.Now(),
	}
	if err := svc.Engine.Store.PutDelivery(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	path := "/api/v1/partners/me/webhook/deliveries/" + d.ID + "/redeliver"
	idem := append(key(partner.APIKey), "idempotency-key", "5d0c1c52-4a8e-4c55-9f55-2f0a3b7e1d11")
	first := c.do("POST", path, nil, idem...)
	expect(t, "redeliver", first, 202, "")
	again := c.do("POST", path, nil, idem...)
	expect(t, "the same request again", again, 202, "")
	var a, b struct{ DeliveryID string }
	first.json(t, &a)
	again.json(t, &b)
	if a.DeliveryID == "" || a.DeliveryID != b.DeliveryID {
		t.Errorf(
			"a retried redelivery made delivery %q after %q, want the first one's answer",
			b.DeliveryID,
			a.DeliveryID,
		)
	}
	waitFor(t, 10*time.Second, "the redelivery", func() bool { return len(rc.got()) == 1 })
	time.Sleep(1500 * time.Millisecond)
	if n := len(rc.got()); n != 1 {
		t.Errorf("the receiver got the event %d times, want once", n)
	}
	expect(t, "another request under no key", c.do("POST", path, nil, key(partner.APIKey)...), 202, "")
}

// A user sends one delivery of an endpoint again, as a partner does with its webhook's: a new
// delivery with the same body, only for the caller's own endpoint of the credential's mode and
// only a delivery of that endpoint; a delivered one's body is gone.
func TestIdentityWebhookRedelivery(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	_, creds, c, svc := webhookStackWith(t, map[string]string{"MAIL_OUTBOX_DIR": outbox})
	ctx := context.Background()
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	liveSecret, _ := newKey(t, c, jwt, "live")
	live, test := key(liveSecret), key(creds.User.APIKey) // the seeded user's key is a test key
	endpoint := func(cred []string, url string) string {
		t.Helper()
		r := c.do("POST", "/v1/webhooks", map[string]any{"url": url, "events": []string{"webhook.test"}}, cred...)
		expect(t, "create endpoint", r, 201, "")
		var ep struct{ ID string }
		r.json(t, &ep)
		return ep.ID
	}
	stored := func(owner, endpointID string, status webhook.Status) webhook.Delivery {
		t.Helper()
		now := time.Now()
		d := webhook.Delivery{
			ID:         webhook.NewID(),
			Scheme:     webhook.SchemeIdentity,
			OwnerID:    owner,
			EndpointID: endpointID,
			Event:      webhook.EventTest,
			Reference:  endpointID,
			Body:       []byte(`{"event":"webhook.test","n":"` + webhook.NewID() + `"}`),
			Status:     status,
			CreatedAt:  now,
			NextAt:     now.Add(time.Hour),
		}
		if status == webhook.StatusSucceeded {
			d.Body = nil // dropped at delivery
		}
		if err := svc.Engine.Store.PutDelivery(ctx, d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	path := func(endpointID, deliveryID string) string {
		return "/v1/webhooks/" + endpointID + "/deliveries/" + deliveryID + "/redeliver"
	}
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	ep := endpoint(bearer(jwt), rc.URL)
	sibling := endpoint(bearer(jwt), rc.URL+"/sibling")
	testRC := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	testEP := endpoint(test, testRC.URL)

	t.Run("a failed delivery, as a new one with the same body", func(t *testing.T) {
		failed := stored(creds.User.ID, ep, webhook.StatusFailed)
		for i, cred := range [][]string{bearer(jwt), live} {
			r := c.do("POST", path(ep, failed.ID), nil, cred...)
			expect(t, "redeliver", r, 202, "")
			var d struct{ DeliveryID, RedeliveryOf, Status, Event string }
			r.json(t, &d)
			if d.DeliveryID == "" || d.DeliveryID == failed.ID || d.RedeliveryOf != failed.ID ||
				d.Status != "PENDING" ||
				d.Event != webhook.EventTest {
				t.Errorf("redelivery = %s", r.body)
			}
			waitFor(t, 10*time.Second, "the redelivery", func() bool { return len(rc.got()) == i+1 })
			got := rc.got()[i]
			if string(got.body) != string(failed.Body) || got.header.Get("webhook-id") != d.DeliveryID {
				t.Errorf(
					"received %s under webhook-id %s, want the failed delivery's body under %s",
					got.body,
					got.header.Get("webhook-id"),
					d.DeliveryID,
				)
			}
		}
		r := c.do("GET", "/v1/webhooks/"+ep+"/deliveries", nil, bearer(jwt)...)
		var page struct {
			Data []struct{ DeliveryID, RedeliveryOf string }
		}
		r.json(t, &page)
		if n := len(page.Data); n != 3 || page.Data[0].RedeliveryOf != failed.ID ||
			page.Data[1].RedeliveryOf != failed.ID {
			t.Errorf("the endpoint's history = %s, want the two redeliveries and the failed delivery", r.body)
		}
	})

	t.Run("a pending delivery of a test endpoint, with a test key", func(t *testing.T) {
		pending := stored(creds.User.ID, testEP, webhook.StatusPending)
		expect(t, "redeliver", c.do("POST", path(testEP, pending.ID), nil, test...), 202, "")
		waitFor(t, 10*time.Second, "the redelivery", func() bool { return len(testRC.got()) >= 1 })
		expect(
			t,
			"a live key on the test endpoint",
			c.do("POST", path(testEP, pending.ID), nil, live...),
			404,
			"not_found",
		)
	})

	t.Run("refused", func(t *testing.T) {
		failed := stored(creds.User.ID, ep, webhook.StatusFailed)
		delivered := stored(creds.User.ID, ep, webhook.StatusSucceeded)
		ofSibling := stored(creds.User.ID, sibling, webhook.StatusFailed)
		expect(
			t,
			"a delivered one, whose body is not kept",
			c.do("POST", path(ep, delivered.ID), nil, bearer(jwt)...),
			409,
			"body_not_retained",
		)
		expect(t, "a test key on a live endpoint", c.do("POST", path(ep, failed.ID), nil, test...), 404, "not_found")
		expect(
			t,
			"another endpoint's delivery",
			c.do("POST", path(ep, ofSibling.ID), nil, bearer(jwt)...),
			404,
			"not_found",
		)
		expect(t, "an unknown delivery", c.do("POST", path(ep, "whd_nope"), nil, bearer(jwt)...), 404, "not_found")
		expect(
			t,
			"an unknown endpoint",
			c.do("POST", path("we_nope", failed.ID), nil, bearer(jwt)...),
			404,
			"not_found",
		)
		expect(t, "no credential", c.do("POST", path(ep, failed.ID), nil), 401, "")
		expect(
			t,
			"an administrator",
			c.do("POST", path(ep, failed.ID), nil, key(creds.Admin.APIKey)...),
			403,
			"forbidden",
		)
		expect(
			t,
			"a partner",
			c.do("POST", path(ep, failed.ID), nil, key(creds.Partners[0].APIKey)...),
			403,
			"forbidden",
		)

		// Another user: neither this user's endpoint, nor this user's delivery under its own.
		otherJWT, _ := newLiveUser(t, c, outbox, "redeliver-other@example.com")
		otherEP := endpoint(bearer(otherJWT), rc.URL+"/other")
		expect(
			t,
			"another user's endpoint",
			c.do("POST", path(ep, failed.ID), nil, bearer(otherJWT)...),
			404,
			"not_found",
		)
		expect(
			t,
			"another user's delivery under one's own endpoint",
			c.do("POST", path(otherEP, failed.ID), nil, bearer(otherJWT)...),
			404,
			"not_found",
		)
		if n := len(rc.got()); n != 2 {
			t.Errorf("the receiver got %d requests, want only the two redeliveries sent above", n)
		}
	})

	t.Run("bounded per user", func(t *testing.T) {
		delivered := stored(creds.User.ID, ep, webhook.StatusSucceeded)
		// 30 calls per user and minute: 61 overflow one window whatever the clock.
		limited := false
		for range 61 {
			if r := c.do("POST", path(ep, delivered.ID), nil, live...); r.status == 429 {
				limited = true
				break
			}
		}
		if !limited {
			t.Error("no 429 after 61 redeliveries in a minute")
		}
	})
}

// TestEndpointWritesAreConditionalOnWhatTheyRead races the writes of one identity endpoint: a
// rotation racing a deletion never brings the endpoint back, and of five concurrent rotations one
// lands (the others are 409), so the one secret a rotation answered is the one that signs. Before,
// a rotation read then wrote the endpoint whole: it came back after its deletion, and five
// rotations answered five secrets of which one signed.
func TestEndpointWritesAreConditionalOnWhatTheyRead(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := webhookStackWith(t, map[string]string{"RATE_LIMITS": unlimited})
	jwt := bearer(loginToken(t, c, creds.User.Email, creds.User.Password))
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	create := func() string {
		r := c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL, "events": []string{"webhook.test"}}, jwt...)
		expect(t, "create", r, 201, "")
		var ep struct{ ID string }
		r.json(t, &ep)
		return ep.ID
	}
	for i := range 20 {
		id := create()
		var wg sync.WaitGroup
		var deleted, rotated result
		wg.Go(func() { deleted = c.do("DELETE", "/v1/webhooks/"+id, nil, jwt...) })
		wg.Go(func() { rotated = c.do("POST", "/v1/webhooks/"+id+"/rotate-secret", nil, jwt...) })
		wg.Wait()
		if deleted.status != 204 || rotated.status != 200 && rotated.status != 404 {
			t.Fatalf("race %d: delete %d, rotate %d; want 204, and 200 or 404", i, deleted.status, rotated.status)
		}
		if list := c.do("GET", "/v1/webhooks", nil, jwt...); strings.Contains(string(list.body), id) {
			t.Fatalf("race %d: the deleted endpoint is listed again (the rotation wrote it back)", i)
		}
	}

	id := create()
	var mu sync.Mutex
	var secrets []string
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			r := c.do("POST", "/v1/webhooks/"+id+"/rotate-secret", nil, jwt...)
			var out struct{ Secret string }
			if r.status == 200 {
				r.json(t, &out)
			}
			mu.Lock()
			defer mu.Unlock()
			statuses[r.status]++
			if out.Secret != "" {
				secrets = append(secrets, out.Secret)
			}
		})
	}
	wg.Wait()
	if statuses[200] < 1 || statuses[200]+statuses[409] != 5 || len(secrets) != statuses[200] {
		t.Fatalf("five concurrent rotations answered %v: want 200s and 409s only", statuses)
	}
	expect(t, "test event", c.do("POST", "/v1/webhooks/"+id+"/test", nil, jwt...), 202, "")
	waitFor(t, 10*time.Second, "the test event", func() bool { return len(rc.got()) == 1 })
	// Every rotation that landed answered a secret that signs, up to the two a delivery carries
	// (the current one and the one it replaced, which overlaps): before, five rotations landed on
	// the same read, answered five secrets, and one of them signed.
	got := rc.got()[0]
	signers := 0
	for _, s := range secrets {
		if webhookverify.Standard([]byte(s), got.body, got.header, time.Minute, time.Now()) == nil {
			signers++
		}
	}
	if signers < min(len(secrets), 2) {
		t.Errorf("%d rotations answered 200, and %d of their secrets sign the delivery", len(secrets), signers)
	}
}
