package liveness

import "math"

// softmax returns the softmax of three logits, computed in float64.
func softmax(logits []float32) [3]float64 {
	var p [3]float64
	m := math.Inf(-1)
	for _, v := range logits[:3] {
		m = max(m, float64(v))
	}
	var sum float64
	for i, v := range logits[:3] {
		p[i] = math.Exp(float64(v) - m)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// verdict fuses the two models' probabilities as upstream does (their sum, halved) and decides.
func verdict(small, large [3]float64, threshold float64) Result {
	var fused [3]float64
	for i := range fused {
		fused[i] = (small[i] + large[i]) / 2
	}
	r := Result{
		Confidence: fused[1],
		ScoreSmall: small[1],
		ScoreLarge: large[1],
		Fused:      fused,
		AttackType: AttackUnknown,
	}
	if fused[1] >= threshold {
		r.IsLive, r.AttackType = true, AttackNone
	}
	return r
}
