package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/trustline/platform/infra/local/emulate"
	"github.com/trustline/platform/shared/adapters/awstest"
)

// The commands, run as an operator would with -local against a running local stack.
func TestCommandsAgainstTheLocalStack(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	local, err := emulate.StartEphemeral(
		ctx,
		awstest.Clients(t),
		map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()},
		slog.New(slog.NewTextHandler(io.Discard, nil)),
	)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = local.Wait() })
	creds, err := local.Seed(ctx, os.Getenv("AWS_ENDPOINT_URL"))
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	b, _ := json.Marshal(creds)
	if err := os.WriteFile(filepath.Join(state, "credentials.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := local.WriteEnvFiles(filepath.Join(state, "env")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(state))
	if err := os.Rename(state, ".local"); err != nil {
		t.Fatal(err)
	}

	send := func(method, path, key, body string) int {
		t.Helper()
		req, _ := http.NewRequest(method, local.URL+path, strings.NewReader(body))
		req.Header.Set("X-API-Key", key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	stdin := ""
	admin := func(args ...string) map[string]any {
		t.Helper()
		var out bytes.Buffer
		if err := run(ctx, append([]string{"-local"}, args...), strings.NewReader(stdin), &out); err != nil {
			t.Fatalf("admin %v: %v", args, err)
		}
		var v map[string]any
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatalf("admin %v printed %s", args, out.String())
		}
		return v
	}
	get := func(path, key string) int { return send("GET", path, key, "") }

	p := admin("create-partner", "-name", "Courtier Sud")
	partnerKey := p["apiKey"].(string)
	if get("/api/v1/partners/me", partnerKey) != 200 {
		t.Fatal("the new partner's key does not work")
	}
	rotated := admin("rotate-key", "-partner", p["partnerId"].(string))
	if get("/api/v1/partners/me", rotated["apiKey"].(string)) != 200 {
		t.Fatal("the rotated key does not work")
	}
	admin("revoke-key", "-owner", p["partnerId"].(string), "-key", rotated["keyId"].(string))
	if get("/api/v1/partners/me", rotated["apiKey"].(string)) != 401 {
		t.Fatal("the revoked key still works")
	}
	var refused bytes.Buffer
	if err := run(ctx, []string{"-local", "create-admin", "-email", "ops@example.com", "-password",
		"a-long-admin-password"}, strings.NewReader(""), &refused); err == nil {
		t.Error("a password on the command line was taken")
	}
	stdin = "a-long-admin-password\n" // passwords come on standard input, never in argv
	a := admin("create-admin", "-email", "ops@example.com")
	if get("/api/v1/admin/partners/"+p["partnerId"].(string)+"/keys", a["apiKey"].(string)) != 200 {
		t.Fatal("the new admin's key does not work")
	}
	admin("grant-credits", "-email", creds.User.Email, "-credits", "250")
	// The live balance, as a login session reads it (the demo user's sk_test_ key sees the test
	// view: its daily test allowance, no live money).
	login, err := http.Post(local.URL+"/v1/auth/login", "application/json",
		strings.NewReader(`{"email":"`+creds.User.Email+`","password":"`+creds.User.Password+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	var tok struct{ Token string }
	_ = json.NewDecoder(login.Body).Decode(&tok)
	login.Body.Close()
	req, _ := http.NewRequest("GET", local.URL+"/v1/users/me", nil)
	req.Header.Set("Authorization", "Bearer "+tok.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var me struct{ Credits int }
	_ = json.NewDecoder(resp.Body).Decode(&me)
	resp.Body.Close()
	if me.Credits != 1250 {
		t.Errorf("credits = %d, want 1000 seeded + 250 granted", me.Credits)
	}
	if plan := admin("change-plan", "-email", creds.User.Email, "-plan", "starter"); plan["pendingPlan"] != "starter" {
		t.Errorf("change-plan = %v", plan)
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"-local", "change-plan", "-email", creds.User.Email, "-plan", "platinum"},
		strings.NewReader(""), &out); err == nil {
		t.Error("an unknown plan was accepted")
	}
	if err := run(ctx, []string{"-local", "verify-user", "-email", "nobody@example.com"}, strings.NewReader(""),
		&out); err == nil {
		t.Error("verifying an unknown user succeeded")
	}

	// A rotation of DATA_ENCRYPTION_KEY, as deploying.md tells it: the new material on the first line,
	// the old below it; reseal-secrets then moves every webhook secret onto the new line, after which
	// the new line alone opens them all (a run under it alone finds none unreadable).
	const target = `"https://93.184.216.34:8443/"`
	if st := send("PATCH", "/api/v1/partners/me/webhook", partnerKey, `{"webhookUrl":`+target+
		`,"webhookSecret":"a-partner-webhook-secret-0123456789"}`); st != 200 {
		t.Fatalf("the partner's webhook: %d", st)
	}
	if st := send("POST", "/v1/webhooks", creds.User.APIKey, `{"url":`+target+`,"events":["extraction.completed"]}`); st != 201 {
		t.Fatalf("the user's endpoint: %d", st)
	}
	oldKey, err := local.Secret(ctx, "DATA_ENCRYPTION_KEY")
	if err != nil {
		t.Fatal(err)
	}
	const newKey = "a-new-data-encryption-key-after-the-rotation"
	report := func(keyLines string) map[string]any {
		t.Helper()
		if err := local.SetSecret(ctx, "DATA_ENCRYPTION_KEY", keyLines); err != nil {
			t.Fatal(err)
		}
		return admin("reseal-secrets")
	}
	firstRun := report(newKey + "\n" + oldKey)
	if firstRun["resealed"] != 3.0 || firstRun["current"] != 0.0 || firstRun["unreadable"] != 0.0 {
		t.Errorf("reseal-secrets after the rotation = %v, want the partner's webhook and change and the endpoint's "+
			"secret resealed, none unreadable", firstRun)
	}
	after := report(newKey)
	if after["resealed"] != 0.0 || after["current"] != 3.0 || after["unreadable"] != 0.0 {
		t.Errorf("reseal-secrets under the new line alone = %v, want the 3 secrets current", after)
	}
}
