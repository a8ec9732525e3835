package recapture

import (
	"fmt"
	"image"
	"math"
)

// Threshold is the Score at and above which a verdict is Recaptured: the periodic structure's
// strength (Verdict.StrengthDB) at ThresholdDB.
const Threshold = 0.5

// ThresholdDB is the strength a third of the tiles must reach for a recapture: their strongest
// lattice peak that far above the median of the spectrum at its frequency, in decibels of power.
// No photo of paper in the test set has a lattice peak in a third of its tiles (they read 0 dB),
// and the recaptures that do read 18 dB and up; 15 dB is 6 dB above the least peak looked at
// (minStrength), where noise alone may reach (docs/recapture.md has the figures).
const ThresholdDB = 15.0

// softDB is how many decibels take the score from 0.27 to 0.73 around ThresholdDB: a logistic,
// so the score says how far past the line an image is; it is no probability.
const softDB = 4.0

// Verdict is the recapture check's answer for one image.
type Verdict struct {
	// Score is in [0, 1]: near 0 where no tile has periodic structure a paper photo lacks, 0.5 at
	// ThresholdDB, near 1 for a grid or a halftone in most tiles.
	Score float64
	// Recaptured is Score >= Threshold.
	Recaptured bool
	// StrengthDB is what the score is read from: at the scale of tiles that shows it best, the
	// strength of the lattice peak of the tile a third of the way down from the strongest (so
	// a third of the tiles reach it, and one odd patch of the page, a barcode or a fabric, does
	// not); 0 when that tile has none.
	StrengthDB float64
	// Peak is the strongest tile's lattice peak at that scale; zero when no tile has one.
	Peak Peak
	// TileSize is the side of the tiles StrengthDB comes from, Tiles how many were assessed (those
	// with texture enough to have a spectrum) and PeakTiles how many of them have a peak of at
	// least ThresholdDB.
	TileSize, Tiles, PeakTiles int
	// Evidence says in a sentence what was found, for a reviewer.
	Evidence string
}

// Peak is a lattice peak of a tile's power spectrum (isolated, no harmonic of a longer period,
// with a partner in another direction): a periodic structure of the image.
type Peak struct {
	// Period is the structure's period in image pixels, across its stripes.
	Period float64
	// Angle is the direction across the stripes, in degrees from the image's x axis towards its
	// y axis (down), in [0, 180).
	Angle float64
	// StrengthDB is its power over the median of the spectrum at that frequency, in decibels.
	StrengthDB float64
}

// Assess says whether img, the luma of an upload at its own resolution, is a photo of a screen or
// of a print rather than of the document: a periodic lattice at periods of 2 to 16 pixels that
// a document photographed on paper does not have (a screen's pixel grid, the moiré its grid makes
// with the camera's, a print's halftone dots), found as isolated peaks in two directions in the
// power spectra of windowed tiles spread over the image, away from the axes and from JPEG's block
// lattice, no harmonics of a longer period, and in a third of the tiles at least.
//
// img is not downscaled: an area average is the low-pass that removes a grid, and its sampling
// folds what remains into a moiré of its own making. An image under 128 pixels on its shorter
// side, or without minTiles tiles of texture at a scale, has a zero verdict with Evidence saying
// so.
func Assess(img *image.Gray) Verdict {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	v := Verdict{StrengthDB: math.Inf(-1)}
	for _, sc := range scales {
		if min(w, h) < sc.n {
			continue
		}
		t := assessScale(img, sc)
		if len(t.peaks) >= minTiles && t.strengthDB > v.StrengthDB {
			v.StrengthDB, v.TileSize, v.Tiles = t.strengthDB, sc.n, len(t.peaks)
			v.Peak, v.PeakTiles = t.strongest, t.above
		}
	}
	if v.Tiles == 0 {
		return Verdict{Evidence: fmt.Sprintf("an image of %d×%d pixels: too small or too flat to tell", w, h)}
	}
	v.Score = 1 / (1 + math.Exp(-(v.StrengthDB-ThresholdDB)/softDB))
	v.Recaptured = v.Score >= Threshold
	v.Evidence = v.evidence()
	return v
}

func (v Verdict) evidence() string {
	tiles := fmt.Sprintf("%d tiles of %d px", v.Tiles, v.TileSize)
	if v.Peak == (Peak{}) {
		return "no periodic lattice in any of " + tiles
	}
	strongest := fmt.Sprintf("the strongest: period %.1f px at %.0f°, %.0f dB over the spectrum around it",
		v.Peak.Period, v.Peak.Angle, v.Peak.StrengthDB)
	if v.Recaptured {
		return fmt.Sprintf("a screen's pixel grid or a print's halftone: a periodic lattice of %.0f dB or more "+
			"in %d of %s (%s)", ThresholdDB, v.PeakTiles, tiles, strongest)
	}
	return fmt.Sprintf("no recapture: a periodic lattice of %.0f dB or more in %d of %s, where a recapture "+
		"has one in %d at least (%s)", ThresholdDB, v.PeakTiles, tiles, needed(v.Tiles), strongest)
}

// needed is how many of tiles tiles must show a lattice for a recapture: a third, and at least
// minTiles. One strong patch of a page is not the whole capture: a monospaced zone's run of
// fillers ("<<<<<<<<") is a lattice too, finely periodic in its harmonics, and the corpus's cards
// show it in one or two tiles.
func needed(tiles int) int { return max(minTiles, (tiles+2)/3) }

// minTiles is the fewest tiles that make a recapture.
const minTiles = 3
