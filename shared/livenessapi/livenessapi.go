// Package livenessapi provides POST /v1/liveness/check: a selfie in, a passive anti-spoofing
// verdict out, charged in credits.
package livenessapi

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/accounts"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/handoff"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/imagefile"
	"github.com/trustline/platform/shared/liveness"
)

// Checker judges a selfie.
type Checker interface {
	Check(ctx context.Context, data []byte) (liveness.Result, error)
}

// Credits charges and refunds checks, each movement in the ledger.
type Credits interface {
	// Debit takes n credits; PaymentRequired when the balance is short.
	Debit(ctx context.Context, userID string, n int, reason, reference string) error
	AddCredits(ctx context.Context, userID string, n int, reason, reference string) error
}

// Files reads a stored selfie: an upload slot's object, or a handoff session's file.
type Files interface {
	Read(ctx context.Context, key string, limit int64) ([]byte, error)
}

// UploadKeys finds the object of an upload slot the owner created.
type UploadKeys interface {
	Key(ctx context.Context, uploadID, ownerID string) (string, error)
}

// Handoffs gives a handoff session's file to its consumer.
type Handoffs interface {
	File(ctx context.Context, sessionID string, c handoff.Consumer) (handoff.File, error)
}

// API serves the liveness check.
type API struct {
	Checker  Checker
	Credits  Credits
	Files    Files
	Uploads  UploadKeys
	Handoffs Handoffs
	Auth     *access.Authenticator
	// TestQuota bounds test-key checks: Use takes n from the owner's daily allowance or fails
	// (RateLimited, test_quota_exceeded) taking nothing.
	TestQuota interface {
		Use(ctx context.Context, ownerID string, n int) error
	}
	Price int // credits per check; test keys are not charged
	// MaxPixels bounds the selfies checked (MAX_IMAGE_MEGAPIXELS); zero is imagefile.MaxPixels. The
	// Checker should decode within the same bound.
	MaxPixels int64
}

// MaxSelfie is the spec's limit on a selfie.
const MaxSelfie = 10 << 20

// Routes is the liveness endpoint.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{{Pattern: "POST /v1/liveness/check", Handler: a.Auth.Require(access.Users, a.check)}}
}

// check charges first (so a check is never free for a live key), reads, and refunds a selfie that
// cannot be judged (no face, several faces, not an image).
func (a API) check(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	data, err := a.selfie(r, p)
	if err == nil {
		err = a.checkImage(data)
	}
	if err != nil {
		return err
	}
	id := "lv_" + strings.ToLower(rand.Text())
	price := 0
	if p.Live {
		price = a.Price
	} else if err := a.TestQuota.Use(r.Context(), p.UserID, 1); err != nil {
		return err
	}
	if price > 0 {
		if err := a.Credits.Debit(r.Context(), p.UserID, price, accounts.ReasonLiveness, id); err != nil {
			return err
		}
	}
	res, err := a.Checker.Check(r.Context(), data)
	if err != nil {
		if price > 0 {
			if rerr := a.Credits.AddCredits(context.WithoutCancel(r.Context()), p.UserID, price, accounts.ReasonRefund, id); rerr != nil {
				err = errors.Join(err, rerr)
			}
		}
		return a.problem(err)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"checkId": id, "isLive": res.IsLive, "confidence": round(res.Confidence),
		"attackType": res.AttackType, "processingMs": res.ProcessingMs, "scoreSmall": round(res.ScoreSmall), "scoreLarge": round(res.ScoreLarge),
		"creditsUsed": price, "livemode": p.Live})
	return nil
}

func round(f float64) float64 { return float64(int64(f*1e6+0.5)) / 1e6 }

// problem turns the checker's errors into what the caller can act on.
func (a API) problem(err error) error {
	switch {
	case errors.Is(err, liveness.ErrNoFace):
		return &fault.Error{Kind: fault.Invalid, Code: "no_face_detected", Detail: "No face was found: take the selfie again, face to the camera, in good light."}
	case errors.Is(err, liveness.ErrMultipleFaces):
		return &fault.Error{Kind: fault.Invalid, Code: "multiple_faces", Detail: "More than one face was found: the selfie must show one person."}
	case errors.Is(err, liveness.ErrUnsupported), errors.Is(err, liveness.ErrCorrupt):
		return fault.New(fault.UnsupportedMedia, "The file is not a readable JPEG, PNG or WebP image.")
	case errors.Is(err, liveness.ErrTooLarge):
		return imageTooLarge(a.maxPixels())
	}
	return err
}

// checkImage refuses, before the debit, a selfie whose header says it is over the pixel bound or
// 16 bits deep. Anything else the header says (not an image, damaged) is left to the checker,
// whose refusal is refunded.
func (a API) checkImage(data []byte) error {
	h, err := imagefile.ReadHeader(data)
	if err != nil {
		return nil
	}
	if err := h.Check(a.maxPixels()); err != nil {
		return imageTooLarge(a.maxPixels())
	}
	return nil
}

func (a API) maxPixels() int64 { return cmp.Or(a.MaxPixels, imagefile.MaxPixels) }

// imageTooLarge is the problem image_too_large.
func imageTooLarge(maxPixels int64) error {
	mp := maxPixels / 1_000_000
	return &fault.Error{Kind: fault.TooLarge, Code: "image_too_large",
		Detail: fmt.Sprintf("The image is over %d megapixels or has 16 bits per channel: send an 8-bit JPEG, PNG or WebP of at most %d megapixels.", mp, mp)}
}

// selfie reads the image: multipart `file`, or JSON {uploadId} / {handoffSessionId} for one stored
// before (larger than the request limit, or taken on a phone).
func (a API) selfie(r *http.Request, p access.Principal) ([]byte, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "multipart/form-data":
		_, data, err := httpapi.FormFile(r, "upload the selfie with POST /v1/uploads, then check it by uploadId.")
		return data, err
	case err == nil && mt == "application/json":
		var in struct {
			UploadID         string `json:"uploadId"`
			HandoffSessionID string `json:"handoffSessionId"`
		}
		if err := httpapi.DecodeJSON(r, &in); err != nil {
			return nil, err
		}
		key := ""
		switch {
		case (in.UploadID == "") == (in.HandoffSessionID == ""):
			return nil, &fault.Error{Kind: fault.Invalid, Code: "validation_failed", Detail: "Name exactly one stored selfie.",
				InvalidParams: []string{"uploadId: send exactly one of uploadId or handoffSessionId"}}
		case in.UploadID != "":
			if key, err = a.Uploads.Key(r.Context(), in.UploadID, p.UserID); err != nil {
				return nil, err
			}
		default:
			f, err := a.Handoffs.File(r.Context(), in.HandoffSessionID, handoff.Consumer{UserID: p.UserID, Tokens: handoff.SplitTokens(r.Header.Values(handoff.TokenHeader))})
			if err != nil {
				return nil, err
			}
			key = f.Key
		}
		data, err := a.Files.Read(r.Context(), key, MaxSelfie+1)
		if fault.Is(err, fault.NotFound) {
			return nil, fault.New(fault.Conflict, "Nothing was uploaded there yet.")
		}
		if err == nil && len(data) > MaxSelfie {
			return nil, fault.New(fault.TooLarge, "The selfie is over 10 MB.")
		}
		return data, err
	}
	return nil, fault.New(fault.UnsupportedMedia, "Send multipart/form-data with a file, or application/json naming an uploadId or handoffSessionId.")
}
