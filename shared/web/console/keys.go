package console

import (
	"net/http"
	"net/url"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// A user's API keys, read and made through the SDK's types.

func (c *Console) keys(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showKeys(w, r, s, http.StatusOK)
}

// keysPage is the keys page: the keys, and what the form that creates one offers first.
type keysPage struct {
	Keys []identity.Key
	// TestFirst: the form offers a test key first, in test mode or when the account cannot pay
	// for live calls (with no live credit, a live key's every call answers 402).
	TestFirst   bool
	LiveCredits int
}

// showKeys shows the keys and the form that creates one (a refused form as it was sent).
func (c *Console) showKeys(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var keys identity.KeyList
	if err := c.call(r, s, http.MethodGet, "/v1/api-keys", nil, &keys); err != nil {
		return err
	}
	var live identity.Profile
	if err := c.call(r, s, http.MethodGet, "/v1/users/me?mode=live", nil, &live); err != nil {
		return err
	}
	c.render(w, r, status, "keys", view{Title: "API keys", Session: s, Data: keysPage{
		Keys: keys.Data, TestFirst: !s.Live() || live.Credits <= 0, LiveCredits: live.Credits,
	}})
	return nil
}

func (c *Console) createKey(w http.ResponseWriter, r *http.Request, s *session) error {
	body := identity.KeyRequest{Name: r.PostFormValue("name"), Mode: identity.KeyRequestMode(r.PostFormValue("mode"))}
	if ips := fieldsOf(r.PostFormValue("allowedIps")); len(ips) > 0 {
		body.AllowedIps = &ips
	}
	var err error
	if r.PostFormValue("expiresAt") != "" {
		var at time.Time
		at, err = formDate(r, "expiresAt", "The key request is invalid.")
		body.ExpiresAt = &at
	}
	var key identity.Key
	if err == nil {
		err = c.call(r, s, http.MethodPost, "/v1/api-keys", body, &key)
	}
	if err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showKeys(w, r, s, status)
		}
		return err
	}
	if err := setOnce(w, r, s, "/console/keys", shownOnce{Label: "Key " + key.Name + " created.",
		What: "The key's secret", Value: text(key.Key)}); err != nil {
		return err
	}
	return done(w, r, "/console/keys", "created")
}

// askRevokeKey names the key a revocation would end, and what ends with it.
func (c *Console) askRevokeKey(r *http.Request, s *session) (confirmation, error) {
	var keys identity.KeyList
	if err := c.call(r, s, http.MethodGet, "/v1/api-keys", nil, &keys); err != nil {
		return confirmation{}, err
	}
	for _, k := range keys.Data {
		if k.Id == r.PathValue("id") {
			return confirmation{
				Question: "Revoke the key " + k.Name + " (" + k.Display + ")?",
				Consequence: "Every call made with it answers 401 from now on, and the webhook endpoints it " +
					"created are deleted with it. A revoked key cannot be restored: a new key has a new secret.",
				Button: "Revoke the key " + k.Name,
				Back:   "/console/keys",
			}, nil
		}
	}
	return confirmation{}, &problem{Status: http.StatusNotFound, Title: "Not found",
		Detail: "You have no API key " + r.PathValue("id") + "."}
}

func (c *Console) revokeKey(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodDelete, "/v1/api-keys/"+url.PathEscape(r.PathValue("id")), nil, nil); err != nil {
		return err
	}
	return done(w, r, "/console/keys", "revoked")
}
