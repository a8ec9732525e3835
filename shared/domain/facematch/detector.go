package facematch

import (
	"context"
	"fmt"
	"image"
	"slices"
	"sync"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/modelfiles"
	"github.com/trustline/platform/shared/vision/onnx"
)

// Detector is YuNet alone, for finding a face without comparing it: the extraction worker records
// where a document's portrait is (extraction.PortraitFinder) and ships only this model. Safe for
// concurrent use.
type Detector struct {
	cfg     config
	net     Runner
	scratch sync.Pool // *scratch
}

var _ extraction.PortraitFinder = (*Detector)(nil)

// LoadDetector reads YuNet from modelsDir (checked against its SHA256SUMS, when there is one).
func LoadDetector(modelsDir string, opts ...Option) (*Detector, error) {
	files, release, err := modelfiles.Read(modelsDir, DetectorFile)
	if err != nil {
		return nil, fmt.Errorf("facematch: %w", err)
	}
	defer release()
	det, err := onnx.Load(files[DetectorFile])
	if err != nil {
		return nil, fmt.Errorf("facematch: %w", err)
	}
	if err := checkDetector(det); err != nil {
		return nil, err
	}
	d := &Detector{cfg: newModels(nil, nil, opts...).cfg, net: det}
	d.scratch.New = newScratch
	return d, nil
}

// FindPortrait finds the page's largest face, as Compare picks a document's, its box in the page's
// pixels. A grey page (what the extraction worker decodes) is first shrunk by area averages to the
// detector's side, which is what the detector's own fitting would do, without a call per pixel.
func (d *Detector) FindPortrait(ctx context.Context, page image.Image) (extraction.Portrait, bool, error) {
	if err := ctx.Err(); err != nil {
		return extraction.Portrait{}, false, err
	}
	orig := page.Bounds()
	k := 1.0
	if g, ok := page.(*image.Gray); ok {
		small := imagefile.Downscale(g, detectorSide)
		k = float64(orig.Dx()) / float64(small.Rect.Dx())
		page = small
	}
	sc := d.scratch.Get().(*scratch)
	defer d.scratch.Put(sc)
	found, _, err := detectFaces(d.net, d.cfg, liveness.UprightOf(page), sc)
	if err != nil || len(found) == 0 {
		return extraction.Portrait{}, false, err
	}
	f := slices.MaxFunc(found, func(a, b Face) int { return area(a.Box) - area(b.Box) })
	scale := func(v int) int { return int(float64(v)*k + 0.5) }
	r := image.Rect(scale(f.Box.Min.X), scale(f.Box.Min.Y), scale(f.Box.Max.X), scale(f.Box.Max.Y)).
		Intersect(image.Rect(0, 0, orig.Dx(), orig.Dy()))
	return extraction.Portrait{
		Score: f.Score,
		Box:   extraction.Box{X: r.Min.X, Y: r.Min.Y, Width: r.Dx(), Height: r.Dy()},
	}, true, nil
}
