// Package extractionapi provides the HTTP endpoints of identity-document extraction: intake
// (inline files, presigned uploads, batches), polling, and the accepted document types.
package extractionapi

import (
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the extraction endpoints.
type API struct {
	Extractions *extraction.Service
	Uploads     *uploads.Service
	Guard       *guard.Guard
	Idempotency guard.Idempotency // of the intake routes, which charge or create
}

// Routes are the extraction endpoints.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "POST /v1/extract/async", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.extract))},
		{Pattern: "GET /v1/extractions", Handler: a.Guard.Require(access.Users, a.list)},
		{Pattern: "GET /v1/extractions/{extractionId}", Handler: a.Guard.Require(access.Users, a.get)},
		{Pattern: "GET /v1/extractions/{extractionId}/document", Handler: a.Guard.Require(access.Users, a.document)},
		{Pattern: "POST /v1/uploads", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.upload))},
		{Pattern: "POST /v1/batches", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.createBatch))},
		{Pattern: "GET /v1/batches", Handler: a.Guard.Require(access.Users, a.listBatches)},
		{Pattern: "GET /v1/batches/{id}", Handler: a.Guard.Require(access.Users, a.getBatch)},
		{Pattern: "GET /v1/document-types", Handler: a.Guard.Require(access.Users, a.documentTypes)},
		{Pattern: "POST /v1/verifications", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.verify))},
		{Pattern: "GET /v1/verifications", Handler: a.Guard.Require(access.Users, a.listVerifications)},
		{Pattern: "GET /v1/verifications/{verificationId}", Handler: a.Guard.Require(access.Users, a.getVerification)},
	}
}

func caller(p access.Principal) extraction.Caller {
	return extraction.Caller{OwnerID: p.UserID, Live: p.Live, AnyMode: p.Session()}
}

// submitter is the caller of a submission, with the consume tokens of the handoff sessions it names.
func submitter(r *http.Request, p access.Principal) extraction.Caller {
	c := caller(p)
	c.ConsumeTokens = guard.ConsumeTokens(r.Header)
	return c
}

func (a API) extract(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	docs, err := documents(r, false)
	if err != nil {
		return err
	}
	_, items, err := a.Extractions.Submit(r.Context(), submitter(r, p), docs, false)
	if err != nil {
		return err
	}
	// As accepted: queued, also when a run under an idempotency key found the extraction an earlier
	// run accepted, and which has moved on since (GET /v1/extractions/{id} reads it as it is).
	httpapi.WriteJSON(w, http.StatusAccepted, map[string]any{"extractionId": items[0].ID,
		"status": extraction.StatusQueued})
	return nil
}

func (a API) createBatch(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	docs, err := documents(r, true)
	if err != nil {
		return err
	}
	b, items, err := a.Extractions.Submit(r.Context(), submitter(r, p), docs, true)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, batchOf(*b, items))
	return nil
}

func (a API) get(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	id := r.PathValue("extractionId")
	if extraction.IsVerification(id) {
		return fault.Newf(fault.NotFound, "No extraction %s: a verification is read at /v1/verifications/%s.", id, id)
	}
	e, err := a.Extractions.Get(r.Context(), caller(p), id)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewOf(e))
	return nil
}

// document is GET /v1/extractions/{extractionId}/document: a short-lived link to the extraction's
// document file, for showing it. The link opens a personal document for whoever holds it until it
// expires, so the answer is never cached.
func (a API) document(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	l, err := a.Extractions.Document(r.Context(), caller(p), r.PathValue("extractionId"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(
		w,
		http.StatusOK,
		map[string]any{"url": l.URL, "expiresAt": l.ExpiresAt, "contentType": l.ContentType},
	)
	return nil
}

func (a API) getBatch(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	b, items, err := a.Extractions.GetBatch(r.Context(), caller(p), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, batchOf(b, items))
	return nil
}

func (a API) upload(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	var in struct {
		FileName    string `json:"fileName" maxLength:"255"`
		ContentType string `json:"contentType" maxLength:"127"`
		Size        int64  `json:"size"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, url, headers, err := a.Uploads.Create(r.Context(), p.UserID, p.Live, in.FileName, in.ContentType, in.Size)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(
		w,
		http.StatusCreated,
		map[string]any{"uploadId": u.ID, "uploadUrl": url, "method": http.MethodPut,
			"headers": headers, "expiresAt": u.ExpiresAt.UTC().Format(time.RFC3339), "maxSize": a.Uploads.MaxBytes},
	)
	return nil
}

func (a API) documentTypes(w http.ResponseWriter, _ *http.Request, _ access.Principal) error {
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": extraction.DocumentTypes})
	return nil
}

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
	return nil, fault.New(
		fault.UnsupportedMedia,
		"Send multipart/form-data with a file, or application/json naming an uploadId.",
	)
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

// view is an extraction as the API shows it.
type view struct {
	ExtractionID string              `json:"extractionId"`
	ReferenceID  string              `json:"referenceId,omitempty"`
	BatchID      string              `json:"batchId,omitempty"`
	Status       extraction.Status   `json:"status"`
	DocumentType string              `json:"documentType"`
	Result       *extraction.Result  `json:"result,omitempty"`
	CreditsUsed  int                 `json:"creditsUsed"`
	Livemode     bool                `json:"livemode"`
	CreatedAt    time.Time           `json:"createdAt"`
	CompletedAt  *time.Time          `json:"completedAt,omitempty"`
	Error        *extraction.Failure `json:"error,omitempty"`
}

func viewOf(e extraction.Extraction) view {
	return view{
		ExtractionID: e.ID,
		ReferenceID:  e.ReferenceID,
		BatchID:      e.BatchID,
		Status:       e.Status,
		DocumentType: e.DocumentType,
		Result:       e.Result,
		CreditsUsed:  e.CreditsUsed,
		Livemode:     e.Live,
		CreatedAt:    e.CreatedAt,
		CompletedAt:  e.CompletedAt,
		Error:        e.Error,
	}
}

type batchView struct {
	Batch struct {
		BatchID        string            `json:"batchId"`
		Status         extraction.Status `json:"status"`
		TotalDocuments int               `json:"totalDocuments"`
		CompletedCount int               `json:"completedCount"`
		FailedCount    int               `json:"failedCount"`
		CreatedAt      time.Time         `json:"createdAt"`
		UpdatedAt      time.Time         `json:"updatedAt"`
		Livemode       bool              `json:"livemode"`
	} `json:"batch"`
	Extractions []view `json:"extractions"`
}

// batchOf shows a batch with counts derived from the very extractions it lists.
func batchOf(b extraction.Batch, items []extraction.Extraction) batchView {
	var v batchView
	v.Batch.BatchID, v.Batch.TotalDocuments, v.Batch.CreatedAt, v.Batch.UpdatedAt, v.Batch.Livemode = b.ID, b.Total,
		b.CreatedAt, b.CreatedAt, b.Live
	v.Batch.Status, v.Batch.CompletedCount, v.Batch.FailedCount = extraction.BatchStatus(items)
	v.Extractions = make([]view, len(items))
	for i, e := range items {
		v.Extractions[i] = viewOf(e)
		if e.UpdatedAt.After(v.Batch.UpdatedAt) {
			v.Batch.UpdatedAt = e.UpdatedAt
		}
	}
	return v
}
