package ocr

import (
	"image"
	"math"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// Band is a machine-readable zone found by FindMRZ.
type Band struct {
	// Rect holds the zone's lines with a margin of about one character, clipped to the image, in
	// the image's coordinates.
	Rect image.Rectangle
	// Lines is the number of MRZ lines found: 2 (TD2, TD3, visas) or 3 (TD1).
	Lines int
	// LineHeight is the mean height of the lines' characters in pixels, for scaling before OCR.
	LineHeight int
	// Skew is the lines' slope in degrees, positive when they descend to the right (the document
	// turned clockwise); Rect is the upright rectangle around the slanted lines.
	Skew float64

	// The slanted rectangle around the lines, margin included, in the image's coordinates: its
	// centre, its length along the lines and its thickness across them. Crop cuts it out level;
	// zero for a Band made by hand, which Crop then derives from Rect.
	cx, cy, length, thickness float64
}

// MRZBand returns the rectangle of the machine-readable zone in img, margin included; ok is false
// when no zone is found (no MRZ, or text that is not horizontal: try the other orientations with
// Rotate). It is FindMRZ's rectangle.
func MRZBand(img image.Image) (image.Rectangle, bool) {
	b, ok := FindMRZ(img)
	return b.Rect, ok
}

// Limits of the heuristic. Heights and widths are in pixels of the analysed (shrunk) image.
const (
	analysisSide  = 1280 // longer images are shrunk to this for the analysis
	maxSkew       = 30.0 // degrees searched either way: a phone photo taken without care
	minLineHeight = 4    // below this no OCR engine can read the characters anyway
	minLineRatio  = 18.0 // span / height: an MRZ line has 30 to 44 characters about as wide as high
	maxGapRatio   = 1.2  // a gap wider than this many heights ends a line's span
	// minOverlap is the share of the shorter of two lines that the longer must cover: an
	// overprint, a page edge or a speck lengthens or shortens one line's span, not both.
	minOverlap = 0.6
)

// FindMRZ looks for the machine-readable zone of an identity document: two or three dense text
// lines that overlap along most of their length, evenly spaced, at most maxSkew degrees off the
// horizontal. It works on the image alone (luma, a local threshold, projection of the centres of
// short dark runs along the best slope) and takes a few milliseconds for a 1000×700 image; larger
// images are shrunk first. When
// several zones qualify the lowest wins, as the MRZ sits at the bottom of the page. FindMRZ never
// panics: an image it cannot analyse is reported as having no zone.
func FindMRZ(img image.Image) (band Band, ok bool) {
	defer func() {
		// A heuristic must not take a request down with it; its indexing is bounds-checked, so a
		// panic here would be a bug to fix, reported as "no zone" meanwhile.
		if recover() != nil {
			band, ok = Band{}, false
		}
	}()
	bounds := img.Bounds()
	if bounds.Dx() < 4*minLineHeight || bounds.Dy() < 2*minLineHeight {
		return Band{}, false
	}
	g := imagefile.Grayscale(img)
	scale := 1
	if side := max(bounds.Dx(), bounds.Dy()); side > analysisSide {
		scale = (side + analysisSide - 1) / analysisSide
		g = shrink(g, scale)
	}
	a := analyse(g)
	if a == nil {
		return Band{}, false
	}
	group, ok := a.findGroup()
	if !ok {
		return Band{}, false
	}
	return a.band(group, scale, bounds), true
}

// shrink averages s×s blocks.
func shrink(g *image.Gray, s int) *image.Gray {
	w, h := g.Rect.Dx()/s, g.Rect.Dy()/s
	dst := image.NewGray(image.Rect(0, 0, w, h))
	sums := make([]int, w)
	for y := 0; y < h; y++ {
		clear(sums)
		for dy := 0; dy < s; dy++ {
			row := g.Pix[(y*s+dy)*g.Stride:]
			for x := range sums {
				for _, v := range row[x*s : x*s+s] {
					sums[x] += int(v)
				}
			}
		}
		out := dst.Pix[y*dst.Stride:]
		for x, sum := range sums {
			out[x] = uint8(sum / (s * s))
		}
	}
	return dst
}

// band maps a group of lines back to the original image's coordinates.
func (a *analysis) band(group []int, scale int, bounds image.Rectangle) Band {
	first, last := a.lines[group[0]], a.lines[group[len(group)-1]]
	x0, x1, hsum := a.w, 0, 0
	for _, i := range group {
		x0, x1 = min(x0, a.lines[i].x0), max(x1, a.lines[i].x1)
		hsum += a.lines[i].height()
	}
	cos := 1 / math.Sqrt(1+a.tan*a.tan)
	lh := float64(hsum) / float64(len(group)) * cos // across the lines, not vertically
	// Projected row r at column x is image row r - offset + x*tan.
	yAt := func(r, x float64) float64 { return r - float64(a.offset) + x*a.tan }
	s := float64(scale)
	// The slanted rectangle: the lines' extent along the slope, their rows across it, a margin of
	// about a character along and most of a line across.
	mx, my := 1.5*lh, 0.8*lh
	xc := float64(x0+x1+1) / 2
	rc := float64(first.r0+last.r1+1) / 2
	length := float64(x1+1-x0)/cos + 2*mx
	thickness := float64(last.r1+1-first.r0)*cos + 2*my
	cx, cy := xc, yAt(rc, xc)
	// Its corners bound Rect.
	sin := a.tan * cos
	hx, hy := length/2, thickness/2
	ex := hx*cos + hy*math.Abs(sin)
	ey := hx*math.Abs(sin) + hy*cos
	r := image.Rect(
		int(math.Floor((cx-ex)*s)), int(math.Floor((cy-ey)*s)),
		int(math.Ceil((cx+ex)*s)), int(math.Ceil((cy+ey)*s)),
	).Add(bounds.Min).Intersect(bounds)
	return Band{
		Rect:       r,
		Lines:      len(group),
		LineHeight: int(math.Round(lh * s)),
		Skew:       math.Atan(a.tan) * 180 / math.Pi,
		cx:         cx*s + float64(bounds.Min.X), cy: cy*s + float64(bounds.Min.Y),
		length: length * s, thickness: thickness * s,
	}
}

// Crop returns the zone cut out of img in grey levels, ready for an OCR engine: turned to level
// its lines when they are skewed by a quarter of a degree or more (bilinear resampling, the
// corners filled with the paper's grey), and trimmed of the height the skew had added.
func (b Band) Crop(img image.Image) *image.Gray {
	r := b.Rect.Intersect(img.Bounds())
	if r.Empty() {
		return image.NewGray(image.Rect(0, 0, 0, 0))
	}
	if math.Abs(b.Skew) < 0.25 {
		return imagefile.Grayscale(subImage(img, r))
	}
	sin, cos := math.Sincos(b.Skew * math.Pi / 180)
	w := r.Dx()
	h := max(r.Dy()-int(float64(w)*math.Abs(sin/cos)), r.Dy()/2)
	centreX, centreY := float64(r.Min.X)+float64(w)/2, float64(r.Min.Y)+float64(r.Dy())/2
	if b.length > 0 {
		w, h = int(math.Round(b.length)), int(math.Round(b.thickness))
		centreX, centreY = b.cx, b.cy
	}
	// The source pixels of the levelled rectangle reach a little beyond r's sides, unless r was
	// made around them.
	pad := int(float64(h)*math.Abs(sin)) + 2
	if b.length > 0 {
		pad = 2
	}
	src := imagefile.Grayscale(subImage(img, r.Inset(-pad).Intersect(img.Bounds())))
	origin := r.Inset(-pad).Intersect(img.Bounds()).Min
	// Centre of the zone in src's coordinates.
	cx, cy := centreX-float64(origin.X), centreY-float64(origin.Y)
	paper := paperGrey(src)
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		dy := float64(y) + 0.5 - float64(h)/2
		dx := 0.5 - float64(w)/2
		sx, sy := cx+dx*cos-dy*sin-0.5, cy+dx*sin+dy*cos-0.5
		bilinearRow(src, dst.Pix[y*dst.Stride:y*dst.Stride+w], sx, sy, cos, sin, paper)
	}
	return dst
}

