package platform_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A port in an example: an address with one, or make run's 3000, or the receiver's old 8765. The
// emulator's 4566, which an external LocalStack publishes and make run is told, is configuration,
// not where the API is.
var portInExample = regexp.MustCompile(`(127\.0\.0\.1|localhost|\[::1\]):([0-9]+)|\b(3000|8765)\b`)

// exampleLanguages are the fenced blocks a reader copies and runs.
var exampleLanguages = []string{"sh", "bash", "go", "python", "js", "mjs", "ts", "javascript", "typescript"}

// The examples of the README and the guides work on any port: they read the base URL from
// .local/credentials.json or TRUSTLINE_BASE_URL, and a receiver's from a free port they pick, never
// from a literal port (issue 36: make run on another ADDR, or a second checkout beside the first).
func TestExamplesNameNoPort(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	sdks, _ := filepath.Glob("sdk/*/README.md")
	files = append(append(files, "README.md"), sdks...)
	blocks := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		in := false
		for i, line := range strings.Split(string(text), "\n") {
			if fence, ok := strings.CutPrefix(line, "```"); ok {
				if in {
					in = false
				} else if lang := strings.Fields(fence); len(lang) > 0 && slices.Contains(exampleLanguages, lang[0]) {
					in, blocks = true, blocks+1
				}
				continue
			}
			if m := portInExample.FindStringSubmatch(line); in && m != nil && m[2] != "4566" {
				t.Errorf("%s:%d: an example names a port, %q: read the base URL from .local/credentials.json "+
					"or TRUSTLINE_BASE_URL", file, i+1, portInExample.FindString(line))
			}
		}
	}
	if blocks < 20 {
		t.Errorf("only %d examples found: the fences are no longer read", blocks)
	}
}
