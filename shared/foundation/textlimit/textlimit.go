// Package textlimit bounds the strings and lists of request bodies before they cost anything: every
// string field of a body struct carries a maxLength tag and every list field a maxItems tag, the
// numbers its OpenAPI document gives as maxLength and maxItems, and one walk checks them all.
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

// DefaultItems bounds a list field that has no maxItems tag, for the same reason.
const DefaultItems = 100

// Check walks v (a struct, or a pointer to one, as a body decodes into) and returns one
// invalidParams entry per string longer than its field's maxLength tag and per list longer than
// its field's maxItems tag, named by its JSON path under prefix ("contract.numImmat: at most 20
// characters (23 sent)", "allowedIps: at most 50 items (51 sent)"). Strings in slices and
// pointers, and the fields of nested structs, are checked too; lengths count characters, as
// OpenAPI's maxLength does. The elements of a list over its bound are not looked at: the answer
// to a list of a million entries is one entry, not a million.
func Check(v any, prefix string) []string {
	var out []string
	walk(reflect.ValueOf(v), prefix, bounds{Default, DefaultItems}, &out)
	return out
}

// bounds are a field's maxLength (of its strings) and maxItems (of its list).
type bounds struct{ length, items int }

func walk(v reflect.Value, path string, b bounds, out *[]string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), path, b, out)
		}
	case reflect.String:
		if n := utf8.RuneCountInString(v.String()); n > b.length {
			*out = append(*out, fmt.Sprintf("%s: at most %d characters (%d sent)", path, b.length, n))
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // raw JSON or bytes: the field's own decoder bounds it
		}
		if v.Len() > b.items {
			*out = append(*out, fmt.Sprintf("%s: at most %d items (%d sent)", path, b.items, v.Len()))
			return
		}
		for i := range v.Len() {
			walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i), b, out)
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
			fb := bounds{tagged(f, "maxLength", Default), tagged(f, "maxItems", DefaultItems)}
			child := name
			if path != "" {
				child = path + "." + name
			}
			if f.Anonymous && f.Tag.Get("json") == "" {
				child = path
			}
			walk(v.Field(i), child, fb, out)
		}
	}
}

// tagged is the number of f's tag named key, or def without one. A tag that is not a positive
// number is a programming error, found by the first test that decodes the body.
func tagged(f reflect.StructField, key string, def int) int {
	tag, ok := f.Tag.Lookup(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(tag)
	if err != nil || n < 1 {
		panic(fmt.Sprintf("textlimit: field %s: %s %q is not a positive number", f.Name, key, tag))
	}
	return n
}
