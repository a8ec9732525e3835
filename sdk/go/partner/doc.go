// Package partner is a client of the insurance partner API (/api/v1): contract requests, partner
// webhooks and reference data.
//
// partner.gen.go is generated from openapi/partner.yaml by oapi-codegen (the version pinned below)
// and holds a method per operation and a type per schema; the other files are written by hand for
// what generation cannot give: authentication and a fresh Idempotency-Key for every write that
// takes one (New), following list cursors (AllContractRequests, AllDeliveries) and the problems
// the API answers (APIError).
package partner

//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2 -config oapi-codegen.yaml ../../../openapi/partner.yaml
