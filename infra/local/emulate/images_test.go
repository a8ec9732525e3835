package emulate

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// TestImagesOverTheBoundCostNothing: an image of 16 bits per channel, or over MAX_IMAGE_MEGAPIXELS
// (40), is refused with 413 image_too_large by its header, before any debit, record, stored file
// or queued job, whichever way it comes: inline, in a batch beside a good file, uploaded and named
// by uploadId, through a mobile handoff, or as a selfie.
func TestImagesOverTheBoundCostNothing(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "pixels@example.com")
	cred := key(live)
	grantCredits(t, local, c, jwt, 3)
	deep := imagefiletest.FlatPNG(8000, 8000, imagefiletest.Grey, 16) // 16 bits per channel: 512 MB once decoded
	wide := imagefiletest.FlatPNG(9000, 9000, imagefiletest.Grey, 8)  // 81 megapixels
	good := testdocument(t, "icao-td3-clean.png")

	upload := func(data []byte) string {
		t.Helper()
		r := c.do(
			"POST",
			"/v1/uploads",
			map[string]any{"fileName": "scan.png", "contentType": "image/png", "size": len(data)},
			cred...)
		expect(t, "upload slot", r, 201, "")
		var slot uploadSlot
		r.json(t, &slot)
		putToSlot(t, slot, data)
		return slot.UploadID
	}
	handoff := func(data []byte) string {
		t.Helper()
		s := newSession(t, c, cred...) // the user's own session: consumed with its credential
		expect(t, "phone upload", putFile(c, s, data), 200, "")
		return s.SessionID
	}
	deepUpload, wideUpload := upload(deep), upload(wide)

	for _, tc := range []struct {
		name, path string
		body       any
	}{
		{"16-bit file", "/v1/extract/async", form{formField("documentType", "passport"), formFile("file", "scan.png",
			deep)}},
		{"81-megapixel file", "/v1/extract/async", form{formField("documentType", "passport"), formFile("file",
			"scan.png", wide)}},
		{"one file of a batch", "/v1/batches", form{formField("documentType", "auto"), formFile("file", "a.png", good),
			formFile("file", "b.png", deep)}},
		{"16-bit upload", "/v1/extract/async", map[string]string{"documentType": "passport", "uploadId": deepUpload}},
		{"81-megapixel upload", "/v1/extract/async", map[string]string{"documentType": "passport",
			"uploadId": wideUpload}},
		{"upload in a batch", "/v1/batches", map[string]any{"documents": []map[string]string{{"documentType": "auto",
			"uploadId": wideUpload}}}},
		{"handoff file", "/v1/extract/async", map[string]string{"documentType": "passport",
			"handoffSessionId": handoff(deep)}},
		{"selfie", "/v1/liveness/check", form{formFile("file", "selfie.png", deep)}},
		{"uploaded selfie", "/v1/liveness/check", map[string]string{"uploadId": wideUpload}},
		{"handoff selfie", "/v1/liveness/check", map[string]string{"handoffSessionId": handoff(wide)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := c.do("POST", tc.path, tc.body, cred...)
			expect(t, tc.name, r, 413, "image_too_large")
			if !strings.Contains(r.problem.Detail, "40 megapixels") {
				t.Errorf("detail %q does not name the bound", r.problem.Detail)
			}
		})
	}

	if got := credits(t, c, jwt); got != 3 {
		t.Errorf("credits = %v, want 3: a refused image was charged", got)
	}
	r := c.do("GET", "/v1/billing/credits", nil, cred...)
	expect(t, "ledger", r, 200, "")
	var ledger struct{ Data []struct{ Reason string } }
	r.json(t, &ledger)
	if len(ledger.Data) != 1 {
		t.Errorf("ledger = %s, want the grant alone", r.body)
	}
	// Nothing was stored beside the two uploads: no document file of an extraction.
	stored := rawFiles(t, local, c, jwt)
	for _, k := range stored {
		if !strings.Contains(k, "/upl_") {
			t.Errorf("a refused document was stored: %s", k)
		}
	}
	if n := len(stored); n != 2 {
		t.Errorf("%d files stored, want the 2 uploads", n)
	}
}

// TestImagesTooCostlyToDecodeCostNothing: the two JPEGs of the incident, within the pixel bound (a
// 6300×6300 progressive image that image/jpeg decodes in 584 MB, and one of a thousand scans that
// takes it minutes), are refused at intake with 422 image_too_costly from their markers, whichever
// way they come, before any debit, record or queued job.
func TestImagesTooCostlyToDecodeCostNothing(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "decoding@example.com")
	cred := key(live)
	grantCredits(t, local, c, jwt, 3)
	progressive := imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10) // 234 KB, 597 MB to decode
	scans := imagefiletest.ProgressiveJPEG(6300, 6300, 0x22, 1000)     // 200 KB, 1,000 scans
	good := testdocument(t, "icao-td3-clean.png")
	upload := func(data []byte) string {
		t.Helper()
		r := c.do(
			"POST",
			"/v1/uploads",
			map[string]any{"fileName": "scan.jpg", "contentType": "image/jpeg", "size": len(data)},
			cred...)
		expect(t, "upload slot", r, 201, "")
		var slot uploadSlot
		r.json(t, &slot)
		putToSlot(t, slot, data)
		return slot.UploadID
	}
	scansUpload := upload(scans)

	for _, tc := range []struct {
		name, path, detail string
		body               any
	}{
		{"progressive file", "/v1/extract/async", "597 MB", form{formField("documentType", "passport"), formFile("file",
			"scan.jpg", progressive)}},
		{"1,000 scans in a batch", "/v1/batches", "1000 scans", form{formField("documentType", "auto"), formFile("file",
			"a.png", good), formFile("file", "b.jpg", scans)}},
		{"1,000 scans uploaded", "/v1/extract/async", "1000 scans", map[string]string{"documentType": "passport",
			"uploadId": scansUpload}},
		{"progressive selfie", "/v1/liveness/check", "597 MB", form{formFile("file", "selfie.jpg", progressive)}},
		{"uploaded selfie of 1,000 scans", "/v1/liveness/check", "1000 scans",
			map[string]string{"uploadId": scansUpload}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := c.do("POST", tc.path, tc.body, cred...)
			expect(t, tc.name, r, 422, "image_too_costly")
			if !strings.Contains(r.problem.Detail, tc.detail) {
				t.Errorf("detail %q does not say %q", r.problem.Detail, tc.detail)
			}
		})
	}
	if got := credits(t, c, jwt); got != 3 {
		t.Errorf("credits = %v, want 3: a refused image was charged", got)
	}
	if n := len(rawFiles(t, local, c, jwt)); n != 1 {
		t.Errorf("%d files stored, want the upload alone: a refused document was stored", n)
	}
}

// rawFiles are the keys of the document files the stack holds for the user of jwt (raw/<user id>/).
func rawFiles(t *testing.T, local *Local, c client, jwt string) []string {
	t.Helper()
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	getenv, err := local.Getenv("ExtractionFunction")
	if err != nil {
		t.Fatal(err)
	}
	objects, err := awstest.Clients(t).S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
		Bucket: aws.String(getenv("DOCUMENTS_BUCKET")), Prefix: aws.String("raw/" + me.ID + "/")})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(objects.Contents))
	for _, o := range objects.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}
