package contractstest

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// RunStoreSuite checks the promises of contracts.Store on the stores newStore makes, one empty
// store per case: the in-memory Store here and the DynamoDB repository alike, so that the unit
// tests of the contract flow, which run on the fake, trust only what the real store does. Its
// requests are created as the service creates them (PENDING_PAYMENT) and moved by changes.
func RunStoreSuite(t *testing.T, newStore func(t *testing.T) contracts.Store) {
	cases := []struct {
		name string
		run  func(t *testing.T, s contracts.Store)
	}{
		{"a request reads back as put", putThenRead},
		{"a reference is put once", putOnce},
		{"an unknown reference is NotFound", unknownReference},
		{"a change is written and read back", changeWritten},
		{"a change writes only what a change may change", changeWritesItsFieldsOnly},
		{"a change's steps are added to the history, once", historyAppended},
		{"a change's error writes nothing", changeErrorWritesNothing},
		{"a change that changes nothing writes nothing", changeUnchanged},
		{"a change on a moved request runs again on the stored one", changeOnMovedRequest},
		{"a change on a request paid since it was read runs again", changeOnRequestPaidSince},
		{"a request that keeps moving is a Conflict after three tries", changeKeepsMoving},
		{"a payment event is recorded once", paymentEventOnce},
		{"a payment event that changes nothing is recorded", paymentEventUnchanged},
		{"a payment event refused by its change is not recorded", paymentEventRefused},
		{"an issuance is finished with its delivery", finishIssuance},
		{"a delivery id is stored once", finishIssuanceDeliveryOnce},
		{"an issuance is leased to one worker", claimIssuance},
		{"a lease ends when the request leaves issuance", leaseEndsWithStatus},
		{"issuance attempts are counted per request", issuanceAttempts},
		{"expired links are listed earliest first", expiredLinks},
		{"due issuances are listed oldest first", dueIssuances},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newStore(t)) })
	}
}

// base is the suite's clock: milliseconds, since the DynamoDB indexes keep no finer time.
var base = time.Date(2026, 11, 23, 8, 0, 0, 123000000, time.UTC)

// pending is a new request as Service.Create stores it.
func pending(ref string) contracts.Contract {
	return contracts.Contract{
		Reference: ref,
		PartnerID: "prt_suite",
		Product:   contracts.ProductAuto,
		Status:    contracts.StatusPendingPayment,
		ReturnURL: "https://return.example",
		CancelURL: "https://cancel.example",
		Data:      json.RawMessage(`{"vehicle":{"power":7}}`),
		Subject:   "DK-1234-AB",
		Pricing: contracts.Pricing{
			NetPremium:    800,
			Accessories:   100,
			Taxes:         50,
			GuaranteeFund: 50,
			Total:         1000,
			Currency:      "XOF",
		},
		Payment: payment.Checkout{
			ID:        "pay_" + ref,
			URL:       "https://pay.example/" + ref,
			ExpiresAt: base.Add(time.Hour),
		},
		CreatedAt: base,
		UpdatedAt: base,
	}
}

// to is the change moving a request from one status to another at the given time; Conflict from
// any other status, as the domain's transitions refuse.
func to(from, next contracts.Status, at time.Time) contracts.Change {
	return func(c contracts.Contract) (contracts.Contract, error) {
		if c.Status != from {
			return c, fault.Newf(fault.Conflict, "The request is %s; this needs %s.", c.Status, from)
		}
		c.Status, c.UpdatedAt = next, at
		if next == contracts.StatusIssuanceInProgress {
			c.IssuanceRun++
		}
		return c, nil
	}
}

// paid is the change of a confirmed payment at the given time, as HandlePayment makes it.
func paid(at time.Time) contracts.Change {
	return func(c contracts.Contract) (contracts.Contract, error) {
		if c.Status != contracts.StatusPendingPayment {
			return c, nil
		}
		c.Status, c.UpdatedAt, c.PaidAt = contracts.StatusIssuanceInProgress, at, &at
		c.IssuanceRun++
		return c, nil
	}
}

