package recapture

import (
	"math"
	"sync"
)

// layout is what depends on the tile size alone: the bins a peak may be in, grouped by ring (their
// rounded radius) for the background's median.
type layout struct {
	rMin  int
	ring  []int32 // per bin of the half-plane; -1 when no peak is looked for there
	rings [][]int32
}

func newLayout(n int) *layout {
	l := &layout{rMin: n / maxPeriod, ring: make([]int32, (n/2+1)*n)}
	rMax := int(math.Ceil(float64(n) / math.Sqrt2))
	l.rings = make([][]int32, rMax+1)
	block := n / 8 // identical 8×8 JPEG blocks would leave a lattice of peaks at multiples of n/8
	for u := range n/2 + 1 {
		for vi := range n {
			i := u*n + vi
			l.ring[i] = -1
			v := signed(vi, n)
			r := int(math.Round(math.Hypot(float64(u), float64(v))))
			// The column u = n/2 holds each frequency twice, as v and -v.
			if r < l.rMin || u <= axisBand || abs(v) <= axisBand || u == n/2 && v < 0 {
				continue
			}
			if near(u, block) && near(v, block) {
				continue
			}
			l.ring[i] = int32(r)
			l.rings[r] = append(l.rings[r], int32(i))
		}
	}
	return l
}

// near says whether x is within one bin of a multiple of m.
func near(x, m int) bool {
	d := ((x % m) + m) % m
	return d <= 1 || d >= m-1
}

func signed(v, n int) int {
	if v >= n/2 {
		return v - n
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// layouts holds each scale's layout, built once: they depend on the tile size alone.
var layouts = sync.OnceValue(func() map[int]*layout {
	m := map[int]*layout{}
	for _, sc := range scales {
		m[sc.n] = newLayout(sc.n)
	}
	return m
})

func layoutFor(n int) *layout { return layouts()[n] }
