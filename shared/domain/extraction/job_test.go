package extraction

import (
	"testing"
	"unicode/utf8"
)

// The wire form is the one jobs already queued carry: a worker of this version must read them.
func TestJobWireForm(t *testing.T) {
	const id = "ext_0123456789abcdef"
	if got, want := (Job{ExtractionID: id}).Encode(), `{"extractionId":"`+id+`"}`; got != want {
		t.Fatalf("Encode = %s, want %s", got, want)
	}
	j, err := ParseJob(`{"extractionId":"` + id + `"}`)
	if err != nil || j.ExtractionID != id {
		t.Fatalf("Parse = %+v, %v", j, err)
	}
}

func TestParseJobRefusesMalformed(t *testing.T) {
	for _, body := range []string{"", "{", "null", "{}", `{"extractionId":""}`, `{"extractionId":7}`,
		`{"reference":"AUT-1"}`, `"ext_1"`} {
		if j, err := ParseJob(body); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", body, j)
		}
	}
}

// Whatever an id holds, Parse reads back what Encode wrote (invalid UTF-8 comes back with
// replacement characters, as JSON requires).
func FuzzJobRoundTrip(f *testing.F) {
	for _, s := range []string{"ext_0123456789abcdef", `a"b`, `\`, "é<>&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		j, err := ParseJob(Job{ExtractionID: id}.Encode())
		if id == "" {
			if err == nil {
				t.Fatal("an empty id parsed")
			}
			return
		}
		if err != nil || utf8.ValidString(id) && j.ExtractionID != id {
			t.Fatalf("round trip of %q = %+v, %v", id, j, err)
		}
	})
}
