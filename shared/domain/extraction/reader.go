package extraction

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagequality"
	"github.com/trustline/platform/shared/vision/mrz"
	"github.com/trustline/platform/shared/vision/ocr"
)

// DocumentEngine is an OCR engine that reads whole files itself (PDF included), so no renderer is
// needed where it runs.
type DocumentEngine interface {
	ReadDocument(ctx context.Context, data []byte) ([]ocr.Line, error)
}

// MRZReader reads a document's machine-readable zone with an OCR engine: the zone's band in each
// of the four orientations until a zone verifies, then, only when no band was found in any
// orientation, the upright whole page; else the credible reading (mrz.Result.Credible) that
// verified the most check digits. A document with no credible reading has no zone
// (mrz_not_found).
type MRZReader struct {
	Engine ocr.Engine
	Now    func() time.Time
	// MaxPixels bounds the images read (MAX_IMAGE_MEGAPIXELS); zero is imagefile.MaxPixels.
	MaxPixels int64
	// Portraits finds the portrait on a page whose zone was read (Result.Portrait); nil: none is
	// looked for.
	Portraits PortraitFinder
	// Printed reads the printed (visual) zone: the fields beside the MRZ, and driving licences,
	// which have none. Nil: only the MRZ is read.
	Printed ocr.Engine
}

// ReadSide is the longer side, in pixels, an image is shrunk to before it is read: that of a
// 12-megapixel phone photo (4000×3000), whose zone's characters are tens of pixels high. The
// rotations and crops of the reading then cost memory bounded by it, whatever the upload.
const ReadSide = 4000

// orientations are tried in this order: upright, upside down, then the two quarter turns.
var orientations = []int{0, 180, 90, 270}

