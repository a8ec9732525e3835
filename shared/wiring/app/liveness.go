package app

import (
	"context"
	"net/http"

	"github.com/trustline/platform/shared/adapters/blobstore"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/api/livenessapi"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
)

// Liveness serves the selfie liveness check. Its models are loaded and prepared once per cold
// start.
func Liveness(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "liveness", getenv)
	if err != nil {
		return nil, err
	}
	models, err := liveness.Load(d.cfg.ModelsDir, liveness.WithThreshold(d.cfg.LivenessThreshold),
		liveness.WithMaxPixels(d.cfg.MaxImagePixels))
	if err != nil {
		return nil, err
	}
	svc := &liveness.Service{
		Checker:   models,
		Credits:   dynamo.NewLedgerRepo(d.store),
		Files:     blobstore.Store{API: d.aws.S3, Bucket: d.cfg.DocumentsBucket},
		Uploads:   uploadsFor(d),
		Handoffs:  handoffsFor(d),
		TestQuota: testQuota(d),
		Refusals:  refusalBound(d),
		Price:     d.cfg.CreditPrices["liveness"],
		MaxPixels: d.cfg.MaxImagePixels,
	}
	// The face-match models load on the first match, not at the cold start every check pays.
	matcher := facematch.NewLazy(d.cfg.ModelsDir, facematch.WithMaxPixels(d.cfg.MaxImagePixels))
	pages := facematch.ExtractionPages{
		Extractions: &extraction.Service{Store: dynamo.NewExtractionRepo(d.store), Now: d.now},
		Files:       svc.Files,
	}
	fm := &facematch.Service{Liveness: svc, Matcher: matcher, Documents: pages, Price: d.cfg.CreditPrices["face_match"]}
	checks := &liveness.Checks{
		Records:   dynamo.NewLivenessRepo(d.store),
		Credits:   svc.Credits,
		Retention: d.cfg.ResultRetention,
		Now:       d.now,
	}
	api := livenessapi.API{Liveness: svc, FaceMatch: fm, Checks: checks, Guard: newGuard(d),
		Idempotency: idempotencyOf(d)}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}
