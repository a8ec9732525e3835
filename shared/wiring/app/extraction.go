package app

import (
	"context"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/adapters/blobstore"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/adapters/queue"
	textractengine "github.com/trustline/platform/shared/adapters/textract"
	"github.com/trustline/platform/shared/api/extractionapi"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/domain/verification"
	"github.com/trustline/platform/shared/foundation/metrics"
	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/ocr/tesseract"
)

// extractionsFor builds the extraction service on d's clients; reader may be nil where nothing is
// read (intake, the sweep).
func extractionsFor(d deps, reader extraction.Reader) (*extraction.Service, queue.Queue, error) {
	hooks, err := webhooks(d)
	if err != nil {
		return nil, queue.Queue{}, err
	}
	jobs := queue.Queue{API: d.aws.SQS, URL: d.cfg.ExtractionQueueURL, Now: d.now}
	repo := dynamo.NewExtractionRepo(d.store)
	return &extraction.Service{
		Store:     repo,
		Lists:     repo,
		Blobs:     blobstore.Store{API: d.aws.S3, Bucket: d.cfg.DocumentsBucket},
		Jobs:      jobs,
		Events:    hooks.service,
		Reader:    reader,
		Alarms:    metrics.EMF{Stage: d.cfg.Stage, Out: os.Stdout},
		Handoffs:  handoffsFor(d),
		Uploads:   uploadsFor(d),
		TestQuota: testQuota(d),
		Refusals:  refusalBound(d),
		Price:     d.cfg.CreditPrices["extraction"],
		// A verification reads its document, checks its selfie's liveness and matches its face.
		VerificationPrice: d.cfg.CreditPrices["verification"],
		MaxBytes:          d.cfg.MaxDocumentBytes,
		MaxPixels:         d.cfg.MaxImagePixels,
		Retention:         d.cfg.ResultRetention,
		MaxAttempts:       d.cfg.ExtractionMaxAttempts,
		Now:               d.now,
	}, jobs, nil
}

// Extraction serves document intake and extraction status.
func Extraction(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "extraction", getenv)
	if err != nil {
		return nil, err
	}
	svc, _, err := extractionsFor(d, nil)
	if err != nil {
		return nil, err
	}
	api := extractionapi.API{
		Extractions: svc,
		Uploads:     uploadsFor(d),
		Guard:       newGuard(d),
		Idempotency: idempotencyOf(d),
	}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}

// ExtractionWorker reads documents, one job per message, with the configured OCR engine.
func ExtractionWorker(ctx context.Context, getenv Getenv) (queue.BatchHandler, error) {
	d, err := loadAWS(ctx, "extraction-worker", getenv)
	if err != nil {
		return nil, err
	}
	// Two engines: the MRZ's and the printed zone's. Textract reads both; Tesseract needs a model
	// for each (the MRZ's OCR-B alphabet, and every Latin script's letters with their accents).
	var engine, printedEngine ocr.Engine
	switch d.cfg.OCREngine {
	case "textract":
		engine = textractengine.Engine{API: d.aws.Textract}
		printedEngine = engine
	default:
		if engine, err = tesseract.New(d.cfg.ModelsDir); err != nil {
			return nil, err
		}
		if printedEngine, err = tesseract.NewPrinted(d.cfg.TessdataDir); err != nil {
			return nil, err
		}
	}
	// YuNet alone (about 100 KB of int8 weights, milliseconds to load): the portrait's box.
	portraits, err := facematch.LoadDetector(d.cfg.ModelsDir)
	if err != nil {
		return nil, err
	}
	svc, jobs, err := extractionsFor(
		d,
		extraction.MRZReader{
			Engine: engine, Printed: printedEngine, MaxPixels: d.cfg.MaxImagePixels, Portraits: portraits,
		},
	)
	if err != nil {
		return nil, err
	}
	// A verification's selfie: the models load on the first verification, not at the cold start
	// every extraction pays.
	svc.Verifier = verification.Verifier{
		Liveness: liveness.NewLazy(d.cfg.ModelsDir, liveness.WithThreshold(d.cfg.LivenessThreshold),
			liveness.WithMaxPixels(d.cfg.MaxImagePixels)),
		FaceMatch: facematch.NewLazy(d.cfg.ModelsDir, facematch.WithMaxPixels(d.cfg.MaxImagePixels)),
		Reuse:     dynamo.NewReuseRepo(d.store),
		Key:       d.cfg.ReuseIndexKey,
	}
	return queue.Batch(d.log, 2, jobs, func(ctx context.Context, m events.SQSMessage) error {
		job, err := extraction.ParseJob(m.Body)
		if err != nil {
			return err
		}
		return svc.Process(ctx, job.ExtractionID)
	}), nil
}

// refusalBound is the bound on each owner's refused and refunded decodings, on the rate counters.
func refusalBound(d deps) refusals.Bound {
	return refusals.Bound{Counter: dynamo.NewRateRepo(d.store), PerHour: refusals.DefaultPerHour, Now: d.now}
}
