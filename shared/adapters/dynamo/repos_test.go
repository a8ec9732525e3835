package dynamo

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// conflict fails the test unless err is a Conflict fault.
func conflict(t *testing.T, what string, err error) {
	t.Helper()
	if f := fault.As(err); err == nil || f.Kind != fault.Conflict {
		t.Errorf("%s: %v, want a Conflict", what, err)
	}
}

// A key is taken once: the second Begin gets the first's record, its response once finished; a
// released key runs its request again. What is stored is what the guard gives, under the name it
// gives (the suite checks the rest).
func TestIdempotencyRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewIdempotencyRepo(newTable(t))
	now := time.Now().UTC().Truncate(time.Second)
	first := idempotency.Record{RequestHash: "h1", Method: "POST", Path: "/x", CreatedAt: now, Seed: []byte("s"),
		LeaseUntil: now.Add(time.Minute)}
	if _, ok, err := repo.Begin(ctx, "prt_1", "k", first, now, now.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("first Begin: %v, %v", ok, err)
	}
	got, ok, err := repo.Begin(ctx, "prt_1", "k", idempotency.Record{RequestHash: "h2"}, now, now.Add(time.Hour))
	if ok || err != nil || got.RequestHash != "h1" || got.Done || !got.CreatedAt.Equal(now) || string(got.Seed) != "s" {
		t.Fatalf("second Begin: %+v, %v, %v", got, ok, err)
	}
	if err := repo.Release(ctx, "prt_1", "k", first.LeaseUntil); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := repo.Begin(ctx, "prt_1", "k", first, now, now.Add(time.Hour)); !ok {
		t.Error("a released key does not run its request again")
	}
	answer := idempotency.Answer{Code: 201, Format: "application/json", Body: []byte(`{}`)}
	if err := repo.Finish(ctx, "prt_1", "k", answer); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := repo.Begin(ctx, "prt_1", "k", first, now, now.Add(time.Hour)); !got.Done ||
		got.Answer.Code != 201 || string(got.Answer.Body) != "{}" {
		t.Errorf("after Finish: %+v", got)
	}
	if _, ok, _ := repo.Begin(ctx, "prt_2", "k", first, now, now.Add(time.Hour)); !ok {
		t.Error("another caller's key is its own")
	}
}

// The lists and their version are written and read back; an unknown list is NotFound.
func TestReferenceRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewReferenceRepo(newTable(t))
	if v, err := repo.ReferenceVersion(ctx); v != "" || err != nil {
		t.Fatalf("version of an empty table: %q, %v", v, err)
	}
	c := reference.Catalog{
		Version: "v1",
		Entries: map[string]reference.Entry{"brands": {Body: []byte(`[]`), ETag: `"e1"`}},
	}
	if err := repo.PutReference(ctx, c); err != nil {
		t.Fatal(err)
	}
	if v, err := repo.ReferenceVersion(ctx); v != "v1" || err != nil {
		t.Errorf("version: %q, %v", v, err)
	}
	if e, err := repo.Reference(ctx, "brands"); err != nil || e.ETag != `"e1"` || string(e.Body) != "[]" {
		t.Errorf("brands: %+v, %v", e, err)
	}
	if _, err := repo.Reference(ctx, "models"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown list: %v, want NotFound", err)
	}
}

