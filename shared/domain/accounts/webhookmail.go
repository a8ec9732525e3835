package accounts

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/logs"
)

// PartnerWebhookChanged mails a partner's back office that its webhook changed: when, by whom (a
// key by its id, or a login) and the URL now in force; never the secret. A partner without a
// back-office address is logged, not mailed.
func (s *Service) PartnerWebhookChanged(ctx context.Context, partnerID string, c webhook.PartnerChange) error {
	p, err := s.Store.Partner(ctx, partnerID)
	if err != nil {
		return err
	}
	if p.Contact == "" {
		logs.From(ctx).
			WarnContext(ctx, "partner webhook changed; the partner has no back-office address to tell", "partnerId",
				partnerID)
		return nil
	}
	by := "a back-office login"
	if c.Author.KeyID != "" {
		by = fmt.Sprintf(
			"the API key %s (it lasts only as long as that key: revoking the key restores the configuration before it)",
			c.Author.KeyID,
		)
	}
	secret := "unchanged"
	if c.SecretChanged {
		secret = "changed"
	}
	url := orNone(c.Config.URL)
	if k := c.Config.URLBy.KeyID; k != "" && k != c.Author.KeyID && c.Config.URL != "" {
		url += fmt.Sprintf(" (set by the API key %s: it ends with that key unless you set it again)", k)
	}
	text := fmt.Sprintf("The webhook of %s changed at %s, made by %s.\n\nURL: %s\nSecret: %s\n\n"+
		"If you did not make this change, revoke that key and sign in to check your webhook: "+
		"GET /api/v1/partners/me/webhook/changes lists every change.\n", p.Name, c.At.UTC().Format(time.RFC3339), by,
		url, secret)
	return s.Mailer.Send(ctx, Mail{To: p.Contact, Subject: "Your webhook configuration changed", Text: text})
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
