package extraction

import (
	"context"
	"fmt"
	"image"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/vision/fieldvalue"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/mrz"
	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/printed"
)

// The printed zone is read scaled so that the MRZ's characters are printedLineHeight pixels
// high: a passport's labels are then about half that, which the line finder and the Latin model
// still read. A card prints its labels at a third of its MRZ's height: its zone is read at
// cardLineHeight (labels about 14 pixels; at 30, 8 to 10, and the finder missed a tenth of its
// places of birth). A phone photo's page is shrunk several times before its lines are found, and a
// small scan is enlarged up to maxPrintedScale times a passport's factor (labels of 8 pixels are
// noise to the engine, of 16 are read).
const (
	printedLineHeight = 30
	cardLineHeight    = 45
	maxPrintedScale   = 2.5
)

// lineHeightFor is the MRZ's character height the printed zone of a page of format is read at.
func lineHeightFor(format string) float64 {
	if passportPage(format) {
		return printedLineHeight
	}
	return cardLineHeight
}

// printedHeight is the height of the region read above the MRZ, in MRZ lengths: a passport's
// page is 88 mm high for a 112 mm zone whose two lines take 17 mm; a card's 54 mm (TD1) or 74 mm
// (TD2) for 76 or 91 mm, less its lines.
func printedHeight(format string) float64 {
	if passportPage(format) {
		return 0.66
	}
	return 0.6
}

// passportPage reports the MRZ format of a passport's or visa's page, as opposed to a card's.
func passportPage(format string) bool {
	return format == string(mrz.FormatTD3) || format == string(mrz.FormatMRVA)
}

// licenceSide is the longer side, in pixels, a page is shrunk to before a licence is read on it:
// a card across it has characters of 30 pixels and more.
const licenceSide = 1800

// readPrintedZone reads the printed zone of a page whose MRZ was read, above the zone's band (the
// whole page when the zone was read from it), and adds its fields to res.
func (r MRZReader) readPrintedZone(ctx context.Context, res *Result, found *zoneFound) error {
	region := found.page
	if b := found.band; b != nil && b.LineHeight > 0 {
		h := lineHeightFor(res.ExtractedData.MRZ.Format)
		scale := min(maxPrintedScale*h/printedLineHeight, max(0.2, h/float64(b.LineHeight)))
		region = b.Above(found.page, printedHeight(res.ExtractedData.MRZ.Format), scale)
	}
	anchors := anchorsOf(res.ExtractedData)
	lines, err := r.readPrinted(ctx, region, anchors)
	if err != nil {
		return err
	}
	res.Consistency = merge(&res.ExtractedData, printed.Read(lines, anchors, r.now()))
	res.PageText = texts(lines)
	return nil
}

// minPrintedLines is the fewest lines found for a region to be read line by line: fewer is a page
// the line finder does not see (a dark photograph, a pattern over the text), which the engine's
// own layout analysis may still read.
const minPrintedLines = 6

// readPrinted reads the printed zone's lines. With an engine that reads given lines, the lines are
// found first (ocr.FindPrintedLines) and read in two passes: the values below the page's first
// label (not its title), then the labels of the values the MRZ does not name, cut to their heads
// (printed.LabelsToRead). The OCR then recognises about a third of the zone's characters: most of
// them are labels in two or three languages, and a name or date the MRZ repeats is known without
// its label. On the labelled set this reads as many fields as the engine's own layout analysis,
// more on cards, at a third to a half of the cost. Other engines, and a region where few lines are
// found, are read whole.
func (r MRZReader) readPrinted(ctx context.Context, region image.Image, a printed.Anchors) ([]ocr.Line, error) {
	lr, ok := r.Printed.(ocr.LineReader)
	var found []ocr.PrintedLine
	if ok {
		found = ocr.FindPrintedLines(imagefile.Grayscale(region))
	}
	if len(found) < minPrintedLines {
		return r.Printed.Read(ctx, region)
	}
	// The page's title is above its first label (found is top to bottom); a page of one size of
	// print has no label found, and every line is read whole (labels too, as values are).
	top := region.Bounds().Min.Y
	if i := slices.IndexFunc(found, func(l ocr.PrintedLine) bool { return l.Label }); i >= 0 {
		top = found[i].Box.Min.Y
	}
	var valueBoxes, labelBoxes []image.Rectangle
	var heads []bool
	for _, l := range found {
		switch {
		case l.Label:
			labelBoxes = append(labelBoxes, l.Box)
			heads = append(heads, l.Cut)
		case l.Box.Max.Y > top:
			valueBoxes = append(valueBoxes, l.Box)
		}
	}
	values, err := lr.ReadLines(ctx, region, valueBoxes)
	if err != nil {
		return nil, err
	}
	want := printed.LabelsToRead(values, labelBoxes, a)
	boxes := make([]image.Rectangle, len(want))
	for i, j := range want {
		boxes[i] = labelBoxes[j]
	}
	labels, err := lr.ReadLines(ctx, region, boxes)
	if err != nil {
		return nil, err
	}
	for i, j := range want {
		labels[i].Head = heads[j]
	}
	lines := append(values, labels...)
	slices.SortStableFunc(lines, func(a, b ocr.Line) int { return a.Box.Min.Y - b.Box.Min.Y })
	return lines, nil
}

