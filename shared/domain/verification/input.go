package verification

import (
	"image"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
)

// Input is everything a verification's checks read.
type Input struct {
	// Now is the moment of the verification; its date in UTC is the day expiry and age are judged
	// on. Zero is read as time.Now().
	Now time.Time
	// Document is the extraction's result for the document; nil makes the document's checks
	// inconclusive.
	Document *extraction.Result
	// File is the document file as uploaded: its metadata is read for editing software, and its
	// image decoded (JPEG, PNG, WebP) when Page is nil.
	File []byte
	// Page is the document's image decoded, when the caller has it: a PDF's rendered page (Run
	// renders no PDF). Nil: Run decodes File.
	Page image.Image
	// PageWords are the page's lines as OCR read them, searched for specimen words.
	PageWords []string
	// Applicant is what the partner knows of the person; its empty fields are not compared.
	Applicant Applicant
	// MinimumAge in years on the day of the verification; 0 for none.
	MinimumAge int
	// Reuse is the outcome of looking the document up by ReuseKey among the account's earlier
	// verifications; nil when no lookup was made.
	Reuse *ReuseLookup
	// Selfie tells that a selfie was given: without one, the face checks are not applicable.
	Selfie bool
	// Liveness is the selfie's liveness result, or LivenessErr the check's error about the
	// selfie (liveness.ErrNoFace, ErrMultipleFaces, ErrUnsupported, ErrCorrupt, ErrTooLarge).
	// An error of the service itself (models closed) is the caller's to retry, not an outcome:
	// passed here it asks the applicant for a new selfie.
	Liveness    *liveness.Result
	LivenessErr error
	// FaceMatch is the comparison of the selfie with the document's portrait, or FaceMatchErr
	// its error about one of the images (a *facematch.ImageError naming it).
	FaceMatch    *facematch.Result
	FaceMatchErr error
}

// Applicant is what the partner knows of the person, compared with the document.
type Applicant struct {
	GivenNames     string `json:"givenNames,omitempty"`
	Surname        string `json:"surname,omitempty"`
	DateOfBirth    string `json:"dateOfBirth,omitempty"` // YYYY-MM-DD
	DocumentNumber string `json:"documentNumber,omitempty"`
	Nationality    string `json:"nationality,omitempty"` // ISO 3166-1 alpha-3, or as printed
}

// ReuseLookup is what the caller found under the document's ReuseKey in the same account.
type ReuseLookup struct {
	// Earlier is the id of the earlier verification of the same document; empty when there is
	// none.
	Earlier string
	// SameNameAndBirthDate tells whether the earlier verification's holder had this one's name
	// and date of birth. FaceCompared tells whether both verifications had a selfie whose face
	// was embedded, and SameFace whether those faces match. The holder is the same when the name
	// and birth date are and, where the faces were compared, the face is.
	SameNameAndBirthDate bool
	FaceCompared         bool
	SameFace             bool
}
