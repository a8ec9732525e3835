package facematch

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Matcher compares a document's face with a selfie's (Models and Lazy do).
type Matcher interface {
	Compare(ctx context.Context, document, selfie []byte) (Result, error)
}

// Documents reads the page of a completed extraction.
type Documents interface {
	// Page returns the image of the caller's completed extraction: NotFound for an unknown one,
	// another owner's or another mode's; Conflict when it is not completed or its file is gone.
	Page(ctx context.Context, ownerID string, live bool, extractionID string) ([]byte, error)
}

// Document is the page to compare: Data sent inline, or a completed extraction's.
type Document struct {
	Data         []byte
	ExtractionID string
}

// Given reports whether a document was named at all.
func (d Document) Given() bool { return d.Data != nil || d.ExtractionID != "" }

// Matched is a face match's outcome.
type Matched struct {
	ID          string
	Result      Result
	CreditsUsed int
}

// Service runs face matches under the liveness check's charge, quota, sources and bounds (its
// Charge): one way to bill a selfie.
type Service struct {
	Liveness  *liveness.Service
	Matcher   Matcher
	Documents Documents
	Price     int // credits per match; test keys are not charged
}

// Match compares the document's face with the selfie's. Its errors are faults: face_not_found
// (422, extensions.image says which), multiple_faces for the selfie, and the liveness check's.
func (s *Service) Match(ctx context.Context, c liveness.Caller, selfie liveness.Source, doc Document) (Matched, error) {
	page, err := s.page(ctx, c, doc)
	if err != nil {
		return Matched{}, err
	}
	var res Result
	id, charged, err := s.Liveness.Charge(
		ctx,
		c,
		selfie,
		liveness.Job{Prefix: "fm_", Reason: credits.ReasonFaceMatch, Price: s.Price, Images: [][]byte{page},
			Run: func(ctx context.Context, data []byte) error {
				var err error
				res, err = s.Matcher.Compare(ctx, page, data)
				return s.problem(err)
			}},
	)
	if err != nil {
		return Matched{}, err
	}
	return Matched{ID: id, Result: res, CreditsUsed: charged}, nil
}

// CheckAndMatch is the liveness check with a face match beside it, in the check's one charge.
func (s *Service) CheckAndMatch(
	ctx context.Context,
	c liveness.Caller,
	selfie liveness.Source,
	doc Document,
) (liveness.Checked, Result, error) {
	page, err := s.page(ctx, c, doc)
	if err != nil {
		return liveness.Checked{}, Result{}, err
	}
	var live liveness.Result
	var res Result
	id, charged, err := s.Liveness.Charge(
		ctx,
		c,
		selfie,
		liveness.Job{Prefix: "lv_", Reason: credits.ReasonLiveness, Price: s.Liveness.Price, Images: [][]byte{page},
			Run: func(ctx context.Context, data []byte) error {
				var err error
				if live, err = s.Liveness.Checker.Check(ctx, data); err != nil {
					return s.Liveness.Problem(err)
				}
				res, err = s.Matcher.Compare(ctx, page, data)
				return s.problem(err)
			}},
	)
	if err != nil {
		return liveness.Checked{}, Result{}, err
	}
	return liveness.Checked{ID: id, Result: live, CreditsUsed: charged}, res, nil
}

// page reads the document: sent inline, or a completed extraction's (before anything is charged).
func (s *Service) page(ctx context.Context, c liveness.Caller, doc Document) ([]byte, error) {
	switch {
	case (doc.Data != nil) == (doc.ExtractionID != ""):
		return nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "Send the document as a file or name a completed extraction.",
			InvalidParams: []string{"document: send exactly one of document or extractionId"},
		}
	case doc.Data != nil:
		if len(doc.Data) > liveness.MaxSelfie {
			return nil, fault.New(fault.TooLarge, "The document image is over 10 MB.")
		}
		return doc.Data, nil
	}
	return s.Documents.Page(ctx, c.UserID, c.Live, doc.ExtractionID)
}

// problem turns Compare's errors into what the caller can act on: which image had no face, or
// the liveness check's problems for images that cannot be read.
func (s *Service) problem(err error) error {
	var ie *ImageError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNoFace) && errors.As(err, &ie):
		detail := "No face was found on the document: send the page with its portrait, upright and in focus."
		if ie.Image == ImageSelfie {
			detail = "No face was found on the selfie: take it again, face to the camera, in good light."
		}
		return &fault.Error{
			Kind:       fault.Invalid,
			Code:       "face_not_found",
			Detail:     detail,
			Extensions: map[string]any{"image": ie.Image},
		}
	case errors.Is(err, ErrMultipleFaces):
		return &fault.Error{
			Kind:       fault.Invalid,
			Code:       "multiple_faces",
			Detail:     "More than one face was found: the selfie must show one person.",
			Extensions: map[string]any{"image": ImageSelfie},
		}
	}
	return s.Liveness.Problem(err)
}

// Lazy is Models loaded on first use, so that the functions serving face matches do not pay
// SFace's load (its 6.4 million int8 weights dequantised) at every cold start.
type Lazy struct {
	dir  string
	opts []Option
	once sync.Once
	m    *Models
	err  error
}

// NewLazy returns models to be loaded from modelsDir when first used.
func NewLazy(modelsDir string, opts ...Option) *Lazy { return &Lazy{dir: modelsDir, opts: opts} }

func (l *Lazy) load() (*Models, error) {
	l.once.Do(func() { l.m, l.err = Load(l.dir, l.opts...) })
	if l.err != nil {
		return nil, fmt.Errorf("facematch: %w", l.err)
	}
	return l.m, nil
}

// Compare is Models.Compare, after loading them.
func (l *Lazy) Compare(ctx context.Context, document, selfie []byte) (Result, error) {
	m, err := l.load()
	if err != nil {
		return Result{}, err
	}
	return m.Compare(ctx, document, selfie)
}

// Threshold is the similarity at which faces match, known without loading.
func (l *Lazy) Threshold() float64 { return newModels(nil, nil, l.opts...).cfg.threshold }

// Extractions reads an extraction as its owner sees it (extraction.Service.Get: NotFound for
// another owner's or mode's).
type Extractions interface {
	Get(ctx context.Context, c extraction.Caller, id string) (extraction.Extraction, error)
}

// ExtractionPages is Documents over the extractions and the files they read.
type ExtractionPages struct {
	Extractions Extractions
	Files       liveness.Files
}

// Page returns the file of the caller's completed extraction.
func (p ExtractionPages) Page(ctx context.Context, ownerID string, live bool, id string) ([]byte, error) {
	e, err := p.Extractions.Get(ctx, extraction.Caller{OwnerID: ownerID, Live: live}, id)
	if err != nil {
		return nil, err
	}
	if e.Status != extraction.StatusCompleted {
		return nil, fault.Newf(fault.Conflict, "The extraction %q is %s: match against a completed one.", id, e.Status)
	}
	data, err := p.Files.Read(ctx, e.Object.Key, liveness.MaxSelfie+1)
	switch {
	case fault.Is(err, fault.NotFound):
		return nil, fault.Newf(
			fault.Conflict,
			"The document of extraction %q is no longer kept: send it as a file.",
			id,
		)
	case err == nil && len(data) > liveness.MaxSelfie:
		return nil, fault.New(fault.TooLarge, "The extraction's document is over 10 MB: send its page as a file.")
	}
	return data, err
}
