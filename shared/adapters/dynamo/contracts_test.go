package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

var at = time.Date(2026, 11, 23, 8, 0, 0, 123000000, time.UTC)

func pendingContract(ref string) contracts.Contract {
	return contracts.Contract{
		Reference: ref,
		PartnerID: "prt_1",
		Product:   contracts.ProductAuto,
		Status:    contracts.StatusPendingPayment,
		ReturnURL: "https://r",
		CancelURL: "https://c",
		Data:      json.RawMessage(`{"a":1}`),
		Subject:   "DK-1",
		Pricing: contracts.Pricing{
			NetPremium:    1,
			Accessories:   2,
			Taxes:         3,
			GuaranteeFund: 4,
			Total:         10,
			Currency:      "XOF",
		},
		Payment: payment.Checkout{
			ID:        "pay_1",
			URL:       "https://pay",
			ExpiresAt: at.Add(time.Hour),
		},
		CreatedAt: at,
		UpdatedAt: at,
	}
}

// The stored shapes are the data already in tables: these are the items the code wrote before the
// repositories had item types of their own, attribute for attribute.
func TestContractAndLinkItemsKeepTheirShape(t *testing.T) {
	r := &recorder{}
	db := Store{API: r, Table: "t"}
	if err := NewContractRepo(db).PutContract(context.Background(),
		pendingContract("AUT-20261123-ABCDEFGH")); err != nil {
		t.Fatal(err)
	}
	if err := NewLinkRepo(db).PutLink(context.Background(), payment.Link{ID: "pay_1", Reference: "AUT-1", Amount: 10,
		Currency:  "XOF",
		ReturnURL: "https://r", CancelURL: "https://c", NotifyURL: "https://n", ExpiresAt: at}); err != nil {
		t.Fatal(err)
	}
	var want []map[string]any
	if err := json.Unmarshal([]byte(`[{"cancelUrl":"https://c","createdAt":"2026-11-23T08:00:00.123Z","data":"{\"a\":1}","gsi1pk":"CONTRACTS#prt_1","gsi1sk":"2026-11-23T08:00:00.123000000Z#AUT-20261123-ABCDEFGH","gsi2pk":"PAYMENT_DUE#46","gsi2sk":"1795424400123#AUT-20261123-ABCDEFGH","gsi3pk":"CONTRACT_STATUS#PENDING_PAYMENT#46","gsi3sk":"2026-11-23T08:00:00.123000000Z#AUT-20261123-ABCDEFGH","gsi4pk":"CONTRACTS#prt_1#STATUS#PENDING_PAYMENT","gsi4sk":"2026-11-23T08:00:00.123000000Z#AUT-20261123-ABCDEFGH","gsi5pk":"CONTRACTS#prt_1#PRODUCT#auto","gsi5sk":"2026-11-23T08:00:00.123000000Z#AUT-20261123-ABCDEFGH","partnerId":"prt_1","paymentExpiresAt":"2026-11-23T09:00:00.123Z","paymentId":"pay_1","paymentUrl":"https://pay","pk":"CONTRACT#AUT-20261123-ABCDEFGH","pricing":{"Accessories":2,"Currency":"XOF","GuaranteeFund":4,"NetPremium":1,"Taxes":3,"Total":10},"product":"auto","reference":"AUT-20261123-ABCDEFGH","returnUrl":"https://r","sk":"CONTRACT","status":"PENDING_PAYMENT","subject":"DK-1","updatedAt":"2026-11-23T08:00:00.123Z"},{"amount":10,"cancelUrl":"https://c","currency":"XOF","expiresAt":"2026-11-23T08:00:00.123Z","id":"pay_1","notifyUrl":"https://n","pk":"PAYMENT#pay_1","reference":"AUT-1","returnUrl":"https://r","sk":"PAYMENT"},{"linkId":"pay_1","pk":"PAYMENT#REF#AUT-1","sk":"REFERENCE"}]`), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.puts, want) {
		t.Errorf("stored\n%v\nwant\n%v", r.puts, want)
	}
	av, err := attributevalue.MarshalMap(toIssuanceItem(&contracts.Issuance{ContractID: "x"}))
	if err != nil {
		t.Fatal(err)
	}
	wantIssuance := map[string]any{
		"ContractID":      "x",
		"Error":           "",
		"ErrorCode":       "",
		"LinkAttestation": "",
		"LinkCarteBrune":  "",
		"NumeroFacture":   "",
		"NumeroPolice":    "",
	}
	if got := plain(av); !reflect.DeepEqual(got, wantIssuance) {
		t.Errorf("issuance stored as %v, want %v", got, wantIssuance)
	}
}

