package emulate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/trustline/platform/shared/awstest"
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
