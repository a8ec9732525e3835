package ocr

import (
	"context"
	"image"
)

// Line is one line of recognised text.
type Line struct {
	Text       string
	Confidence float64 // the engine's confidence in [0,1]
	// Box is where the line is in the image read, in its pixels; empty when the engine does not
	// say (a PDF read whole).
	Box image.Rectangle
	// Head: only the line's first characters were read (a label cut to its head, PrintedLine.Cut).
	Head bool
	// Words are the line's words, in order, with the engine's confidence in each, when the engine
	// says (Text is then the words joined by single spaces). Confidence is the least of theirs.
	Words []Word
}

// Word is one word of a line and the engine's confidence in it, in [0,1].
type Word struct {
	Text       string
	Confidence float64
}

// Engine recognises printed text.
type Engine interface {
	// Name identifies the engine ("tesseract", "textract"), for logs and stored results.
	Name() string
	// Version is the engine's version, recorded with results so that a change of engine is traceable.
	Version() string
	// Read returns the lines of text in img from top to bottom, an empty slice when it finds none.
	// It returns ctx.Err() when ctx ends before the work starts, and a wrapped error when the engine
	// fails; it does not classify images it cannot read as errors.
	Read(ctx context.Context, img image.Image) ([]Line, error)
}

// LineReader recognises lines a text detector found (FindPrintedLines), without an engine's own
// layout analysis: only what is asked for is read.
type LineReader interface {
	// ReadLines returns one Line for each box of img, in order: its text (empty when nothing was
	// recognised in it), its confidence, and the box of the words read in img's pixels (the box
	// asked for when none was read).
	ReadLines(ctx context.Context, img image.Image, boxes []image.Rectangle) ([]Line, error)
}
