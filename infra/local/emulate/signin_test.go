package emulate

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Sign-in and sessions (issue "Trust, second pass", item 6), over HTTP as a console would.

var resetTokenInMail = regexp.MustCompile(`"token": "([A-Z2-7]+)"`)

type loginAnswer struct {
	Token     string `json:"token"`
	SessionID string `json:"sessionId"`
}

func login(t *testing.T, c client, email, password string) loginAnswer {
	t.Helper()
	r := c.do("POST", "/v1/auth/login", map[string]string{"email": email, "password": password})
	expect(t, "login "+email, r, 200, "")
	var l loginAnswer
	r.json(t, &l)
	return l
}

// Each login is a session that can be listed and signed out, alone or everywhere; a password change
// or a reset by mail signs out every session; the stored items keep no token in the clear.
func TestSessionsAndPasswords(t *testing.T) {
	t.Parallel()
	local, creds, c, outbox := accountsStack(t)
	email, password := creds.User.Email, creds.User.Password
	phone, laptop := login(t, c, email, password), login(t, c, email, password)

	r := c.do("GET", "/v1/auth/sessions", nil, bearer(laptop.Token)...)
	expect(t, "sessions", r, 200, "")
	var list struct {
		Data []struct {
			ID      string
			Current bool
		}
	}
	r.json(t, &list)
	if len(list.Data) != 2 || list.Data[0].ID != laptop.SessionID || !list.Data[0].Current || list.Data[1].Current {
		t.Fatalf("sessions = %s, want the two, the laptop's first and current", r.body)
	}
	items := tableItems(t, local, "SESSION#"+creds.User.ID)
	if len(items) != 2 || items[0]["ttl"] == nil {
		t.Errorf("session items = %v, want two with a ttl", items)
	}
	expect(t, "sign out with a key", c.do("POST", "/v1/auth/logout", nil, key(creds.User.APIKey)...), 403, "forbidden")

	expect(
		t,
		"sign the phone out from the laptop",
		c.do("DELETE", "/v1/auth/sessions/"+phone.SessionID, nil, bearer(laptop.Token)...),
		204,
		"",
	)
	expect(t, "the phone's token", c.do("GET", "/v1/users/me", nil, bearer(phone.Token)...), 401, "unauthorized")
	expect(t, "the laptop's token", c.do("GET", "/v1/users/me", nil, bearer(laptop.Token)...), 200, "")
	expect(t, "sign the laptop out", c.do("POST", "/v1/auth/logout", nil, bearer(laptop.Token)...), 204, "")
	expect(
		t,
		"the laptop's token after logout",
		c.do("GET", "/v1/users/me", nil, bearer(laptop.Token)...),
		401,
		"unauthorized",
	)
	expect(t, "the key after logout", c.do("GET", "/v1/users/me", nil, key(creds.User.APIKey)...), 200, "")

	// Sign out everywhere: a back-office partner's login too, on the partner API.
	partner := creds.Partners[0]
	first, second := login(t, c, partner.Email, partner.Password), login(t, c, partner.Email, partner.Password)
	expect(t, "partner space with a login", c.do("GET", "/api/v1/partners/me", nil, bearer(first.Token)...), 200, "")
	expect(t, "sign out everywhere", c.do("POST", "/v1/auth/logout-all", nil, bearer(second.Token)...), 204, "")
	for _, l := range []loginAnswer{first, second} {
		expect(
			t,
			"a partner token after signing out everywhere",
			c.do("GET", "/api/v1/partners/me", nil, bearer(l.Token)...),
			401,
			"unauthorized",
		)
	}

	// A password change needs the current password, signs out every session, answers a new one.
	a, b := login(t, c, email, password), login(t, c, email, password)
	expect(t, "change with a wrong current password", c.do(
		"POST",
		"/v1/auth/password",
		map[string]string{
			"currentPassword": "not the password",
			"newPassword":     "a brand new password",
		},
		bearer(a.Token)...), 422, "wrong_password")
	expect(t, "change with a key", c.do(
		"POST",
		"/v1/auth/password",
		map[string]string{
			"currentPassword": password,
			"newPassword":     "a brand new password",
		},
		key(creds.User.APIKey)...), 403, "forbidden")
	r = c.do(
		"POST",
		"/v1/auth/password",
		map[string]string{"currentPassword": password, "newPassword": "a brand new password"},
		bearer(a.Token)...)
	expect(t, "change the password", r, 200, "")
	var changed loginAnswer
	r.json(t, &changed)
	for _, l := range []loginAnswer{a, b} {
		expect(
			t,
			"a session after the change",
			c.do("GET", "/v1/users/me", nil, bearer(l.Token)...),
			401,
			"unauthorized",
		)
	}
	expect(t, "the session the change answered", c.do("GET", "/v1/users/me", nil, bearer(changed.Token)...), 200, "")
	expect(
		t,
		"the old password",
		c.do("POST", "/v1/auth/login", map[string]string{"email": email, "password": password}),
		401,
		"unauthorized",
	)
	if !strings.Contains(lastMail(t, outbox, email), "password of your account was changed") {
		t.Error("no notice of the change mailed")
	}

	// A reset by mail answers the same whatever the address; the token works once.
	known := c.do("POST", "/v1/auth/password/reset-request", map[string]string{"email": email})
	unknown := c.do("POST", "/v1/auth/password/reset-request", map[string]string{"email": "nobody.here@example.com"})
	expect(t, "reset request", known, 202, "")
	if unknown.status != known.status || string(unknown.body) != string(known.body) {
		t.Errorf("answers differ: %d %s / %d %s", known.status, known.body, unknown.status, unknown.body)
	}
	if m := mails(t, outbox, "nobody.here@example.com"); len(m) != 1 || resetTokenInMail.MatchString(m[0]) {
		t.Errorf("mails to an unknown address: %q, want one note without a token", m)
	}
	got := resetTokenInMail.FindStringSubmatch(lastMail(t, outbox, email))
	if got == nil {
		t.Fatalf("no reset token in %q", lastMail(t, outbox, email))
	}
	token := got[1]
	for _, it := range tableItems(t, local, "RESET#") {
		if strings.Contains(it["pk"].(string), token) {
			t.Error("a reset token is stored in the clear")
		}
	}
	expect(
		t,
		"reset",
		c.do("POST", "/v1/auth/password/reset", map[string]string{"token": token, "newPassword": "reset by mail 123"}),
		204,
		"",
	)
	expect(
		t,
		"the token again",
		c.do("POST", "/v1/auth/password/reset", map[string]string{"token": token, "newPassword": "reset by mail 456"}),
		422,
		"invalid_token",
	)
	expect(
		t,
		"a session after the reset",
		c.do("GET", "/v1/users/me", nil, bearer(changed.Token)...),
		401,
		"unauthorized",
	)
	login(t, c, email, "reset by mail 123")
}

