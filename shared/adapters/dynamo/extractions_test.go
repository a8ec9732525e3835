package dynamo

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// An extraction the balance does not cover is not stored (PaymentRequired, the transaction
// cancelled); one worker claims it (Conflict for the second); it is finished once, its failure
// stored under the attribute names it always had.
func TestExtractionRepo(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewExtractionRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_1", Email: "e@example.com", Role: access.RoleUser,
		CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	e := extraction.Extraction{
		ID:           "ext_1",
		OwnerID:      "usr_1",
		Live:         true,
		DocumentType: "passport",
		Status:       extraction.StatusQueued,
		Object: extraction.Object{
			Key:  "documents/ext_1",
			MIME: "image/png",
			Size: 10,
		},
		CreditsUsed: 1,
		CreatedAt:   now,
		UpdatedAt:   now,
		SweepAt:     now,
		ExpiresAt:   now.Add(time.Hour),
	}
	if err := repo.CreateExtractions(ctx, credits.Charge("usr_1", 1, credits.ReasonExtraction, "ext_1", now), nil,
		[]extraction.Extraction{e}); fault.As(err).Kind != fault.PaymentRequired {
		t.Fatalf("an extraction without credits: %v, want PaymentRequired", err)
	}
	if _, err := repo.Extraction(ctx, "ext_1"); fault.As(err).Kind != fault.NotFound {
		t.Fatalf("the cancelled transaction stored the extraction: %v", err)
	}
	if err := NewLedgerRepo(db).Move(ctx, credits.Grant("usr_1", 1, credits.ReasonGrant, "", now)); err != nil {
		t.Fatal(err)
	}
	if err := repo.CreateExtractions(ctx, credits.Charge("usr_1", 1, credits.ReasonExtraction, "ext_1", now), nil,
		[]extraction.Extraction{e}); err != nil {
		t.Fatal(err)
	}
	claimed, err := repo.ClaimExtraction(ctx, "ext_1", now.Add(time.Minute), now)
	if err != nil || claimed.Status != extraction.StatusProcessing || claimed.Attempts != 1 {
		t.Fatalf("ClaimExtraction = %+v, %v", claimed, err)
	}
	_, err = repo.ClaimExtraction(ctx, "ext_1", now.Add(time.Minute), now)
	conflict(t, "a second worker's claim", err)
	done := now.Add(time.Second)
	claimed.Status, claimed.UpdatedAt, claimed.CompletedAt, claimed.CreditsUsed = extraction.StatusFailed, done, &done,
		0
	claimed.Error = &extraction.Failure{Code: "unreadable", Message: "No machine-readable zone."}
	refund := credits.Refund("usr_1", 1, "ext_1", done)
	// The outbox: the event's delivery is written in the outcome's transaction. When its write
	// fails (here: a delivery of that id exists), nothing of the outcome is written either, so the
	// job's retry finds the extraction processing and finishes it, event included.
	deliveries := NewDeliveryRepo(db)
	taken := webhook.Delivery{ID: "dlv_taken", Scheme: webhook.SchemeIdentity, OwnerID: "usr_1", EndpointID: "we_1",
		Event: "extraction.failed", Reference: "ext_1", Body: []byte("{}"), Status: webhook.StatusPending,
		CreatedAt: done, NextAt: done}
	if err := deliveries.PutDelivery(ctx, taken); err != nil {
		t.Fatal(err)
	}
	conflict(t, "an outcome whose delivery cannot be written", repo.FinishExtraction(ctx, claimed, refund,
		[]webhook.Delivery{taken}))
	if got, _ := repo.Extraction(ctx, "ext_1"); got.Status != extraction.StatusProcessing {
		t.Fatalf("the cancelled outcome left the extraction %s", got.Status)
	}
	event := taken
	event.ID = "dlv_event"
	if err := repo.FinishExtraction(ctx, claimed, refund, []webhook.Delivery{event}); err != nil {
		t.Fatal(err)
	}
	if d, err := deliveries.Delivery(ctx, "dlv_event"); err != nil || d.Reference != "ext_1" ||
		d.Status != webhook.StatusPending {
		t.Errorf("the event's delivery = %+v, %v; want it stored, pending, with the outcome", d, err)
	}
	event.ID = "dlv_again"
	conflict(t, "finished again", repo.FinishExtraction(ctx, claimed, refund, []webhook.Delivery{event}))
	if _, err := deliveries.Delivery(ctx, "dlv_again"); !fault.Is(err, fault.NotFound) {
		t.Errorf("a second finisher stored its event too: %v", err)
	}
	item := raw(t, db, "EXTRACTION#ext_1", "EXTRACTION")
	if want := map[string]any{"Code": "unreadable", "Message": "No machine-readable zone."}; !reflect.DeepEqual(
		item["error"],
		want,
	) ||
		item["status"] != "failed" {
		t.Errorf("stored %v, want the failure as %v", item, want)
	}
	if got, err := repo.Extraction(ctx, "ext_1"); err != nil || got.Error == nil || got.Error.Code != "unreadable" {
		t.Errorf("Extraction = %+v, %v", got, err)
	}
	if u, _ := NewUserRepo(db).User(ctx, "usr_1"); u.Credits != 1 {
		t.Errorf("credits %d, want the refund back", u.Credits)
	}
}