func paidEvent(ref, id string) payment.Notification {
	return payment.Notification{
		EventID:    id,
		Type:       payment.Succeeded,
		PaymentID:  "pay_1",
		Reference:  ref,
		Amount:     10,
		Currency:   "XOF",
		OccurredAt: at.Add(time.Minute),
	}
}

// pay is the domain's change for a paid event, as HandlePayment makes it.
func pay(c contracts.Contract) (contracts.Contract, error) {
	paid := at.Add(time.Minute)
	if c.Status != contracts.StatusPendingPayment {
		return c, nil
	}
	c.Status, c.UpdatedAt, c.PaidAt = contracts.StatusIssuanceInProgress, paid, &paid
	c.IssuanceRun++
	return c, nil
}

// A payment moves the request and records its event in one transaction; the same event again is a
// replay (the transaction cancelled on the event, nothing written); the request enters the
// issuance due index with its run counted, as the update expressions before the repository did.
func TestContractRepoApplyPayment(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewContractRepo(db)
	c := pendingContract("AUT-PAY")
	if err := repo.PutContract(ctx, c); err != nil {
		t.Fatal(err)
	}
	other := c
	other.Subject = "another"
	if err := repo.PutContract(ctx, other); fault.As(err).Kind != fault.Conflict {
		t.Fatalf("another request under the same reference: %v, want Conflict", err)
	}
	after, err := repo.ApplyPayment(ctx, c, paidEvent(c.Reference, "evt_1"), pay)
	if err != nil || after.Status != contracts.StatusIssuanceInProgress {
		t.Fatalf("ApplyPayment = %s, %v", after.Status, err)
	}
	item := raw(t, db, "CONTRACT#AUT-PAY", "CONTRACT")
	if item["status"] != "ISSUANCE_IN_PROGRESS" || item["gsi2pk"] != dueShard(issuanceDuePK, "AUT-PAY") ||
		item["gsi2sk"] != dueKey(
			at.Add(time.Minute),
			"AUT-PAY",
		) || item["issuanceRuns"] != 1.0 || item["paidAt"] != "2026-11-23T08:01:00.123Z" {
		t.Errorf("stored after payment: %v", item)
	}
	if raw(t, db, "PAYMENT_EVENT#evt_1", "EVENT") == nil {
		t.Error("the event was not recorded")
	}
	if _, err := repo.ApplyPayment(ctx, after, paidEvent(c.Reference, "evt_1"), pay); !errors.Is(
		err,
		contracts.ErrReplayed,
	) {
		t.Errorf("the same event again: %v, want ErrReplayed", err)
	}
	// A late event changes nothing but is recorded, once.
	if got, err := repo.ApplyPayment(ctx, after, paidEvent(c.Reference, "evt_2"), pay); err != nil ||
		got.Status != contracts.StatusIssuanceInProgress {
		t.Errorf("a late event: %s, %v", got.Status, err)
	}
	if _, err := repo.ApplyPayment(ctx, after, paidEvent(c.Reference, "evt_2"), pay); !errors.Is(
		err,
		contracts.ErrReplayed,
	) {
		t.Errorf("the late event again: %v, want ErrReplayed", err)
	}
	got, err := repo.Contract(ctx, c.Reference)
	if err != nil || got.IssuanceRun != 1 || got.PaidAt == nil || !got.UpdatedAt.Equal(at.Add(time.Minute)) {
		t.Errorf("read back: %+v, %v", got, err)
	}
}

