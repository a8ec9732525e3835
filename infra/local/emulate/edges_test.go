package emulate

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Headers reach handlers whole, whatever commas they hold: API Gateway joins repeated headers
// with commas, and the Lambda adapter no longer splits them again (issue 14, item 4).
func TestCommaBearingHeadersArriveWhole(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := key(creds.Partners[0].APIKey)

	t.Run("If-None-Match with a list of tags answers 304 when any matches", func(t *testing.T) {
		r := c.do("GET", "/api/v1/reference/brands", nil, partner...)
		expect(t, "brands", r, 200, "")
		etag := r.header.Get("ETag")
		for name, headers := range map[string][]string{
			"a list, the match last":  {"If-None-Match", `"stale-1", W/"stale-2", ` + etag},
			"a list, the match first": {"If-None-Match", etag + `, "stale-1"`},
			"repeated header lines":   {"If-None-Match", `"stale-1"`, "If-None-Match", etag},
		} {
			again := c.do("GET", "/api/v1/reference/brands", nil, append(partner, headers...)...)
			if again.status != 304 || len(again.body) != 0 {
				t.Errorf("%s: %d %s", name, again.status, again.body)
			}
		}
		none := c.do("GET", "/api/v1/reference/brands", nil, append(partner, "If-None-Match", `"stale-1", "stale-2"`)...)
		expect(t, "no tag matches", none, 200, "")
	})

	t.Run("Accept arrives whole", func(t *testing.T) {
		s := newSession(t, c)
		page, _ := http.NewRequest("GET", s.UploadURL, nil)
		// Browsers may name XHTML first: the page is still theirs.
		page.Header.Set("Accept", "application/xhtml+xml, text/html;q=0.9, */*;q=0.8")
		resp, err := http.DefaultClient.Do(page)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Errorf("upload page: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}

// A body of the wrong shape is described in the API's terms, one field path style everywhere,
// never with Go's type names (issue 14, item 5).
func TestValidationSpeaksTheAPIsLanguage(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := key(creds.Partners[0].APIKey)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	goNames := regexp.MustCompile(`float64|\bint\b|int64|contracts\.|\.Request|json: `)
	cases := []struct {
		name, path string
		cred       []string
		body       any
		status     int
		want       string
	}{
		{"a string for a number", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["pfs"] = "150" }), 422, "contract.pfs: must be a number"},
		{"a fraction for an integer", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["nbP"] = 2.5 }), 422, "contract.nbP: must be an integer"},
		{"a number for a string", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["numImmat"] = 7 }), 422, "contract.numImmat: must be a string"},
		{"an unknown contract field", "/api/v1/partner/contracts/auto/classic", partner,
			autoBody("X", func(m map[string]any) { m["colour"] = "red" }), 422, "contract.colour: not a field of this request"},
		{"a contract that is not an object", "/api/v1/partner/contracts/voyage/classic", partner,
			map[string]any{"contract": []int{1}}, 422, "contract: must be an object"},
		{"a number for a top-level string", "/api/v1/partner/contracts/auto/classic", partner,
			func() map[string]any { b := autoBody("X", nil); b["returnUrl"] = 5; return b }(), 400, "returnUrl: must be a string"},
		{"a body that is not an object", "/api/v1/partner/contracts/auto/classic", partner,
			[]int{1}, 400, "the body: must be an object"},
		{"identity API: a number for a string", "/v1/api-keys", bearer(jwt),
			map[string]any{"name": 5, "mode": "test"}, 400, "name: must be a string"},
	}
	for _, tc := range cases {
		r := c.do("POST", tc.path, tc.body, tc.cred...)
		if r.status != tc.status || !slices.Contains(r.problem.InvalidParams, tc.want) {
			t.Errorf("%s: %d, invalidParams %q, want %d with %q", tc.name, r.status, r.problem.InvalidParams, tc.status, tc.want)
		}
		if goNames.Match(r.body) {
			t.Errorf("%s: Go names in %s", tc.name, r.body)
		}
	}
}
