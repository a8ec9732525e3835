package imagefile

import (
	"bytes"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
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

type (
	pdfName   string
	pdfString string
	pdfDict   map[pdfName]any
	pdfArray  []any
	pdfRef    struct{ num, gen int }
	pdfStream struct {
		dict pdfDict
		raw  []byte
	}
)

// stream reads the data of a stream whose dictionary d was just read: /Length bytes when they end
// at endstream, else up to endstream, as poppler reads a stream whose length is wrong.
func (f *pdfFile) stream(lx *pdfLexer, d pdfDict) *pdfStream {
	start := lx.pos
	if start < len(lx.data) && lx.data[start] == '\r' {
		start++
	}
	if start < len(lx.data) && lx.data[start] == '\n' {
		start++
	}
	rest := lx.data[start:]
	end := bytes.Index(rest, []byte("endstream"))
	if end < 0 {
		end = len(rest)
	}
	if n, ok := d["Length"].(float64); ok && n >= 0 && n <= float64(len(rest)) &&
		bytes.HasPrefix(bytes.TrimLeft(rest[int(n):], "\x00\t\n\f\r "), []byte("endstream")) {
		end = int(n)
	}
	lx.pos = start + end
	return &pdfStream{dict: d, raw: rest[:end]}
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

// pdfWalk runs a page's content streams as the renderer would, counting what they draw.
type pdfWalk struct {
	f *pdfFile
	b PDFBudget
	c *PDFCost
}

// draw draws a form, a tiling pattern's cell or an appearance: a content stream of its own,
// nested depth deep, with its own resources before those it is drawn within.
func (w *pdfWalk) draw(s *pdfStream, res []pdfDict, depth int) error {
	w.c.Draws++
	w.c.Depth = max(w.c.Depth, depth)
	if w.c.Draws > w.b.Draws || depth > w.b.Depth {
		return errPDFOver
	}
	if own := w.f.dict(s.dict["Resources"]); own != nil {
		res = append(res[:len(res):len(res)], own)
	}
	return w.run(s, res, depth)
}

// run counts a content stream's bytes and inline images, and draws what its operators name.
func (w *pdfWalk) run(s *pdfStream, res []pdfDict, depth int) error {
	content, err := w.f.content(s, w.b.Content)
	if err != nil {
		return err
	}
	w.c.Content += content.size
	w.c.ImagePixels += content.inlinePixels
	if w.c.Content > w.b.Content || w.c.ImagePixels > w.b.ImagePixels {
		return errPDFOver
	}
	for _, op := range content.uses {
		for _, v := range w.lookup(res, op.category, op.name) {
			if err := w.use(op.category, v, res, depth); err != nil {
				return err
			}
		}
	}
	return nil
}

// use draws one resource: a form or a pattern's cell is run, an image counted, a shading counted
// with its data.
func (w *pdfWalk) use(category pdfName, v any, res []pdfDict, depth int) error {
	s, isStream := v.(*pdfStream)
	switch {
	case category == "XObject" && isStream && s.dict["Subtype"] == pdfName("Form"):
		return w.draw(s, res, depth+1)
	case category == "XObject" && isStream && s.dict["Subtype"] == pdfName("Image"):
		width, _ := w.f.resolve(s.dict["Width"]).(float64)
		height, _ := w.f.resolve(s.dict["Height"]).(float64)
		w.c.ImagePixels += pdfPixels(width, height)
		if w.c.ImagePixels > w.b.ImagePixels {
			return errPDFOver
		}
	case category == "Pattern" && isStream: // a tiling pattern: its cell is a content stream
		return w.draw(s, res, depth+1)
	case category == "Pattern": // a shading pattern
		for _, sh := range w.f.resolveAll(w.f.dict(v)["Shading"]) {
			if err := w.use("Shading", sh, res, depth); err != nil {
				return err
			}
		}
	case category == "Shading":
		w.c.Draws++
		if isStream { // a mesh: its data is its cost
			w.c.Content += int64(len(s.raw))
		}
		if w.c.Draws > w.b.Draws || w.c.Content > w.b.Content {
			return errPDFOver
		}
	}
	return nil
}

// lookup resolves a resource name as poppler does: in the innermost resources that have it, then
// outwards.
func (w *pdfWalk) lookup(res []pdfDict, category, name pdfName) []any {
	for i := len(res) - 1; i >= 0; i-- {
		if v, ok := w.f.dict(res[i][category])[name]; ok {
			return w.f.resolveAll(v)
		}
	}
	return nil
}

// pdfContent is what a content stream's operators name, read once however often it is drawn.
type pdfContent struct {
	size         int64
	inlinePixels int64
	uses         []pdfUse
}

// pdfUse is a resource a content stream draws: an XObject (Do), a pattern (scn, SCN) or a shading
// (sh).
type pdfUse struct{ category, name pdfName }

// content reads a content stream's operators once; one that decodes to over limit bytes is
// neither decoded further nor read (its size is over the budget already).
func (f *pdfFile) content(s *pdfStream, limit int64) (*pdfContent, error) {
	if c, ok := f.summaries[s]; ok {
		return c, nil
	}
	data, err := f.decodeWithin(s, limit+1)
	if err != nil {
		return nil, err
	}
	c := &pdfContent{size: int64(len(data))}
	f.summaries[s] = c
	if c.size > limit {
		return c, nil
	}
	lx := &pdfLexer{data: data}
	var last any
	var dict pdfDict // an inline image's
	for {
		v, err := lx.object(0)
		if errors.Is(err, io.EOF) {
			return c, nil
		}
		if err != nil { // a stray delimiter: the renderer skips it
			lx.pos++
			continue
		}
		op, isOp := v.(pdfKeyword)
		if !isOp {
			if dict != nil {
				if k, ok := last.(pdfName); ok {
					dict[k] = v
					last = nil
					continue
				}
			}
			last = v
			continue
		}
		name, _ := last.(pdfName)
		switch op {
		case "Do":
			c.uses = append(c.uses, pdfUse{"XObject", name})
		case "scn", "SCN":
			if name != "" {
				c.uses = append(c.uses, pdfUse{"Pattern", name})
			}
		case "sh":
			c.uses = append(c.uses, pdfUse{"Shading", name})
		case "BI":
			dict = pdfDict{}
		case "ID":
			width, _ := cmpOr(dict["W"], dict["Width"]).(float64)
			height, _ := cmpOr(dict["H"], dict["Height"]).(float64)
			c.inlinePixels += pdfPixels(width, height)
			dict = nil
			// The image's data runs to EI between white space.
			i := lx.pos + 1
			for i < len(data) {
				j := bytes.Index(data[i:], []byte("EI"))
				if j < 0 {
					i = len(data)
					break
				}
				i += j
				if pdfSpace(data[i-1]) && (i+2 == len(data) || pdfSpace(data[i+2]) || pdfDelimiter(data[i+2])) {
					break
				}
				i += 2
			}
			lx.pos = min(i+2, len(data))
		}
		last = nil
	}
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

// decode decodes a stream's data through its filters (Flate, ASCIIHex, ASCII85), within what is
// left of pdfDecodedMax. A stream in another filter (LZW, RunLength: never a content stream from
// a current writer) is refused: what is not measured is not rendered.
func (f *pdfFile) decode(s *pdfStream) ([]byte, error) { return f.decodeWithin(s, math.MaxInt64) }

// decodeWithin is decode, stopping at limit bytes: a stream cut there is over a bound already.
func (f *pdfFile) decodeWithin(s *pdfStream, limit int64) ([]byte, error) {
	var filters []any
	switch v := f.resolve(s.dict["Filter"]).(type) {
	case pdfName:
		filters = []any{v}
	case pdfArray:
		filters = v
	}
	data := s.raw
	for i, v := range filters {
		var r io.Reader
		switch name, _ := f.resolve(v).(pdfName); name {
		case "FlateDecode", "Fl":
			z, err := zlib.NewReader(bytes.NewReader(data))
			if err != nil {
				return nil, fmt.Errorf("%w: %s: a damaged compressed stream: %v", ErrCorrupt, MIMEPDF, err)
			}
			r = z
		case "ASCIIHexDecode", "AHx":
			end := bytes.IndexByte(data, '>')
			if end < 0 {
				end = len(data)
			}
			r = hex.NewDecoder(&pdfNoSpace{data: data[:end]})
		case "ASCII85Decode", "A85":
			end := bytes.Index(data, []byte("~>"))
			if end < 0 {
				end = len(data)
			}
			r = ascii85.NewDecoder(bytes.NewReader(data[:end]))
		default:
			return nil, &CostError{Reason: fmt.Sprintf("a stream of the PDF is in %s, which is not read before "+
				"rendering: send its page as an image", name)}
		}
		left := pdfDecodedMax - f.decoded
		if i < len(filters)-1 { // an inner stage's length says little of the last one's
			limit = math.MaxInt64
		}
		out, err := io.ReadAll(io.LimitReader(r, min(left+1, limit)))
		if int64(len(out)) > left {
			return nil, &CostError{Reason: fmt.Sprintf("the PDF's streams decode to over %d MB",
				pdfDecodedMax>>20)}
		}
		if err != nil && len(out) == 0 && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%w: %s: a damaged stream: %v", ErrCorrupt, MIMEPDF, err)
		}
		f.decoded += int64(len(out))
		data = out // a damaged stream's start is what the renderer draws too
	}
	if len(filters) == 0 {
		f.decoded += int64(len(data))
	}
	return data, nil
}

// pdfNoSpace reads data without its white space (ASCIIHex data may have any).
type pdfNoSpace struct{ data []byte }

func (r *pdfNoSpace) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && len(r.data) > 0 {
		if !pdfSpace(r.data[0]) {
			p[n] = r.data[0]
			n++
		}
		r.data = r.data[1:]
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// pdfKeyword is a bare word: an operator of a content stream, or obj, stream, true, null...
type pdfKeyword string

// pdfLexer reads PDF objects (ISO 32000-1, 7.2 and 7.3) from data at pos.
type pdfLexer struct {
	data []byte
	pos  int
}

func pdfSpace(c byte) bool {
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func pdfDelimiter(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (lx *pdfLexer) skipSpace() {
	for lx.pos < len(lx.data) {
		switch c := lx.data[lx.pos]; {
		case pdfSpace(c):
			lx.pos++
		case c == '%':
			for lx.pos < len(lx.data) && lx.data[lx.pos] != '\n' && lx.data[lx.pos] != '\r' {
				lx.pos++
			}
		default:
			return
		}
	}
}

// keyword reads word if it comes next, else leaves the position.
func (lx *pdfLexer) keyword(word string) bool {
	save := lx.pos
	lx.skipSpace()
	if bytes.HasPrefix(lx.data[lx.pos:], []byte(word)) {
		end := lx.pos + len(word)
		if end == len(lx.data) || pdfSpace(lx.data[end]) || pdfDelimiter(lx.data[end]) {
			lx.pos = end
			return true
		}
	}
	lx.pos = save
	return false
}

var errPDFSyntax = errors.New("pdf syntax")

// object reads one object: a number, a reference, a name, a string, an array, a dictionary or a
// keyword; io.EOF at the end of data. Nesting beyond 64 arrays or dictionaries is an error.
func (lx *pdfLexer) object(depth int) (any, error) {
	if depth > 64 {
		return nil, errPDFSyntax
	}
	lx.skipSpace()
	if lx.pos >= len(lx.data) {
		return nil, io.EOF
	}
	d := lx.data
	switch c := d[lx.pos]; c {
	case '/':
		lx.pos++
		start := lx.pos
		for lx.pos < len(d) && !pdfSpace(d[lx.pos]) && !pdfDelimiter(d[lx.pos]) {
			lx.pos++
		}
		return pdfName(unescapeName(d[start:lx.pos])), nil
	case '(':
		nest := 0
		start := lx.pos
		for lx.pos < len(d) {
			switch d[lx.pos] {
			case '\\':
				lx.pos++
			case '(':
				nest++
			case ')':
				nest--
			}
			lx.pos++
			if nest == 0 {
				return pdfString(d[start:lx.pos]), nil
			}
		}
		return nil, errPDFSyntax
	case '<':
		if lx.pos+1 < len(d) && d[lx.pos+1] == '<' {
			lx.pos += 2
			dict := pdfDict{}
			for {
				lx.skipSpace()
				if lx.pos+1 < len(d) && d[lx.pos] == '>' && d[lx.pos+1] == '>' {
					lx.pos += 2
					return dict, nil
				}
				k, err := lx.object(depth + 1)
				if err != nil {
					return nil, errPDFSyntax
				}
				key, ok := k.(pdfName)
				if !ok {
					return nil, errPDFSyntax
				}
				v, err := lx.object(depth + 1)
				if err != nil {
					return nil, errPDFSyntax
				}
				dict[key] = v
			}
		}
		end := bytes.IndexByte(d[lx.pos:], '>')
		if end < 0 {
			return nil, errPDFSyntax
		}
		lx.pos += end + 1
		return pdfString(""), nil
	case '[':
		lx.pos++
		var arr pdfArray
		for {
			lx.skipSpace()
			if lx.pos < len(d) && d[lx.pos] == ']' {
				lx.pos++
				return arr, nil
			}
			v, err := lx.object(depth + 1)
			if err != nil {
				return nil, errPDFSyntax
			}
			arr = append(arr, v)
		}
	case ')', '>', ']', '{', '}':
		if c == '{' || c == '}' { // PostScript calculator braces: a token each
			lx.pos++
			return pdfKeyword(string(c)), nil
		}
		return nil, errPDFSyntax
	}
	start := lx.pos
	for lx.pos < len(d) && !pdfSpace(d[lx.pos]) && !pdfDelimiter(d[lx.pos]) {
		lx.pos++
	}
	word := string(d[start:lx.pos])
	n, err := strconv.ParseFloat(word, 64)
	if err != nil || strings.Trim(word, "+-.0123456789") != "" { // not "inf", "nan" nor "1e9"
		switch word {
		case "true":
			return true, nil
		case "false":
			return false, nil
		case "null":
			return nil, nil
		}
		return pdfKeyword(word), nil
	}
	// "num gen R" is a reference: looked ahead for without reading an object, so that a number
	// before a long array costs no second reading of it.
	save := lx.pos
	lx.skipSpace()
	digits := lx.pos
	for lx.pos < len(d) && lx.pos-digits <= 5 && '0' <= d[lx.pos] && d[lx.pos] <= '9' {
		lx.pos++
	}
	if lx.pos > digits && n >= 0 && n == math.Trunc(n) && lx.keyword("R") {
		gen, _ := strconv.Atoi(string(d[digits:lx.pos]))
		return pdfRef{num: int(n), gen: gen}, nil
	}
	lx.pos = save
	return n, nil
}

// unescapeName decodes a name's #xx escapes.
func unescapeName(b []byte) string {
	if bytes.IndexByte(b, '#') < 0 {
		return string(b)
	}
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '#' && i+2 < len(b) {
			if v, err := strconv.ParseUint(string(b[i+1:i+3]), 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}
