package printedtest_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/jpeg"
	"image/png"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// pixels are an image's RGBA values, for comparing images of any type.
func pixels(img image.Image) []uint32 {
	b := img.Bounds()
	out := make([]uint32, 0, 4*b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			out = append(out, r, g, bl, a)
		}
	}
	return out
}

// A page depends on the seed and its index only: drawn alone, again, or in a set of any size.
func TestPagesAreDeterministic(t *testing.T) {
	pages := printedtest.Generate(5, 6)
	for _, i := range []int{0, 3, 5} {
		p := printedtest.At(5, i)
		if !reflect.DeepEqual(p.Truth, pages[i].Truth) {
			t.Errorf("page %d: the truth differs between At and Generate", i)
		}
		if !reflect.DeepEqual(pixels(p.Image), pixels(pages[i].Image)) {
			t.Errorf("page %d: the pixels differ between At and Generate", i)
		}
	}
	if reflect.DeepEqual(printedtest.At(5, 0).Truth, printedtest.At(6, 0).Truth) {
		t.Error("seeds 5 and 6 drew the same page 0")
	}
}

// Clean gives the same documents, undegraded: the same values, kinds and issuers.
func TestCleanKeepsTheDocuments(t *testing.T) {
	for i := range 8 {
		p, c := printedtest.At(8, i), printedtest.At(8, i, printedtest.Clean())
		if c.Truth.Condition != "clean" {
			t.Errorf("page %d: condition %q with Clean", i, c.Truth.Condition)
		}
		if !reflect.DeepEqual(p.Truth.Fields, c.Truth.Fields) || p.Truth.Kind != c.Truth.Kind ||
			!reflect.DeepEqual(p.Truth.MRZ, c.Truth.MRZ) || p.Truth.Font != c.Truth.Font {
			t.Errorf("page %d: Clean changed the document: %+v, %+v", i, p.Truth.Fields, c.Truth.Fields)
		}
		var texts, cleanTexts []string
		for k := range p.Truth.Lines {
			texts = append(texts, p.Truth.Lines[k].Text)
			cleanTexts = append(cleanTexts, c.Truth.Lines[k].Text)
		}
		if !reflect.DeepEqual(texts, cleanTexts) {
			t.Errorf("page %d: Clean changed the printed lines", i)
		}
	}
}

// Kinds draws the given kinds only; a licence has its numbered fields and no zone.
func TestKindsDrawsOneKind(t *testing.T) {
	for _, p := range printedtest.Generate(9, 6, printedtest.Kinds(printedtest.DrivingLicence), printedtest.Clean()) {
		tr := p.Truth
		if tr.Kind != printedtest.DrivingLicence || tr.MRZ != nil || len(tr.Fields.Categories) == 0 {
			t.Fatalf("%s: kind %s, MRZ %q, categories %q", tr.ID, tr.Kind, tr.MRZ, tr.Fields.Categories)
		}
		var labels []string
		for _, l := range tr.Lines {
			if l.Role == printedtest.RoleLabel {
				labels = append(labels, strings.TrimSuffix(l.Text, "."))
			}
		}
		got := " " + strings.Join(labels, " ") + " "
		if !strings.Contains(got, " 1 2 3 4a ") || !strings.Contains(got, " 4c ") || !strings.Contains(got, " 5 9 ") ||
			!strings.Contains(got, " 7 ") {
			t.Errorf("%s: the licence's numbers are %q", tr.ID, got)
		}
	}
	for _, p := range printedtest.Generate(9, 4, printedtest.Kinds(printedtest.Passport), printedtest.Clean()) {
		if p.Truth.Kind != printedtest.Passport || len(p.Truth.MRZ) != 2 || len(p.Truth.MRZ[0]) != 44 {
			t.Errorf("%s: kind %s, MRZ %q", p.Truth.ID, p.Truth.Kind, p.Truth.MRZ)
		}
	}
}