func subImage(img image.Image, r image.Rectangle) image.Image {
	if s, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		return s.SubImage(r)
	}
	dst := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			dst.Set(x, y, img.At(r.Min.X+x, r.Min.Y+y))
		}
	}
	return dst
}

// Above returns the part of the document printed above the zone, levelled like Crop: a
// rectangle as long as the zone plus a tenth on each side and heightRatio times its length high,
// ending at the zone's top edge, resampled by scale (0.5 halves it). It is where a passport or
// card prints its visual zone; parts outside img are filled with the paper's grey.
func (b Band) Above(img image.Image, heightRatio, scale float64) *image.Gray {
	cx, cy, length, thickness := b.cx, b.cy, b.length, b.thickness
	if length <= 0 {
		r := b.Rect
		cx, cy = float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
		length, thickness = float64(r.Dx()), float64(r.Dy())
	}
	sin, cos := math.Sincos(b.Skew * math.Pi / 180)
	w, h := 1.2*length, heightRatio*length
	// The region's centre: from the zone's, up along the lines' normal.
	up := thickness/2 + h/2
	rcx, rcy := cx+up*sin, cy-up*cos
	// Its upright bounding box in img, shrunk first when scale < 1: sampling a rotation with
	// bilinear weights alone would alias the characters.
	reach := (w*math.Abs(cos) + h*math.Abs(sin)) / 2
	tall := (w*math.Abs(sin) + h*math.Abs(cos)) / 2
	box := image.Rect(int(rcx-reach)-2, int(rcy-tall)-2, int(rcx+reach)+3, int(rcy+tall)+3)
	box = box.Intersect(img.Bounds())
	outW, outH := max(1, int(w*scale)), max(1, int(h*scale))
	if box.Empty() {
		return image.NewGray(image.Rect(0, 0, outW, outH))
	}
	src := imagefile.Grayscale(subImage(img, box))
	s := 1.0
	if scale < 1 {
		shrunk := image.Pt(max(1, int(float64(box.Dx())*scale)), max(1, int(float64(box.Dy())*scale)))
		small := image.NewGray(image.Rectangle{Max: shrunk})
		xdraw.BiLinear.Scale(small, small.Rect, src, src.Rect, xdraw.Src, nil)
		src, s = small, scale
	}
	// The region's centre in src's pixels, and the step in src per output pixel.
	ox := (rcx - float64(box.Min.X)) * float64(src.Rect.Dx()) / float64(box.Dx())
	oy := (rcy - float64(box.Min.Y)) * float64(src.Rect.Dy()) / float64(box.Dy())
	step := s / scale
	paper := paperGrey(src)
	dst := image.NewGray(image.Rect(0, 0, outW, outH))
	for y := 0; y < outH; y++ {
		dy := (float64(y) + 0.5 - float64(outH)/2) * step
		dx := (0.5 - float64(outW)/2) * step
		// The row's first sample, and the step along it, in src's pixels.
		sx, sy := ox+dx*cos-dy*sin-0.5, oy+dx*sin+dy*cos-0.5
		bilinearRow(src, dst.Pix[y*dst.Stride:y*dst.Stride+outW], sx, sy, step*cos, step*sin, paper)
	}
	return dst
}

