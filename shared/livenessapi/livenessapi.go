// Package livenessapi provides POST /v1/liveness/check: a selfie in, a passive anti-spoofing
// verdict out, charged in credits. It parses and answers; the check itself is liveness.Service's.
package livenessapi

import (
	"mime"
	"net/http"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/handoff"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/liveness"
)

// API serves the liveness check.
type API struct {
	Liveness *liveness.Service
	Auth     *access.Authenticator
}

// Routes is the liveness endpoint.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{{Pattern: "POST /v1/liveness/check", Handler: a.Auth.Require(access.Users, a.check)}}
}

func (a API) check(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	src, err := source(r)
	if err != nil {
		return err
	}
	c := liveness.Caller{UserID: p.UserID, Live: p.Live, ConsumeTokens: handoff.SplitTokens(r.Header.Values(handoff.TokenHeader))}
	out, err := a.Liveness.Check(r.Context(), c, src)
	if err != nil {
		return err
	}
	res := out.Result
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"checkId": out.ID, "isLive": res.IsLive, "confidence": round(res.Confidence),
		"attackType": res.AttackType, "processingMs": res.ProcessingMs, "scoreSmall": round(res.ScoreSmall), "scoreLarge": round(res.ScoreLarge),
		"creditsUsed": out.CreditsUsed, "livemode": p.Live})
	return nil
}

func round(f float64) float64 { return float64(int64(f*1e6+0.5)) / 1e6 }

// source reads which selfie to check: multipart `file`, or JSON {uploadId} / {handoffSessionId}
// for one stored before (larger than the request limit, or taken on a phone).
func source(r *http.Request) (liveness.Source, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "multipart/form-data":
		_, data, err := httpapi.FormFile(r, "upload the selfie with POST /v1/uploads, then check it by uploadId.")
		if data == nil {
			data = []byte{} // sent inline, even if empty
		}
		return liveness.Source{Data: data}, err
	case err == nil && mt == "application/json":
		var in struct {
			UploadID         string `json:"uploadId" maxLength:"64"`
			HandoffSessionID string `json:"handoffSessionId" maxLength:"64"`
		}
		err := httpapi.DecodeJSON(r, &in)
		return liveness.Source{UploadID: in.UploadID, HandoffSessionID: in.HandoffSessionID}, err
	}
	return liveness.Source{}, fault.New(fault.UnsupportedMedia, "Send multipart/form-data with a file, or application/json naming an uploadId or handoffSessionId.")
}
