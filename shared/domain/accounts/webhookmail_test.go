package accounts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A change to a partner's webhook is mailed to its back-office address: when, by what, the URL now
// in force, whether the secret changed, and never the secret itself. A partner with no address is
// not mailed; an unknown partner is NotFound.
func TestPartnerWebhookChanged(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	p, _, err := svc.CreatePartner(ctx, "Assur Plus", 0)
	if err != nil {
		t.Fatal(err)
	}
	silent, _, err := svc.CreatePartner(ctx, "No Contact", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetPartnerContact(ctx, p.ID, "claims@assur.example"); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 13, 30, 0, 0, time.FixedZone("WAT", 3600))
	const sealed = "c2VhbGVkIHNlY3JldA"
	for _, tt := range []struct {
		name   string
		change webhook.PartnerChange
		says   []string
	}{
		{"by a key, secret changed", webhook.PartnerChange{At: at, Author: webhook.Author{Role: webhook.PartnerRole,
			KeyID: "key_abc"},
			Config: webhook.PartnerConfig{URL: "https://hooks.assur.example/v2", SealedSecret: sealed,
				URLBy: webhook.KeyBinding{KeyID: "key_abc"}, SecretBy: webhook.KeyBinding{KeyID: "key_abc"}},
			SecretChanged: true},
			[]string{"Assur Plus", "2026-03-01T12:30:00Z", "the API key key_abc", "revoking the key restores",
				"URL: https://hooks.assur.example/v2", "Secret: changed"}},
		{"by a login, removed", webhook.PartnerChange{At: at, Author: webhook.Author{Role: webhook.PartnerRole,
			UserID: "usr_1"}},
			[]string{"a back-office login", "URL: (none)", "Secret: unchanged"}},
		{"by a login, the secret only, over a key's URL", webhook.PartnerChange{At: at,
			Author: webhook.Author{Role: webhook.PartnerRole, UserID: "usr_1"},
			Config: webhook.PartnerConfig{URL: "https://attacker.example/hook", SealedSecret: sealed,
				URLBy: webhook.KeyBinding{KeyID: "key_abc"}}, SecretChanged: true},
			[]string{"a back-office login", "URL: https://attacker.example/hook (set by the API key key_abc: it ends",
				"Secret: changed"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mailer.sent = nil
			if err := svc.PartnerWebhookChanged(ctx, p.ID, tt.change); err != nil {
				t.Fatal(err)
			}
			if len(mailer.sent) != 1 || mailer.sent[0].To != "claims@assur.example" {
				t.Fatalf("mails %+v, want one to the partner's contact", mailer.sent)
			}
			text := mailer.sent[0].Text
			for _, s := range tt.says {
				if !strings.Contains(text, s) {
					t.Errorf("the mail does not say %q:\n%s", s, text)
				}
			}
			if strings.Contains(text, sealed) {
				t.Errorf("the mail shows the sealed secret:\n%s", text)
			}
		})
	}
	mailer.sent = nil
	if err := svc.PartnerWebhookChanged(ctx, silent.ID, webhook.PartnerChange{At: at}); err != nil ||
		len(mailer.sent) != 0 {
		t.Errorf("a partner without contact: %v, %d mails; want nil and none", err, len(mailer.sent))
	}
	if err := svc.PartnerWebhookChanged(ctx, "prt_unknown", webhook.PartnerChange{At: at}); !fault.Is(
		err,
		fault.NotFound,
	) ||
		len(mailer.sent) != 0 {
		t.Errorf("an unknown partner: %v, want NotFound and no mail", err)
	}
}
