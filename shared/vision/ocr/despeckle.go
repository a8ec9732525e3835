package ocr

import (
	"image"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// Despeckle returns a copy of g where every dark speck, a connected group (8-neighbourhood) of
// fewer than minArea pixels darker than g's Otsu threshold, is painted with the paper's grey.
// Characters survive untouched; salt-and-pepper noise and sensor specks, which OCR engines read
// as stray characters at the ends of MRZ lines, go. minArea below 2 returns g itself.
func Despeckle(g *image.Gray, minArea int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if minArea < 2 || w == 0 || h == 0 {
		return g
	}
	src := imagefile.Grayscale(g) // origin (0,0)
	hist := histogram(src)
	t, _ := otsu(hist, w*h)
	paper := uint8(percentile(hist, w*h*9/10))
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		copy(dst.Pix[y*dst.Stride:y*dst.Stride+w], src.Pix[y*src.Stride:])
	}
	seen := make([]bool, w*h)
	var stack, group []int32
	for start := range seen {
		if seen[start] || int(dst.Pix[start/w*dst.Stride+start%w]) > t {
			continue
		}
		// Flood the component.
		stack = append(stack[:0], int32(start))
		group = group[:0]
		seen[start] = true
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			group = append(group, int32(p))
			x, y := p%w, p/w
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					n := ny*w + nx
					if !seen[n] && int(dst.Pix[ny*dst.Stride+nx]) <= t {
						seen[n] = true
						stack = append(stack, int32(n))
					}
				}
			}
		}
		if len(group) < minArea {
			for _, p := range group {
				dst.Pix[int(p)/w*dst.Stride+int(p)%w] = paper
			}
		}
	}
	return dst
}
