package emulate

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/smithy-go/middleware"

	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/dynamo"
)

// chaos injects the faults of the campaign into every AWS call of the stack: a write that commits
// and then fails as if the process had died right after it (the caller sees an error, the table
// has the write), and queue messages received twice (SQS's at-least-once delivery).
type chaos struct {
	on        atomic.Bool
	afterDied float64 // the chance that a committed write's caller dies
	duplicate float64 // the chance that a received message arrives twice
	mu        sync.Mutex
	rng       *rand.Rand
	died      atomic.Int64
	doubled   atomic.Int64
}

var errDied = errors.New("chaos: the process died after this write committed")

func (c *chaos) roll(p float64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.on.Load() && c.rng.Float64() < p
}

// option adds the faults to a client's middleware stack (awsclient.WithAPIOptions).
func (c *chaos) option(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("Chaos", func(
		ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler,
	) (middleware.InitializeOutput, middleware.Metadata, error) {
		out, md, err := next.HandleInitialize(ctx, in)
		if err != nil {
			return out, md, err
		}
		service, op := awsmiddleware.GetServiceID(ctx), awsmiddleware.GetOperationName(ctx)
		switch {
		case service == "DynamoDB" && (op == "TransactWriteItems" || op == "PutItem" || op == "UpdateItem") &&
			c.roll(c.afterDied):
			c.died.Add(1)
			return out, md, errDied
		case service == "SQS" && op == "ReceiveMessage":
			if r, ok := out.Result.(*sqs.ReceiveMessageOutput); ok {
				for _, m := range r.Messages {
					if c.roll(c.duplicate) {
						c.doubled.Add(1)
						r.Messages = append(r.Messages, m)
					}
				}
			}
		}
		return out, md, err
	}), middleware.After)
}