func event(ref, id string) payment.Notification {
	return payment.Notification{
		EventID:    id,
		Type:       payment.Succeeded,
		PaymentID:  "pay_" + ref,
		Reference:  ref,
		Amount:     1000,
		Currency:   "XOF",
		OccurredAt: base.Add(time.Minute),
	}
}

func delivery(id, ref string) webhook.Delivery {
	return webhook.Delivery{
		ID:        id,
		Scheme:    webhook.SchemePartner,
		OwnerID:   "prt_suite",
		Event:     contracts.EventIssued,
		Reference: ref,
		Body: []byte(
			`{}`,
		),
		Status:    webhook.StatusPending,
		CreatedAt: base,
		NextAt:    base,
		ExpiresAt: base.Add(30 * 24 * time.Hour),
	}
}

// put stores a new request or fails the test.
func put(t *testing.T, s contracts.Store, c contracts.Contract) contracts.Contract {
	t.Helper()
	if err := s.PutContract(context.Background(), c); err != nil {
		t.Fatalf("PutContract(%s): %v", c.Reference, err)
	}
	return c
}

// issuing is a new request, paid: ISSUANCE_IN_PROGRESS since base plus a minute.
func issuing(t *testing.T, s contracts.Store, ref string) contracts.Contract {
	t.Helper()
	c, err := s.ApplyPayment(
		context.Background(),
		put(t, s, pending(ref)),
		event(ref, "evt_"+ref),
		paid(base.Add(time.Minute)),
	)
	if err != nil {
		t.Fatalf("paying %s: %v", ref, err)
	}
	return c
}

// read returns the stored request or fails the test.
func read(t *testing.T, s contracts.Store, ref string) contracts.Contract {
	t.Helper()
	c, err := s.Contract(context.Background(), ref)
	if err != nil {
		t.Fatalf("Contract(%s): %v", ref, err)
	}
	return c
}

// wantKind fails the test unless err is a fault of kind k.
func wantKind(t *testing.T, what string, err error, k fault.Kind) {
	t.Helper()
	if !fault.Is(err, k) {
		t.Errorf("%s: %v, want a fault of kind %v", what, err, k)
	}
}

func putThenRead(t *testing.T, s contracts.Store) {
	c := put(t, s, pending("AUT-READ"))
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, c) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, c)
	}
}

func putOnce(t *testing.T, s contracts.Store) {
	c := put(t, s, pending("AUT-ONCE"))
	other := pending("AUT-ONCE")
	other.Subject = "another"
	wantKind(t, "a second request under the reference", s.PutContract(context.Background(), other), fault.Conflict)
	if got := read(t, s, c.Reference); got.Subject != c.Subject {
		t.Errorf("the second put was written: subject %q", got.Subject)
	}
}

func unknownReference(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	_, err := s.Contract(ctx, "AUT-NONE")
	wantKind(t, "Contract", err, fault.NotFound)
	_, err = s.Update(ctx, pending("AUT-NONE"), to(contracts.StatusPendingPayment, contracts.StatusPaymentFailed, base))
	wantKind(t, "Update", err, fault.NotFound)
	wantKind(t, "ReleaseIssuance", s.ReleaseIssuance(ctx, "AUT-NONE"), fault.NotFound)
	_, err = s.IssuanceAttempt(ctx, "AUT-NONE")
	wantKind(t, "IssuanceAttempt", err, fault.NotFound)
	wantKind(t, "ClaimIssuance", s.ClaimIssuance(ctx, "AUT-NONE", base.Add(time.Minute), base), fault.Conflict)
	if _, err := s.Contract(ctx, "AUT-NONE"); !fault.Is(err, fault.NotFound) {
		t.Errorf("the calls on an unknown reference stored it: %v", err)
	}
}

