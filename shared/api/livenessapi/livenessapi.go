// Package livenessapi provides POST /v1/liveness/check (a selfie in, a passive anti-spoofing
// verdict out, with a face match when a document is named) and POST /v1/face-match (a document's
// face against a selfie's), charged in credits. It parses and answers; the work is
// liveness.Service's and facematch.Service's.
package livenessapi

import (
	"mime"
	"net/http"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the liveness check and the face match.
type API struct {
	Liveness    *liveness.Service
	FaceMatch   *facematch.Service
	Checks      *liveness.Checks // the checks' records (checks.go)
	Guard       *guard.Guard
	Idempotency guard.Idempotency // of the check and the match, which charge
}

// Routes are the liveness and face-match endpoints.
func (a API) Routes() []httpapi.Route {
	return append([]httpapi.Route{
		{Pattern: "POST /v1/liveness/check", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.check))},
		{Pattern: "POST /v1/face-match", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.match))},
	}, a.checkRoutes()...)
}

func (a API) check(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	src, doc, err := source(r)
	if err != nil {
		return err
	}
	c := liveness.Caller{
		UserID:        p.UserID,
		Live:          p.Live,
		ConsumeTokens: guard.ConsumeTokens(r.Header),
	}
	var out liveness.Checked
	var match *facematch.Result
	if doc.Given() {
		var m facematch.Result
		out, m, err = a.FaceMatch.CheckAndMatch(r.Context(), c, src, doc)
		match = &m
	} else {
		out, err = a.Liveness.Check(r.Context(), c, src)
	}
	if err == nil {
		err = a.keep(r, c, out, summary(match))
	}
	if err != nil {
		return err
	}
	res := out.Result
	body := map[string]any{"checkId": out.ID, "isLive": res.IsLive, "confidence": round(res.Confidence),
		"attackType": res.AttackType, "processingMs": res.ProcessingMs, "scoreSmall": round(res.ScoreSmall),
		"scoreLarge":  round(res.ScoreLarge),
		"creditsUsed": out.CreditsUsed, "livemode": p.Live}
	if match != nil {
		body["faceMatch"] = map[string]any{
			"isMatch":    match.IsMatch,
			"similarity": round(match.Similarity),
			"threshold":  match.Threshold,
		}
		body["processingMs"] = res.ProcessingMs + match.ProcessingMs
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
	return nil
}

func (a API) match(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	f, err := formOf(r, "POST /v1/face-match")
	if err != nil {
		return err
	}
	selfieFile, _ := f.File("selfie")
	docFile, _ := f.File("document")
	c := liveness.Caller{
		UserID:        p.UserID,
		Live:          p.Live,
		ConsumeTokens: guard.ConsumeTokens(r.Header),
	}
	selfie := liveness.Source{
		Data:             selfieFile.Data,
		UploadID:         f.Field("selfieUploadId"),
		HandoffSessionID: f.Field("handoffSessionId"),
	}
	doc := facematch.Document{Data: docFile.Data, ExtractionID: f.Field("extractionId")}
	out, err := a.FaceMatch.Match(r.Context(), c, selfie, doc)
	if err != nil {
		return err
	}
	res := out.Result
	httpapi.WriteJSON(
		w,
		http.StatusOK,
		map[string]any{
			"matchId":      out.ID,
			"isMatch":      res.IsMatch,
			"similarity":   round(res.Similarity),
			"threshold":    res.Threshold,
			"document":     faceJSON(res.Document),
			"selfie":       faceJSON(res.Selfie),
			"processingMs": res.ProcessingMs,
			"creditsUsed":  out.CreditsUsed,
			"livemode":     p.Live,
		},
	)
	return nil
}

func faceJSON(f facematch.Face) map[string]any {
	return map[string]any{
		"box":   map[string]int{"x": f.Box.Min.X, "y": f.Box.Min.Y, "width": f.Box.Dx(), "height": f.Box.Dy()},
		"score": round(f.Score),
	}
}

// Forms are the multipart/form-data bodies this package reads, by route, with the bounds their
// OpenAPI document states.
var Forms = map[string][]httpapi.Part{
	"POST /v1/liveness/check": {
		{Name: "file", File: true},
		{Name: "document", File: true},
		{Name: "extractionId", MaxLength: 64},
	},
	"POST /v1/face-match": {
		{Name: "selfie", File: true},
		{Name: "selfieUploadId", MaxLength: 64},
		{Name: "handoffSessionId", MaxLength: 64},
		{Name: "document", File: true},
		{Name: "extractionId", MaxLength: 64},
	},
}

// formOf reads the multipart/form-data body of route (Forms).
func formOf(r *http.Request, route string) (httpapi.Form, error) {
	return httpapi.ReadForm(r, "upload the images with POST /v1/uploads, then name them by id.", Forms[route]...)
}

// source reads which selfie to check and, for a face match beside it, which document: multipart
// `file` (and `document` or `extractionId`), or JSON {uploadId} / {handoffSessionId} (and
// {extractionId}) for a selfie stored before (larger than the request limit, or taken on a phone).
func source(r *http.Request) (liveness.Source, facematch.Document, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "multipart/form-data":
		f, err := formOf(r, "POST /v1/liveness/check")
		if err != nil {
			return liveness.Source{}, facematch.Document{}, err
		}
		selfie, ok := f.File("file")
		if !ok {
			return liveness.Source{}, facematch.Document{}, &fault.Error{
				Kind:          fault.Invalid,
				Code:          "validation_failed",
				Detail:        "No file was sent.",
				InvalidParams: []string{"file: required"},
			}
		}
		doc, _ := f.File("document")
		return liveness.Source{
				Data: selfie.Data, // sent inline, even if empty: never nil
			}, facematch.Document{
				Data:         doc.Data,
				ExtractionID: f.Field("extractionId"),
			}, nil
	case err == nil && mt == "application/json":
		var in struct {
			UploadID         string `json:"uploadId" maxLength:"64"`
			HandoffSessionID string `json:"handoffSessionId" maxLength:"64"`
			ExtractionID     string `json:"extractionId" maxLength:"64"`
		}
		err := httpapi.DecodeJSON(r, &in)
		return liveness.Source{
				UploadID:         in.UploadID,
				HandoffSessionID: in.HandoffSessionID,
			}, facematch.Document{
				ExtractionID: in.ExtractionID,
			}, err
	}
	return liveness.Source{}, facematch.Document{}, fault.New(
		fault.UnsupportedMedia,
		"Send multipart/form-data with a file, or application/json naming an uploadId or handoffSessionId.",
	)
}

func round(f float64) float64 { return float64(int64(f*1e6+0.5)) / 1e6 }
