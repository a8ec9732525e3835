package console

import (
	"strings"
	"testing"
)

// A verification's page reads the API's answer through the SDK's types: the decision, each reason
// with the decision table's words, every check under its group in the API's order, and the fields.
func TestVerificationPageShowsEveryCheck(t *testing.T) {
	ver := `{"id": "ver_1", "status": "completed", "decision": "declined", "policy": "standard",
		"reasons": ["document_expired", "specimen_document"], "createdAt": "2026-11-29T01:00:00Z",
		"completedAt": "2026-11-29T01:00:02Z", "creditsUsed": 3, "livemode": true, "referenceId": "applicant-42",
		"checks": [
			{"group": "document.validation", "code": "mrz_check_digits", "result": "pass", "detail": "every check digit holds"},
			{"group": "document.validation", "code": "expiry", "result": "fail", "detail": "expired on 2012-08-27"},
			{"group": "face.match", "code": "same_person", "result": "pass", "detail": "similarity 0.82"}],
		"document": {"documentType": {"value": "passport", "confidence": 1},
			"surname": {"value": "ERIKSSON", "confidence": 0.98, "source": "both"},
			"placeOfBirth": {"value": "ZENITH", "confidence": 0.91, "source": "visual"}},
		"consistency": [{"field": "surname", "mrz": "ERIKSSON", "visual": "ERIKSSON", "agree": true}]}`
	v := answer[verificationList](t, `{"data": [`+ver+`]}`)
	p := newVerificationPage(v.Data[0])
	if len(p.Groups) != 2 || p.Groups[0].Name != "document.validation" || len(p.Groups[0].Checks) != 2 {
		t.Errorf("groups = %+v, want validation's two checks then face.match's", p.Groups)
	}
	if len(p.Reasons) != 2 || p.Reasons[0].Why == "" {
		t.Errorf("reasons = %+v, want each with the table's why", p.Reasons)
	}

	html := render(t, "verification", nil, p)
	for _, want := range []string{`id="decision"`, "Declined under the standard policy", "document_expired",
		"expired on the day of the verification", `id="group-document.validation"`, "expired on 2012-08-27",
		"status-fail", "similarity 0.82", "ZENITH", "printed zone", "2026-11-29 01:00:02 UTC", "applicant-42"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q:\n%s", want, html)
		}
	}
}

// The list's filters come back as sent, the dates through the shared part, and the API's cursor
// leads to the next page with the same filters.
func TestVerificationsListKeepsItsFilters(t *testing.T) {
	r := getRequest("/console/verifications?decision=review&createdAfter=2026-11-01")
	page := answer[verificationList](t, `{"data": [], "nextCursor": "c2"}`)
	html := render(t, "verifications", nil, newListPage(r, page.Data, page.NextCursor))
	for _, want := range []string{`<option value="review" selected>`, `name="createdAfter" value="2026-11-01"`,
		`name="createdBefore" value=""`, "No verification matches",
		`href="/console/verifications?createdAfter=2026-11-01&amp;cursor=c2&amp;decision=review" rel="next"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the list lacks %q:\n%s", want, html)
		}
	}
}
