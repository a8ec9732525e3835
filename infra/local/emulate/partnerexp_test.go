package emulate

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/trustline/platform/shared/awstest"
	"github.com/trustline/platform/shared/config"
)

// tableMentions reports whether any item of the stack's table contains s, in a key or a value.
func tableMentions(t *testing.T, local *Local, s string) bool {
	t.Helper()
	getenv, err := local.Getenv("PartnersFunction")
	if err != nil {
		t.Fatal(err)
	}
	p := dynamodb.NewScanPaginator(awstest.Clients(t).DynamoDB, &dynamodb.ScanInput{TableName: aws.String(getenv("TABLE_NAME"))})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			if strings.Contains(fmt.Sprint(it), s) {
				return true
			}
		}
	}
	return false
}

// An administrator setting the webhook of a partner that does not exist gets 404, and nothing about
// that partner is stored: neither a webhook configuration nor an idempotency record.
func TestAdminWebhookOfUnknownPartner(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := accountsStack(t)
	admin := key(creds.Admin.APIKey)
	const unknown = "prt_nosuchpartner0000000000"
	body := map[string]any{"webhookUrl": "https://93.184.216.34/hooks"}
	headers := append([]string{"Idempotency-Key", "unknown-partner-webhook"}, admin...)
	expect(t, "unknown partner", c.do("PATCH", "/api/v1/partners/"+unknown+"/webhook", body, headers...), 404, "not_found")
	if tableMentions(t, local, unknown) || tableMentions(t, local, "unknown-partner-webhook") {
		t.Fatal("a request for an unknown partner stored something")
	}
	expect(t, "known partner", c.do("PATCH", "/api/v1/partners/"+creds.Partners[0].PartnerID+"/webhook", body, admin...), 200, "")
}

// A payment link that has expired reads PAYMENT_FAILED at once, before any maintenance run writes
// it; its checkout page says so; and money notified after the expiry is recorded as paid after the
// failure, not issued. (No maintenance run happens in this test: the sweep runs every 5 minutes.)
func TestExpiredLinkReadsFailedAtOnce(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "PAYMENT_LINK_TTL": "2s"})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0]
	ct := create(t, c, partner.APIKey, autoBody("DK-EXPIRE-2", nil))
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PENDING_PAYMENT" || paymentStatus(s) != "pending" {
		t.Fatalf("before expiry: %v", s)
	}
	time.Sleep(time.Until(ct.Payment.ExpiresAt) + 100*time.Millisecond)
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" || paymentStatus(s) != "failed" {
		t.Fatalf("read after expiry: %v", s)
	}
	admin := c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(creds.Admin.APIKey)...)
	var v map[string]any
	admin.json(t, &v)
	if v["contractStatus"] != "PAYMENT_FAILED" {
		t.Errorf("administrator's read after expiry: %v", v["contractStatus"])
	}
	page, err := http.Get(ct.Payment.PaymentURL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if page.StatusCode != http.StatusGone || !strings.Contains(string(b), "expired") || !strings.Contains(string(b), "PAYMENT_FAILED") {
		t.Errorf("checkout of an expired link: %d %s", page.StatusCode, b)
	}
	expect(t, "paid after expiry", notify(t, c, secret(t, local, config.PaymentSigningKey), paidNote(ct, "evt_late_"+ct.Reference)), 200, "")
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" || paymentStatus(s) != "paid_after_failure" {
		t.Errorf("paid after expiry: %v", s)
	}
}
