// Package accountsapi provides the HTTP endpoints of accounts: registration, e-mail verification,
// login, the profile and API keys of the identity API (/v1), and partners with their keys in the
// insurance partner API (/api/v1).
package accountsapi

import (
	"context"
	"net/http"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/testmode"
)

// API serves the account endpoints.
type API struct {
	Accounts    *accounts.Service
	TestQuota   TestUsage // what a test key reads as its balance
	Guard       *guard.Guard
	Idempotency guard.Idempotency // of the routes that make keys and partners
	OpenAPI     []byte            // the identity API's OpenAPI document as JSON, served at /v1/openapi.json
}

// TestUsage reads an account's test-mode allowance of the day (testmode.Quota does).
type TestUsage interface {
	Usage(ctx context.Context, ownerID string) (testmode.Usage, error)
}

// anonymousPerMinute is how many logins or registrations one address may attempt in a minute.
const anonymousPerMinute = 20

// resendsPerMinute is how many verification or password-reset mails one source address may ask for
// in a minute.
const resendsPerMinute = 5

// IdentityRoutes are the /v1 account endpoints.
func (a API) IdentityRoutes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "GET /v1/openapi.json", Handler: a.openapi},
		{Pattern: "POST /v1/auth/register", Handler: a.Guard.Throttle("register", anonymousPerMinute, a.register)},
		{Pattern: "POST /v1/auth/verify-email", Handler: a.verifyEmail},
		{
			Pattern: "POST /v1/auth/resend-verification",
			Handler: a.Guard.Throttle("resend", resendsPerMinute, a.resendVerification),
		},
		{Pattern: "GET /v1/auth/verify-email", Handler: a.verifyEmailLink},
		{Pattern: "POST /v1/auth/login", Handler: a.Guard.Throttle("login", anonymousPerMinute, a.login)},
		{Pattern: "POST /v1/auth/logout", Handler: a.Guard.Require(access.LoginSessions, a.logout)},
		{Pattern: "POST /v1/auth/logout-all", Handler: a.Guard.Require(access.LoginSessions, a.logoutAll)},
		{Pattern: "GET /v1/auth/sessions", Handler: a.Guard.Require(access.LoginSessions, a.sessions)},
		{Pattern: "DELETE /v1/auth/sessions/{id}", Handler: a.Guard.Require(access.LoginSessions, a.deleteSession)},
		{Pattern: "POST /v1/auth/password", Handler: a.Guard.Require(access.LoginSessions, a.changePassword)},
		{
			Pattern: "POST /v1/auth/password/reset-request",
			Handler: a.Guard.Throttle("reset", resendsPerMinute, a.requestReset),
		},
		{
			Pattern: "POST /v1/auth/password/reset",
			Handler: a.Guard.Throttle("reset-confirm", anonymousPerMinute, a.resetPassword),
		},
		{Pattern: "GET /v1/users/me", Handler: a.Guard.Require(access.Users, a.me)},
		{Pattern: "POST /v1/api-keys", Handler: a.Guard.Require(access.UserSessions, a.Idempotency.Wrap(a.createKey))},
		{Pattern: "GET /v1/api-keys", Handler: a.Guard.Require(access.UserSessions, a.listKeys)},
		{Pattern: "DELETE /v1/api-keys/{id}", Handler: a.Guard.Require(access.UserSessions, a.revokeKey)},
		{Pattern: "GET /v1/admin/users", Handler: a.Guard.Require(access.Admins, a.findUsers)},
		{Pattern: "GET /v1/admin/users/{userId}", Handler: a.Guard.Require(access.Admins, a.adminUser)},
		{
			Pattern: "POST /v1/admin/users/{userId}/credits",
			Handler: a.Guard.Require(access.Admins, a.Idempotency.Wrap(a.grantCredits)),
		},
	}
}

// adminsKeys sends an administrator on a partner's own keys route to the route that names the
// partner.
var adminsKeys = access.PartnersInsteadOf("GET /api/v1/admin/partners/{partnerId}/keys")

// PartnerRoutes are the /api/v1 partner account endpoints.
func (a API) PartnerRoutes() []httpapi.Route {
	return []httpapi.Route{
		{
			Pattern: "POST /api/v1/admin/partners",
			Handler: a.Guard.Require(access.Admins, a.Idempotency.Wrap(a.createPartner)),
		},
		{Pattern: "GET /api/v1/admin/partners", Handler: a.Guard.Require(access.Admins, a.listPartners)},
		{Pattern: "GET /api/v1/partners/me", Handler: a.Guard.Require(access.Partners, a.partnerMe)},
		{
			Pattern: "GET /api/v1/partners/me/keys",
			Handler: a.Guard.Require(adminsKeys, a.partnerKeys(guard.OwnPartner)),
		},
		{
			Pattern: "POST /api/v1/partners/me/keys/rotate",
			Handler: a.Guard.Require(access.PartnerSessions, a.Idempotency.Wrap(a.rotate(guard.OwnPartner))),
		},
		{
			Pattern: "DELETE /api/v1/partners/me/keys/{keyId}",
			Handler: a.Guard.Require(access.PartnerSessions, a.revokePartnerKey(guard.OwnPartner)),
		},
		{
			Pattern: "GET /api/v1/admin/partners/{partnerId}/keys",
			Handler: a.Guard.Require(access.Admins, a.partnerKeys(guard.PartnerInPath)),
		},
		{
			Pattern: "POST /api/v1/admin/partners/{partnerId}/keys/rotate",
			Handler: a.Guard.Require(access.Admins, a.Idempotency.Wrap(a.rotate(guard.PartnerInPath))),
		},
		{
			Pattern: "DELETE /api/v1/admin/partners/{partnerId}/keys/{keyId}",
			Handler: a.Guard.Require(access.Admins, a.revokePartnerKey(guard.PartnerInPath)),
		},
	}
}

// openapi serves the document to anyone: it describes the API, not anyone's data.
func (a API) openapi(w http.ResponseWriter, _ *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(a.OpenAPI)
	return nil
}
