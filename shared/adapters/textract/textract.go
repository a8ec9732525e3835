// Package textract is the OCR engine of AWS deployments: Amazon Textract's DetectDocumentText, in
// pure Go, so that the extraction worker stays a static arm64 binary.
package textract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/ocr"
)

// API is the part of the Textract client the engine uses.
type API interface {
	DetectDocumentText(
		ctx context.Context,
		in *textract.DetectDocumentTextInput,
		opts ...func(*textract.Options),
	) (*textract.DetectDocumentTextOutput, error)
}

// Engine reads text with Textract.
type Engine struct {
	API API
}

// Textract's set quotas for synchronous operations ("Set Quotas in Amazon Textract"): 10 MB for a
// JPEG, PNG or PDF, and at most 10,000 pixels on every side of an image. A document over them is
// refused by the service whatever the attempt, so it is a fault of kind Invalid (the extraction
// fails for good, refunded), not an error that the queue would deliver again.
const (
	maxBytes = 10 << 20
	maxSide  = 10000
)

// tooLarge is the permanent failure of a document over Textract's quotas.
func tooLarge(err error) error {
	return &fault.Error{Kind: fault.Invalid, Code: "image_too_large", Err: err,
		Detail: "The document is over the OCR engine's limits (10 MB, 10,000 pixels a side): send a smaller image."}
}

// Name is "textract".
func (Engine) Name() string { return "textract" }

// Version is the Textract model family the engine calls.
func (Engine) Version() string { return "DetectDocumentText" }

// Read sends the image as a JPEG and returns its lines from top to bottom. An image over
// Textract's quotas is a fault of kind Invalid with code image_too_large.
func (e Engine) Read(ctx context.Context, img image.Image) ([]ocr.Line, error) {
	if b := img.Bounds(); b.Dx() > maxSide || b.Dy() > maxSide {
		return nil, tooLarge(fmt.Errorf("textract: image of %dx%d pixels is over %d a side", b.Dx(), b.Dy(), maxSide))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		return nil, fmt.Errorf("textract: encode: %w", err)
	}
	return e.ReadDocument(ctx, buf.Bytes())
}

// ReadDocument reads a file Textract accepts as it is (JPEG, PNG, or a one-page PDF), so a PDF
// needs no renderer in the function. A document over Textract's quotas, or one it refuses as bad
// or unsupported (a PDF of several pages, a damaged file), is a fault of kind Invalid: sending it
// again cannot succeed.
func (e Engine) ReadDocument(ctx context.Context, data []byte) ([]ocr.Line, error) {
	if len(data) > maxBytes {
		return nil, tooLarge(
			fmt.Errorf("textract: document of %d bytes is over the %d-byte limit", len(data), maxBytes),
		)
	}
	out, err := e.API.DetectDocumentText(ctx, &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: data}})
	var large *types.DocumentTooLargeException
	var bad *types.BadDocumentException
	var unsupported *types.UnsupportedDocumentException
	switch {
	case errors.As(err, &large):
		return nil, tooLarge(fmt.Errorf("textract: %w", err))
	case errors.As(err, &bad), errors.As(err, &unsupported):
		return nil, &fault.Error{Kind: fault.Invalid, Code: "unreadable_file", Err: fmt.Errorf("textract: %w", err),
			Detail: "The OCR engine cannot read the file: it is damaged, or a PDF of more than one page."}
	case err != nil:
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
		ps = append(
			ps,
			positioned{
				ocr.Line{Text: aws.ToString(b.Text), Confidence: float64(aws.ToFloat32(b.Confidence)) / 100},
				top,
			},
		)
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
