package emulate

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// What a leaked identity key can do to webhook endpoints: it neither rotates the secret of, nor
// deletes, an endpoint a login session made (it could otherwise keep a secret of its own and forge
// events to the customer after its revocation); it rotates no secret at all; it deletes what keys
// made.
func TestLeakedKeyCannotTakeOverSessionEndpoints(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	leaked, _ := newKey(t, c, jwt, "live")
	endpoint := func(cred []string) string {
		t.Helper()
		r := c.do(
			"POST",
			"/v1/webhooks",
			map[string]any{"url": "https://93.184.216.34/hooks", "events": []string{"extraction.completed"}},
			cred...)
		expect(t, "create endpoint", r, 201, "")
		var e struct{ ID string }
		r.json(t, &e)
		return e.ID
	}
	sessions, keys := endpoint(bearer(jwt)), endpoint(key(leaked))
	expect(
		t,
		"a key rotates a session's endpoint",
		c.do("POST", "/v1/webhooks/"+sessions+"/rotate-secret", nil, key(leaked)...),
		403,
		"forbidden",
	)
	expect(
		t,
		"a key rotates its own endpoint",
		c.do("POST", "/v1/webhooks/"+keys+"/rotate-secret", nil, key(leaked)...),
		403,
		"forbidden",
	)
	expect(
		t,
		"a key deletes a session's endpoint",
		c.do("DELETE", "/v1/webhooks/"+sessions, nil, key(leaked)...),
		403,
		"forbidden",
	)
	expect(t, "a key deletes a key's endpoint", c.do("DELETE", "/v1/webhooks/"+keys, nil, key(leaked)...), 204, "")
	expect(
		t,
		"a session rotates",
		c.do("POST", "/v1/webhooks/"+sessions+"/rotate-secret", nil, bearer(jwt)...),
		200,
		"",
	)
	expect(t, "a session deletes", c.do("DELETE", "/v1/webhooks/"+sessions, nil, bearer(jwt)...), 204, "")
}

// An endpoint created while its key is being revoked does not survive the revocation, and the
// limits on endpoints and keys hold when the creations arrive together: exactly the room is
// created, and every other creation is refused as limit_reached, never as a race to retry (each
// creation is one conditional write of the owner's count: before, they raced on one version read,
// and 7 of 25 key creations were refused while under the limit).
func TestRevocationAndLimitsHoldUnderConcurrency(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	together := func(n int, f func(i int)) {
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { f(i) })
		}
		wg.Wait()
	}
	endpoints := func() []struct{ ID string } {
		t.Helper()
		var list struct{ Data []struct{ ID string } }
		c.do("GET", "/v1/webhooks", nil, bearer(jwt)...).json(t, &list)
		return list.Data
	}

	t.Run("endpoints created during the key's revocation", func(t *testing.T) {
		leaked, id := newKey(t, c, jwt, "live")
		before := len(endpoints())
		together(10, func(i int) {
			if i == 0 {
				expect(t, "revoke", c.do("DELETE", "/v1/api-keys/"+id, nil, bearer(jwt)...), 204, "")
				return
			}
			r := c.do(
				"POST",
				"/v1/webhooks",
				map[string]any{"url": "https://93.184.216.34/in-flight", "events": []string{"extraction.completed"}},
				key(leaked)...)
			if r.status != 201 && r.status != 401 {
				t.Errorf("creation during revocation: %d %s", r.status, r.body)
			}
		})
		if n := len(endpoints()); n != before {
			t.Errorf("%d endpoints made by the revoked key survived", n-before)
		}
	})

	t.Run("the endpoint limit", func(t *testing.T) {
		together(20, func(int) {
			r := c.do(
				"POST",
				"/v1/webhooks",
				map[string]any{"url": "https://93.184.216.34/many", "events": []string{"extraction.completed"}},
				bearer(jwt)...)
			if r.status != 201 && (r.status != 409 || !strings.Contains(string(r.body), "limit_reached")) {
				t.Errorf("creation: %d %s", r.status, r.body)
			}
		})
		if n := len(endpoints()); n != 10 {
			t.Errorf("%d endpoints after 20 creations at once, want the limit, 10", n)
		}
		expect(
			t,
			"over the limit",
			c.do(
				"POST",
				"/v1/webhooks",
				map[string]any{"url": "https://93.184.216.34/more", "events": []string{"extraction.completed"}},
				bearer(jwt)...),
			409,
			"",
		)
	})

	t.Run("the key limit", func(t *testing.T) {
		together(29, func(int) {
			r := c.do("POST", "/v1/api-keys", map[string]any{"name": "many", "mode": "test"}, bearer(jwt)...)
			if r.status != 201 && (r.status != 409 || !strings.Contains(string(r.body), "limit_reached")) {
				t.Errorf("key creation: %d %s", r.status, r.body)
			}
		})
		var list struct{ Data []struct{ Status string } }
		c.do("GET", "/v1/api-keys", nil, bearer(jwt)...).json(t, &list)
		active := 0
		for _, k := range list.Data {
			if k.Status == "active" {
				active++
			}
		}
		if active != 20 {
			t.Errorf("%d active keys after 29 creations at once, want the limit, 20", active)
		}
	})
}

