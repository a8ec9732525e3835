package verification

import (
	"errors"
	"fmt"

	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
)

// live: the selfie's face is live (liveness.Result.IsLive, at the liveness service's threshold).
func (r *run) live() outcome {
	if !r.in.Selfie {
		return notApplicable("no selfie was given")
	}
	res, err := r.in.Liveness, r.in.LivenessErr
	switch {
	case err != nil:
		return inconclusive(selfieTrouble(err))
	case res == nil:
		return inconclusive("the selfie's liveness was not assessed")
	case !res.IsLive:
		return fail(fmt.Sprintf("the face scores as a spoof: confidence %.2f that it is live", res.Confidence))
	}
	return pass(fmt.Sprintf("live: confidence %.2f", res.Confidence))
}

// samePerson: the selfie's face is the document portrait's (facematch.Result.IsMatch, at the
// comparison's threshold).
func (r *run) samePerson() outcome {
	if !r.in.Selfie {
		return notApplicable("no selfie was given")
	}
	res, err := r.in.FaceMatch, r.in.FaceMatchErr
	switch {
	case err != nil:
		var ie *facematch.ImageError
		if errors.As(err, &ie) && ie.Image == facematch.ImageDocument {
			return inconclusive("the document's page: " + imageTrouble(err))
		}
		return inconclusive(selfieTrouble(err))
	case res == nil:
		return inconclusive("the selfie was not compared with the document")
	case !res.IsMatch:
		return fail(fmt.Sprintf("similarity %.3f, under %.3f: not the portrait's face", res.Similarity, res.Threshold))
	}
	return pass(fmt.Sprintf("similarity %.3f, at least %.3f", res.Similarity, res.Threshold))
}

// selfieTrouble says what was wrong with the selfie, in the liveness and face match packages'
// terms, without the error's text (which may hold internals).
func selfieTrouble(err error) string { return "the selfie: " + imageTrouble(err) }

func imageTrouble(err error) string {
	switch {
	case errors.Is(err, liveness.ErrNoFace), errors.Is(err, facematch.ErrNoFace):
		return "no face was found"
	case errors.Is(err, liveness.ErrMultipleFaces), errors.Is(err, facematch.ErrMultipleFaces):
		return "more than one face"
	case errors.Is(err, liveness.ErrUnsupported), errors.Is(err, liveness.ErrCorrupt):
		return "not a readable JPEG, PNG or WebP image"
	case errors.Is(err, liveness.ErrTooLarge):
		return "an image over the pixel limit"
	}
	return "could not be assessed"
}
