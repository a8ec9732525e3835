// Package extraction is the identity-document domain: extraction jobs and batches, their status
// machine, what a result contains, and the rules of intake (document types, accepted files, credits).
package extraction

import (
	"slices"
	"time"

	"github.com/trustline/platform/shared/vision/imagequality"
	"github.com/trustline/platform/shared/vision/mrz"
)

// Status is an extraction's progress:
//
//	queued → processing → completed | failed
//
// A job that dies while processing returns to the queue and is claimed again once its lease ends;
// one that runs out of deliveries is failed by the sweep, and a failed extraction gives its
// credits back.
type Status string

// Statuses.
const (
	StatusQueued     Status = "queued"
	StatusProcessing Status = "processing"
	StatusCompleted  Status = "completed"
	StatusFailed     Status = "failed"
)

// Done reports whether the status is final.
func (s Status) Done() bool { return s == StatusCompleted || s == StatusFailed }

// DocumentType is an accepted documentType value with what it is read by.
type DocumentType struct {
	Code       string   `json:"documentType"`
	Label      string   `json:"label"`
	MRZFormats []string `json:"mrzFormats"`
}

// DocumentTypes lists the accepted documentType values.
var DocumentTypes = []DocumentType{
	{"passport", "Passport", []string{"TD3"}},
	{"id_card", "National identity card", []string{"TD1", "TD2", "FRA_ID"}},
	{"residence_permit", "Residence permit", []string{"TD1", "TD2"}},
	{"visa", "Visa", []string{"MRVA", "MRVB"}},
	{"driving_licence", "Driving licence (cards with an ICAO machine-readable zone)", []string{"TD1"}},
	{
		"auto",
		"Detect the document from its machine-readable zone",
		[]string{"TD1", "TD2", "TD3", "MRVA", "MRVB", "FRA_ID"},
	},
}

// KnownType reports whether code is an accepted documentType.
func KnownType(code string) bool {
	return slices.ContainsFunc(DocumentTypes, func(t DocumentType) bool { return t.Code == code })
}

// typeCodes lists the codes of DocumentTypes, in order, for the problems that name them.
func typeCodes() []string {
	out := make([]string, len(DocumentTypes))
	for i, t := range DocumentTypes {
		out[i] = t.Code
	}
	return out
}

// Accepted file types, recognised by their content.
var AcceptedMIME = []string{"image/jpeg", "image/png", "image/webp", "application/pdf"}

// Object is a stored document file.
type Object struct {
	Key  string
	MIME string
	Size int64
	Name string // the name the client gave it; shown to nobody
}

// Failure is why an extraction failed.
type Failure struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Extraction is one document's extraction job.
type Extraction struct {
	ID           string
	OwnerID      string
	Live         bool // false for sk_test_ keys: never charged
	BatchID      string
	ReferenceID  string
	DocumentType string
	Status       Status
	Object       Object
	Result       *Result
	CreditsUsed  int
	Error        *Failure
	Attempts     int // claims so far
	// Releases counts the attempts that ended with a temporary error the worker reported (the job
	// went back to the queue). An attempt that ended with neither an outcome nor a release was
	// killed: the worker crashed (out of memory) or timed out.
	Releases    int
	SweepAt     time.Time // when the sweep looks at it again, while unfinished
	CreatedAt   time.Time
	UpdatedAt   time.Time
	CompletedAt *time.Time
	// ExpiresAt ends the record and what was read: extracted data is personal data, kept for the
	// retention period and then deleted (the store's TTL; reads treat it as gone at once).
	ExpiresAt time.Time
	// Verification is set on the extraction of a verification (POST /v1/verifications): once its
	// document is read, the checks run and their verdict is part of the result.
	Verification *VerificationRequest
}

