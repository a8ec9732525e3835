package printedtest

import (
	"os"
	"path/filepath"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// family is a typeface a page's labels and values are set in: regular for labels, bold for
// values and titles.
type family struct {
	name          string
	regular, bold *opentype.Font
}

// The system fonts: DejaVu (Debian's fonts-dejavu-core and -extra) and OCR-B (fonts-ocr-b).
const (
	dejavuDir = "/usr/share/fonts/truetype/dejavu"
	// OCRBPath is the OCR-B the MRZ is set in. OCRB.otf parses but draws nothing for 8 and < with
	// Go's opentype package; OCRBS.otf draws every MRZ character. Without it the MRZ falls back
	// to Go Mono.
	OCRBPath = "/usr/share/fonts/opentype/ocr-b/OCRBS.otf"
)

// familySources are the families in a fixed order, so that a seed draws the same family on every
// machine that has it; a family whose files are missing is skipped.
var familySources = []struct {
	name          string
	regular, bold []byte // the Go fonts, built in
	files         [2]string
}{
	{name: "Go", regular: goregular.TTF, bold: gobold.TTF},
	{name: "Go Medium", regular: gomedium.TTF, bold: gobold.TTF},
	{name: "Go Mono", regular: gomono.TTF, bold: gomonobold.TTF},
	{name: "DejaVu Sans", files: [2]string{"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"}},
	{name: "DejaVu Sans Condensed", files: [2]string{"DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"}},
	{name: "DejaVu Serif", files: [2]string{"DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"}},
	{name: "DejaVu Serif Condensed", files: [2]string{"DejaVuSerifCondensed.ttf", "DejaVuSerifCondensed-Bold.ttf"}},
	{name: "DejaVu Sans Mono", files: [2]string{"DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"}},
	{name: "DejaVu Sans ExtraLight", files: [2]string{"DejaVuSans-ExtraLight.ttf", "DejaVuSans.ttf"}},
}

// typefaces are the fonts parsed once for every page.
type typefaces struct {
	families []*family
	ocrb     *opentype.Font
	// ocrbAdvance is an OCR-B character's advance in ems.
	ocrbAdvance float64
	ocrbName    string
}

var loadTypefaces = sync.OnceValue(func() *typefaces {
	t := &typefaces{}
	parse := func(data []byte, path string) *opentype.Font {
		if data == nil {
			var err error
			if data, err = os.ReadFile(filepath.Join(dejavuDir, path)); err != nil {
				return nil
			}
		}
		f, err := opentype.Parse(data)
		if err != nil {
			return nil
		}
		return f
	}
	for _, s := range familySources {
		regular, bold := parse(s.regular, s.files[0]), parse(s.bold, s.files[1])
		if regular != nil && bold != nil {
			t.families = append(t.families, &family{name: s.name, regular: regular, bold: bold})
		}
	}
	t.ocrb, t.ocrbName = t.families[2].regular, "Go Mono" // built in, always third
	if data, err := os.ReadFile(OCRBPath); err == nil {
		if f, err := opentype.Parse(data); err == nil && draws(f, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<") {
			t.ocrb, t.ocrbName = f, "OCR-B"
		}
	}
	var b sfnt.Buffer
	i, _ := t.ocrb.GlyphIndex(&b, '0')
	adv, _ := t.ocrb.GlyphAdvance(&b, i, 1000*64, 0)
	t.ocrbAdvance = float64(adv) / 64 / 1000
	return t
})

// draws tells whether f has a glyph with ink for every character of s.
func draws(f *opentype.Font, s string) bool {
	var b sfnt.Buffer
	for _, r := range s {
		i, err := f.GlyphIndex(&b, r)
		if err != nil || i == 0 {
			return false
		}
		bounds, _, err := f.GlyphBounds(&b, i, 100*64, 0)
		if err != nil || bounds.Max.X <= bounds.Min.X || bounds.Max.Y <= bounds.Min.Y {
			return false
		}
	}
	return true
}

// covers tells whether both faces of the family have a glyph for every letter of texts: the
// Go fonts lack ẞ and Vietnamese, and a missing glyph would print a box the truth does not know.
func (f *family) covers(texts []string) bool {
	var b sfnt.Buffer
	for _, s := range texts {
		for _, r := range s {
			if unicode.IsSpace(r) {
				continue
			}
			for _, face := range []*opentype.Font{f.regular, f.bold} {
				if i, err := face.GlyphIndex(&b, r); err != nil || i == 0 {
					return false
				}
			}
		}
	}
	return true
}

// chooseFamily draws a family among those that can print every text of the page.
func chooseFamily(r *rng, texts []string) *family {
	all := loadTypefaces().families
	var ok []*family
	for _, f := range all {
		if f.covers(texts) {
			ok = append(ok, f)
		}
	}
	if len(ok) == 0 {
		return all[0]
	}
	return pick(r, ok)
}
