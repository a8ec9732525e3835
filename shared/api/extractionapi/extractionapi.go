// Package extractionapi provides the HTTP endpoints of identity-document extraction: intake
// (inline files, presigned uploads, batches), polling, and the accepted document types.
package extractionapi

import (
	"net/http"
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
	link := map[string]any{"url": l.URL, "expiresAt": l.ExpiresAt, "contentType": l.ContentType}
	httpapi.WriteJSON(w, http.StatusOK, link)
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
	slot := map[string]any{"uploadId": u.ID, "uploadUrl": url, "method": http.MethodPut, "headers": headers,
		"expiresAt": u.ExpiresAt.UTC().Format(time.RFC3339), "maxSize": a.Uploads.MaxBytes}
	httpapi.WriteJSON(w, http.StatusCreated, slot)
	return nil
}

func (a API) documentTypes(w http.ResponseWriter, _ *http.Request, _ access.Principal) error {
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": extraction.DocumentTypes})
	return nil
}

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
