package recapture

import "math"

// tilePeak is a local maximum of one tile's power spectrum that stands alone: its frequency in
// bins (u > 0; v signed) and its strength, its power over the median of its ring (the bins at its
// distance from the origin): how far it rises above the spectrum's level at that frequency.
type tilePeak struct {
	u, v     int
	strength float64
}

// What makes a local maximum of a tile's spectrum a peak of a screen's grid or a print's
// halftone, in bins of an n-point tile and factors of power.
const (
	// maxPeriod bounds the periods looked at, in image pixels (the shortest is 2, the Nyquist
	// limit): above 16 the spectrum is the document's own, characters, lines of text and their
	// spacing, security curves, a tinted background's waves.
	maxPeriod = 16
	// axisBand is how far either side of an axis is ignored: straight edges (the page's, a text
	// line's, a table's) put a line of energy on the axis perpendicular to them, and the lines of
	// text and a monospaced zone's characters put combs of isolated peaks on it. The Hann window
	// spreads them over two bins either side, which is 1° to 2° at the periods of a grid.
	axisBand = 2
	// minStrength is the least strength a peak is looked at with: 9 dB, about the largest of a
	// noise spectrum's few thousand bins.
	minStrength = 8.0
	// isolationRadius is the Chebyshev distance of the square ring of bins a peak must stand
	// above: past the Hann window's main lobe (two bins), inside its first sidelobes.
	isolationRadius = 3
	// minIsolation is how far above every bin of that ring a peak must be: a line of energy (a
	// tilted page's edge, text lines at an angle, a texture's stroke direction) crosses the ring
	// at its own level, and noise's largest of 24 bins is about 5 times its median.
	minIsolation = 8.0
	// minSubharmonic is the lowest frequency, in bins, at which a peak's fundamental is looked
	// for (a period of 64 pixels in a 256-pixel tile), and maxHarmonic the highest order: a
	// square wave's fifth harmonic (its harmonics are odd) still has a twenty-fifth of the first's
	// power.
	minSubharmonic = 4
	maxHarmonic    = 6
	// harmonicRatio is how much less (6 dB) a peak's fundamental may stand out of the spectrum
	// and still make it a harmonic: a row of lines' or characters' harmonics fall off with their
	// order.
	harmonicRatio = 4.0
	// minPartnerAngle is how far apart in direction, in degrees, two peaks must be to make a
	// lattice rather than a row of harmonics.
	minPartnerAngle = 20.0
)

// strongest returns the tile's strongest lattice peak in s.power (a zero tilePeak when it has
// none): an isolated peak that is no harmonic of a longer period and has a partner, another such
// peak in a direction at least minPartnerAngle away. A screen's pixel grid and a halftone screen
// are lattices, with peaks in two directions; what a paper photo has that is periodic at these
// periods (a barcode, ruled lines, a row of characters) is a row of stripes, whose peaks are all
// on one line through the origin. medians and scratch are reused buffers.
func (s *spectrum) strongest(l *layout, medians, scratch []float64) tilePeak {
	for r, bins := range l.rings {
		medians[r] = 0
		if len(bins) < 8 { // a corner's last rings: too few bins for a median
			continue
		}
		vals := scratch[:0]
		for _, i := range bins {
			vals = append(vals, s.power[i])
		}
		medians[r] = max(median(vals), s.floor)
	}
	s.fitBackground(l, medians)
	n := s.n
	found := s.found[:0]
	for i, r := range l.ring {
		if r < 0 || medians[r] <= 0 {
			continue
		}
		p := s.power[i]
		strength := p / medians[r]
		if strength < minStrength {
			continue
		}
		u, v := i/n, signed(i%n, n)
		if !s.localMax(u, v, p) || p < minIsolation*s.ringMax(u, v) || s.harmonic(u, v, strength) {
			continue
		}
		found = append(found, tilePeak{u: u, v: v, strength: strength})
	}
	s.found = found
	var best tilePeak
	for _, p := range found {
		if p.strength > best.strength && hasPartner(p, found) {
			best = p
		}
	}
	return best
}

