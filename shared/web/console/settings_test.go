package console

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/identity"
)

// The settings page marks this session and offers to sign out each other one.
func TestSettingsPageListsTheSessions(t *testing.T) {
	sessions := answer[identity.ListSessions200JSONResponseBody](t, `{"data": [
		{"id": "ses_1", "current": true, "createdAt": "2026-11-28T08:00:00Z", "expiresAt": "2026-11-29T08:00:00Z"},
		{"id": "ses_2", "current": false, "createdAt": "2026-11-27T08:00:00Z", "expiresAt": "2026-11-28T20:00:00Z"}]}`)
	html := render(t, "account", liveUser, settingsPage{Sessions: sessions.Data})
	for _, want := range []string{`<tr class="current">`, "2026-11-28 08:00:00 UTC <strong>(this session)</strong>",
		`action="/console/account/sessions/ses_2/end"`, "Sign out the session of 2026-11-27 08:00:00 UTC"} {
		if !strings.Contains(html, want) {
			t.Errorf("the settings page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "ses_1/end") {
		t.Error("this session has a sign-out form of its own")
	}
}

// A new password is sent as the SDK's body, and the login the API answers becomes the session.
func TestChangePasswordKeepsTheNewLogin(t *testing.T) {
	var sent []identity.ChangePasswordJSONRequestBody
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		sent = append(sent, decodeBody[identity.ChangePasswordJSONRequestBody](t, r))
		_, _ = w.Write([]byte(`{"token": "new.login.token", "tokenType": "Bearer", "sessionId": "ses_3",
			"expiresAt": "2026-11-29T09:00:00Z"}`))
	})
	w := httptest.NewRecorder()
	r := postForm("/console/account/password", url.Values{"currentPassword": {"old one"}, "newPassword": {"new one"}})
	if err := c.changePassword(w, r, liveUser); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 || sent[0].CurrentPassword != "old one" || sent[0].NewPassword != "new one" {
		t.Errorf("sent %+v", sent)
	}
	if ck := w.Result().Cookies(); len(ck) != 1 || ck[0].Name != sessionCookie || ck[0].Value != "new.login.token" {
		t.Errorf("cookies %+v, want the new login's", ck)
	}
}