func changeWritten(t *testing.T, s contracts.Store) {
	c := issuing(t, s, "AUT-WRITE")
	finish := func(c contracts.Contract) (contracts.Contract, error) {
		c.Status, c.Issuance, c.UpdatedAt = contracts.StatusIssuanceFailed, &contracts.Issuance{
			ErrorCode: "REFUSED",
			Error:     "no",
		}, base.Add(time.Hour)
		return c, nil
	}
	after, err := s.Update(context.Background(), c, finish)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := finish(c)
	if !reflect.DeepEqual(after, want) {
		t.Errorf("Update returned\n%+v\nwant\n%+v", after, want)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, want) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, want)
	}
}

// A Change changes only the status, UpdatedAt, PaidAt, Issuance and IssuanceRun: what else it
// returns is not the request's and is not stored.
func changeWritesItsFieldsOnly(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := put(t, s, pending("AUT-FIELDS"))
	stray := func(c contracts.Contract) (contracts.Contract, error) {
		c.Subject, c.Pricing.Total = "stray", 1
		return c, nil
	}
	if _, err := s.Update(ctx, c, stray); err != nil {
		t.Fatal(err)
	}
	failStray := func(c contracts.Contract) (contracts.Contract, error) {
		c, err := stray(c)
		c.Status, c.UpdatedAt = contracts.StatusPaymentFailed, base.Add(time.Hour)
		return c, err
	}
	if _, err := s.Update(ctx, c, failStray); err != nil {
		t.Fatal(err)
	}
	want := c
	want.Status, want.UpdatedAt = contracts.StatusPaymentFailed, base.Add(time.Hour)
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, want) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, want)
	}
}

// The steps a change adds are written after those stored, once, also when the change runs again
// on a request that moved meanwhile.
func historyAppended(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := pending("AUT-HISTORY")
	c.History = []contracts.Step{{What: contracts.StepRequested, At: base}}
	put(t, s, c)
	fail := func(c contracts.Contract) (contracts.Contract, error) {
		c.Status, c.UpdatedAt = contracts.StatusPaymentFailed, base.Add(time.Hour)
		c.History = append(slices.Clip(c.History), contracts.Step{What: contracts.StepPaymentExpired,
			At: base.Add(time.Hour), Detail: "the link expired"})
		return c, nil
	}
	if _, err := s.Update(ctx, c, fail); err != nil {
		t.Fatal(err)
	}
	// The same change again, from the request as first read: the stored one moved, so it runs
	// on that and writes nothing more (it is PAYMENT_FAILED already).
	refund := func(c contracts.Contract) (contracts.Contract, error) {
		if c.Status != contracts.StatusPaymentFailed {
			return fail(c)
		}
		return c, nil
	}
	if _, err := s.Update(ctx, c, refund); err != nil {
		t.Fatal(err)
	}
	want := []contracts.Step{{What: contracts.StepRequested, At: base},
		{What: contracts.StepPaymentExpired, At: base.Add(time.Hour), Detail: "the link expired"}}
	if got := read(t, s, c.Reference).History; !reflect.DeepEqual(got, want) {
		t.Errorf("history read back\n%+v\nwant\n%+v", got, want)
	}
}

func changeErrorWritesNothing(t *testing.T, s contracts.Store) {
	c := put(t, s, pending("AUT-REFUSED"))
	refused := errors.New("refused")
	runs := 0
	change := func(c contracts.Contract) (contracts.Contract, error) {
		runs++
		c.Status = contracts.StatusPaymentFailed
		return c, refused
	}
	if _, err := s.Update(context.Background(), c, change); !errors.Is(err, refused) || runs != 1 {
		t.Errorf("Update = %v after %d runs, want the change's error after one", err, runs)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, c) {
		t.Errorf("a refused change was written: %+v", got)
	}
}

// A change that leaves the request as it was writes nothing, so it succeeds even on a request
// that moved since (the condition is never checked).
func changeUnchanged(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := put(t, s, pending("AUT-SAME"))
	moved, err := s.Update(
		ctx,
		c,
		to(contracts.StatusPendingPayment, contracts.StatusPaymentFailed, base.Add(time.Hour)),
	)
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	same := func(c contracts.Contract) (contracts.Contract, error) { runs++; return c, nil }
	if got, err := s.Update(ctx, c, same); err != nil || runs != 1 || !reflect.DeepEqual(got, c) {
		t.Errorf("Update = %+v, %v after %d runs, want c as it was after one run", got, err, runs)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, moved) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, moved)
	}
}

