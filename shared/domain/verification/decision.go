package verification

import (
	"slices"
)

// Decision is a verification's answer.
type Decision string

// Decisions, from the best to the worst.
const (
	Approved Decision = "approved"
	Review   Decision = "review"   // a person looks at the evidence
	Resubmit Decision = "resubmit" // the applicant sends a better image, or a selfie
	Declined Decision = "declined"
)

// Effect is what a rule does to the decision.
type Effect string

// Effects, from the weakest to the strongest. The decision is the strongest effect of the rules
// that fired:
//
//   - decline outranks resubmit: a specimen, an expired document or a document another holder
//     used is declined even when its image is also poor. Asking for a new image would tell a
//     fraudster that the image was the problem and invite another try, and a better image of an
//     expired document is still expired. What declines is read from the document's own data
//     (check digits guard the MRZ's dates) or from our records, which a poor image does not make
//     doubtful.
//   - resubmit outranks review: a reviewer cannot judge an image that should be retaken, and
//     would only ask for a new one; the checks that wanted a review run again on the new image.
//   - review outranks approval.
const (
	EffectNone     Effect = "none"
	EffectReview   Effect = "review"
	EffectResubmit Effect = "resubmit"
	EffectDecline  Effect = "decline"
)

// rank orders the effects; the decision an effect gives is decisionOf.
var rank = map[Effect]int{EffectNone: 0, EffectReview: 1, EffectResubmit: 2, EffectDecline: 3}

var decisionOf = map[Effect]Decision{
	EffectNone: Approved, EffectReview: Review, EffectResubmit: Resubmit, EffectDecline: Declined,
}

// Policy is a named column of the table an account chooses: the same checks, some rows stronger
// or weaker.
type Policy string

// Policies. Standard declines only on what the document itself states or our own records show
// (a specimen, expiry, age, a reused document); what a model scores or a comparison doubts goes
// to a person. Strict declines on those too (a face that does not match, a recapture, a missing
// portrait, the zones disagreeing) and asks for a colour original. Lenient leaves to approval
// what standard reviews only for want of evidence (an unread field, a nationality that differs).
const (
	Lenient  Policy = "lenient"
	Standard Policy = "standard"
	Strict   Policy = "strict"
)

// DefaultPolicy is the policy of an account that chose none.
const DefaultPolicy = Standard

// Policies lists the policies, from the most lenient.
func Policies() []Policy { return []Policy{Lenient, Standard, Strict} }

// Valid tells whether p is one of Policies.
func (p Policy) Valid() bool { return slices.Contains(Policies(), p) }

// Rule is one row of the table: a check's result, the reason code it gives when it fires, and
// its effect under each policy.
type Rule struct {
	Group  string
	Check  string
	Result Result
	// Reason is the stable code a partner reads in the verification's reasons.
	Reason                    string
	Lenient, Standard, Strict Effect
	// Why says in a line why the row does what it does.
	Why string
}

// Effect is the rule's effect under p: the empty policy is DefaultPolicy (an account that chose
// none), an unknown one is read as Strict, the safe side.
func (r Rule) Effect(p Policy) Effect {
	switch p {
	case Lenient:
		return r.Lenient
	case Standard, "":
		return r.Standard
	}
	return r.Strict
}

const (
	none     = EffectNone
	review   = EffectReview
	resubmit = EffectResubmit
	decline  = EffectDecline
)

