package ocr_test

import (
	"context"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// testdata is the generated corpus (go run ./infra/docgen -out testdata/extraction).
const testdata = "../../../testdata/extraction"

type manifest struct {
	Documents []struct {
		ID     string   `json:"id"`
		Format string   `json:"format"`
		MRZ    []string `json:"mrz"`
		Files  map[string]struct {
			File   string                       `json:"file"`
			Width  int                          `json:"width"`
			Height int                          `json:"height"`
			MRZBox struct{ X0, Y0, X1, Y1 int } `json:"mrzBox"`
		} `json:"files"`
	} `json:"documents"`
	Unreadable []struct {
		File string `json:"file"`
	} `json:"unreadable"`
}

func loadManifest(t testing.TB) manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, "manifest.json"))
	if err != nil {
		t.Fatalf("%v (generate it with go run ./infra/docgen -out testdata/extraction)", err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func decodeFile(t testing.TB, name string) image.Image {
	t.Helper()
	img, _, err := imagefile.Decode(context.Background(), readFile(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func rect(b struct{ X0, Y0, X1, Y1 int }) image.Rectangle { return image.Rect(b.X0, b.Y0, b.X1, b.Y1) }
