//go:build cgo && !notesseract

package tesseract

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/otiai10/gosseract/v2"
	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr"
)

// Engine reads MRZ text with Tesseract. It is safe for concurrent use: each recognition borrows
// one of a bounded set of Tesseract instances, which are not safe for concurrent use themselves.
type Engine struct {
	modelsDir  string
	printed    bool // the Latin model reading a page's printed text, not the MRZ model
	version    string
	textHeight int
	slots      chan struct{} // one token per instance that may exist

	mu     sync.Mutex
	idle   []*gosseract.Client
	closed bool
}

var _ ocr.Engine = (*Engine)(nil)

// ErrClosed is returned by Read after Close.
var ErrClosed = errors.New("tesseract: engine closed")

// initMu serialises Tesseract initialisations: gosseract redirects the process's stderr while
// Tesseract loads a model, which two concurrent loads would garble.
var initMu sync.Mutex

// New loads ModelFile from modelsDir, after checking it against modelsDir's SHA256SUMS when there
// is one, and recognises a blank image once so that a model Tesseract cannot load fails here
// rather than on the first request.
//
// Run the process with OMP_THREAD_LIMIT=1 in its environment: Debian's libtesseract uses OpenMP
// with up to four threads per recognition, which spin against each other on one or two vCPUs
// (measured: a band in 100 ms with the limit, 460 ms without, on two shared cores). libgomp reads
// the variable once, when the binary loads, so it cannot be set from Go.
func New(modelsDir string, opts ...Option) (*Engine, error) {
	c := config{clients: 1, textHeight: defaultTextHeight}
	for _, o := range opts {
		o(&c)
	}
	if err := verifyModel(modelsDir); err != nil {
		return nil, err
	}
	e := &Engine{
		modelsDir:  modelsDir,
		version:    gosseract.Version(),
		textHeight: c.textHeight,
		slots:      make(chan struct{}, c.clients),
	}
	client, err := e.newClient()
	if err != nil {
		return nil, err
	}
	e.idle = append(e.idle, client)
	return e, nil
}

// NewPrinted loads the printed zone's model, PrintedModelFile, from dir (DefaultTessdata when
// empty) after checking its pinned digest. Its Read returns a page's text as it is laid out:
// each line split where a wide gap separates two columns, with the box of each part.
func NewPrinted(dir string, opts ...Option) (*Engine, error) {
	c := config{clients: 1}
	for _, o := range opts {
		o(&c)
	}
	dir = cmp.Or(dir, DefaultTessdata)
	if err := verifyPrintedModel(dir); err != nil {
		return nil, err
	}
	e := &Engine{modelsDir: dir, printed: true, version: gosseract.Version(), slots: make(chan struct{}, c.clients)}
	client, err := e.newClient()
	if err != nil {
		return nil, err
	}
	e.idle = append(e.idle, client)
	return e, nil
}

// Name returns "tesseract".
func (*Engine) Name() string { return "tesseract" }

// Version returns libtesseract's version, such as "5.3.0".
func (e *Engine) Version() string { return e.version }

// Close frees the idle Tesseract instances, and the busy ones as their recognitions end. Read
// fails with ErrClosed afterwards.
func (e *Engine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closed = true
	var errs []error
	for _, c := range e.idle {
		errs = append(errs, c.Close())
	}
	e.idle = nil
	return errors.Join(errs...)
}

// bandAspect: an image at least this many times wider than high is an MRZ band.
const bandAspect = 3

