package livenessapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// checkRoutes are the reads of the checks' records.
func (a API) checkRoutes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "GET /v1/liveness/checks", Handler: a.Guard.Require(access.Users, a.listChecks)},
		{Pattern: "GET /v1/liveness/checks/{checkId}", Handler: a.Guard.Require(access.Users, a.getCheck)},
	}
}

// checkView is a check's record as the API shows it: the verdict of POST /v1/liveness/check,
// without the processing time.
type checkView struct {
	CheckID     string         `json:"checkId"`
	IsLive      bool           `json:"isLive"`
	Confidence  float64        `json:"confidence"`
	AttackType  string         `json:"attackType"`
	ScoreSmall  float64        `json:"scoreSmall"`
	ScoreLarge  float64        `json:"scoreLarge"`
	CreditsUsed int            `json:"creditsUsed"`
	FaceMatch   *faceMatchView `json:"faceMatch,omitempty"`
	CreatedAt   time.Time      `json:"createdAt"`
	ExpiresAt   *time.Time     `json:"expiresAt,omitempty"`
	Livemode    bool           `json:"livemode"`
}

type faceMatchView struct {
	IsMatch    bool    `json:"isMatch"`
	Similarity float64 `json:"similarity"`
}

func checkViewOf(r liveness.Record) checkView {
	v := checkView{
		CheckID:     r.ID,
		IsLive:      r.IsLive,
		Confidence:  round(r.Confidence),
		AttackType:  r.AttackType,
		ScoreSmall:  round(r.ScoreSmall),
		ScoreLarge:  round(r.ScoreLarge),
		CreditsUsed: r.CreditsUsed,
		CreatedAt:   r.CreatedAt,
		Livemode:    r.Live,
	}
	if r.FaceMatch != nil {
		v.FaceMatch = &faceMatchView{IsMatch: r.FaceMatch.IsMatch, Similarity: round(r.FaceMatch.Similarity)}
	}
	if !r.ExpiresAt.IsZero() {
		v.ExpiresAt = &r.ExpiresAt
	}
	return v
}

// listChecks is GET /v1/liveness/checks: the caller's checks of one mode, newest first, the mode
// chosen as the other lists choose it (an API key's own; a login session's mode, live by default).
func (a API) listChecks(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	live, err := extraction.ListMode(
		extraction.Caller{OwnerID: p.UserID, Live: p.Live, AnyMode: p.Session()},
		r.URL.Query().Get("mode"),
	)
	if err != nil {
		return err
	}
	page, err := a.Checks.List(r.Context(), p.UserID, live, limit, cursor)
	if err != nil {
		return err
	}
	views := make([]checkView, len(page.Items))
	for i, c := range page.Items {
		views[i] = checkViewOf(c)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, page.Next)})
	return nil
}

// getCheck is GET /v1/liveness/checks/{id}: one of the caller's checks (an API key's mode; a
// login session's either).
func (a API) getCheck(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	c, err := a.Checks.Get(r.Context(), p.UserID, p.Live, p.Session(), r.PathValue("checkId"))
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, checkViewOf(c))
	return nil
}

// keep records a check that was made; its error refunds the check (liveness.Checks.Keep).
func (a API) keep(r *http.Request, c liveness.Caller, out liveness.Checked, match *liveness.MatchSummary) error {
	return a.Checks.Keep(r.Context(), c, out, match)
}

// summary is what a check's record keeps of its face match; nil without one.
func summary(m *facematch.Result) *liveness.MatchSummary {
	if m == nil {
		return nil
	}
	return &liveness.MatchSummary{IsMatch: m.IsMatch, Similarity: m.Similarity}
}
