package emulate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// sdkEnv starts a local stack with the demo accounts and answers the environment of the SDKs'
// examples: the stack's address, the demo user's sk_test_ key, a partner's key and a test document.
func sdkEnv(t *testing.T) []string {
	t.Helper()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	document, err := filepath.Abs("../../../testdata/extraction/icao-td3-clean.png")
	if err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(),
		"TRUSTLINE_BASE_URL="+local.URL,
		"TRUSTLINE_API_KEY="+creds.User.APIKey,
		"TRUSTLINE_PARTNER_KEY="+creds.Partners[0].APIKey,
		"TRUSTLINE_DOCUMENT="+document,
	)
}

// runExample runs an SDK's example in dir as a user would and fails with its output when it fails.
func runExample(t *testing.T, dir string, env []string, name string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v in %s: %v\n%s", name, args, dir, err, out)
	}
	t.Logf("%s %v in %s (%s):\n%s", name, args, dir, time.Since(start).Round(time.Millisecond), out)
}

// TestSDKGoExample runs sdk/go/example, the Go SDK's end-to-end example, against a local stack:
// an extraction submitted, waited for and listed, a contract request created, replayed, read and
// listed.
func TestSDKGoExample(t *testing.T) {
	t.Parallel()
	env := sdkEnv(t)
	// The SDK is a module of its own: its go.sum, not the platform's, pins what it builds with.
	runExample(t, "../../../sdk/go", append(env, "GOFLAGS=-mod=readonly", "GOWORK=off"), "go", "run", "./example")
}
