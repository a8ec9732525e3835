package console

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
