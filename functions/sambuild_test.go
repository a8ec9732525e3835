package functions_test

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// make build (sam build, as make deploy runs it) makes one bundle per function of the template: a
// bootstrap that is a static arm64 executable (no interpreter, no shared library: nothing for
// provided.al2023 to provide) under the size budget, and the models the function loads, nothing
// else. TestBootstrapsAnswerTheirSampleEvents runs the same bootstraps built for this machine.
func TestBuildMakesStaticBootstraps(t *testing.T) {
	out := t.TempDir()
	cmd := exec.Command("make", "--no-print-directory", "build", "BUILD_DIR="+out)
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, b)
	}
	fns, _ := functions(t)
	for _, fn := range fns {
		dir := filepath.Join(out, fn.ID)
		path := filepath.Join(dir, "bootstrap")
		info, err := os.Stat(path)
		if err != nil {
			t.Errorf("%s: %v", fn.ID, err)
			continue
		}
		t.Logf("%s: %.1f MB", fn.ID, float64(info.Size())/1e6)
		if info.Size() >= maxBootstrap {
			t.Errorf("%s: bootstrap of %.1f MB, over the %.0f MB budget", fn.ID, float64(info.Size())/1e6, maxBootstrap/1e6)
		}
		f, err := elf.Open(path)
		if err != nil {
			t.Errorf("%s: %v", fn.ID, err)
			continue
		}
		if f.Machine != elf.EM_AARCH64 {
			t.Errorf("%s: built for %v, not arm64", fn.ID, f.Machine)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
				t.Errorf("%s: dynamically linked (%v)", fn.ID, p.Type)
				break
			}
		}
		f.Close()
		want := []string{"bootstrap"}
		if fn.ID == "LivenessFunction" {
			for _, m := range livenessModels {
				want = append(want, filepath.Join("models", m))
				got, err := os.ReadFile(filepath.Join(dir, "models", m))
				source, err2 := os.ReadFile(filepath.Join(modelsDir(t), m))
				if err != nil || err2 != nil || !bytes.Equal(got, source) {
					t.Errorf("models/%s is not the model file: %v %v", m, err, err2)
				}
			}
		}
		var bundled []string
		if err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, path)
				bundled = append(bundled, rel)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(bundled)
		slices.Sort(want)
		if !slices.Equal(bundled, want) {
			t.Errorf("%s: the bundle holds %v, want %v", fn.ID, bundled, want)
		}
	}
}