// A partner key may configure the partner's webhook (the spec lets it), but the configuration
// belongs to the key: revoking it restores the last one a login made. Every change is recorded
// (listed with its author, never the secret) and mailed to the partner's back office.
func TestPartnerWebhookMadeByAKeyEndsWithIt(t *testing.T) {
	t.Parallel()
	_, creds, c, outbox := accountsStack(t)
	partner := creds.Partners[0]
	login := bearer(loginToken(t, c, partner.Email, partner.Password))
	webhookURL := func() any {
		t.Helper()
		var v struct{ WebhookURL any }
		c.do("GET", "/api/v1/partners/me/webhook", nil, login...).json(t, &v)
		return v.WebhookURL
	}
	expect(t, "the back office sets the webhook", c.do(
		"PATCH",
		"/api/v1/partners/me/webhook",
		map[string]any{
			"webhookUrl":    "https://93.184.216.34/back-office",
			"webhookSecret": "a-secret-of-the-back-office",
		},
		login...), 200, "")
	expect(t, "the leaked key repoints it", c.do(
		"PATCH",
		"/api/v1/partners/me/webhook",
		map[string]any{
			"webhookUrl":    "https://93.184.216.35/attacker",
			"webhookSecret": "the-attackers-own-secret",
		},
		key(partner.APIKey)...), 200, "")
	if u := webhookURL(); u != "https://93.184.216.35/attacker" {
		t.Fatalf("webhook after the key's change = %v", u)
	}

	r := c.do("GET", "/api/v1/partners/me/webhook/changes", nil, login...)
	expect(t, "changes", r, 200, "")
	var changes struct {
		Data []struct {
			By struct {
				Type, KeyID string
			}
			WebhookURL    string
			SecretChanged bool
		}
	}
	r.json(t, &changes)
	if len(changes.Data) != 2 || changes.Data[0].By.Type != "key" || changes.Data[0].By.KeyID == "" ||
		changes.Data[0].WebhookURL != "https://93.184.216.35/attacker" ||
		changes.Data[1].By.Type != "login" ||
		!changes.Data[1].SecretChanged {
		t.Errorf("changes = %s", r.body)
	}
	if strings.Contains(string(r.body), "secret-of") || strings.Contains(string(r.body), "attackers-own") {
		t.Error("the change history shows a secret")
	}
	mail := lastMail(t, outbox, partner.Email)
	if !strings.Contains(mail, "https://93.184.216.35/attacker") || !strings.Contains(mail, changes.Data[0].By.KeyID) ||
		strings.Contains(mail, "attackers-own") {
		t.Errorf("the back office's mail:\n%s", mail)
	}

	expect(
		t,
		"the back office revokes the key",
		c.do("DELETE", "/api/v1/partners/me/keys/"+changes.Data[0].By.KeyID, nil, login...),
		204,
		"",
	)
	if u := webhookURL(); u != "https://93.184.216.34/back-office" {
		t.Errorf("webhook after the key's revocation = %v, want the back office's", u)
	}
}

