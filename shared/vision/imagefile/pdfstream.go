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
	if n, ok := d["Length"].(float64); ok && n >= 0 && n <= float64(len(rest)) {
		after := bytes.TrimLeft(rest[int(n):], "\x00\t\n\f\r ")
		if bytes.HasPrefix(after, []byte("endstream")) {
			end = int(n)
		}
	}
	lx.pos = start + end
	return &pdfStream{dict: d, raw: rest[:end]}
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
