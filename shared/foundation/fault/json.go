package fault

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"time"
)

// JSONProblem says what is wrong with a JSON value the way the API documents it, as one
// invalidParams entry: "contract.pfs: must be a number". prefix is the path of the value decoded
// ("contract" for a request's contract object, "" for the whole body); the decoder's own wording
// names Go types (float64, contracts.Request), which a caller cannot act on. ok is false for
// errors that are not about one value's type or name.
func JSONProblem(prefix string, err error) (entry string, ok bool) {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return path(prefix, typ.Field, "the body") + ": must be " + jsonType(typ.Type), true
	}
	// A date-time field's own parser: its error names Go's reference layout (2006-01-02T15:04:05Z07:00),
	// and encoding/json does not say which field it was.
	var layout *time.ParseError
	if errors.As(err, &layout) {
		where := path(prefix, "", "a date-time of the body")
		return where + ": must be an RFC 3339 date-time, such as 2026-12-31T23:59:59Z", true
	}
	// encoding/json has no type for this one: `json: unknown field "x"`.
	if name, found := strings.CutPrefix(err.Error(), "json: unknown field "); found {
		return path(prefix, strings.Trim(name, `"`), "the body") + ": not a field of this request", true
	}
	return "", false
}

func path(prefix, field, whole string) string {
	switch {
	case prefix == "" && field == "":
		return whole
	case prefix == "":
		return field
	case field == "":
		return prefix
	}
	return prefix + "." + field
}

// jsonType names a Go type's JSON form.
func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}
