package emulate

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// quickstartSections are the README's sections whose sh blocks a reader copies and runs in order.
var quickstartSections = []string{"## Identity API quickstart", "## Partner API quickstart"}

// quickstartBlocks returns the sh blocks of the README's quickstart sections, in order.
func quickstartBlocks(readme string) ([]string, error) {
	var blocks []string
	for _, heading := range quickstartSections {
		section, err := readmeBlocks(readme, heading)
		if err != nil {
			return nil, err
		}
		n := 0
		for _, b := range section {
			if b.lang == "sh" {
				blocks = append(blocks, b.text)
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("README.md's %q has no sh block", heading)
		}
	}
	return blocks, nil
}

// codeBlock is a fenced block of a README: its language, the file it is saved as when its info
// string names one after the language (```go main.go), and its text.
type codeBlock struct{ lang, file, text string }

// readmeBlocks returns the fenced blocks of the README's section under heading (a whole line, such
// as "## Quickstart"), in order, up to the next section of its level or above.
func readmeBlocks(readme, heading string) ([]codeBlock, error) {
	_, section, ok := strings.Cut(readme, "\n"+heading+"\n")
	if !ok {
		return nil, fmt.Errorf("the README has no section %q", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var blocks []codeBlock
	var in *codeBlock
	var text []string
	sc := bufio.NewScanner(strings.NewReader(section))
	for sc.Scan() {
		switch line := sc.Text(); {
		case in == nil && strings.HasPrefix(line, "```"):
			info := strings.Fields(strings.TrimPrefix(line, "```"))
			in, text = &codeBlock{}, nil
			if len(info) > 0 {
				in.lang = info[0]
			}
			if len(info) > 1 {
				in.file = info[1]
			}
		case in != nil && line == "```":
			in.text = strings.Join(text, "\n")
			blocks = append(blocks, *in)
			in = nil
		case in != nil:
			text = append(text, line)
		}
	}
	return blocks, nil
}

// TestQuickstart runs the README's quickstarts as a reader would, block after block in one bash,
// against a local stack seeded like make run's, with the credentials file where they read it.
// It checks what a reader is told to expect: the extractions complete, the selfie is live, the
// contract is issued, and the receiver prints the webhooks.
func TestQuickstart(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "curl", "jq", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			absent(t, "the quickstart needs %s", tool)
		}
	}
	root := projectRoot()
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := quickstartBlocks(string(readme))
	if err != nil {
		t.Fatal(err)
	}

	local := startLocal(
		t,
		map[string]string{
			"JWT_SECRET":             testJWTSecret,
			"MAIL_OUTBOX_DIR":        t.TempDir(),
			"WEBHOOK_ALLOW_LOOPBACK": "true",
		},
	)
	creds, err := json.Marshal(mustSeed(t, local))
	if err != nil {
		t.Fatal(err)
	}
	credsFile := filepath.Join(t.TempDir(), "credentials.json")
	if err := os.WriteFile(credsFile, creds, 0o600); err != nil {
		t.Fatal(err)
	}

	// One script, as a reader pasting the blocks into one terminal. Each block announces itself, so
	// a failure names the block, and the failing command is said. The blocks run as written: the
	// stack is on a port of its own, which the README reads from the credentials file, the
	// receiver on a free one the README picks, and the selfie is the repository's.
	var script strings.Builder
	script.WriteString("set -Eeuo pipefail\ntrap 'echo \"failed: $BASH_COMMAND\" >&2' ERR\n" +
		// curl fails on an error status, and shows the problem it got even where its output is piped.
		"curl() { local out; out=$(command curl --fail-with-body \"$@\") || { echo \"$out\" >&2; return 22; }; [ -z \"$out\" ] || echo \"$out\"; }\n")
	for i, b := range blocks {
		fmt.Fprintf(&script, "echo '@@ block %d'\n%s\n", i, b)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", script.String())
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "TRUSTLINE_CREDENTIALS="+credsFile)
	// The receiver the README starts in the background outlives the script: its own process group
	// lets the test end it with the script.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	// A file rather than a pipe: Wait returns when bash does, and the receiver keeps writing to it.
	out, err := os.Create(filepath.Join(t.TempDir(), "output"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	output := func() string { b, _ := os.ReadFile(out.Name()); return string(b) }
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	runErr := cmd.Wait()
	t.Logf("the quickstarts ran in %s", time.Since(start).Round(time.Millisecond))
	if runErr != nil {
		text := output()
		n := strings.Count(text, "@@ block ") - 1
		if n < 0 {
			t.Fatalf("the quickstart script failed before its first block: %v\n%s", runErr, text)
		}
		_, last := lastCut(text, fmt.Sprintf("@@ block %d\n", n))
		t.Fatalf("quickstart block %d failed: %v\n--- block:\n%s\n--- its output:\n%s", n, runErr, blocks[n], last)
	}

	// The webhooks reach the receiver on their own time: wait for them, within a deadline.
	want := []string{
		`"status": "completed"`, `"isLive": true`, `"contractStatus": "ACTIVE"`,
		`"placeOfBirth": "SEVILLA"`, `"documentType": "driving_licence"`, `"surname": "SCHRÖDER"`,
		"webhook: webhook.test", "webhook: extraction.completed", "webhook: insurance.contract.issued",
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		missing := ""
		for _, w := range want {
			if !strings.Contains(output(), w) {
				missing = w
				break
			}
		}
		if missing == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the quickstarts' output has no %s:\n%s", missing, output())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// lastCut returns what is before and after the last sep in s.
func lastCut(s, sep string) (string, string) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i+len(sep):]
}
