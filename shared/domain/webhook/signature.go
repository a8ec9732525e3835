package webhook

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"time"
)

// sign is the headers of one attempt of a delivery: the API's own, byte-for-byte as specified, and
// the Standard Webhooks ones (webhook-id stable across retries, webhook-timestamp of this attempt,
// and webhook-signature keyed as that specification says: see StandardKey).
func sign(d Delivery, t Target, now time.Time) map[string]string {
	secret := t.Secret
	h := map[string]string{"Content-Type": "application/json", "User-Agent": "trustline-webhooks/1"}
	switch d.Scheme {
	case SchemePartner:
		h["x-insurance-event"] = d.Event
		h["x-insurance-reference"] = d.Reference
		if secret != nil {
			h["x-insurance-signature"] = HexHMAC(secret, d.Body)
		}
	case SchemeIdentity:
		h["X-Service-Event"] = d.Event
		if secret != nil {
			h["X-Service-Signature"] = HexHMAC(secret, d.Body)
		}
	}
	ts := strconv.FormatInt(now.Unix(), 10)
	h["webhook-id"] = d.ID
	h["webhook-timestamp"] = ts
	if secret != nil {
		sig := StandardSignature(secret, d.ID, ts, d.Body)
		if t.Previous != nil {
			sig += " " + StandardSignature(t.Previous, d.ID, ts, d.Body) // space-separated, as the specification allows
		}
		h["webhook-signature"] = sig
	}
	return h
}

// HexHMAC is the lowercase hex HMAC-SHA256 of body: x-insurance-signature and X-Service-Signature.
func HexHMAC(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// StandardSignature is the Standard Webhooks webhook-signature value:
// v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">, keyed with StandardKey(secret).
func StandardSignature(secret []byte, id, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, StandardKey(secret))
	m.Write([]byte(id + "." + timestamp + "."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// StandardKey is the HMAC key of webhook-signature for a secret as shown to its owner: for a
// Standard Webhooks secret (whsec_ and standard base64) the decoded bytes, as the specification
// and its official libraries key it; for any other secret (a partner's own string) its bytes.
func StandardKey(secret []byte) []byte {
	rest, ok := bytes.CutPrefix(secret, []byte("whsec_"))
	if !ok {
		return secret
	}
	enc := base64.StdEncoding
	if len(rest)%4 != 0 {
		enc = base64.RawStdEncoding // the libraries accept unpadded base64 too
	}
	key, err := enc.DecodeString(string(rest))
	if err != nil || len(key) == 0 {
		return secret
	}
	return key
}
