package httpapi

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"unicode/utf8"

	"github.com/trustline/platform/shared/foundation/fault"
)

// MaxFileName bounds the file name of a file part, in characters: the bound of fileName in
// POST /v1/uploads, and a file system's usual limit. The OpenAPI documents state it on every file
// part as x-maxFileNameLength.
const MaxFileName = 255

// Part is one part a multipart/form-data body may carry, with its bounds: what the OpenAPI
// document gives as the property's maxLength (a text part's characters) and, for a part that
// may be repeated, its array's maxItems. A file part's content is bounded by the request
// (MaxRequest) and by its service, its file name by MaxFileName.
type Part struct {
	Name      string
	File      bool
	MaxLength int // characters of a text part; required for text parts
	MaxItems  int // how many parts of this name; 0 means one
}

// FilePart is the content and file name of a file part.
type FilePart struct {
	Name string
	Data []byte // never nil, even when empty
}

// Form is a multipart/form-data body read whole, within its parts' bounds.
type Form struct {
	Files  map[string][]FilePart
	Fields map[string][]string
}

// File is the first file part named name, and whether there is one.
func (f Form) File(name string) (FilePart, bool) {
	if fs := f.Files[name]; len(fs) > 0 {
		return fs[0], true
	}
	return FilePart{}, false
}

// Field is the first text part named name, or "".
func (f Form) Field(name string) string {
	if vs := f.Fields[name]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// ReadForm reads a multipart/form-data body within MaxRequest (larger says the way for larger
// files), keeping the parts declared in parts and skipping the others unread. A part over its
// bounds (a text longer than its MaxLength, a file name longer than MaxFileName, more parts of a
// name than its MaxItems) is a validation failure naming the part and the bound, never echoing
// what was sent; another content type is UnsupportedMedia, a body that is not multipart
// BadRequest.
func ReadForm(r *http.Request, larger string, parts ...Part) (Form, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return Form{}, fault.New(fault.UnsupportedMedia, "Send multipart/form-data.")
	}
	if params["boundary"] == "" {
		return Form{}, fault.New(fault.BadRequest, "The multipart body has no boundary.")
	}
	declared := map[string]Part{}
	for _, p := range parts {
		if !p.File && p.MaxLength < 1 {
			panic("httpapi: text part " + p.Name + " has no MaxLength")
		}
		declared[p.Name] = p
	}
	f := Form{Files: map[string][]FilePart{}, Fields: map[string][]string{}}
	counts := map[string]int{}
	var invalid []string
	mr := multipart.NewReader(Body(r), params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Form{}, BodyError(err, larger)
		}
		p, ok := declared[part.FormName()]
		if !ok {
			continue // NextPart skips what is left of it
		}
		counts[p.Name]++
		if counts[p.Name] > max(p.MaxItems, 1) {
			continue // counted for the answer, not read
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return Form{}, BodyError(err, larger)
		}
		if p.File {
			if n := utf8.RuneCountInString(part.FileName()); n > MaxFileName {
				invalid = append(invalid, fmt.Sprintf("%s: a file name of at most %d characters (%d sent)",
					p.Name, MaxFileName, n))
				continue
			}
			f.Files[p.Name] = append(f.Files[p.Name], FilePart{Name: part.FileName(), Data: data})
			continue
		}
		if n := utf8.RuneCount(data); n > p.MaxLength {
			invalid = append(invalid, fmt.Sprintf("%s: at most %d characters (%d sent)", p.Name, p.MaxLength, n))
			continue
		}
		f.Fields[p.Name] = append(f.Fields[p.Name], string(data))
	}
	for _, p := range parts {
		if n, most := counts[p.Name], max(p.MaxItems, 1); n > most {
			invalid = append(invalid, fmt.Sprintf("%s: at most %d %s (%d sent)", p.Name, most, plural(most), n))
		}
	}
	if len(invalid) > 0 {
		return Form{}, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "A part of the form is over its documented bound.",
			InvalidParams: invalid,
		}
	}
	return f, nil
}

func plural(n int) string {
	if n == 1 {
		return "part"
	}
	return "parts"
}
