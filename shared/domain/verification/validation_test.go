package verification

import (
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/mrz"
)

func TestMRZCheckDigits(t *testing.T) {
	runCases(t, GroupValidation, codeMRZCheckDigits, []outcomeCase{
		{"verified", Input{Document: passport()}, Pass, "4 check digits of the TD3 zone verified"},
		{"a digit wrong", Input{Document: with(func(r *extraction.Result) {
			r.ExtractedData.MRZ.Checks["dateOfBirth"] = extraction.Check{Expected: "8", Found: "3", Reason: mrz.ReasonMismatch}
			r.ExtractedData.MRZ.Valid = false
		})}, Fail, "dateOfBirth (computed 8, printed 3)"},
		{"a digit unplaced", Input{Document: with(func(r *extraction.Result) {
			r.ExtractedData.MRZ.Checks["composite"] = extraction.Check{Expected: "4", Found: "4", Reason: mrz.ReasonUnplaced}
			r.ExtractedData.MRZ.Valid = false
		})}, Inconclusive, "not placed by the reading: composite"},
		{"no zone on a passport", Input{Document: with(func(r *extraction.Result) { r.ExtractedData.MRZ = nil })},
			Inconclusive, "no machine-readable zone"},
		{"a driving licence", Input{Document: licence()}, NotApplicable, "a driving licence has no machine-readable zone"},
		{"no extraction", Input{}, Inconclusive, noExtraction},
	})
}

func TestDates(t *testing.T) {
	dates := func(birth, issue, expiry string) Input {
		return Input{Document: with(func(r *extraction.Result) {
			d := &r.ExtractedData
			d.DateOfBirth, d.IssueDate, d.ExpiryDate = field(birth), field(issue), field(expiry)
			for _, f := range []**extraction.Field{&d.DateOfBirth, &d.IssueDate, &d.ExpiryDate} {
				if (*f).Value == "" {
					*f = nil
				}
			}
		})}
	}
	runCases(t, GroupValidation, codeDates, []outcomeCase{
		{"in order", dates("1988-03-21", "2023-06-15", "2033-06-14"), Pass, "well formed and in order"},
		{"a partial birth date", dates("1988-03", "2023-06-15", "2033-06-14"), Pass, "in order"},
		{"the French card's issue month", dates("1975-10-12", "2014-03", ""), Pass, "in order"},
		{"no date", dates("", "", ""), Inconclusive, "no date was read"},
		{"no such day", dates("1988-02-30", "2023-06-15", "2033-06-14"), Fail, `dateOfBirth "1988-02-30" is no date`},
		{"issued before birth", dates("2024-01-01", "2023-06-15", "2033-06-14"), Fail, "issued before the holder's birth"},
		{"expires before issue", dates("1988-03-21", "2023-06-15", "2023-06-15"), Fail, "expires before it was issued"},
		{"issued in the future", dates("1988-03-21", "2027-01-01", "2037-01-01"), Fail, "issued after the day"},
		{"born in the future", dates("2027-01-01", "", ""), Fail, "born after the day"},
		{"130 years old", dates("1896-11-28", "", ""), Fail, "130 years old or more"},
		{"129 years old", dates("1896-11-29", "", ""), Pass, "in order"},
	})
}

// Expired on the day: a document is valid through its expiry date.
func TestExpiry(t *testing.T) {
	expiring := func(v string) Input {
		return Input{Document: with(func(r *extraction.Result) { r.ExtractedData.ExpiryDate = field(v) })}
	}
	runCases(t, GroupValidation, codeExpiry, []outcomeCase{
		{"valid", expiring("2033-06-14"), Pass, "valid until 2033-06-14"},
		{"expires on the day", expiring("2026-11-28"), Pass, "valid until 2026-11-28"},
		{"expired the day before", expiring("2026-11-27"), Fail, "expired on 2026-11-27"},
		{"expired years ago", expiring("2021-05-19"), Fail, "expired on 2021-05-19"},
		{"month only, this month", expiring("2026-11"), Inconclusive, "lacks the day"},
		{"month only, last month", expiring("2026-10"), Fail, "expired on 2026-10"},
		{"no expiry date", Input{Document: with(func(r *extraction.Result) { r.ExtractedData.ExpiryDate = nil })},
			Inconclusive, "states no expiry date"},
	})
	// The day is Now's date in UTC.
	late := Input{Now: time.Date(2026, 11, 27, 23, 30, 0, 0, time.FixedZone("UTC-2", -2*3600)),
		Document: expiring("2026-11-27").Document}
	if c := checkOf(t, late, GroupValidation, codeExpiry); c.Result != Fail {
		t.Errorf("23:30 at UTC-2 is the next day in UTC: %s %q", c.Result, c.Detail)
	}
}

func TestIssuingState(t *testing.T) {
	state := func(v string, unknown ...string) Input {
		return Input{Document: with(func(r *extraction.Result) {
			r.ExtractedData.IssuingCountry = field(v)
			r.ExtractedData.UnknownCountryCodes = unknown
		})}
	}
	runCases(t, GroupValidation, codeIssuingState, []outcomeCase{
		{"a state", state("FRA"), Pass, "issued by FRA"},
		{"Germany's D", state("D"), Pass, "issued by D"},
		{"UTO", state("UTO", "UTO"), Fail, "UTO is no state's code"},
		{"a code of no state", state("XYZ"), Fail, "XYZ is no state's code"},
		{"none", Input{Document: with(func(r *extraction.Result) { r.ExtractedData.IssuingCountry = nil })},
			Inconclusive, "no issuing state"},
	})
}

func TestNumberForm(t *testing.T) {
	number := func(v string) Input {
		return Input{Document: with(func(r *extraction.Result) { r.ExtractedData.DocumentNumber = field(v) })}
	}
	runCases(t, GroupValidation, codeNumberForm, []outcomeCase{
		{"letters and digits", number("18CO04712"), Pass, "9 letters and digits"},
		{"a licence's separators", Input{Document: licence()}, Pass, "11 letters and digits"},
		{"too short", number("A123"), Fail, "4 letters and digits, not 5 to 20"},
		{"too long", number("A1234567890123456789X"), Fail, "21 letters and digits"},
		{"a stray character", number("18CO0#4712"), Fail, `'#'`},
		{"none", Input{Document: with(func(r *extraction.Result) { r.ExtractedData.DocumentNumber = nil })},
			Inconclusive, "no document number"},
	})
}

func TestMRZPrinted(t *testing.T) {
	runCases(t, GroupConsistency, codeMRZPrinted, []outcomeCase{
		{"agree", Input{Document: passport()}, Pass, "2 fields agree: surname, dateOfBirth"},
		{"disagree", Input{Document: with(func(r *extraction.Result) {
			r.Consistency = append(r.Consistency, extraction.Agreement{Field: "expiryDate", MRZ: "2033-06-14",
				Visual: "14.06.2028"})
		})}, Fail, "differs from the machine-readable zone in expiryDate (1 of 3 fields)"},
		// No field in both zones: not shown consistent, not shown otherwise.
		{"no rows", Input{Document: with(func(r *extraction.Result) { r.Consistency = nil })}, Inconclusive,
			"no field was read in both"},
		{"no zone", Input{Document: licence()}, NotApplicable, "no machine-readable zone"},
	})
}
