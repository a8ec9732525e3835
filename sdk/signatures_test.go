package sdk

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/webhookverify"
	"github.com/trustline/platform/shared/domain/webhook"
)

var update = flag.Bool("update", false, "rewrite testdata/signatures.json from the backend's signer")

// vectorFile is testdata/signatures.json: cases of deliveries signed as the backend signs them,
// with what a verifier must answer for the API's own header (X-Service-Signature or
// x-insurance-signature) and for webhook-signature at the instant now.
type vectorFile struct {
	Comment string   `json:"comment"`
	Cases   []vector `json:"cases"`
}

type vector struct {
	Name             string            `json:"name"`
	API              string            `json:"api"` // identity or partner
	Secret           string            `json:"secret"`
	Body             string            `json:"body"`
	Headers          map[string]string `json:"headers"`
	Now              int64             `json:"now"`
	ToleranceSeconds int64             `json:"toleranceSeconds"`
	Expect           expect            `json:"expect"`
}

// expect is each check's outcome: ok, signature (missing or wrong) or timestamp (outside the
// tolerance).
type expect struct {
	Signature string `json:"signature"`
	Standard  string `json:"standard"`
}

// vectors signs every case with the backend's signer (shared/domain/webhook), as its deliveries are.
func vectors() vectorFile {
	const ts = 1795000000 // 2026-11-18T09:46:40Z
	identitySecret := "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{0x5a, 0x17}, 16))
	previousSecret := "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{0x42}, 32))
	partnerSecret := "partner-secret-0123456789"
	identityBody := `{"event":"extraction.completed","apiVersion":"2026-11-01","id":"evt_1","createdAt":"2026-11-18T09:46:40Z","data":{"extractionId":"ext_m4zdx3p9r8t17qk2","status":"completed"}}`
	partnerBody := `{"event":"insurance.contract.issued","reference":"REF-1","paymentStatus":"PAID"}`

	// signed is the headers of a delivery of body signed with secret (and previous, during a
	// rotation's overlap, as webhook.sign does) at timestamp at.
	signed := func(api, secret, previous, body string, at int64) map[string]string {
		h := map[string]string{"webhook-id": "msg_01jd4z7k2m9x", "webhook-timestamp": strconv.FormatInt(at, 10)}
		if api == "identity" {
			h["X-Service-Signature"] = webhook.HexHMAC([]byte(secret), []byte(body))
		} else {
			h["x-insurance-signature"] = webhook.HexHMAC([]byte(secret), []byte(body))
		}
		sig := webhook.StandardSignature([]byte(secret), h["webhook-id"], h["webhook-timestamp"], []byte(body))
		if previous != "" {
			sig += " " + webhook.StandardSignature(
				[]byte(previous),
				h["webhook-id"],
				h["webhook-timestamp"],
				[]byte(body),
			)
		}
		h["webhook-signature"] = sig
		return h
	}
	ok := expect{"ok", "ok"}
	bad := expect{"signature", "signature"}
	v := func(name, api, secret, body string, headers map[string]string, now int64, e expect) vector {
		return vector{name, api, secret, body, headers, now, 300, e}
	}
	unpadded := identitySecret[:len(identitySecret)-1] // 32 bytes: one "=" of padding
	otherSecret := "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{0x3c}, 32))
	noID := signed("partner", partnerSecret, "", partnerBody, ts)
	delete(noID, "webhook-id")
	noTimestamp := signed("identity", identitySecret, "", identityBody, ts)
	delete(noTimestamp, "webhook-timestamp")
	unsigned := signed("partner", partnerSecret, "", partnerBody, ts)
	delete(unsigned, "x-insurance-signature")
	delete(unsigned, "webhook-signature")
	// A stale delivery's signature under a fresh timestamp: the timestamp is signed too.
	restamped := signed("identity", identitySecret, "", identityBody, ts)
	restamped["webhook-timestamp"] = strconv.FormatInt(ts+1, 10)
	return vectorFile{
		Comment: "Deliveries signed by the backend's signer (shared/domain/webhook). Written and checked by sdk/signatures_test.go (go test ./sdk -run TestSignatureVectors -update); every SDK's webhook verifier is tested against it. expect: ok, signature (missing or wrong) or timestamp (outside toleranceSeconds of now), for the API's own header (signature) and webhook-signature (standard).",
		Cases: []vector{
			v(
				"identity: valid",
				"identity",
				identitySecret,
				identityBody,
				signed("identity", identitySecret, "", identityBody, ts),
				ts+12,
				ok,
			),
			v(
				"partner: valid, the secret's own bytes as key",
				"partner",
				partnerSecret,
				partnerBody,
				signed("partner", partnerSecret, "", partnerBody, ts),
				ts,
				ok,
			),
			v(
				"identity: whsec_ secret without its base64 padding",
				"identity",
				unpadded,
				identityBody,
				signed("identity", unpadded, "", identityBody, ts),
				ts,
				ok,
			),
			v(
				"identity: wrong secret",
				"identity",
				previousSecret,
				identityBody,
				signed("identity", identitySecret, "", identityBody, ts),
				ts,
				bad,
			),
			v(
				"partner: wrong secret",
				"partner",
				"another-secret",
				partnerBody,
				signed("partner", partnerSecret, "", partnerBody, ts),
				ts,
				bad,
			),
			v(
				"partner: tampered body (one byte more)",
				"partner",
				partnerSecret,
				partnerBody+" ",
				signed("partner", partnerSecret, "", partnerBody, ts),
				ts,
				bad,
			),
			v(
				"identity: tampered body",
				"identity",
				identitySecret,
				identityBody[:len(identityBody)-2]+`,"x":1}}`,
				signed("identity", identitySecret, "", identityBody, ts),
				ts,
				bad,
			),
			v(
				"identity: timestamp 5 minutes and 1 second old",
				"identity",
				identitySecret,
				identityBody,
				signed("identity", identitySecret, "", identityBody, ts),
				ts+301,
				expect{"ok", "timestamp"},
			),
			v(
				"partner: timestamp exactly 5 minutes old",
				"partner",
				partnerSecret,
				partnerBody,
				signed("partner", partnerSecret, "", partnerBody, ts),
				ts+300,
				ok,
			),
			v(
				"partner: timestamp 10 minutes ahead",
				"partner",
				partnerSecret,
				partnerBody,
				signed("partner", partnerSecret, "", partnerBody, ts+600),
				ts,
				expect{"ok", "timestamp"},
			),
			v("partner: no webhook-id", "partner", partnerSecret, partnerBody, noID, ts, expect{"ok", "signature"}),
			v(
				"identity rotation: the new secret",
				"identity",
				identitySecret,
				identityBody,
				signed("identity", identitySecret, previousSecret, identityBody, ts),
				ts,
				ok,
			),
			v(
				"identity rotation: the old secret verifies webhook-signature only",
				"identity",
				previousSecret,
				identityBody,
				signed("identity", identitySecret, previousSecret, identityBody, ts),
				ts,
				expect{"signature", "ok"},
			),
			v(
				"identity rotation: neither secret",
				"identity",
				otherSecret,
				identityBody,
				signed("identity", identitySecret, previousSecret, identityBody, ts),
				ts,
				bad,
			),
			v(
				"identity rotation: the old secret, replayed",
				"identity",
				previousSecret,
				identityBody,
				signed("identity", identitySecret, previousSecret, identityBody, ts),
				ts+301,
				expect{"signature", "timestamp"},
			),
			v(
				"identity: tampered timestamp, within the tolerance",
				"identity",
				identitySecret,
				identityBody,
				restamped,
				ts,
				expect{"ok", "signature"},
			),
			v("identity: no webhook-timestamp", "identity", identitySecret, identityBody, noTimestamp, ts, expect{"ok", "signature"}),
			v(
				"partner: replayed a day later",
				"partner",
				partnerSecret,
				partnerBody,
				signed("partner", partnerSecret, "", partnerBody, ts),
				ts+86400,
				expect{"ok", "timestamp"},
			),
			v("partner: no signatures", "partner", partnerSecret, partnerBody, unsigned, ts, bad),
			v(
				"partner: an empty secret, and a delivery signed with an empty key",
				"partner",
				"",
				partnerBody,
				signed("partner", "", "", partnerBody, ts),
				ts,
				bad,
			),
		},
	}
}

