package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/trustline/platform/shared/foundation/fault"
)

// MaxRequest is Lambda's request limit: API Gateway refuses a larger event before a function sees
// it, and the local runner does the same. Files beyond it travel through presigned uploads.
const MaxRequest = 6 << 20

// Body bounds a request body to MaxRequest.
func Body(r *http.Request) io.Reader { return http.MaxBytesReader(nil, r.Body, MaxRequest) }

// BodyError classifies an error reading a body from Body: over the limit is TooLarge, with larger
// saying the way for larger files; anything else is a malformed body.
func BodyError(err error, larger string) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return fault.New(fault.TooLarge, "The request is over 6 MB: "+larger)
	}
	return &fault.Error{Kind: fault.BadRequest, Detail: "The request body is malformed.", Err: err}
}

// FileForm is a body of one `file` part, as FormFile reads it.
var FileForm = []Part{{Name: "file", File: true}}

// FormFile reads the `file` part of a multipart/form-data body within MaxRequest and returns its
// file name and content (ReadForm, with FileForm's bounds). No such part is a validation failure
// naming the field.
func FormFile(r *http.Request, larger string) (string, []byte, error) {
	f, err := ReadForm(r, larger, FileForm...)
	if fault.Is(err, fault.UnsupportedMedia) {
		return "", nil, fault.New(fault.UnsupportedMedia, "Send multipart/form-data with a file part.")
	}
	if err != nil {
		return "", nil, err
	}
	file, ok := f.File("file")
	if !ok {
		return "", nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "No file was sent.",
			InvalidParams: []string{"file: required"},
		}
	}
	return file.Name, file.Data, nil
}
