package extraction

import (
	"image"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// A box found on the page turned by the reading's rotation comes back onto the same pixels of
// the page as stored.
func TestUnrotate(t *testing.T) {
	const w, h = 50, 30
	want := Box{X: 7, Y: 4, Width: 12, Height: 9}
	page := image.NewGray(image.Rect(0, 0, w, h))
	for y := want.Y; y < want.Y+want.Height; y++ {
		for x := want.X; x < want.X+want.Width; x++ {
			page.Pix[y*page.Stride+x] = 255
		}
	}
	for _, rot := range []int{0, 90, 180, 270} {
		turned := imagefile.Rotate(page, rot).(*image.Gray)
		found := image.Rectangle{}
		for y := range turned.Rect.Dy() {
			for x := range turned.Rect.Dx() {
				if turned.Pix[y*turned.Stride+x] == 255 {
					found = found.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		got := unrotate(Box{X: found.Min.X, Y: found.Min.Y, Width: found.Dx(), Height: found.Dy()}, rot, w, h)
		if got != want {
			t.Errorf("rotation %d: %+v, want %+v", rot, got, want)
		}
	}
}