// The expiry sweep read a request as pending; it was paid before the sweep wrote: the change runs
// again on the stored request and refuses (Conflict), which the service expects.
func changeOnMovedRequest(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	stale := put(t, s, pending("AUT-MOVED"))
	c := issuing(t, s, "AUT-OTHER") // a neighbour, untouched
	if _, err := s.ApplyPayment(ctx, stale, event(stale.Reference, "evt_moved"),
		paid(base.Add(time.Minute))); err != nil {
		t.Fatal(err)
	}
	var saw []contracts.Status
	expire := to(contracts.StatusPendingPayment, contracts.StatusPaymentFailed, base.Add(2*time.Hour))
	watched := func(c contracts.Contract) (contracts.Contract, error) {
		saw = append(saw, c.Status)
		return expire(c)
	}
	_, err := s.Update(ctx, stale, watched)
	wantKind(t, "expiring a request paid since it was read", err, fault.Conflict)
	if want := []contracts.Status{contracts.StatusPendingPayment,
		contracts.StatusIssuanceInProgress}; !reflect.DeepEqual(
		saw,
		want,
	) {
		t.Errorf("the change saw %v, want %v: the request as read, then as stored", saw, want)
	}
	if got := read(t, s, stale.Reference); got.Status != contracts.StatusIssuanceInProgress {
		t.Errorf("status %s, want ISSUANCE_IN_PROGRESS", got.Status)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, c) {
		t.Errorf("the neighbour changed: %+v", got)
	}
	// A change that accepts the stored request is written onto it.
	replay := to(contracts.StatusIssuanceFailed, contracts.StatusIssuanceInProgress, base.Add(3*time.Hour))
	failed, err := s.Update(
		ctx,
		c,
		to(contracts.StatusIssuanceInProgress, contracts.StatusIssuanceFailed, base.Add(2*time.Hour)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, failed, replay); err != nil {
		t.Fatal(err)
	}
	refund := to(contracts.StatusIssuanceFailed, contracts.StatusRefunded, base.Add(4*time.Hour))
	_, err = s.Update(ctx, failed, refund) // read before the replay
	wantKind(t, "refunding a request replayed since it was read", err, fault.Conflict)
	if got := read(t, s, c.Reference); got.Status != contracts.StatusIssuanceInProgress || got.IssuanceRun != 2 {
		t.Errorf("after the replay: %s, run %d, want ISSUANCE_IN_PROGRESS, run 2", got.Status, got.IssuanceRun)
	}
}

// The condition covers the payment as well as the status: a refund of a PAYMENT_FAILED request
// never paid must not land on one paid since.
func changeOnRequestPaidSince(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := put(t, s, pending("AUT-LATE"))
	failed, err := s.Update(
		ctx,
		c,
		to(contracts.StatusPendingPayment, contracts.StatusPaymentFailed, base.Add(time.Hour)),
	)
	if err != nil {
		t.Fatal(err)
	}
	late := func(c contracts.Contract) (contracts.Contract, error) {
		at := base.Add(2 * time.Hour)
		c.PaidAt, c.UpdatedAt = &at, at
		return c, nil
	}
	if _, err := s.Update(ctx, failed, late); err != nil {
		t.Fatal(err)
	}
	runs := 0
	close := func(c contracts.Contract) (contracts.Contract, error) {
		runs++
		if c.PaidAt != nil {
			return c, fault.New(fault.Conflict, "paid since")
		}
		c.Status, c.UpdatedAt = contracts.StatusRefunded, base.Add(3*time.Hour)
		return c, nil
	}
	_, err = s.Update(ctx, failed, close)
	wantKind(t, "a change on a request paid since it was read", err, fault.Conflict)
	if runs != 2 {
		t.Errorf("the change ran %d times, want 2", runs)
	}
	if got := read(t, s, c.Reference); got.Status != contracts.StatusPaymentFailed || got.PaidAt == nil {
		t.Errorf("after: %s, paid %v", got.Status, got.PaidAt)
	}
}

// Another writer moves the request before each write: three tries, then Conflict.
func changeKeepsMoving(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := issuing(t, s, "AUT-BUSY")
	c, err := s.Update(
		ctx,
		c,
		to(contracts.StatusIssuanceInProgress, contracts.StatusIssuanceFailed, base.Add(time.Hour)),
	)
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	meddle := func(seen contracts.Contract) (contracts.Contract, error) {
		runs++
		// The other writer: replay or fail again, whichever the stored request allows.
		stored := read(t, s, seen.Reference)
		next := contracts.StatusIssuanceInProgress
		if stored.Status == contracts.StatusIssuanceInProgress {
			next = contracts.StatusIssuanceFailed
		}
		if _, err := s.Update(ctx, stored, to(stored.Status, next,
			base.Add(time.Duration(runs)*time.Hour))); err != nil {
			return seen, err
		}
		seen.UpdatedAt = base.Add(100 * time.Hour)
		return seen, nil
	}
	_, err = s.Update(ctx, c, meddle)
	wantKind(t, "a request moved before every write", err, fault.Conflict)
	if runs != 3 {
		t.Errorf("the change ran %d times, want 3", runs)
	}
	if got := read(t, s, c.Reference); got.UpdatedAt.Equal(base.Add(100 * time.Hour)) {
		t.Errorf("the change was written on a moved request: %+v", got)
	}
}

func paymentEventOnce(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := put(t, s, pending("AUT-PAY"))
	e := event(c.Reference, "evt_pay")
	after, err := s.ApplyPayment(ctx, c, e, paid(e.OccurredAt))
	if err != nil || after.Status != contracts.StatusIssuanceInProgress || after.PaidAt == nil ||
		after.IssuanceRun != 1 {
		t.Fatalf("ApplyPayment = %+v, %v", after, err)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, after) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, after)
	}
	// The same event again, even with a change that would move the request, writes nothing.
	again := to(contracts.StatusIssuanceInProgress, contracts.StatusIssuanceFailed, base.Add(time.Hour))
	if _, err := s.ApplyPayment(ctx, after, e, again); !errors.Is(err, contracts.ErrReplayed) {
		t.Errorf("the event again: %v, want ErrReplayed", err)
	}
	// Event ids are the gateway's, unique across requests.
	other := put(t, s, pending("AUT-PAY2"))
	if _, err := s.ApplyPayment(ctx, other, e, paid(e.OccurredAt)); !errors.Is(err, contracts.ErrReplayed) {
		t.Errorf("the event on another request: %v, want ErrReplayed", err)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, after) {
		t.Errorf("a replay was written: %+v", got)
	}
	if got := read(t, s, other.Reference); !reflect.DeepEqual(got, other) {
		t.Errorf("a replay on another request was written: %+v", got)
	}
}

