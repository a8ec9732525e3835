package verification

import (
	"strings"
	"testing"

	"github.com/trustline/platform/shared/domain/extraction"
)

func TestReuseKey(t *testing.T) {
	secret := []byte("account secret, 32 bytes of it..")
	key := ReuseKey(secret, "FRA", "18CO04712")
	if len(key) != 64 || strings.Contains(strings.ToUpper(key), "18CO04712") {
		t.Fatalf("key %q: want 64 hex digits, no number in clear", key)
	}
	for _, tt := range []struct{ state, number string }{
		{"fra", "18co04712"}, {"FRA", "18CO 047 12"}, {" FRA<", "18CO04712<<"},
	} {
		if got := ReuseKey(secret, tt.state, tt.number); got != key {
			t.Errorf("%q %q: another key than FRA 18CO04712's", tt.state, tt.number)
		}
	}
	if ReuseKey(secret, "D", "C01X00T47") != ReuseKey(secret, "DEU", "C01X00T47") {
		t.Error("Germany's D and DEU give different keys")
	}
	for name, other := range map[string]string{
		"another account": ReuseKey([]byte("another account's secret........"), "FRA", "18CO04712"),
		"another state":   ReuseKey(secret, "BEL", "18CO04712"),
		"another number":  ReuseKey(secret, "FRA", "18CO04713"),
		// O→0 is not normalised: a number read both ways is two keys, which the extraction's
		// corrections make rare.
		"O read as 0": ReuseKey(secret, "FRA", "18C004712"),
	} {
		if other == key || other == "" {
			t.Errorf("%s: %q", name, other)
		}
	}
	for _, empty := range []string{ReuseKey(nil, "FRA", "1"), ReuseKey(secret, "", "1"), ReuseKey(secret, "FRA", " ")} {
		if empty != "" {
			t.Errorf("a key without a secret, a state or a number: %q", empty)
		}
	}
}

func TestSameDocument(t *testing.T) {
	looked := func(l *ReuseLookup) Input { return Input{Document: passport(), Reuse: l} }
	runCases(t, GroupReuse, codeSameDocument, []outcomeCase{
		{"first seen", looked(&ReuseLookup{}), Pass, "first verification"},
		{"the same holder", looked(&ReuseLookup{Earlier: "ver_1", SameNameAndBirthDate: true}), Pass,
			"verified before in ver_1 for the same holder: name and date of birth (no face"},
		{"the same holder and face", looked(&ReuseLookup{Earlier: "ver_1", SameNameAndBirthDate: true,
			FaceCompared: true, SameFace: true}), Pass, "ver_1 for the same holder: name, date of birth and face"},
		{"the same name, another face", looked(&ReuseLookup{Earlier: "ver_1", SameNameAndBirthDate: true,
			FaceCompared: true}), Fail, "ver_1 for another holder: another face"},
		{"the same face, another name", looked(&ReuseLookup{Earlier: "ver_1", FaceCompared: true, SameFace: true}),
			Fail, "ver_1 for another holder: another name or date of birth"},
		{"another holder", looked(&ReuseLookup{Earlier: "ver_1"}), Fail, "verified before in ver_1 for another holder"},
		{"not looked up", looked(nil), NotApplicable, "not looked up"},
		{"no number", Input{Reuse: &ReuseLookup{}, Document: with(func(r *extraction.Result) {
			r.ExtractedData.DocumentNumber = nil
		})}, Inconclusive, "no issuing state or document number"},
	})
	in := looked(&ReuseLookup{Earlier: "ver_1"})
	in.Now = day
	if d, reasons := Decide(Lenient, Run(in)); d != Declined || !contains(reasons, "document_reused_other_holder") {
		t.Errorf("another holder: %s %q", d, reasons)
	}
}