// A login's change of one field leaves the other as a leaked key set it, and bound to that key: the
// owner, signed in, changes only the secret over the key's URL; revoking the key then restores the
// URL before it and keeps the owner's new secret. The webhook and its history say which field a key
// set. Before, the login's change took the key's URL for its own, and it outlived the key.
func TestALoginsPartialChangeLeavesAKeysFieldBoundToIt(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	partner := creds.Partners[1]
	login := bearer(loginToken(t, c, partner.Email, partner.Password))
	patch := func(what string, body map[string]any, cred []string) {
		t.Helper()
		expect(t, what, c.do("PATCH", "/api/v1/partners/me/webhook", body, cred...), 200, "")
	}
	var config struct {
		WebhookURL, WebhookURLKeyID, WebhookSecretKeyID *string
		WebhookSecretConfigured                         bool
	}
	read := func() {
		t.Helper()
		config.WebhookURL, config.WebhookURLKeyID, config.WebhookSecretKeyID = nil, nil, nil
		c.do("GET", "/api/v1/partners/me/webhook", nil, login...).json(t, &config)
	}
	patch("the back office sets the URL", map[string]any{"webhookUrl": "https://93.184.216.34/back-office"}, login)
	patch("the leaked key repoints it", map[string]any{"webhookUrl": "https://93.184.216.35/attacker"},
		key(partner.APIKey))
	patch("the owner changes only the secret", map[string]any{"webhookSecret": "the-owners-new-secret"}, login)
	read()
	if config.WebhookURL == nil || *config.WebhookURL != "https://93.184.216.35/attacker" ||
		config.WebhookURLKeyID == nil || config.WebhookSecretKeyID != nil {
		t.Fatalf("after the owner's secret change: %+v; want the key's URL, still the key's", config)
	}
	keyID := *config.WebhookURLKeyID
	r := c.do("GET", "/api/v1/partners/me/webhook/changes", nil, login...)
	var changes struct {
		Data []struct {
			By              struct{ Type string }
			WebhookURLKeyID *string
		}
	}
	r.json(t, &changes)
	if len(changes.Data) != 3 || changes.Data[0].By.Type != "login" || changes.Data[0].WebhookURLKeyID == nil ||
		*changes.Data[0].WebhookURLKeyID != keyID {
		t.Errorf("changes = %s; want the owner's change to name the key its URL belongs to", r.body)
	}
	expect(t, "the owner revokes the key", c.do("DELETE", "/api/v1/partners/me/keys/"+keyID, nil, login...), 204, "")
	read()
	if config.WebhookURL == nil || *config.WebhookURL != "https://93.184.216.34/back-office" ||
		!config.WebhookSecretConfigured || config.WebhookURLKeyID != nil {
		t.Errorf("after the revocation: %+v; want the back office's URL and the owner's secret", config)
	}
}

// A presigned upload is storage asked for before anything is charged: a test key's counts toward
// the daily test quota, and every account opens at most UPLOAD_DAILY_MB of them a day; refused,
// nothing is presigned or stored.
func TestUploadsAreBounded(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited,
			"TEST_MODE_DAILY_QUOTA": "2", "UPLOAD_DAILY_MB": "1"},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	live, _ := newKey(t, c, jwt, "live")
	upload := func(cred []string, size int) result {
		return c.do(
			"POST",
			"/v1/uploads",
			map[string]any{"fileName": "p.jpg", "contentType": "image/jpeg", "size": size},
			cred...)
	}
	for i := range 2 {
		expect(t, fmt.Sprint("test upload ", i+1), upload(key(creds.User.APIKey), 1000), 201, "")
	}
	expect(t, "a third test upload", upload(key(creds.User.APIKey), 1000), 429, "test_quota_exceeded")
	before := len(tableItems(t, local, "UPLOAD#"))
	expect(t, "live, within the day's bytes", upload(key(live), 600<<10), 201, "")
	r := upload(key(live), 600<<10)
	expect(t, "live, over the day's bytes", r, 429, "upload_quota_exceeded")
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After on upload_quota_exceeded")
	}
	if n := len(tableItems(t, local, "UPLOAD#")) - before; n != 1 {
		t.Errorf("%d upload slots stored for two live uploads, one refused", n)
	}
}

// TestConcurrentPartnerWebhookChangesKeepEachOther races a change of the URL (by the partner's key)
// with a change of the secret (by its login), ten times: each is written on top of the other, so
// both stand. Before, each read the configuration and wrote it back whole: one of the two answered
// 200 and was silently undone.
func TestConcurrentPartnerWebhookChangesKeepEachOther(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
		"RATE_LIMITS": unlimited})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0]
	login := bearer(loginToken(t, c, partner.Email, partner.Password))
	for i := range 10 {
		expect(t, "remove the secret", c.do("PATCH", "/api/v1/partners/me/webhook",
			map[string]any{"webhookSecret": ""}, login...), 200, "")
		url := "https://93.184.216.34/round-" + strconv.Itoa(i)
		var wg sync.WaitGroup
		wg.Go(func() {
			expect(t, "the URL", c.do("PATCH", "/api/v1/partners/me/webhook", map[string]any{"webhookUrl": url},
				key(partner.APIKey)...), 200, "")
		})
		wg.Go(func() {
			expect(t, "the secret", c.do("PATCH", "/api/v1/partners/me/webhook",
				map[string]any{"webhookSecret": "a-secret-of-round-" + strconv.Itoa(i)}, login...), 200, "")
		})
		wg.Wait()
		var got struct {
			WebhookURL              string
			WebhookSecretConfigured bool
		}
		c.do("GET", "/api/v1/partners/me/webhook", nil, login...).json(t, &got)
		if got.WebhookURL != url || !got.WebhookSecretConfigured {
			t.Fatalf("round %d: %+v; want both changes (%s, a secret)", i, got, url)
		}
	}
}
