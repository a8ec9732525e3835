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
	ExtractionID, BatchID, CheckID, Reference, PartnerID, Status, DocumentType, ContractStatus, Product string
	CreatedAt                                                                                           time.Time
	Livemode                                                                                            bool
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
	case l.PartnerID != "":
		return l.PartnerID
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
				t.Errorf(
					"%s: %s created %v after the row before it (%v): not newest first",
					path,
					row.id(),
					row.CreatedAt,
					last,
				)
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

// lister is a verified user of a fresh stack with 5 credits, holding a live and a test key, and the
// seeded user's key: another tenant whose items no list of the user's may show.
func lister(t *testing.T, email string) (c client, jwt string, liveKey, testKey, other []string) {
	t.Helper()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	seeded := mustSeed(t, local)
	c = client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, email)
	grantCredits(t, local, c, jwt, 5)
	test, _ := newKey(t, c, jwt, "test")
	return c, jwt, key(live), key(test), key(seeded.User.APIKey)
}

func TestListExtractionsAndBatches(t *testing.T) {
	t.Parallel()
	c, jwt, liveKey, testKey, other := lister(t, "lister@example.com")

	blank := blankPage(t)
	extract := func(cred []string, docType string, file []byte) string {
		t.Helper()
		r := c.do(
			"POST",
			"/v1/extract/async",
			form{formField("documentType", docType), formFile("file", "doc.png", file)},
			cred...)
		expect(t, "extract", r, 202, "")
		var a struct{ ExtractionID string }
		r.json(t, &a)
		return a.ExtractionID
	}
	passport := extract(liveKey, "passport", testdocument(t, "icao-td3-clean.png"))
	r := c.do(
		"POST",
		"/v1/batches",
		form{formField("documentType", "id_card"), formFile("file", "a.png", blank), formFile("file", "b.png", blank)},
		liveKey...)
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
		sameSet(
			t,
			"the batch in the other mode",
			listAll(t, c, bearer(jwt), "/v1/extractions?mode=test&batchId="+batch.Batch.BatchID, 1),
		)
	})

	t.Run("refused queries", func(t *testing.T) {
		own := cursorOf(t, c, liveKey, "/v1/extractions?limit=1")
		failed := cursorOf(t, c, liveKey, "/v1/extractions?limit=1&status=failed")
		for name, q := range map[string]string{
			"unknown status":               "status=done",
			"unknown document type":        "documentType=banknote",
			"a date that is not a date":    "createdAfter=yesterday",
			"dates the wrong way round":    "createdAfter=2026-01-02T00:00:00Z&createdBefore=2026-01-01T00:00:00Z",
			"limit out of range":           "limit=0",
			"unknown mode":                 "mode=sandbox",
			"a live key's test list":       "mode=test",
			"forged cursor":                "cursor=bm90IGEgY3Vyc29y",
			"not base64":                   "cursor=%25%25",
			"a cursor over its maxLength":  "cursor=" + strings.Repeat("A", 1025),
			"a batchId over its maxLength": "batchId=" + strings.Repeat("b", 65),
			"another filter's cursor":      "status=completed&cursor=" + failed,
			"a cursor past createdBefore": "createdBefore=" +
				url.QueryEscape(first.CreatedAt.Format(time.RFC3339Nano)) + "&cursor=" + own,
		} {
			expect(t, name, c.do("GET", "/v1/extractions?"+q, nil, liveKey...), 422, "")
		}
		expect(t, "another user's cursor", c.do("GET", "/v1/extractions?cursor="+own, nil, other...), 422, "")
		expect(t, "the other mode's cursor", c.do("GET", "/v1/extractions?cursor="+own, nil, testKey...), 422, "")
		expect(t, "no credential", c.do("GET", "/v1/extractions", nil), 401, "")
	})

	t.Run("batches", func(t *testing.T) {
		r := c.do(
			"POST",
			"/v1/batches",
			form{formField("documentType", "auto"), formFile("file", "c.png", blank)},
			liveKey...)
		expect(t, "second batch", r, 202, "")
		var second struct{ Batch struct{ BatchID string } }
		r.json(t, &second)
		for _, limit := range []int{1, 2} {
			got := listAll(t, c, liveKey, "/v1/batches", limit)
			if !slices.Equal(got, []string{second.Batch.BatchID, batch.Batch.BatchID}) {
				t.Errorf(
					"limit %d: batches %v, want newest first [%s %s]",
					limit,
					got,
					second.Batch.BatchID,
					batch.Batch.BatchID,
				)
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

func TestListContractRequests(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := webhookStackWith(t, map[string]string{"RATE_LIMITS": unlimited})
	admin := key(creds.Admin.APIKey)
	p1, p2 := newPartner(t, c, creds.Admin.APIKey), newPartner(t, c, creds.Admin.APIKey)
	one, two := key(p1.APIKey), key(p2.APIKey)
	settle := func(partnerKey, ref, want string) {
		t.Helper()
		waitFor(
			t,
			30*time.Second,
			ref+" "+want,
			func() bool { return status(t, c, partnerKey, ref)["contractStatus"] == want },
		)
	}
	pending := create(t, c, p1.APIKey, autoBody("DK-LIST-1", nil))
	r := c.do("POST", "/api/v1/partner/contracts/voyage/classic", voyageBody(nil), one...)
	expect(t, "voyage", r, 201, "")
	var active created
	r.json(t, &active)
	pay(t, active.Payment.PaymentURL, "paid")
	failed := create(t, c, p1.APIKey, autoBody("FAIL-LIST-1", nil))
	pay(t, failed.Payment.PaymentURL, "paid")
	cancelled := create(t, c, p1.APIKey, autoBody("DK-LIST-2", nil))
	pay(t, cancelled.Payment.PaymentURL, "cancelled")
	others := create(t, c, p2.APIKey, autoBody("FAIL-LIST-2", nil))
	pay(t, others.Payment.PaymentURL, "paid")
	settle(p1.APIKey, active.Reference, "ACTIVE")
	settle(p1.APIKey, failed.Reference, "ISSUANCE_FAILED")
	settle(p1.APIKey, cancelled.Reference, "PAYMENT_FAILED")
	settle(p2.APIKey, others.Reference, "ISSUANCE_FAILED")
	var third struct{ CreatedAt time.Time }
	c.do("GET", "/api/v1/partner/contracts/requests/"+failed.Reference, nil, one...).json(t, &third)

	const partnerList, adminList = "/api/v1/partner/contracts/requests", "/api/v1/admin/contracts/requests"
	mine := []string{pending.Reference, active.Reference, failed.Reference, cancelled.Reference}
	var queue string // a cursor of the administrators' ISSUANCE_FAILED list
	t.Run("a partner's own, newest first, every filter", func(t *testing.T) {
		for _, limit := range []int{1, 2} {
			got := listAll(t, c, one, partnerList, limit)
			if !slices.Equal(
				got,
				[]string{cancelled.Reference, failed.Reference, active.Reference, pending.Reference},
			) {
				t.Errorf("limit %d: %v, want newest first %v", limit, got, mine)
			}
		}
		sameSet(t, "the other partner", listAll(t, c, two, partnerList, 1), others.Reference)
		at := url.QueryEscape(third.CreatedAt.Format(time.RFC3339Nano))
		for q, want := range map[string][]string{
			"contractStatus=PENDING_PAYMENT":                {pending.Reference},
			"contractStatus=ACTIVE":                         {active.Reference},
			"contractStatus=ISSUANCE_FAILED":                {failed.Reference},
			"contractStatus=PAYMENT_FAILED":                 {cancelled.Reference},
			"contractStatus=REFUNDED":                       nil,
			"product=voyage":                                {active.Reference},
			"product=auto":                                  {pending.Reference, failed.Reference, cancelled.Reference},
			"product=auto&contractStatus=ACTIVE":            nil,
			"product=voyage&contractStatus=ACTIVE":          {active.Reference},
			"createdAfter=" + at:                            {failed.Reference, cancelled.Reference},
			"createdAfter=" + at + "&product=auto":          {failed.Reference, cancelled.Reference},
			"createdAfter=" + at + "&contractStatus=ACTIVE": nil,
		} {
			sameSet(t, q, listAll(t, c, one, partnerList+"?"+q, 1), want...)
		}
	})

	t.Run("the administrators' queue", func(t *testing.T) {
		sameSet(t, "attention", listAll(t, c, admin, adminList, 1), failed.Reference, others.Reference)
		for q, want := range map[string][]string{
			"contractStatus=ISSUANCE_FAILED":                                {failed.Reference, others.Reference},
			"contractStatus=ACTIVE":                                         {active.Reference},
			"contractStatus=PENDING_PAYMENT":                                {pending.Reference},
			"partnerId=" + p1.PartnerID:                                     mine,
			"partnerId=" + p2.PartnerID:                                     {others.Reference},
			"partnerId=" + p1.PartnerID + "&contractStatus=ISSUANCE_FAILED": {failed.Reference},
		} {
			for _, limit := range []int{1, 2} {
				sameSet(t, q, listAll(t, c, admin, adminList+"?"+q, limit), want...)
			}
		}
		queue = cursorOf(t, c, admin, adminList+"?limit=1&contractStatus=ISSUANCE_FAILED")
		expect(t, "refund", c.do("POST", "/api/v1/admin/contracts/"+failed.Reference+"/refund", nil, admin...), 200, "")
		sameSet(t, "attention after the refund", listAll(t, c, admin, adminList, 1), others.Reference)
		sameSet(t, "refunded", listAll(t, c, admin, adminList+"?contractStatus=REFUNDED", 1), failed.Reference)
		sameSet(
			t,
			"the partner's refunded",
			listAll(t, c, one, partnerList+"?contractStatus=REFUNDED", 1),
			failed.Reference,
		)
	})

	t.Run("refused", func(t *testing.T) {
		expect(t, "a partner on the administrators' list", c.do("GET", adminList, nil, one...), 403, "")
		expect(t, "an administrator on a partner's list", c.do("GET", partnerList, nil, admin...), 403, "")
		own := cursorOf(t, c, one, partnerList+"?limit=1")
		onePartner := cursorOf(t, c, admin, adminList+"?limit=1&partnerId="+p1.PartnerID)
		for name, q := range map[string]string{
			"unknown status":          "contractStatus=DONE",
			"unknown product":         "product=boat",
			"not a date":              "createdAfter=today",
			"forged cursor":           "cursor=bm9wZQ",
			"another filter's cursor": "product=auto&cursor=" + own,
		} {
			expect(t, name, c.do("GET", partnerList+"?"+q, nil, one...), 422, "")
		}
		expect(t, "another partner's cursor", c.do("GET", partnerList+"?cursor="+own, nil, two...), 422, "")
		expect(t, "unknown status", c.do("GET", adminList+"?contractStatus=LOST", nil, admin...), 422, "")
		// A partnerId naming no partner is an unknown filter value, not an empty list.
		expect(t, "unknown partner", c.do("GET", adminList+"?partnerId=nobody", nil, admin...), 422, "")
		expect(t, "forged", c.do("GET", adminList+"?cursor=e30", nil, admin...), 422, "")
		expect(
			t,
			"a partnerId over its maxLength",
			c.do("GET", adminList+"?partnerId="+strings.Repeat("p", 65), nil, admin...),
			422,
			"",
		)
		expect(
			t,
			"a status list's cursor on the attention queue",
			c.do("GET", adminList+"?cursor="+queue, nil, admin...),
			422,
			"",
		)
		expect(
			t,
			"a partner list's cursor across partners",
			c.do("GET", adminList+"?contractStatus=ACTIVE&cursor="+onePartner, nil, admin...),
			422,
			"",
		)
	})
}

// The administrators' list of partners: every partner, the seeded ones too, newest first, each as
// its creation answered without its key; administrators only.
func TestListPartners(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := webhookStackWith(t, map[string]string{"RATE_LIMITS": unlimited})
	admin := key(creds.Admin.APIKey)
	const path = "/api/v1/admin/partners"
	partnerName := t.Name() // newPartner names its partners after the test
	var made []string       // oldest first
	for range 3 {
		made = append(made, newPartner(t, c, creds.Admin.APIKey).PartnerID)
	}
	all := append([]string{creds.Partners[0].PartnerID, creds.Partners[1].PartnerID}, made...)

	t.Run("newest first, paged to the end", func(t *testing.T) {
		for _, limit := range []int{1, 2, 100} {
			got := listAll(t, c, admin, path, limit)
			sameSet(t, "administrator", got, all...)
			if len(got) == len(all) && !slices.Equal(got[:3], []string{made[2], made[1], made[0]}) {
				t.Errorf("limit %d: %v, want the three made last first, newest first", limit, got)
			}
		}
		r := c.do("GET", path+"?limit=1", nil, admin...)
		expect(t, "first page", r, 200, "")
		var page struct{ Data []map[string]any }
		r.json(t, &page)
		if len(page.Data) != 1 {
			t.Fatalf("first page = %s", r.body)
		}
		p := page.Data[0]
		if p["partnerId"] != made[2] || p["name"] != partnerName || p["environment"] == nil || p["rateLimit"] == nil ||
			p["createdAt"] == nil {
			t.Errorf("a listed partner = %v", p)
		}
		if _, ok := p["apiKey"]; ok || strings.Contains(string(r.body), `"key"`) {
			t.Errorf("a listed partner shows a key: %s", r.body)
		}
	})

	t.Run("creation bounds", func(t *testing.T) {
		r := c.do("GET", path+"?limit=100", nil, admin...)
		expect(t, "every partner", r, 200, "")
		var page struct{ Data []listed }
		r.json(t, &page)
		var second listed // the second partner made
		for _, row := range page.Data {
			if row.PartnerID == made[1] {
				second = row
			}
		}
		at := url.QueryEscape(second.CreatedAt.Format(time.RFC3339Nano))
		sameSet(t, "createdAfter", listAll(t, c, admin, path+"?createdAfter="+at, 1), made[1], made[2])
		sameSet(
			t,
			"createdAfter and createdBefore",
			listAll(
				t,
				c,
				admin,
				path+"?createdAfter="+at+"&createdBefore="+url.QueryEscape(
					second.CreatedAt.Add(time.Nanosecond).Format(time.RFC3339Nano),
				),
				1,
			),
			made[1],
		)
		sameSet(t, "long ago", listAll(t, c, admin, path+"?createdBefore=2000-01-01T00:00:00Z", 1))
	})

	t.Run("refused", func(t *testing.T) {
		expect(t, "no credential", c.do("GET", path, nil), 401, "")
		expect(t, "a partner", c.do("GET", path, nil, key(creds.Partners[0].APIKey)...), 403, "forbidden")
		expect(t, "a user", c.do("GET", path, nil, key(creds.User.APIKey)...), 403, "forbidden")
		own := cursorOf(t, c, admin, path+"?limit=1")
		for name, q := range map[string]string{
			"limit out of range":          "limit=101",
			"a date that is not a date":   "createdAfter=yesterday",
			"dates the wrong way round":   "createdAfter=2026-01-02T00:00:00Z&createdBefore=2026-01-01T00:00:00Z",
			"forged cursor":               "cursor=e30",
			"a cursor over its maxLength": "cursor=" + strings.Repeat("A", 1025),
			"a cursor past createdBefore": "createdBefore=2000-01-01T00:00:00Z&cursor=" + own,
		} {
			expect(t, name, c.do("GET", path+"?"+q, nil, admin...), 422, "validation_failed")
		}
	})
}
