package imagefile

import (
	"bytes"
	"errors"
	"io"
)

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
