package console

import (
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/identity"
	"github.com/trustline/platform/shared/domain/verification"
)

// The verification pages read the API through the Go SDK's types: a field renamed in the
// OpenAPI breaks them at compile time.

// verificationList is one page of GET /v1/verifications.
type verificationList = identity.ListVerifications200JSONResponseBody

func (c *Console) verifications(w http.ResponseWriter, r *http.Request, s *session) error {
	var page verificationList
	if err := c.call(r, s, http.MethodGet, "/v1/verifications"+query(r, s, "decision", "status",
		"createdAfter", "createdBefore"), nil, &page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "verifications", view{Title: "Verifications", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

// verificationPage is what one verification's page shows: the decision, each reason with the
// table's word on why it fires, every check by group, and the document's fields.
type verificationPage struct {
	V       identity.Verification
	Reasons []reasonView
	Groups  []checkGroup
	Fields  []fieldRow
}

type reasonView struct{ Code, Why string }

// checkGroup is the checks of one group, in the order the API gives them.
type checkGroup struct {
	Name   string
	Checks []identity.VerificationCheck
}

// fieldRow is one field read from the document.
type fieldRow struct {
	Name, Value string
	Confidence  float32
	Source      string
}

func (c *Console) verification(w http.ResponseWriter, r *http.Request, s *session) error {
	var v identity.Verification
	if err := c.call(r, s, http.MethodGet, "/v1/verifications/"+url.PathEscape(r.PathValue("id")), nil,
		&v); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "verification",
		view{Title: "Verification " + r.PathValue("id"), Session: s, Data: newVerificationPage(v)})
	return nil
}

func newVerificationPage(v identity.Verification) verificationPage {
	p := verificationPage{V: v}
	// A reason several rows give (specimen_document: the words, the state, the identity) reads
	// each row's why.
	why := map[string]string{}
	for _, rule := range verification.Table() {
		if w := why[rule.Reason]; w != "" {
			why[rule.Reason] = w + "; or " + rule.Why
		} else {
			why[rule.Reason] = rule.Why
		}
	}
	if v.Reasons != nil {
		for _, code := range *v.Reasons {
			p.Reasons = append(p.Reasons, reasonView{Code: code, Why: why[code]})
		}
	}
	if v.Checks != nil {
		for _, check := range *v.Checks {
			name := string(check.Group)
			if n := len(p.Groups); n == 0 || p.Groups[n-1].Name != name {
				p.Groups = append(p.Groups, checkGroup{Name: name})
			}
			g := &p.Groups[len(p.Groups)-1]
			g.Checks = append(g.Checks, check)
		}
	}
	if d := v.Document; d != nil {
		p.Fields = documentFields(d)
	}
	return p
}

// documentFields lists the fields read, in the order the extraction page shows them.
func documentFields(d *identity.ExtractedData) []fieldRow {
	var rows []fieldRow
	add := func(name string, f *identity.Field) {
		if f != nil {
			rows = append(rows, fieldRow{name, f.Value, f.Confidence, sourceOf(f.Source)})
		}
	}
	date := func(name string, f *identity.DateField) {
		if f != nil {
			rows = append(rows, fieldRow{name, f.Value, f.Confidence, sourceOf(f.Source)})
		}
	}
	add("documentType", &d.DocumentType)
	add("documentCode", d.DocumentCode)
	add("issuingCountry", d.IssuingCountry)
	add("nationality", d.Nationality)
	add("surname", d.Surname)
	add("givenNames", d.GivenNames)
	add("documentNumber", d.DocumentNumber)
	date("dateOfBirth", d.DateOfBirth)
	add("placeOfBirth", d.PlaceOfBirth)
	date("expiryDate", d.ExpiryDate)
	date("issueDate", d.IssueDate)
	add("issuingAuthority", d.IssuingAuthority)
	if d.Sex != nil {
		rows = append(rows, fieldRow{"sex", string(d.Sex.Value), d.Sex.Confidence, sourceOf(d.Sex.Source)})
	}
	add("personalNumber", d.PersonalNumber)
	return rows
}

func sourceOf(s *identity.FieldSource) string {
	if s == nil {
		return ""
	}
	return string(*s)
}
