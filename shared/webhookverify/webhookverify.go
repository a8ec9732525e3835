// Package webhookverify is for receivers of this platform's webhooks: it checks, in constant time
// and over the exact raw body, the insurance partner signature (x-insurance-signature), the identity
// API signature (X-Service-Signature), and the Standard Webhooks signature (webhook-id,
// webhook-timestamp, webhook-signature) with a timestamp tolerance against replays.
//
// Read the raw body before any JSON decoding, verify, then decode:
//
//	body, _ := io.ReadAll(r.Body)
//	if err := webhookverify.Insurance(secret, body, r.Header.Get("x-insurance-signature")); err != nil {
//		http.Error(w, "bad signature", http.StatusUnauthorized)
//		return
//	}
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

// ErrSignature is returned for a missing or wrong signature; ErrTimestamp for a delivery outside the
// tolerance (a replay, or a badly set clock).
var (
	ErrSignature = errors.New("webhookverify: signature missing or invalid")
	ErrTimestamp = errors.New("webhookverify: timestamp outside the tolerance")
)

// Insurance checks x-insurance-signature: lowercase hex HMAC-SHA256 of the body.
func Insurance(secret, body []byte, signature string) error { return hexHMAC(secret, body, signature) }

// Service checks X-Service-Signature: hex HMAC-SHA256 of the body.
func Service(secret, body []byte, signature string) error { return hexHMAC(secret, body, signature) }

func hexHMAC(secret, body []byte, signature string) error {
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

// Standard checks the Standard Webhooks headers: webhook-signature holds one or more
// space-separated "v1,<base64>" values of HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}",
// keyed as that specification says: for a secret "whsec_<base64>" (as the identity API shows it),
// the decoded bytes; for any other secret (a partner's own), its bytes. webhook-timestamp must be
// within tolerance of now.
func Standard(secret, body []byte, h http.Header, tolerance time.Duration, now time.Time) error {
	id, ts := h.Get("webhook-id"), h.Get("webhook-timestamp")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if id == "" || err != nil {
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
