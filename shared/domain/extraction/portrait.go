package extraction

import (
	"context"
	"image"

	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// Portrait is where a completed extraction's page shows a face: the largest the detector found,
// which on an identity document is the holder's portrait (a ghost image beside it is smaller).
// Nothing else of the face is kept.
type Portrait struct {
	Box   Box     `json:"box"`
	Score float64 `json:"score"` // the detector's confidence, 0 to 1
}

// Box is a rectangle in the pixels of the document file, upright by its EXIF orientation: what
// GET /v1/extractions/{id}/document serves (for a PDF, its first page as the worker renders it).
type Box struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Width  int `json:"width"`
	Height int `json:"height"`
}

// PortraitFinder finds the portrait on a page (facematch.Detector does, with YuNet).
type PortraitFinder interface {
	// FindPortrait returns the page's largest face, its box in the page's pixels; ok is false when
	// there is none. An error is the detector's own (a broken model), not the page's.
	FindPortrait(ctx context.Context, page image.Image) (p Portrait, ok bool, err error)
}

// portrait looks for the portrait on the page the zone was read from: the decoded grey page (the
// one the quality verdict judges), turned as the reading turned it so that the face is upright,
// the box turned back and scaled to the file's pixels. The page was shrunk to ReadSide before
// reading; data's header gives the scale back. A detector error costs the portrait, not the
// extraction: it is logged.
func (r MRZReader) portrait(ctx context.Context, page *image.Gray, rotation int, data []byte) *Portrait {
	if r.Portraits == nil || page == nil || page.Rect.Empty() {
		return nil
	}
	p, ok, err := r.Portraits.FindPortrait(ctx, imagefile.Rotate(page, rotation))
	if err != nil {
		logs.From(ctx).ErrorContext(ctx, "portrait detection failed", "error", err)
		return nil
	}
	if !ok {
		return nil
	}
	w, h := page.Rect.Dx(), page.Rect.Dy()
	p.Box = unrotate(p.Box, rotation, w, h)
	if hd, err := imagefile.ReadHeader(data); err == nil && hd.Width > 0 && max(hd.Width, hd.Height) > max(w, h) {
		k := float64(max(hd.Width, hd.Height)) / float64(max(w, h))
		scale := func(v int) int { return int(float64(v)*k + 0.5) }
		p.Box = Box{X: scale(p.Box.X), Y: scale(p.Box.Y), Width: scale(p.Box.Width), Height: scale(p.Box.Height)}
	}
	return &p
}

// unrotate maps a box found on the page turned clockwise by rotation (imagefile.Rotate) back to
// the w×h page.
func unrotate(b Box, rotation, w, h int) Box {
	switch ((rotation % 360) + 360) % 360 {
	case 90:
		return Box{X: b.Y, Y: h - b.X - b.Width, Width: b.Height, Height: b.Width}
	case 180:
		return Box{X: w - b.X - b.Width, Y: h - b.Y - b.Height, Width: b.Width, Height: b.Height}
	case 270:
		return Box{X: w - b.Y - b.Height, Y: b.X, Width: b.Height, Height: b.Width}
	}
	return b
}
