package imagefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
)

// PDFCost is what rendering a PDF's page would cost, read from its objects before pdftoppm is
// started: the file's pages and objects, and of its costliest page, the size and what drawing it
// runs. Forms, tiling patterns, shadings and annotation appearances are counted each time they
// are drawn, so a form drawn twice by a form drawn twice counts four draws, as the renderer
// spends them: nesting, not the file's size, makes a small PDF costly.
type PDFCost struct {
	Pages, Objects int
	PageSide       float64 // the longest side of a page, in points (1/72 inch), UserUnit applied
	Depth          int     // forms, patterns and appearances drawn within one another
	Draws          int     // forms, patterns, shadings and appearances drawn
	Content        int64   // bytes of content streams run, decoded, each time they are drawn
	ImagePixels    int64   // pixels of the images drawn, inline ones included, each time drawn
	// Refused says why the PDF cannot be measured within the budget (encrypted, a stream in a
	// filter not read, streams decoding to too much): it is not rendered.
	Refused string
}

// PDFBudget bounds what rendering a PDF's page may cost (PDFCost).
type PDFBudget struct {
	Pages, Objects int
	PageSide       float64
	Depth, Draws   int
	Content        int64
	ImagePixels    int64
}

// PDFLimits is the budget of an identity document's PDF: a scan or a photo of a card or a
// passport's pages, or one printed from a phone or an office suite. A scanned page is a content
// stream of a few dozen bytes drawing one image (an A4 page scanned at 600 dpi is 35 megapixels);
// one from an office suite, a few hundred objects, a few forms deep.
var PDFLimits = PDFBudget{
	Pages:       20,          // both sides of a card, a passport's pages, a few scans in one file
	Objects:     20_000,      // a few hundred for an office document
	PageSide:    2160,        // 30 inches, the side pdftoppm renders whole at 200 dpi (pdfMaxSide)
	Depth:       12,          // a form within a form: two or three in real files
	Draws:       2_000,       // forms, patterns, shadings and appearances drawn on one page
	Content:     32 << 20,    // content bytes run on one page: a heavy vector page has a few MB
	ImagePixels: 120_000_000, // pixels of images drawn on one page: 3.4 pages scanned at 600 dpi
}

// pdfDecodedMax bounds what reading a PDF's structure decodes in all (content and object
// streams, each once), whatever the pages: the checker's own work.
const pdfDecodedMax = 64 << 20

// within returns a *CostError when c exceeds b.
func (c *PDFCost) within(b PDFBudget) error {
	var reason string
	switch {
	case c.Refused != "":
		reason = c.Refused
	case c.Pages > b.Pages:
		reason = fmt.Sprintf("the PDF has %d pages; the limit is %d", c.Pages, b.Pages)
	case c.Objects > b.Objects:
		reason = fmt.Sprintf("the PDF has %d objects; the limit is %d", c.Objects, b.Objects)
	case c.PageSide > b.PageSide:
		reason = fmt.Sprintf("a page of the PDF is %.0f points long; the limit is %.0f (%.0f inches)",
			c.PageSide, b.PageSide, b.PageSide/72)
	case c.Depth > b.Depth:
		reason = fmt.Sprintf("the PDF nests forms or patterns %d deep; the limit is %d", c.Depth, b.Depth)
	case c.Draws > b.Draws:
		reason = fmt.Sprintf("a page of the PDF draws forms or patterns %d times; the limit is %d", c.Draws, b.Draws)
	case c.Content > b.Content:
		reason = fmt.Sprintf("a page of the PDF runs %d MB of content; the limit is %d MB", mb(c.Content),
			mb(b.Content))
	case c.ImagePixels > b.ImagePixels:
		reason = fmt.Sprintf("a page of the PDF draws %d megapixels of images; the limit is %d",
			c.ImagePixels/1_000_000, b.ImagePixels/1_000_000)
	default:
		return nil
	}
	return &CostError{Reason: reason}
}

// errPDFOver ends a walk once a bound is passed: the walk's own work stays within the budget.
var errPDFOver = errors.New("over the budget")

// pdfObjectHeader finds the start of every indirect object, wherever it is in the file, as
// poppler does when it rebuilds a damaged cross-reference table: an object the table points to is
// one of them, and an object defined twice (an incremental update) is read in each definition.
var pdfObjectHeader = regexp.MustCompile(`(\d{1,10})[\x00\t\n\f\r ]+(\d{1,5})[\x00\t\n\f\r ]+obj`)

