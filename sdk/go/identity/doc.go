// Package identity is a client of the identity API (/v1): document extraction, liveness, mobile
// handoff, API keys, webhooks and billing.
//
// identity.gen.go is generated from openapi/identity.yaml by oapi-codegen (the version pinned
// below) and holds a method per operation and a type per schema; the other files are written by
// hand for what generation cannot give: authentication (New), waiting for an extraction
// (WaitForExtraction), following list cursors (AllExtractions and the other All methods) and the
// problems the API answers (APIError).
package identity

//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2 -config oapi-codegen.yaml ../../../openapi/identity.yaml
