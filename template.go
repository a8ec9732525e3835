// Package platform holds the SAM template, embedded so that every reader of routes and resources
// (the local runner, the fallback route, the tests) reads the one file that sam deploy reads.
package platform

import "embed"

// Template is the text of template.yaml.
//
//go:embed template.yaml
var Template []byte

// ReferenceData holds the reference lists of the partner API (testdata/reference), seeded into the
// table by make run and by the maintenance schedule of a deployed stage.
//
//go:embed testdata/reference/*.json
var ReferenceData embed.FS

// PartnerOpenAPI is the OpenAPI document of the partner API, served at /api/v1/openapi.json.
//
//go:embed openapi/partner.yaml
var PartnerOpenAPI []byte

// IdentityOpenAPI is the OpenAPI document of the identity API, served at /v1/openapi.json.
//
//go:embed openapi/identity.yaml
var IdentityOpenAPI []byte
