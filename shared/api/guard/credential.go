package guard

import (
	"net/http"
	"strings"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// ReadCredential reads X-API-Key and Authorization: Bearer. A Bearer token with a key prefix is an
// API key, anything else a JWT. Two different API keys, a malformed Authorization header or no
// credential at all are Unauthorized. Errors never contain the credential.
func ReadCredential(h http.Header) (access.Credential, error) {
	var c access.Credential
	keys := h.Values("X-Api-Key")
	if len(keys) > 1 {
		return c, fault.New(fault.Unauthorized, "Send one X-API-Key header.")
	}
	if len(keys) == 1 {
		c.APIKey = strings.TrimSpace(keys[0])
		if c.APIKey == "" {
			return c, fault.New(fault.Unauthorized, "The X-API-Key header is empty.")
		}
	}
	auths := h.Values("Authorization")
	if len(auths) > 1 {
		return c, fault.New(fault.Unauthorized, "Send one Authorization header.")
	}
	if len(auths) == 1 {
		scheme, token, ok := strings.Cut(strings.TrimSpace(auths[0]), " ")
		token = strings.TrimSpace(token)
		if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || strings.ContainsAny(token, " \t") {
			return c, fault.New(fault.Unauthorized, "The Authorization header must be 'Bearer <token>'.")
		}
		switch {
		case !access.IsKey(token):
			c.JWT = token
		case c.APIKey != "" && c.APIKey != token:
			return c, fault.New(fault.Unauthorized, "X-API-Key and Authorization carry different API keys.")
		default:
			c.APIKey = token
		}
	}
	if c.APIKey == "" && c.JWT == "" {
		return c, fault.New(fault.Unauthorized, "Authentication is required: send X-API-Key or Authorization: Bearer.")
	}
	return c, nil
}

// Presents reports whether a request carries a credential at all (X-API-Key or Authorization),
// well-formed or not.
func Presents(h http.Header) bool {
	return len(h.Values("X-Api-Key")) > 0 || len(h.Values("Authorization")) > 0
}
