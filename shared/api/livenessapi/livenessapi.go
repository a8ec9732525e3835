// Package livenessapi provides POST /v1/liveness/check (a selfie in, a passive anti-spoofing
// verdict out, with a face match when a document is named) and POST /v1/face-match (a document's
// face against a selfie's), charged in credits. It parses and answers; the work is
// liveness.Service's and facematch.Service's.
package livenessapi

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the liveness check and the face match.
type API struct {
	Liveness  *liveness.Service
	FaceMatch *facematch.Service
	Checks    *liveness.Checks // the checks' records (checks.go)
	Guard     *guard.Guard
}

// Routes are the liveness and face-match endpoints.
func (a API) Routes() []httpapi.Route {
	return append([]httpapi.Route{
		{Pattern: "POST /v1/liveness/check", Handler: a.Guard.Require(access.Users, a.check)},
		{Pattern: "POST /v1/face-match", Handler: a.Guard.Require(access.Users, a.match)},
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
		ConsumeTokens: handoff.SplitTokens(r.Header.Values(handoff.TokenHeader)),
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
	f, err := formOf(r, "selfie")
	if err != nil {
		return err
	}
	c := liveness.Caller{
		UserID:        p.UserID,
		Live:          p.Live,
		ConsumeTokens: handoff.SplitTokens(r.Header.Values(handoff.TokenHeader)),
	}
	selfie := liveness.Source{
		Data:             f.files["selfie"],
		UploadID:         f.fields["selfieUploadId"],
		HandoffSessionID: f.fields["handoffSessionId"],
	}
	doc := facematch.Document{Data: f.files["document"], ExtractionID: f.fields["extractionId"]}
	out, err := a.FaceMatch.Match(r.Context(), c, selfie, doc)
	if err != nil {
		return err
	}
	res := out.Result
	httpapi.WriteJSON(
		w,
		http.StatusOK,
		map[string]any{
			"matchId":    out.ID,
			"isMatch":    res.IsMatch,
			"similarity": round(res.Similarity),
			"threshold":  res.Threshold,
			"document": faceJSON(
				res.Document,
			),
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

// form is a multipart body's file parts and (short) text fields.
type form struct {
	files  map[string][]byte
	fields map[string]string
}

// formOf reads a multipart/form-data body whole: its files (a part with a file name, or named
// in fileParts) and its fields.
func formOf(r *http.Request, fileParts ...string) (form, error) {
	const larger = "upload the images with POST /v1/uploads, then name them by id."
	f := form{files: map[string][]byte{}, fields: map[string]string{}}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return f, fault.New(fault.UnsupportedMedia, "Send multipart/form-data.")
	}
	mr := multipart.NewReader(httpapi.Body(r), params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		if err != nil {
			return f, httpapi.BodyError(err, larger)
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return f, httpapi.BodyError(err, larger)
		}
		name := part.FormName()
		if part.FileName() != "" || name == "document" || slices.Contains(fileParts, name) {
			f.files[name] = data
		} else {
			f.fields[name] = string(data)
		}
	}
}

// source reads which selfie to check and, for a face match beside it, which document: multipart
// `file` (and `document` or `extractionId`), or JSON {uploadId} / {handoffSessionId} (and
// {extractionId}) for a selfie stored before (larger than the request limit, or taken on a phone).
func source(r *http.Request) (liveness.Source, facematch.Document, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "multipart/form-data":
		f, err := formOf(r, "file")
		if err != nil {
			return liveness.Source{}, facematch.Document{}, err
		}
		data, ok := f.files["file"]
		if !ok {
			return liveness.Source{}, facematch.Document{}, &fault.Error{
				Kind:          fault.Invalid,
				Code:          "validation_failed",
				Detail:        "No file was sent.",
				InvalidParams: []string{"file: required"},
			}
		}
		if data == nil {
			data = []byte{} // sent inline, even if empty
		}
		return liveness.Source{
				Data: data,
			}, facematch.Document{
				Data:         f.files["document"],
				ExtractionID: f.fields["extractionId"],
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
