package emulate

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestListLivenessChecks: a check becomes a record (never the image) that its owner reads back
// and lists, newest first, one mode at a time; a check refused (several faces) leaves none.
func TestListLivenessChecks(t *testing.T) {
	t.Parallel()
	c, jwt, liveKey, testKey, other := lister(t, "checks@example.com")

	selfie := form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))}
	check := func(cred []string) string {
		t.Helper()
		r := c.do("POST", "/v1/liveness/check", selfie, cred...)
		expect(t, "check", r, 200, "")
		var v struct{ CheckID string }
		r.json(t, &v)
		return v.CheckID
	}
	var lives []string
	for range 3 {
		lives = append([]string{check(liveKey)}, lives...) // newest first
	}
	expect(
		t,
		"several faces",
		c.do("POST", "/v1/liveness/check", form{formFile("file", "two.jpg", face(t, "two-faces.jpg"))}, liveKey...),
		422,
		"multiple_faces",
	)
	testCheck := check(testKey)
	othersCheck := check(other)

	t.Run("list", func(t *testing.T) {
		for _, limit := range []int{1, 2, 20} {
			if got := listAll(t, c, liveKey, "/v1/liveness/checks", limit); !slices.Equal(got, lives) {
				t.Errorf("limit %d: live checks %v, want newest first %v", limit, got, lives)
			}
		}
		sameSet(t, "the test key", listAll(t, c, testKey, "/v1/liveness/checks", 1), testCheck)
		sameSet(t, "a login session, live by default", listAll(t, c, bearer(jwt), "/v1/liveness/checks", 2), lives...)
		sameSet(t, "a login session, test", listAll(t, c, bearer(jwt), "/v1/liveness/checks?mode=test", 2), testCheck)
		sameSet(t, "another user", listAll(t, c, other, "/v1/liveness/checks", 1), othersCheck)

		r := c.do("GET", "/v1/liveness/checks?limit=1", nil, liveKey...)
		expect(t, "page", r, 200, "")
		var page struct {
			Data []map[string]any
		}
		r.json(t, &page)
		row := page.Data[0]
		for _, f := range []string{"checkId", "isLive", "confidence", "attackType", "scoreSmall", "scoreLarge",
			"creditsUsed", "createdAt", "expiresAt", "livemode"} {
			if _, ok := row[f]; !ok {
				t.Errorf("a row without %s: %v", f, row)
			}
		}
		for f := range row {
			if strings.Contains(strings.ToLower(f), "image") || f == "objectKey" || f == "file" {
				t.Errorf("a row names an image: %v", row)
			}
		}
		if row["creditsUsed"] != float64(1) || row["livemode"] != true {
			t.Errorf("row = %v", row)
		}
	})

	t.Run("read", func(t *testing.T) {
		r := c.do("GET", "/v1/liveness/checks/"+lives[0], nil, liveKey...)
		expect(t, "own", r, 200, "")
		var v struct {
			CheckID              string
			CreatedAt, ExpiresAt time.Time
		}
		r.json(t, &v)
		if v.CheckID != lives[0] || v.CreatedAt.IsZero() || !v.ExpiresAt.After(v.CreatedAt) {
			t.Errorf("check = %s", r.body)
		}
		expect(
			t,
			"a login session, either mode",
			c.do("GET", "/v1/liveness/checks/"+testCheck, nil, bearer(jwt)...),
			200,
			"",
		)
		expect(
			t,
			"the other mode's, with a key",
			c.do("GET", "/v1/liveness/checks/"+lives[0], nil, testKey...),
			404,
			"",
		)
		expect(t, "another user's", c.do("GET", "/v1/liveness/checks/"+othersCheck, nil, liveKey...), 404, "")
		expect(t, "unknown", c.do("GET", "/v1/liveness/checks/lv_nothing", nil, liveKey...), 404, "")
		expect(t, "no credential", c.do("GET", "/v1/liveness/checks/"+lives[0], nil), 401, "")
	})

	t.Run("refused", func(t *testing.T) {
		own := cursorOf(t, c, liveKey, "/v1/liveness/checks?limit=1")
		for name, q := range map[string]string{
			"limit out of range":          "limit=101",
			"unknown mode":                "mode=sandbox",
			"a live key's test list":      "mode=test",
			"forged cursor":               "cursor=bm9wZQ",
			"a cursor over its maxLength": "cursor=" + strings.Repeat("A", 1025),
		} {
			expect(t, name, c.do("GET", "/v1/liveness/checks?"+q, nil, liveKey...), 422, "")
		}
		expect(t, "another user's cursor", c.do("GET", "/v1/liveness/checks?cursor="+own, nil, other...), 422, "")
		expect(t, "the other mode's cursor", c.do("GET", "/v1/liveness/checks?cursor="+own, nil, testKey...), 422, "")
		expect(t, "a batch list's cursor", c.do("GET", "/v1/batches?cursor="+own, nil, liveKey...), 422, "")
		expect(t, "no credential", c.do("GET", "/v1/liveness/checks", nil), 401, "")
	})
}
