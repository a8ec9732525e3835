package verification

import (
	"fmt"
	"testing"

	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
)

func TestLive(t *testing.T) {
	selfie := func(r *liveness.Result, err error) Input {
		return Input{Document: passport(), Selfie: true, Liveness: r, LivenessErr: err}
	}
	runCases(t, GroupLiveness, codeLive, []outcomeCase{
		{"live", selfie(&liveness.Result{IsLive: true, Confidence: 0.93}, nil), Pass, "confidence 0.93"},
		{"a spoof", selfie(&liveness.Result{Confidence: 0.12, AttackType: liveness.AttackUnknown}, nil), Fail,
			"scores as a spoof: confidence 0.12"},
		{"no face", selfie(nil, fmt.Errorf("check: %w", liveness.ErrNoFace)), Inconclusive, "the selfie: no face"},
		{"two faces", selfie(nil, liveness.ErrMultipleFaces), Inconclusive, "more than one face"},
		{"not an image", selfie(nil, liveness.ErrUnsupported), Inconclusive, "not a readable"},
		{"not assessed", selfie(nil, nil), Inconclusive, "not assessed"},
		{"no selfie", Input{Document: passport()}, NotApplicable, "no selfie"},
	})
}

func TestSamePerson(t *testing.T) {
	compared := func(r *facematch.Result, err error) Input {
		return Input{Document: passport(), Selfie: true, FaceMatch: r, FaceMatchErr: err}
	}
	runCases(t, GroupFaceMatch, codeSamePerson, []outcomeCase{
		{"a match", compared(&facematch.Result{IsMatch: true, Similarity: 0.61, Threshold: 0.363}, nil), Pass,
			"similarity 0.610, at least 0.363"},
		{"another face", compared(&facematch.Result{Similarity: 0.12, Threshold: 0.363}, nil), Fail,
			"similarity 0.120, under 0.363"},
		{"no face on the selfie", compared(nil, &facematch.ImageError{Image: facematch.ImageSelfie,
			Err: facematch.ErrNoFace}), Inconclusive, "the selfie: no face"},
		{"no face on the page", compared(nil, &facematch.ImageError{Image: facematch.ImageDocument,
			Err: facematch.ErrNoFace}), Inconclusive, "the document's page: no face"},
		{"no selfie", Input{Document: passport()}, NotApplicable, "no selfie"},
	})
}

// Without a selfie the face checks fire nothing: a document alone can be approved.
func TestNoSelfie(t *testing.T) {
	d, reasons := Decide(Strict, Run(Input{Now: day, Document: passport(), File: extractionFile(t, "icao-td3-tilt.jpg"),
		PageWords: []string{"PASSPORT"}, Reuse: &ReuseLookup{}}))
	if d != Approved || len(reasons) != 0 {
		t.Errorf("%s %q", d, reasons)
	}
}
