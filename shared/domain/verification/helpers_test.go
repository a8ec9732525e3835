package verification

import (
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/imagequality"
)

// day is the verification's day in the tests.
var day = time.Date(2026, 11, 28, 15, 4, 5, 0, time.UTC)

func field(v string) *extraction.Field {
	return &extraction.Field{Value: v, Confidence: 0.95, Source: "mrz"}
}

// passport is a French passport's extraction as the worker gives it, valid on day and consistent
// in every way; each test changes what it is about.
func passport() *extraction.Result {
	return &extraction.Result{
		ExtractedData: extraction.ExtractedData{
			DocumentType:   extraction.Field{Value: "passport", Confidence: 1, Source: "mrz"},
			DocumentCode:   field("P"),
			IssuingCountry: field("FRA"),
			Nationality:    field("FRA"),
			Surname:        field("DUPONT"),
			GivenNames:     field("CLAIRE ELODIE"),
			DocumentNumber: field("18CO04712"),
			DateOfBirth:    field("1988-03-21"),
			IssueDate:      field("2023-06-15"),
			ExpiryDate:     field("2033-06-14"),
			Sex:            field("F"),
			MRZ: &extraction.MRZ{
				Format: "TD3",
				Lines: []string{"P<FRADUPONT<<CLAIRE<ELODIE<<<<<<<<<<<<<<<<<<<<",
					"18CO047129FRA8803218F3306149<<<<<<<<<<<<<<<4"},
				Checks: map[string]extraction.Check{
					"documentNumber": {Valid: true, Expected: "9", Found: "9"},
					"dateOfBirth":    {Valid: true, Expected: "8", Found: "8"},
					"expiryDate":     {Valid: true, Expected: "9", Found: "9"},
					"composite":      {Valid: true, Expected: "4", Found: "4"},
				},
				Valid: true,
			},
		},
		GlobalConfidence: 0.95,
		Quality:          &imagequality.Verdict{Status: imagequality.Good, Reasons: []string{}},
		Portrait: &extraction.Portrait{
			Box:   extraction.Box{X: 40, Y: 120, Width: 260, Height: 330},
			Score: 0.93,
		},
		Consistency: []extraction.Agreement{
			{Field: "surname", MRZ: "DUPONT", Visual: "DUPONT", Agree: true},
			{Field: "dateOfBirth", MRZ: "1988-03-21", Visual: "21.03.1988", Agree: true},
		},
	}
}

// licence is a driving licence read from its printed zone: no MRZ.
func licence() *extraction.Result {
	r := passport()
	d := &r.ExtractedData
	d.DocumentType = extraction.Field{Value: "driving_licence", Confidence: 1, Source: "visual"}
	d.MRZ, d.Nationality, d.DocumentCode = nil, nil, nil
	d.IssuingCountry = &extraction.Field{Value: "POL", Confidence: 0.95, Source: "visual"}
	d.DocumentNumber = &extraction.Field{Value: "01234/17/1234", Confidence: 0.9, Source: "visual"}
	r.Consistency = nil
	return r
}

// checkOf runs in and returns the check of group and code.
func checkOf(t *testing.T, in Input, group, code string) Check {
	t.Helper()
	if in.Now.IsZero() {
		in.Now = day
	}
	for _, c := range Run(in) {
		if c.Group == group && c.Code == code {
			return c
		}
	}
	t.Fatalf("Run gave no %s/%s", group, code)
	return Check{}
}

// outcomeCase is one constructed input and the result and detail wanted of a check.
type outcomeCase struct {
	name   string
	in     Input
	want   Result
	detail string // a part of the detail wanted
}

// runCases checks group/code on each case.
func runCases(t *testing.T, group, code string, cases []outcomeCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			c := checkOf(t, tt.in, group, code)
			if c.Result != tt.want || !strings.Contains(c.Detail, tt.detail) {
				t.Errorf("%s %q, want %s with %q", c.Result, c.Detail, tt.want, tt.detail)
			}
		})
	}
}

// with returns a passport changed by change.
func with(change func(r *extraction.Result)) *extraction.Result {
	r := passport()
	change(r)
	return r
}
