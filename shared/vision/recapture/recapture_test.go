package recapture_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/recapture"
)

// lattice is a 2-D grating of period pitch pixels turned by deg degrees, amplitude grey levels
// either side of 128: a screen's grid or a halftone as the spectrum sees it.
func lattice(pitch, deg, amplitude float64) func(x, y float64) float64 {
	sin, cos := math.Sincos(deg * math.Pi / 180)
	return func(x, y float64) float64 {
		u, v := (x*cos+y*sin)/pitch, (-x*sin+y*cos)/pitch
		return 128 + amplitude*(math.Cos(2*math.Pi*u)+math.Cos(2*math.Pi*v))/2
	}
}

// TestAssessFindsALattice: a grid at a pitch of a few pixels, slightly turned, is a recapture,
// and the verdict names its period and direction.
func TestAssessFindsALattice(t *testing.T) {
	for _, c := range []struct {
		name       string
		w, h       int
		pitch, deg float64
	}{
		{"pitch 4 at 30°", 1000, 700, 4, 30},
		{"pitch 2.6 at 3°", 1000, 700, 2.6, 3},
		{"pitch 7 at 45°, a 320×240 image", 320, 240, 7, 45},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := recapture.Assess(grey(c.w, c.h, 3, lattice(c.pitch, c.deg, 12)))
			if !v.Recaptured || v.Score < recapture.Threshold || v.Score > 1 {
				t.Fatalf("%+v: want a recapture", v)
			}
			if math.Abs(v.Peak.Period-c.pitch) > 0.1*c.pitch {
				t.Errorf("period %.2f px, want %.2f", v.Peak.Period, c.pitch)
			}
			// Either of the lattice's directions, c.deg or c.deg+90.
			if d := math.Mod(math.Abs(v.Peak.Angle-c.deg), 90); math.Min(d, 90-d) > 3 {
				t.Errorf("angle %.1f°, want %.0f° or %.0f°", v.Peak.Angle, c.deg, c.deg+90)
			}
			if v.PeakTiles < v.Tiles/2 || !strings.Contains(v.Evidence, "screen") {
				t.Errorf("%d of %d tiles, evidence %q", v.PeakTiles, v.Tiles, v.Evidence)
			}
		})
	}
}

// TestAssessIgnoresWhatPapersHave: what photos of paper have that is periodic or sharp is not a
// recapture: text lines along an axis, a tilted page's lines and their harmonics, JPEG's blocks
// and their lattice, one patch of stripes (a barcode) or of a lattice (a logo's halftone, a zone's
// fillers), grain alone; nor is an image too small or too flat to tell. Nor, as the price of
// ignoring the axes, is a grid along them.
func TestAssessIgnoresWhatPapersHave(t *testing.T) {
	// Lines a third of their period thick, photographed: a lens's Gaussian blur of 0.7 px across
	// their edges (a razor-sharp pattern has harmonics past the Nyquist limit, folded back in
	// every direction, that no camera records).
	lines := func(period, deg float64) func(x, y float64) float64 {
		sin, cos := math.Sincos(deg * math.Pi / 180)
		edge := func(d float64) float64 { return 0.5 * math.Erfc(-d/(0.7*math.Sqrt2)) }
		return func(x, y float64) float64 {
			d := math.Mod(x*sin+y*cos+1e4*period, period)
			ink := 0.0
			for m := -1.0; m <= 1; m++ {
				ink += edge(d-m*period) - edge(d-m*period-period/3)
			}
			return 220 - 180*ink
		}
	}
	barcode := func(x, y float64) float64 {
		if x > 300 && x < 520 && y > 300 && y < 420 && math.Mod(x, 5) < 2 {
			return 30
		}
		return 200
	}
	ramp := func(x, y float64) float64 { return 60 + x/8 }
	// What identical 8×8 blocks' ringing would leave: a lattice of JPEG's period along both axes.
	blockLattice := func(x, y float64) float64 {
		return 128 + 15*math.Cos(2*math.Pi*x/8)*math.Cos(2*math.Pi*y/8)
	}
	patch := func(x, y float64) float64 {
		if x > 600 && y > 400 && x < 900 && y < 650 {
			return lattice(3.5, 30, 12)(x, y)
		}
		return 128
	}
	level := func(v float64) func(x, y float64) float64 { return func(x, y float64) float64 { return v } }
	for _, c := range []struct {
		name     string
		img      *image.Gray
		evidence string
	}{
		{"text lines every 8 px along the axis", grey(1000, 700, 3, lines(8, 0)), "tiles"},
		{"lines every 28 px turned 20°, harmonics and all", grey(1000, 700, 3, lines(28, 20)), "tiles"},
		{"JPEG blocks at quality 15", blocky(t, grey(1000, 700, 6, ramp)), "tiles"},
		{"JPEG's block lattice", grey(1000, 700, 3, blockLattice), "tiles"},
		{"a barcode's patch", grey(1000, 700, 3, barcode), "tiles"},
		{"a lattice's patch", grey(1000, 700, 3, patch), "in 1 of 9 tiles"},
		{"a grid within 1.5° of the axes", grey(1000, 700, 3, lattice(5, 1.5, 12)), "tiles"},
		{"grain", grey(1000, 700, 8, level(128)), "tiles"},
		{"too small", grey(120, 400, 3, lattice(4, 30, 12)), "too small"},
		{"flat", grey(1000, 700, 0, level(200)), "too small or too flat"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := recapture.Assess(c.img)
			if v.Recaptured || v.Score >= recapture.Threshold || v.Score < 0 {
				t.Fatalf("%+v: want no recapture", v)
			}
			if !strings.Contains(v.Evidence, c.evidence) {
				t.Errorf("evidence %q, want it to say %q", v.Evidence, c.evidence)
			}
		})
	}
}

// blocky returns g through a JPEG round trip at quality 15: a lattice of 8×8 blocks.
func blocky(t *testing.T, g *image.Gray) *image.Gray {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, g, &jpeg.Options{Quality: 15}); err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return imagefile.Grayscale(img)
}

// TestAssessReadsTheImageWithinItsBounds: a sub-image is assessed by its own pixels, wherever it
// sits in its parent.
func TestAssessReadsTheImageWithinItsBounds(t *testing.T) {
	g := grey(1200, 900, 3, func(x, y float64) float64 {
		if x >= 600 {
			return lattice(4, 30, 12)(x, y)
		}
		return 128
	})
	right := recapture.Assess(g.SubImage(image.Rect(600, 0, 1200, 900)).(*image.Gray))
	left := recapture.Assess(g.SubImage(image.Rect(0, 0, 600, 900)).(*image.Gray))
	if !right.Recaptured || left.Recaptured {
		t.Fatalf("grid half %+v, plain half %+v", right, left)
	}
}
