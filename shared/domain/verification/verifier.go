package verification

import (
	"context"
	"errors"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
)

// Verifier decides verifications once their documents are read: it runs the selfie through the
// liveness and face-match models, every check (Run) and the policy's table (Decide). It is the
// extraction service's extraction.Verifier.
type Verifier struct {
	Liveness interface {
		Check(ctx context.Context, data []byte) (liveness.Result, error)
	}
	FaceMatch interface {
		Compare(ctx context.Context, document, selfie []byte) (facematch.Result, error)
	}
	// Reuse finds a document verified before in the same account, by keyed hashes derived from Key
	// (REUSE_INDEX_KEY). Nil: the reuse check is not made.
	Reuse ReuseIndex
	Key   []byte
}

var _ extraction.Verifier = Verifier{}

// Verify implements extraction.Verifier. An error of the models themselves (not loaded, closed,
// the context ended) is returned, for the job to be retried; what a selfie or a page makes the
// models say (no face, two faces, an unreadable image) is evidence the checks weigh.
func (v Verifier) Verify(ctx context.Context, in extraction.VerifyInput) (*extraction.Verdict, error) {
	req := in.Extraction.Verification
	inp := Input{
		Now: in.Now, Document: in.Result, File: in.Document, MinimumAge: req.MinimumAge,
		Selfie: in.Selfie != nil,
		Applicant: Applicant{
			GivenNames: req.Applicant["givenNames"], Surname: req.Applicant["surname"],
			DateOfBirth: req.Applicant["dateOfBirth"], DocumentNumber: req.Applicant["documentNumber"],
			Nationality: req.Applicant["nationality"],
		},
	}
	if in.Result != nil {
		inp.PageWords = in.Result.PageText
	}
	if in.Selfie != nil {
		lr, err := v.Liveness.Check(ctx, in.Selfie)
		switch {
		case err == nil:
			inp.Liveness = &lr
		case selfieProblem(err):
			inp.LivenessErr = err
		default:
			return nil, err
		}
		if undecodable(err) {
			// The face match would decode the same bytes and fail the same way.
			inp.FaceMatchErr = &facematch.ImageError{Image: facematch.ImageSelfie, Err: err}
		} else if fm, err := v.FaceMatch.Compare(ctx, in.Document, in.Selfie); err == nil {
			inp.FaceMatch = &fm
		} else if imageErr := (*facematch.ImageError)(nil); errors.As(err, &imageErr) {
			inp.FaceMatchErr = err
		} else {
			return nil, err
		}
	}
	lookup, key, holder, err := v.lookUp(ctx, in, inp.FaceMatch)
	if err != nil {
		return nil, err
	}
	inp.Reuse = lookup
	checks := Run(inp)
	decision, reasons := Decide(Policy(req.Policy), checks)
	if key != "" {
		// A document first seen: remembered before the verdict is stored, so that a crash between
		// the two leaves it known with its first holder, which the retry finds as itself.
		if err := v.Reuse.Remember(ctx, in.Extraction.OwnerID, key, in.Extraction.ID, holder,
			in.Extraction.ExpiresAt); err != nil {
			return nil, err
		}
	}
	out := &extraction.Verdict{Decision: string(decision), Reasons: reasons,
		Checks: make([]extraction.VerdictCheck, len(checks))}
	if out.Reasons == nil {
		out.Reasons = []string{}
	}
	for i, c := range checks {
		out.Checks[i] = extraction.VerdictCheck{Group: c.Group, Code: c.Code, Result: string(c.Result),
			Detail: c.Detail}
	}
	return out, nil
}

// undecodable reports a liveness error that says the selfie's bytes are no image to read.
func undecodable(err error) bool {
	return errors.Is(err, liveness.ErrUnsupported) || errors.Is(err, liveness.ErrCorrupt) ||
		errors.Is(err, liveness.ErrTooLarge)
}

// selfieProblem reports a liveness error about the selfie itself, rather than the models.
func selfieProblem(err error) bool {
	for _, e := range []error{liveness.ErrNoFace, liveness.ErrMultipleFaces, liveness.ErrUnsupported,
		liveness.ErrCorrupt, liveness.ErrTooLarge} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