// texts are the lines' texts.
func texts(lines []ocr.Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return out
}

// anchorsOf is what the MRZ says that the printed zone repeats.
func anchorsOf(d ExtractedData) printed.Anchors {
	value := func(f *Field) string {
		if f == nil {
			return ""
		}
		return f.Value
	}
	date := func(f *Field) time.Time {
		t, _ := time.Parse(time.DateOnly, value(f))
		return t
	}
	return printed.Anchors{
		Surname: value(d.Surname), GivenNames: value(d.GivenNames), DocumentNumber: value(d.DocumentNumber),
		Sex: value(d.Sex), DateOfBirth: date(d.DateOfBirth), ExpiryDate: date(d.ExpiryDate),
		Nationality: value(d.Nationality), IssuingState: value(d.IssuingCountry), DocumentCode: value(d.DocumentCode),
	}
}

// printedOrder is the order of the consistency table and of merging.
var printedOrder = []printed.Name{
	printed.Surname, printed.GivenNames, printed.DocumentNumber, printed.Nationality, printed.DateOfBirth,
	printed.Sex, printed.PlaceOfBirth, printed.IssueDate, printed.ExpiryDate, printed.IssuingAuthority,
	printed.PersonalNumber,
}

// slot is where a printed field goes in the extracted data.
func slot(d *ExtractedData, name printed.Name) **Field {
	switch name {
	case printed.Surname:
		return &d.Surname
	case printed.GivenNames:
		return &d.GivenNames
	case printed.DocumentNumber:
		return &d.DocumentNumber
	case printed.Nationality:
		return &d.Nationality
	case printed.DateOfBirth:
		return &d.DateOfBirth
	case printed.Sex:
		return &d.Sex
	case printed.PlaceOfBirth:
		return &d.PlaceOfBirth
	case printed.IssueDate:
		return &d.IssueDate
	case printed.ExpiryDate:
		return &d.ExpiryDate
	case printed.IssuingAuthority:
		return &d.IssuingAuthority
	case printed.PersonalNumber:
		return &d.PersonalNumber
	}
	return nil
}

// disagreementConfidence is the confidence a printed value needs to stand against the MRZ's: on
// the labelled set, printed values read with less that differed from the MRZ were misreadings (a
// CŒUR read CEUR at 0.85, a J read I at 0.86), the disagreements printed on purpose were read at
// 0.90 and above.
const disagreementConfidence = 0.88

// merge adds the printed zone's fields to the MRZ's. A field only printed is added with source
// visual; a field in both keeps the MRZ's value (check-digited, and the form travel systems use)
// and becomes source both when the two agree; each such field is a row of the consistency table,
// and a disagreement is also a warning.
func merge(d *ExtractedData, p printed.Page) []Agreement {
	var table []Agreement
	for _, name := range printedOrder {
		v, ok := p.Fields[name]
		if !ok {
			continue
		}
		dst := slot(d, name)
		if *dst == nil {
			if name == printed.Nationality {
				// Printed as a word (FRANÇAISE, DEUTSCH), not the code the field holds.
				continue
			}
			*dst = &Field{Value: v.Value, Confidence: v.Confidence, Source: SourceVisual}
			continue
		}
		m := *dst
		agree, compared := same(name, m.Value, v.Value)
		if !compared || !agree && v.Confidence < disagreementConfidence {
			// An unsure reading that differs is more likely the OCR's slip than the document's.
			continue
		}
		table = append(table, Agreement{Field: string(name), MRZ: m.Value, Visual: v.Value, Agree: agree})
		if !agree {
			d.MRZ.Warnings = append(d.MRZ.Warnings, fmt.Sprintf(
				"%s: the printed zone reads %s, the machine-readable zone %s", name, v.Value, m.Value))
			continue
		}
		m.Source = SourceBoth
		m.Confidence = max(m.Confidence, v.Confidence)
		if name == printed.IssueDate && len(v.Value) > len(m.Value) {
			// The French card's MRZ gives the month of issue; its printed zone the day.
			m.Value = v.Value
		}
	}
	return table
}