// Photo prints a photo as the portrait and changes nothing else; Number and ExpiresOn give the
// document its number and expiry date in both zones, the MRZ's check digits computed again.
func TestPhotoAndNumber(t *testing.T) {
	red := image.NewRGBA(image.Rect(0, 0, 60, 80))
	for i := range len(red.Pix) / 4 {
		red.Pix[4*i], red.Pix[4*i+3] = 220, 255
	}
	kinds := []printedtest.Option{printedtest.Kinds(printedtest.Passport), printedtest.Clean()}
	plain := printedtest.At(3, 0, kinds...)
	photo := printedtest.At(3, 0, append(kinds, printedtest.Photo(red))...)
	if !reflect.DeepEqual(plain.Truth, photo.Truth) {
		t.Errorf("Photo changed the document: %+v", photo.Truth)
	}
	reds := 0
	b := photo.Image.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, _, _ := photo.Image.At(x, y).RGBA(); r>>8 > 200 && g>>8 < 30 {
				reds++
			}
		}
	}
	if area := b.Dx() * b.Dy(); reds < area/40 {
		t.Errorf("%d red pixels of %d: the photo is not on the page", reds, area)
	}

	renumbered := printedtest.At(3, 0, append(kinds, printedtest.Number("L898902C3"))...)
	tr := renumbered.Truth
	if tr.Fields.DocumentNumber != "L898902C3" || !strings.HasPrefix(tr.MRZ[1], "L898902C3") ||
		tr.Fields.Surname != plain.Truth.Fields.Surname {
		t.Errorf("renumbered: number %q, MRZ %q", tr.Fields.DocumentNumber, tr.MRZ)
	}
	in2041 := printedtest.ExpiresOn(time.Date(2041, 3, 9, 0, 0, 0, 0, time.UTC))
	expires := printedtest.At(3, 0, append(kinds, in2041)...)
	if e := expires.Truth; e.Fields.ExpiryDate != "2041-03-09" || e.MRZ[1][21:27] != "410309" ||
		e.Fields.Surname != plain.Truth.Fields.Surname {
		t.Errorf("expiring 2041-03-09: expiry %q, MRZ %q", e.Fields.ExpiryDate, e.MRZ)
	}
	if tr.MRZ[1][9] != '6' { // ICAO 9303's own example number's check digit
		t.Errorf("the number's check digit is %c, want 6", tr.MRZ[1][9])
	}
}

// Encode gives a JPEG for the photo conditions (decoding to Image's very pixels) and a PNG
// otherwise; the truth encodes with the documented names.
func TestEncode(t *testing.T) {
	var sawJPEG, sawPNG bool
	for _, p := range set()[:24] {
		name, data, err := p.Encode()
		if err != nil {
			t.Fatal(err)
		}
		var img image.Image
		switch {
		case strings.HasSuffix(name, ".jpg"):
			sawJPEG = true
			if !strings.Contains(p.Truth.Condition, "jpeg") {
				t.Errorf("%s: a JPEG for the condition %s", name, p.Truth.Condition)
			}
			img, err = jpeg.Decode(bytes.NewReader(data))
		case strings.HasSuffix(name, ".png"):
			sawPNG = true
			img, err = png.Decode(bytes.NewReader(data))
		default:
			t.Fatalf("file name %q", name)
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if name != p.Truth.ID+name[strings.LastIndex(name, "."):] {
			t.Errorf("file %s for page %s", name, p.Truth.ID)
		}
		if !reflect.DeepEqual(pixels(img), pixels(p.Image)) {
			t.Errorf("%s decodes to other pixels than the page's image", name)
		}
	}
	if !sawJPEG || !sawPNG {
		t.Errorf("JPEG seen %v, PNG seen %v in the first pages", sawJPEG, sawPNG)
	}
	data, err := json.Marshal(printedtest.Truth{})
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"id"`, `"kind"`, `"issuer"`, `"font"`, `"condition"`, `"width"`, `"height"`,
		`"fields"`, `"disagreements"`, `"lines"`} {
		if !bytes.Contains(data, []byte(key)) {
			t.Errorf("the truth's JSON has no %s: %s", key, data)
		}
	}
}
