package webhookverify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// vectors is sdk/testdata/signatures.json, which the platform's signer made (sdk/signatures_test.go
// in the main module keeps it so): every SDK verifies the same cases.
type vectors struct {
	Cases []struct {
		Name             string
		API              string // identity or partner
		Secret           string
		Body             string
		Headers          map[string]string
		Now              int64
		ToleranceSeconds int64
		Expect           struct{ Signature, Standard string } // ok, signature or timestamp
	}
}

func TestVectors(t *testing.T) {
	b, err := os.ReadFile("../../testdata/signatures.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no cases")
	}
	outcome := func(err error) string {
		switch {
		case err == nil:
			return "ok"
		case errors.Is(err, ErrTimestamp): // before ErrSignature: a replay is both
			return "timestamp"
		case errors.Is(err, ErrSignature):
			return "signature"
		}
		return err.Error()
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			h := http.Header{}
			for k, v := range c.Headers {
				h.Set(k, v)
			}
			secret, body := []byte(c.Secret), []byte(c.Body)
			var sig error
			switch c.API {
			case "identity":
				sig = Service(secret, body, h.Get("X-Service-Signature"))
			case "partner":
				sig = Insurance(secret, body, h.Get("x-insurance-signature"))
			default:
				t.Fatalf("api %q", c.API)
			}
			std := Standard(secret, body, h, time.Duration(c.ToleranceSeconds)*time.Second, time.Unix(c.Now, 0))
			if got := outcome(sig); got != c.Expect.Signature {
				t.Errorf("API signature: %s, want %s", got, c.Expect.Signature)
			}
			if got := outcome(std); got != c.Expect.Standard {
				t.Errorf("webhook-signature: %s, want %s", got, c.Expect.Standard)
			}
		})
	}
}

const (
	partnerSecret = "partner-secret-0123456789"
	at            = 1795000000
)

var (
	body        = []byte(`{"event":"insurance.contract.issued","reference":"REF-1"}`)
	key         = []byte("0123456789abcdef0123456789abcdef")
	whsec       = "whsec_" + base64.StdEncoding.EncodeToString(key)
	previousKey = []byte("the previous secret's 32 bytes..")
)

// hexSig is X-Service-Signature or x-insurance-signature as the platform signs.
func hexSig(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// v1 is one webhook-signature value as the platform signs, keyed with key (already decoded).
func v1(key []byte, id string, ts int64, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + strconv.FormatInt(ts, 10) + "."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// standardHeaders is a delivery's Standard Webhooks headers; an empty value leaves its header out.
func standardHeaders(id, ts, signature string) http.Header {
	h := http.Header{}
	for name, v := range map[string]string{"webhook-id": id, "webhook-timestamp": ts, "webhook-signature": signature} {
		if v != "" {
			h.Set(name, v)
		}
	}
	return h
}

// TestHexSignatures holds Service and Insurance to one answer: nil for the signature of the body
// under the secret, ErrSignature for anything else.
func TestHexSignatures(t *testing.T) {
	good := hexSig([]byte(partnerSecret), body)
	cases := []struct {
		name      string
		secret    string
		body      []byte
		signature string
		want      error
	}{
		{"valid", partnerSecret, body, good, nil},
		{"valid in upper case", partnerSecret, body, strings.ToUpper(good), nil},
		{"forged: another secret", "another-secret", body, good, ErrSignature},
		{"forged: signed with another secret", partnerSecret, body, hexSig([]byte("another-secret"), body), ErrSignature},
		{"forged: empty secret on both sides", "", body, hexSig(nil, body), ErrSignature},
		{"tampered body: one byte more", partnerSecret, append(append([]byte{}, body...), ' '), good, ErrSignature},
		{"tampered body: a field changed", partnerSecret, []byte(strings.Replace(string(body), "REF-1", "REF-2", 1)), good, ErrSignature},
		{"missing", partnerSecret, body, "", ErrSignature},
		{"truncated", partnerSecret, body, good[:62], ErrSignature},
		{"two values: the header carries one", partnerSecret, body, hexSig([]byte("old"), body) + " " + good, ErrSignature},
		{"not hex", partnerSecret, body, strings.Repeat("z", 64), ErrSignature},
	}
	verifiers := map[string]func(secret, body []byte, signature string) error{"Service": Service, "Insurance": Insurance}
	for name, verify := range verifiers {
		for _, c := range cases {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				err := verify([]byte(c.secret), c.body, c.signature)
				if err != c.want {
					t.Fatalf("%v, want %v", err, c.want)
				}
			})
		}
	}
}

