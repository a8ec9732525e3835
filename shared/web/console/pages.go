package console

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"strings"
	"time"
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
		t, err := time.Parse(time.RFC3339Nano, fmt.Sprint(v))
		if err != nil {
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
	// pretty is v as indented JSON.
	"pretty": func(v any) string {
		b, _ := json.MarshalIndent(v, "", "  ")
		return string(b)
	},
	// percent is a confidence from 0 to 1 as a percentage.
	"percent": func(v any) string {
		f, ok := v.(float64)
		if !ok {
			return ""
		}
		return fmt.Sprintf("%.0f %%", f*100)
	},
	// text is a JSON value as text: strings as they are, numbers without a fraction when whole.
	"text": func(v any) string {
		switch x := v.(type) {
		case nil:
			return ""
		case string:
			return x
		case float64:
			if x == float64(int64(x)) {
				return fmt.Sprint(int64(x))
			}
			return fmt.Sprint(x)
		case bool:
			if x {
				return "yes"
			}
			return "no"
		case []any:
			parts := make([]string, len(x))
			for i, e := range x {
				parts[i] = fmt.Sprint(e)
			}
			return strings.Join(parts, ", ")
		}
		b, _ := json.Marshal(v)
		return string(b)
	},
	// field is m[key] of a JSON object (nil when m is not one).
	"field": func(m any, key string) any {
		if o, ok := m.(map[string]any); ok {
			return o[key]
		}
		return nil
	},
	// label is an extraction field's name as people read it.
	"label": func(v any) string {
		name := fmt.Sprint(v)
		if l, ok := fieldLabels[name]; ok {
			return l
		}
		return name
	},
	// source says which zone of the document a value was read in.
	"source": func(v any) string {
		switch v {
		case "mrz":
			return "machine-readable zone"
		case "visual":
			return "printed zone"
		case "both":
			return "both zones, agreeing"
		}
		return ""
	},
	"sub":  func(a, b int) int { return a - b },
	"list": func(v ...string) []string { return v },
	// dict passes several values to a shared part: dict "name" value "name" value...
	"dict": func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[fmt.Sprint(kv[i])] = kv[i+1]
		}
		return m
	},
}

// fieldLabels are the extraction fields' names in words.
var fieldLabels = map[string]string{
	"documentType": "Document type", "documentCode": "Document code", "issuingCountry": "Issuing country",
	"nationality": "Nationality", "surname": "Surname", "givenNames": "Given names",
	"documentNumber": "Document number", "dateOfBirth": "Date of birth", "placeOfBirth": "Place of birth",
	"expiryDate": "Date of expiry", "issueDate": "Date of issue", "issuingAuthority": "Issuing authority",
	"sex": "Sex", "personalNumber": "Personal number", "categories": "Licence categories",
	"optionalData": "Optional data", "optionalData1": "Optional data (line 1)",
	"optionalData2": "Optional data (line 2)",
}