// TestChaos is the fault campaign as a test: contract creations, extractions and their webhooks
// run on the local stack while committed writes fail as if their process died and queue messages
// arrive twice; the clients retry as the SDKs do (the same Idempotency-Key, after any 5xx, and after
// a key's in-progress deadline). Then the invariants: one effect per key, the ledger equal to the
// balance and to the extractions charged, no key stuck past the deadline, every event delivered, and
// no receiver POST missing from the delivery history. CHAOS=long runs the campaign at ten times
// the size; make test runs the short form.
func TestChaos(t *testing.T) {
	t.Parallel()
	size := 8
	if os.Getenv("CHAOS") == "long" {
		size = 80
	}
	ch := &chaos{afterDied: 0.05, duplicate: 0.3, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 38))}
	ctx := awsclient.WithAPIOptions(context.Background(), ch.option)
	local := startLocalIn(t, ctx, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
		"RATE_LIMITS": unlimited, "WEBHOOK_ALLOW_LOOPBACK": "true", "WEBHOOK_RETRY_SCHEDULE": "1s,2s,3s",
		"WEBHOOK_TIMEOUT": "2s"})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	userKey, _ := newKey(t, c, jwt, "live")
	grantCredits(t, local, c, jwt, size)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r := c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL, "events": []string{"extraction.completed",
		"extraction.failed"}}, bearer(jwt)...)
	expect(t, "endpoint", r, 201, "")
	var endpoint struct{ ID string }
	r.json(t, &endpoint)
	partner := creds.Partners[0]
	raw := client{t: t, base: local.URL, unchecked: true}
	ch.on.Store(true)

	// retried sends a creation until it gets an answer that is not a server's failure or a key still
	// in progress, as a client following the documents does: the same key every time, and past an
	// in-progress answer only once the first request's deadline is over (the stack's clock skips
	// past it rather than wait).
	retried := func(what string, send func() result) result {
		t.Helper()
		for try := range 30 {
			r := send()
			switch {
			case r.status >= 500:
				continue
			case r.status == 409 && strings.Contains(string(r.body), "in_progress"):
				skip(t, local, time.Minute)
				continue
			}
			if try > 0 {
				t.Logf("%s answered %d after %d retries", what, r.status, try)
			}
			return r
		}
		t.Fatalf("%s: no answer in 30 tries", what)
		return result{}
	}

	var wg sync.WaitGroup
	references := make([]string, size)
	extractions := make([]string, size)
	for i := range size {
		wg.Go(func() {
			idem := "chaos-contract-" + strconv.Itoa(i)
			r := retried(idem, func() result {
				return raw.do("POST", "/api/v1/partner/contracts/auto/classic",
					autoBody("CH-"+strconv.Itoa(100+i)+"-AB", nil), append(key(partner.APIKey), "Idempotency-Key", idem)...)
			})
			expect(t, idem, r, 201, "")
			var k struct{ Reference string }
			r.json(t, &k)
			references[i] = k.Reference
		})
		wg.Go(func() {
			idem := "chaos-extraction-" + strconv.Itoa(i)
			r := retried(idem, func() result {
				return raw.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
					formFile("file", "passport.png", testdocument(t, "icao-td3-clean.png"))},
					append(key(userKey), "Idempotency-Key", idem)...)
			})
			expect(t, idem, r, 202, "")
			var e struct{ ExtractionID string }
			r.json(t, &e)
			extractions[i] = e.ExtractionID
		})
	}
	wg.Wait()

	// One effect per key: as many distinct contracts and extractions as keys, and a retry of each key
	// answers the same one.
	for what, ids := range map[string][]string{"contracts": references, "extractions": extractions} {
		seen := map[string]bool{}
		for _, id := range ids {
			seen[id] = true
		}
		if len(seen) != size || seen[""] {
			t.Errorf("%d keys made %d distinct %s: %v", size, len(seen), what, ids)
		}
	}
	again := retried("a retry of chaos-contract-0", func() result {
		return raw.do("POST", "/api/v1/partner/contracts/auto/classic", autoBody("CH-100-AB", nil),
			append(key(partner.APIKey), "Idempotency-Key", "chaos-contract-0")...)
	})
	if !strings.Contains(string(again.body), references[0]) {
		t.Errorf("a key past its deadline answers %d %s, want its contract %s", again.status, again.body,
			references[0])
	}

	// Every extraction finishes, every one has its event delivered, and every POST the receiver saw
	// is in the history. A job or an attempt whose process died waits for its lease to end and the
	// maintenance sweep to find it, as on AWS: the stack's clock skips past the lease rather than
	// wait for it.
	maintenance := maintenanceOf(t, local)
	done := map[string]bool{}
	finished := func(id string) bool {
		if done[id] {
			return true
		}
		var v extractionView
		r := raw.do("GET", "/v1/extractions/"+id, nil, key(userKey)...)
		if r.status != 200 {
			return false // a read that met a died write (the rate counter's): asked again
		}
		r.json(t, &v)
		done[id] = v.Status == "completed" || v.Status == "failed"
		return done[id]
	}
	delivered := func() map[string]int {
		byEvent := map[string]int{}
		for _, got := range rc.got() {
			byEvent[got.header.Get("webhook-id")]++
		}
		return byEvent
	}
	settled := func() bool {
		for _, id := range extractions {
			if !finished(id) {
				return false
			}
		}
		return len(delivered()) >= size
	}
	for round := 0; !settled(); round++ {
		if round == 20 {
			t.Fatalf("after 20 sweeps, not every extraction finished with its event delivered (%d events)",
				len(delivered()))
		}
		time.Sleep(2 * time.Second)
		skip(t, local, 5*time.Minute)
		_ = maintenance(context.Background(), events.EventBridgeEvent{}) // a died write fails it too
	}
	ch.on.Store(false) // the reads below see the stack as it is
	var page struct{ Data []deliveryJSON }
	c.do("GET", "/v1/webhooks/"+endpoint.ID+"/deliveries?limit=100", nil, bearer(jwt)...).json(t, &page)
	if len(page.Data) != size {
		t.Errorf("%d deliveries for %d extractions, want one each", len(page.Data), size)
	}
	posts := delivered()
	for _, d := range page.Data {
		if n := posts[d.DeliveryID]; n > len(d.Attempts) && d.Status == "SUCCEEDED" {
			t.Errorf("delivery %s: the receiver saw %d POSTs, the history records %d attempts", d.DeliveryID, n,
				len(d.Attempts))
		}
	}

	// The ledger equals the balance, and the charges the extractions made.
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	store := dynamo.Store{API: awstest.Clients(t).DynamoDB, Table: mustGetenv(t, local)("TABLE_NAME")}
	u, err := dynamo.NewUserRepo(store).User(context.Background(), me.ID)
	if err != nil {
		t.Fatal(err)
	}
	sum, charged, cursor := 0, 0, ""
	for {
		entries, next, err := dynamo.NewLedgerRepo(store).Entries(context.Background(), me.ID, 100, cursor)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			sum += e.Amount
			if e.Amount < 0 {
				charged -= e.Amount
			}
		}
		if cursor = next; cursor == "" {
			break
		}
	}
	if sum != u.Credits || charged != size {
		t.Errorf("ledger %d, balance %d, charged %d; want the ledger equal to the balance and %d charged once each",
			sum, u.Credits, charged, size)
	}
	if ch.died.Load() == 0 {
		t.Error("no write died: the campaign injected nothing, and its invariants say nothing")
	}
	t.Logf("injected: %d writes whose process died after committing, %d messages received twice; "+
		"%d contracts, %d extractions, %d deliveries", ch.died.Load(), ch.doubled.Load(), size, size, len(page.Data))
}