// A user's endpoints are listed, deleted once, and those a key created go with the key; a
// partner's webhook is replaced whole.
func TestWebhookRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewWebhookRepo(newTable(t))
	now := time.Now().UTC()
	for _, e := range []webhook.Endpoint{{ID: "we_1", OwnerID: "usr_1", URL: "https://a",
		Events: []string{"extraction.completed"}, Live: true, CreatedAt: now},
		{ID: "we_2", OwnerID: "usr_1", URL: "https://b", Events: []string{"extraction.failed"}, CreatedAt: now,
			CreatedByKey: "key_1"}} {
		if err := putEndpoint(ctx, repo.db, e); err != nil {
			t.Fatal(err)
		}
	}
	if es, err := repo.Endpoints(ctx, "usr_1"); err != nil || len(es) != 2 {
		t.Fatalf("Endpoints = %v, %v", es, err)
	}
	// A rotation lands only on the secret it read; never on a deleted endpoint.
	rotated := webhook.Endpoint{ID: "we_1", OwnerID: "usr_1", SealedSecret: "sealed-2",
		PreviousSealedSecret: "sealed-1", PreviousUntil: &now}
	if err := repo.RotateEndpointSecret(ctx, rotated, ""); err != nil {
		t.Fatalf("a rotation from the secret read: %v", err)
	}
	if e, _ := repo.Endpoint(ctx, "usr_1", "we_1"); e.SealedSecret != "sealed-2" || e.PreviousSealedSecret != "sealed-1" ||
		e.URL != "https://a" || !e.Live {
		t.Errorf("after the rotation: %+v; want the new secrets and the rest as it was", e)
	}
	rotated.SealedSecret = "sealed-3"
	conflict(t, "a rotation from a stale secret", repo.RotateEndpointSecret(ctx, rotated, "sealed-1"))
	gone := webhook.Endpoint{ID: "we_gone", OwnerID: "usr_1", SealedSecret: "sealed-x"}
	if err := repo.RotateEndpointSecret(ctx, gone, ""); !fault.Is(err, fault.NotFound) {
		t.Errorf("a rotation of a deleted endpoint: %v, want NotFound", err)
	}
	if _, err := repo.Endpoint(ctx, "usr_1", "we_gone"); !fault.Is(err, fault.NotFound) {
		t.Errorf("the rotation wrote a deleted endpoint back: %v", err)
	}
	if err := repo.DeleteEndpointsOfKey(ctx, "usr_1", "key_1"); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Endpoint(ctx, "usr_1", "we_2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("the key's endpoint: %v, want NotFound", err)
	}
	if e, err := repo.Endpoint(ctx, "usr_1", "we_1"); err != nil || !e.Live || e.URL != "https://a" {
		t.Errorf("Endpoint = %+v, %v", e, err)
	}
	if err := repo.DeleteEndpoint(ctx, "usr_1", "we_1"); err != nil {
		t.Fatal(err)
	}
	if err := repo.DeleteEndpoint(ctx, "usr_1", "we_1"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("a second delete: %v, want NotFound", err)
	}
	if err := repo.SetPartnerConfig(ctx, "prt_1", webhook.PartnerChange{At: now, Author: webhook.Author{Role: "partner",
		UserID: "usr_9"},
		Config: webhook.PartnerConfig{URL: "https://p", SealedSecret: "sealed"}, SecretChanged: true}); err != nil {
		t.Fatal(err)
	}
	if c, err := repo.PartnerConfig(ctx, "prt_1"); err != nil || c.URL != "https://p" || c.SealedSecret != "sealed" {
		t.Errorf("PartnerConfig = %+v, %v", c, err)
	}
}

