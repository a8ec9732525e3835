package ocr

import (
	"image"
	"testing"
)

// FuzzFindMRZ feeds arbitrary grey images to the heuristic without FindMRZ's recover, which must
// never be needed.
func FuzzFindMRZ(f *testing.F) {
	f.Add(uint16(40), uint16(30), uint8(1), []byte{0, 255, 0, 255, 128})
	f.Add(uint16(1400), uint16(10), uint8(3), []byte("P<UTOERIKSSON<<ANNA<MARIA"))
	f.Add(uint16(300), uint16(90), uint8(7), []byte{0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, w, h uint16, stride uint8, pix []byte) {
		w, h = w%1500+1, h%1500+1
		g := image.NewGray(image.Rect(0, 0, int(w), int(h)))
		if len(pix) > 0 {
			// Rows of the pattern shifted by stride: stripes, checkerboards and text-like runs.
			for y := 0; y < int(h); y++ {
				for x := 0; x < int(w); x++ {
					g.Pix[y*g.Stride+x] = pix[(x+y*int(stride))%len(pix)]
				}
			}
		}
		scale := 1
		if side := max(int(w), int(h)); side > analysisSide {
			scale = (side + analysisSide - 1) / analysisSide
			g = shrink(g, scale)
		}
		if a := analyse(g); a != nil {
			if group, ok := a.findGroup(); ok {
				full := image.Rect(0, 0, int(w), int(h))
				b := a.band(group, scale, full)
				if !b.Rect.In(full) {
					t.Fatalf("band %v outside %v", b.Rect, full)
				}
				b.Crop(g)
			}
		}
		Despeckle(g, 4)
	})
}
