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
	// Pass 1: the zone's band in each orientation. Finding a band costs milliseconds; OCR runs only
	// where one is found, on the band levelled (a zone tilted more than a few degrees is no band
	// to the engine).
	var best candidate
	consider := func(region image.Image, rot int) (bool, error) {
		lines, err := r.Engine.Read(ctx, region)
		if err != nil {
			return false, err
		}
		if c, err := r.parse(lines, rot, documentType); err == nil && c.credible && c.score > best.score {
			best = c
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
		if done, err := consider(band.Crop(oriented), rot); err != nil || done {
			return best.result, err
		}
	}
	// Pass 2, the whole upright page, for a zone the band finder missed, only when it found no band
	// at all: reading a page costs several bands, and where bands were found and read without a
	// credible zone, the page has none (the early stop that keeps misses fast).
	if bands == 0 {
		if done, err := consider(img, 0); err != nil || done {
			return best.result, err
		}
	}
	if best.score > 0 {
		return best.result, nil
	}
	return Result{}, noZone()
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
		DocumentCode: &f.DocumentCode, IssuingCountry: &f.IssuingCountry, Nationality: &f.Nationality,
		Surname:    &f.Surname,
		GivenNames: &f.GivenNames, DocumentNumber: &f.DocumentNumber, DateOfBirth: &f.DateOfBirth, Sex: &f.Sex,
		ExpiryDate: f.ExpiryDate, IssueDate: f.IssueDate, PersonalNumber: f.PersonalNumber,
		OptionalData: f.OptionalData, OptionalData1: f.OptionalData1, OptionalData2: f.OptionalData2,
		MRZ: MRZ{
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
	d.DocumentType = Field{Value: detected, Confidence: 1}
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
