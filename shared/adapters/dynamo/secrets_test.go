package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/secretbox"
)

// After a rotation of DATA_ENCRYPTION_KEY, a re-seal finds every sealed webhook secret of the table
// (a partner's webhook and its recorded change, an endpoint's current and previous secret) and
// seals the old key's under the new one, which alone then opens each where it is read.
func TestResealAfterARotation(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	hooks := NewWebhookRepo(db)
	box := func(lines string) secretbox.Box {
		b, err := secretbox.New([]byte(lines))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	const oldKey, newKey = "the-old-data-encryption-key-0123456789", "the-new-data-encryption-key-0123456789"
	seal := func(b secretbox.Box, plain, context string) string {
		s, err := b.Seal([]byte(plain), context)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	now := time.Now().UTC()
	old := box(oldKey)
	if err := hooks.SetPartnerConfig(ctx, "prt_1", webhook.PartnerChange{At: now,
		Author: webhook.Author{Role: "partner", UserID: "usr_9"}, SecretChanged: true,
		Config: webhook.PartnerConfig{URL: "https://p", SealedSecret: seal(old, "partner-secret", "partner:prt_1")}},
	); err != nil {
		t.Fatal(err)
	}
	until := now.Add(time.Hour)
	for _, e := range []webhook.Endpoint{
		{ID: "we_1", OwnerID: "usr_1", URL: "https://a", Events: []string{"extraction.completed"}, CreatedAt: now,
			SealedSecret:         seal(old, "whsec_current", "endpoint:we_1"),
			PreviousSealedSecret: seal(old, "whsec_previous", "endpoint:we_1"), PreviousUntil: &until},
		{ID: "we_2", OwnerID: "usr_1", URL: "https://b", Events: []string{"extraction.failed"}, CreatedAt: now,
			SealedSecret: seal(box(newKey), "whsec_new", "endpoint:we_2")},
	} {
		if err := putEndpoint(ctx, db, e); err != nil {
			t.Fatal(err)
		}
	}
	repo := NewSealedSecretRepo(db, db.API.(ScanAPI))

	report, err := webhook.Reseal(ctx, repo, box(newKey+"\n"+oldKey))
	if err != nil || report != (webhook.ResealReport{Resealed: 4, Current: 1}) {
		t.Fatalf("Reseal after the rotation = %+v, %v; want 4 resealed (webhook, change, current, previous), 1 current",
			report, err)
	}
	report, err = webhook.Reseal(ctx, repo, box(newKey))
	if err != nil || report != (webhook.ResealReport{Current: 5}) {
		t.Fatalf("Reseal under the new line alone = %+v, %v; want all 5 current", report, err)
	}
	c, err := hooks.PartnerConfig(ctx, "prt_1")
	if got, _ := box(newKey).Open(c.SealedSecret, "partner:prt_1"); err != nil || string(got) != "partner-secret" {
		t.Errorf("the partner's secret under the new key = %q, %v", got, err)
	}
	e, err := hooks.Endpoint(ctx, "usr_1", "we_1")
	cur, _ := box(newKey).Open(e.SealedSecret, "endpoint:we_1")
	prev, _ := box(newKey).Open(e.PreviousSealedSecret, "endpoint:we_1")
	if err != nil || string(cur) != "whsec_current" || string(prev) != "whsec_previous" || e.URL != "https://a" ||
		e.PreviousUntil == nil {
		t.Errorf("the endpoint after the re-seal = %+v (%q, %q), %v", e, cur, prev, err)
	}

	// A secret replaced between the scan and the write is left to its new value.
	var stale webhook.SealedSecret
	_ = repo.EachSealedSecret(ctx, func(s webhook.SealedSecret) error {
		if s.Of == webhook.SecretOfEndpoint && s.ID == "we_2" {
			stale = s
		}
		return nil
	})
	stale.Sealed = "not what is stored"
	if err := repo.ReplaceSealed(ctx, stale, "x"); fault.As(err).Kind != fault.Conflict {
		t.Errorf("ReplaceSealed over a changed secret = %v, want Conflict", err)
	}
}