// measurePDF reads every object of a PDF (object streams included) and measures each page's
// drawing, within b: the walk stops at the first bound passed, with the cost so far. Its errors
// wrap ErrCorrupt for a file it cannot read (not rendered: what is not measured is not run), and
// io.ErrUnexpectedEOF too when the file has no %%EOF in its last kilobyte (a head of it); a
// *CostError when it cannot be measured within b.
func measurePDF(data []byte, b PDFBudget) (PDFCost, error) {
	var c PDFCost
	if !bytes.Contains(data[max(0, len(data)-1024):], []byte("%%EOF")) { // where readers look for it
		return c, fmt.Errorf("%w: %s without its end (%%%%EOF): %w", ErrCorrupt, MIMEPDF, io.ErrUnexpectedEOF)
	}
	f := &pdfFile{objects: map[int][]any{}, summaries: map[*pdfStream]*pdfContent{}}
	read := 0 // bytes read by the objects' parses
	for _, m := range pdfObjectHeader.FindAllSubmatchIndex(data, -1) {
		if m[0] > 0 && !pdfSpace(data[m[0]-1]) && !pdfDelimiter(data[m[0]-1]) {
			continue // the digits end another token
		}
		num, _ := strconv.Atoi(string(data[m[2]:m[3]]))
		c.Objects++
		if c.Objects > b.Objects {
			return c, nil
		}
		lx := &pdfLexer{data: data, pos: m[1]}
		v, err := lx.object(0)
		if d, ok := v.(pdfDict); ok && err == nil && lx.keyword("stream") {
			v = f.stream(lx, d)
		}
		// Objects found inside others are read again: bounded, lest a file of nested headers
		// make the reading quadratic.
		if read += lx.pos - m[1]; read > 4*len(data)+1<<20 {
			return c, &CostError{Reason: "the PDF's objects overlap one another"}
		}
		if err != nil {
			continue // not an object after all, or a damaged one: poppler skips it too
		}
		f.objects[num] = append(f.objects[num], v)
	}
	if err := f.expandObjectStreams(&c, b); err != nil {
		return c, err
	}
	if _, encrypted := f.trailerKey(data, "Encrypt"); encrypted {
		return c, &CostError{Reason: "the PDF is encrypted: send its page as an image, or the PDF unencrypted"}
	}
	var pages []pdfDict
	for _, defs := range f.objects {
		for _, v := range defs {
			if d, ok := v.(pdfDict); ok && d["Type"] == pdfName("Page") {
				pages = append(pages, d)
			}
		}
	}
	c.Pages = len(pages)
	if c.Pages == 0 {
		return c, fmt.Errorf("%w: %s without a page", ErrCorrupt, MIMEPDF)
	}
	if c.Pages > b.Pages {
		return c, nil
	}
	for _, p := range pages {
		pc, err := f.measurePage(p, b)
		c.PageSide = max(c.PageSide, pc.PageSide)
		c.Depth, c.Draws = max(c.Depth, pc.Depth), max(c.Draws, pc.Draws)
		c.Content, c.ImagePixels = max(c.Content, pc.Content), max(c.ImagePixels, pc.ImagePixels)
		if errors.Is(err, errPDFOver) {
			return c, nil
		}
		if err != nil {
			return c, err
		}
	}
	return c, nil
}

// pdfFile is a PDF's objects by number, each in every definition found.
type pdfFile struct {
	objects   map[int][]any
	summaries map[*pdfStream]*pdfContent
	decoded   int64 // bytes decoded so far, for pdfDecodedMax
}

// expandObjectStreams reads the objects compressed in object streams (PDF 1.5).
func (f *pdfFile) expandObjectStreams(c *PDFCost, b PDFBudget) error {
	var streams []*pdfStream
	for _, defs := range f.objects {
		for _, v := range defs {
			if s, ok := v.(*pdfStream); ok && s.dict["Type"] == pdfName("ObjStm") {
				streams = append(streams, s)
			}
		}
	}
	for _, s := range streams {
		data, err := f.decode(s)
		if err != nil {
			return err
		}
		n, _ := f.resolve(s.dict["N"]).(float64)
		first, _ := f.resolve(s.dict["First"]).(float64)
		if n < 0 || first < 0 || first > float64(len(data)) {
			continue
		}
		head := &pdfLexer{data: data[:int(first)]}
		for range int(min(n, float64(b.Objects+1))) {
			num, err1 := head.object(0)
			off, err2 := head.object(0)
			numF, ok1 := num.(float64)
			offF, ok2 := off.(float64)
			if err1 != nil || err2 != nil || !ok1 || !ok2 || offF < 0 || first+offF >= float64(len(data)) {
				break
			}
			c.Objects++
			if c.Objects > b.Objects {
				return nil
			}
			lx := &pdfLexer{data: data, pos: int(first + offF)}
			if v, err := lx.object(0); err == nil {
				f.objects[int(numF)] = append(f.objects[int(numF)], v)
			}
		}
	}
	return nil
}

