package sdk

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// regenerate is the command that brings the committed Python SDK back in line with the OpenAPI
// documents.
const regenerate = "make sdk-python && sdk/python/generate.sh"

// TestPythonSDKIsGenerated regenerates the generated packages of the Python SDK
// (trustline/identity, trustline/partner) into a temporary directory with the pinned
// openapi-python-client and compares them with the committed ones, file by file: an OpenAPI
// change that was not regenerated fails here, naming the command that regenerates.
func TestPythonSDKIsGenerated(t *testing.T) {
	gen := filepath.Join("..", ".local", "sdk-python-venv", "bin", "openapi-python-client")
	if _, err := os.Stat(gen); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the Python SDK's generator is not installed: make test installs it (make sdk-python): %v", err)
		}
		t.Skipf("the Python SDK's generator is not installed (make sdk-python): %v", err)
	}
	out := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if b, err := exec.CommandContext(ctx, "bash", filepath.Join("python", "generate.sh"),
		out).CombinedOutput(); err != nil {
		t.Fatalf("generate.sh: %v\n%s", err, b)
	}
	for _, api := range []string{"identity", "partner"} {
		got, want := files(t, filepath.Join("python", "trustline", api)), files(t, filepath.Join(out, api))
		for _, name := range union(got, want) {
			committed := filepath.Join("sdk", "python", "trustline", api, name)
			switch g, w := got[name], want[name]; {
			case g == nil:
				t.Errorf("%s is missing: run %s", committed, regenerate)
			case w == nil:
				t.Errorf("%s is no longer generated: run %s", committed, regenerate)
			case !bytes.Equal(g, w):
				t.Errorf("%s is not what the generator writes from openapi/%s.yaml: run %s", committed, api, regenerate)
			}
		}
	}
}

// files reads every file under dir but Python's caches, by path relative to dir.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "__pycache__" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		out[rel], err = os.ReadFile(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func union(a, b map[string][]byte) []string {
	var names []string
	for name := range a {
		names = append(names, name)
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
