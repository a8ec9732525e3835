package console

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/partner"
)

// The webhook page says who set the URL and the secret, and each change by whom.
func TestPartnerWebhookPage(t *testing.T) {
	p := partnerWebhookPage{
		Config: answer[partner.WebhookConfig](t, `{"webhookUrl": "https://partner.example/hook",
			"webhookUrlKeyId": "key_7", "webhookSecretConfigured": true}`),
		Changes: answer[partner.ListWebhookChanges200JSONResponseBody](t, `{"data": [
			{"at": "2026-11-28T09:00:00Z", "webhookUrl": "https://partner.example/hook", "secretChanged": false,
				"by": {"role": "partner", "type": "key", "keyId": "key_7"}},
			{"at": "2026-11-27T09:00:00Z", "webhookUrl": null, "secretChanged": true,
				"by": {"role": "admin", "type": "session"}}], "nextCursor": null}`).Data,
	}
	html := render(t, "partnerwebhook", &session{Role: "partner"}, p)
	for _, want := range []string{`id="url-by-key">set by the API key key_7`, "set (never shown back)",
		`name="shownUrl" value="https://partner.example/hook"`, `id="p-own-url"> Keep this URL`,
		"you, with key key_7", "an administrator, signed in", "<td data-label=\"Secret\">changed</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the webhook page lacks %q:\n%s", want, html)
		}
	}
}

// Only what the person changed is sent, as the SDK's WebhookUpdate: a URL left as shown is not.
func TestSetPartnerWebhookSendsWhatChanged(t *testing.T) {
	var sent []partner.WebhookUpdate
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		sent = append(sent, decodeBody[partner.WebhookUpdate](t, r))
		_, _ = w.Write([]byte(`{}`))
	})
	shown := "https://partner.example/hook"
	for _, tc := range []struct {
		name         string
		form         url.Values
		url, secret  string // what was sent, "" for nothing
		notice       string
		sentAnything bool
	}{
		{"only a secret", url.Values{"webhookUrl": {shown}, "shownUrl": {shown}, "webhookSecret": {"0123456789abcdef"}},
			"", "0123456789abcdef", "saved", true},
		{"a new URL", url.Values{"webhookUrl": {"https://partner.example/new"}, "shownUrl": {shown}},
			"https://partner.example/new", "", "saved", true},
		{"a key's URL kept", url.Values{"webhookUrl": {shown}, "shownUrl": {shown}, "ownUrl": {"on"}},
			shown, "", "saved", true},
		{"nothing", url.Values{"webhookUrl": {shown}, "shownUrl": {shown}}, "", "", "unchanged", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sent = nil
			w := httptest.NewRecorder()
			if err := c.setPartnerWebhook(w, postForm("/console/partner/webhook", tc.form),
				&session{Role: "partner"}); err != nil {
				t.Fatal(err)
			}
			to := w.Header().Get("Location")
			if !strings.HasSuffix(to, "notice="+tc.notice) || (len(sent) == 1) != tc.sentAnything {
				t.Fatalf("redirected to %q having sent %+v", to, sent)
			}
			if tc.sentAnything && (text(sent[0].WebhookUrl) != tc.url || text(sent[0].WebhookSecret) != tc.secret) {
				t.Errorf("sent URL %q and secret %q, want %q and %q", text(sent[0].WebhookUrl),
					text(sent[0].WebhookSecret), tc.url, tc.secret)
			}
		})
	}
}

// partnerKeys is GET /api/v1/partners/me/keys: a live key and a revoked one.
const partnerKeys = `{"data": [
	{"id": "key_2", "display": "pk_live_…9f8e", "name": "", "prefix": "pk_live_", "last4": "9f8e",
		"environment": "prod", "status": "active", "allowedIps": [], "createdAt": "2026-11-28T09:00:00Z",
		"lastUsedAt": null, "expiresAt": null, "revokedAt": null},
	{"id": "key_1", "display": "pk_live_…1a2b", "name": "", "prefix": "pk_live_", "last4": "1a2b",
		"environment": "prod", "status": "revoked", "allowedIps": [], "createdAt": "2026-11-01T09:00:00Z",
		"lastUsedAt": "2026-11-20T09:00:00Z", "expiresAt": null, "revokedAt": "2026-11-28T09:00:00Z"}]}`

// A partner's keys, on its page and an administrator's, have a revoke link each while active; the
// confirmation names the key.
func TestPartnerKeys(t *testing.T) {
	keys := answer[partner.KeyList](t, partnerKeys).Data
	own := render(t, "partnerkeys", &session{Role: "partner"}, partnerKeysPage{Keys: keys})
	admin := render(t, "partner", &session{Role: "admin"}, partnerKeysPage{PartnerID: "prt_1", Keys: keys})
	for html, want := range map[string][]string{
		own: {`href="/console/partner/keys/key_2/revoke">Revoke pk_live_…9f8e`, "<td data-label=\"Environment\">prod",
			"2026-11-20 09:00:00 UTC"},
		admin: {`href="/console/admin/partners/prt_1/keys/key_2/revoke"`, `href="/console/admin/queue?partnerId=prt_1"`,
			`action="/console/admin/partners/prt_1/keys/rotate"`},
	} {
		for _, w := range want {
			if !strings.Contains(html, w) {
				t.Errorf("the keys lack %q:\n%s", w, html)
			}
		}
		if strings.Contains(html, "key_1/revoke") {
			t.Error("a revoked key has a revoke link")
		}
	}
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(partnerKeys)) })
	r := getRequest("/console/partner/keys/key_2/revoke")
	r.SetPathValue("id", "key_2")
	q, err := c.askRevokePartnerKey(r, &session{Role: "partner"})
	if err != nil || q.Question != "Revoke the key pk_live_…9f8e?" {
		t.Errorf("askRevokePartnerKey = %q, %v", q.Question, err)
	}
	r.SetPathValue("id", "key_9")
	if _, err := c.askRevokePartnerKey(r, &session{Role: "partner"}); err == nil {
		t.Error("a key not listed was asked about")
	}
}