// A late event (the request moved before it was written, and the change then leaves it as it is)
// is recorded all the same: a replay of it is recognised.
func paymentEventUnchanged(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := put(t, s, pending("AUT-LATECANCEL"))
	if _, err := s.Update(ctx, c, to(contracts.StatusPendingPayment, contracts.StatusPaymentFailed,
		base.Add(2*time.Hour))); err != nil {
		t.Fatal(err)
	}
	cancel := event(c.Reference, "evt_cancel")
	cancel.Type = payment.Cancelled
	cancelled := func(c contracts.Contract) (contracts.Contract, error) {
		if c.Status == contracts.StatusPendingPayment {
			c.Status, c.UpdatedAt = contracts.StatusPaymentFailed, cancel.OccurredAt
		}
		return c, nil
	}
	if got, err := s.ApplyPayment(ctx, c, cancel, cancelled); err != nil ||
		got.Status != contracts.StatusPaymentFailed {
		t.Fatalf("ApplyPayment = %s, %v", got.Status, err)
	}
	if got := read(t, s, c.Reference); !got.UpdatedAt.Equal(base.Add(2 * time.Hour)) {
		t.Errorf("the late event was written on the request: updated %v", got.UpdatedAt)
	}
	if _, err := s.ApplyPayment(ctx, c, cancel, cancelled); !errors.Is(err, contracts.ErrReplayed) {
		t.Errorf("the event again: %v, want ErrReplayed", err)
	}
	failed := read(t, s, c.Reference)
	keep := func(c contracts.Contract) (contracts.Contract, error) { return c, nil }
	if _, err := s.ApplyPayment(ctx, failed, event(c.Reference, "evt_noop"), keep); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplyPayment(ctx, failed, event(c.Reference, "evt_noop"), keep); !errors.Is(
		err,
		contracts.ErrReplayed,
	) {
		t.Errorf("an event that changed nothing, again: %v, want ErrReplayed", err)
	}
}

