// Package ocr provides what text recognition needs around an engine: the Engine contract, content
// sniffing and bounded decoding of uploaded images and PDFs, rotation, grey-level helpers, and
// MRZBand, which finds a document's machine-readable zone with a fast pure-image heuristic.
//
// The package is pure Go (no cgo) so that it links into static arm64 Lambda binaries; engines
// that need native libraries live in subpackages (tesseract) behind build constraints.
package ocr
