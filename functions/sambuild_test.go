package functions_test

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// made is make build's output, made once for the package's tests (bundles); TestMain removes it.
var made struct {
	sync.Once
	dir string
	err error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if made.dir != "" {
		os.RemoveAll(made.dir)
	}
	os.Exit(code)
}

// bundles runs make build (sam build, as make deploy runs it) once for the package's tests and
// returns its output: one directory per function, named by its logical ID, as make deploy uploads
// them. make build would install SAM CLI and fetch the models from the network first: on a machine
// where make venv and make models have not run (as make test runs them), the test skips.
func bundles(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	need(t, "../.venv/bin/sam", "make venv installs SAM CLI")
	for _, m := range pinnedModels(t) {
		need(t, filepath.Join(modelsDir(t), m), "make models fetches it, or set MODELS_DIR")
	}
	made.Do(func() {
		if made.dir, made.err = os.MkdirTemp("", "bundles"); made.err != nil {
			return
		}
		cmd := exec.Command("make", "--no-print-directory", "build", "BUILD_DIR="+made.dir)
		cmd.Dir = ".."
		if b, err := cmd.CombinedOutput(); err != nil {
			made.err = fmt.Errorf("make build: %v\n%s", err, b)
		}
	})
	if made.err != nil {
		t.Fatal(made.err)
	}
	return made.dir
}

// bundled is fn's bootstrap in make build's bundle (bundles), as make deploy uploads it.
func bundled(t *testing.T, fn samtemplate.Function) bootstrap {
	t.Helper()
	return bootstrap{path: filepath.Join(bundles(t), fn.ID, "bootstrap"), goarch: lambdaArch}
}

// make build makes one bundle per function of the template: a bootstrap that is a static arm64
// executable (no interpreter, no shared library: nothing for provided.al2023 to provide) under the
// size budget, and the models the function loads, nothing else. TestBootstrapsAnswerTheirSampleEvents
// runs the same bootstraps (under qemu-user elsewhere than arm64).
func TestBuildMakesStaticBootstraps(t *testing.T) {
	out := bundles(t)
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
			t.Errorf(
				"%s: bootstrap of %.1f MB, over the %.0f MB budget (a reflection-heavy import such as "+
					"html/template keeps every method of every linked type)",
				fn.ID,
				float64(info.Size())/1e6,
				maxBootstrap/1e6,
			)
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
		if models := bundledModels[fn.ID]; models != nil {
			for _, m := range models {
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

// pinnedModels are the model files make models fetches (infra/models.txt).
func pinnedModels(t *testing.T) []string {
	b, err := os.ReadFile("../infra/models.txt")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && !strings.HasPrefix(line, "#") {
			names = append(names, f[1])
		}
	}
	return names
}