// Read recognises the MRZ characters in img and returns its lines from top to bottom with their
// confidence; characters outside Alphabet are never returned, so other printed text comes out
// as noise or not at all. An image at least three times wider than high is taken for a band of
// MRZ lines (a crop around ocr.MRZBand): it is levelled, cleaned of specks and scaled (see
// prepareBand), then read as one block of uniform lines. Anything else is read as it is with
// Tesseract's automatic page segmentation, two to three times slower.
//
// Read returns ctx.Err() when ctx ends while waiting for an instance (a recognition itself cannot
// be interrupted), ErrClosed after Close, and Tesseract's failures wrapped.
func (e *Engine) Read(ctx context.Context, img image.Image) ([]ocr.Line, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b := img.Bounds()
	if b.Empty() {
		return []ocr.Line{}, nil
	}
	g := imagefile.Grayscale(img)
	band := !e.printed && b.Dx() >= bandAspect*b.Dy()
	if band {
		g = e.prepareBand(g)
	}
	client, err := e.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer e.release(client)
	psm := gosseract.PSM_AUTO
	switch {
	case band:
		psm = gosseract.PSM_SINGLE_BLOCK
	case e.printed:
		// Sparse text: each block of text apart. The automatic layout joins what stands on one row
		// into one line (86 % of side-by-side values merged on the labelled set, 1.4 % in sparse
		// mode, at the same cost: docs/ocr-engines.md).
		psm = gosseract.PSM_SPARSE_TEXT
	}
	if err := setImage(client, g, psm); err != nil {
		return nil, err
	}
	if e.printed {
		words, err := client.GetBoundingBoxesVerbose()
		if err != nil {
			return nil, fmt.Errorf("tesseract: %w", err)
		}
		return segments(words), nil
	}
	boxes, err := client.GetBoundingBoxes(gosseract.RIL_TEXTLINE)
	if err != nil {
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	// Tesseract reports lines in reading order, block by block; the contract is top to bottom.
	slices.SortStableFunc(boxes, func(a, b gosseract.BoundingBox) int { return a.Box.Min.Y - b.Box.Min.Y })
	lines := make([]ocr.Line, 0, len(boxes))
	for _, bx := range boxes {
		text := strings.TrimSpace(bx.Word)
		if text == "" {
			continue
		}
		lines = append(lines, ocr.Line{Text: text, Confidence: unit(bx.Confidence), Box: bx.Box})
	}
	return lines, nil
}

// setImage gives g to the client, to be read in page segmentation mode psm. The image goes as a
// binary PGM, which Leptonica reads as it is: a PNG would be filtered and checksummed for nothing.
func setImage(client *gosseract.Client, g *image.Gray, psm gosseract.PageSegMode) error {
	if err := client.SetVariable("tessedit_pageseg_mode", strconv.Itoa(int(psm))); err != nil {
		return fmt.Errorf("tesseract: %w", err)
	}
	w, h := g.Rect.Dx(), g.Rect.Dy()
	header := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
	buf := make([]byte, len(header), len(header)+w*h)
	copy(buf, header)
	for y := range h {
		buf = append(buf, g.Pix[y*g.Stride:y*g.Stride+w]...)
	}
	if err := client.SetImageFromBytes(buf); err != nil {
		return fmt.Errorf("tesseract: %w", err)
	}
	return nil
}

// inkLevelsHeight is the character height from which a band's faint greys are whitened
// (ocr.InkLevels): smaller characters are all anti-aliased edge.
const inkLevelsHeight = 16

// maxUpscale bounds scaling: a band whose characters are a few pixels high is not worth more.
const maxUpscale = 4

// prepareBand finds the MRZ lines in a band with ocr.FindMRZ and, when it finds them, levels them
// if skewed and trims the crop to them (Band.Crop), evens out its lighting (a shadow across the
// zone: ocr.FlattenIllumination), whitens greys fainter than ink when its characters are large
// enough (ocr.InkLevels: what is left of stamps and pen strokes), paints over noise specks (a thirtieth of a
// character's square: a character is one blob far larger), and enlarges characters smaller than
// the text height. A band where FindMRZ finds nothing is read as it is.
func (e *Engine) prepareBand(g *image.Gray) *image.Gray {
	zone, ok := ocr.FindMRZ(g)
	if !ok || zone.LineHeight <= 0 {
		return g
	}
	g = ocr.FlattenIllumination(zone.Crop(g), 2*zone.LineHeight)
	if zone.LineHeight >= inkLevelsHeight {
		g = ocr.InkLevels(g)
	}
	g = ocr.Despeckle(g, zone.LineHeight*zone.LineHeight/30)
	if e.textHeight == 0 || zone.LineHeight >= e.textHeight {
		return g
	}
	f := math.Min(maxUpscale, float64(e.textHeight)/float64(zone.LineHeight))
	if f < 1.1 {
		return g
	}
	dst := image.NewGray(image.Rect(0, 0, int(float64(g.Rect.Dx())*f), int(float64(g.Rect.Dy())*f)))
	xdraw.CatmullRom.Scale(dst, dst.Rect, g, g.Rect, xdraw.Src, nil)
	return dst
}

func (e *Engine) acquire(ctx context.Context) (*gosseract.Client, error) {
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		<-e.slots
		return nil, ErrClosed
	}
	var c *gosseract.Client
	if n := len(e.idle); n > 0 {
		c, e.idle = e.idle[n-1], e.idle[:n-1]
	}
	e.mu.Unlock()
	if c != nil {
		return c, nil
	}
	c, err := e.newClient()
	if err != nil {
		<-e.slots
		return nil, err
	}
	return c, nil
}

func (e *Engine) release(c *gosseract.Client) {
	e.mu.Lock()
	if e.closed {
		c.Close()
	} else {
		e.idle = append(e.idle, c)
	}
	e.mu.Unlock()
	<-e.slots
}

// newClient makes a Tesseract instance for the engine's model and initialises it by reading a blank
// image (gosseract loads the model on the first recognition).
func (e *Engine) newClient() (*gosseract.Client, error) {
	c := gosseract.NewClient()
	// gosseract joins the prefix and language itself: the prefix is the directory of the model.
	if err := c.SetTessdataPrefix(e.modelsDir); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	lang, file := language, ModelFile
	vars := map[gosseract.SettableVariable]string{
		gosseract.TESSEDIT_CHAR_WHITELIST: Alphabet,
		// The images carry no resolution; this silences Tesseract's guess and its warning.
		"user_defined_dpi":   "300",
		gosseract.DEBUG_FILE: "/dev/null",
	}
	if e.printed {
		lang, file = printedLanguage, PrintedModelFile
		delete(vars, gosseract.TESSEDIT_CHAR_WHITELIST)
		// Printed zones are dark on light: reading each doubtful line again inverted (Tesseract's
		// default) costs a third of the time and finds nothing there.
		vars["tessedit_do_invert"] = "0"
	}
	if err := c.SetLanguage(lang); err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	for k, v := range vars {
		if err := c.SetVariable(k, v); err != nil {
			c.Close()
			return nil, fmt.Errorf("tesseract: %w", err)
		}
	}
	if err := setImage(c, image.NewGray(image.Rect(0, 0, 64, 32)), gosseract.PSM_SINGLE_BLOCK); err != nil {
		c.Close()
		return nil, err
	}
	initMu.Lock()
	_, err := c.GetBoundingBoxes(gosseract.RIL_TEXTLINE)
	initMu.Unlock()
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("tesseract: loading %s from %s: %w", file, e.modelsDir, err)
	}
	return c, nil
}
