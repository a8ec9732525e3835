package emulate

import (
	"bytes"
	"context"
	"io"
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
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "LOG_LEVEL": "debug"})
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
	c.do("PATCH", "/api/v1/partners/me/webhook", map[string]any{"webhookSecret": "super-secret-webhook-value"}, key(rotated.Key)...)
	c.do("GET", "/api/v1/partners/me", nil, key(creds.Admin.APIKey)...)
	// An identity document read end to end: its file name and what it says are personal data.
	ext := c.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
		formFile("file", "anna-eriksson-passport.png", testdocument(t, "icao-td3-clean.png"))}, key(creds.User.APIKey)...)
	var accepted struct{ ExtractionID string }
	ext.json(t, &accepted)
	if v := poll(t, c, key(creds.User.APIKey), accepted.ExtractionID); v.Status != "completed" {
		t.Fatalf("extraction = %+v", v)
	}
	time.Sleep(200 * time.Millisecond)
	w.Close()
	var logs []byte
	select {
	case logs = <-captured:
	case <-time.After(5 * time.Second):
		t.Fatal("logs not captured")
	}
	if !bytes.Contains(logs, []byte(`"path":"/v1/api-keys"`)) || !bytes.Contains(logs, []byte(`"path":"/v1/extract/async"`)) {
		t.Fatalf("the capture holds no request log; got %d bytes", len(logs))
	}
	for name, secret := range map[string]string{"user key": creds.User.APIKey, "new key": k.Key, "partner key": creds.Partners[0].APIKey,
		"rotated key": rotated.Key, "admin key": creds.Admin.APIKey, "password": creds.User.Password, "JWT": jwt, "partner JWT": partnerJWT,
		"webhook secret": "super-secret-webhook-value", "JWT secret": testJWTSecret,
		"surname": "ERIKSSON", "document number": "L898902C3", "file name": "anna-eriksson", "birth date": "1974-08-12"} {
		if strings.Contains(string(logs), secret) {
			t.Errorf("the %s appears in the logs", name)
		}
	}
}
