package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/textlimit"
)

// maxJSONBody bounds JSON request bodies; files travel as multipart or through S3.
const maxJSONBody = 1 << 20

// WriteJSON answers v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// DecodeJSON reads a JSON request body into v. It answers the fault kinds a caller can act on:
// UnsupportedMedia for another content type, TooLarge over 1 MiB, BadRequest for malformed JSON,
// unknown fields or trailing data; Invalid for a string over its field's maxLength tag
// (textlimit), before the handler does anything with the body.
func DecodeJSON(r *http.Request, v any) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return fault.New(fault.UnsupportedMedia, "Content-Type must be application/json.")
	}
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		var syntax *json.SyntaxError
		entry, named := fault.JSONProblem("", err)
		switch {
		case errors.As(err, &tooBig):
			return fault.Newf(fault.TooLarge, "JSON bodies are limited to %d bytes.", maxJSONBody)
		case errors.As(err, &syntax):
			return fault.Newf(fault.BadRequest, "Malformed JSON at byte %d.", syntax.Offset)
		case named:
			return &fault.Error{
				Kind:          fault.BadRequest,
				Detail:        "The body does not have the documented shape: " + entry + ".",
				InvalidParams: []string{entry},
			}
		case errors.Is(err, io.EOF):
			return fault.New(fault.BadRequest, "The request body is empty.")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return fault.New(fault.BadRequest, "Malformed JSON: the body ends before its value does.")
		default: // the decoder's own wording names Go types and layouts, which a caller cannot act on
			return fault.New(fault.BadRequest, "Malformed JSON: the body is not of the documented shape.")
		}
	}
	// Only white space may follow the value. dec.More would not do: it reports the end of an
	// enclosing object or array at a `}` or `]`, and so passed a body with one of them after it.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return fault.Newf(fault.TooLarge, "JSON bodies are limited to %d bytes.", maxJSONBody)
		}
		return fault.New(fault.BadRequest, "Unexpected data after the JSON body.")
	}
	if long := textlimit.Check(v, ""); len(long) > 0 {
		return &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "A field is longer than its documented maxLength.",
			InvalidParams: long,
		}
	}
	return nil
}
