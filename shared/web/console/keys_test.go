package console

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// The keys page lists each key with its allow-list and dates, and a revoke link for the active
// ones; with no live credit it says a live key answers 402.
func TestKeysPage(t *testing.T) {
	keys := answer[identity.KeyList](t, `{"data": [
		{"id": "key_1", "name": "ci", "display": "sk_live_…a1b2", "mode": "live", "livemode": true,
			"prefix": "sk_live_", "last4": "a1b2", "status": "active", "allowedIps": ["10.0.0.0/8", "192.0.2.7"],
			"createdAt": "2026-11-01T00:00:00Z", "lastUsedAt": "2026-11-28T09:00:00Z",
			"expiresAt": "2026-12-31T00:00:00Z", "revokedAt": null},
		{"id": "key_2", "name": "old", "display": "sk_test_…c3d4", "mode": "test", "livemode": false,
			"prefix": "sk_test_", "last4": "c3d4", "status": "revoked", "allowedIps": [],
			"createdAt": "2026-10-01T00:00:00Z", "lastUsedAt": null, "expiresAt": null,
			"revokedAt": "2026-10-02T00:00:00Z"}]}`)
	html := render(t, "keys", liveUser, keysPage{Keys: keys.Data, TestFirst: true})
	for _, want := range []string{"<code>sk_live_…a1b2</code>", "10.0.0.0/8, 192.0.2.7", "any",
		"2026-11-28 09:00:00 UTC", "2026-12-31 00:00:00 UTC", `href="/console/keys/key_1/revoke">Revoke ci`,
		`<option value="test" selected>`, `id="k-mode-hint"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the keys page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "/console/keys/key_2/revoke") {
		t.Error("a revoked key has a revoke link")
	}
}

// A new key is sent as the SDK's KeyRequest: the allow-list split, the expiry date as the start of
// its day; a date that is none is refused by its field before anything is sent.
func TestCreateKeySendsAKeyRequest(t *testing.T) {
	var sent []identity.KeyRequest
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/api-keys":
			if r.Method == http.MethodPost {
				sent = append(sent, decodeBody[identity.KeyRequest](t, r))
				w.WriteHeader(http.StatusCreated)
				_, _ = w.Write([]byte(`{"id": "key_3", "name": "ci", "key": "sk_live_secret", "mode": "live"}`))
				return
			}
			_, _ = w.Write([]byte(`{"data": []}`))
		case "/v1/users/me":
			_, _ = w.Write([]byte(`{"id": "usr_1", "email": "dev@example.com", "plan": "free", "credits": 5}`))
		default:
			http.NotFound(w, r)
		}
	})
	s := &session{Token: "a.b.c", Role: "user", Mode: "live"}
	form := url.Values{"name": {"ci"}, "mode": {"live"}, "allowedIps": {"10.0.0.0/8, 192.0.2.7"},
		"expiresAt": {"2026-12-31"}}
	w := httptest.NewRecorder()
	if err := c.createKey(w, postForm("/console/keys", form), s); err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/console/keys?notice=created" {
		t.Errorf("answer %d to %q, want the redirect to the keys", w.Code, w.Header().Get("Location"))
	}
	if len(sent) != 1 || sent[0].Name != "ci" || sent[0].Mode != identity.KeyRequestModeLive ||
		sent[0].AllowedIps == nil || strings.Join(*sent[0].AllowedIps, " ") != "10.0.0.0/8 192.0.2.7" ||
		sent[0].ExpiresAt == nil || !sent[0].ExpiresAt.Equal(time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("sent %+v", sent)
	}

	form.Set("expiresAt", "31/12/2026")
	w = httptest.NewRecorder()
	if err := c.createKey(w, postForm("/console/keys", form), s); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 || w.Code != http.StatusUnprocessableEntity ||
		!strings.Contains(w.Body.String(), `id="k-exp-error">a date, as 2026-12-31`) {
		t.Errorf("a date that is none: %d sent, answer %d:\n%s", len(sent), w.Code, w.Body.String())
	}
}
