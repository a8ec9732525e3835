package emulate

import (
	"bytes"
	"image"
	"image/png"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// blankPage is a small white PNG: accepted, then failed by the worker (no zone), quickly.
func blankPage(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 120, 60))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// listed is one list row: the fields a test checks of any list.
type listed struct {
	ExtractionID, BatchID, CheckID, Reference, Status, DocumentType, ContractStatus, Product string
	CreatedAt                                                                                time.Time
	Livemode                                                                                 bool
}

// id is a row's identifier, whichever list it comes from.
func (l listed) id() string {
	switch {
	case l.ExtractionID != "":
		return l.ExtractionID
	case l.CheckID != "":
		return l.CheckID
	case l.Reference != "":
		return l.Reference
	}
	return l.BatchID
}

// listAll pages through path (with its query) limit rows at a time to the end, checking that every
// page says where the next is the same three ways and that rows come newest first, and returns
// the ids in order.
func listAll(t *testing.T, c client, cred []string, path string, limit int) []string {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	next := path + sep + "limit=" + itoa(limit)
	var ids []string
	var last time.Time
	for pages := 0; next != ""; pages++ {
		if pages > 100 {
			t.Fatalf("%s: more than 100 pages", path)
		}
		r := c.do("GET", next, nil, cred...)
		expect(t, next, r, 200, "")
		var page struct {
			Data       []listed
			NextCursor *string
		}
		r.json(t, &page)
		if len(page.Data) > limit {
			t.Fatalf("%s: %d rows, limit %d", next, len(page.Data), limit)
		}
		for _, row := range page.Data {
			if !last.IsZero() && row.CreatedAt.After(last) {
				t.Errorf("%s: %s created %v after the row before it (%v): not newest first", path, row.id(), row.CreatedAt, last)
			}
			last = row.CreatedAt
			ids = append(ids, row.id())
		}
		next = nextPage(t, r, page.NextCursor)
	}
	return ids
}

func itoa(n int) string { return fmtNum(float64(n)) }

// sameSet checks that got holds every id of want exactly once, and nothing else.
func sameSet(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	g, w := slices.Clone(got), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Errorf("%s: listed %v, want %v", what, got, want)
	}
}

// cursorOf is the first page's cursor of path.
func cursorOf(t *testing.T, c client, cred []string, path string) string {
	t.Helper()
	r := c.do("GET", path, nil, cred...)
	expect(t, path, r, 200, "")
	cur := r.header.Get("X-Next-Cursor")
	if cur == "" {
		t.Fatalf("%s: a single page, no cursor to reuse", path)
	}
	return cur
}

