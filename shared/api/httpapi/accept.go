package httpapi

import (
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// PrefersJSON reports whether the request's Accept ranks JSON (application/json or
// application/problem+json) above HTML, for the few pages a browser opens from a link and an API
// client may call too. No Accept, wildcards alone, or a tie mean HTML: a link's first reader is a
// browser.
func PrefersJSON(r *http.Request) bool {
	htmlQ, jsonQ := -1.0, -1.0
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if q, err = strconv.ParseFloat(v, 64); err != nil {
				continue
			}
		}
		switch mt {
		case "text/html", "application/xhtml+xml":
			htmlQ = max(htmlQ, q)
		case "application/json", "application/problem+json":
			jsonQ = max(jsonQ, q)
		}
	}
	return jsonQ > 0 && jsonQ > htmlQ
}
