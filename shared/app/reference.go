package app

import (
	"context"
	"net/http"

	platform "github.com/trustline/platform"

	"github.com/trustline/platform/shared/awsclient"
	"github.com/trustline/platform/shared/dynamo"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/referenceapi"
)

// Reference serves the reference lists of the partner API.
func Reference(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := load("reference", getenv)
	if err != nil {
		return nil, err
	}
	aws, err := awsclient.New(ctx)
	if err != nil {
		return nil, err
	}
	doc, err := referenceapi.OpenAPIJSON(platform.PartnerOpenAPI)
	if err != nil {
		return nil, err
	}
	store := dynamo.Store{API: aws.DynamoDB, Table: d.cfg.TableName}
	api := referenceapi.API{Store: store, Auth: authenticator(d.cfg, store), OpenAPI: doc}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}
