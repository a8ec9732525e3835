package app

import (
	"context"
	"net/http"

	platform "github.com/trustline/platform"

	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/api/referenceapi"
)

// Reference serves the reference lists of the partner API.
func Reference(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "reference", getenv)
	if err != nil {
		return nil, err
	}
	doc, err := referenceapi.OpenAPIJSON(platform.PartnerOpenAPI)
	if err != nil {
		return nil, err
	}
	api := referenceapi.API{Store: dynamo.NewReferenceRepo(d.store), Guard: newGuard(d), OpenAPI: doc}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}
