package verification

// Result is a check's outcome.
type Result string

// Results. Pass and NotApplicable never move the decision; Fail and Inconclusive do what the
// table's row for the check says.
const (
	Pass          Result = "pass"
	Fail          Result = "fail"
	Inconclusive  Result = "inconclusive" // the evidence was missing or could not be read
	NotApplicable Result = "not_applicable"
)

// Check is one check's outcome with its evidence: the group and code name the check (stable
// strings, the table's keys), Detail says in a sentence what was found.
type Check struct {
	Group  string `json:"group"`
	Code   string `json:"code"`
	Result Result `json:"result"`
	Detail string `json:"detail"`
}

// The groups of checks, in Run's order.
const (
	GroupValidation   = "document.validation"
	GroupConsistency  = "document.consistency"
	GroupComparison   = "document.comparison"
	GroupImage        = "document.image"
	GroupAuthenticity = "document.authenticity"
	GroupReuse        = "document.reuse"
	GroupLiveness     = "face.liveness"
	GroupFaceMatch    = "face.match"
	GroupAge          = "age"
)

// The checks' codes, within their groups.
const (
	codeMRZCheckDigits   = "mrz_check_digits"
	codeDates            = "dates"
	codeExpiry           = "expiry"
	codeIssuingState     = "issuing_state"
	codeNumberForm       = "document_number"
	codeMRZPrinted       = "mrz_printed"
	codeName             = "name"
	codeBirthDate        = "date_of_birth"
	codeNumber           = "document_number"
	codeNationality      = "nationality"
	codeQuality          = "quality"
	codeFraming          = "framing"
	codeColour           = "colour"
	codeResolution       = "resolution"
	codeSpecimenWords    = "specimen_words"
	codeSpecimenState    = "specimen_state"
	codeSpecimenIdentity = "specimen_identity"
	codePortrait         = "portrait"
	codeRecapture        = "recapture"
	codeEditingSoftware  = "editing_software"
	codeSameDocument     = "same_document"
	codeLive             = "live"
	codeSamePerson       = "same_person"
	codeMinimumAge       = "minimum_age"
)

// checkKey names a check: its group and code.
type checkKey struct{ group, code string }

func pass(detail string) outcome          { return outcome{Pass, detail} }
func fail(detail string) outcome          { return outcome{Fail, detail} }
func inconclusive(detail string) outcome  { return outcome{Inconclusive, detail} }
func notApplicable(detail string) outcome { return outcome{NotApplicable, detail} }

// outcome is what a check function returns: Run adds the group and code.
type outcome struct {
	result Result
	detail string
}
