package console

import "testing"

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
