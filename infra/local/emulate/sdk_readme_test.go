package emulate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sdkReadmes are the SDKs whose README a reader follows in a new directory of their own: its
// install section, then its quickstart, with the tools each needs.
var sdkReadmes = []struct {
	name, readme string
	tools        []string
}{
	{"go", "sdk/go/README.md", []string{"go"}},
	{"typescript", "sdk/typescript/README.md", []string{"node", "npm"}},
	{"python", "sdk/python/README.md", []string{"python3"}},
}

// readmeSections are the sections of an SDK's README that a reader runs, in order.
var readmeSections = []string{"## Install", "## Quickstart"}

// TestSDKReadmes runs each SDK's README as a reader would, in an empty directory outside the
// checkout: the install section's sh blocks, each block that names a file saved as that file, the
// quickstart's sh blocks, all in one bash, against a local stack seeded like make run's, with the
// checkout in TRUSTLINE and the credentials file in TRUSTLINE_CREDENTIALS. It checks what the
// quickstart is meant to show: the extraction completed and the contract request made.
func TestSDKReadmes(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			absent(t, "the SDK READMEs need %s", tool)
		}
	}
	root, err := filepath.Abs(projectRoot())
	if err != nil {
		t.Fatal(err)
	}
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds, err := json.Marshal(mustSeed(t, local))
	if err != nil {
		t.Fatal(err)
	}
	credsFile := filepath.Join(t.TempDir(), "credentials.json")
	if err := os.WriteFile(credsFile, creds, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, sdk := range sdkReadmes {
		t.Run(sdk.name, func(t *testing.T) {
			t.Parallel()
			for _, tool := range sdk.tools {
				if _, err := exec.LookPath(tool); err != nil {
					absent(t, "the %s SDK's README needs %s", sdk.name, tool)
				}
			}
			readme, err := os.ReadFile(filepath.Join(root, sdk.readme))
			if err != nil {
				t.Fatal(err)
			}
			script, blocks, err := readmeScript(string(readme))
			if err != nil {
				t.Fatalf("%s: %v", sdk.readme, err)
			}
			out := runReadme(t, script, []string{"TRUSTLINE=" + root, "TRUSTLINE_CREDENTIALS=" + credsFile}, blocks)
			shown := []string{" completed\n", "document number ", "contract request ", " PENDING_PAYMENT "}
			for _, want := range shown {
				if !strings.Contains(out, want) {
					t.Errorf("%s's quickstart printed no %q:\n%s", sdk.readme, want, out)
				}
			}
		})
	}
}

// readmeScript is the bash script of a README's install and quickstart sections: each block that
// names a file is written to it, each sh block runs, in the README's order, each announcing itself
// so that a failure names its block. It also answers the blocks, to quote the one that failed.
func readmeScript(readme string) (string, []codeBlock, error) {
	var blocks []codeBlock
	for _, heading := range readmeSections {
		section, err := readmeBlocks(readme, heading)
		if err != nil {
			return "", nil, err
		}
		blocks = append(blocks, section...)
	}
	var script strings.Builder
	script.WriteString("set -Eeuo pipefail\ntrap 'echo \"failed: $BASH_COMMAND\" >&2' ERR\n")
	ran, saved := 0, 0
	for i, b := range blocks {
		switch {
		case b.file != "":
			const eof = "TRUSTLINE_README_BLOCK_END"
			if strings.Contains(b.text, eof) {
				return "", nil, fmt.Errorf("block %d contains %s", i, eof)
			}
			fmt.Fprintf(&script, "echo '@@ block %d'\ncat > '%s' <<'%s'\n%s\n%s\n", i, b.file, eof, b.text, eof)
			saved++
		case b.lang == "sh":
			fmt.Fprintf(&script, "echo '@@ block %d'\n%s\n", i, b.text)
			ran++
		}
	}
	if ran == 0 || saved == 0 {
		return "", nil, fmt.Errorf("%v hold %d sh blocks and %d files: want both", readmeSections, ran, saved)
	}
	return script.String(), blocks, nil
}

// runReadme runs script with bash in an empty directory, env added to this process's, and answers
// its output; a failure names the block it failed in.
func runReadme(t *testing.T, script string, env []string, blocks []codeBlock) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", script)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	b, err := cmd.CombinedOutput()
	out := string(b)
	if err != nil {
		_, last := lastCut(out, "@@ block ")
		var n int
		if _, scanErr := fmt.Sscanf(last, "%d\n", &n); scanErr != nil || n >= len(blocks) {
			t.Fatalf("the README's script failed before its first block: %v\n%s", err, out)
		}
		t.Fatalf("README block %d failed: %v\n--- block:\n%s\n--- its output:\n%s", n, err, blocks[n].text, last)
	}
	t.Logf("the README ran in %s:\n%s", time.Since(start).Round(time.Millisecond), out)
	return out
}
