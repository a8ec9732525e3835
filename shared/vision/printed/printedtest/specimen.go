package printedtest

import (
	"bytes"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"

	xdraw "golang.org/x/image/draw"
)

// OnSpecimen prints the JPEG photo over the portrait placeholder of the ICAO TD3 specimen page
// the extraction tests read (testdata/extraction/icao-td3-clean.png: 1250×880 at 10 px/mm, the
// placeholder 4 mm from the left and about 10 mm from the top, 31 mm wide), 300 pixels wide, its
// aspect kept, and returns the page as PNG: a specimen whose portrait a face detector finds.
func OnSpecimen(pagePNG, photoJPEG []byte) ([]byte, error) {
	page, err := png.Decode(bytes.NewReader(pagePNG))
	if err != nil {
		return nil, err
	}
	photo, err := jpeg.Decode(bytes.NewReader(photoJPEG))
	if err != nil {
		return nil, err
	}
	out := image.NewRGBA(page.Bounds())
	draw.Draw(out, out.Bounds(), page, image.Point{}, draw.Src)
	b := photo.Bounds()
	xdraw.CatmullRom.Scale(out, image.Rect(46, 104, 346, 104+300*b.Dy()/b.Dx()), photo, b, draw.Src, nil)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
