// Package reference provides the partner API's reference lists (branches, categories,
// sub-categories, body types, brands, countries, identity document types, packs, travel zones): loading them from
// their JSON files, rendering each list once with its ETag, and seeding them into a store when the
// stored version differs.
package reference

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
)

// List is one reference list. Param is the query parameter naming the parent code, for lists that
// depend on another (categories of a branch, ...); empty for flat lists.
type List struct {
	Name  string
	Param string
}

// Lists are the lists of /api/v1/reference/*.
var Lists = []List{
	{"branches", ""}, {"categories", "brCode"}, {"sub-categories", "catCode"}, {"body-types", "scatCode"},
	{"brands", ""}, {"countries", ""}, {"id-types", ""}, {"packs", ""}, {"zones", ""},
}

// Entry is a rendered list: the exact response body and its ETag.
type Entry struct {
	Body []byte
	ETag string
}

// Catalog is every list, rendered, keyed by Key.
type Catalog struct {
	Version string
	Entries map[string]Entry
	codes   map[string]map[string]bool // by Key
}

// Has reports whether code is in a list (for a parent code, for dependent lists).
func (c Catalog) Has(list, parent, code string) bool { return c.codes[Key(list, parent)][code] }

// Key names one list (for one parent code).
func Key(list, parent string) string {
	if parent == "" {
		return list
	}
	return list + "#" + parent
}

// Load reads <name>.json for each list from dir: an array of items for flat lists, an object of
// arrays by parent code for the others. Every item needs a code and a label.
func Load(fsys fs.FS, dir string) (Catalog, error) {
	c := Catalog{Entries: map[string]Entry{}, codes: map[string]map[string]bool{}}
	version := sha256.New()
	for _, l := range Lists {
		raw, err := fs.ReadFile(fsys, path.Join(dir, l.Name+".json"))
		if err != nil {
			return Catalog{}, fmt.Errorf("reference: %w", err)
		}
		version.Write(raw)
		byParent := map[string][]map[string]any{}
		if l.Param == "" {
			var items []map[string]any
			if err := json.Unmarshal(raw, &items); err != nil {
				return Catalog{}, fmt.Errorf("reference: %s: %w", l.Name, err)
			}
			byParent[""] = items
		} else if err := json.Unmarshal(raw, &byParent); err != nil {
			return Catalog{}, fmt.Errorf("reference: %s: %w", l.Name, err)
		}
		for _, parent := range slices.Sorted(maps.Keys(byParent)) {
			items := byParent[parent]
			codes := map[string]bool{}
			for i, it := range items {
				code, _ := it["code"].(string)
				if code == "" {
					return Catalog{}, fmt.Errorf("reference: %s[%s][%d] has no code", l.Name, parent, i)
				}
				codes[code] = true
				if label, _ := it["label"].(string); label == "" {
					return Catalog{}, fmt.Errorf("reference: %s[%s][%d] has no label", l.Name, parent, i)
				}
			}
			body, err := json.Marshal(map[string]any{"data": items})
			if err != nil {
				return Catalog{}, err
			}
			sum := sha256.Sum256(body)
			c.codes[Key(l.Name, parent)] = codes
			c.Entries[Key(l.Name, parent)] = Entry{
				Body: append(body, '\n'),
				ETag: `"` + hex.EncodeToString(sum[:16]) + `"`,
			}
		}
	}
	c.Version = hex.EncodeToString(version.Sum(nil)[:16])
	return c, nil
}

// Store keeps the rendered lists.
type Store interface {
	// ReferenceVersion is the version of the stored lists, "" when none.
	ReferenceVersion(ctx context.Context) (string, error)
	// PutReference stores every entry, then the version last, so an interrupted seed is redone.
	PutReference(ctx context.Context, c Catalog) error
	// Reference reads one list; NotFound when there is none for that key.
	Reference(ctx context.Context, key string) (Entry, error)
}

// Seed stores the catalog unless the store already holds this version. It reports whether it wrote.
func Seed(ctx context.Context, s Store, c Catalog) (bool, error) {
	v, err := s.ReferenceVersion(ctx)
	if err != nil || v == c.Version {
		return false, err
	}
	return true, s.PutReference(ctx, c)
}
