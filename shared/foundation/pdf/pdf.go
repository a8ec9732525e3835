// Package pdf writes small PDF files object by object, with their cross-reference table: the
// sandbox's contract documents (text) and the generated test documents (a scanned image). Nothing
// here lays out text or reads PDFs.
package pdf

import (
	"bytes"
	"fmt"
)

// File is a PDF being written. Objects are numbered from 1 in the order they are added; the first
// must be the document catalog.
type File struct {
	b       bytes.Buffer
	offsets []int
}

// New starts a PDF 1.4 file (the binary comment marks it as binary for transfer tools).
func New() *File {
	f := &File{}
	f.b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	return f
}

// Object adds an object with its dictionary and, when stream is not nil, its stream; it returns
// the object's number.
func (f *File) Object(dict string, stream []byte) int {
	f.offsets = append(f.offsets, f.b.Len())
	fmt.Fprintf(&f.b, "%d 0 obj\n%s", len(f.offsets), dict)
	if stream != nil {
		f.b.WriteString("\nstream\n")
		f.b.Write(stream)
		f.b.WriteString("\nendstream")
	}
	f.b.WriteString("\nendobj\n")
	return len(f.offsets)
}

// Bytes ends the file (cross-reference table and trailer) and returns it. info is the number of
// the document information object, or 0 for none.
func (f *File) Bytes(info int) []byte {
	xref := f.b.Len()
	fmt.Fprintf(&f.b, "xref\n0 %d\n0000000000 65535 f \n", len(f.offsets)+1)
	for _, o := range f.offsets {
		fmt.Fprintf(&f.b, "%010d 00000 n \n", o)
	}
	trailer := fmt.Sprintf("/Size %d /Root 1 0 R", len(f.offsets)+1)
	if info > 0 {
		trailer += fmt.Sprintf(" /Info %d 0 R", info)
	}
	fmt.Fprintf(&f.b, "trailer\n<< %s >>\nstartxref\n%d\n%%%%EOF\n", trailer, xref)
	return f.b.Bytes()
}
