package textract_test

import (
	"context"
	"errors"
	"image"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awstextract "github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/trustline/platform/shared/ocr/textract"
)

type fakeAPI struct {
	got *awstextract.DetectDocumentTextInput
	out *awstextract.DetectDocumentTextOutput
	err error
}

func (f *fakeAPI) DetectDocumentText(_ context.Context, in *awstextract.DetectDocumentTextInput, _ ...func(*awstextract.Options)) (*awstextract.DetectDocumentTextOutput, error) {
	f.got = in
	return f.out, f.err
}

func line(text string, top, confidence float32) types.Block {
	return types.Block{BlockType: types.BlockTypeLine, Text: aws.String(text), Confidence: aws.Float32(confidence),
		Geometry: &types.Geometry{BoundingBox: &types.BoundingBox{Top: top}}}
}

func TestReadOrdersLinesAndScalesConfidence(t *testing.T) {
	api := &fakeAPI{out: &awstextract.DetectDocumentTextOutput{Blocks: []types.Block{
		{BlockType: types.BlockTypePage},
		line("L898902C36UTO7408122F1204159ZE184226B<<<<<10", 0.9, 97.5),
		{BlockType: types.BlockTypeWord, Text: aws.String("PASSPORT")},
		line("PASSPORT", 0.1, 99),
		line("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", 0.8, 95),
	}}}
	lines, err := textract.Engine{API: api}.Read(context.Background(), image.NewGray(image.Rect(0, 0, 40, 20)))
	if err != nil {
		t.Fatal(err)
	}
	if len(api.got.Document.Bytes) == 0 || api.got.Document.Bytes[0] != 0xFF {
		t.Errorf("the image was not sent as a JPEG")
	}
	want := []string{"PASSPORT", "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"}
	if len(lines) != 3 {
		t.Fatalf("lines = %+v", lines)
	}
	for i, l := range lines {
		if l.Text != want[i] {
			t.Errorf("line %d = %q, want %q", i, l.Text, want[i])
		}
	}
	if lines[1].Confidence != 0.95 {
		t.Errorf("confidence = %v, want 0.95", lines[1].Confidence)
	}
}

func TestReadDocumentLimitsAndErrors(t *testing.T) {
	api := &fakeAPI{err: errors.New("throttled")}
	e := textract.Engine{API: api}
	if _, err := e.ReadDocument(context.Background(), []byte("%PDF-1.4")); err == nil {
		t.Error("a failed call reported no error")
	}
	api.got = nil
	if _, err := e.ReadDocument(context.Background(), make([]byte, 11<<20)); err == nil || api.got != nil {
		t.Errorf("a document over Textract's limit was sent: %v", err)
	}
}
