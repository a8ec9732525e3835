package console

import (
	"net/http"
	"net/url"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// The extraction pages read the API through the Go SDK's types, as the verification pages do.

// extractionList is one page of GET /v1/extractions.
type extractionList = identity.ExtractionPage

func (c *Console) extractions(w http.ResponseWriter, r *http.Request, s *session) error {
	var page extractionList
	if err := c.call(r, s, http.MethodGet, "/v1/extractions"+query(r, s, "status", "documentType", "batchId",
		"createdAfter", "createdBefore"), nil, &page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "extractions", view{Title: "Extractions", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

// extractionPage is what one extraction's page shows: the extraction, the document's image, the
// fields read, and what the reading says beyond them (an expiry passed since, what lowered the
// confidence).
type extractionPage struct {
	X           identity.Extraction
	Image       string // a presigned link to the document, or "" when storage no longer has it
	Fields      []fieldRow
	Consistency []identity.ZoneAgreement
	ExpiredOn   string
	Lowered     []string
}

func (c *Console) extraction(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	var x identity.Extraction
	if err := c.call(r, s, http.MethodGet, "/v1/extractions/"+id, nil, &x); err != nil {
		return err
	}
	// The document itself, through a presigned link of a few minutes, when storage still has it.
	var doc identity.GetExtractionDocument200JSONResponseBody
	v := view{Title: "Extraction " + r.PathValue("id"), Session: s}
	if err := c.call(r, s, http.MethodGet, "/v1/extractions/"+id+"/document", nil, &doc); err == nil && doc.Url != "" {
		if u, err := url.Parse(doc.Url); err == nil && (u.Scheme == "https" || u.Scheme == "http") {
			v.imgFrom = u.Scheme + "://" + u.Host
		} else {
			doc.Url = ""
		}
	}
	p := newExtractionPage(x, c.now())
	p.Image = doc.Url
	v.Data = p
	c.render(w, r, http.StatusOK, "extraction", v)
	return nil
}

func newExtractionPage(x identity.Extraction, now time.Time) extractionPage {
	p := extractionPage{X: x}
	if res := x.Result; res != nil {
		if d := res.ExtractedData; d != nil {
			p.Fields = extractionFields(d)
		}
		if res.Consistency != nil {
			p.Consistency = *res.Consistency
		}
		p.ExpiredOn, p.Lowered = expiredOn(res.ExtractedData, now), lowered(*res)
	}
	return p
}

// extractionFields lists the fields read, in the page's order: a verification's, then a driving
// licence's categories and the zone's optional data.
func extractionFields(d *identity.ExtractedData) []fieldRow {
	rows := documentFields(d)
	if c := d.Categories; c != nil {
		rows = append(rows, fieldRow{"categories", text(c.Value), c.Confidence, string(c.Source)})
	}
	for _, f := range []struct {
		name  string
		field *identity.Field
	}{{"optionalData", d.OptionalData}, {"optionalData1", d.OptionalData1}, {"optionalData2", d.OptionalData2}} {
		if f.field != nil {
			rows = append(rows, fieldRow{f.name, f.field.Value, f.field.Confidence, sourceOf(f.field.Source)})
		}
	}
	return rows
}