// TestStandard holds Standard to one answer: nil for a delivery signed under the secret (one of
// the signatures, during a rotation) within the tolerance, ErrTimestamp for a replay, ErrSignature
// for anything else; and every refusal is an ErrSignature to errors.Is.
func TestStandard(t *testing.T) {
	now := time.Unix(at, 0)
	ts := strconv.FormatInt(at, 10)
	good := v1(key, "msg_1", at, body)
	old := func(d time.Duration) (string, string) {
		then := now.Add(-d).Unix()
		return strconv.FormatInt(then, 10), v1(key, "msg_1", then, body)
	}
	replayTS, replaySig := old(6 * time.Minute)
	dayTS, daySig := old(24 * time.Hour)
	edgeTS, edgeSig := old(Tolerance)
	futureTS, futureSig := old(-6 * time.Minute)
	previous := v1(previousKey, "msg_1", at, body) // the same delivery under the previous secret
	previousReplay := v1(previousKey, "msg_1", at-360, body)
	stranger := v1([]byte("x"), "msg_1", at, body)
	otherWhsec := "whsec_" + base64.StdEncoding.EncodeToString(previousKey)
	cases := []struct {
		name   string
		secret string
		body   []byte
		h      http.Header
		want   error
	}{
		{"valid: the whsec_ secret's decoded key", whsec, body, standardHeaders("msg_1", ts, good), nil},
		{"valid: whsec_ without its padding", strings.TrimRight(whsec, "="), body, standardHeaders("msg_1", ts, good), nil},
		{"valid: a partner's secret as its bytes", partnerSecret, body,
			standardHeaders("msg_1", ts, v1([]byte(partnerSecret), "msg_1", at, body)), nil},
		{"valid: exactly the tolerance old", whsec, body, standardHeaders("msg_1", edgeTS, edgeSig), nil},
		{"rotation: the new secret's signature first", whsec, body,
			standardHeaders("msg_1", ts, good+" "+previous), nil},
		{"rotation: the new secret's signature second", whsec, body,
			standardHeaders("msg_1", ts, previous+" "+good), nil},
		{"rotation: neither signature", whsec, body,
			standardHeaders("msg_1", ts, previous+" "+stranger), ErrSignature},
		{"rotation: replayed", whsec, body,
			standardHeaders("msg_1", replayTS, previousReplay+" "+replaySig), ErrTimestamp},
		{"forged: another secret", otherWhsec, body, standardHeaders("msg_1", ts, good), ErrSignature},
		{"forged: keyed with the whole whsec_ string", whsec, body,
			standardHeaders("msg_1", ts, v1([]byte(whsec), "msg_1", at, body)), ErrSignature},
		{"forged: empty secret on both sides", "", body, standardHeaders("msg_1", ts, v1(nil, "msg_1", at, body)), ErrSignature},
		{"tampered body", whsec, append(append([]byte{}, body...), ' '), standardHeaders("msg_1", ts, good), ErrSignature},
		{"tampered timestamp, within the tolerance", whsec, body, standardHeaders("msg_1", strconv.FormatInt(at+1, 10), good), ErrSignature},
		{"tampered timestamp, a stale signature made fresh", whsec, body, standardHeaders("msg_1", ts, replaySig), ErrSignature},
		{"tampered id", whsec, body, standardHeaders("msg_2", ts, good), ErrSignature},
		{"replayed: 6 minutes later", whsec, body, standardHeaders("msg_1", replayTS, replaySig), ErrTimestamp},
		{"replayed: a day later", whsec, body, standardHeaders("msg_1", dayTS, daySig), ErrTimestamp},
		{"timestamp 6 minutes ahead", whsec, body, standardHeaders("msg_1", futureTS, futureSig), ErrTimestamp},
		{"missing webhook-id", whsec, body, standardHeaders("", ts, good), ErrSignature},
		{"missing webhook-timestamp", whsec, body, standardHeaders("msg_1", "", good), ErrSignature},
		{"missing webhook-signature", whsec, body, standardHeaders("msg_1", ts, ""), ErrSignature},
		{"missing every header", whsec, body, http.Header{}, ErrSignature},
		{"a timestamp not in seconds", whsec, body, standardHeaders("msg_1", "2026-11-18T09:46:40Z", good), ErrSignature},
		{"v2 only", whsec, body, standardHeaders("msg_1", ts, "v2,"+good[3:]), ErrSignature},
		{"no version", whsec, body, standardHeaders("msg_1", ts, good[3:]), ErrSignature},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Standard([]byte(c.secret), c.body, c.h, Tolerance, now)
			if err != c.want {
				t.Fatalf("%v, want %v", err, c.want)
			}
			if c.want != nil && !errors.Is(err, ErrSignature) {
				t.Fatalf("errors.Is(%v, ErrSignature) is false: a receiver refusing ErrSignature would accept it", err)
			}
			if c.want == ErrSignature && errors.Is(err, ErrTimestamp) {
				t.Fatalf("%v is an ErrTimestamp", err)
			}
		})
	}
}
