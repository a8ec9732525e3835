package recapture

import (
	"cmp"
	"image"
	"math"
	"slices"
)

// scale is one tiling of the image: tiles of n×n pixels on a grid×grid lattice spread evenly
// over it, corners included. Two scales look at an image large enough: 256-pixel tiles hold 16
// periods of the longest structure looked at and resolve a grid's frequency to about 6 %, while
// 128-pixel tiles see as periodic a grid whose pitch changes across the photo (a screen
// photographed at a slant, its moiré bending), whose peak a larger tile smears into a ridge, and
// place on other bins a peak that the larger tiles would lose on a JPEG lattice point.
type scale struct{ n, grid int }

var scales = []scale{{256, 3}, {128, 4}}

// minTileStd is the standard deviation, in grey levels, under which a tile is not assessed: a
// flat tile (a wall, a screen's dark border, blank paper) has no spectrum to speak of.
const minTileStd = 2.0

// tiling is one scale's reading: each assessed tile's strongest peak (strength 0 for none).
type tiling struct {
	peaks      []tilePeak
	strengthDB float64 // the strength a third of the tiles reach
	strongest  Peak
	above      int // tiles with a peak of at least ThresholdDB
}

func assessScale(img *image.Gray, sc scale) tiling {
	b := img.Bounds()
	s := newSpectrum(sc.n)
	l := layoutFor(sc.n)
	medians := make([]float64, len(l.rings))
	scratch := make([]float64, 0, 4*sc.n)
	var t tiling
	for _, y := range spread(b.Dy(), sc.n, sc.grid) {
		for _, x := range spread(b.Dx(), sc.n, sc.grid) {
			if s.transform(img, b.Min.X+x, b.Min.Y+y) < minTileStd {
				continue
			}
			t.peaks = append(t.peaks, s.strongest(l, medians, scratch))
		}
	}
	if len(t.peaks) < minTiles {
		return t
	}
	k := needed(len(t.peaks))
	byStrength := slices.Clone(t.peaks)
	slices.SortFunc(byStrength, func(a, b tilePeak) int { return cmp.Compare(b.strength, a.strength) })
	t.strengthDB = decibels(byStrength[k-1].strength)
	if top := byStrength[0]; top.strength > 0 {
		t.strongest = top.peak(sc.n)
	}
	for _, p := range t.peaks {
		if decibels(p.strength) >= ThresholdDB {
			t.above++
		}
	}
	return t
}

// decibels is a power ratio in decibels; 0 (no peak) counts as 0 dB.
func decibels(ratio float64) float64 {
	if ratio <= 0 {
		return 0
	}
	return 10 * math.Log10(ratio)
}

// peak describes p, found in an n-point tile, in the image's pixels and degrees.
func (p tilePeak) peak(n int) Peak {
	f := math.Hypot(float64(p.u), float64(p.v)) / float64(n) // cycles per pixel
	angle := math.Atan2(float64(p.v), float64(p.u)) * 180 / math.Pi
	if angle < 0 {
		angle += 180
	}
	return Peak{Period: 1 / f, Angle: angle, StrengthDB: decibels(p.strength)}
}

// spread returns the offsets of up to grid n-point tiles along a side of length size, evenly
// from one end to the other: as many tiles as fit the side, rounded, so that tiles overlap by half
// at most and one patch of the page does not count as several tiles; one tile is centred.
func spread(size, n, grid int) []int {
	grid = max(1, min(grid, (2*size+n)/(2*n)))
	if grid == 1 {
		return []int{(size - n) / 2}
	}
	out := make([]int, grid)
	for i := range out {
		out[i] = (size - n) * i / (grid - 1)
	}
	return slices.Compact(out)
}
