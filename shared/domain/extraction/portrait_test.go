package extraction_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"

	"github.com/trustline/platform/shared/domain/extraction"
)

// portraits is a PortraitFinder that answers the same and remembers the page it was given.
type portraits struct {
	p    extraction.Portrait
	ok   bool
	err  error
	seen image.Rectangle
	n    int
}

func (f *portraits) FindPortrait(_ context.Context, page image.Image) (extraction.Portrait, bool, error) {
	f.seen, f.n = page.Bounds(), f.n+1
	return f.p, f.ok, f.err
}

func greyPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 240
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestMRZReaderRecordsThePortrait(t *testing.T) {
	td3 := []string{"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"}
	box := extraction.Box{X: 10, Y: 20, Width: 30, Height: 40}
	tests := []struct {
		name   string
		finder *portraits
		lines  []string
		page   []byte
		want   *extraction.Portrait
		seen   image.Rectangle
	}{
		{"a face", &portraits{p: extraction.Portrait{Box: box, Score: 0.9}, ok: true}, td3, greyPNG(t, 200, 120),
			&extraction.Portrait{Box: box, Score: 0.9}, image.Rect(0, 0, 200, 120)},
		{"no face", &portraits{}, td3, greyPNG(t, 200, 120), nil, image.Rect(0, 0, 200, 120)},
		{
			"the detector fails: no portrait, the reading stands",
			&portraits{err: errors.New("broken model")},
			td3,
			greyPNG(t, 200, 120),
			nil,
			image.Rect(0, 0, 200, 120),
		},
		// The page is read shrunk to ReadSide (4000): the box comes back in the file's pixels.
		{
			"a page over ReadSide",
			&portraits{p: extraction.Portrait{Box: box, Score: 0.8}, ok: true},
			td3,
			greyPNG(t, 8000, 200),
			&extraction.Portrait{
				Box:   extraction.Box{X: 20, Y: 40, Width: 60, Height: 80},
				Score: 0.8,
			},
			image.Rect(0, 0, 4000, 100),
		},
		{
			"no zone: not looked for",
			&portraits{p: extraction.Portrait{Box: box}, ok: true},
			[]string{"NOTHING HERE"},
			greyPNG(t, 200, 120),
			nil,
			image.Rectangle{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := extraction.MRZReader{Engine: &scripted{lines: tt.lines}, Portraits: tt.finder}
			res, err := r.Read(context.Background(), tt.page, "image/png", "auto")
			if (err != nil) != (tt.lines[0] == "NOTHING HERE") {
				t.Fatal(err)
			}
			switch {
			case (res.Portrait == nil) != (tt.want == nil):
				t.Errorf("portrait %+v, want %+v", res.Portrait, tt.want)
			case tt.want != nil && *res.Portrait != *tt.want:
				t.Errorf("portrait %+v, want %+v", *res.Portrait, *tt.want)
			}
			if tt.finder.seen != tt.seen {
				t.Errorf("the finder saw a page of %v, want %v", tt.finder.seen, tt.seen)
			}
		})
	}
}
