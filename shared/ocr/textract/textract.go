// Package textract is the OCR engine of AWS deployments: Amazon Textract's DetectDocumentText, in
// pure Go, so that the extraction worker stays a static arm64 binary.
package textract

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/trustline/platform/shared/ocr"
)

// API is the part of the Textract client the engine uses.
type API interface {
	DetectDocumentText(ctx context.Context, in *textract.DetectDocumentTextInput, opts ...func(*textract.Options)) (*textract.DetectDocumentTextOutput, error)
}

// Engine reads text with Textract.
type Engine struct {
	API API
}

// maxBytes is Textract's limit on a synchronous document passed inline.
const maxBytes = 10 << 20

// Name is "textract".
func (Engine) Name() string { return "textract" }

// Version is the Textract model family the engine calls.
func (Engine) Version() string { return "DetectDocumentText" }

// Read sends the image as a JPEG and returns its lines from top to bottom.
func (e Engine) Read(ctx context.Context, img image.Image) ([]ocr.Line, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		return nil, fmt.Errorf("textract: encode: %w", err)
	}
	return e.ReadDocument(ctx, buf.Bytes())
}

// ReadDocument reads a file Textract accepts as it is (JPEG, PNG, or a one-page PDF), so a PDF
// needs no renderer in the function.
func (e Engine) ReadDocument(ctx context.Context, data []byte) ([]ocr.Line, error) {
	if len(data) > maxBytes {
		return nil, fmt.Errorf("textract: document of %d bytes is over the %d-byte limit", len(data), maxBytes)
	}
	out, err := e.API.DetectDocumentText(ctx, &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: data}})
	if err != nil {
		return nil, fmt.Errorf("textract: %w", err)
	}
	return Lines(out.Blocks), nil
}

// Lines returns the LINE blocks, top to bottom, with confidences scaled to [0,1].
func Lines(blocks []types.Block) []ocr.Line {
	type positioned struct {
		line ocr.Line
		top  float32
	}
	var ps []positioned
	for _, b := range blocks {
		if b.BlockType != types.BlockTypeLine || b.Text == nil {
			continue
		}
		var top float32
		if b.Geometry != nil && b.Geometry.BoundingBox != nil {
			top = b.Geometry.BoundingBox.Top
		}
		ps = append(ps, positioned{ocr.Line{Text: aws.ToString(b.Text), Confidence: float64(aws.ToFloat32(b.Confidence)) / 100}, top})
	}
	slices.SortStableFunc(ps, func(a, b positioned) int {
		switch {
		case a.top < b.top:
			return -1
		case a.top > b.top:
			return 1
		}
		return 0
	})
	lines := make([]ocr.Line, len(ps))
	for i, p := range ps {
		lines[i] = p.line
	}
	return lines
}