// A change made on a request that moved since it was read is not written onto it: the repository
// reads it again and runs the change on what it finds, which here refuses (Conflict).
func TestContractRepoUpdateOnAMovedRequest(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewContractRepo(db)
	c := pendingContract("AUT-MOVED")
	if err := repo.PutContract(ctx, c); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.ApplyPayment(ctx, c, paidEvent(c.Reference, "evt_m"), pay); err != nil {
		t.Fatal(err)
	}
	var saw []contracts.Status
	expire := func(c contracts.Contract) (contracts.Contract, error) {
		saw = append(saw, c.Status)
		if c.Status != contracts.StatusPendingPayment {
			return c, fault.New(fault.Conflict, "no longer pending")
		}
		c.Status, c.UpdatedAt = contracts.StatusPaymentFailed, at.Add(2*time.Hour)
		return c, nil
	}
	if _, err := repo.Update(ctx, c, expire); fault.As(err).Kind != fault.Conflict {
		t.Fatalf("expiring a paid request read as pending: %v, want Conflict", err)
	}
	if !reflect.DeepEqual(saw, []contracts.Status{contracts.StatusPendingPayment, contracts.StatusIssuanceInProgress}) {
		t.Errorf("the change saw %v, want the request as read, then as stored", saw)
	}
	if got, _ := repo.Contract(ctx, c.Reference); got.Status != contracts.StatusIssuanceInProgress {
		t.Errorf("status %s, want ISSUANCE_IN_PROGRESS untouched", got.Status)
	}
	// A PAYMENT_FAILED request read before its late payment was recorded: the refund of a request
	// never paid must not land on one paid since (the condition covers paidAt).
	f := pendingContract("AUT-LATE")
	f.Status = contracts.StatusPaymentFailed
	if err := repo.PutContract(ctx, f); err != nil {
		t.Fatal(err)
	}
	paidAfter := func(c contracts.Contract) (contracts.Contract, error) {
		p := at.Add(3 * time.Hour)
		c.PaidAt, c.UpdatedAt = &p, p
		return c, nil
	}
	if _, err := repo.Update(ctx, f, paidAfter); err != nil {
		t.Fatal(err)
	}
	var runs int
	stale := func(c contracts.Contract) (contracts.Contract, error) {
		runs++
		if c.PaidAt != nil {
			return c, fault.New(fault.Conflict, "paid meanwhile")
		}
		c.Subject = "must not be written"
		c.Status, c.UpdatedAt = contracts.StatusRefunded, at.Add(4*time.Hour)
		return c, nil
	}
	if _, err := repo.Update(ctx, f, stale); fault.As(err).Kind != fault.Conflict || runs != 2 {
		t.Errorf("a change on a request paid since it was read: %v after %d runs, want Conflict after 2", err, runs)
	}
}

// An event read against a request that moved before it was written, and that then changes nothing,
// is still recorded once (a replay of it is recognised).
func TestContractRepoRecordsAnEventOnAMovedRequest(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewContractRepo(db)
	c := pendingContract("AUT-LATECANCEL")
	if err := repo.PutContract(ctx, c); err != nil {
		t.Fatal(err)
	}
	expired := func(c contracts.Contract) (contracts.Contract, error) {
		if c.Status == contracts.StatusPendingPayment {
			c.Status, c.UpdatedAt = contracts.StatusPaymentFailed, at.Add(2*time.Hour)
		}
		return c, nil
	}
	if _, err := repo.Update(ctx, c, expired); err != nil { // the sweep, after the notification read c
		t.Fatal(err)
	}
	cancel := paidEvent(c.Reference, "evt_cancel")
	cancel.Type = payment.Cancelled
	cancelled := expired // a cancellation fails a pending request, and leaves a failed one as it is
	if got, err := repo.ApplyPayment(ctx, c, cancel, cancelled); err != nil ||
		got.Status != contracts.StatusPaymentFailed {
		t.Fatalf("ApplyPayment = %s, %v", got.Status, err)
	}
	if raw(t, db, "PAYMENT_EVENT#evt_cancel", "EVENT") == nil {
		t.Error("the event was not recorded")
	}
	if _, err := repo.ApplyPayment(ctx, c, cancel, cancelled); !errors.Is(err, contracts.ErrReplayed) {
		t.Errorf("the event again: %v, want ErrReplayed", err)
	}
}

