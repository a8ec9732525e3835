package main

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/domain/verification"
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
	page, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	photo, err := jpeg.Decode(bytes.NewReader(photoJPEG))
	if err != nil {
		b.Fatal(err)
	}
	out := image.NewRGBA(page.Bounds())
	draw.Draw(out, out.Bounds(), page, image.Point{}, draw.Src)
	pb := photo.Bounds()
	xdraw.CatmullRom.Scale(out, image.Rect(46, 104, 346, 104+300*pb.Dy()/pb.Dx()), photo, pb, draw.Src, nil)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
