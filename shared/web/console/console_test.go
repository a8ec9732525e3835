package console

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/identity"
)

// A redirect after sign-in or a switch never leaves the console, whatever ?next= or Referer says.
func TestLocalPathStaysInTheConsole(t *testing.T) {
	for in, want := range map[string]string{
		"/console/extractions?status=failed": "/console/extractions?status=failed",
		"http://127.0.0.1:3000/console/keys": "/console/keys",
		"https://evil.example/":              "",
		"//evil.example/console/":            "/console/", // the path alone is kept: a redirect never names a host
		"https://evil.example//console/x":    "",
		"/console/..\\evil":                  "",
		"/v1/users/me":                       "",
		"javascript:alert(1)":                "",
		"/console//evil.example":             "",
	} {
		if got := localPath(in, ""); got != want {
			t.Errorf("localPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// The claims of a login token decide which pages to show; anything else is no session.
func TestParseToken(t *testing.T) {
	const user = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSIsInJvbGUiOiJ1c2VyIiwiZXhwIjo0MTAyNDQ0ODAwfQ.c2ln"
	s, ok := parseToken(user)
	if !ok || s.Role != "user" || s.Subject != "usr_1" || s.Expires.Year() != 2100 {
		t.Errorf("parseToken(user) = %+v, %v", s, ok)
	}
	for _, bad := range []string{"", "a.b", "a.!!!.c", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwicm9sZSI6InJvb3QifQ.c2ln"} {
		if _, ok := parseToken(bad); ok {
			t.Errorf("parseToken(%q) accepted", bad)
		}
	}
}

// A page admits only its roles; another account is told where its own pages start.
func TestOnlyAdmitsItsRoles(t *testing.T) {
	called := false
	h := only(
		func(http.ResponseWriter, *http.Request, *session) error { called = true; return nil },
		"partner",
		"admin",
	)
	r := httptest.NewRequest("GET", "/console/contracts/REF", nil)
	for role, want := range map[string]bool{"partner": true, "admin": true, "user": false} {
		called = false
		err := h(httptest.NewRecorder(), r, &session{Role: role})
		var p *problem
		if called != want ||
			(!want && (!errors.As(err, &p) || p.Status != http.StatusForbidden || !strings.Contains(p.Detail,
				"/console/overview"))) {
			t.Errorf("%s: called %v, error %v", role, called, err)
		}
	}
}

// An API name reads as words on a page, whether or not it has a label of its own.
func TestLabelsAreWords(t *testing.T) {
	for in, want := range map[string]string{
		"documentNumber":   "Document number",
		"linkAttestation":  "Certificate of insurance",
		"issuingAuthority": "Issuing authority",
		"someNewField":     "Some new field",
		"issuance_failed":  "Issuance failed",
		"composite":        "Composite (the zone as a whole)",
	} {
		if got := label(in); got != want {
			t.Errorf("label(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every page parses with the layout and its shared parts.
func TestPagesParse(t *testing.T) {
	if _, err := parsePages(); err != nil {
		t.Fatal(err)
	}
}

// A secret made by a form reaches the page the form redirects to, for the session that made it
// only, and its cookie is deleted as the page reads it.
func TestShownOnceCrossesTheRedirectOnly(t *testing.T) {
	s := &session{Token: "a.b.c"}
	post := httptest.NewRequest("POST", "http://127.0.0.1/console/keys", nil)
	w := httptest.NewRecorder()
	if err := setOnce(w, post, s, "/console/keys", shownOnce{Label: "Key ci created.", Value: "sk_live_x"}); err != nil {
		t.Fatal(err)
	}
	cookie := w.Result().Cookies()[0]
	if cookie.Path != "/console/keys" || !cookie.HttpOnly || strings.Contains(cookie.Value, "sk_live_x") {
		t.Fatalf("cookie = %+v: want one for the page, HttpOnly, and not the secret in clear", cookie)
	}
	get := func(path string, s *session) (*shownOnce, *http.Cookie) {
		r := httptest.NewRequest("GET", "http://127.0.0.1"+path, nil)
		r.AddCookie(cookie)
		w := httptest.NewRecorder()
		o := takeOnce(w, r, s)
		return o, w.Result().Cookies()[0]
	}
	o, deleted := get("/console/keys", s)
	if o == nil || o.Value != "sk_live_x" || deleted.MaxAge >= 0 {
		t.Errorf("the page read %+v and set %+v, want the secret and the cookie deleted", o, deleted)
	}
	if o, _ := get("/console/keys", &session{Token: "d.e.f"}); o != nil {
		t.Errorf("another session read %+v", o)
	}
	if o, _ := get("/console/webhooks", s); o != nil {
		t.Errorf("another page read %+v", o)
	}
}

// A form the API refused comes back with what was typed (never a password) and each reason by
// its field.
func TestRefusedFormKeepsItsValues(t *testing.T) {
	r := httptest.NewRequest("POST", "/console/keys", strings.NewReader(
		"csrf=x&name=ci&allowedIps=10.0.0.0%2F8,nope&newPassword=secret"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	_ = r.ParseForm()
	err := &problem{Status: 422, Detail: "The key request is invalid.",
		InvalidParams: []string{"allowedIps[1]: not an IP address or CIDR block", "name: taken"}}
	r, status, ok := refusedForm(r, err, "newPassword")
	f := formOf(r)
	if !ok || status != 422 || f.Value("name") != "ci" || f.Value("csrf") != "" || f.Value("newPassword") != "" ||
		f.ErrorOf("allowedIps") != "not an IP address or CIDR block" || f.ErrorOf("name") != "taken" {
		t.Errorf("refusedForm = %+v, %d, %v", f, status, ok)
	}
	if _, _, ok := refusedForm(r, &problem{Status: 403}); ok {
		t.Error("a 403 was taken for a refused form")
	}
}

// An API value reads as text whatever its Go type: through a pointer, a named string, a list.
func TestTextOfTypedValues(t *testing.T) {
	ref, status, confidence := "applicant-42", identity.ExtractionStatusCompleted, float32(0.5)
	for _, c := range []struct {
		name string
		in   any
		want string
	}{
		{"nil", nil, ""},
		{"a nil pointer", (*string)(nil), ""},
		{"a pointer", &ref, "applicant-42"},
		{"a named string", status, "completed"},
		{"a boolean", true, "yes"},
		{"a whole number", 3.0, "3"},
		{"a fraction", confidence, "0.5"},
		{"an int", 402, "402"},
		{"a list", []identity.WebhookEvent{"extraction.completed", "extraction.failed"},
			"extraction.completed, extraction.failed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := text(c.in); got != c.want {
				t.Errorf("text(%#v) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
