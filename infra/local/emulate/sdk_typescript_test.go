package emulate

import (
	"os"
	"os/exec"
	"testing"
)

// TestSDKTypeScriptExample runs sdk/typescript/example.mjs, the TypeScript SDK's end-to-end
// example, with Node against a local stack, as TestSDKGoExample runs the Go one.
func TestSDKTypeScriptExample(t *testing.T) {
	t.Parallel()
	const dir = "../../../sdk/typescript"
	if _, err := os.Stat(dir + "/node_modules/openapi-fetch/package.json"); err != nil {
		absent(t, "the TypeScript SDK's dependencies are not installed (npm ci --prefix sdk/typescript)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not on PATH: the TypeScript SDK needs Node.js 18 or later")
	}
	runExample(t, dir, sdkEnv(t), "node", "example.mjs")
}
