package emulate

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/webhookverify"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/wiring/app"
)

// An operator rotates DATA_ENCRYPTION_KEY while the stack runs, as deploying.md tells it: the new
// key material on the first line and the old below it, reseal-secrets, then the old line removed.
// The stack's functions started under the old material alone, and an endpoint's deliveries are
// signed with its unchanged secret throughout.
func TestDataEncryptionKeyRotationKeepsDeliveriesSigned(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := webhookStack(t)
	ctx := context.Background()
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r := c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL, "events": []string{"webhook.test"}}, bearer(jwt)...)
	expect(t, "an endpoint", r, 201, "")
	var ep struct{ ID, Secret string }
	r.json(t, &ep)
	delivered := func(when string) {
		t.Helper()
		n := len(rc.got())
		expect(t, "a test event "+when, c.do("POST", "/v1/webhooks/"+ep.ID+"/test", nil, bearer(jwt)...), 202, "")
		waitFor(t, 10*time.Second, "the test event "+when, func() bool { return len(rc.got()) > n })
		got := rc.got()[n]
		if err := webhookverify.Service([]byte(ep.Secret), got.body, got.header.Get("X-Service-Signature")); err != nil {
			t.Errorf("the test event %s: %v", when, err)
		}
	}
	delivered("before the rotation")

	oldKey, err := local.Secret(ctx, "DATA_ENCRYPTION_KEY")
	if err != nil {
		t.Fatal(err)
	}
	const newKey = "a-new-data-encryption-key-after-the-rotation"
	if err := local.SetSecret(ctx, "DATA_ENCRYPTION_KEY", newKey+"\n"+oldKey); err != nil {
		t.Fatal(err)
	}
	getenv, err := local.Getenv("AccountsFunction")
	if err != nil {
		t.Fatal(err)
	}
	report, err := app.ResealWebhookSecrets(ctx, getenv)
	if err != nil || report != (webhook.ResealReport{Resealed: 1}) {
		t.Fatalf("reseal-secrets = %+v, %v; want the endpoint's secret resealed", report, err)
	}
	if err := local.SetSecret(ctx, "DATA_ENCRYPTION_KEY", newKey); err != nil {
		t.Fatal(err)
	}
	delivered("after the re-seal, the old line removed")
}
