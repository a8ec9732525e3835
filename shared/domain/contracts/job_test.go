package contracts

import (
	"testing"
	"unicode/utf8"
)

// The wire form is the one jobs already queued carry: a worker of this version must read them.
func TestIssuanceJobWireForm(t *testing.T) {
	const ref = "AUT-20261123-ABCDEFGH"
	if got, want := (IssuanceJob{Reference: ref}).Encode(), `{"reference":"`+ref+`"}`; got != want {
		t.Fatalf("Encode = %s, want %s", got, want)
	}
	j, err := ParseIssuanceJob(`{"reference":"` + ref + `"}`)
	if err != nil || j.Reference != ref {
		t.Fatalf("Parse = %+v, %v", j, err)
	}
}

func TestParseIssuanceJobRefusesMalformed(t *testing.T) {
	for _, body := range []string{"", "{", "null", "{}", `{"reference":""}`, `{"reference":7}`, `{"extractionId":"x"}`,
		`"AUT-1"`} {
		if j, err := ParseIssuanceJob(body); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", body, j)
		}
	}
}

// Whatever a reference holds, Parse reads back what Encode wrote (invalid UTF-8 comes back with
// replacement characters, as JSON requires).
func FuzzIssuanceJobRoundTrip(f *testing.F) {
	for _, s := range []string{"AUT-20261123-ABCDEFGH", `a"b`, `\`, "é<>&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		j, err := ParseIssuanceJob(IssuanceJob{Reference: ref}.Encode())
		if ref == "" {
			if err == nil {
				t.Fatal("an empty reference parsed")
			}
			return
		}
		if err != nil || utf8.ValidString(ref) && j.Reference != ref {
			t.Fatalf("round trip of %q = %+v, %v", ref, j, err)
		}
	})
}
