package recapture

import (
	"image"
	"math"

	"gonum.org/v1/gonum/dsp/fourier"
)

// spectrum holds one tile size's transforms and buffers, reused across the tiles of an image.
type spectrum struct {
	n      int
	rows   *fourier.FFT
	cols   *fourier.CmplxFFT
	window []float64
	line   []float64
	coeffs []complex128
	// freq is the transform, column-major: freq[u*n+v] for horizontal frequency u in [0, n/2]
	// and vertical frequency v (v >= n/2 stands for v-n); the other half-plane is its conjugate.
	freq []complex128
	// power is |freq|², same layout.
	power []float64
	// floor is the power that white noise of one grey level's deviation puts in a bin through
	// the window: the least background a photo has. A render or a cleaned scan has flat paper
	// whose spectrum is nearly empty, and a few characters' harmonics would stand infinitely far
	// over a median of nothing.
	floor float64
	// slope and intercept are the power law fitted to the tile's rings (fitBackground).
	slope, intercept float64
	// found is strongest's buffer of peaks.
	found []tilePeak
}

func newSpectrum(n int) *spectrum {
	s := &spectrum{
		n:      n,
		rows:   fourier.NewFFT(n),
		cols:   fourier.NewCmplxFFT(n),
		window: make([]float64, n),
		line:   make([]float64, n),
		coeffs: make([]complex128, n/2+1),
		freq:   make([]complex128, (n/2+1)*n),
		power:  make([]float64, (n/2+1)*n),
	}
	// Hann: the tile's borders are not periodic, and an unwindowed tile's edges would spread a
	// cross of energy over every frequency on the axes and leak a strong peak's power into its
	// neighbours, which the isolation test reads as background.
	var sq float64
	for i := range n {
		s.window[i] = 0.5 - 0.5*math.Cos(2*math.Pi*(float64(i)+0.5)/float64(n))
		sq += s.window[i] * s.window[i]
	}
	s.floor = sq * sq
	return s
}

// transform fills s.power with the windowed power spectrum of g's n×n tile at (x0, y0) and
// returns the tile's standard deviation in grey levels; under minTileStd it returns at once,
// s.power left as it was: a flat tile is not assessed.
func (s *spectrum) transform(g *image.Gray, x0, y0 int) float64 {
	n := s.n
	var sum, sq float64
	for y := range n {
		row := g.Pix[g.PixOffset(x0, y0+y):][:n]
		for _, p := range row {
			v := float64(p)
			sum += v
			sq += v * v
		}
	}
	mean := sum / float64(n*n)
	std := math.Sqrt(max(0, sq/float64(n*n)-mean*mean))
	if std < minTileStd {
		return std
	}
	for y := range n {
		row := g.Pix[g.PixOffset(x0, y0+y):][:n]
		wy := s.window[y]
		for x, p := range row {
			s.line[x] = (float64(p) - mean) * wy * s.window[x]
		}
		s.rows.Coefficients(s.coeffs, s.line)
		for u, c := range s.coeffs {
			s.freq[u*n+y] = c
		}
	}
	for u := range n/2 + 1 {
		col := s.freq[u*n : (u+1)*n]
		s.cols.Coefficients(col, col)
		pw := s.power[u*n : (u+1)*n]
		for v, c := range col {
			pw[v] = real(c)*real(c) + imag(c)*imag(c)
		}
	}
	return std
}

// at is the power at frequency (u, v), either half-plane, any sign: the other half is the
// conjugate of the transform of a real tile, of the same power.
func (s *spectrum) at(u, v int) float64 {
	n := s.n
	u, v = ((u%n)+n)%n, ((v%n)+n)%n
	if u > n/2 {
		u, v = n-u, (n-v)%n
	}
	return s.power[u*n+v]
}
