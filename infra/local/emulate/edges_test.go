package emulate

import (
	"net/http"
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
