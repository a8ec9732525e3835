package verification

import (
	"image"
	"image/color"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
)

// Run gives every check once, in the catalogue's order, whatever the input: with nothing at all
// each is inconclusive or not applicable.
func TestRunGivesEveryCheckInOrder(t *testing.T) {
	var want []checkKey
	for _, c := range catalogue {
		want = append(want, c.checkKey)
	}
	for name, in := range map[string]Input{
		"nothing": {},
		"a full verification": {Now: day, Document: passport(), File: extractionFile(t, "icao-td3-tilt.jpg"),
			PageWords: []string{"PASSPORT"}, Applicant: Applicant{Surname: "Dupont"}, MinimumAge: 18,
			Reuse: &ReuseLookup{}, Selfie: true, Liveness: &liveness.Result{IsLive: true, Confidence: 0.9},
			FaceMatch: &facematch.Result{IsMatch: true, Similarity: 0.6, Threshold: 0.363}},
	} {
		t.Run(name, func(t *testing.T) {
			checks := Run(in)
			var got []checkKey
			for _, c := range checks {
				got = append(got, checkKey{c.Group, c.Code})
				if c.Detail == "" {
					t.Errorf("%s/%s has no detail", c.Group, c.Code)
				}
				if name == "nothing" && (c.Result == Pass || c.Result == Fail) {
					t.Errorf("%s/%s %s with no evidence: %q", c.Group, c.Code, c.Result, c.Detail)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("checks %v, want %v", got, want)
			}
			if again := Run(in); !slices.Equal(again, checks) {
				t.Error("a second run differs")
			}
		})
	}
}

// A verification whose every check passes is approved under every policy; the same with the
// applicant's names swapped and spelled with national letters still is.
func TestApprovedVerification(t *testing.T) {
	in := Input{Now: day, Document: passport(), File: extractionFile(t, "icao-td3-tilt.jpg"),
		PageWords: []string{"RÉPUBLIQUE FRANÇAISE", "PASSEPORT"}, MinimumAge: 18, Reuse: &ReuseLookup{},
		Applicant: Applicant{Surname: "Claire Élodie", GivenNames: "Dupont", DateOfBirth: "1988-03-21",
			DocumentNumber: "18C004712", Nationality: "FRA"},
		Selfie: true, Liveness: &liveness.Result{IsLive: true, Confidence: 0.9},
		FaceMatch: &facematch.Result{IsMatch: true, Similarity: 0.6, Threshold: 0.363}}
	for _, c := range Run(in) {
		if c.Result != Pass {
			t.Errorf("%s/%s %s: %q", c.Group, c.Code, c.Result, c.Detail)
		}
	}
	for _, p := range Policies() {
		if d, reasons := Decide(p, Run(in)); d != Approved {
			t.Errorf("%s: %s %q", p, d, reasons)
		}
	}
}

// A phone photo of twelve megapixels is checked in bounded time: the colour is measured on
// blocks, the recapture on tiles.
func TestRunOnALargePhoto(t *testing.T) {
	if testing.Short() {
		t.Skip("a 12-megapixel image")
	}
	img := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	for y := range 3000 {
		for x := range 4000 {
			img.SetRGBA(x, y, color.RGBA{uint8(x / 16), uint8(y / 12), uint8((x + y) / 28), 255})
		}
	}
	start := time.Now()
	checks := Run(Input{Now: day, Document: passport(), Page: img})
	if elapsed := time.Since(start); elapsed > 20*time.Second {
		t.Errorf("%v for a 12-megapixel page", elapsed)
	}
	t.Logf("%d checks of a 12-megapixel page in %v", len(checks), time.Since(start))
}
