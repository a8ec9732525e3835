package extraction

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// validate checks a submission's documents as sent, before any file is read: their count, type,
// source and reference.
func (s *Service) validate(docs []Document, asBatch bool) error {
	switch {
	case len(docs) == 0 && asBatch:
		// The same answer as a batch over MaxBatch: the count is out of range.
		return &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        fmt.Sprintf("A batch holds 1 to %d documents.", MaxBatch),
			InvalidParams: []string{fmt.Sprintf("documents: no documents, at least 1 and at most %d", MaxBatch)},
		}
	case len(docs) == 0:
		return fault.New(fault.BadRequest, "No document: send a file, or an uploadId.")
	case !asBatch && len(docs) > 1:
		return fault.New(fault.BadRequest, "One document per extraction: use POST /v1/batches for several.")
	case len(docs) > MaxBatch:
		return &fault.Error{
			Kind:   fault.Invalid,
			Code:   "validation_failed",
			Detail: fmt.Sprintf("A batch holds 1 to %d documents.", MaxBatch),
			InvalidParams: []string{
				fmt.Sprintf("documents: %d documents, at least 1 and at most %d", len(docs), MaxBatch),
			},
		}
	}
	var problems []string
	for i, d := range docs {
		field := func(f string) string {
			if asBatch {
				return fmt.Sprintf("documents[%d].%s", i, f)
			}
			return f
		}
		switch {
		case d.Type == "":
			problems = append(problems, field("documentType")+": required")
		case !KnownType(d.Type):
			known := strings.Join(typeCodes(), ", ")
			problems = append(problems, fmt.Sprintf("%s: %q is not one of %s", field("documentType"), d.Type, known))
		}
		if sources := btoi(d.Data != nil) + btoi(d.UploadID != "") + btoi(d.HandoffSessionID != ""); sources != 1 {
			problems = append(problems, field("file")+": send exactly one of a file, an uploadId or a handoffSessionId")
		}
		if len(d.ReferenceID) > 128 {
			problems = append(problems, field("referenceId")+": at most 128 characters")
		}
	}
	if len(problems) > 0 {
		return &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "The documents are not valid.",
			InvalidParams: problems,
		}
	}
	return nil
}

// headBytes is how much of a stored file intake reads first: enough for the header of any PNG or
// WebP, and of a JPEG after its EXIF, XMP and colour-profile segments.
const headBytes = 256 << 10

// checkImage refuses an image whose header says it is over the pixel limit or 16 bits deep, or
// that would cost more than the decoding budget (imagefile.BudgetFor: memory, a JPEG's scans),
// before anything is stored, charged or queued: the worker decodes under the same budget. head is
// the file or its start; key names the stored file to read whole when its headers run past head
// (a JPEG's scans run to its end). A header that cannot be read passes: the worker fails the file
// as unreadable, with a refund, and a PDF's page is only measured when it is rendered.
func (s *Service) checkImage(ctx context.Context, head []byte, key string, size int64) error {
	h, err := imagefile.ReadHeader(head)
	if errors.Is(err, io.ErrUnexpectedEOF) && key != "" && int64(len(head)) < size {
		if head, err = s.Blobs.Read(ctx, key, s.MaxBytes); err != nil {
			return err
		}
		h, err = imagefile.ReadHeader(head)
	}
	if err != nil && h.Width == 0 {
		return nil
	}
	// A JPEG that ends or breaks after its frame header still says its size, and the scans before
	// the break are scans the decoder would decode: over the budget already, it is refused here.
	if err := h.Check(s.maxPixels()); err != nil {
		return imageRefused(err, fault.TooLarge, s.maxPixels())
	}
	return nil
}

// imageRefused is the problem of an image imagefile refused as too large (image_too_large, of
// the given kind) or too costly to decode (image_too_costly, Invalid: 422 at intake, a failed
// extraction in the worker).
func imageRefused(err error, kind fault.Kind, maxPixels int64) error {
	var ce *imagefile.CostError
	if errors.As(err, &ce) {
		return ImageTooCostly(ce.Reason, maxPixels)
	}
	return ImageTooLarge(kind, maxPixels)
}

// ImageTooCostly is the problem image_too_costly (422) of an image within the pixel bound whose
// decoding would cost more memory or scans than the budget; reason says which.
func ImageTooCostly(reason string, maxPixels int64) error {
	detail := fmt.Sprintf("The image would cost too much to decode: %s. "+
		"Send a baseline (not progressive) JPEG, a PNG or a WebP of at most %d megapixels.",
		reason, maxPixels/1_000_000)
	return &fault.Error{Kind: fault.Invalid, Code: "image_too_costly", Detail: detail}
}

func (s *Service) maxPixels() int64 { return cmp.Or(s.MaxPixels, imagefile.MaxPixels) }

// ImageTooLarge is the problem image_too_large of an image over maxPixels or 16 bits deep: kind
// TooLarge (413) at intake, Invalid (a failed extraction) when the worker finds it.
func ImageTooLarge(kind fault.Kind, maxPixels int64) error {
	mp := maxPixels / 1_000_000
	detail := fmt.Sprintf("The image is over %d megapixels or has 16 bits per channel: "+
		"send an 8-bit JPEG, PNG or WebP of at most %d megapixels.", mp, mp)
	return &fault.Error{Kind: kind, Code: "image_too_large", Detail: detail}
}

// tooLarge is the problem of a file over max bytes, which only an upload takes.
func tooLarge(max int64) error {
	return fault.Newf(fault.TooLarge,
		"The file is over %d MB: upload it with POST /v1/uploads, then extract it by uploadId.", max>>20)
}

// sniffed is the type of a file judged by its content: UnsupportedMedia when extraction reads none.
func sniffed(data []byte) (string, error) {
	if mime, ok := imagefile.Sniff(data); ok {
		return mime, nil
	}
	return "", fault.New(fault.UnsupportedMedia,
		"The file is not a JPEG, PNG, WebP or PDF document (judged by its content, not its name).")
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
