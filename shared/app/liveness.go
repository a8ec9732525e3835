package app

import (
	"context"
	"net/http"

	"github.com/trustline/platform/shared/blobstore"
	"github.com/trustline/platform/shared/dynamo"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/liveness"
	"github.com/trustline/platform/shared/livenessapi"
)

// Liveness serves the selfie liveness check. Its models are loaded and prepared once per cold
// start.
func Liveness(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "liveness", getenv)
	if err != nil {
		return nil, err
	}
	models, err := liveness.Load(d.cfg.ModelsDir, liveness.WithThreshold(d.cfg.LivenessThreshold), liveness.WithMaxPixels(d.cfg.MaxImagePixels))
	if err != nil {
		return nil, err
	}
	svc := &liveness.Service{Checker: models, Credits: dynamo.NewLedgerRepo(d.store), Files: blobstore.Store{API: d.aws.S3, Bucket: d.cfg.DocumentsBucket},
		Uploads: uploadsFor(d), Handoffs: handoffsFor(d), TestQuota: testQuota(d), Price: d.cfg.CreditPrices["liveness"], MaxPixels: d.cfg.MaxImagePixels}
	api := livenessapi.API{Liveness: svc, Auth: authenticator(d)}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}
