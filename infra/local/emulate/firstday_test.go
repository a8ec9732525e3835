package emulate

import (
	"strings"
	"testing"
)

// A new account's first live call, with no credit, says what to do next: a test key, free, or
// live credits and how they are bought (issue 36, item 1).
func TestNoCreditSaysWhatToDo(t *testing.T) {
	t.Parallel()
	_, _, c, outbox := accountsStack(t)
	_, live := newLiveUser(t, c, outbox, "first-day@example.com")
	r := c.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
		formFile("file", "passport.png", testdocument(t, "icao-td3-clean.png"))}, key(live)...)
	expect(t, "a live key with no credit", r, 402, "insufficient_credits")
	for _, want := range []string{"sk_test_", "POST /v1/api-keys", "paid plan", "GET /v1/billing/invoices"} {
		if !strings.Contains(r.problem.Detail, want) {
			t.Errorf("the 402's detail %q does not name %q", r.problem.Detail, want)
		}
	}
}

// A login session reads test mode's allowance with mode=test, as a test key does (the console in
// test mode shows it rather than the live ledger); a key reads its own mode only.
func TestLoginSessionReadsTestModesAllowance(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	var me struct {
		Credits  int
		Livemode bool
		TestMode *struct{ DailyQuota, UsedToday, RemainingToday int }
	}
	c.do("GET", "/v1/users/me?mode=test", nil, bearer(jwt)...).json(t, &me)
	if me.Livemode || me.TestMode == nil || me.TestMode.DailyQuota != 100 || me.Credits != me.TestMode.RemainingToday {
		t.Errorf("a session's profile with mode=test = %+v, want test mode's allowance", me)
	}
	me.TestMode = nil
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	if !me.Livemode || me.TestMode != nil || me.Credits != 1000 {
		t.Errorf("a session's profile = %+v, want the live balance", me)
	}
	var ledger struct {
		DailyQuota int
		Data       []any
	}
	c.do("GET", "/v1/billing/credits?mode=test", nil, bearer(jwt)...).json(t, &ledger)
	if ledger.DailyQuota != 100 || len(ledger.Data) != 0 {
		t.Errorf("a session's ledger with mode=test = %+v, want test mode's allowance and no entry", ledger)
	}
	expect(t, "another mode than the key's", c.do("GET", "/v1/users/me?mode=live", nil, key(creds.User.APIKey)...),
		422, "validation_failed")
	expect(t, "no such mode", c.do("GET", "/v1/billing/credits?mode=sandbox", nil, bearer(jwt)...),
		422, "validation_failed")
}
