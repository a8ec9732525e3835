package console

import (
	"net/http"
	"net/url"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// The account's credits: the overview's usage chart and the billing page, from the profile, the
// credit ledger and the invoices, read through the SDK's types.

// usageDays is how far back the overview's chart reads the ledger.
const usageDays = 30

// day is one bar of the usage chart.
type day struct {
	Date   string
	Used   int
	Height int // of the bar, in the chart's units (0 to 100)
	X      int
}

// ledger is one page of GET /v1/billing/credits, and creditEntry one of its entries.
type (
	ledger      = identity.ListCreditEntries200JSONResponseBody
	creditEntry = identity.ListCreditEntries200JSONResponseBody_Data
)

// me is the user's profile as the session's mode reads it: in test mode, test mode's allowance
// (testMode: used today, the daily bound) rather than the live balance, as a test key reads it.
func (c *Console) me(r *http.Request, s *session) (identity.Profile, error) {
	var me identity.Profile
	err := c.call(r, s, http.MethodGet, "/v1/users/me?mode="+s.Mode, nil, &me)
	return me, err
}

// overviewPage is the overview: the profile, and in live mode the credits used each day.
type overviewPage struct {
	Me          identity.Profile
	Days        []day
	Total, Most int
}

func (c *Console) overview(w http.ResponseWriter, r *http.Request, s *session) error {
	me, err := c.me(r, s)
	if err != nil {
		return err
	}
	if !s.Live() {
		// The live ledger is no test-mode news: the page shows the day's test allowance instead.
		c.render(w, r, http.StatusOK, "overview", view{Title: "Overview", Session: s, Data: overviewPage{Me: me}})
		return nil
	}
	// The chart: credits used per day over the last 30 days, from the ledger (newest first, so the
	// pages stop at the first entry older than the window; at most 10 pages of 100).
	now := time.Now().UTC()
	start := now.Truncate(24*time.Hour).AddDate(0, 0, -(usageDays - 1))
	var entries []creditEntry
	cursor := ""
	for range 10 {
		var page ledger
		path := "/v1/billing/credits?limit=100"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		if err := c.call(r, s, http.MethodGet, path, nil, &page); err != nil {
			return err
		}
		entries = append(entries, page.Data...)
		if len(page.Data) > 0 && page.Data[len(page.Data)-1].CreatedAt.Before(start) ||
			page.NextCursor == nil || *page.NextCursor == "" {
			break
		}
		cursor = *page.NextCursor
	}
	p := usage(entries, start)
	p.Me = me
	c.render(w, r, http.StatusOK, "overview", view{Title: "Overview", Session: s, Data: p})
	return nil
}

// usage is the chart of the credits used each day from start, for usageDays days, out of the
// ledger's entries, newest first.
func usage(entries []creditEntry, start time.Time) overviewPage {
	used := map[string]int{}
	for _, e := range entries {
		if e.CreatedAt.Before(start) {
			break
		}
		if e.Amount < 0 {
			used[e.CreatedAt.UTC().Format(time.DateOnly)] += -e.Amount
		}
	}
	p := overviewPage{Days: make([]day, usageDays)}
	for i := range p.Days {
		d := start.AddDate(0, 0, i).Format(time.DateOnly)
		p.Days[i] = day{Date: d, Used: used[d], X: i * 10}
		p.Most, p.Total = max(p.Most, used[d]), p.Total+used[d]
	}
	for i := range p.Days {
		p.Days[i].Height = p.Days[i].Used * 100 / max(p.Most, 1)
	}
	return p
}

// billingPage is the billing page: the profile, and in live mode the invoices and a page of the
// ledger.
type billingPage struct {
	Me       identity.Profile
	Invoices []identity.Invoice
	Ledger   listPage[creditEntry]
}

func (c *Console) billing(w http.ResponseWriter, r *http.Request, s *session) error {
	me, err := c.me(r, s)
	if err != nil {
		return err
	}
	if !s.Live() {
		// Test mode is free: no ledger and no invoice, only the day's allowance.
		c.render(w, r, http.StatusOK, "billing", view{Title: "Billing", Session: s, Data: billingPage{Me: me}})
		return nil
	}
	var entries ledger
	if err := c.call(r, s, http.MethodGet, "/v1/billing/credits"+query(r, nil), nil, &entries); err != nil {
		return err
	}
	p := billingPage{Me: me, Ledger: newListPage(r, entries.Data, entries.NextCursor)}
	if err := c.call(r, s, http.MethodGet, "/v1/billing/invoices", nil, &p.Invoices); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "billing", view{Title: "Billing", Session: s, Data: p})
	return nil
}