// same compares a field's MRZ value with its printed one; compared is false when the two are not
// comparable (a nationality printed as a word).
func same(name printed.Name, mrzValue, visual string) (agree, compared bool) {
	switch name {
	case printed.Surname, printed.GivenNames:
		if fieldvalue.SameName(visual, mrzValue) || fieldvalue.SameName(visual, misread(mrzValue)) {
			return true, true
		}
		// A name read in part (ANIK for ANIKO, INGRID of AASA INGRID) is a partial reading, not
		// another name: it is left out of the table.
		return false, !partOf(visual, mrzValue)
	case printed.DocumentNumber, printed.PersonalNumber:
		return fieldvalue.SameNumber(visual, mrzValue), true
	case printed.Nationality:
		// A code, or a word the table of printed nationalities knows (FRANÇAISE, DEUTSCH): a word
		// it does not know is no disagreement.
		agree := fieldvalue.SameCode(visual, mrzValue)
		return agree, agree || mrz.KnownCountry(strings.ToUpper(visual))
	case printed.DateOfBirth, printed.IssueDate, printed.ExpiryDate:
		// A month of issue (YYYY-MM, the French card's MRZ) agrees with any day of it.
		return fieldvalue.SameDate(visual, mrzValue), true
	}
	return strings.EqualFold(visual, mrzValue), true
}

// readLicence reads img as an EU driving licence, upright and then turned; ok is false when no
// orientation reads as one.
func (r MRZReader) readLicence(ctx context.Context, img image.Image) (Result, bool, error) {
	now := r.now()
	for _, rot := range orientations {
		page := imagefile.Rotate(img, rot)
		if b := page.Bounds(); max(b.Dx(), b.Dy()) > licenceSide {
			page = imagefile.Downscale(imagefile.Grayscale(page), licenceSide)
		}
		lines, err := r.Printed.Read(ctx, page)
		if err != nil {
			return Result{}, false, err
		}

		if p, ok := printed.ReadLicence(lines, now); ok {
			res := licenceResult(p, rot, Engine{Name: r.Printed.Name(), Version: r.Printed.Version()}, now)
			res.PageText = texts(lines)
			return res, true, nil
		}
	}
	return Result{}, false, nil
}

// The confidence of a licence's country: read from the state's name, or from its distinguishing
// sign alone (two or three letters, which a stray mark can imitate).
const (
	licenceNameConfidence = 0.95
	licenceSignConfidence = 0.8
)

// licenceResult shapes a licence's printed fields as an extraction result: every field from the
// printed zone, no MRZ.
func licenceResult(p printed.Page, rotation int, engine Engine, now time.Time) Result {
	d := ExtractedData{
		DocumentType:    Field{Value: "driving_licence", Confidence: 1, Source: SourceVisual},
		RotationApplied: rotation, Engine: engine,
	}
	merge(&d, p)
	if p.Country != "" {
		c := licenceSignConfidence
		if p.CountryNamed {
			c = licenceNameConfidence
		}
		d.IssuingCountry = &Field{Value: p.Country, Confidence: c, Source: SourceVisual}
	}
	if c, ok := p.Fields[printed.Categories]; ok {
		d.Categories = &ListField{Value: p.Categories, Confidence: c.Confidence, Source: SourceVisual}
	}
	if d.ExpiryDate != nil {
		expiry, err := time.Parse(time.DateOnly, d.ExpiryDate.Value)
		expired := err == nil && expiry.Before(now)
		d.Expired = &expired
	}
	return Result{ExtractedData: d, GlobalConfidence: globalConfidence(d, true)}
}

// misread is an MRZ name as OCR reads its printed form when it loses what sets some letters apart:
// the dots of an umlaut (BÄRBEL, BAERBEL in the zone, read BARBEL) and the tail of an ß (WEIß,
// WEISS in the zone, read WEIB). ICAO allows the short forms in the zone itself, so a printed
// name that reads as one is no disagreement.
func misread(mrzName string) string {
	return strings.NewReplacer("AE", "A", "OE", "O", "UE", "U", "SS", "B").Replace(mrzName)
}

// partOf reports a printed name whose every word begins a word of the MRZ's name, transliterated
// (or is too short to compare): what OCR reads of a name it cannot read whole.
func partOf(printedName, mrzName string) bool {
	words := strings.Fields(fieldvalue.Fold(printedName))
	if len(strings.Join(words, "")) < 3 {
		return true
	}
	for _, variant := range fieldvalue.Transliterate(printedName) {
		whole := strings.Fields(mrzName)
		ok := true
		for _, w := range strings.Fields(variant) {
			if !slices.ContainsFunc(whole, func(m string) bool { return strings.HasPrefix(m, w) }) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