// trailerKey finds key in a trailer dictionary or a cross-reference stream's.
func (f *pdfFile) trailerKey(data []byte, key pdfName) (any, bool) {
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte("trailer"))
		if i < 0 {
			break
		}
		lx := &pdfLexer{data: data, pos: off + i + len("trailer")}
		if d, err := lx.object(0); err == nil {
			if d, ok := d.(pdfDict); ok && d[key] != nil {
				return d[key], true
			}
		}
		off += i + 1
	}
	for _, defs := range f.objects {
		for _, v := range defs {
			if s, ok := v.(*pdfStream); ok && s.dict["Type"] == pdfName("XRef") && s.dict[key] != nil {
				return s.dict[key], true
			}
		}
	}
	return nil, false
}

// resolve follows a reference to its last definition; other values are returned as they are.
func (f *pdfFile) resolve(v any) any {
	for range 8 { // a reference to a reference
		r, ok := v.(pdfRef)
		if !ok {
			return v
		}
		defs := f.objects[r.num]
		if len(defs) == 0 {
			return nil
		}
		v = defs[len(defs)-1]
	}
	return nil
}

// resolveAll is every definition v may stand for: the renderer takes one, the walk each.
func (f *pdfFile) resolveAll(v any) []any {
	if r, ok := v.(pdfRef); ok {
		var all []any
		for _, d := range f.objects[r.num] {
			if _, ok := d.(pdfRef); ok {
				d = f.resolve(d)
			}
			all = append(all, d)
		}
		return all
	}
	return []any{v}
}

func (f *pdfFile) dict(v any) pdfDict {
	switch d := f.resolve(v).(type) {
	case pdfDict:
		return d
	case *pdfStream:
		return d.dict
	}
	return nil
}

// inherited is a page attribute, from the page or the nearest of its ancestors that has it.
func (f *pdfFile) inherited(page pdfDict, key pdfName) any {
	d := page
	for range 32 {
		if d == nil {
			return nil
		}
		if v, ok := d[key]; ok {
			return f.resolve(v)
		}
		d = f.dict(d["Parent"])
	}
	return nil
}

// measurePage measures one page: its size, then its content and annotations drawn.
func (f *pdfFile) measurePage(page pdfDict, b PDFBudget) (PDFCost, error) {
	var c PDFCost
	unit := 1.0
	if u, ok := f.resolve(page["UserUnit"]).(float64); ok && u > 0 {
		unit = u
	}
	for _, key := range []pdfName{"MediaBox", "CropBox"} {
		box, _ := f.inherited(page, key).(pdfArray)
		if len(box) != 4 {
			continue
		}
		var n [4]float64
		for i, v := range box {
			n[i], _ = f.resolve(v).(float64)
		}
		c.PageSide = max(c.PageSide, math.Abs(n[2]-n[0])*unit, math.Abs(n[3]-n[1])*unit)
	}
	if c.PageSide > b.PageSide {
		return c, errPDFOver
	}
	w := &pdfWalk{f: f, b: b, c: &c}
	res := []pdfDict{f.dict(f.inherited(page, "Resources"))}
	contents := f.resolveAll(page["Contents"])
	if arr, ok := f.resolve(page["Contents"]).(pdfArray); ok {
		contents = nil
		for _, v := range arr {
			contents = append(contents, f.resolveAll(v)...)
		}
	}
	for _, v := range contents {
		if s, ok := v.(*pdfStream); ok {
			if err := w.run(s, res, 0); err != nil {
				return c, err
			}
		}
	}
	annots, _ := f.resolve(page["Annots"]).(pdfArray)
	for _, a := range annots {
		ap := f.dict(f.dict(a)["AP"])
		for _, v := range f.resolveAll(ap["N"]) {
			appearances := []any{v}
			if states, ok := v.(pdfDict); ok { // one appearance per state
				appearances = nil
				for _, s := range states {
					appearances = append(appearances, f.resolveAll(s)...)
				}
			}
			for _, s := range appearances {
				if s, ok := s.(*pdfStream); ok {
					if err := w.draw(s, res, 1); err != nil {
						return c, err
					}
				}
			}
		}
	}
	return c, nil
}

// pdfPixels is an image's pixel count, at most 2^40 (over any budget, and no overflow when summed).
func pdfPixels(width, height float64) int64 {
	return int64(min(max(width, 0)*max(height, 0), 1<<40))
}

func cmpOr(a, b any) any {
	if a != nil {
		return a
	}
	return b
}

var errPDFSyntax = errors.New("pdf syntax")
