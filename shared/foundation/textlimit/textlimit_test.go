package textlimit

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

type doc struct {
	Type string `json:"documentType" maxLength:"8"`
}

type body struct {
	Name    string    `json:"name"           maxLength:"5"`
	Note    *string   `json:"note,omitempty" maxLength:"3"`
	Tags    []string  `json:"tags"           maxLength:"2" maxItems:"3"`
	Docs    []doc     `json:"documents"`
	Many    []int     `json:"many"`
	Free    string    `json:"free"`
	At      time.Time `json:"at"`
	Raw     []byte    `json:"raw"`
	skipped string
}

func TestCheck(t *testing.T) {
	long := "abcd"
	for name, tt := range map[string]struct {
		in   body
		want []string
	}{
		"within": {body{Name: "héllo", Note: new(string), Tags: []string{"ab"}, Docs: []doc{{"passport"}},
			Free: strings.Repeat("x", Default)}, nil},
		"a field":        {body{Name: "toolong"}, []string{"x.name: at most 5 characters (7 sent)"}},
		"a pointer":      {body{Note: &long}, []string{"x.note: at most 3 characters (4 sent)"}},
		"a list element": {body{Tags: []string{"ok", "abc"}}, []string{"x.tags[1]: at most 2 characters (3 sent)"}},
		"a nested struct": {body{Docs: []doc{{"ok"}, {"residence_permit"}}},
			[]string{"x.documents[1].documentType: at most 8 characters (16 sent)"}},
		"the default bound": {body{Free: strings.Repeat("x", Default+1), Raw: make([]byte, 5000),
			skipped: "zzzzzzzzzzz"}, []string{"x.free: at most 1024 characters (1025 sent)"}},
		"a list at its bound": {body{Tags: []string{"a", "b", "c"}, Many: make([]int, DefaultItems)}, nil},
		// One entry for the list, whatever its elements: a long list of long strings is not
		// answered with one entry per element.
		"a long list": {body{Tags: []string{"abc", "abc", "abc", "abc"}},
			[]string{"x.tags: at most 3 items (4 sent)"}},
		"the default list bound": {body{Many: make([]int, DefaultItems+1)},
			[]string{"x.many: at most 100 items (101 sent)"}},
		"a long nested list": {body{Docs: make([]doc, 45000)},
			[]string{"x.documents: at most 100 items (45000 sent)"}},
	} {
		t.Run(name, func(t *testing.T) {
			if got := Check(&tt.in, "x"); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check = %q, want %q", got, tt.want)
			}
		})
	}
	if got := Check(&doc{"toolongvalue"}, ""); len(got) != 1 || !strings.HasPrefix(got[0], "documentType: ") {
		t.Errorf("no prefix: %q", got)
	}
}