// bilinearRow fills row with bilinear samples of g from (x, y) in steps of (dx, dy), outside g
// with fill: bilinear's weights in 8-bit fixed point, the position advanced rather than computed
// for each pixel (a region is a million samples).
func bilinearRow(g *image.Gray, row []uint8, x, y, dx, dy float64, fill uint8) {
	const one = 1 << 16
	fxp, fyp := int64(math.Round(x*one)), int64(math.Round(y*one))
	sx, sy := int64(math.Round(dx*one)), int64(math.Round(dy*one))
	w, h := g.Rect.Dx(), g.Rect.Dy()
	for i := range row {
		x0, y0 := int(fxp>>16), int(fyp>>16)
		if fxp < 0 || fyp < 0 || x0+1 >= w || y0+1 >= h {
			row[i] = fill
		} else {
			ax, ay := uint32(fxp>>8)&0xff, uint32(fyp>>8)&0xff
			p := g.Pix[y0*g.Stride+x0:]
			q := g.Pix[(y0+1)*g.Stride+x0:]
			top := uint32(p[0])*(256-ax) + uint32(p[1])*ax
			bottom := uint32(q[0])*(256-ax) + uint32(q[1])*ax
			row[i] = uint8((top*(256-ay) + bottom*ay + 1<<15) >> 16)
		}
		fxp += sx
		fyp += sy
	}
}
