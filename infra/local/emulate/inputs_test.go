package emulate

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/api/httpapi"
)

// Inputs refused before anything is written (issue 39, item 4).

// postRaw sends body as it is, with Content-Type application/json (client.do marshals its body,
// and so cannot send a malformed one), and checks the answer against the OpenAPI documents.
func postRaw(c client, path, body string, headers ...string) result {
	c.t.Helper()
	req, err := http.NewRequest("POST", c.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Add(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := result{status: resp.StatusCode, header: resp.Header, body: raw}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") {
		r.problem = decodeProblem(c.t, raw)
	}
	conformsToOpenAPI(c.t, req, r)
	return r
}

func decodeProblem(t *testing.T, raw []byte) httpapi.Problem {
	t.Helper()
	var p httpapi.Problem
	result{body: raw}.json(t, &p)
	return p
}

// tableKeys is every pk#sk of the stack's table but the throttles' counters, which an anonymous
// request writes whatever it sends.
func tableKeys(t *testing.T, local *Local) []string {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	p := dynamodb.NewScanPaginator(awstest.Clients(t).DynamoDB, &dynamodb.ScanInput{TableName: aws.String(table),
		ProjectionExpression: aws.String("pk, sk")})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range page.Items {
			pk, _ := item["pk"].(*types.AttributeValueMemberS)
			sk, _ := item["sk"].(*types.AttributeValueMemberS)
			if pk != nil && sk != nil && !strings.HasPrefix(pk.Value, "RATE#") {
				keys = append(keys, pk.Value+" "+sk.Value)
			}
		}
	}
	slices.Sort(keys)
	return keys
}

// TestOverlongAddressesAreRefusedBeforeAnyWrite: an address past RFC 5321's bounds (64 octets
// before the @, 254 in all) answers 422 on registration, resend and reset, and nothing is stored
// or mailed. A 247-character one answered 500 and left a user and its EMAIL# key without a mail:
// the outbox named its file by the address, past the file system's 255 bytes. The longest address
// allowed works like any other: registered, its link resent, its password reset.
func TestOverlongAddressesAreRefusedBeforeAnyWrite(t *testing.T) {
	t.Parallel()
	local, _, c, outbox := accountsStack(t)
	domain := strings.Repeat("d", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("d", 57) + ".com"
	refused := map[string]string{
		"247 characters, 183 before the @": strings.Repeat("l", 183) + "@" + domain[:63] + ".com",
		"65 characters before the @":       strings.Repeat("l", 65) + "@example.com",
		"a domain label of 64 characters":  "ada@" + strings.Repeat("d", 64) + ".example.com",
		"255 characters (maxLength's 422)": strings.Repeat("l", 65) + "@" + domain,
	}
	before := tableKeys(t, local)
	for name, email := range refused {
		for _, step := range []struct{ path, body string }{
			{"/v1/auth/register", `{"email": %q, "password": "correct horse battery"}`},
			{"/v1/auth/resend-verification", `{"email": %q}`},
			{"/v1/auth/password/reset-request", `{"email": %q}`},
		} {
			r := postRaw(c, step.path, fmt.Sprintf(step.body, email))
			expect(t, name+": "+step.path, r, 422, "validation_failed")
		}
		if m := mails(t, outbox, email); len(m) != 0 {
			t.Errorf("%s: mailed %q", name, m)
		}
	}
	if after := tableKeys(t, local); !slices.Equal(before, after) {
		t.Errorf("refused addresses wrote to the table:\nbefore %q\nafter  %q", before, after)
	}

	longest := strings.Repeat("l", 64) + "@" + domain
	if len(longest) != 254 {
		t.Fatalf("the longest address has %d characters", len(longest))
	}
	body := fmt.Sprintf(`{"email": %q}`, longest)
	expect(t, "register the longest address", postRaw(c, "/v1/auth/register",
		fmt.Sprintf(`{"email": %q, "password": "correct horse battery"}`, longest)), 201, "")
	expect(t, "resend", postRaw(c, "/v1/auth/resend-verification", body), 202, "")
	if m := mails(t, outbox, longest); len(m) != 2 || !tokenInMail.MatchString(m[1]) {
		t.Fatalf("mails to the longest address: %q, want two verification links", m)
	}
	expect(t, "verify", c.do("POST", "/v1/auth/verify-email",
		map[string]string{"token": tokenInMail.FindStringSubmatch(lastMail(t, outbox, longest))[1]}), 200, "")
	expect(t, "reset request", postRaw(c, "/v1/auth/password/reset-request", body), 202, "")
	if m := lastMail(t, outbox, longest); !strings.Contains(m, "Reset your password") {
		t.Errorf("last mail to the longest address: %s", m)
	}
}

// TestTrailingDataAfterAJSONBodyIs400: a JSON body is one value and white space, on both APIs, and
// nothing is written for one with more. A body followed by a stray `}` or `]` was accepted (201).
func TestTrailingDataAfterAJSONBodyIs400(t *testing.T) {
	t.Parallel()
	local, creds, c, outbox := accountsStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	partner := creds.Partners[0].APIKey
	contract := `{"returnUrl": "https://partner.example/return", "cancelUrl": "https://partner.example/cancel",
		"contract": {"cliCode": "CLI-001", "cat": "550", "scatCode": "011", "carrCode": "ROU", "nrg": "ESS",
		"pfs": 150, "nbP": 2, "dure": 12, "effet": "01/01/2099", "numImmat": "AB-123-CD", "mqCode": "YAMA",
		"modele": "MT-07"}}`
	before := tableKeys(t, local)
	for _, tail := range []string{"}", "]", "garbage", ",", " {}", "\x00"} {
		for _, call := range []struct {
			what, path, body string
			headers          []string
		}{
			{"register", "/v1/auth/register", `{"email": "trailing@example.com", "password": "correct horse battery"}`,
				nil},
			{"identity key", "/v1/api-keys", `{"name": "trailing", "mode": "test"}`, bearer(jwt)},
			{"identity webhook", "/v1/webhooks", `{"url": "https://hooks.example/t", "events": ["webhook.test"]}`,
				key(creds.User.APIKey)},
			{"partner contract", "/api/v1/partner/contracts/auto/classic", contract, key(partner)},
			{"partner (admin)", "/api/v1/admin/partners", `{"name": "Trailing"}`, key(creds.Admin.APIKey)},
		} {
			r := postRaw(c, call.path, call.body+tail, call.headers...)
			expect(t, fmt.Sprintf("%s followed by %q", call.what, tail), r, 400, "bad_request")
		}
	}
	if after := tableKeys(t, local); !slices.Equal(before, after) {
		t.Errorf("bodies with trailing data wrote to the table:\nbefore %q\nafter  %q", before, after)
	}
	if m := mails(t, outbox, "trailing@example.com"); len(m) != 0 {
		t.Errorf("mailed %q", m)
	}
	// The same bodies followed by white space only are taken.
	expect(t, "a body and white space", postRaw(c, "/v1/api-keys", `{"name": "spaced", "mode": "test"}`+" \r\n\t",
		bearer(jwt)...), 201, "")
}
