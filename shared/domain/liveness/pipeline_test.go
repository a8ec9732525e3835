package liveness

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

func TestCropBox(t *testing.T) {
	// Expected boxes worked out by hand from CropImage._get_new_box.
	tests := []struct {
		name           string
		w, h           int
		f              face
		scale          float64
		x0, y0, x1, y1 int
	}{
		// 100×100 face centred at (250, 250) in 500×500: 2.7 → 270×270 around the centre.
		{
			name:  "room to spare",
			w:     500,
			h:     500,
			f:     face{bx: 200, by: 200, bw: 100, bh: 100},
			scale: 2.7,
			x0:    115,
			y0:    115,
			x1:    385,
			y1:    385,
		},
		// The same at 4.0 would be 400 wide from 50: fits.
		{
			name:  "large context",
			w:     500,
			h:     500,
			f:     face{bx: 200, by: 200, bw: 100, bh: 100},
			scale: 4.0,
			x0:    50,
			y0:    50,
			x1:    450,
			y1:    450,
		},
		// Near the top-left corner: shifted right and down to start at 0.
		{
			name:  "shifted from the corner",
			w:     500,
			h:     500,
			f:     face{bx: 0, by: 10, bw: 100, bh: 100},
			scale: 2.7,
			x0:    0,
			y0:    0,
			x1:    270,
			y1:    270,
		},
		// Near the bottom-right corner: shifted back to end at the last pixel.
		{
			name:  "shifted from the far corner",
			w:     500,
			h:     500,
			f:     face{bx: 400, by: 400, bw: 100, bh: 100},
			scale: 2.7,
			x0:    229,
			y0:    229,
			x1:    499,
			y1:    499,
		},
		// Too tall for 4.0: the factor is capped at (H−1)/h = 1.99, a box as tall as the image.
		{
			name:  "capped",
			w:     600,
			h:     200,
			f:     face{bx: 250, by: 50, bw: 100, bh: 100},
			scale: 4.0,
			x0:    200,
			y0:    0,
			x1:    399,
			y1:    199,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x0, y0, x1, y1 := cropBox(tt.w, tt.h, tt.f, tt.scale)
			if got, want := [4]int{x0, y0, x1, y1}, [4]int{tt.x0, tt.y0, tt.x1, tt.y1}; got != want {
				t.Errorf("cropBox = %v, want %v", got, want)
			}
		})
	}
}

func TestFindFaces(t *testing.T) {
	// Four priors: two overlapping boxes of one face, one box of another face, one under the
	// threshold.
	scores := []float32{0.1, 0.9, 0.05, 0.95, 0.2, 0.8, 0.4, 0.6}
	boxes := []float32{
		0.125, 0.125, 0.375, 0.5625,
		0.125, 0.125, 0.375, 0.5,
		0.625, 0.25, 0.875, 0.625,
		0.5, 0.5, 0.625, 0.625,
	}
	faces := findFaces(scores, boxes, 200, 100, 0.7, 0.5, 10)
	if len(faces) != 2 {
		t.Fatalf("%d faces, want 2: %+v", len(faces), faces)
	}
	if f := faces[0]; math.Abs(f.score-0.95) > 1e-6 || f.x1 != 25 || f.y1 != 12.5 || f.x2 != 75 || f.y2 != 50 {
		t.Errorf("best face %+v, want the second prior's box scaled to 200×100", f)
	}
	// Upstream's bbox: int(left), int(top), int(right−left+1), int(bottom−top+1).
	if f := faces[0]; f.bx != 25 || f.by != 12 || f.bw != 51 || f.bh != 38 {
		t.Errorf("bbox %d,%d %dx%d, want 25,12 51x38", f.bx, f.by, f.bw, f.bh)
	}
	if got := findFaces(scores, boxes, 200, 100, 0.7, 0.5, 40); len(got) != 0 {
		t.Errorf("with a 40-pixel minimum: %+v, want none (the faces are 37.5 pixels high)", got)
	}
	nan := float32(math.NaN())
	if got := findFaces([]float32{0, nan}, []float32{0, 0, 1, 1}, 10, 10, 0.7, 0.5, 0); len(got) != 0 {
		t.Errorf("a NaN score was kept: %+v", got)
	}
	// A box spilling out of the image is clipped to it.
	if got := findFaces([]float32{0, 0.9}, []float32{-0.2, -0.1, 0.5, 1.3}, 100, 100, 0.7, 0.5, 0); len(got) != 1 ||
		got[0].rect() != image.Rect(0, 0, 50, 100) {
		t.Errorf("clipped face: %+v", got)
	}
}