// Batch is a set of extractions submitted together. Read with its extractions (GetBatch), its
// counts and status are derived from them, so they always agree with the extractions shown beside
// them; in a list, where reading every batch's extractions would make one page a query per batch,
// from the counts the store keeps on the batch, moved in the transaction that finishes each of its
// extractions.
type Batch struct {
	ID        string
	OwnerID   string
	Live      bool
	Total     int
	CreatedAt time.Time
	ExpiresAt time.Time // as its extractions'
	// Counted tells that the counts below are kept: false for a batch stored before they were,
	// whose list entry derives them from its extractions.
	Counted   bool
	Completed int  // its extractions finished completed
	Failed    int  // its extractions finished failed
	Started   bool // one of its extractions was claimed by a worker
}

// Status is the batch's status and counts from the counts it keeps, by the rule of BatchStatus.
func (b Batch) Status() (status Status, completed, failed int) {
	return batchStatus(b.Total, b.Completed, b.Failed, b.Started)
}

// BatchStatus derives a batch's status and counts from its extractions: queued until one starts,
// completed once every extraction is final (a failed extraction counts as finished, in failedCount),
// processing in between.
func BatchStatus(items []Extraction) (status Status, completed, failed int) {
	started := false
	for _, e := range items {
		switch e.Status {
		case StatusCompleted:
			completed++
		case StatusFailed:
			failed++
		case StatusProcessing:
			started = true
		}
	}
	return batchStatus(len(items), completed, failed, started)
}

func batchStatus(total, completed, failed int, started bool) (Status, int, int) {
	switch {
	case total > 0 && completed+failed >= total:
		return StatusCompleted, completed, failed
	case started || completed+failed > 0:
		return StatusProcessing, completed, failed
	}
	return StatusQueued, completed, failed
}

// Field is one extracted value with its confidence in [0, 1] and the zone it was read in.
type Field struct {
	Value      string  `json:"value"`
	Confidence float64 `json:"confidence"`
	// Source is the zone the value comes from: SourceMRZ, SourceVisual, or SourceBoth when the
	// printed zone repeats the MRZ's value. Results stored before the printed zone was read
	// have none.
	Source string `json:"source,omitempty"`
}

// ListField is an extracted list (a driving licence's categories), with its confidence and source.
type ListField struct {
	Value      []string `json:"value"`
	Confidence float64  `json:"confidence"`
	Source     string   `json:"source"`
}

// Sources of a field.
const (
	SourceMRZ    = "mrz"
	SourceVisual = "visual"
	SourceBoth   = "both"
)

// Agreement compares a field read in both zones: the MRZ's value (which stands) and the printed
// one, as dates compare as dates, names through ICAO transliteration, numbers after the usual
// OCR confusions.
type Agreement struct {
	Field  string `json:"field"`
	MRZ    string `json:"mrz"`
	Visual string `json:"visual"`
	Agree  bool   `json:"agree"`
}

// Correction is one OCR confusion fixed in the zone, where the format or a check digit allowed it.
type Correction = mrz.Correction

// Result is what an extraction found.
type Result struct {
	// ExtractedData and GlobalConfidence are absent from a failed extraction's result, which
	// carries the image's quality only.
	ExtractedData ExtractedData `json:"extractedData,omitzero"`
	// GlobalConfidence is the mean confidence of the identity fields (each the OCR line's
	// confidence, raised by a verified check digit, lowered by a failed one or a correction),
	// halved when any check digit fails.
	GlobalConfidence float64 `json:"globalConfidence,omitzero"`
	// Quality is the image's verdict (imagequality), whatever was read: set for every image that
	// could be decoded, on failures too.
	Quality *imagequality.Verdict `json:"quality,omitempty"`
	// Portrait is where the page's face is, when a completed extraction's page shows one.
	Portrait *Portrait `json:"portrait,omitempty"`
	// Consistency lists each field read in both the MRZ and the printed zone, and whether they
	// agree; a disagreement is also one of the MRZ's warnings.
	Consistency []Agreement `json:"consistency,omitempty"`
	// Verdict is a verification's decision, set on a verification's extraction only.
	Verdict *Verdict `json:"verdict,omitempty"`
	// PageText is the printed zone's lines as read, for the checks that run right after the
	// reading (a specimen's words); never stored.
	PageText []string `json:"-"`
}

