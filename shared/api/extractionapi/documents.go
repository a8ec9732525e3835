package extractionapi

import (
	"mime"
	"net/http"
	"strings"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
)

// documents reads the documents of a request: multipart/form-data with files, or JSON naming
// uploads. Multipart: `file` (repeated for a batch), `documentType` (once for all, or once per
// file), `referenceId` (once per file, in file order). JSON: {documentType, uploadId or
// handoffSessionId, referenceId} for one, {documents: [...]} of those for a batch.
func documents(r *http.Request, batch bool) ([]extraction.Document, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "multipart/form-data":
		return multipartDocuments(r, batch)
	case err == nil && mt == "application/json":
		type doc struct {
			DocumentType     string `json:"documentType"     maxLength:"32"`
			UploadID         string `json:"uploadId"         maxLength:"64"`
			HandoffSessionID string `json:"handoffSessionId" maxLength:"64"`
			ReferenceID      string `json:"referenceId"      maxLength:"128"`
		}
		var in struct {
			doc
			Documents []doc `json:"documents" maxItems:"50"` // extraction.MaxBatch
		}
		if err := httpapi.DecodeJSON(r, &in); err != nil {
			return nil, err
		}
		list := in.Documents
		if !batch {
			list = []doc{in.doc}
		}
		out := make([]extraction.Document, len(list))
		for i, d := range list {
			out[i] = extraction.Document{
				Type:             d.DocumentType,
				UploadID:         d.UploadID,
				HandoffSessionID: d.HandoffSessionID,
				ReferenceID:      d.ReferenceID,
			}
		}
		return out, nil
	}
	return nil, fault.New(fault.UnsupportedMedia,
		"Send multipart/form-data with a file, or application/json naming an uploadId.")
}

// Forms are the multipart/form-data bodies this package reads, by route, with the bounds their
// OpenAPI document states.
var Forms = map[string][]httpapi.Part{
	"POST /v1/extract/async": {
		{Name: "file", File: true},
		{Name: "documentType", MaxLength: 32},
		{Name: "referenceId", MaxLength: 128},
	},
	"POST /v1/verifications": {
		{Name: "document", File: true},
		{Name: "selfie", File: true},
		{Name: "applicant", MaxLength: 2048},
		{Name: "minimumAge", MaxLength: 3},
		{Name: "referenceId", MaxLength: 128},
		{Name: "policy", MaxLength: 16},
		{Name: "documentType", MaxLength: 32},
	},
	"POST /v1/batches": {
		{Name: "file", File: true, MaxItems: extraction.MaxBatch},
		{Name: "documentType", MaxLength: 32, MaxItems: extraction.MaxBatch},
		{Name: "referenceId", MaxLength: 128, MaxItems: extraction.MaxBatch},
	},
}

func multipartDocuments(r *http.Request, batch bool) ([]extraction.Document, error) {
	form := Forms["POST /v1/extract/async"]
	if batch {
		form = Forms["POST /v1/batches"]
	}
	f, err := httpapi.ReadForm(r, larger, form...)
	if err != nil {
		return nil, err
	}
	files, types, refs := f.Files["file"], f.Fields["documentType"], f.Fields["referenceId"]
	if len(files) == 0 {
		return nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "No file was sent.",
			InvalidParams: []string{"file: required"},
		}
	}
	if len(types) != 1 && len(types) != len(files) {
		return nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "Send one documentType for all files, or one per file.",
			InvalidParams: []string{"documentType: required, once or once per file"},
		}
	}
	if len(refs) > len(files) {
		return nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "More referenceId parts than files.",
			InvalidParams: []string{"referenceId: at most one per file"},
		}
	}
	docs := make([]extraction.Document, len(files))
	for i, file := range files {
		docs[i] = extraction.Document{Data: file.Data, Name: file.Name,
			Type: strings.TrimSpace(types[min(i, len(types)-1)])}
		if i < len(refs) {
			docs[i].ReferenceID = strings.TrimSpace(refs[i])
		}
	}
	return docs, nil
}

// larger is the way for files over the request limit.
const larger = "upload the file with POST /v1/uploads, then extract it by uploadId."
