package verification

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
)

// reuseDomain separates the reuse key's HMAC input from any other use of the account's secret.
const reuseDomain = "trustline verification reuse v1\x00"

// ReuseKey is the key a document is looked up by among an account's verifications: the hex
// HMAC-SHA256, keyed with the account's secret, of the issuing state and the document number,
// normalised (upper case; spaces and the MRZ's fillers out; Germany's D as DEU) so that the same
// document read twice has the same key. The number is never stored in clear, and the key of one
// account tells nothing of another's. "" when the secret, the state or the number is empty: no
// lookup.
func ReuseKey(accountSecret []byte, issuingState, number string) string {
	state, num := normaliseState(issuingState), normaliseNumber(number)
	if len(accountSecret) == 0 || state == "" || num == "" {
		return ""
	}
	mac := hmac.New(sha256.New, accountSecret)
	mac.Write([]byte(reuseDomain + state + "\x00" + num))
	return hex.EncodeToString(mac.Sum(nil))
}

func normaliseState(s string) string {
	s = normaliseNumber(s)
	if s == "D" {
		return "DEU"
	}
	return s
}

func normaliseNumber(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '<' {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// sameDocument: the document (its issuing state and number) was not verified before in the
// account for another holder. The same holder again passes, naming the earlier verification.
func (r *run) sameDocument() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	if normaliseState(value(r.doc.IssuingCountry)) == "" || normaliseNumber(value(r.doc.DocumentNumber)) == "" {
		return inconclusive("no issuing state or document number to look the document up by")
	}
	l := r.in.Reuse
	switch {
	case l == nil:
		return notApplicable("the document was not looked up among the account's verifications")
	case l.Earlier == "":
		return pass("first verification of this document in the account")
	case l.FaceCompared && !l.SameFace:
		return fail("verified before in " + l.Earlier + " for another holder: another face")
	case !l.SameNameAndBirthDate:
		return fail("verified before in " + l.Earlier + " for another holder: another name or date of birth")
	case l.FaceCompared:
		return pass("verified before in " + l.Earlier + " for the same holder: name, date of birth and face")
	}
	return pass("verified before in " + l.Earlier + " for the same holder: name and date of birth " +
		"(no face to compare)")
}
