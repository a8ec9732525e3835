package emulate

import (
	"context"
	"testing"
)

// TestWebhookTargetsRefuseIPv6TransitionForms: a webhook URL whose literal IPv6 address is outside
// global unicast, or a transition form carrying an IPv4 address (6to4 of 127.0.0.1, Teredo, NAT64
// and IPv4-compatible forms of 10.0.0.1), is refused with 422 on both APIs.
func TestWebhookTargetsRefuseIPv6TransitionForms(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	for _, url := range []string{
		"https://[2002:7f00:1::1]/hook",                       // 6to4
		"https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook", // Teredo
		"https://[64:ff9b::a00:1]/hook",                       // NAT64
		"https://[::a00:1]/hook",                              // IPv4-compatible
		"https://[::ffff:0:a00:1]/hook",                       // SIIT
		"https://[fd00::1]/hook",                              // unique local
	} {
		r := c.do(
			"PATCH",
			"/api/v1/partners/me/webhook",
			map[string]any{"webhookUrl": url},
			key(creds.Partners[0].APIKey)...)
		expect(t, "partner webhook "+url, r, 422, "validation_failed")
		r = c.do(
			"POST",
			"/v1/webhooks",
			map[string]any{"url": url, "events": []string{"extraction.completed"}},
			bearer(jwt)...)
		expect(t, "identity webhook "+url, r, 422, "")
	}
}
