package verification

import (
	"slices"
	"testing"
)

// Each row of the table does what it says under each policy: a check with the row's group, code
// and result alone gives the row's effect as the decision and the row's reason (none when its
// effect is none).
func TestTableRows(t *testing.T) {
	for _, row := range Table() {
		t.Run(row.Group+"/"+row.Check+"/"+string(row.Result), func(t *testing.T) {
			checks := []Check{{Group: row.Group, Code: row.Check, Result: row.Result, Detail: "constructed"}}
			for _, p := range Policies() {
				decision, reasons := Decide(p, checks)
				e := row.Effect(p)
				want := []string{}
				if e != EffectNone {
					want = []string{row.Reason}
				}
				if decision != decisionOf[e] || !slices.Equal(reasons, want) {
					t.Errorf("%s: %s %q, want %s %q", p, decision, reasons, decisionOf[e], want)
				}
			}
		})
	}
}

// Every fail and inconclusive result a check can give has exactly one row, and every row is such
// a result: nothing a check says goes unruled, and no row waits for a check that does not exist.
func TestEveryOutcomeHasARow(t *testing.T) {
	rows := map[checkKey]map[Result]int{}
	for _, r := range table {
		k := checkKey{r.Group, r.Check}
		if rows[k] == nil {
			rows[k] = map[Result]int{}
		}
		rows[k][r.Result]++
		if r.Result == Pass || r.Result == NotApplicable {
			t.Errorf("row %s/%s/%s: a %s moves no decision", r.Group, r.Check, r.Result, r.Result)
		}
		if r.Reason == "" || r.Why == "" {
			t.Errorf("row %s/%s/%s has no reason or no why", r.Group, r.Check, r.Result)
		}
		for _, e := range []Effect{r.Lenient, r.Standard, r.Strict} {
			if _, ok := rank[e]; !ok {
				t.Errorf("row %s/%s/%s: effect %q", r.Group, r.Check, r.Result, e)
			}
		}
	}
	seen := 0
	for _, c := range catalogue {
		for _, o := range c.outcomes {
			if n := rows[c.checkKey][o]; n != 1 {
				t.Errorf("%s/%s/%s has %d rows, want 1", c.group, c.code, o, n)
			}
			seen++
		}
	}
	if seen != len(table) {
		t.Errorf("%d rows for %d outcomes: a row rules no outcome a check gives", len(table), seen)
	}
}

// A policy never weakens what a more lenient one does: lenient ≤ standard ≤ strict, row by row.
func TestPoliciesGrowStricter(t *testing.T) {
	for _, r := range table {
		if rank[r.Lenient] > rank[r.Standard] || rank[r.Standard] > rank[r.Strict] {
			t.Errorf("%s/%s/%s: %s, %s, %s", r.Group, r.Check, r.Result, r.Lenient, r.Standard, r.Strict)
		}
	}
}

// The decision is the strongest effect: a specimen declines even when its image should be
// retaken, a retake outranks a review, and the reasons list the strongest first.
func TestDecisionIsTheStrongestEffect(t *testing.T) {
	specimen := Check{Group: GroupAuthenticity, Code: codeSpecimenState, Result: Fail}
	retake := Check{Group: GroupImage, Code: codeQuality, Result: Fail}
	recaptured := Check{Group: GroupAuthenticity, Code: codeRecapture, Result: Fail}
	ok := Check{Group: GroupValidation, Code: codeExpiry, Result: Pass}
	for _, tt := range []struct {
		name    string
		checks  []Check
		want    Decision
		reasons []string
	}{
		{"nothing fired", []Check{ok}, Approved, []string{}},
		{"no checks", nil, Approved, []string{}},
		{"review", []Check{ok, recaptured}, Review, []string{"recaptured_image"}},
		{"resubmit over review", []Check{recaptured, retake}, Resubmit, []string{"image_retake", "recaptured_image"}},
		{"decline over resubmit", []Check{retake, specimen}, Declined, []string{"specimen_document", "image_retake"}},
		{"decline over everything", []Check{recaptured, retake, specimen}, Declined,
			[]string{"specimen_document", "image_retake", "recaptured_image"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, reasons := Decide(Standard, tt.checks)
			if got != tt.want || !slices.Equal(reasons, tt.reasons) {
				t.Errorf("%s %q, want %s %q", got, reasons, tt.want, tt.reasons)
			}
		})
	}
}

// Rows that share a reason give it once: a specimen caught by its words, its state and its
// holder is one specimen_document.
func TestReasonsOnceEach(t *testing.T) {
	var checks []Check
	for _, code := range []string{codeSpecimenWords, codeSpecimenState, codeSpecimenIdentity} {
		checks = append(checks, Check{Group: GroupAuthenticity, Code: code, Result: Fail})
	}
	if d, reasons := Decide(Lenient, checks); d != Declined || !slices.Equal(reasons, []string{"specimen_document"}) {
		t.Errorf("%s %q", d, reasons)
	}
}

// Strict turns the model's and the comparison's doubts into declines; no policy is the default,
// an unknown one is strict, and only the three named ones are valid.
func TestPolicies(t *testing.T) {
	recaptured := []Check{{Group: GroupAuthenticity, Code: codeRecapture, Result: Fail}}
	for _, tt := range []struct {
		policy Policy
		want   Decision
	}{{Lenient, Review}, {Standard, Review}, {Strict, Declined}, {"", Review}, {"unheard-of", Declined}} {
		if got, _ := Decide(tt.policy, recaptured); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.policy, got, tt.want)
		}
	}
	for _, p := range Policies() {
		if !p.Valid() {
			t.Errorf("%s is not valid", p)
		}
	}
	if Policy("unheard-of").Valid() || !DefaultPolicy.Valid() {
		t.Error("Valid accepts an unknown policy or refuses the default")
	}
}

// A check without a row (a pass, a not_applicable, an unknown code) moves nothing.
func TestChecksWithoutARowMoveNothing(t *testing.T) {
	checks := []Check{
		{Group: GroupAuthenticity, Code: codeSpecimenState, Result: Pass},
		{Group: GroupLiveness, Code: codeLive, Result: NotApplicable},
		{Group: "document.unknown", Code: "whatever", Result: Fail},
	}
	if d, reasons := Decide(Strict, checks); d != Approved || len(reasons) != 0 {
		t.Errorf("%s %q", d, reasons)
	}
}

// Table returns a copy: a caller that edits it changes no decision.
func TestTableIsACopy(t *testing.T) {
	rows := Table()
	rows[0].Standard = EffectNone
	if table[0].Standard == EffectNone {
		t.Error("Table shares the package's rows")
	}
}