// hasPartner says whether a peak of found other than p lies in a direction at least
// minPartnerAngle from p's (directions taken modulo 180°: a frequency and its opposite are one).
func hasPartner(p tilePeak, found []tilePeak) bool {
	dir := math.Atan2(float64(p.v), float64(p.u)) * 180 / math.Pi
	for _, q := range found {
		d := math.Mod(math.Abs(dir-math.Atan2(float64(q.v), float64(q.u))*180/math.Pi), 180)
		if d >= minPartnerAngle && d <= 180-minPartnerAngle {
			return true
		}
	}
	return false
}

func (s *spectrum) localMax(u, v int, p float64) bool {
	for dv := -1; dv <= 1; dv++ {
		for du := -1; du <= 1; du++ {
			if (du != 0 || dv != 0) && s.at(u+du, v+dv) > p {
				return false
			}
		}
	}
	return true
}

// ringMax is the largest power on the square ring at isolationRadius around (u, v).
func (s *spectrum) ringMax(u, v int) float64 {
	const d = isolationRadius
	m := 0.0
	for k := -d; k <= d; k++ {
		m = max(m, s.at(u+k, v-d), s.at(u+k, v+d))
		if k != -d && k != d {
			m = max(m, s.at(u-d, v+k), s.at(u+d, v+k))
		}
	}
	return m
}

// harmonic says whether the peak at (u, v) of the given strength is a harmonic of a longer
// period: whether a half, a third, ... a maxHarmonic-th of its frequency stands out of the
// spectrum's level there nearly as much (within harmonicRatio). A monospaced zone's characters,
// lines of text at a fixed spacing, a form's ruled lines have periods of tens of pixels, and
// their harmonics reach into the band looked at as isolated peaks in a row from the origin,
// weaker than the first; a screen's grid, a halftone and the moiré they make have nothing at
// half their frequency. The level at a low frequency is the power law fitted to the band's rings
// (fitBackground): a ring of a few bins there is too short for a median, and the very peak
// looked for would raise it. Bins in the axis band do not count: an upright page's lines of text
// are there, below any grid turned a degree or two whose harmonic they would otherwise make it.
func (s *spectrum) harmonic(u, v int, strength float64) bool {
	r := math.Hypot(float64(u), float64(v))
	for k := 2.0; k <= maxHarmonic && r/k >= minSubharmonic; k++ {
		cu, cv := int(math.Round(float64(u)/k)), int(math.Round(float64(v)/k))
		level := s.background(r / k)
		for dv := -1; dv <= 1; dv++ {
			for du := -1; du <= 1; du++ {
				su, sv := cu+du, cv+dv
				if abs(su) <= axisBand || abs(sv) <= axisBand {
					continue
				}
				if s.at(su, sv)/level*harmonicRatio >= strength {
					return true
				}
			}
		}
	}
	return false
}

// fitBackground fits the power law level(r) = exp(a)·r^b to the medians of the band's rings
// (r >= rMin) by least squares on their logarithms: a photo's spectrum falls off about as a
// power of the frequency.
func (s *spectrum) fitBackground(l *layout, medians []float64) {
	var n, sx, sy, sxx, sxy float64
	for r := l.rMin; r < len(medians); r++ {
		if medians[r] <= 0 {
			continue
		}
		x, y := math.Log(float64(r)), math.Log(medians[r])
		n, sx, sy, sxx, sxy = n+1, sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	s.slope, s.intercept = 0, math.Log(s.floor)
	if d := n*sxx - sx*sx; n >= 2 && d > 0 {
		s.slope = (n*sxy - sx*sy) / d
		s.intercept = (sy - s.slope*sx) / n
	}
}

// background is the fitted level of the spectrum at r bins from the origin.
func (s *spectrum) background(r float64) float64 {
	return math.Max(math.Exp(s.intercept+s.slope*math.Log(r)), s.floor)
}

// median returns the median of vals, reordering them (quickselect: a ring's values need no sort).
func median(vals []float64) float64 {
	k := len(vals) / 2
	lo, hi := 0, len(vals)-1
	for lo < hi {
		pivot := vals[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for vals[i] < pivot {
				i++
			}
			for vals[j] > pivot {
				j--
			}
			if i <= j {
				vals[i], vals[j] = vals[j], vals[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return vals[k]
		}
	}
	return vals[k]
}
