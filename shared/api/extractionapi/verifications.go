package extractionapi

import (
	"encoding/json"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/verification"
	"github.com/trustline/platform/shared/foundation/fault"
)

// decisions are a verification's decisions, for the list's filter.
var decisions = []string{"approved", "review", "declined", "resubmit"}

// applicant is what the partner knows of the person.
type applicant struct {
	GivenNames     string `json:"givenNames,omitempty"     maxLength:"200"`
	Surname        string `json:"surname,omitempty"        maxLength:"200"`
	DateOfBirth    string `json:"dateOfBirth,omitempty"    maxLength:"10"`
	DocumentNumber string `json:"documentNumber,omitempty" maxLength:"32"`
	Nationality    string `json:"nationality,omitempty"    maxLength:"32"`
}

func (a applicant) fields() map[string]string {
	m := map[string]string{}
	for k, v := range map[string]string{"givenNames": a.GivenNames, "surname": a.Surname,
		"dateOfBirth": a.DateOfBirth, "documentNumber": a.DocumentNumber, "nationality": a.Nationality} {
		if v = strings.TrimSpace(v); v != "" {
			m[k] = v
		}
	}
	return m
}

// verify is POST /v1/verifications: multipart with the files document and selfie and the fields
// applicant (JSON), minimumAge, referenceId, policy and documentType; or JSON naming an upload, a
// handoff session or a completed extraction for the document, and an upload or a handoff session
// for the selfie.
func (a API) verify(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	v, err := verificationOf(r)
	if err != nil {
		return err
	}
	e, err := a.Extractions.SubmitVerification(r.Context(), submitter(r, p), v)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, map[string]any{"verificationId": e.ID, "status": "processing"})
	return nil
}

// verificationOf reads a verification request in either of its shapes, and checks what the
// service does not.
func verificationOf(r *http.Request) (extraction.Verification, error) {
	var v extraction.Verification
	var ap applicant
	var minimumAge, policy string
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case err == nil && mt == "multipart/form-data":
		f, err := httpapi.ReadForm(r, larger, Forms["POST /v1/verifications"]...)
		if err != nil {
			return v, err
		}
		field := func(name string) string {
			if vs := f.Fields[name]; len(vs) > 0 {
				return strings.TrimSpace(vs[0])
			}
			return ""
		}
		if files := f.Files["document"]; len(files) > 0 {
			v.Document = extraction.Document{Data: files[0].Data, Name: files[0].Name}
		} else {
			return v, invalid("No document was sent.", "document: required")
		}
		if files := f.Files["selfie"]; len(files) > 0 {
			v.Selfie = &extraction.Document{Data: files[0].Data, Name: files[0].Name}
		}
		if text := field("applicant"); text != "" {
			if err := json.Unmarshal([]byte(text), &ap); err != nil {
				return v, invalid("applicant is not a JSON object.", "applicant: a JSON object")
			}
		}
		v.Document.Type, v.ReferenceID, minimumAge, policy = field("documentType"), field("referenceId"),
			field("minimumAge"), field("policy")
	case err == nil && mt == "application/json":
		var in struct {
			Document struct {
				DocumentType     string `json:"documentType"     maxLength:"32"`
				UploadID         string `json:"uploadId"         maxLength:"64"`
				HandoffSessionID string `json:"handoffSessionId" maxLength:"64"`
				ExtractionID     string `json:"extractionId"     maxLength:"64"`
			} `json:"document"`
			Selfie *struct {
				UploadID         string `json:"uploadId"         maxLength:"64"`
				HandoffSessionID string `json:"handoffSessionId" maxLength:"64"`
			} `json:"selfie"`
			Applicant   applicant `json:"applicant"`
			MinimumAge  *int      `json:"minimumAge"`
			ReferenceID string    `json:"referenceId" maxLength:"128"`
			Policy      string    `json:"policy"      maxLength:"16"`
		}
		if err := httpapi.DecodeJSON(r, &in); err != nil {
			return v, err
		}
		d := in.Document
		if n := btoi(d.UploadID != "") + btoi(d.HandoffSessionID != "") + btoi(d.ExtractionID != ""); n != 1 {
			return v, invalid("Name the document by exactly one of uploadId, handoffSessionId and extractionId.",
				"document: exactly one of uploadId, handoffSessionId, extractionId")
		}
		v.Document = extraction.Document{Type: d.DocumentType, UploadID: d.UploadID}
		v.Document.HandoffSessionID = d.HandoffSessionID
		v.ExtractionID = d.ExtractionID
		if s := in.Selfie; s != nil {
			if btoi(s.UploadID != "")+btoi(s.HandoffSessionID != "") != 1 {
				return v, invalid("Name the selfie by exactly one of uploadId and handoffSessionId.",
					"selfie: exactly one of uploadId, handoffSessionId")
			}
			v.Selfie = &extraction.Document{UploadID: s.UploadID, HandoffSessionID: s.HandoffSessionID}
		}
		ap, v.ReferenceID, policy = in.Applicant, in.ReferenceID, in.Policy
		if in.MinimumAge != nil {
			minimumAge = strconv.Itoa(*in.MinimumAge)
		}
	default:
		return v, fault.New(fault.UnsupportedMedia,
			"Send multipart/form-data with the document and selfie files, or application/json naming them.")
	}
	var bad []string
	if minimumAge != "" {
		n, err := strconv.Atoi(minimumAge)
		if err != nil || n < 0 || n > 130 {
			bad = append(bad, "minimumAge: a whole number of years from 0 to 130")
		}
		v.Request.MinimumAge = n
	}
	if policy == "" {
		policy = string(verification.DefaultPolicy)
	}
	if !verification.Policy(policy).Valid() {
		var names []string
		for _, p := range verification.Policies() {
			names = append(names, string(p))
		}
		bad = append(bad, "policy: "+strings.Join(names, ", "))
	}
	if dob := ap.DateOfBirth; dob != "" {
		if _, err := time.Parse(time.DateOnly, dob); err != nil {
			bad = append(bad, "applicant.dateOfBirth: a date, YYYY-MM-DD")
		}
	}
	if len(v.ReferenceID) > 128 {
		bad = append(bad, "referenceId: at most 128 characters")
	}
	if len(bad) > 0 {
		return v, &fault.Error{Kind: fault.Invalid, Code: "validation_failed", Detail: "The verification is invalid.",
			InvalidParams: bad}
	}
	v.Request.Policy, v.Request.Applicant = policy, ap.fields()
	return v, nil
}

