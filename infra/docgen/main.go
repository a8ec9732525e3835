// Command docgen renders the synthetic identity documents of testdata/extraction: for each
// document of documents.go (validated first: a wrong check digit stops it), a clean rendering and
// degraded variants (rotations, skew, noise, low contrast, heavy JPEG), the realistic conditions
// of realistic.go (phone photos tilted, slanted, shadowed, glared, blurred, recompressed; small,
// stamped, tinted, sideways and cropped scans), plus a PDF, a WebP, a photo and pages with text
// and no MRZ, and manifest.json recording each file's MRZ and expected fields. The output is
// deterministic: running it again gives identical files.
//
//	go run ./infra/docgen -out testdata/extraction
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/trustline/platform/shared/vision/imagefile"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
}

// The documents that also get a PDF (a flatbed scan) and a WebP copy.
const (
	pdfDocument  = "fra-passport"
	webpDocument = "icao-td1"
)

type manifest struct {
	Generator  string            `json:"generator"`
	Conditions map[string]string `json:"conditions"`
	// QualityReasons are the result.quality reasons each realistic condition should produce.
	QualityReasons map[string][]string `json:"qualityReasons"`
	Documents      []entry             `json:"documents"`
	Unreadable     []extra             `json:"unreadable"`
	// WithoutMRZ are pages with printed text and no MRZ: a reading there is a false positive.
	WithoutMRZ []page0 `json:"withoutMRZ"`
}

// page0 is a page without MRZ, by its condition name.
type page0 struct {
	Condition   string `json:"condition"`
	File        string `json:"file"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Description string `json:"description"`
}

type entry struct {
	ID           string          `json:"id"`
	DocumentType string          `json:"documentType"`
	Format       string          `json:"format"`
	MRZ          []string        `json:"mrz"`
	Expected     fields          `json:"expected"`
	Notes        string          `json:"notes,omitempty"`
	Files        map[string]file `json:"files"` // by condition, plus "pdf" and "webp"
}

// file is one image of a document and the upright box around its MRZ characters, in pixels of
// that image (for the PDF: of its first page rendered at 200 dpi).
type file struct {
	File   string `json:"file"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	MRZBox box    `json:"mrzBox"`
	// Angle is the skew in degrees, clockwise positive.
	Angle float64 `json:"angle,omitempty"`
	// Keystone is how much shorter the far edge of a slanted photo is (0.15: 15 %).
	Keystone float64 `json:"keystone,omitempty"`
	// MRZCorners are the MRZ's corners (top-left, top-right, bottom-right, bottom-left of the
	// characters as printed) in a phone photo, where the upright box is a loose fit.
	MRZCorners *[4][2]int `json:"mrzCorners,omitempty"`
}

type box struct {
	X0 int `json:"x0"`
	Y0 int `json:"y0"`
	X1 int `json:"x1"`
	Y1 int `json:"y1"`
}

func boxOf(r image.Rectangle) box { return box{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y} }