// Failed logins lock an address, known or not, with Retry-After; the right password is refused
// during the lockout; a reset by mail ends it.
func TestFailedLoginsLockTheAddress(t *testing.T) {
	t.Parallel()
	local, creds, c, outbox := accountsStack(t)
	freeze(t, local) // the 30 s lockout after the fifth failure lasts however slow the machine is
	for _, email := range []string{creds.User.Email, "no.account@example.com"} {
		wrong := map[string]string{"email": email, "password": "a wrong password"}
		for i := range 4 {
			expect(t, "failure "+strconv.Itoa(i+1), c.do("POST", "/v1/auth/login", wrong), 401, "unauthorized")
		}
		r := c.do("POST", "/v1/auth/login", wrong)
		expect(t, "the fifth failure of "+email, r, 429, "login_locked")
		if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 || s > 30 {
			t.Errorf("Retry-After = %q, want up to 30 s", r.header.Get("Retry-After"))
		}
		if email != creds.User.Email {
			continue
		}
		r = c.do("POST", "/v1/auth/login", map[string]string{"email": email, "password": creds.User.Password})
		expect(t, "the right password during the lockout", r, 429, "login_locked")
	}
	expect(
		t,
		"reset request",
		c.do("POST", "/v1/auth/password/reset-request", map[string]string{"email": creds.User.Email}),
		202,
		"",
	)
	token := resetTokenInMail.FindStringSubmatch(lastMail(t, outbox, creds.User.Email))[1]
	expect(
		t,
		"reset",
		c.do("POST", "/v1/auth/password/reset", map[string]string{"token": token, "newPassword": "after the lockout"}),
		204,
		"",
	)
	login(t, c, creds.User.Email, "after the lockout")
}

// TestSimultaneousLoginsAreCountedBeforeTheirCheck races nineteen wrong passwords on one address:
// each attempt is counted before its password is checked, so at most the free five are checked
// (four answered 401, the fifth starting the lockout) and the others are refused uncounted. The
// right password then meets the first lockout, 30 s. Counted after the check, all twenty were
// checked, and the lockout they left was 15 minutes; a right password racing them signed in. (Twenty
// requests in all: the login route's limit per source address.)
func TestSimultaneousLoginsAreCountedBeforeTheirCheck(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	freeze(t, local) // the lockout lasts however slow the machine is
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for range 19 {
		wg.Go(func() {
			r := c.do("POST", "/v1/auth/login", map[string]string{"email": creds.User.Email, "password": "wrong one"})
			mu.Lock()
			statuses[r.status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if statuses[401] > 4 || statuses[401]+statuses[429] != 19 {
		t.Errorf("the wrong passwords answered %v: want at most 4 checked and refused (401), the rest 429", statuses)
	}
	right := c.do("POST", "/v1/auth/login", map[string]string{"email": creds.User.Email, "password": creds.User.Password})
	expect(t, "the right password after the race", right, 429, "login_locked")
	if s, err := strconv.Atoi(right.header.Get("Retry-After")); err != nil || s > 30 {
		t.Errorf("Retry-After = %q: want the first lockout (30 s), as only five attempts were checked",
			right.header.Get("Retry-After"))
	}
}
