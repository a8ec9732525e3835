package app

import (
	"github.com/trustline/platform/shared/adapters/blobstore"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/domain/uploads"
)

// uploadsFor builds the upload slots on d's clients: what the extraction and liveness functions
// share, without the extraction service and its webhook publisher.
func uploadsFor(d deps) *uploads.Service {
	return &uploads.Service{
		Store:      dynamo.NewUploadRepo(d.store),
		Blobs:      blobstore.Store{API: d.aws.S3, Bucket: d.cfg.DocumentsBucket},
		MaxBytes:   d.cfg.MaxDocumentBytes,
		TTL:        d.cfg.UploadURLTTL,
		TestQuota:  testQuota(d),
		Storage:    dynamo.NewRateRepo(d.store),
		DailyBytes: d.cfg.UploadDailyBytes,
		Now:        d.now,
	}
}
