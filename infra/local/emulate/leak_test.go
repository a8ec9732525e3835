package emulate

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// No key secret, password or token reaches the logs: functions log to standard output, captured
// here for a stack that creates, uses, rotates and refuses keys. (Not parallel: it swaps os.Stdout
// before the parallel tests start.)
func TestSecretsNeverLogged(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	captured := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		captured <- b
	}()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "LOG_LEVEL": "debug"},
	)
	os.Stdout = stdout
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	res := c.do("POST", "/v1/api-keys", map[string]any{"name": "leak-check", "mode": "live"}, bearer(jwt)...)
	var k struct{ Key string }
	res.json(t, &k)
	c.do("GET", "/v1/users/me", nil, key(k.Key)...)
	c.do("GET", "/v1/users/me", nil, key(k.Key+"X")...)
	partnerJWT := loginToken(t, c, creds.Partners[0].Email, creds.Partners[0].Password)
	rot := c.do("POST", "/api/v1/partners/me/keys/rotate", nil, bearer(partnerJWT)...)
	var rotated struct{ Key string }
	rot.json(t, &rotated)
	c.do(
		"PATCH",
		"/api/v1/partners/me/webhook",
		map[string]any{"webhookSecret": "super-secret-webhook-value"},
		key(rotated.Key)...)
	c.do("GET", "/api/v1/partners/me", nil, key(creds.Admin.APIKey)...)
	// An identity document read end to end: its file name and what it says are personal data.
	ext := c.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
		formFile(
			"file",
			"anna-eriksson-passport.png",
			testdocument(t, "icao-td3-clean.png"),
		)}, key(creds.User.APIKey)...)
	var accepted struct{ ExtractionID string }
	ext.json(t, &accepted)
	if v := poll(t, c, key(creds.User.APIKey), accepted.ExtractionID); v.Status != "completed" {
		t.Fatalf("extraction = %+v", v)
	}
	// Capabilities in paths: handoff session IDs and sandbox payment IDs, and the consume tokens.
	handoffs := handoffCapabilities(t, c, creds)
	ct := create(t, c, rotated.Key, autoBody("LK-4711-AB", nil))
	pay(t, ct.Payment.PaymentURL, "cancelled")
	paymentID := ct.Payment.PaymentURL[strings.LastIndex(ct.Payment.PaymentURL, "/")+1:]
	time.Sleep(200 * time.Millisecond)
	w.Close()
	var logs []byte
	select {
	case logs = <-captured:
	case <-time.After(5 * time.Second):
		t.Fatal("logs not captured")
	}
	if !bytes.Contains(logs, []byte(`"path":"/v1/api-keys"`)) ||
		!bytes.Contains(logs, []byte(`"path":"/v1/extract/async"`)) {
		t.Fatalf("the capture holds no request log; got %d bytes", len(logs))
	}
	for _, path := range []string{"/v1/mobile-handoff/upload/{sessionId}/start",
		"/v1/mobile-handoff/consume/{sessionId}", "/sandbox/pay/{paymentId}"} {
		if !bytes.Contains(logs, []byte(`"path":"`+path+`"`)) {
			t.Errorf("no request log of %s", path)
		}
	}
	for name, secret := range handoffs {
		if strings.Contains(string(logs), secret) {
			t.Errorf("the %s appears in the logs", name)
		}
	}
	if strings.Contains(string(logs), paymentID) || !strings.HasPrefix(paymentID, "pay_") {
		t.Errorf("the sandbox payment ID %q appears in the logs", paymentID)
	}
	for name, secret := range map[string]string{"user key": creds.User.APIKey, "new key": k.Key,
		"partner key": creds.Partners[0].APIKey,
		"rotated key": rotated.Key, "admin key": creds.Admin.APIKey, "password": creds.User.Password, "JWT": jwt,
		"partner JWT":    partnerJWT,
		"webhook secret": "super-secret-webhook-value", "JWT secret": testJWTSecret,
		"surname": "ERIKSSON", "document number": "L898902C3", "file name": "anna-eriksson",
		"birth date": "1974-08-12"} {
		if strings.Contains(string(logs), secret) {
			t.Errorf("the %s appears in the logs", name)
		}
	}
}

// handoffCapabilities runs mobile handoff sessions through every route, one opened without a
// credential and one with, and returns the capabilities that must stay out of the logs.
func handoffCapabilities(t *testing.T, c client, creds Credentials) map[string]string {
	t.Helper()
	owner := key(creds.User.APIKey)
	anon, owned := newSession(t, c), newSession(t, c, owner...)
	photo := testdocument(t, "icao-td3-jpeg.jpg")
	for _, s := range []session{anon, owned} {
		if resp, err := http.Get(s.QRCodeURL); err == nil {
			resp.Body.Close()
		}
		r := c.do(
			"POST",
			"/v1/mobile-handoff/upload/"+s.SessionID+"/start",
			map[string]any{"fileName": "anna-eriksson-selfie.jpg"},
		)
		var started struct{ Upload upload }
		r.json(t, &started)
		postToStorage(t, started.Upload, photo)
		waitFor(t, 10*time.Second, "ready", func() bool {
			var st struct{ Status string }
			c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil).json(t, &st)
			return st.Status == "ready"
		})
	}
	consumeFile(t, c, anon, append([]string{"X-Consume-Token", anon.ConsumeToken}, owner...)...)
	consumeFile(t, c, owned, owner...)
	expect(
		t,
		"consume again",
		c.do("GET", strings.TrimPrefix(owned.ConsumeURL, c.base), nil, owner...),
		409,
		"conflict",
	)
	// A mistyped address that no route matches.
	const unrouted = "hs_mistypedbutstillsecret"
	if resp, err := http.Get(c.base + "/v1/mobile-handoff/session/" + unrouted + "/nothing"); err == nil {
		resp.Body.Close()
	}
	return map[string]string{"anonymous session ID": anon.SessionID[3:], "owned session ID": owned.SessionID[3:],
		"consume token": anon.ConsumeToken[4:], "unrouted session ID": unrouted[3:]}
}