// table is the decision table: every fail and inconclusive result a check can give has its row
// (pass and not_applicable have none: they never move the decision). Rows with no effect in any
// policy are kept so that the table says so rather than leaving the outcome unmentioned.
var table = []Rule{
	{GroupValidation, codeMRZCheckDigits, Fail, "mrz_check_digit_invalid", review, review, decline,
		"a digit still wrong after the OCR corrections the digits allow: misread or altered"},
	{GroupValidation, codeMRZCheckDigits, Inconclusive, "mrz_unreadable", resubmit, resubmit, resubmit,
		"no zone read, or digits the reading could not place: a better image settles it"},
	{GroupValidation, codeDates, Fail, "dates_invalid", review, review, decline,
		"a date that is no date, or birth, issue and expiry out of order"},
	{GroupValidation, codeDates, Inconclusive, "dates_unread", none, none, review,
		"no date read: the expiry and age checks say what matters"},
	{GroupValidation, codeExpiry, Fail, "document_expired", decline, decline, decline,
		"expired on the day of the verification"},
	{GroupValidation, codeExpiry, Inconclusive, "expiry_unknown", none, none, review,
		"no expiry date: the French card of 1988-2021 has none"},
	{GroupValidation, codeIssuingState, Fail, "issuing_state_unknown", review, review, decline,
		"a code that is no state's (a specimen's UTO declines by its own row)"},
	{GroupValidation, codeIssuingState, Inconclusive, "issuing_state_unread", none, review, review,
		"no issuing state read"},
	{GroupValidation, codeNumberForm, Fail, "document_number_invalid", review, review, decline,
		"not 5 to 20 letters and digits"},
	{GroupValidation, codeNumberForm, Inconclusive, "document_number_unread", none, review, review,
		"no document number read"},
	{GroupConsistency, codeMRZPrinted, Fail, "mrz_printed_mismatch", review, review, decline,
		"the printed zone says otherwise than the MRZ: altered, or misread"},
	{GroupConsistency, codeMRZPrinted, Inconclusive, "consistency_unchecked", none, none, review,
		"no field read in both zones: no evidence either way"},
	{GroupComparison, codeName, Fail, "name_mismatch", review, review, decline,
		"the applicant's name is not the document's, in either order"},
	{GroupComparison, codeName, Inconclusive, "name_unverified", none, review, review,
		"a name cut short, or none read"},
	{GroupComparison, codeBirthDate, Fail, "birth_date_mismatch", review, review, decline,
		"the applicant's date of birth is not the document's"},
	{GroupComparison, codeBirthDate, Inconclusive, "birth_date_unverified", none, review, review,
		"no full date of birth on one side"},
	{GroupComparison, codeNumber, Fail, "document_number_mismatch", review, review, decline,
		"the applicant's document number is not the document's"},
	{GroupComparison, codeNumber, Inconclusive, "document_number_unverified", none, review, review,
		"no number read on the document"},
	{GroupComparison, codeNationality, Fail, "nationality_mismatch", none, review, review,
		"another nationality: dual nationals are common"},
	{GroupComparison, codeNationality, Inconclusive, "nationality_unverified", none, none, review,
		"the document states none (a driving licence)"},
	{GroupImage, codeQuality, Fail, "image_retake", resubmit, resubmit, resubmit,
		"the quality verdict is retake"},
	{GroupImage, codeQuality, Inconclusive, "image_quality_unknown", none, none, review,
		"no quality verdict"},
	{GroupImage, codeFraming, Fail, "document_cropped", resubmit, resubmit, resubmit,
		"the document runs off the image"},
	{GroupImage, codeFraming, Inconclusive, "framing_unknown", none, none, none,
		"no quality verdict: the quality row says it"},
	{GroupImage, codeColour, Fail, "greyscale_copy", none, review, resubmit,
		"a grey image of a coloured document: a photocopy or a grey scan"},
	{GroupImage, codeColour, Inconclusive, "colour_unknown", none, none, none,
		"no image decoded (a PDF without its rendered page)"},
	{GroupImage, codeResolution, Fail, "resolution_too_low", resubmit, resubmit, resubmit,
		"characters too small to read reliably"},
	{GroupImage, codeResolution, Inconclusive, "resolution_unknown", none, none, none,
		"too little text to measure, or no image decoded"},
	{GroupAuthenticity, codeSpecimenWords, Fail, "specimen_document", decline, decline, decline,
		"a specimen word printed on the page"},
	{GroupAuthenticity, codeSpecimenWords, Inconclusive, "specimen_words_unchecked", none, none, none,
		"no page text given: the state and identity rows still catch most specimens"},
	{GroupAuthenticity, codeSpecimenState, Fail, "specimen_document", decline, decline, decline,
		"issued by Utopia, ICAO's specimen state"},
	{GroupAuthenticity, codeSpecimenState, Inconclusive, "specimen_state_unchecked", none, none, none,
		"no state read: the issuing state row says it"},
	{GroupAuthenticity, codeSpecimenIdentity, Fail, "specimen_document", decline, decline, decline,
		"a well-known specimen's holder or number"},
	{GroupAuthenticity, codeSpecimenIdentity, Inconclusive, "specimen_identity_unchecked", none, none, none,
		"no name and no number read: the comparison rows say it"},
	{GroupAuthenticity, codePortrait, Fail, "portrait_missing", review, review, decline,
		"no face on a page that prints the holder's portrait"},
	{GroupAuthenticity, codePortrait, Inconclusive, "portrait_unknown", none, none, review,
		"no extraction result to tell"},
	{GroupAuthenticity, codeRecapture, Fail, "recaptured_image", review, review, decline,
		"a screen's pixel grid or a print's halftone in the photo"},
	{GroupAuthenticity, codeRecapture, Inconclusive, "recapture_unknown", none, none, none,
		"an image too small or too flat to tell"},
	{GroupAuthenticity, codeEditingSoftware, Fail, "editing_software", review, review, review,
		"an image editor named in the file's metadata: a weak signal, never a decline alone"},
	{GroupAuthenticity, codeEditingSoftware, Inconclusive, "editing_software_unchecked", none, none, none,
		"no file given"},
	{GroupReuse, codeSameDocument, Fail, "document_reused_other_holder", decline, decline, decline,
		"this document was verified in the account for another holder"},
	{GroupReuse, codeSameDocument, Inconclusive, "document_reuse_unchecked", none, none, review,
		"no issuing state or number to look the document up by"},
	{GroupLiveness, codeLive, Fail, "face_not_live", review, review, decline,
		"the selfie scores as a spoof; a passive model errs both ways"},
	{GroupLiveness, codeLive, Inconclusive, "selfie_unusable", resubmit, resubmit, resubmit,
		"no face, several faces or no image: a new selfie settles it"},
	{GroupFaceMatch, codeSamePerson, Fail, "face_mismatch", review, review, decline,
		"the selfie is not the portrait's face; small portraits and age gaps lower the score"},
	{GroupFaceMatch, codeSamePerson, Inconclusive, "face_match_unusable", resubmit, resubmit, resubmit,
		"no face found on the selfie or the document's page"},
	{GroupAge, codeMinimumAge, Fail, "under_minimum_age", decline, decline, decline,
		"younger than the minimum age on the day, by the document's date of birth"},
	{GroupAge, codeMinimumAge, Inconclusive, "age_unverified", review, review, review,
		"no date of birth, or one too partial to tell"},
}

