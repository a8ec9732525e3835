package verification_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/domain/verification"
)

// memoryIndex is a ReuseIndex in memory, holding what the table's items would.
type memoryIndex map[string]remembered

type remembered struct {
	id     string
	holder verification.Holder
}

func (m memoryIndex) First(_ context.Context, owner, key string) (string, verification.Holder, bool, error) {
	v, ok := m[owner+"#"+key]
	return v.id, v.holder, ok, nil
}

func (m memoryIndex) Remember(_ context.Context, owner, key, id string, holder verification.Holder, _ time.Time) error {
	if _, ok := m[owner+"#"+key]; !ok {
		m[owner+"#"+key] = remembered{id, holder}
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
		if strings.Contains(k, "C4J8K7Z01") || strings.Contains(v.holder.Key, "MEYER") {
			t.Errorf("the index holds a number or a name in clear: %s %v", k, v)
		}
	}
}

// faces answers the face match with the embedding of the selfie it is given (its first byte picks
// one of two faces), and every selfie live.
type faces struct{}

func (faces) Compare(_ context.Context, _, selfie []byte) (facematch.Result, error) {
	e := make([]float32, 128)
	e[int(selfie[0])%2] = 1 // unit length; the two faces orthogonal
	return facematch.Result{IsMatch: true, Similarity: 0.8, Threshold: 0.363, SelfieEmbedding: e}, nil
}

func (faces) Check(context.Context, []byte) (liveness.Result, error) {
	return liveness.Result{IsLive: true, Confidence: 0.9}, nil
}

// With a selfie, the holder is also the face: the same name and birth date with another face is
// another holder; the first holder's face is kept as an embedding only.
func TestVerifierComparesTheFirstHoldersFace(t *testing.T) {
	index := memoryIndex{}
	v := verification.Verifier{Reuse: index, Key: []byte("a service key of at least thirty-two bytes"),
		Liveness: faces{}, FaceMatch: faces{}}
	field := func(s string) *extraction.Field { return &extraction.Field{Value: s, Confidence: 1} }
	reuse := func(id string, selfie []byte) extraction.VerdictCheck {
		t.Helper()
		res := &extraction.Result{ExtractedData: extraction.ExtractedData{
			IssuingCountry: field("D"), DocumentNumber: field("C4J8K7Z01"), Surname: field("MEYER"),
			GivenNames: field("ANNA"), DateOfBirth: field("1980-05-06"),
		}}
		e := extraction.Extraction{ID: id, OwnerID: "usr_a", Verification: &extraction.VerificationRequest{Policy: "standard"}}
		out, err := v.Verify(context.Background(), extraction.VerifyInput{Extraction: e, Result: res,
			Document: []byte("page"), Selfie: selfie, Now: time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range out.Checks {
			if c.Group == verification.GroupReuse {
				return c
			}
		}
		t.Fatal("no reuse check")
		return extraction.VerdictCheck{}
	}
	if c := reuse("ver_1", []byte{0}); c.Result != "pass" {
		t.Fatalf("first sight: %+v", c)
	}
	if got := index["usr_a#"+firstKey(index)].holder.Face; len(got) != 128 {
		t.Fatalf("the first holder's face is not kept: %v", got)
	}
	if c := reuse("ver_2", []byte{0}); c.Result != "pass" || !strings.Contains(c.Detail, "and face") {
		t.Errorf("the same holder and face: %+v", c)
	}
	if c := reuse("ver_3", []byte{1}); c.Result != "fail" || !strings.Contains(c.Detail, "another face") {
		t.Errorf("the same name, another face: %+v", c)
	}
	if c := reuse("ver_4", nil); c.Result != "pass" || !strings.Contains(c.Detail, "no face to compare") {
		t.Errorf("no selfie: %+v", c)
	}
}

// firstKey is the document key of the index's only entry.
func firstKey(m memoryIndex) string {
	for k := range m {
		return strings.TrimPrefix(k, "usr_a#")
	}
	return ""
}
