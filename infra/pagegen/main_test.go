package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// The command writes every page's image and truth, the truths being At's, and an index listing them.
func TestRunWritesPagesAndIndex(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"-out", dir, "-n", "3", "-seed", "4"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ix index
	if err := json.Unmarshal(data, &ix); err != nil {
		t.Fatal(err)
	}
	if ix.Seed != 4 || ix.N != 3 || len(ix.Pages) != 3 {
		t.Fatalf("index: %+v", ix)
	}
	for i, e := range ix.Pages {
		want := printedtest.At(4, i).Truth
		var got printedtest.Truth
		data, err := os.ReadFile(filepath.Join(dir, e.Truth))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the truth file differs from At's", e.ID)
		}
		if e.ID != want.ID || e.Image != want.ID+filepath.Ext(e.Image) || e.Kind != string(want.Kind) ||
			e.Condition != want.Condition {
			t.Errorf("index entry %+v for %s", e, want.ID)
		}
		if fi, err := os.Stat(filepath.Join(dir, e.Image)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", e.Image, err)
		}
	}
}

// -kind and -clean narrow the pages.
func TestRunKindAndClean(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"-out", dir, "-n", "2", "-kind", "driving_licence", "-clean"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ix index
	if err := json.Unmarshal(data, &ix); err != nil {
		t.Fatal(err)
	}
	for _, e := range ix.Pages {
		if e.Kind != "driving_licence" || e.Condition != "clean" || !strings.HasSuffix(e.Image, ".png") {
			t.Errorf("entry %+v", e)
		}
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "2"},
		{"-out", t.TempDir(), "-kind", "visa"},
		{"-out", t.TempDir(), "-n", "-1"},
	} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("run(%q) succeeded", args)
		}
	}
}