// Table returns the decision table's rows, in order: the rules Decide applies.
func Table() []Rule { return slices.Clone(table) }

// ruleIndex finds a check's row by group, code and result.
var ruleIndex = func() map[checkKey]map[Result]int {
	m := map[checkKey]map[Result]int{}
	for i, r := range table {
		k := checkKey{r.Group, r.Check}
		if m[k] == nil {
			m[k] = map[Result]int{}
		}
		m[k][r.Result] = i
	}
	return m
}()

// Decide applies the table to checks under policy: the decision is the strongest effect of the
// rows that fire (a row fires when a check has its group, code and result and its effect under
// policy is not none), and the reasons are those rows' codes, the strongest effect's first, then
// in the table's order, each once. A check with no row (a pass, a not_applicable) fires nothing.
// The empty policy is DefaultPolicy; an unknown one is read as Strict.
func Decide(policy Policy, checks []Check) (Decision, []string) {
	var fired []int
	for _, c := range checks {
		i, ok := ruleIndex[checkKey{c.Group, c.Code}][c.Result]
		if ok && table[i].Effect(policy) != EffectNone {
			fired = append(fired, i)
		}
	}
	slices.SortStableFunc(fired, func(a, b int) int {
		if d := rank[table[b].Effect(policy)] - rank[table[a].Effect(policy)]; d != 0 {
			return d
		}
		return a - b
	})
	worst := EffectNone
	reasons := []string{}
	for _, i := range fired {
		if e := table[i].Effect(policy); rank[e] > rank[worst] {
			worst = e
		}
		if !slices.Contains(reasons, table[i].Reason) {
			reasons = append(reasons, table[i].Reason)
		}
	}
	return decisionOf[worst], reasons
}
