package accountsapi

import (
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// keyView is a key as listed: never the secret, which appears once, in Key, at creation.
type keyView struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Mode        string     `json:"mode,omitempty"`
	Livemode    *bool      `json:"livemode,omitempty"`
	Environment string     `json:"environment,omitempty"`
	Key         string     `json:"key,omitempty"`
	Prefix      string     `json:"prefix"`
	Last4       string     `json:"last4"`
	Display     string     `json:"display"`
	AllowedIPs  []string   `json:"allowedIps"`
	Status      string     `json:"status"`
	CreatedAt   time.Time  `json:"createdAt"`
	LastUsedAt  *time.Time `json:"lastUsedAt"`
	ExpiresAt   *time.Time `json:"expiresAt"`
	RevokedAt   *time.Time `json:"revokedAt"`
}

func viewKey(k access.KeyRecord, now time.Time) keyView {
	v := keyView{ID: k.ID, Name: k.Name, Mode: k.Mode, Environment: k.Stage, Prefix: k.Prefix, Last4: k.Last4,
		Display: access.Display(k.Prefix, k.Last4), AllowedIPs: []string{}, Status: "active", CreatedAt: k.CreatedAt,
		LastUsedAt: k.LastUsedAt, ExpiresAt: k.ExpiresAt, RevokedAt: k.RevokedAt}
	if k.Mode != "" {
		live := k.Mode == access.ModeLive
		v.Livemode = &live
	}
	for _, p := range k.AllowedIPs {
		v.AllowedIPs = append(v.AllowedIPs, p.String())
	}
	switch {
	case k.RevokedAt != nil:
		v.Status = "revoked"
	case k.ExpiresAt != nil && !now.Before(*k.ExpiresAt):
		v.Status = "expired"
	}
	return v
}

func viewKeys(keys []access.KeyRecord) map[string][]keyView {
	now := time.Now()
	views := make([]keyView, 0, len(keys))
	for _, k := range keys {
		views = append(views, viewKey(k, now))
	}
	return map[string][]keyView{"data": views}
}

func (a API) createKey(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	var in struct {
		Name       string     `json:"name" maxLength:"100"`
		Mode       string     `json:"mode" maxLength:"4"`
		AllowedIPs []string   `json:"allowedIps" maxLength:"64" maxItems:"50"`
		ExpiresAt  *time.Time `json:"expiresAt"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	req := accounts.KeyRequest{Name: in.Name, Mode: in.Mode, ExpiresAt: in.ExpiresAt}
	var invalid []string
	for i, s := range in.AllowedIPs {
		prefix, err := parseCIDR(s)
		if err != nil {
			invalid = append(invalid, "allowedIps["+itoa(i)+"]: not an IP address or CIDR block")
			continue
		}
		req.AllowedIPs = append(req.AllowedIPs, prefix)
	}
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The key request is invalid.", InvalidParams: invalid}
	}
	k, err := a.Accounts.CreateUserKey(r.Context(), p.UserID, req)
	if err != nil {
		return err
	}
	writeNewKey(w, k)
	return nil
}

func writeNewKey(w http.ResponseWriter, k accounts.NewKey) {
	v := viewKey(k.Record, time.Now())
	v.Key = k.Secret
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusCreated, v)
}

func parseCIDR(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "/") {
		ip, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, err
		}
		return netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()), nil
	}
	p, err := netip.ParsePrefix(s)
	return p.Masked(), err
}

func (a API) listKeys(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	keys, err := a.Accounts.Keys(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewKeys(keys))
	return nil
}

func (a API) revokeKey(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if err := a.Accounts.RevokeKey(r.Context(), p.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
