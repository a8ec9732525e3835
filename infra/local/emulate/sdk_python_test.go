package emulate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// sdkPythonDir is the Python SDK, relative to this package.
const sdkPythonDir = "../../../sdk/python"

// sdkPython is the interpreter that has the Python SDK installed: make sdk-python's venv.
func sdkPython(t *testing.T) string {
	t.Helper()
	python, err := filepath.Abs("../../../.local/sdk-python-venv/bin/python")
	if err == nil {
		_, err = os.Stat(python)
	}
	if err != nil {
		absent(t, "the Python SDK is not installed (make sdk-python): %v", err)
	}
	return python
}

// TestSDKPython runs the Python SDK's unit tests, then its end-to-end example against a local
// stack as a user would: an extraction submitted, waited for and found in the list, a contract
// request made with an idempotency key, replayed, read and listed.
func TestSDKPython(t *testing.T) {
	t.Parallel()
	python := sdkPython(t)

	dir, err := filepath.Abs(sdkPythonDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("unit", func(t *testing.T) {
		out := runPython(t, python, dir, nil, "-m", "unittest", "discover", "-s", "tests")
		t.Logf("%s", out)
	})

	t.Run("example", func(t *testing.T) {
		local := startLocal(
			t,
			map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
		)
		creds := mustSeed(t, local)
		document, err := filepath.Abs("../../../testdata/extraction/icao-td3-clean.png")
		if err != nil {
			t.Fatal(err)
		}
		// From elsewhere, and with -P (no script directory on sys.path): the SDK is the installed
		// one, as for a user, not the directory beside example.py.
		out := runPython(t, python, t.TempDir(), []string{
			"TRUSTLINE_BASE_URL=" + local.URL,
			"TRUSTLINE_API_KEY=" + creds.User.APIKey,
			"TRUSTLINE_PARTNER_KEY=" + creds.Partners[0].APIKey,
			"TRUSTLINE_DOCUMENT=" + document,
		}, "-P", filepath.Join(dir, "example.py"))
		t.Logf("%s", out)
	})
}

// runPython runs python with args in dir, env added to this process's, and returns its output;
// a failure shows it.
func runPython(t *testing.T, python, dir string, env []string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1"), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", filepath.Base(python), args, err, out)
	}
	return out
}