// A partner's webhook changes are recorded newest first; a change by a key is refused once the key
// is revoked, and ending a key's configurations ends the current one and its recorded changes.
func TestPartnerWebhookChanges(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo, keys := NewWebhookRepo(db), NewKeyRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := keys.PutKey(ctx, access.KeyRecord{ID: "key_1", Hash: "h1", Role: access.RolePartner, OwnerID: "prt_1",
		CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	byLogin := webhook.PartnerChange{
		At:     now,
		Author: webhook.Author{Role: "partner", UserID: "usr_9"},
		Config: webhook.PartnerConfig{URL: "https://login"},
	}
	byKey := webhook.PartnerChange{At: now.Add(time.Second), Author: webhook.Author{Role: "partner", KeyID: "key_1"},
		Config: webhook.PartnerConfig{URL: "https://key", URLBy: webhook.KeyBinding{KeyID: "key_1"}}}
	// Each change is written on top of the version it read: the first on none, the next on it.
	byKey.Config.Version = 1
	for _, c := range []webhook.PartnerChange{byLogin, byKey} {
		if err := repo.SetPartnerConfig(ctx, "prt_1", c); err != nil {
			t.Fatal(err)
		}
	}
	if c, _ := repo.PartnerConfig(ctx, "prt_1"); c.Version != 2 {
		t.Errorf("version %d after two changes, want 2", c.Version)
	}
	if err := repo.SetPartnerConfig(ctx, "prt_1", byLogin); !errors.Is(err, webhook.ErrPartnerConfigMoved) {
		t.Errorf("a change on a stale read: %v, want ErrPartnerConfigMoved", err)
	}
	changes, _, err := repo.PartnerChanges(ctx, "prt_1", 10, "")
	if err != nil || len(changes) != 2 || changes[0].Config.URL != "https://key" ||
		changes[1].Author.UserID != "usr_9" {
		t.Fatalf("PartnerChanges = %+v, %v", changes, err)
	}
	first, next, err := repo.PartnerChanges(ctx, "prt_1", 1, "")
	if err != nil || len(first) != 1 || next == "" {
		t.Fatalf("first page = %+v, %q, %v", first, next, err)
	}
	if second, _, err := repo.PartnerChanges(ctx, "prt_1", 1, next); err != nil || len(second) != 1 ||
		second[0].Config.URL != "https://login" {
		t.Errorf("second page = %+v, %v", second, err)
	}
	if _, _, err := repo.PartnerChanges(ctx, "prt_2", 1, next); fault.As(err).Kind != fault.Invalid {
		t.Errorf("another partner's cursor: %v, want Invalid", err)
	}
	end := now.Add(time.Hour)
	if err := repo.EndPartnerConfigsOfKey(ctx, "prt_1", "key_1", end); err != nil {
		t.Fatal(err)
	}
	if c, err := repo.PartnerConfig(ctx, "prt_1"); err != nil || c.URLBy.EndsAt == nil || !c.URLBy.EndsAt.Equal(end) ||
		c.Stands(end) ||
		!c.Stands(now) {
		t.Errorf("current after the key's end = %+v, %v", c, err)
	}
	changes, _, _ = repo.PartnerChanges(ctx, "prt_1", 10, "")
	if changes[0].Config.URLBy.EndsAt == nil || changes[1].Config.URLBy.EndsAt != nil {
		t.Errorf("recorded changes after the key's end = %+v", changes)
	}
	if _, err := keys.RevokeKey(ctx, "prt_1", "key_1", now); err != nil {
		t.Fatal(err)
	}
	if err := repo.SetPartnerConfig(ctx, "prt_1", byKey); fault.As(err).Kind != fault.Unauthorized {
		t.Errorf("a change by a revoked key: %v, want Unauthorized", err)
	}
}

// An address is one account's (Conflict, code email_taken, in a cancelled transaction); a
// verification token is consumed once.
func TestUserRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewUserRepo(newTable(t))
	now := time.Now().UTC().Truncate(time.Millisecond)
	u := accounts.User{
		ID:           "usr_1",
		Email:        "a@example.com",
		PasswordHash: "h",
		Role:         access.RoleUser,
		Plan:         "free",
		CreatedAt:    now,
	}
	if err := repo.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	other := u
	other.ID = "usr_2"
	conflict(t, "a second account on the address", repo.CreateUser(ctx, other))
	if _, err := repo.User(ctx, "usr_2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("the refused account was stored: %v", err)
	}
	if got, err := repo.UserByEmail(ctx, "a@example.com"); err != nil || got.ID != "usr_1" ||
		got.Role != access.RoleUser {
		t.Errorf("UserByEmail = %+v, %v", got, err)
	}
	if err := repo.SaveVerification(ctx, "th", "usr_1", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if id, err := repo.ConsumeVerification(ctx, "th", now); id != "usr_1" || err != nil {
		t.Errorf("ConsumeVerification = %q, %v", id, err)
	}
	if _, err := repo.ConsumeVerification(ctx, "th", now); fault.As(err).Kind != fault.NotFound {
		t.Errorf("a second consumption: %v, want NotFound", err)
	}
}

// A debit the balance does not cover changes nothing (the transaction is cancelled); credits to an
// unknown user are NotFound; each change has its ledger entry.
func TestLedgerRepo(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewLedgerRepo(db)
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_1", Email: "l@example.com", Role: access.RoleUser,
		CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := repo.Move(ctx, credits.Grant("usr_1", 5, credits.ReasonGrant, "", time.Time{})); err != nil {
		t.Fatal(err)
	}
	if err := repo.Move(ctx, credits.Grant("usr_404", 5, credits.ReasonGrant, "", time.Time{})); fault.As(
		err,
	).Kind != fault.NotFound {
		t.Errorf("credits to an unknown user: %v, want NotFound", err)
	}
	if err := repo.Move(ctx, credits.Charge("usr_1", 6, credits.ReasonExtraction, "ext_1", time.Time{})); fault.As(
		err,
	).Kind != fault.PaymentRequired ||
		fault.As(err).Code != "insufficient_credits" {
		t.Errorf("a debit past the balance: %v, want PaymentRequired", err)
	}
	if err := repo.Move(ctx, credits.Charge("usr_1", 2, credits.ReasonExtraction, "ext_2", time.Time{})); err != nil {
		t.Fatal(err)
	}
	u, _ := NewUserRepo(db).User(ctx, "usr_1")
	entries, _, err := repo.Entries(ctx, "usr_1", 10, "")
	if err != nil || u.Credits != 3 || len(entries) != 2 || entries[0].Amount != -2 || entries[0].Reference != "ext_2" {
		t.Errorf("balance %d, ledger %+v, %v; want 3 and the two movements, newest first", u.Credits, entries, err)
	}
}

// A partner is created with its first key in one transaction: again, it is a Conflict and no key
// is added; a key revoked by another owner is not.
func TestPartnerAndKeyRepos(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	partners, keys := NewPartnerRepo(db), NewKeyRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	p := accounts.Partner{ID: "prt_1", Name: "P", Stage: "local", RateLimit: 60, CreatedAt: now}
	k := access.KeyRecord{
		ID:        "key_1",
		Hash:      "hash1",
		Role:      access.RolePartner,
		OwnerID:   "prt_1",
		Name:      "first",
		CreatedAt: now,
		RateLimit: 60,
	}
	if err := partners.CreatePartner(ctx, p, k); err != nil {
		t.Fatal(err)
	}
	k2 := k
	k2.ID, k2.Hash = "key_2", "hash2"
	conflict(t, "the partner again", partners.CreatePartner(ctx, p, k2))
	if _, err := keys.KeyByHash(ctx, "hash2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("the cancelled transaction stored its key: %v", err)
	}
	if got, err := partners.Partner(ctx, "prt_1"); err != nil || got.Name != "P" {
		t.Errorf("Partner = %+v, %v", got, err)
	}
	if got, err := keys.KeyByHash(ctx, "hash1"); err != nil || got.Role != access.RolePartner ||
		got.OwnerID != "prt_1" {
		t.Errorf("KeyByHash = %+v, %v", got, err)
	}
	if _, err := keys.RevokeKey(ctx, "prt_2", "key_1", now); fault.As(err).Kind != fault.NotFound {
		t.Errorf("another owner's revocation: %v, want NotFound", err)
	}
	if _, err := keys.RevokeKey(ctx, "prt_1", "key_1", now); err != nil {
		t.Fatal(err)
	}
	if list, err := keys.Keys(ctx, "prt_1"); err != nil || len(list) != 1 || list[0].RevokedAt == nil {
		t.Errorf("Keys = %+v, %v", list, err)
	}
}

// The administrators' list of partners: every partner created, newest first, to the end of the
// list at any page size, within the creation bounds; a cursor serves only the bounds that gave it.
func TestPartnerList(t *testing.T) {
	ctx := context.Background()
	partners := NewPartnerRepo(newTable(t))
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	var want []string // newest first
	for i := range 5 {
		p := accounts.Partner{
			ID:        fmt.Sprintf("prt_%d", i),
			Name:      fmt.Sprintf("P%d", i),
			Stage:     "local",
			RateLimit: 60,
			CreatedAt: t0.Add(time.Duration(i) * time.Second),
		}
		k := access.KeyRecord{
			ID:        fmt.Sprintf("key_%d", i),
			Hash:      fmt.Sprintf("hash%d", i),
			Role:      access.RolePartner,
			OwnerID:   p.ID,
			CreatedAt: p.CreatedAt,
		}
		if err := partners.CreatePartner(ctx, p, k); err != nil {
			t.Fatal(err)
		}
		want = append([]string{p.ID}, want...)
	}
	list := func(f accounts.PartnerFilter) func(limit int, cursor string) ([]string, string, error) {
		return func(limit int, cursor string) ([]string, string, error) {
			f.Limit, f.Cursor = limit, cursor
			page, err := partners.ListPartners(ctx, f)
			ids := make([]string, len(page.Items))
			for i, p := range page.Items {
				ids[i] = p.ID
			}
			return ids, page.Next, err
		}
	}
	for _, limit := range []int{1, 2, 5, 100} {
		if got := pageAll(t, limit, list(accounts.PartnerFilter{})); !slices.Equal(got, want) {
			t.Errorf("limit %d: %v, want %v", limit, got, want)
		}
	}
	bounded := accounts.PartnerFilter{CreatedAfter: t0.Add(time.Second), CreatedBefore: t0.Add(3 * time.Second)}
	if got := pageAll(t, 1, list(bounded)); !slices.Equal(got, []string{"prt_2", "prt_1"}) {
		t.Errorf("created within [1 s, 3 s): %v, want [prt_2 prt_1]", got)
	}
	page, err := partners.ListPartners(ctx, accounts.PartnerFilter{Limit: 1})
	if err != nil || len(page.Items) != 1 || page.Items[0].Name != "P4" || page.Items[0].RateLimit != 60 ||
		page.Items[0].Stage != "local" ||
		!page.Items[0].CreatedAt.Equal(t0.Add(4*time.Second)) {
		t.Fatalf("first page = %+v, %v", page, err)
	}
	_, err = partners.ListPartners(
		ctx,
		accounts.PartnerFilter{CreatedBefore: t0.Add(2 * time.Second), Limit: 1, Cursor: page.Next},
	)
	invalid(t, "a cursor past createdBefore", err)
	_, err = partners.ListPartners(ctx, accounts.PartnerFilter{Limit: 1, Cursor: "e30"})
	invalid(t, "a forged cursor", err)
}

// A counter counts per window; the quota reserves up to its bound and no further.
func TestRateRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewRateRepo(newTable(t))
	window := time.Now().Truncate(time.Minute)
	for want := 1; want <= 2; want++ {
		if n, err := repo.Hit(ctx, "prt_1", window, window.Add(2*time.Minute)); n != want || err != nil {
			t.Fatalf("Hit = %d, %v; want %d", n, err, want)
		}
	}
	if ok, err := repo.Reserve(ctx, "testquota#usr_1#2026-11-23", 3, 4, window.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("Reserve 3 of 4 = %v, %v", ok, err)
	}
	if ok, err := repo.Reserve(ctx, "testquota#usr_1#2026-11-23", 2, 4, window.Add(time.Hour)); ok || err != nil {
		t.Errorf("Reserve 2 more of 4 = %v, %v; want refused", ok, err)
	}
}

// An invoice is settled once: paid, it credits its user with a ledger entry in the same
// transaction; settling it again changes nothing (false).
func TestInvoiceRepo(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewInvoiceRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_1", Email: "i@example.com", Role: access.RoleUser,
		Plan: "free", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	inv := billing.Invoice{
		Reference:   "INV-1",
		UserID:      "usr_1",
		Plan:        "pro",
		Amount:      1000,
		Currency:    "XOF",
		Credits:     50,
		Status:      billing.StatusPending,
		PeriodStart: now,
		PeriodEnd:   now.Add(time.Hour),
		IssuedAt:    now,
		PaymentID:   "pay_1",
		PaymentURL:  "https://pay",
	}
	if err := repo.PutInvoice(ctx, inv); err != nil {
		t.Fatal(err)
	}
	paid := func(eventID string) payment.Notification {
		return payment.Notification{
			EventID:   eventID,
			Type:      payment.Succeeded,
			PaymentID: "pay_1",
			Reference: "INV-1",
			Amount:    1000,
			Currency:  "XOF",
		}
	}
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_1"), billing.StatusPaid, now); !ok || err != nil {
		t.Fatalf("SettleInvoice = %v, %v", ok, err)
	}
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_1"), billing.StatusPaid, now); ok ||
		!errors.Is(err, payment.ErrReplayed) {
		t.Errorf("the same event again: %v, %v; want payment.ErrReplayed", ok, err)
	}
	// Another event that finds the invoice paid changes nothing, and is recorded: its replay is one.
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_2"), billing.StatusPaid, now); ok || err != nil {
		t.Errorf("settled again: %v, %v; want false", ok, err)
	}
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_2"), billing.StatusFailed, now); ok ||
		!errors.Is(err, payment.ErrReplayed) {
		t.Errorf("a late event replayed: %v, %v; want payment.ErrReplayed", ok, err)
	}
	got, err := repo.Invoice(ctx, "INV-1")
	if err != nil || got.Status != billing.StatusPaid || got.PaidAt == nil {
		t.Errorf("Invoice = %+v, %v", got, err)
	}
	if u, _ := NewUserRepo(db).User(ctx, "usr_1"); u.Credits != 50 {
		t.Errorf("credits %d, want 50 once", u.Credits)
	}
	if _, err := repo.Invoice(ctx, "INV-404"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown invoice: %v, want NotFound", err)
	}
	if list, _, err := repo.Invoices(ctx, "usr_1", "", 10, ""); err != nil || len(list) != 1 {
		t.Errorf("Invoices = %v, %v", list, err)
	}
}

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
		[]extraction.Extraction{e}); fault.As(
		err,
	).Kind != fault.PaymentRequired {
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

// An upload slot is stored once (the same item again is a lost answer's retry; another slot of the
// same id is a Conflict) and read back whole; an unknown one is NotFound.
func TestUploadRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewUploadRepo(newTable(t))
	s := uploads.Slot{
		ID:          "upl_1",
		OwnerID:     "usr_1",
		Key:         "raw/usr_1/upl_1",
		ContentType: "image/png",
		Size:        10,
		Name:        "a.png",
		ExpiresAt:   time.Now().UTC().Truncate(time.Millisecond),
	}
	if err := repo.PutUpload(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := repo.PutUpload(ctx, s); err != nil {
		t.Errorf("the same slot again: %v", err)
	}
	other := s
	other.OwnerID = "usr_2"
	if err := repo.PutUpload(ctx, other); fault.As(err).Kind != fault.Conflict {
		t.Errorf("another slot of the same id: %v, want Conflict", err)
	}
	if got, err := repo.Upload(ctx, "upl_1"); err != nil || !got.ExpiresAt.Equal(s.ExpiresAt) || got.Key != s.Key ||
		got.Name != s.Name ||
		got.Size != s.Size {
		t.Errorf("Upload = %+v, %v, want %+v", got, err, s)
	}
	if _, err := repo.Upload(ctx, "upl_2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown slot: %v, want NotFound", err)
	}
}

