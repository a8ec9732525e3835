// Package imagefile reads uploaded image files: it identifies them by their magic bytes, reads
// their headers, decodes JPEG, PNG and WebP within a pixel bound and a budget of decoding cost
// (and renders a PDF's first page with pdftoppm, once its objects say it is within its own), and
// holds the pixel helpers decoding needs (grey levels, shrinking, quarter turns). It is shared by
// the readers of documents (ocr, extraction), the upload checks (handoff) and liveness, none of
// which should link a text reader to sniff a file.
//
// The package is pure Go (no cgo) so that it links into static arm64 Lambda binaries.
package imagefile