func TestSoftmaxAndVerdict(t *testing.T) {
	p := softmax([]float32{1000, 1001, 999})
	if math.Abs(p[0]+p[1]+p[2]-1) > 1e-12 || !(p[1] > p[0] && p[0] > p[2]) {
		t.Fatalf("softmax = %v", p)
	}
	tests := []struct {
		name         string
		small, large [3]float64
		live         bool
		attack       string
	}{
		{
			name:   "both real",
			small:  [3]float64{0.1, 0.8, 0.1},
			large:  [3]float64{0, 1, 0},
			live:   true,
			attack: AttackNone,
		},
		{
			name:   "at the threshold",
			small:  [3]float64{0.5, 0.5, 0},
			large:  [3]float64{0.5, 0.5, 0},
			live:   true,
			attack: AttackNone,
		},
		{
			name:   "argmax real but under one half",
			small:  [3]float64{0.3, 0.45, 0.25},
			large:  [3]float64{0.3, 0.45, 0.25},
			live:   false,
			attack: AttackUnknown,
		},
		{
			name:   "disagreeing",
			small:  [3]float64{0.9, 0.1, 0},
			large:  [3]float64{0, 0.8, 0.2},
			live:   false,
			attack: AttackUnknown,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := verdict(tt.small, tt.large, DefaultThreshold)
			if r.IsLive != tt.live || r.AttackType != tt.attack {
				t.Errorf("live %v attack %q, want %v %q", r.IsLive, r.AttackType, tt.live, tt.attack)
			}
			if r.Confidence != (tt.small[1]+tt.large[1])/2 || r.ScoreSmall != tt.small[1] ||
				r.ScoreLarge != tt.large[1] {
				t.Errorf("scores %+v", r)
			}
		})
	}
}

func TestCropInputUniform(t *testing.T) {
	// A uniform colour survives the fixed-point resize exactly, in BGR order.
	img := image.NewNRGBA(image.Rect(0, 0, 300, 200))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{10, 120, 250, 255})
	}
	out := cropInput(upright(img, 1), 20, 10, 280, 190)
	for c, want := range []float32{250, 120, 10} {
		for i := range cropSide * cropSide {
			if got := out[c*cropSide*cropSide+i]; got != want {
				t.Fatalf("plane %d value %d = %v, want %v", c, i, got, want)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	var deep bytes.Buffer
	if err := png.Encode(&deep, image.NewGray16(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{name: "16 bits per channel", data: deep.Bytes(), want: ErrTooLarge},
		// The checker decodes under the budget intake checks (imagefile.BudgetFor).
		{
			name: "progressive JPEG over the memory budget",
			data: imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10),
			want: imagefile.ErrTooCostly,
		},
		{
			name: "JPEG of 1,000 scans",
			data: imagefiletest.ProgressiveJPEG(1000, 1000, 0x22, 1000),
			want: imagefile.ErrTooCostly,
		},
		{
			name: "over the budget is too large to the caller",
			data: imagefiletest.ProgressiveJPEG(1000, 1000, 0x22, 1000),
			want: ErrTooLarge,
		},
		{name: "text", data: []byte("hello"), want: ErrUnsupported},
		{name: "PDF", data: []byte("%PDF-1.4 ..."), want: ErrUnsupported},
		{name: "truncated PNG", data: buf.Bytes()[:20], want: ErrCorrupt},
		{name: "PNG header only", data: []byte("\\x89PNG\\r\\n\\x1a\\n"), want: ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := decode(context.Background(), tt.data, imagefile.MaxPixels); !errors.Is(err, tt.want) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
		})
	}
	if p, err := decode(context.Background(), buf.Bytes(), imagefile.MaxPixels); err != nil || p.w != 2 || p.h != 2 {
		t.Errorf("a valid PNG: %dx%d, %v", p.w, p.h, err)
	}
	if _, err := decode(context.Background(), buf.Bytes(), 3); !errors.Is(err, ErrTooLarge) {
		t.Errorf("4 pixels within a bound of 3: %v, want ErrTooLarge", err)
	}
}

// exifJPEG is a JPEG prefix carrying an EXIF block with the given orientation.
func exifJPEG(order string, orientation uint16) []byte {
	var tiff []byte
	if order == "II" {
		tiff = []byte{
			'I',
			'I',
			42,
			0,
			8,
			0,
			0,
			0,
			1,
			0,
			0x12,
			0x01,
			3,
			0,
			1,
			0,
			0,
			0,
			byte(orientation),
			byte(orientation >> 8),
			0,
			0,
			0,
			0,
			0,
			0,
		}
	} else {
		tiff = []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, byte(orientation >> 8),
			byte(orientation), 0, 0, 0, 0, 0, 0}
	}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 'J', 'F'} // SOI, a short APP0 first
	out = append(out, 0xFF, 0xE1, byte((len(seg)+2)>>8), byte(len(seg)+2))
	out = append(out, seg...)
	return append(out, 0xFF, 0xDA, 0, 2)
}