// ExtractedData is the document's fields, read from its machine-readable zone and its printed
// (visual) zone; a document without an MRZ (a driving licence) has the printed zone's only.
type ExtractedData struct {
	DocumentType   Field  `json:"documentType"`
	DocumentCode   *Field `json:"documentCode,omitempty"`
	IssuingCountry *Field `json:"issuingCountry,omitempty"`
	Nationality    *Field `json:"nationality,omitempty"`
	Surname        *Field `json:"surname,omitempty"`
	GivenNames     *Field `json:"givenNames,omitempty"`
	DocumentNumber *Field `json:"documentNumber,omitempty"`
	DateOfBirth    *Field `json:"dateOfBirth,omitempty"`
	PlaceOfBirth   *Field `json:"placeOfBirth,omitempty"`
	ExpiryDate     *Field `json:"expiryDate,omitempty"`
	IssueDate      *Field `json:"issueDate,omitempty"`
	// IssuingAuthority is the authority printed on the document.
	IssuingAuthority *Field `json:"issuingAuthority,omitempty"`
	Sex              *Field `json:"sex,omitempty"`
	PersonalNumber   *Field `json:"personalNumber,omitempty"`
	OptionalData     *Field `json:"optionalData,omitempty"`
	OptionalData1    *Field `json:"optionalData1,omitempty"`
	OptionalData2    *Field `json:"optionalData2,omitempty"`
	// Categories are a driving licence's categories (its field 9).
	Categories *ListField `json:"categories,omitempty"`

	// MRZ is absent for a document read without one (a driving licence).
	MRZ     *MRZ  `json:"mrz,omitempty"`
	Expired *bool `json:"expired,omitempty"`
	// UnknownCountryCodes are outside ISO 3166 and ICAO's codes, e.g. specimen UTO.
	UnknownCountryCodes []string `json:"unknownCountryCodes,omitempty"`
	RotationApplied     int      `json:"rotationApplied"`
	Engine              Engine   `json:"engine"`
}

// MRZ is the machine-readable zone as read, with each check digit's verdict.
type MRZ struct {
	Format      string           `json:"format"`
	Lines       []string         `json:"lines"`
	Checks      map[string]Check `json:"checks"`
	Valid       bool             `json:"valid"`
	Corrections []Correction     `json:"corrections"`
	// Warnings are the parser's (a date with unknown parts, a name that may be truncated) and,
	// in the same "field: message" shape, a requested documentType the zone contradicts.
	Warnings []string `json:"warnings,omitempty"`
}

// Check is one check digit: the digit computed from the field, and the one printed. An invalid
// check says why (mrz.ReasonMismatch or mrz.ReasonUnplaced), so a digit that agrees and is still
// not trusted does not read as a contradiction.
type Check struct {
	Valid    bool   `json:"valid"`
	Expected string `json:"expected"`
	Found    string `json:"found"`
	Reason   string `json:"reason,omitempty"`
}

// Engine names the OCR engine that read the document.
type Engine struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// VerificationRequest is what a verification asks beyond reading its document: the selfie to
// compare with the document's portrait, what the partner knows of the person, the minimum age and
// the policy that decides.
type VerificationRequest struct {
	Selfie     *Object           `json:"selfie,omitempty"`
	Applicant  map[string]string `json:"applicant,omitempty"`
	MinimumAge int               `json:"minimumAge,omitempty"`
	Policy     string            `json:"policy"`
	// FromExtraction is the completed extraction whose reading the verification reuses, when the
	// request named one rather than a file.
	FromExtraction string `json:"fromExtraction,omitempty"`
}

// Verdict is a verification's decision, its reasons (stable codes) and every check's evidence.
type Verdict struct {
	Decision string         `json:"decision"`
	Reasons  []string       `json:"reasons"`
	Checks   []VerdictCheck `json:"checks"`
}

// VerdictCheck is one check of a verdict: its group and code name it, Result is pass, fail,
// inconclusive or not_applicable, Detail says what was found.
type VerdictCheck struct {
	Group  string `json:"group"`
	Code   string `json:"code"`
	Result string `json:"result"`
	Detail string `json:"detail"`
}
