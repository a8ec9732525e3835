// Package webhookverify checks the signatures of this platform's webhook deliveries, in constant
// time and over the exact raw body: the identity API's X-Service-Signature, the partner API's
// x-insurance-signature, and the Standard Webhooks headers (webhook-id, webhook-timestamp,
// webhook-signature) that both send, with a timestamp tolerance against replays.
//
// Every verifier answers the same way: nil for a delivery to accept, and an error for any other
// (errors.Is(err, ErrSignature) holds for every one of them, replays included). Read the raw body
// before any JSON decoding, verify, then decode:
//
//	body, _ := io.ReadAll(r.Body)
//	if webhookverify.Service(secret, body, r.Header.Get("X-Service-Signature")) != nil ||
//		webhookverify.Standard(secret, body, r.Header, webhookverify.Tolerance, time.Now()) != nil {
//		http.Error(w, "bad signature", http.StatusUnauthorized)
//		return
//	}
//
// It is also the backend's own reference verifier: the platform's tests verify their deliveries
// with it, and sdk/testdata/signatures.json, made with the backend's signer, holds it to them.
package webhookverify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Tolerance is how far webhook-timestamp may be from the receiver's clock, as the Standard
// Webhooks specification recommends: enough for a slow delivery, too little for a replay.
const Tolerance = 5 * time.Minute

// ErrSignature is returned for a missing or wrong signature, or an empty secret (with which
// anyone could sign). ErrTimestamp is returned for a delivery outside the tolerance (a replay, or
// a badly set clock), and is an ErrSignature too, so that a receiver refusing
// errors.Is(err, ErrSignature) refuses replays as well.
var (
	ErrSignature       = errors.New("webhookverify: signature missing or invalid")
	ErrTimestamp error = timestampError{}
)

// timestampError is ErrTimestamp: its own sentinel, and ErrSignature to errors.Is.
type timestampError struct{}

func (timestampError) Error() string { return "webhookverify: timestamp outside the tolerance" }

// Is makes errors.Is(ErrTimestamp, ErrSignature) hold.
func (timestampError) Is(target error) bool { return target == ErrSignature }

// Service checks X-Service-Signature, the identity API's header: the lowercase hex HMAC-SHA256 of
// the body, keyed with the endpoint's secret as shown (whsec_ included). During a rotation's
// overlap it is made with the new secret only: use Standard to accept either.
func Service(secret, body []byte, signature string) error { return hexHMAC(secret, body, signature) }

// Insurance checks x-insurance-signature, the partner API's header: the lowercase hex HMAC-SHA256
// of the body, keyed with the partner's secret.
func Insurance(secret, body []byte, signature string) error { return hexHMAC(secret, body, signature) }

func hexHMAC(secret, body []byte, signature string) error {
	if len(secret) == 0 {
		return ErrSignature
	}
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(got) != sha256.Size {
		return ErrSignature
	}
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	if !hmac.Equal(got, m.Sum(nil)) {
		return ErrSignature
	}
	return nil
}

// Standard checks the Standard Webhooks headers of h: webhook-signature holds one or more
// space-separated "v1,<base64>" values (two during a secret rotation's overlap, under the new and
// the old secret) of HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}", and one
// matching is enough. The key is as that specification says: for a secret "whsec_<base64>" (as
// the identity API shows it) the decoded bytes, for any other secret (a partner's own) its bytes.
// webhook-timestamp must be within tolerance of now, else the error is ErrTimestamp.
func Standard(secret, body []byte, h http.Header, tolerance time.Duration, now time.Time) error {
	id, ts := h.Get("webhook-id"), h.Get("webhook-timestamp")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if len(secret) == 0 || id == "" || err != nil {
		return ErrSignature
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return ErrTimestamp
	}
	m := hmac.New(sha256.New, standardKey(secret))
	m.Write([]byte(id + "." + ts + "."))
	m.Write(body)
	want := m.Sum(nil)
	for _, sig := range strings.Fields(h.Get("webhook-signature")) {
		version, value, ok := strings.Cut(sig, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(value)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrSignature
}

// standardKey is the HMAC key of webhook-signature for a secret as shown to its owner; the
// Standard Webhooks libraries accept unpadded base64 too.
func standardKey(secret []byte) []byte {
	rest, ok := strings.CutPrefix(string(secret), "whsec_")
	if !ok {
		return secret
	}
	enc := base64.StdEncoding
	if len(rest)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	key, err := enc.DecodeString(rest)
	if err != nil || len(key) == 0 {
		return secret
	}
	return key
}
