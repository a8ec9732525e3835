package recapturetest

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// scene is what the camera looks at: the mean linear light of each channel (0 black, 1 white)
// over the points of one photo pixel's footprint, on a plane measured in the scene's own units
// (screen pixels, or document pixels on paper). A scene gets a pixel's points together so that
// what changes slowly (a print's ink coverage) is computed once per pixel.
type scene func(pts *[supersample * supersample][2]float64) [3]float64

// camera is how a phone photographs a scene: turned by Angle degrees (clockwise), Scale photo
// pixels to a scene unit at the photo's centre, looking at the scene point Centre, onto a W×H
// sensor. Keystone is the perspective of a phone held at a slant: the scale grows by that
// fraction from the photo's top edge to its bottom edge (0.1: the bottom's screen pixels 10 %
// larger than the top's), so a grid's pitch differs from tile to tile as it does in a real photo.
type camera struct {
	W, H     int
	Centre   [2]float64
	Angle    float64
	Scale    float64
	Keystone float64
	Blur     float64 // the lens's Gaussian sigma, in photo pixels
	Gain     float64 // exposure: linear light times Gain, clipped at white
	Noise    float64 // sensor grain, the Gaussian sigma in grey levels
	Quality  int     // the JPEG quality the phone saves with
}

// maxSide bounds a generated photo's sides, so that the measured set's two hundred photos take
// tens of seconds, not minutes: the detector looks at a few 256-pixel tiles, and a larger photo
// would only show it more of them.
const maxSide = 800

// supersample is the side of the grid of scene samples each photo pixel averages: the sensor's
// pixel integrates the light over its area, which is what keeps a screen's grid from aliasing
// as hard as point sampling would (and what leaves the moiré that remains).
const supersample = 3

// shoot photographs s with c and returns the luma of the JPEG file the phone would send, as
// imagefile decodes it.
func (c camera) shoot(s scene, rnd *rand.Rand) *image.Gray {
	sin, cos := math.Sincos(c.Angle * math.Pi / 180)
	n := c.W * c.H
	light := [3][]float32{make([]float32, n), make([]float32, n), make([]float32, n)}
	for y := range c.H {
		for x := range c.W {
			var pts [supersample * supersample][2]float64
			for j := range supersample {
				for i := range supersample {
					// The sample's offset from the photo's centre, turned and scaled into the scene.
					px := float64(x) + (float64(i)+0.5)/supersample - float64(c.W)/2
					py := float64(y) + (float64(j)+0.5)/supersample - float64(c.H)/2
					scale := c.Scale * (1 + c.Keystone*py/float64(c.H))
					pts[j*supersample+i] = [2]float64{
						c.Centre[0] + (px*cos+py*sin)/scale,
						c.Centre[1] + (-px*sin+py*cos)/scale,
					}
				}
			}
			v := s(&pts)
			for k := range 3 {
				light[k][y*c.W+x] = float32(v[k])
			}
		}
	}
	rgba := image.NewRGBA(image.Rect(0, 0, c.W, c.H))
	for k := range 3 {
		blur(light[k], c.W, c.H, c.Blur)
	}
	for i := range n {
		for k := range 3 {
			v := 255*math.Min(1, float64(light[k][i])*c.Gain) + rnd.NormFloat64()*c.Noise
			rgba.Pix[4*i+k] = clamp(v)
		}
		rgba.Pix[4*i+3] = 255
	}
	return encode(rgba, c.Quality)
}

// encode is a JPEG round trip at quality q, as the phone saves and the service decodes; it
// returns the decoded luma (imagefile's view of an upload).
func encode(img image.Image, q int) *image.Gray {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		panic(err) // an in-memory encode of an image we made cannot fail
	}
	out, err := jpeg.Decode(&buf)
	if err != nil {
		panic(err)
	}
	return imagefile.Grayscale(out)
}

// blur is a separable Gaussian of sigma pixels over a w×h plane, in place; edges are clamped.
func blur(p []float32, w, h int, sigma float64) {
	if sigma <= 0 {
		return
	}
	r := int(math.Ceil(3 * sigma))
	k := make([]float32, 2*r+1)
	var total float32
	for i := range k {
		d := float64(i - r)
		k[i] = float32(math.Exp(-d * d / (2 * sigma * sigma)))
		total += k[i]
	}
	for i := range k {
		k[i] /= total
	}
	// Each line is copied with r clamped pixels either side, then filtered back into place.
	pad := make([]float32, max(w, h)+2*r)
	line := func(n int, get func(i int) float32, set func(i int, v float32)) {
		for i := range pad[:n+2*r] {
			pad[i] = get(min(n-1, max(0, i-r)))
		}
		for i := range n {
			var s float32
			for j, kv := range k {
				s += kv * pad[i+j]
			}
			set(i, s)
		}
	}
	for y := range h {
		row := p[y*w : (y+1)*w]
		line(w, func(i int) float32 { return row[i] }, func(i int, v float32) { row[i] = v })
	}
	for x := range w {
		line(h, func(i int) float32 { return p[i*w+x] }, func(i int, v float32) { p[i*w+x] = v })
	}
}

// clamp rounds v to a grey level.
func clamp(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}