func TestExifOrientation(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want int
	}{
		{name: "big-endian 6", data: exifJPEG("MM", 6), want: 6},
		{name: "little-endian 8", data: exifJPEG("II", 8), want: 8},
		{name: "out of range", data: exifJPEG("MM", 9), want: 1},
		{name: "truncated", data: exifJPEG("MM", 6)[:30], want: 1},
		{name: "no EXIF", data: []byte{0xFF, 0xD8, 0xFF, 0xDA, 0, 2}, want: 1},
		{name: "not a JPEG", data: []byte("RIFF"), want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := exifOrientation(tt.data); got != tt.want {
				t.Errorf("exifOrientation = %d, want %d", got, tt.want)
			}
		})
	}
}

// FuzzExifOrientation: any bytes give an orientation in 1..8 and no panic.
func FuzzExifOrientation(f *testing.F) {
	f.Add(exifJPEG("MM", 6))
	f.Add(exifJPEG("II", 3))
	f.Add([]byte{0xFF, 0xD8})
	f.Fuzz(func(t *testing.T, data []byte) {
		if o := exifOrientation(data); o < 1 || o > 8 {
			t.Errorf("orientation %d", o)
		}
	})
}

func TestOptionsValidate(t *testing.T) {
	for _, o := range []Option{WithThreshold(-0.1), WithThreshold(1.1), WithFaceScoreThreshold(1), WithMinFaceSize(-1),
		WithMaxPixels(0)} {
		c := defaults()
		o(&c)
		if c.validate() == nil {
			t.Errorf("%+v accepted", c)
		}
	}
	if err := defaults().validate(); err != nil {
		t.Error(err)
	}
}

func TestUpright(t *testing.T) {
	// A 3×2 image of distinct colours, read back through each EXIF orientation and compared with
	// the same turn made by imagefile.Rotate (and a mirror for the mirrored orientations).
	stored := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range 6 {
		stored.Pix[4*i], stored.Pix[4*i+1], stored.Pix[4*i+2], stored.Pix[4*i+3] = uint8(10*i), uint8(100+i), uint8(
			200-i,
		), 255
	}
	mirror := func(img image.Image) image.Image {
		b := img.Bounds()
		out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		for y := range b.Dy() {
			for x := range b.Dx() {
				out.Set(b.Dx()-1-x, y, img.At(b.Min.X+x, b.Min.Y+y))
			}
		}
		return out
	}
	want := map[int]image.Image{
		1: stored,
		2: mirror(stored),
		3: imagefile.Rotate(stored, 180),
		4: imagefile.Rotate(mirror(stored), 180),
		5: imagefile.Rotate(mirror(stored), 270),
		6: imagefile.Rotate(stored, 90),
		7: imagefile.Rotate(mirror(stored), 90),
		8: imagefile.Rotate(stored, 270),
	}
	for o := 1; o <= 8; o++ {
		p, w := upright(stored, o), want[o]
		if p.w != w.Bounds().Dx() || p.h != w.Bounds().Dy() {
			t.Errorf("orientation %d: %dx%d, want %v", o, p.w, p.h, w.Bounds().Size())
			continue
		}
		for y := range p.h {
			for x := range p.w {
				r, g, b := p.at(x, y)
				if c := color.RGBAModel.Convert(w.At(x, y)).(color.RGBA); c.R != r || c.G != g || c.B != b {
					t.Errorf("orientation %d: (%d,%d) = %d,%d,%d, want %v", o, x, y, r, g, b, c)
				}
			}
		}
	}
}

// TestDetectorInputStrip: a one-pixel-wide strip of a million pixels is averaged down first.
func TestDetectorInputStrip(t *testing.T) {
	strip := image.NewRGBA(image.Rect(0, 0, 1, 1_000_000))
	for i := 0; i < len(strip.Pix); i += 4 {
		strip.Pix[i], strip.Pix[i+1], strip.Pix[i+2], strip.Pix[i+3] = 255, 127, 0, 255
	}
	p := upright(strip, 1)
	in := detectorInput(p)
	const plane = detectorW * detectorH
	for c, want := range []float32{1, 0, -127.0 / 128} {
		if got := in[c*plane+plane/2]; math.Abs(float64(got-want)) > 1e-6 {
			t.Errorf("plane %d = %v, want %v", c, got, want)
		}
	}
	if r := boxReduce(p, 640, 480); r.w != 1 || r.h > 480 || r.h < 240 {
		t.Errorf("reduced to %dx%d, want 1 wide and 240 to 480 high", r.w, r.h)
	}
}