func paymentEventRefused(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := put(t, s, pending("AUT-NOPE"))
	e := event(c.Reference, "evt_nope")
	refused := fault.New(fault.Invalid, "refused")
	if _, err := s.ApplyPayment(ctx, c, e, func(c contracts.Contract) (contracts.Contract, error) {
		return c,
			refused
	}); !errors.Is(
		err,
		refused,
	) {
		t.Fatalf("ApplyPayment = %v, want the change's error", err)
	}
	if _, err := s.ApplyPayment(ctx, c, e, paid(e.OccurredAt)); err != nil {
		t.Errorf("the event after its change refused it: %v, want it applied", err)
	}
	_, err := s.ApplyPayment(ctx, pending("AUT-NONE"), event("AUT-NONE", "evt_none"), paid(e.OccurredAt))
	wantKind(t, "a payment of an unknown request", err, fault.NotFound)
	if _, err := s.ApplyPayment(ctx, c, event("AUT-NONE", "evt_none"), paid(e.OccurredAt)); err != nil {
		t.Errorf("the event after its request was not found: %v, want it applied", err)
	}
}

func finishIssuance(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := issuing(t, s, "AUT-FIN")
	issue := func(c contracts.Contract) (contracts.Contract, error) {
		if c.Status != contracts.StatusIssuanceInProgress {
			return c, fault.New(fault.Conflict, "The request is no longer being issued.")
		}
		c.Status, c.Issuance, c.UpdatedAt = contracts.StatusActive, &contracts.Issuance{
			ContractID:   "CT-1",
			NumeroPolice: "P-1",
		}, base.Add(time.Hour)
		return c, nil
	}
	after, err := s.FinishIssuance(ctx, c, issue, delivery("dlv_fin", c.Reference))
	if err != nil {
		t.Fatal(err)
	}
	if got := read(t, s, c.Reference); !reflect.DeepEqual(got, after) || got.Status != contracts.StatusActive {
		t.Errorf("read back\n%+v\nwant\n%+v", got, after)
	}
	_, err = s.FinishIssuance(ctx, c, issue, delivery("dlv_fin2", c.Reference))
	wantKind(t, "a second finish", err, fault.Conflict)
}

