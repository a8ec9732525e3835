package verification_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/verification"
)

// memoryIndex is a ReuseIndex in memory, holding what the table's items would.
type memoryIndex map[string][2]string

func (m memoryIndex) First(_ context.Context, owner, key string) (string, string, bool, error) {
	v, ok := m[owner+"#"+key]
	return v[0], v[1], ok, nil
}

func (m memoryIndex) Remember(_ context.Context, owner, key, id, holder string, _ time.Time) error {
	if _, ok := m[owner+"#"+key]; !ok {
		m[owner+"#"+key] = [2]string{id, holder}
	}
	return nil
}

func TestVerifierRemembersEachDocumentsFirstHolder(t *testing.T) {
	index := memoryIndex{}
	v := verification.Verifier{Reuse: index, Key: []byte("a service key of at least thirty-two bytes")}
	field := func(s string) *extraction.Field { return &extraction.Field{Value: s, Confidence: 1} }
	verify := func(id, owner, surname string) extraction.Verdict {
		t.Helper()
		res := &extraction.Result{ExtractedData: extraction.ExtractedData{
			IssuingCountry: field("D"), DocumentNumber: field("C4J8K7Z01"), Surname: field(surname),
			GivenNames: field("ANNA"), DateOfBirth: field("1980-05-06"),
		}}
		e := extraction.Extraction{ID: id, OwnerID: owner, Verification: &extraction.VerificationRequest{Policy: "standard"}}
		out, err := v.Verify(context.Background(), extraction.VerifyInput{Extraction: e, Result: res,
			Now: time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		return *out
	}
	reuse := func(d extraction.Verdict) extraction.VerdictCheck {
		for _, c := range d.Checks {
			if c.Group == verification.GroupReuse {
				return c
			}
		}
		t.Fatal("no reuse check")
		return extraction.VerdictCheck{}
	}
	if c := reuse(verify("ver_1", "usr_a", "MEYER")); c.Result != "pass" {
		t.Errorf("first sight: %+v", c)
	}
	if c := reuse(verify("ver_1", "usr_a", "MEYER")); c.Result != "pass" {
		t.Errorf("a retry of the same verification finds itself: %+v", c)
	}
	if c := reuse(verify("ver_2", "usr_a", "MEYER")); c.Result != "pass" || !strings.Contains(c.Detail, "ver_1") {
		t.Errorf("the same holder again: %+v, want a pass naming ver_1", c)
	}
	other := verify("ver_3", "usr_a", "SCHULZ")
	if c := reuse(other); c.Result != "fail" || other.Decision != "declined" ||
		!slices.Contains(other.Reasons, "document_reused_other_holder") {
		t.Errorf("another holder: %+v, decision %s %v", c, other.Decision, other.Reasons)
	}
	if c := reuse(verify("ver_4", "usr_b", "SCHULZ")); c.Result != "pass" {
		t.Errorf("another account's index is its own: %+v", c)
	}
	for k, v := range index {
		if strings.Contains(k, "C4J8K7Z01") || strings.Contains(v[1], "MEYER") {
			t.Errorf("the index holds a number or a name in clear: %s %v", k, v)
		}
	}
}
