package textract_test

import (
	"context"
	"errors"
	"image"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awstextract "github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/trustline/platform/shared/adapters/textract"
	"github.com/trustline/platform/shared/foundation/fault"
)

type fakeAPI struct {
	got *awstextract.DetectDocumentTextInput
	out *awstextract.DetectDocumentTextOutput
	err error
}

func (f *fakeAPI) DetectDocumentText(
	_ context.Context,
	in *awstextract.DetectDocumentTextInput,
	_ ...func(*awstextract.Options),
) (*awstextract.DetectDocumentTextOutput, error) {
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
	want := []string{
		"PASSPORT",
		"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
		"L898902C36UTO7408122F1204159ZE184226B<<<<<10",
	}
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

// A document Textract can never take fails for good (fault Invalid, so the extraction is failed
// and refunded); a throttled or failed call is an error the queue retries.
func TestReadDocumentLimitsAndErrors(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		img  image.Image
		err  error
		code string // "" when the error must not be Invalid
		sent bool
	}{
		{name: "throttled", data: []byte("%PDF-1.4"), err: errors.New("throttled"), sent: true},
		{name: "over 10 MB", data: make([]byte, 11<<20), code: "image_too_large"},
		{name: "over 10000 pixels a side", img: image.NewGray(image.Rect(0, 0, 10001, 2)), code: "image_too_large"},
		{
			name: "refused as too large",
			data: []byte("%PDF-1.4"),
			err:  &types.DocumentTooLargeException{Message: aws.String("too large")},
			code: "image_too_large",
			sent: true,
		},
		{
			name: "bad document",
			data: []byte("%PDF-1.4"),
			err:  &types.BadDocumentException{Message: aws.String("bad")},
			code: "unreadable_file",
			sent: true,
		},
		{
			name: "several pages",
			data: []byte("%PDF-1.4"),
			err:  &types.UnsupportedDocumentException{Message: aws.String("pages")},
			code: "unreadable_file",
			sent: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := &fakeAPI{err: tt.err}
			e := textract.Engine{API: api}
			var err error
			if tt.img != nil {
				_, err = e.Read(context.Background(), tt.img)
			} else {
				_, err = e.ReadDocument(context.Background(), tt.data)
			}
			if err == nil {
				t.Fatal("no error")
			}
			if (api.got != nil) != tt.sent {
				t.Errorf("sent to Textract: %v, want %v", api.got != nil, tt.sent)
			}
			f := fault.As(err)
			switch {
			case tt.code == "" && f.Kind == fault.Invalid:
				t.Errorf("a temporary failure is permanent: %v", err)
			case tt.code != "" && (f.Kind != fault.Invalid || f.Code != tt.code):
				t.Errorf("error %v (kind %v, code %q), want Invalid %s", err, f.Kind, f.Code, tt.code)
			}
		})
	}
}
