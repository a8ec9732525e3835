package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/domain/verification"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// BenchmarkVerification is a verification's processing on one core, as the extraction worker
// runs it: the document read (MRZ and printed zone), the selfie's liveness, the face match and the
// checks, for the ICAO specimen page with a real photo printed on its portrait and that photo as
// the selfie. Beside it, the three pieces alone. Run with -cpu 1:
//
//	go test -run - -bench Verification -cpu 1 ./infra/evalvisual/
func BenchmarkVerification(b *testing.B) {
	r, err := newReaders(modelsDir(), os.Getenv("TESSDATA_DIR"))
	if err != nil {
		b.Skip(err)
	}
	live, err := liveness.Load(modelsDir())
	if err != nil {
		b.Skip(err)
	}
	match, err := facematch.Load(modelsDir())
	if err != nil {
		b.Skip(err)
	}
	selfie, err := os.ReadFile(filepath.Join(modelsDir(), "..", "testdata", "faces", "one-face.jpg"))
	if err != nil {
		b.Skip(err)
	}
	page := portraitPage(b, selfie)
	v := verification.Verifier{Liveness: live, FaceMatch: match}
	e := extraction.Extraction{ID: "ver_bench", Verification: &extraction.VerificationRequest{Policy: "standard"}}
	ctx := context.Background()
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			res, err := r.full.Read(ctx, page, "image/png", "auto")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := v.Verify(ctx, extraction.VerifyInput{Extraction: e, Document: page, Result: &res,
				Selfie: selfie, Now: time.Now()}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.full.Read(ctx, page, "image/png", "auto"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("liveness", func(b *testing.B) {
		for b.Loop() {
			if _, err := live.Check(ctx, selfie); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("facematch", func(b *testing.B) {
		for b.Loop() {
			if _, err := match.Compare(ctx, page, selfie); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// portraitPage is testdata/extraction/icao-td3-clean.png with the photo printed over its grey
// portrait placeholder, as the end-to-end tests make it.
func portraitPage(b *testing.B, photoJPEG []byte) []byte {
	data, err := os.ReadFile("../../testdata/extraction/icao-td3-clean.png")
	if err != nil {
		b.Fatal(err)
	}
	page, err := printedtest.OnSpecimen(data, photoJPEG)
	if err != nil {
		b.Fatal(err)
	}
	return page
}
