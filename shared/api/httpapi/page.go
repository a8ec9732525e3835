package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// MaxPageLimit is the most items one page of any list holds.
const MaxPageLimit = 100

// MaxCursorLength bounds a list's ?cursor= (the OpenAPI documents' maxLength): the cursors the
// lists give are a few hundred characters, and a longer one is refused before it is decoded.
const MaxCursorLength = 1024

// PageOf reads a list's ?limit= (1 to MaxPageLimit, def when absent) and ?cursor=; invalid names
// the limit when it is out of range and the cursor when it is longer than MaxCursorLength, for the caller's 422 with
// its other query checks.
func PageOf(r *http.Request, def int) (limit int, cursor string, invalid []string) {
	q := r.URL.Query()
	limit, cursor = def, q.Get("cursor")
	if len(cursor) > MaxCursorLength {
		invalid = append(invalid, fmt.Sprintf("cursor: at most %d characters", MaxCursorLength))
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPageLimit {
			return def, cursor, append(invalid, fmt.Sprintf("limit: a number from 1 to %d", MaxPageLimit))
		}
		limit = n
	}
	return limit, cursor, invalid
}

// NextPage says where the next page is, the same way on every list: a Link header with rel="next"
// (RFC 8288) to this request with ?cursor= replaced, and X-Next-Cursor; it returns the cursor for the
// body's nextCursor, nil on the last page.
func NextPage(w http.ResponseWriter, r *http.Request, next string) *string {
	if next == "" {
		return nil
	}
	u := *r.URL
	q := u.Query()
	q.Set("cursor", next)
	u.RawQuery = q.Encode()
	w.Header().Set("Link", "<"+u.RequestURI()+`>; rel="next"`)
	w.Header().Set("X-Next-Cursor", next)
	return &next
}

// TimeParam reads an RFC 3339 time from the query parameter name: zero when absent; invalid names
// the parameter when it is not a time.
func TimeParam(q url.Values, name string) (time.Time, []string) {
	v := q.Get(name)
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, []string{name + ": an RFC 3339 date-time, such as 2026-01-31T12:00:00Z"}
	}
	return t, nil
}

// StringParam reads the query parameter name, at most max bytes long (its OpenAPI maxLength);
// invalid names the parameter when it is longer.
func StringParam(q url.Values, name string, max int) (string, []string) {
	v := q.Get(name)
	if len(v) > max {
		return "", []string{fmt.Sprintf("%s: at most %d characters", name, max)}
	}
	return v, nil
}
