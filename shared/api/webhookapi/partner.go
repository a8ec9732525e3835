package webhookapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

func (a API) getPartner(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		v, err := a.Webhooks.PartnerWebhook(r.Context(), which(r, p))
		if err != nil {
			return err
		}
		httpapi.WriteJSON(w, http.StatusOK, v)
		return nil
	}
}

// knownPartner answers 404 for a {partnerId} that names no partner, before anything is written:
// neither the webhook configuration nor the idempotency record of an unknown partner is stored.
func (a API) knownPartner(h guard.HandlerFunc) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		if _, err := a.Partners.Partner(r.Context(), r.PathValue("partnerId")); err != nil {
			return err
		}
		return h(w, r, p)
	}
}

func (a API) patchPartner(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		var in webhook.PartnerUpdate
		if err := httpapi.DecodeJSON(r, &in); err != nil {
			return err
		}
		author := webhook.Author{Role: string(p.Role), KeyID: p.KeyID, KeyExpiresAt: p.KeyExpiresAt}
		if p.Session() {
			author.UserID = p.UserID
		}
		v, err := a.Webhooks.UpdatePartnerWebhook(r.Context(), which(r, p), author, in)
		if err != nil {
			return err
		}
		httpapi.WriteJSON(w, http.StatusOK, v)
		return nil
	}
}

// changeView is one recorded change of a partner's webhook: never the secret.
type changeView struct {
	At            time.Time `json:"at"`
	By            changeBy  `json:"by"`
	WebhookURL    *string   `json:"webhookUrl"`
	SecretChanged bool      `json:"secretChanged"`
	// WebhookURLKeyID is the key the URL belongs to after the change, when a key set it (this
	// change's, or an earlier one's that this change left in place).
	WebhookURLKeyID *string `json:"webhookUrlKeyId"`
}

type changeBy struct {
	Type  string `json:"type"` // key or login
	Role  string `json:"role"`
	KeyID string `json:"keyId,omitempty"`
}

func (a API) partnerChanges(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	changes, next, err := a.Webhooks.PartnerChanges(r.Context(), p.PartnerID, limit, cursor)
	if err != nil {
		return err
	}
	views := make([]changeView, 0, len(changes))
	for _, c := range changes {
		v := changeView{
			At:            c.At,
			By:            changeBy{Type: "login", Role: c.Author.Role, KeyID: c.Author.KeyID},
			SecretChanged: c.SecretChanged,
		}
		if c.Author.KeyID != "" {
			v.By.Type = "key"
		}
		if c.Config.URL != "" {
			v.WebhookURL = &c.Config.URL
			if c.Config.URLBy.KeyID != "" {
				v.WebhookURLKeyID = &c.Config.URLBy.KeyID
			}
		}
		views = append(views, v)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, next)})
	return nil
}