// A session is stored only while the password is the one its login checked; signing out deletes
// one or all; failures add up atomically and clear; a reset token works once.
func TestSessionLoginFailureAndResetRepos(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	users, sessions, failures := NewUserRepo(db), NewSessionRepo(db), NewLoginFailureRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := users.CreateUser(ctx, accounts.User{ID: "usr_1", Email: "a@example.com", PasswordHash: "h1",
		Verified: true, Role: access.RoleUser, CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"ses_a", "ses_b"} {
		s := accounts.Session{
			ID:        id,
			UserID:    "usr_1",
			CreatedAt: now.Add(time.Duration(i) * time.Second),
			ExpiresAt: now.Add(time.Hour),
			TokenHash: "hash-" + id,
		}
		if err := sessions.CreateSession(ctx, s, "h1"); err != nil {
			t.Fatal(err)
		}
	}
	conflict(
		t,
		"a session of an older password",
		sessions.CreateSession(
			ctx,
			accounts.Session{ID: "ses_c", UserID: "usr_1", ExpiresAt: now.Add(time.Hour)},
			"h0",
		),
	)
	if list, err := sessions.Sessions(ctx, "usr_1"); err != nil || len(list) != 2 || list[0].ID != "ses_b" {
		t.Fatalf("Sessions = %+v, %v", list, err)
	}
	if err := sessions.DeleteSession(ctx, "usr_1", "ses_a"); err != nil {
		t.Fatal(err)
	}
	if _, err := sessions.SessionActive(ctx, "usr_1", "ses_a"); !fault.Is(err, fault.NotFound) {
		t.Errorf("a signed-out session: %v", err)
	}
	if hash, err := sessions.SessionActive(ctx, "usr_1", "ses_b"); err != nil || hash != "hash-ses_b" {
		t.Errorf("a live session: %q, %v", hash, err)
	}
	if err := sessions.DeleteSessions(ctx, "usr_1"); err != nil {
		t.Fatal(err)
	}
	if _, err := sessions.SessionActive(ctx, "usr_1", "ses_b"); !fault.Is(err, fault.NotFound) {
		t.Errorf("a session after signing out everywhere: %v", err)
	}
	conflict(t, "a password change from a stale hash", users.SetPassword(ctx, "usr_1", "h0", "h2"))
	if err := users.SetPassword(ctx, "usr_1", "h1", "h2"); err != nil {
		t.Fatal(err)
	}

	// Attempts are reserved while the address has fewer than the free failures; past them, one
	// after each lockout, which each reservation holds for its attempt.
	hold := func(at time.Time) time.Time { return at.Add(30 * time.Second) }
	for i := 1; i <= 3; i++ {
		f, ok, err := failures.ReserveLogin(ctx, "subj", 3, now, hold(now), now.Add(time.Hour))
		if err != nil || !ok || f.Count != i || !f.Last.Equal(now) || !f.Until.Equal(hold(now)) {
			t.Fatalf("ReserveLogin %d = %+v, %v, %v", i, f, ok, err)
		}
	}
	if f, ok, err := failures.ReserveLogin(ctx, "subj", 3, now, hold(now), now.Add(time.Hour)); err != nil || ok ||
		f.Count != 3 || !f.Until.Equal(hold(now)) {
		t.Fatalf("a fourth attempt during the hold = %+v, %v, %v; want refused, the count as it was", f, ok, err)
	}
	if err := failures.LockLogin(ctx, "subj", now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := failures.LockLogin(ctx, "subj", now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	later := now.Add(59 * time.Second)
	if f, ok, _ := failures.ReserveLogin(ctx, "subj", 3, later, hold(later), later.Add(time.Hour)); ok ||
		!f.Until.Equal(now.Add(time.Minute)) {
		t.Fatalf("during the lockout: %+v, %v; want refused until the later lockout", f, ok)
	}
	later = now.Add(time.Minute)
	if f, ok, _ := failures.ReserveLogin(ctx, "subj", 3, later, hold(later), later.Add(time.Hour)); !ok ||
		f.Count != 4 {
		t.Fatalf("after the lockout: %+v, %v; want the fourth attempt reserved", f, ok)
	}
	if err := failures.ClearLoginFailures(ctx, "subj"); err != nil {
		t.Fatal(err)
	}
	if f, ok, err := failures.ReserveLogin(ctx, "subj", 3, later, hold(later), later.Add(time.Hour)); err != nil ||
		!ok || f.Count != 1 {
		t.Errorf("after clearing: %+v, %v, %v; want a new count", f, ok, err)
	}
	if err := failures.LockLogin(ctx, "nobody", now); err != nil {
		t.Errorf("locking an address without a count: %v", err)
	}

	if err := users.SaveReset(ctx, "rh", accounts.Reset{UserID: "usr_1", Stamp: "st",
		ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if r, err := users.ConsumeReset(ctx, "rh", now); err != nil || r.UserID != "usr_1" || r.Stamp != "st" {
		t.Errorf("ConsumeReset = %+v, %v", r, err)
	}
	if _, err := users.ConsumeReset(ctx, "rh", now); !fault.Is(err, fault.NotFound) {
		t.Errorf("a second consumption: %v, want NotFound", err)
	}
}

// putEndpoint stores an endpoint as it is, with no owner to count it against.
func putEndpoint(ctx context.Context, db Store, e webhook.Endpoint) error {
	av, err := attributevalue.MarshalMap(toEndpointItem(e))
	if err != nil {
		return err
	}
	_, err = db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(db.Table), Item: av})
	return err
}
