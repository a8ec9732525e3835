package payment

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"unicode"
)

// A signature vouches for bytes, not for what a parser makes of them. encoding/json reads the last
// of two equal keys and matches a key to a field regardless of case, where the signer's parser may
// keep the first key, or only the exact name: {"type":"payment.failed","Type":"payment.succeeded"}
// would be a failure to one and a payment to the other. ambiguousKeys refuses such bodies outright.

// maxDepth bounds the nesting ambiguousKeys walks; a notification is one flat object.
const maxDepth = 32

// notificationFields are Notification's JSON names, by their case-folded form.
var notificationFields = func() map[string]string {
	out := map[string]string{}
	t := reflect.TypeFor[Notification]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out[fold(name)] = name
	}
	return out
}()

// ambiguousKeys reports whether body has an object with two keys that are the same but for case
// (or the same), a top-level key that names a field of Notification in another case than its own,
// or is not well-formed JSON nested at most maxDepth deep.
func ambiguousKeys(body []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(body))
	ambiguous, err := ambiguousValue(dec, 0)
	return ambiguous || err != nil
}

func ambiguousValue(dec *json.Decoder, depth int) (bool, error) {
	if depth > maxDepth {
		return true, nil
	}
	tok, err := dec.Token()
	if err != nil {
		return false, err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return false, err
			}
			key, _ := tok.(string)
			folded := fold(key)
			if seen[folded] {
				return true, nil
			}
			seen[folded] = true
			if name, ok := notificationFields[folded]; ok && depth == 0 && name != key {
				return true, nil
			}
			if ambiguous, err := ambiguousValue(dec, depth+1); ambiguous || err != nil {
				return ambiguous, err
			}
		}
	case json.Delim('['):
		for dec.More() {
			if ambiguous, err := ambiguousValue(dec, depth+1); ambiguous || err != nil {
				return ambiguous, err
			}
		}
	default:
		return false, nil
	}
	_, err = dec.Token() // the closing delimiter
	return false, err
}

// fold maps s to one spelling of its case-folding class, rune by rune, as strings.EqualFold and
// encoding/json compare names (so the long s matches s, and the kelvin sign k).
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}
