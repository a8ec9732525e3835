// Package webhookapi provides the HTTP endpoints of webhooks: the partner's webhook configuration
// and delivery history (/api/v1/partners/...), and the identity API's webhook endpoints (/v1/webhooks).
package webhookapi

import (
	"context"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/webhook"
)

// API serves the webhook endpoints.
type API struct {
	Webhooks *webhook.Service
	// Deliveries sends deliveries again (redeliver, recover).
	Deliveries  *webhook.Engine
	Store       webhook.Store
	Guard       *guard.Guard
	Idempotency guard.Idempotency
	Partners    Partners
}

// Partners finds partner accounts.
type Partners interface {
	// Partner returns the partner with id; NotFound when there is none.
	Partner(ctx context.Context, id string) (accounts.Partner, error)
}

// PartnerRoutes are the partner webhook endpoints.
func (a API) PartnerRoutes() []httpapi.Route {
	patchNamed := a.knownPartner(a.Idempotency.Wrap(a.patchPartner(guard.PartnerInPath)))
	recoverOwn := a.Guard.PerOwner("webhook-recover", recoveriesPerMinute, a.Idempotency.Wrap(a.recoverPartner))
	return []httpapi.Route{
		{
			Pattern: "GET /api/v1/partners/me/webhook",
			Handler: a.Guard.Require(adminsPatch, a.getPartner(guard.OwnPartner)),
		},
		{
			Pattern: "PATCH /api/v1/partners/me/webhook",
			Handler: a.Guard.Require(adminsPatch, a.Idempotency.Wrap(a.patchPartner(guard.OwnPartner))),
		},
		{
			Pattern: "PATCH /api/v1/partners/{partnerId}/webhook",
			Handler: a.Guard.Require(partnersPatch, patchNamed),
		},
		{
			Pattern: "GET /api/v1/partners/me/webhook/changes",
			Handler: a.Guard.Require(access.Partners, a.partnerChanges),
		},
		{
			Pattern: "GET /api/v1/partners/me/webhook/deliveries",
			Handler: a.Guard.Require(access.Partners, a.partnerDeliveries),
		},
		{
			Pattern: "POST /api/v1/partners/me/webhook/deliveries/{deliveryId}/redeliver",
			Handler: a.Guard.Require(access.Partners, a.Idempotency.Wrap(a.redeliver)),
		},
		{Pattern: "POST /api/v1/partners/me/webhook/recover", Handler: a.Guard.Require(access.Partners, recoverOwn)},
	}
}

// adminsPatch sends an administrator on a partner's own webhook route to the route that names the
// partner.
var adminsPatch = access.PartnersInsteadOf("PATCH /api/v1/partners/{partnerId}/webhook")

// partnersPatch sends a partner on the administrators' webhook route, its own id in the path or
// another's, to its own route.
var partnersPatch = access.AdminsInsteadOf("PATCH /api/v1/partners/me/webhook")

// testsPerMinute is how many test events one user may send in a minute: each is an outbound request
// to a URL of the caller's choosing.
const testsPerMinute = 5

// recoveriesPerMinute and recoverBatch bound a recovery: each call re-queues at most recoverBatch
// failed deliveries (within one request's time; hasMore tells the caller to call again), and an
// owner makes at most recoveriesPerMinute calls, so recovery cannot turn into a flood of
// outbound requests or of table writes.
const (
	recoveriesPerMinute = 10
	recoverBatch        = 200
)

// redeliveriesPerMinute is how many single deliveries one user may send again in a minute: each is
// an outbound request (and its retries) to a URL of the caller's choosing, so, like test events,
// they are bounded; a console's clicks stay far below it, and recovery covers the bulk case.
const redeliveriesPerMinute = 30

// IdentityRoutes are the identity API webhook endpoints. An API key sees and manages only the
// endpoints of its own mode (test or live), as if the others did not exist; a login session sees all.
func (a API) IdentityRoutes() []httpapi.Route {
	test := a.Guard.PerOwner("webhook-test", testsPerMinute, a.test)
	recoverFailed := a.Guard.PerOwner("webhook-recover", recoveriesPerMinute, a.recoverEndpoint)
	redeliver := a.Guard.PerOwner("webhook-redeliver", redeliveriesPerMinute, a.redeliverEndpoint)
	return []httpapi.Route{
		{Pattern: "POST /v1/webhooks", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.createEndpoint))},
		{Pattern: "GET /v1/webhooks", Handler: a.Guard.Require(access.Users, a.listEndpoints)},
		{Pattern: "DELETE /v1/webhooks/{id}", Handler: a.Guard.Require(access.Users, a.deleteEndpoint)},
		{Pattern: "POST /v1/webhooks/{id}/rotate-secret", Handler: a.Guard.Require(access.Users, a.rotateSecret)},
		{Pattern: "POST /v1/webhooks/{id}/test", Handler: a.Guard.Require(access.Users, test)},
		{Pattern: "GET /v1/webhooks/{id}/deliveries", Handler: a.Guard.Require(access.Users, a.endpointDeliveries)},
		{Pattern: "POST /v1/webhooks/{id}/recover", Handler: a.Guard.Require(access.Users, recoverFailed)},
		{
			Pattern: "POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
			Handler: a.Guard.Require(access.Users, redeliver),
		},
	}
}
