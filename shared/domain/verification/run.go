package verification

import (
	"context"
	"image"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// catalogue is every check Run makes, in its order, with the results other than pass and
// not_applicable it can give (each of those has its row in the table: TestEveryOutcomeHasARow).
var catalogue = []struct {
	checkKey
	outcomes []Result
	check    func(*run) outcome
}{
	{checkKey{GroupValidation, codeMRZCheckDigits}, []Result{Fail, Inconclusive}, (*run).mrzCheckDigits},
	{checkKey{GroupValidation, codeDates}, []Result{Fail, Inconclusive}, (*run).dates},
	{checkKey{GroupValidation, codeExpiry}, []Result{Fail, Inconclusive}, (*run).expiry},
	{checkKey{GroupValidation, codeIssuingState}, []Result{Fail, Inconclusive}, (*run).issuingState},
	{checkKey{GroupValidation, codeNumberForm}, []Result{Fail, Inconclusive}, (*run).numberForm},
	{checkKey{GroupConsistency, codeMRZPrinted}, []Result{Fail, Inconclusive}, (*run).mrzPrinted},
	{checkKey{GroupComparison, codeName}, []Result{Fail, Inconclusive}, (*run).name},
	{checkKey{GroupComparison, codeBirthDate}, []Result{Fail, Inconclusive}, (*run).birthDate},
	{checkKey{GroupComparison, codeNumber}, []Result{Fail, Inconclusive}, (*run).number},
	{checkKey{GroupComparison, codeNationality}, []Result{Fail, Inconclusive}, (*run).nationality},
	{checkKey{GroupImage, codeQuality}, []Result{Fail, Inconclusive}, (*run).quality},
	{checkKey{GroupImage, codeFraming}, []Result{Fail, Inconclusive}, (*run).framing},
	{checkKey{GroupImage, codeColour}, []Result{Fail, Inconclusive}, (*run).colour},
	{checkKey{GroupImage, codeResolution}, []Result{Fail, Inconclusive}, (*run).resolution},
	{checkKey{GroupAuthenticity, codeSpecimenWords}, []Result{Fail, Inconclusive}, (*run).specimenWords},
	{checkKey{GroupAuthenticity, codeSpecimenState}, []Result{Fail, Inconclusive}, (*run).specimenState},
	{checkKey{GroupAuthenticity, codeSpecimenIdentity}, []Result{Fail, Inconclusive}, (*run).specimenIdentity},
	{checkKey{GroupAuthenticity, codePortrait}, []Result{Fail, Inconclusive}, (*run).portrait},
	{checkKey{GroupAuthenticity, codeRecapture}, []Result{Fail, Inconclusive}, (*run).recapture},
	{checkKey{GroupAuthenticity, codeEditingSoftware}, []Result{Fail, Inconclusive}, (*run).editingSoftware},
	{checkKey{GroupReuse, codeSameDocument}, []Result{Fail, Inconclusive}, (*run).sameDocument},
	{checkKey{GroupLiveness, codeLive}, []Result{Fail, Inconclusive}, (*run).live},
	{checkKey{GroupFaceMatch, codeSamePerson}, []Result{Fail, Inconclusive}, (*run).samePerson},
	{checkKey{GroupAge, codeMinimumAge}, []Result{Fail, Inconclusive}, (*run).minimumAge},
}

// Run makes every check of a verification, in a stable order (the groups' order, then each
// group's), one Check each whatever the input: a check without its evidence is inconclusive or
// not applicable, never absent.
func Run(in Input) []Check {
	r := newRun(in)
	out := make([]Check, 0, len(catalogue))
	for _, c := range catalogue {
		o := c.check(r)
		out = append(out, Check{Group: c.group, Code: c.code, Result: o.result, Detail: o.detail})
	}
	return out
}

// run is one verification's input with what its checks share: the day, the extracted data and
// the page's pixels, decoded once.
type run struct {
	in    Input
	today time.Time // midnight UTC of the verification's day
	doc   extraction.ExtractedData
	// hasDoc is false without an extraction result.
	hasDoc bool
	// page is the decoded image, nil when there is none; noPage says why.
	page   image.Image
	noPage string
	luma   *image.Gray
}

func newRun(in Input) *run {
	now := in.Now
	if now.IsZero() {
		now = time.Now()
	}
	y, m, d := now.UTC().Date()
	r := &run{in: in, today: time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
	if in.Document != nil {
		r.doc, r.hasDoc = in.Document.ExtractedData, true
	}
	r.page, r.noPage = decodePage(in)
	return r
}

// decodePage is the page's image: Input.Page, else File decoded when it is a JPEG, PNG or WebP
// (a PDF is rendered by a program, which a pure package does not run). why says why there is
// none.
func decodePage(in Input) (img image.Image, why string) {
	if in.Page != nil {
		return in.Page, ""
	}
	if len(in.File) == 0 {
		return nil, "no document image was given"
	}
	mime, ok := imagefile.Sniff(in.File)
	switch {
	case !ok:
		return nil, "the document file is not an image this check reads"
	case mime == "application/pdf":
		return nil, "the document is a PDF and its rendered page was not given"
	}
	img, _, err := imagefile.Decode(context.Background(), in.File)
	if err != nil {
		return nil, "the document image could not be decoded"
	}
	return img, ""
}

// grey is the page's luma at its own resolution, taken once.
func (r *run) grey() *image.Gray {
	if r.luma == nil && r.page != nil {
		r.luma = imagefile.Grayscale(r.page)
	}
	return r.luma
}

// value is a field's value, trimmed; "" for an absent field.
func value(f *extraction.Field) string {
	if f == nil {
		return ""
	}
	return strings.TrimSpace(f.Value)
}

// documentType is the extracted document type: passport, id_card, residence_permit, visa or
// driving_licence.
func (r *run) documentType() string { return r.doc.DocumentType.Value }

// mrzFormat is the zone's format (TD1, TD2, TD3, MRVA, MRVB, FRA_ID), "" without a zone.
func (r *run) mrzFormat() string {
	if r.doc.MRZ == nil {
		return ""
	}
	return r.doc.MRZ.Format
}

const noExtraction = "no extraction result was given"
