package imagefile_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
)

func TestRotate(t *testing.T) {
	// 3 wide, 2 high:  1 2 3
	//                  4 5 6
	src := image.NewGray(image.Rect(0, 0, 3, 2))
	copy(src.Pix, []uint8{1, 2, 3, 4, 5, 6})
	tests := []struct {
		degrees int
		w, h    int
		want    []uint8
	}{
		{0, 3, 2, []uint8{1, 2, 3, 4, 5, 6}},
		{90, 2, 3, []uint8{4, 1, 5, 2, 6, 3}}, // clockwise: the left column becomes the top row
		{180, 3, 2, []uint8{6, 5, 4, 3, 2, 1}},
		{270, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
		{-90, 2, 3, []uint8{3, 6, 2, 5, 1, 4}},
		{450, 2, 3, []uint8{4, 1, 5, 2, 6, 3}},
		{45, 3, 2, []uint8{1, 2, 3, 4, 5, 6}}, // not a quarter turn: unchanged
	}
	for _, tt := range tests {
		got := imagefile.Grayscale(imagefile.Rotate(src, tt.degrees))
		if got.Rect.Dx() != tt.w || got.Rect.Dy() != tt.h || string(got.Pix) != string(tt.want) {
			t.Errorf(
				"Rotate(%d) = %dx%d %v, want %dx%d %v",
				tt.degrees,
				got.Rect.Dx(),
				got.Rect.Dy(),
				got.Pix,
				tt.w,
				tt.h,
				tt.want,
			)
		}
	}
}

func TestRotateRoundTrip(t *testing.T) {
	img, _, err := imagefile.Decode(context.Background(), readFile(t, "icao-td1-jpeg.jpg")) // YCbCr
	if err != nil {
		t.Fatal(err)
	}
	// An offset sub-image checks that bounds not starting at (0,0) are handled.
	sub := img.(*image.YCbCr).SubImage(image.Rect(10, 20, 410, 220))
	want := image.NewRGBA(image.Rect(0, 0, 400, 200))
	draw.Draw(want, want.Bounds(), sub, sub.Bounds().Min, draw.Src)
	for _, d := range []int{90, 180, 270} {
		back := imagefile.Rotate(imagefile.Rotate(sub, d), 360-d).(*image.RGBA)
		if back.Rect != want.Rect || string(back.Pix) != string(want.Pix) {
			t.Errorf("Rotate(Rotate(img, %d), %d) differs from img", d, 360-d)
		}
	}
}

func TestGrayscale(t *testing.T) {
	rgba := image.NewRGBA(image.Rect(5, 5, 9, 7))
	colors := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {12, 200, 99, 255}}
	for i := range 8 {
		rgba.SetRGBA(5+i%4, 5+i/4, colors[i%4])
	}
	g := imagefile.Grayscale(rgba)
	if g.Rect != image.Rect(0, 0, 4, 2) {
		t.Fatalf("bounds %v", g.Rect)
	}
	for i := range 8 {
		want := color.GrayModel.Convert(colors[i%4]).(color.Gray).Y
		if got := g.GrayAt(i%4, i/4).Y; int(got)-int(want) > 1 || int(want)-int(got) > 1 {
			t.Errorf("pixel %d: %d, want %d", i, got, want)
		}
	}
}

func TestWebPIsLossless(t *testing.T) {
	webp, _, err := imagefile.Decode(context.Background(), readFile(t, "icao-td1-webp.webp"))
	if err != nil {
		t.Fatal(err)
	}
	png, _, err := imagefile.Decode(context.Background(), readFile(t, "icao-td1-clean.png"))
	if err != nil {
		t.Fatal(err)
	}
	if string(imagefile.Grayscale(webp).Pix) != string(imagefile.Grayscale(png).Pix) {
		t.Error("the WebP's pixels differ from the clean PNG's")
	}
}

// TestLightest: black ink stays black, coloured inks turn light, in RGBA and in a JPEG's YCbCr.
func TestLightest(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			c := color.RGBA{240, 240, 240, 255}
			switch {
			case x < 8 && y < 8:
				c = color.RGBA{20, 22, 30, 255} // MRZ ink
			case x >= 8 && y < 8:
				c = color.RGBA{112, 64, 168, 255} // a violet stamp
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	fromJPEG, err := jpeg.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]image.Image{"rgba": img, "jpeg": fromJPEG} {
		g := imagefile.Lightest(src)
		ink, stamp, paper := g.GrayAt(3, 3).Y, g.GrayAt(12, 3).Y, g.GrayAt(3, 12).Y
		if ink > 45 || stamp < 150 || paper < 225 {
			t.Errorf("%s: ink %d, stamp %d, paper %d; want ink dark, stamp and paper light", name, ink, stamp, paper)
		}
		if luma := imagefile.Grayscale(src).GrayAt(12, 3).Y; luma > 100 {
			t.Errorf("%s: the stamp's luma is %d: the test no longer tells the channels apart", name, luma)
		}
	}
}
