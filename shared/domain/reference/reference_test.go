package reference_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/domain/reference"
)

func TestProjectLists(t *testing.T) {
	c, err := reference.Load(platform.ReferenceData, "testdata/reference")
	if err != nil {
		t.Fatal(err)
	}
	codes := func(key string) []string {
		e, ok := c.Entries[key]
		if !ok {
			t.Fatalf("no list %s", key)
		}
		var body struct {
			Data []struct{ Code, Label string }
		}
		if err := json.Unmarshal(e.Body, &body); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, it := range body.Data {
			out = append(out, it.Code)
		}
		return out
	}
	for _, flat := range []string{"branches", "brands", "countries", "id-types", "packs", "zones"} {
		if len(codes(flat)) == 0 {
			t.Errorf("%s is empty", flat)
		}
	}
	if n := len(codes("countries")); n < 240 {
		t.Errorf("%d countries, want the ISO 3166 list", n)
	}
	// The power rule's codes exist: category 550 with sub-categories 010 and 011.
	if got := strings.Join(codes("sub-categories#550"), ","); !strings.Contains(got, "010") ||
		!strings.Contains(got, "011") {
		t.Errorf("sub-categories of 550 = %s", got)
	}
	// Every parent code of a dependent list is a code of its parent list.
	for _, pair := range [][2]string{{"categories", "branches"}, {"sub-categories", "categories"}, {"body-types",
		"sub-categories"}} {
		for key := range c.Entries {
			child, parent, ok := strings.Cut(key, "#")
			if !ok || child != pair[0] {
				continue
			}
			found := false
			for k := range c.Entries {
				if (k == pair[1] || strings.HasPrefix(k, pair[1]+"#")) &&
					strings.Contains(strings.Join(codes(k), ","), parent) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s has a list for %s, which no %s has", pair[0], parent, pair[1])
			}
		}
	}
	if c.Version == "" || c.Entries["branches"].ETag == "" {
		t.Error("no version or ETag")
	}
}

func TestItemsNeedCodeAndLabel(t *testing.T) {
	files := fstest.MapFS{}
	for _, l := range reference.Lists {
		body := `[{"code":"A","label":"a"}]`
		if l.Param != "" {
			body = `{"X":[{"code":"A","label":"a"}]}`
		}
		files["r/"+l.Name+".json"] = &fstest.MapFile{Data: []byte(body)}
	}
	if _, err := reference.Load(files, "r"); err != nil {
		t.Fatal(err)
	}
	files["r/brands.json"] = &fstest.MapFile{Data: []byte(`[{"code":"A"}]`)}
	if _, err := reference.Load(files, "r"); err == nil || !strings.Contains(err.Error(), "label") {
		t.Errorf("an item without label: %v", err)
	}
}
