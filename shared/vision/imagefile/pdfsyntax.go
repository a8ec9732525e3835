package imagefile

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
)

// The objects of a PDF (ISO 32000-1, 7.3) as pdfLexer reads them, beside numbers, booleans, nil
// (null) and pdfKeyword.
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