// Finishing an issuance writes the request and the partner's delivery in one transaction: when the
// delivery cannot be stored, the transaction is cancelled and the request stays being issued.
func TestContractRepoFinishIssuance(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewContractRepo(db)
	c := pendingContract("AUT-FIN")
	if err := repo.PutContract(ctx, c); err != nil {
		t.Fatal(err)
	}
	c, err := repo.ApplyPayment(ctx, c, paidEvent(c.Reference, "evt_f"), pay)
	if err != nil {
		t.Fatal(err)
	}
	if err := repo.ClaimIssuance(ctx, c.Reference, at.Add(time.Hour), at); err != nil {
		t.Fatal(err)
	}
	if err := repo.ClaimIssuance(ctx, c.Reference, at.Add(time.Hour), at); fault.As(err).Kind != fault.Conflict {
		t.Fatalf("a second worker's claim: %v, want Conflict", err)
	}
	if n, err := repo.IssuanceAttempt(ctx, c.Reference); n != 1 || err != nil {
		t.Fatalf("IssuanceAttempt = %d, %v", n, err)
	}
	issue := func(c contracts.Contract) (contracts.Contract, error) {
		c.Status, c.Issuance, c.UpdatedAt = contracts.StatusActive, &contracts.Issuance{
			ContractID: "CT-1",
		}, at.Add(time.Hour)
		return c, nil
	}
	d := webhook.Delivery{
		ID:        "dlv_1",
		Scheme:    webhook.SchemePartner,
		OwnerID:   "prt_1",
		Event:     contracts.EventIssued,
		Reference: c.Reference,
		Body:      []byte(`{}`),
		Status:    webhook.StatusPending,
		CreatedAt: at,
		NextAt:    at,
	}
	if err := db.putOnce(ctx, map[string]string{"pk": deliveryPK("dlv_1"), "sk": "DELIVERY"}, "delivery"); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.FinishIssuance(ctx, c, issue, d); fault.As(err).Kind != fault.Conflict {
		t.Fatalf("finish with a delivery that exists: %v, want Conflict", err)
	}
	if got, _ := repo.Contract(ctx, c.Reference); got.Status != contracts.StatusIssuanceInProgress ||
		got.Issuance != nil {
		t.Fatalf("a cancelled transaction wrote the request: %s %+v", got.Status, got.Issuance)
	}
	d.ID = "dlv_2"
	if _, err := repo.FinishIssuance(ctx, c, issue, d); err != nil {
		t.Fatal(err)
	}
	item := raw(t, db, "CONTRACT#AUT-FIN", "CONTRACT")
	for _, gone := range []string{"gsi2pk", "gsi2sk", "issuingUntil"} {
		if _, ok := item[gone]; ok {
			t.Errorf("%s still set on an issued request: %v", gone, item)
		}
	}
	if got, _ := repo.Contract(ctx, c.Reference); got.Status != contracts.StatusActive || got.Issuance == nil ||
		got.Issuance.ContractID != "CT-1" {
		t.Errorf("after finish: %s %+v", got.Status, got.Issuance)
	}
	if raw(t, db, deliveryPK("dlv_2"), "DELIVERY") == nil {
		t.Error("the delivery was not stored")
	}
}