func TestListExtractionsAndBatches(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited})
	seeded := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "lister@example.com")
	grantCredits(t, local, c, jwt, 5)
	r := c.do("POST", "/v1/api-keys", map[string]any{"name": "sandbox", "mode": "test"}, bearer(jwt)...)
	expect(t, "test key", r, 201, "")
	var tk struct{ Key string }
	r.json(t, &tk)
	liveKey, testKey, other := key(live), key(tk.Key), key(seeded.User.APIKey)

	blank := blankPage(t)
	extract := func(cred []string, docType string, file []byte) string {
		t.Helper()
		r := c.do("POST", "/v1/extract/async", form{formField("documentType", docType), formFile("file", "doc.png", file)}, cred...)
		expect(t, "extract", r, 202, "")
		var a struct{ ExtractionID string }
		r.json(t, &a)
		return a.ExtractionID
	}
	passport := extract(liveKey, "passport", testdocument(t, "icao-td3-clean.png"))
	r = c.do("POST", "/v1/batches", form{formField("documentType", "id_card"), formFile("file", "a.png", blank), formFile("file", "b.png", blank)}, liveKey...)
	expect(t, "batch", r, 202, "")
	var batch struct {
		Batch       struct{ BatchID string }
		Extractions []struct{ ExtractionID string }
	}
	r.json(t, &batch)
	inBatch := []string{batch.Extractions[0].ExtractionID, batch.Extractions[1].ExtractionID}
	testOne := extract(testKey, "visa", blank)
	othersOne := extract(other, "passport", blank)
	for _, id := range append([]string{passport, testOne}, inBatch...) {
		cred := liveKey
		if id == testOne {
			cred = testKey
		}
		poll(t, c, cred, id)
	}
	poll(t, c, other, othersOne)
	var first struct{ CreatedAt time.Time }
	c.do("GET", "/v1/extractions/"+inBatch[0], nil, liveKey...).json(t, &first)

	all := []string{passport, inBatch[0], inBatch[1]}
	t.Run("newest first, paged to the end", func(t *testing.T) {
		for _, limit := range []int{1, 2, 100} {
			got := listAll(t, c, liveKey, "/v1/extractions", limit)
			sameSet(t, "live key", got, all...)
			if len(got) == 3 && got[2] != passport {
				t.Errorf("the first extraction is not last: %v", got)
			}
		}
		sameSet(t, "login session, live by default", listAll(t, c, bearer(jwt), "/v1/extractions", 2), all...)
		sameSet(t, "login session, test", listAll(t, c, bearer(jwt), "/v1/extractions?mode=test", 1), testOne)
		sameSet(t, "test key", listAll(t, c, testKey, "/v1/extractions", 1), testOne)
		sameSet(t, "another user", listAll(t, c, other, "/v1/extractions", 1), othersOne)
	})

	t.Run("filters", func(t *testing.T) {
		at := url.QueryEscape(first.CreatedAt.Format(time.RFC3339Nano))
		for _, tc := range []struct {
			query string
			want  []string
		}{
			{"status=completed", []string{passport}},
			{"status=failed", inBatch},
			{"status=queued", nil},
			{"status=processing", nil},
			{"documentType=passport", []string{passport}},
			{"documentType=id_card", inBatch},
			{"documentType=visa", nil},
			{"status=completed&documentType=passport", []string{passport}},
			{"status=failed&documentType=passport", nil},
			{"batchId=" + batch.Batch.BatchID, inBatch},
			{"batchId=" + batch.Batch.BatchID + "&status=completed", nil},
			{"batchId=" + batch.Batch.BatchID + "&documentType=id_card&status=failed", inBatch},
			{"createdAfter=" + at, inBatch},
			{"createdBefore=" + at, []string{passport}},
			{"createdAfter=" + at + "&status=failed", inBatch},
			{"createdBefore=" + at + "&documentType=passport", []string{passport}},
			{"createdAfter=2000-01-01T00:00:00Z&createdBefore=2001-01-01T00:00:00Z", nil},
		} {
			sameSet(t, tc.query, listAll(t, c, liveKey, "/v1/extractions?"+tc.query, 1), tc.want...)
		}
		sameSet(t, "another user's batch", listAll(t, c, other, "/v1/extractions?batchId="+batch.Batch.BatchID, 1))
		sameSet(t, "the batch in the other mode", listAll(t, c, bearer(jwt), "/v1/extractions?mode=test&batchId="+batch.Batch.BatchID, 1))
	})

	t.Run("refused queries", func(t *testing.T) {
		own := cursorOf(t, c, liveKey, "/v1/extractions?limit=1")
		failed := cursorOf(t, c, liveKey, "/v1/extractions?limit=1&status=failed")
		for name, q := range map[string]string{
			"unknown status":              "status=done",
			"unknown document type":       "documentType=banknote",
			"a date that is not a date":   "createdAfter=yesterday",
			"dates the wrong way round":   "createdAfter=2026-01-02T00:00:00Z&createdBefore=2026-01-01T00:00:00Z",
			"limit out of range":          "limit=0",
			"unknown mode":                "mode=sandbox",
			"a live key's test list":      "mode=test",
			"forged cursor":               "cursor=bm90IGEgY3Vyc29y",
			"not base64":                  "cursor=%25%25",
			"another filter's cursor":     "status=completed&cursor=" + failed,
			"a cursor past createdBefore": "createdBefore=" + url.QueryEscape(first.CreatedAt.Format(time.RFC3339Nano)) + "&cursor=" + own,
		} {
			expect(t, name, c.do("GET", "/v1/extractions?"+q, nil, liveKey...), 422, "")
		}
		expect(t, "another user's cursor", c.do("GET", "/v1/extractions?cursor="+own, nil, other...), 422, "")
		expect(t, "the other mode's cursor", c.do("GET", "/v1/extractions?cursor="+own, nil, testKey...), 422, "")
		expect(t, "no credential", c.do("GET", "/v1/extractions", nil), 401, "")
	})

	t.Run("batches", func(t *testing.T) {
		r := c.do("POST", "/v1/batches", form{formField("documentType", "auto"), formFile("file", "c.png", blank)}, liveKey...)
		expect(t, "second batch", r, 202, "")
		var second struct{ Batch struct{ BatchID string } }
		r.json(t, &second)
		for _, limit := range []int{1, 2} {
			got := listAll(t, c, liveKey, "/v1/batches", limit)
			if !slices.Equal(got, []string{second.Batch.BatchID, batch.Batch.BatchID}) {
				t.Errorf("limit %d: batches %v, want newest first [%s %s]", limit, got, second.Batch.BatchID, batch.Batch.BatchID)
			}
		}
		sameSet(t, "test mode", listAll(t, c, testKey, "/v1/batches", 1))
		sameSet(t, "another user", listAll(t, c, other, "/v1/batches", 1))
		own := cursorOf(t, c, liveKey, "/v1/batches?limit=1")
		expect(t, "another user's cursor", c.do("GET", "/v1/batches?cursor="+own, nil, other...), 422, "")
		expect(t, "an extraction list's cursor", c.do("GET", "/v1/extractions?cursor="+own, nil, liveKey...), 422, "")
		expect(t, "forged", c.do("GET", "/v1/batches?cursor=e30", nil, liveKey...), 422, "")
	})
}
