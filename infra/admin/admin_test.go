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
	get := func(path, key string) int {
		req, _ := http.NewRequest("GET", local.URL+path, nil)
		req.Header.Set("X-API-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}

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
}