// Read implements Reader.
func (r MRZReader) Read(ctx context.Context, data []byte, mime, documentType string) (res Result, err error) {
	maxPixels := cmp.Or(r.MaxPixels, imagefile.MaxPixels)
	img, luma, _, err := imagefile.DecodeInkAndLuma(ctx, data, maxPixels, ReadSide)
	// The quality verdict goes with every outcome of a decoded image, a failure to read included:
	// it tells the client what to fix. It judges the picture (luma), not the ink the reader sees.
	// A reading's page is searched for the portrait too, in the orientation the zone was read in.
	defer func() {
		res.Quality = quality(luma)
		if err == nil {
			res.Portrait = r.portrait(ctx, luma, res.ExtractedData.RotationApplied, data)
		}
	}()
	if errors.Is(err, imagefile.ErrPDFRenderer) {
		if de, ok := r.Engine.(DocumentEngine); ok {
			lines, err := de.ReadDocument(ctx, data)
			if err != nil {
				return Result{}, err
			}
			if c, err := r.parse(lines, 0, documentType); err == nil && c.credible {
				return c.result, nil
			}
			return Result{}, noZone()
		}
	}
	switch {
	case errors.Is(err, imagefile.ErrTooLarge):
		return Result{}, imageRefused(err, fault.Invalid, maxPixels)
	case errors.Is(err, imagefile.ErrUnsupported), errors.Is(err, imagefile.ErrCorrupt):
		return Result{}, &fault.Error{
			Kind:   fault.Invalid,
			Code:   "unreadable_file",
			Detail: "The file is damaged or truncated and cannot be decoded.",
		}
	case err != nil:
		return Result{}, err
	}
	if documentType == "driving_licence" && r.Printed != nil {
		// A licence first: its card has no MRZ to look for. A page that is not one is read as
		// any other, and its result says what was found instead.
		if res, ok, err := r.readLicence(ctx, img); err != nil || ok {
			return res, err
		}
	}
	res, found, err := r.readZone(ctx, img, documentType)
	switch {
	case err != nil:
		return Result{}, err
	case found == nil && documentType == "auto" && r.Printed != nil:
		// No zone: a document without one, which a licence is.
		if res, ok, err := r.readLicence(ctx, img); err != nil || ok {
			return res, err
		}
		return Result{}, noZone()
	case found == nil && documentType == "driving_licence" && r.Printed != nil:
		return Result{}, &fault.Error{Kind: fault.Invalid, Code: "licence_not_read",
			Detail: "Neither a driving licence's numbered fields nor a machine-readable zone could be read, in any orientation. Send a sharper, complete image of the card's front."}
	case found == nil:
		return Result{}, noZone()
	}
	if r.Printed != nil {
		if err := r.readPrintedZone(ctx, &res, found); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// zoneFound is where the best reading of a zone was found: its page turned upright and its band
// there (nil when the zone was read from the whole page).
type zoneFound struct {
	page image.Image
	band *ocr.Band
}

// readZone reads the machine-readable zone: found is nil when no credible zone was read.
func (r MRZReader) readZone(ctx context.Context, img image.Image, documentType string) (Result, *zoneFound, error) {
	// Pass 1: the zone's band in each orientation. Finding a band costs milliseconds; OCR runs only
	// where one is found, on the band levelled (a zone tilted more than a few degrees is no band
	// to the engine).
	var best candidate
	var found *zoneFound
	consider := func(region, page image.Image, band *ocr.Band, rot int) (bool, error) {
		lines, err := r.Engine.Read(ctx, region)
		if err != nil {
			return false, err
		}
		if c, err := r.parse(lines, rot, documentType); err == nil && c.credible && c.score > best.score {
			best, found = c, &zoneFound{page: page, band: band}
		}
		return best.valid, nil
	}
	bands := 0
	for _, rot := range orientations {
		oriented := imagefile.Rotate(img, rot)
		band, ok := ocr.FindMRZ(oriented)
		if !ok {
			continue
		}
		bands++
		if done, err := consider(band.Crop(oriented), oriented, &band, rot); err != nil || done {
			return best.result, found, err
		}
	}
	// Pass 2, the whole upright page, for a zone the band finder missed, only when it found no band
	// at all: reading a page costs several bands, and where bands were found and read without a
	// credible zone, the page has none (the early stop that keeps misses fast).
	if bands == 0 {
		if done, err := consider(img, img, nil, 0); err != nil || done {
			return best.result, found, err
		}
	}
	if best.score == 0 {
		return Result{}, nil, nil
	}
	return best.result, found, nil
}

// quality is the image's verdict, or nil when there is no image (not decoded, or a PDF read by
// the engine itself).
func quality(img *image.Gray) *imagequality.Verdict {
	if img == nil || img.Rect.Empty() {
		return nil
	}
	v := imagequality.Assess(img)
	return &v
}

func noZone() error {
	return &fault.Error{Kind: fault.Invalid, Code: "mrz_not_found",
		Detail: "No machine-readable zone was found on the document, in any orientation. Send a sharper, complete image of the page that carries it."}
}

// candidate is one orientation's reading, scored by its verified check digits: text that merely
// looks like a zone (a sideways page read upright) verifies none, or too few to be credible.
type candidate struct {
	result   Result
	score    int
	valid    bool
	credible bool
}

func (r MRZReader) parse(lines []ocr.Line, rotation int, documentType string) (candidate, error) {
	in := make([]mrz.Line, len(lines))
	for i, l := range lines {
		in[i] = mrz.Line{Text: l.Text, Confidence: l.Confidence}
	}
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	z, err := mrz.Parse(in, now)
	if err != nil {
		return candidate{}, err
	}
	return candidate{
		result: resultOf(z, rotation, documentType, Engine{Name: r.Engine.Name(), Version: r.Engine.Version()}),
		score:  z.Verified(), valid: z.Valid, credible: z.Credible(),
	}, nil
}

// resultOf shapes a parsed zone as an extraction result.
func resultOf(z *mrz.Result, rotation int, requested string, engine Engine) Result {
	f := z.Fields
	d := ExtractedData{
		DocumentCode: fromMRZ(&f.DocumentCode), IssuingCountry: fromMRZ(&f.IssuingCountry),
		Nationality: fromMRZ(&f.Nationality), Surname: fromMRZ(&f.Surname), GivenNames: fromMRZ(&f.GivenNames),
		DocumentNumber: fromMRZ(&f.DocumentNumber), DateOfBirth: fromMRZ(&f.DateOfBirth), Sex: fromMRZ(&f.Sex),
		ExpiryDate: fromMRZ(f.ExpiryDate), IssueDate: fromMRZ(f.IssueDate), PersonalNumber: fromMRZ(f.PersonalNumber),
		OptionalData: fromMRZ(f.OptionalData), OptionalData1: fromMRZ(f.OptionalData1),
		OptionalData2: fromMRZ(f.OptionalData2),
		MRZ: &MRZ{
			Format:      string(z.Format),
			Lines:       z.Lines,
			Checks:      map[string]Check{},
			Valid:       z.Valid,
			Corrections: z.Corrections,
			Warnings:    z.Warnings,
		},
		RotationApplied: rotation, Engine: engine,
	}
	for _, name := range z.UnknownCountries {
		code := f.IssuingCountry.Value
		if name == "nationality" {
			code = f.Nationality.Value
		}
		if !slices.Contains(d.UnknownCountryCodes, code) {
			d.UnknownCountryCodes = append(d.UnknownCountryCodes, code)
		}
	}
	if d.MRZ.Corrections == nil {
		d.MRZ.Corrections = []Correction{}
	}
	for _, c := range z.Checks {
		d.MRZ.Checks[c.Name] = Check{Valid: c.Valid, Expected: c.Expected, Found: c.Found, Reason: c.Reason}
	}
	if f.ExpiryDate != nil {
		expired := z.Expired
		d.Expired = &expired
	}
	detected := detectType(z)
	d.DocumentType = Field{Value: detected, Confidence: 1, Source: SourceMRZ}
	if requested != "auto" && requested != detected {
		// The caller said otherwise: keep what the zone says, with less confidence, and say so
		// beside the zone's other warnings, in their "field: message" shape.
		d.DocumentType.Confidence = 0.5
		d.MRZ.Warnings = append(
			d.MRZ.Warnings,
			fmt.Sprintf(
				"documentType: %s was requested, but the machine-readable zone reads %s (format %s, document code %s)",
				requested,
				detected,
				z.Format,
				f.DocumentCode.Value,
			),
		)
	}
	return Result{ExtractedData: d, GlobalConfidence: globalConfidence(d, z.Valid)}
}

// fromMRZ is a zone's field as an extracted one, nil for a field the format lacks.
func fromMRZ(f *mrz.Field) *Field {
	if f == nil {
		return nil
	}
	return &Field{Value: f.Value, Confidence: f.Confidence, Source: SourceMRZ}
}

// detectType names the document from the zone's format and document code (ICAO 9303: P passport,
// V visa, I/A/C identity documents; residence permits by national codes such as IR, AR, RP).
func detectType(z *mrz.Result) string {
	code := z.Fields.DocumentCode.Value
	switch {
	case z.Format == mrz.FormatTD3:
		return "passport"
	case z.Format == mrz.FormatMRVA || z.Format == mrz.FormatMRVB:
		return "visa"
	case z.Format == mrz.FormatFRAID:
		return "id_card"
	case code == "IR" || code == "AR" || code == "RP" || code == "RT" || code == "CR":
		return "residence_permit"
	case len(code) > 0 && code[0] == 'D':
		return "driving_licence"
	}
	return "id_card"
}

// globalConfidence is the mean confidence of the identity fields, halved when a check digit fails.
func globalConfidence(d ExtractedData, valid bool) float64 {
	fields := []*Field{
		d.DocumentCode,
		d.IssuingCountry,
		d.Nationality,
		d.Surname,
		d.GivenNames,
		d.DocumentNumber,
		d.DateOfBirth,
		d.Sex,
		d.ExpiryDate,
	}
	sum, n := 0.0, 0
	for _, f := range fields {
		if f != nil {
			sum += f.Confidence
			n++
		}
	}
	if n == 0 {
		return 0
	}
	g := sum / float64(n)
	if !valid {
		g /= 2
	}
	return float64(int(g*1000+0.5)) / 1000
}

func (r MRZReader) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}
