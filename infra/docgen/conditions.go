package main

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// conditions names each capture condition and says what it does; the manifest and the README
// carry these descriptions.
var conditions = []struct{ name, description string }{
	{"clean", "the rendering as is, grey PNG"},
	{"rotated90", "turned 90° clockwise (text runs top to bottom): imagefile.Rotate(img, 270) makes it upright"},
	{"rotated180", "upside down: imagefile.Rotate(img, 180) makes it upright"},
	{
		"rotated270",
		"turned 90° counter-clockwise (text runs bottom to top): imagefile.Rotate(img, 90) makes it upright",
	},
	{"skew", "turned 2 to 3 degrees (angle in the entry, clockwise positive) on a grey background, bilinear"},
	{"noisy", "Gaussian noise (sigma 20 grey levels) and 0.5% salt-and-pepper pixels"},
	{"lowcontrast", "grey levels squeezed into 100-160"},
	{"jpeg", "colour JPEG at quality 35"},
}

// variant is one condition's image and where its MRZ is.
type variant struct {
	img   image.Image
	mrz   image.Rectangle
	angle float64
	jpeg  bool
	// For the realistic conditions: the MRZ's corners where the document is foreshortened, the
	// keystone, and the JPEG quality (0: PNG).
	corners  *[4][2]float64
	keystone float64
	quality  int
}

// makeVariant applies a condition to the rendered document; seed makes the noise reproducible.
func makeVariant(name string, doc *image.RGBA, mrz image.Rectangle, seed uint64, angle float64) variant {
	grey := imagefile.Grayscale(doc)
	w, h := grey.Rect.Dx(), grey.Rect.Dy()
	switch name {
	case "rotated90":
		return variant{img: imagefile.Rotate(grey, 90), mrz: image.Rect(h-mrz.Max.Y, mrz.Min.X, h-mrz.Min.Y, mrz.Max.X)}
	case "rotated180":
		return variant{
			img: imagefile.Rotate(grey, 180),
			mrz: image.Rect(w-mrz.Max.X, h-mrz.Max.Y, w-mrz.Min.X, h-mrz.Min.Y),
		}
	case "rotated270":
		return variant{
			img: imagefile.Rotate(grey, 270),
			mrz: image.Rect(mrz.Min.Y, w-mrz.Max.X, mrz.Max.Y, w-mrz.Min.X),
		}
	case "skew":
		img, box := skew(doc, mrz, angle)
		return variant{img: imagefile.Grayscale(img), mrz: box, angle: angle}
	case "noisy":
		return variant{img: noisy(grey, seed), mrz: mrz}
	case "lowcontrast":
		out := image.NewGray(grey.Rect)
		for i, v := range grey.Pix {
			out.Pix[i] = uint8(100 + int(v)*60/255)
		}
		return variant{img: out, mrz: mrz}
	case "jpeg":
		return variant{img: doc, mrz: mrz, jpeg: true}
	}
	return variant{img: grey, mrz: mrz}
}

// skew turns the document by angle degrees clockwise about its centre onto a larger grey canvas,
// as a slightly crooked photo on a table, and returns the MRZ's upright bounding box there.
func skew(doc *image.RGBA, mrz image.Rectangle, angle float64) (*image.RGBA, image.Rectangle) {
	sin, cos := math.Sincos(angle * math.Pi / 180)
	w, h := float64(doc.Rect.Dx()), float64(doc.Rect.Dy())
	dw := int(math.Ceil(w*math.Abs(cos)+h*math.Abs(sin))) + 40
	dh := int(math.Ceil(w*math.Abs(sin)+h*math.Abs(cos))) + 40
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.RGBA{120, 120, 116, 255}), image.Point{}, draw.Src)
	csx, csy, cdx, cdy := w/2, h/2, float64(dw)/2, float64(dh)/2
	m := f64.Aff3{
		cos, -sin, cdx - (cos*csx - sin*csy),
		sin, cos, cdy - (sin*csx + cos*csy),
	}
	xdraw.BiLinear.Transform(dst, m, doc, doc.Bounds(), xdraw.Src, nil)
	box := image.Rectangle{Min: image.Pt(dw, dh)}
	for _, p := range []image.Point{mrz.Min, {mrz.Max.X, mrz.Min.Y}, {mrz.Min.X, mrz.Max.Y}, mrz.Max} {
		x := m[0]*float64(p.X) + m[1]*float64(p.Y) + m[2]
		y := m[3]*float64(p.X) + m[4]*float64(p.Y) + m[5]
		box.Min.X, box.Min.Y = min(box.Min.X, int(math.Floor(x))), min(box.Min.Y, int(math.Floor(y)))
		box.Max.X, box.Max.Y = max(box.Max.X, int(math.Ceil(x))), max(box.Max.Y, int(math.Ceil(y)))
	}
	return dst, box
}

func noisy(g *image.Gray, seed uint64) *image.Gray {
	r := rand.New(rand.NewPCG(seed, 0x6f6372))
	out := image.NewGray(g.Rect)
	for i, v := range g.Pix {
		n := float64(v) + 20*r.NormFloat64()
		switch p := r.IntN(1000); {
		case p < 5:
			n = 0
		case p < 10:
			n = 255
		}
		out.Pix[i] = uint8(math.Max(0, math.Min(255, math.Round(n))))
	}
	return out
}
