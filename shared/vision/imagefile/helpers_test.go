package imagefile_test

import (
	"os"
	"path/filepath"
	"testing"
)

// testdata is the generated corpus (go run ./infra/docgen -out testdata/extraction).
const testdata = "../../../testdata/extraction"

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
