package console

import (
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// parsePages parses each page of templates/ with the layout and the shared parts (layout.html).
func parsePages() (map[string]*template.Template, error) {
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*template.Template{}
	for _, name := range names {
		if name == "templates/layout.html" {
			continue
		}
		t, err := template.New("").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", name)
		if err != nil {
			return nil, err
		}
		pages[strings.TrimSuffix(strings.TrimPrefix(name, "templates/"), ".html")] = t
	}
	return pages, nil
}

var funcs = template.FuncMap{
	// when is an API time as people read it, in UTC ("" for none).
	"when": func(v any) string {
		var t time.Time
		switch x := v.(type) {
		case time.Time:
			t = x
		case *time.Time:
			if x == nil {
				return ""
			}
			t = *x
		default:
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
	// percent is a confidence from 0 to 1 as a percentage ("" for none).
	"percent": func(v any) string {
		f, ok := number(v)
		if !ok {
			return ""
		}
		return fmt.Sprintf("%.0f %%", f*100)
	},
	// text is an API value as text: strings as they are, a pointer as what it points to ("" for
	// none), a boolean as yes or no, numbers without a fraction when whole, a list's elements
	// separated by commas.
	"text": text,
	// label is an API name (an extraction field, a check digit, a document link) as people read
	// it: its label, or else its words ("issuingAuthority" reads "Issuing authority").
	"label": label,
	// step is a contract request's history step in words.
	"step": func(v any) string {
		if w, ok := stepWords[fmt.Sprint(v)]; ok {
			return w
		}
		return label(v)
	},
	// source says which zone of the document a value was read in.
	"source": func(v any) string {
		switch text(v) {
		case "mrz":
			return "machine-readable zone"
		case "visual":
			return "printed zone"
		case "both":
			return "both zones, agreeing"
		}
		return ""
	},
	"sub":       func(a, b int) int { return a - b },
	"hasPrefix": strings.HasPrefix,
	"list":      func(v ...string) []string { return v },
	// dict passes several values to a shared part: dict "name" value "name" value... The map is
	// the templates' own arguments (a form, a path, a page's items), never an API's answer.
	"dict": func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[fmt.Sprint(kv[i])] = kv[i+1]
		}
		return m
	},
}

// text is v as text (the template function of that name).
func text(v any) string {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return ""
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Invalid:
		return ""
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		if rv.Bool() {
			return "yes"
		}
		return "no"
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return strconv.FormatInt(int64(f), 10)
		}
		return strconv.FormatFloat(f, 'g', -1, rv.Type().Bits())
	case reflect.Slice, reflect.Array:
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = text(rv.Index(i).Interface())
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(rv.Interface())
}

// number is v as a float64, through a pointer; false when v is none or no number.
func number(v any) (float64, bool) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return 0, false
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}

// label is an API name in words: its entry in fieldLabels, else the name's own words.
func label(v any) string {
	name := fmt.Sprint(v)
	if l, ok := fieldLabels[name]; ok {
		return l
	}
	return words(name)
}

// words splits a camelCase or snake_case name into a phrase with a capital first letter:
// "linkCarteBrune" reads "Link carte brune", "issuance_failed" "Issuance failed".
func words(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r == '_':
			b.WriteByte(' ')
		case unicode.IsUpper(r) && i > 0:
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		case i == 0:
			b.WriteRune(unicode.ToUpper(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// stepWords are the steps of a contract request's history in words.
var stepWords = map[string]string{
	"requested":          "Requested: priced, payment link sent",
	"paid":               "Paid",
	"payment_failed":     "Payment cancelled or refused",
	"payment_expired":    "Payment link expired unpaid",
	"paid_after_failure": "Paid after the request had failed: to refund",
	"issued":             "Issued",
	"issuance_failed":    "Issuance failed",
	"issuance_replayed":  "Issuance replayed by an administrator",
	"refunded":           "Refunded by an administrator",
}

// fieldLabels are the extraction fields' names in words.
var fieldLabels = map[string]string{
	"documentType": "Document type", "documentCode": "Document code", "issuingCountry": "Issuing country",
	"nationality": "Nationality", "surname": "Surname", "givenNames": "Given names",
	"documentNumber": "Document number", "dateOfBirth": "Date of birth", "placeOfBirth": "Place of birth",
	"expiryDate": "Date of expiry", "issueDate": "Date of issue", "issuingAuthority": "Issuing authority",
	"sex": "Sex", "personalNumber": "Personal number", "categories": "Licence categories",
	"optionalData": "Optional data", "optionalData1": "Optional data (line 1)",
	"optionalData2": "Optional data (line 2)", "composite": "Composite (the zone as a whole)",
	"linkAttestation": "Certificate of insurance", "linkCarteBrune": "Brown card (ECOWAS)",
}