// TestSignatureVectors keeps testdata/signatures.json as the backend's signer makes it, and its
// expectations as the reference verifier (the Go SDK's webhookverify, which the backend's tests
// use too) answers.
func TestSignatureVectors(t *testing.T) {
	want := vectors()
	for _, c := range want.Cases {
		h := http.Header{}
		for k, v := range c.Headers {
			h.Set(k, v)
		}
		sig := webhookverify.Insurance([]byte(c.Secret), []byte(c.Body), h.Get("x-insurance-signature"))
		if c.API == "identity" {
			sig = webhookverify.Service([]byte(c.Secret), []byte(c.Body), h.Get("X-Service-Signature"))
		}
		std := webhookverify.Standard(
			[]byte(c.Secret),
			[]byte(c.Body),
			h,
			time.Duration(c.ToleranceSeconds)*time.Second,
			time.Unix(c.Now, 0),
		)
		if got := (expect{outcome(sig), outcome(std)}); got != c.Expect {
			t.Errorf("%s: the reference verifier answers %+v, the case expects %+v", c.Name, got, c.Expect)
		}
	}
	b, err := json.MarshalIndent(want, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	const path = "testdata/signatures.json"
	if *update {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b) {
		t.Fatalf(
			"%s is not what the backend's signer makes: go test ./sdk -run TestSignatureVectors -update, then run the SDKs' tests",
			path,
		)
	}
}

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, webhookverify.ErrTimestamp): // before ErrSignature: a replay is both
		return "timestamp"
	case errors.Is(err, webhookverify.ErrSignature):
		return "signature"
	}
	return err.Error()
}
