package webhook

import (
	"testing"
	"unicode/utf8"
)

// The wire form is the one wake-ups already queued carry: a dispatcher of this version must read
// them.
func TestWakeUpWireForm(t *testing.T) {
	const id = "msg_0123456789abcdef"
	if got, want := (WakeUp{DeliveryID: id, Attempt: 3}).Encode(), `{"deliveryId":"`+id+`","attempt":3}`; got != want {
		t.Fatalf("Encode = %s, want %s", got, want)
	}
	w, err := ParseWakeUp(`{"deliveryId":"` + id + `","attempt":3}`)
	if err != nil || w != (WakeUp{DeliveryID: id, Attempt: 3}) {
		t.Fatalf("Parse = %+v, %v", w, err)
	}
}

func TestParseWakeUpRefusesMalformed(t *testing.T) {
	for _, body := range []string{"", `{"deliveryId":`, "null", "{}", `{"deliveryId":"msg_1"}`,
		`{"deliveryId":"msg_1","attempt":0}`,
		`{"deliveryId":"msg_1","attempt":-1}`, `{"deliveryId":"","attempt":1}`, `{"attempt":1}`,
		`{"deliveryId":7,"attempt":1}`,
		`{"deliveryId":"msg_1","attempt":"1"}`, `"msg_1"`} {
		if w, err := ParseWakeUp(body); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", body, w)
		}
	}
}

// Whatever a wake-up holds, Parse reads back what Encode wrote, or refuses it when it names no
// delivery or no attempt (invalid UTF-8 comes back with replacement characters, as JSON requires).
func FuzzWakeUpRoundTrip(f *testing.F) {
	for _, s := range []string{"msg_0123456789abcdef", `a"b`, `\`, "é<>&"} {
		f.Add(s, 1)
	}
	f.Add("", 1)
	f.Add("msg_1", 0)
	f.Fuzz(func(t *testing.T, id string, attempt int) {
		w, err := ParseWakeUp(WakeUp{DeliveryID: id, Attempt: attempt}.Encode())
		if id == "" || attempt < 1 {
			if err == nil {
				t.Fatalf("%q, attempt %d parsed", id, attempt)
			}
			return
		}
		if err != nil || w.Attempt != attempt || utf8.ValidString(id) && w.DeliveryID != id {
			t.Fatalf("round trip of %q, %d = %+v, %v", id, attempt, w, err)
		}
	})
}