func invalid(detail, param string) error {
	return &fault.Error{Kind: fault.Invalid, Code: "validation_failed", Detail: detail, InvalidParams: []string{param}}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// verificationView is a verification as the API shows it.
type verificationView struct {
	ID          string                    `json:"id"`
	Status      string                    `json:"status"`
	Decision    string                    `json:"decision,omitempty"`
	Reasons     []string                  `json:"reasons,omitempty"`
	Checks      []extraction.VerdictCheck `json:"checks,omitempty"`
	Document    *extraction.ExtractedData `json:"document,omitempty"`
	Consistency []extraction.Agreement    `json:"consistency,omitempty"`
	Applicant   map[string]string         `json:"applicant,omitempty"`
	MinimumAge  int                       `json:"minimumAge,omitempty"`
	Policy      string                    `json:"policy"`
	CreditsUsed int                       `json:"creditsUsed"`
	Livemode    bool                      `json:"livemode"`
	ReferenceID string                    `json:"referenceId,omitempty"`
	CreatedAt   time.Time                 `json:"createdAt"`
	CompletedAt *time.Time                `json:"completedAt,omitempty"`
	Error       *extraction.Failure       `json:"error,omitempty"`
}

// verificationOfRecord shows a verification's record: queued and processing are both processing.
func verificationOfRecord(e extraction.Extraction) verificationView {
	v := verificationView{ID: e.ID, Status: "processing", CreditsUsed: e.CreditsUsed, Livemode: e.Live,
		ReferenceID: e.ReferenceID, CreatedAt: e.CreatedAt, CompletedAt: e.CompletedAt, Error: e.Error}
	if e.Status.Done() {
		v.Status = string(e.Status)
	}
	if req := e.Verification; req != nil {
		v.Applicant, v.MinimumAge, v.Policy = req.Applicant, req.MinimumAge, req.Policy
	}
	if res := e.Result; res != nil {
		if res.ExtractedData.DocumentType.Value != "" {
			v.Document = &res.ExtractedData
		}
		v.Consistency = res.Consistency
		if vd := res.Verdict; vd != nil {
			v.Decision, v.Reasons, v.Checks = vd.Decision, vd.Reasons, vd.Checks
		}
	}
	return v
}

func (a API) getVerification(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	id := r.PathValue("verificationId")
	if !extraction.IsVerification(id) {
		return fault.Newf(fault.NotFound, "No verification %s.", id)
	}
	e, err := a.Extractions.Get(r.Context(), caller(p), id)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, verificationOfRecord(e))
	return nil
}

// listVerifications is GET /v1/verifications: the caller's verifications of one mode, newest
// first, filtered by status, decision and creation time.
func (a API) listVerifications(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	q := r.URL.Query()
	limit, cursor, bad := httpapi.PageOf(r, 20)
	after, more := httpapi.TimeParam(q, "createdAfter")
	bad = append(bad, more...)
	before, more := httpapi.TimeParam(q, "createdBefore")
	bad = append(bad, more...)
	status := extraction.Status(q.Get("status"))
	switch status {
	case "", extraction.StatusCompleted, extraction.StatusFailed:
	case "processing":
		status = extraction.StatusQueued // the pending partition holds queued and processing alike
	default:
		bad = append(bad, "status: processing, completed or failed")
	}
	decision := q.Get("decision")
	if decision != "" && !slices.Contains(decisions, decision) {
		bad = append(bad, "decision: "+strings.Join(decisions, ", "))
	}
	if len(bad) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: bad}
	}
	c := caller(p)
	live, err := extraction.ListMode(c, q.Get("mode"))
	if err != nil {
		return err
	}
	f := extraction.Filter{Live: live, Status: status, Verifications: true, Decision: decision,
		CreatedAfter: after, CreatedBefore: before, Limit: limit, Cursor: cursor}
	page, err := a.Extractions.List(r.Context(), c, f)
	if err != nil {
		return err
	}
	views := make([]verificationView, len(page.Items))
	for i, e := range page.Items {
		views[i] = verificationOfRecord(e)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, page.Next)})
	return nil
}