// A delivery id names one delivery: a finish with an id stored already is a Conflict and writes
// nothing; a finish that changes nothing stores no delivery.
func finishIssuanceDeliveryOnce(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c1, c2 := issuing(t, s, "AUT-D1"), issuing(t, s, "AUT-D2")
	active := to(contracts.StatusIssuanceInProgress, contracts.StatusActive, base.Add(time.Hour))
	keep := func(c contracts.Contract) (contracts.Contract, error) { return c, nil }
	if _, err := s.FinishIssuance(ctx, c1, keep, delivery("dlv_same", c1.Reference)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FinishIssuance(ctx, c1, active, delivery("dlv_same", c1.Reference)); err != nil {
		t.Fatalf("a delivery id an unchanged finish did not store: %v", err)
	}
	_, err := s.FinishIssuance(ctx, c2, active, delivery("dlv_same", c2.Reference))
	wantKind(t, "a delivery id stored already", err, fault.Conflict)
	if got := read(t, s, c2.Reference); !reflect.DeepEqual(got, c2) {
		t.Errorf("a cancelled finish wrote the request: %+v", got)
	}
}

func claimIssuance(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := issuing(t, s, "AUT-LEASE")
	until := base.Add(2 * time.Minute)
	if err := s.ClaimIssuance(ctx, c.Reference, until, base); err != nil {
		t.Fatal(err)
	}
	wantKind(
		t,
		"a second worker during the lease",
		s.ClaimIssuance(ctx, c.Reference, until.Add(time.Minute), base.Add(time.Minute)),
		fault.Conflict,
	)
	wantKind(
		t,
		"a second worker at the lease's end",
		s.ClaimIssuance(ctx, c.Reference, until.Add(time.Minute), until),
		fault.Conflict,
	)
	if err := s.ClaimIssuance(ctx, c.Reference, until.Add(2*time.Minute), until.Add(time.Millisecond)); err != nil {
		t.Errorf("a claim after the lease ended: %v", err)
	}
	if err := s.ReleaseIssuance(ctx, c.Reference); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimIssuance(ctx, c.Reference, until, base); err != nil {
		t.Errorf("a claim after a release: %v", err)
	}
	p := put(t, s, pending("AUT-NOTPAID"))
	wantKind(t, "a claim of a request not being issued", s.ClaimIssuance(ctx, p.Reference, until, base), fault.Conflict)
}

func leaseEndsWithStatus(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	c := issuing(t, s, "AUT-ENDS")
	if err := s.ClaimIssuance(ctx, c.Reference, base.Add(time.Hour), base); err != nil {
		t.Fatal(err)
	}
	failed, err := s.Update(
		ctx,
		c,
		to(contracts.StatusIssuanceInProgress, contracts.StatusIssuanceFailed, base.Add(time.Minute)),
	)
	if err != nil {
		t.Fatal(err)
	}
	wantKind(
		t,
		"a claim of a failed request",
		s.ClaimIssuance(ctx, c.Reference, base.Add(time.Hour), base),
		fault.Conflict,
	)
	if _, err := s.Update(ctx, failed, to(contracts.StatusIssuanceFailed, contracts.StatusIssuanceInProgress,
		base.Add(2*time.Minute))); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimIssuance(ctx, c.Reference, base.Add(time.Hour), base.Add(3*time.Minute)); err != nil {
		t.Errorf("a claim of the replay, within the first lease: %v", err)
	}
}

func issuanceAttempts(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	a, b := issuing(t, s, "AUT-A"), issuing(t, s, "AUT-B")
	for want := 1; want <= 2; want++ {
		if n, err := s.IssuanceAttempt(ctx, a.Reference); n != want || err != nil {
			t.Errorf("attempt on A = %d, %v, want %d", n, err, want)
		}
	}
	if n, err := s.IssuanceAttempt(ctx, b.Reference); n != 1 || err != nil {
		t.Errorf("first attempt on B = %d, %v", n, err)
	}
	// The count goes on across runs: the core's idempotency key is per attempt.
	failed, err := s.Update(
		ctx,
		a,
		to(contracts.StatusIssuanceInProgress, contracts.StatusIssuanceFailed, base.Add(time.Hour)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, failed, to(contracts.StatusIssuanceFailed, contracts.StatusIssuanceInProgress,
		base.Add(2*time.Hour))); err != nil {
		t.Fatal(err)
	}
	if n, err := s.IssuanceAttempt(ctx, a.Reference); n != 3 || err != nil {
		t.Errorf("attempt on A after a replay = %d, %v, want 3", n, err)
	}
}

func refs(cs []contracts.Contract) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.Reference)
	}
	return out
}