// The expiry sweep's listing reads whole requests from the due index, earliest first.
func TestContractRepoExpiredLinks(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewContractRepo(db)
	for i, ref := range []string{"AUT-E2", "AUT-E1", "AUT-OPEN"} {
		c := pendingContract(ref)
		c.Payment.ExpiresAt = at.Add(time.Duration(2-i) * time.Minute)
		if ref == "AUT-OPEN" {
			c.Payment.ExpiresAt = at.Add(time.Hour)
		}
		if err := repo.PutContract(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	got, err := repo.ExpiredLinks(ctx, at.Add(10*time.Minute), 10)
	if err != nil || len(got) != 2 || got[0].Reference != "AUT-E1" || got[1].Reference != "AUT-E2" ||
		got[0].Pricing.Total != 10 {
		t.Fatalf("ExpiredLinks = %+v, %v", got, err)
	}
}

// The index keys a change moves, chosen without the update that writes them: the lists by status
// follow the status, and gsi2 holds the request while a sweep or an administrator must act on it.
// AUT-1 is in shard 51.
func TestIndexEntries(t *testing.T) {
	paidAt := at.Add(5 * time.Minute)
	with := func(s contracts.Status, paid bool, updated time.Time) contracts.Contract {
		c := pendingContract("AUT-1")
		c.Status, c.UpdatedAt = s, updated
		if paid {
			c.PaidAt = &paidAt
		}
		return c
	}
	pending := with(contracts.StatusPendingPayment, false, at)
	issuing := with(contracts.StatusIssuanceInProgress, true, paidAt)
	lists := func(s string) []indexEntry {
		return []indexEntry{{"gsi3pk", "CONTRACT_STATUS#" + s + "#51"}, {"gsi4pk", "CONTRACTS#prt_1#STATUS#" + s}}
	}
	leaves := []indexEntry{{"gsi2pk", ""}, {"gsi2sk", ""}}
	tests := []struct {
		name        string
		prior, next contracts.Contract
		want        []indexEntry
	}{
		{"no change of status or refund moves nothing", pending, with(contracts.StatusPendingPayment, false, paidAt),
			nil},
		{"paid: due for issuance from its entry into the status", pending, issuing,
			append(lists("ISSUANCE_IN_PROGRESS"),
				indexEntry{"gsi2pk", "ISSUANCE_DUE#51"}, indexEntry{"gsi2sk", "1795421100123#AUT-1"})},
		{"back to pending: due at the link's expiry", with(contracts.StatusPaymentFailed, false, at), pending,
			append(lists("PENDING_PAYMENT"),
				indexEntry{"gsi2pk", "PAYMENT_DUE#51"}, indexEntry{"gsi2sk", "1795424400123#AUT-1"})},
		{"issued: leaves gsi2", issuing, with(contracts.StatusActive, true, paidAt),
			append(lists("ACTIVE"), leaves...)},
		{"unpaid failure: leaves gsi2", pending, with(contracts.StatusPaymentFailed, false, at),
			append(lists("PAYMENT_FAILED"), leaves...)},
		{"issuance failed: the attention queue, by creation", issuing, with(contracts.StatusIssuanceFailed, true, paidAt),
			append(lists("ISSUANCE_FAILED"),
				indexEntry{"gsi2pk", "ATTENTION#51"}, indexEntry{"gsi2sk", "2026-11-23T08:00:00.123000000Z#AUT-1"})},
		{"paid after its failure: the attention queue, the status lists unmoved",
			with(contracts.StatusPaymentFailed, false, at), with(contracts.StatusPaymentFailed, true, paidAt),
			[]indexEntry{{"gsi2pk", "ATTENTION#51"}, {"gsi2sk", "2026-11-23T08:00:00.123000000Z#AUT-1"}}},
		{"refunded: leaves the attention queue", with(contracts.StatusIssuanceFailed, true, paidAt),
			with(contracts.StatusRefunded, true, paidAt), append(lists("REFUNDED"), leaves...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := indexEntries(tt.prior, tt.next); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("indexEntries = %q\nwant %q", got, tt.want)
			}
		})
	}
}
