package printedtest

import "math/rand/v2"

// rng is a page's random stream with the draws the generator needs.
type rng struct{ *rand.Rand }

func newRNG(seed int64, i int, stream uint64) *rng {
	return &rng{rand.New(rand.NewPCG(uint64(seed), uint64(i)<<8|stream))}
}

// chance is true with probability p.
func (r *rng) chance(p float64) bool { return r.Float64() < p }

// between draws uniformly from [lo, hi).
func (r *rng) between(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }

// pick draws one element of xs.
func pick[T any](r *rng, xs []T) T { return xs[r.IntN(len(xs))] }

// weighted draws an index with probability proportional to its weight.
func (r *rng) weighted(w ...float64) int {
	total := 0.0
	for _, v := range w {
		total += v
	}
	x := r.Float64() * total
	for i, v := range w {
		if x < v {
			return i
		}
		x -= v
	}
	return len(w) - 1
}