type extra struct {
	File        string `json:"file"`
	Description string `json:"description"`
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("docgen", flag.ContinueOnError)
	out := fs.String("out", "testdata/extraction", "output directory")
	ocrb := fs.String("ocrb", "/usr/share/fonts/opentype/ocr-b/OCRBS.otf",
		"OCR-B font; OCRB.otf draws nothing for 8 and < with Go's opentype package, OCRBS.otf draws all")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var errs []error
	seen := map[string]bool{}
	for _, d := range documents {
		if seen[d.ID] {
			errs = append(errs, fmt.Errorf("%s: duplicate id", d.ID))
		}
		seen[d.ID] = true
		if err := validate(d); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", d.ID, err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("the documents are inconsistent, nothing written:\n%w", err)
	}
	f, err := loadFonts(*ocrb)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	write := func(name string, data []byte) error {
		fmt.Fprintf(stdout, "%8d  %s\n", len(data), name)
		return os.WriteFile(filepath.Join(*out, name), data, 0o644)
	}

	m := manifest{
		Generator:  "go run ./infra/docgen -out testdata/extraction",
		Conditions: map[string]string{},
	}
	for _, c := range conditions {
		m.Conditions[c.name] = c.description
	}
	m.Conditions["pdf"] = "the clean rendering as a quality-90 JPEG on an A4 page at true size, 20 mm from the top-left corner"
	m.Conditions["webp"] = "the clean rendering as a lossless grey WebP"
	m.QualityReasons = map[string][]string{}
	for _, c := range realistic {
		m.Conditions[c.name] = c.description
		m.QualityReasons[c.name] = append([]string{}, c.reasons...)
	}
	for _, c := range withoutMRZ {
		m.Conditions[c.condition] = c.description
	}

	for i, d := range documents {
		img, mrz := render(f, d)
		e := entry{ID: d.ID, DocumentType: d.Type, Format: d.Format, MRZ: d.MRZ, Expected: d.Expected,
			Notes: d.Notes, Files: map[string]file{}}
		// emit writes one condition's file and records it in the manifest entry.
		emit := func(condition string, v variant) error {
			name, data, err := encode(d.ID+"-"+condition, v)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if err := write(name, data); err != nil {
				return err
			}
			b := v.img.Bounds()
			fl := file{
				File:     name,
				Width:    b.Dx(),
				Height:   b.Dy(),
				MRZBox:   boxOf(v.mrz),
				Angle:    v.angle,
				Keystone: v.keystone,
			}
			if v.corners != nil {
				var q [4][2]int
				for k, p := range v.corners {
					q[k] = [2]int{int(math.Round(p[0])), int(math.Round(p[1]))}
				}
				fl.MRZCorners = &q
			}
			e.Files[condition] = fl
			return nil
		}
		for _, c := range conditions {
			if err := emit(c.name, makeVariant(c.name, img, mrz, uint64(i+1), skewAngle(i))); err != nil {
				return err
			}
		}
		for _, c := range realistic {
			if err := emit(c.name, realisticVariant(c.name, f, img, mrz, i, len(d.MRZ))); err != nil {
				return err
			}
		}
		if d.ID == webpDocument {
			name := d.ID + "-webp.webp"
			if err := write(name, encodeWebP(imagefile.Grayscale(img))); err != nil {
				return err
			}
			e.Files["webp"] = file{File: name, Width: img.Rect.Dx(), Height: img.Rect.Dy(), MRZBox: boxOf(mrz)}
		}
		if d.ID == pdfDocument {
			pf, data, err := pdfOf(d, img, mrz)
			if err != nil {
				return err
			}
			if err := write(pf.File, data); err != nil {
				return err
			}
			e.Files["pdf"] = pf
		}
		m.Documents = append(m.Documents, e)
	}

	photo, err := unreadable(f)
	if err != nil {
		return err
	}
	if err := write("unreadable-photo.jpg", photo); err != nil {
		return err
	}
	m.Unreadable = append(m.Unreadable, extra{File: "unreadable-photo.jpg",
		Description: "a photo-like gradient with a caption and no MRZ: extraction must report no MRZ"})

	for k, c := range withoutMRZ {
		v, err := negative(f, c.condition, uint64(100+k))
		if err != nil {
			return err
		}
		name, data, err := encode("nomrz-"+c.condition, v)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := write(name, data); err != nil {
			return err
		}
		b := v.img.Bounds()
		m.WithoutMRZ = append(
			m.WithoutMRZ,
			page0{Condition: c.condition, File: name, Width: b.Dx(), Height: b.Dy(), Description: c.description},
		)
	}

	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return write("manifest.json", append(data, '\n'))
}

// skewAngle gives each document its own crookedness: 2, 2.5 or 3 degrees, alternately clockwise
// and counter-clockwise.
func skewAngle(i int) float64 {
	a := 2 + 0.5*float64(i%3)
	if i%2 == 1 {
		a = -a
	}
	return a
}

func encode(base string, v variant) (string, []byte, error) {
	var b bytes.Buffer
	if v.jpeg {
		v.quality = 35
	}
	if v.quality > 0 {
		err := jpeg.Encode(&b, v.img, &jpeg.Options{Quality: v.quality})
		return base + ".jpg", b.Bytes(), err
	}
	err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, v.img)
	return base + ".png", b.Bytes(), err
}
