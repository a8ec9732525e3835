// Package textlimit bounds the strings of request bodies before they cost anything: every string
// field of a body struct carries a maxLength tag, the number its OpenAPI document gives as
// maxLength, and one walk checks them all.
package textlimit

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Default bounds a string field that has no maxLength tag: no string of a body is unbounded, even
// one added without thought. Every documented field carries its own tag.
const Default = 1024

// Check walks v (a struct, or a pointer to one, as a body decodes into) and returns one
// invalidParams entry per string longer than its field's maxLength tag, named by its JSON path
// under prefix ("contract.numImmat: at most 20 characters"). Strings in slices and pointers, and
// the fields of nested structs, are checked too; lengths count characters, as OpenAPI's
// maxLength does.
func Check(v any, prefix string) []string {
	var out []string
	walk(reflect.ValueOf(v), prefix, Default, &out)
	return out
}

func walk(v reflect.Value, path string, max int, out *[]string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), path, max, out)
		}
	case reflect.String:
		if n := utf8.RuneCountInString(v.String()); n > max {
			*out = append(*out, fmt.Sprintf("%s: at most %d characters (%d sent)", path, max, n))
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // raw JSON or bytes: the field's own decoder bounds it
		}
		for i := range v.Len() {
			walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i), max, out)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			limit := Default
			if tag, ok := f.Tag.Lookup("maxLength"); ok {
				n, err := strconv.Atoi(tag)
				if err != nil || n < 1 {
					panic(
						fmt.Sprintf(
							"textlimit: field %s.%s: maxLength %q is not a positive number",
							t.Name(),
							f.Name,
							tag,
						),
					)
				}
				limit = n
			}
			child := name
			if path != "" {
				child = path + "." + name
			}
			if f.Anonymous && f.Tag.Get("json") == "" {
				child = path
			}
			walk(v.Field(i), child, limit, out)
		}
	}
}