// Strictly before the given time, to the millisecond; ties in reference order.
func expiredLinks(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	expiries := map[string]time.Duration{
		"AUT-E3":     3 * time.Minute,
		"AUT-E1":     time.Minute,
		"AUT-E2B":    2 * time.Minute,
		"AUT-E2A":    2 * time.Minute,
		"AUT-AT":     10 * time.Minute,
		"AUT-OPEN":   time.Hour,
		"AUT-PAID":   0,
		"AUT-FAILED": 0,
	}
	for ref, d := range expiries {
		c := pending(ref)
		c.Payment.ExpiresAt = base.Add(d)
		put(t, s, c)
	}
	if _, err := s.ApplyPayment(ctx, read(t, s, "AUT-PAID"), event("AUT-PAID", "evt_paid"), paid(base)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, read(t, s, "AUT-FAILED"), to(contracts.StatusPendingPayment,
		contracts.StatusPaymentFailed, base)); err != nil {
		t.Fatal(err)
	}
	before := base.Add(10 * time.Minute)
	got, err := s.ExpiredLinks(ctx, before, 10)
	if want := []string{"AUT-E1", "AUT-E2A", "AUT-E2B", "AUT-E3"}; err != nil || !reflect.DeepEqual(refs(got), want) {
		t.Errorf("ExpiredLinks = %v, %v, want %v", refs(got), err, want)
	}
	if len(got) > 0 && !reflect.DeepEqual(got[0], read(t, s, "AUT-E1")) {
		t.Errorf("listed\n%+v\nstored\n%+v", got[0], read(t, s, "AUT-E1"))
	}
	if got, err := s.ExpiredLinks(ctx, before, 2); err != nil ||
		!reflect.DeepEqual(refs(got), []string{"AUT-E1", "AUT-E2A"}) {
		t.Errorf("ExpiredLinks limited to 2 = %v, %v", refs(got), err)
	}
	if got, err := s.ExpiredLinks(ctx, before, 0); err != nil || len(got) != 0 {
		t.Errorf("ExpiredLinks limited to 0 = %v, %v", refs(got), err)
	}
}

func dueIssuances(t *testing.T, s contracts.Store) {
	ctx := context.Background()
	for ref, entered := range map[string]time.Duration{"AUT-I3": 3 * time.Minute, "AUT-I1": time.Minute,
		"AUT-I2":   2 * time.Minute,
		"AUT-LATE": 10 * time.Minute} {
		if _, err := s.ApplyPayment(ctx, put(t, s, pending(ref)), event(ref, "evt_"+ref),
			paid(base.Add(entered))); err != nil {
			t.Fatal(err)
		}
	}
	// A request that left issuance is not due; one that entered at the given time is not due yet.
	done := issuing(t, s, "AUT-DONE")
	if _, err := s.Update(ctx, done, to(contracts.StatusIssuanceInProgress, contracts.StatusActive,
		base.Add(time.Minute))); err != nil {
		t.Fatal(err)
	}
	// The due time is the entry into the status: a later change that keeps it does not move it.
	i1 := read(t, s, "AUT-I1")
	touch := func(c contracts.Contract) (contracts.Contract, error) {
		c.UpdatedAt = base.Add(20 * time.Minute)
		return c, nil
	}
	if _, err := s.Update(ctx, i1, touch); err != nil {
		t.Fatal(err)
	}
	before := base.Add(10 * time.Minute)
	if got, err := s.DueIssuances(ctx, before, 10); err != nil ||
		!reflect.DeepEqual(got, []string{"AUT-I1", "AUT-I2", "AUT-I3"}) {
		t.Errorf("DueIssuances = %v, %v", got, err)
	}
	if got, err := s.DueIssuances(ctx, before, 1); err != nil || !reflect.DeepEqual(got, []string{"AUT-I1"}) {
		t.Errorf("DueIssuances limited to 1 = %v, %v", got, err)
	}
	if got, err := s.DueIssuances(ctx, before, 0); err != nil || len(got) != 0 {
		t.Errorf("DueIssuances limited to 0 = %v, %v", got, err)
	}
}
