// Package ocr provides what text recognition needs around an engine: the Engine contract,
// grey-level helpers for reading, and MRZBand, which finds a document's machine-readable zone
// with a fast pure-image heuristic. Decoding and sniffing of the files themselves is in
// imagefile.
//
// The package is pure Go (no cgo) so that it links into static arm64 Lambda binaries; engines
// that need native libraries live in subpackages (tesseract) behind build constraints.
package ocr
