package console

import (
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// readingWithFaults is a completed extraction's answer with something of every kind that lowers a
// reading's confidence.
const readingWithFaults = `{"extractionId": "ext_1", "status": "completed", "documentType": "passport",
	"createdAt": "2026-11-28T09:00:00Z", "completedAt": "2026-11-28T09:00:03Z", "creditsUsed": 1,
	"livemode": false, "referenceId": "applicant-7",
	"result": {"globalConfidence": 0.41,
		"quality": {"status": "usable", "reasons": ["blurred"]},
		"consistency": [{"field": "surname", "mrz": "ERIKSSON", "visual": "ERIKSON", "agree": false}],
		"extractedData": {
			"documentType": {"value": "passport", "confidence": 1},
			"surname": {"value": "ERIKSSON", "confidence": 0.55, "source": "mrz"},
			"expiryDate": {"value": "2026-11-27", "confidence": 0.9, "source": "both"},
			"sex": {"value": "F", "confidence": 0.99, "source": "mrz"},
			"categories": {"value": ["B", "C1"], "confidence": 0.95, "source": "visual"},
			"unknownCountryCodes": ["UTO"],
			"mrz": {"format": "TD3", "valid": false, "lines": ["P<UTOERIKSSON<<ANNA<MARIA", "L898902C36UTO7408122F"],
				"checks": {"dateOfBirth": {"valid": false, "expected": "1", "found": "7", "reason": "mismatch"},
					"documentNumber": {"valid": true, "expected": "6", "found": "6"}},
				"corrections": [{"field": "surname", "from": "0", "to": "O", "position": 5}],
				"warnings": ["a character is missing or extra in columns 10 to 12"]}}}}`

// A reading names what lowered its confidence, and a document past its expiry date is flagged
// even when it was valid the day it was read.
func TestReadingExplained(t *testing.T) {
	today := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	x := answer[identity.Extraction](t, readingWithFaults)
	got := strings.Join(lowered(*x.Result), "\n")
	for _, want := range []string{"check digit of date of birth does not hold (expected 1, found 7)", "UTO",
		"One character", "usable", "blurred", "printed surname (ERIKSON)", "missing or extra in columns",
		"Surname was read with 55 % confidence"} {
		if !strings.Contains(got, want) {
			t.Errorf("lowered lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "document number") {
		t.Errorf("lowered names a check digit that holds:\n%s", got)
	}
	data := x.Result.ExtractedData
	if on := expiredOn(data, today); on != "2026-11-27" {
		t.Errorf("expiredOn = %q, want the day before today", on)
	}
	if on := expiredOn(data, today.AddDate(0, 0, -2)); on != "" {
		t.Errorf("expiredOn before the expiry = %q, want none", on)
	}
	flagged := answer[identity.ExtractedData](t, `{"documentType": {"value": "passport", "confidence": 1},
		"expired": true}`)
	if on := expiredOn(&flagged, today); on != "a date before it was read" {
		t.Errorf("expiredOn with the API's flag and no date = %q", on)
	}
}

// An extraction's page shows its facts, every field read in the page's order with the zone it
// came from, the zones' disagreement, the check digits and what lowered the confidence.
func TestExtractionPage(t *testing.T) {
	x := answer[identity.Extraction](t, readingWithFaults)
	p := newExtractionPage(x, time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	var names []string
	for _, f := range p.Fields {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "documentType surname expiryDate sex categories" {
		t.Errorf("fields = %s, want the page's order", got)
	}
	html := render(t, "extraction", nil, p)
	for _, want := range []string{"status-completed", "2026-11-28 09:00:03 UTC", "applicant-7", "41 %",
		"usable (blurred)", `id="expired"`, "expiry date is 2026-11-27", "Date of expiry", "both zones, agreeing",
		"B, C1", "Licence categories", "ERIKSON", "<strong>no</strong>", "Format TD3",
		"a check digit does not hold", "P&lt;UTOERIKSSON", "Surname was read with 55 % confidence"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q:\n%s", want, html)
		}
	}
}

// A failed extraction shows the API's error and no result.
func TestExtractionPageFailed(t *testing.T) {
	x := answer[identity.Extraction](t, `{"extractionId": "ext_2", "status": "failed", "documentType": "auto",
		"createdAt": "2026-11-28T09:00:00Z", "creditsUsed": 0, "livemode": true,
		"error": {"code": "mrz_not_found", "message": "No machine-readable zone was found."}}`)
	html := render(t, "extraction", nil, newExtractionPage(x, time.Now()))
	if !strings.Contains(html, "mrz_not_found: No machine-readable zone was found.") ||
		strings.Contains(html, "Global confidence") || strings.Contains(html, "Your reference") {
		t.Errorf("the failed extraction's page:\n%s", html)
	}
}

// The list links each extraction and its batch, and keeps its filters.
func TestExtractionsList(t *testing.T) {
	page := answer[extractionList](t, `{"data": [{"extractionId": "ext_1", "status": "completed",
		"documentType": "passport", "batchId": "bat_1", "createdAt": "2026-11-28T09:00:00Z", "creditsUsed": 1,
		"livemode": false}], "nextCursor": null}`)
	r := getRequest("/console/extractions?status=completed")
	html := render(t, "extractions", nil, newListPage(r, page.Data, page.NextCursor))
	for _, want := range []string{`href="/console/extractions/ext_1"`, `href="/console/batches/bat_1"`,
		"status-completed", `<option value="completed" selected>`, "2026-11-28 09:00:00 UTC"} {
		if !strings.Contains(html, want) {
			t.Errorf("the list lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, `rel="next"`) {
		t.Error("the last page links a next one")
	}
}
