package emulate

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/mail"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/wiring/app"
)

// Trust boundaries (issue 12): what a test key, a live key, a revoked key and an anonymous caller
// can reach, tried over HTTP as an attacker would.

// tableItems returns the items of the stack's table whose pk starts with prefix, as plain maps.
func tableItems(t *testing.T, local *Local, prefix string) []map[string]any {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	p := dynamodb.NewScanPaginator(awstest.Clients(t).DynamoDB, &dynamodb.ScanInput{TableName: aws.String(table),
		FilterExpression:          aws.String("begins_with(pk, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: prefix}}})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var items []map[string]any
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			t.Fatal(err)
		}
		out = append(out, items...)
	}
	return out
}

// newKey creates an identity API key of the mode with a login token and returns the key and its ID.
func newKey(t *testing.T, c client, jwt, mode string) (secret, id string) {
	t.Helper()
	r := c.do("POST", "/v1/api-keys", map[string]any{"name": "k-" + mode, "mode": mode}, bearer(jwt)...)
	expect(t, "create "+mode+" key", r, 201, "")
	var k struct{ Key, ID string }
	r.json(t, &k)
	return k.Key, k.ID
}

func extract(t *testing.T, c client, cred []string, docs ...string) result {
	t.Helper()
	if len(docs) == 1 {
		return c.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
			formFile("file", "passport.png", testdocument(t, docs[0]))}, cred...)
	}
	f := form{formField("documentType", "passport")}
	for _, d := range docs {
		f = append(f, formFile("file", d, testdocument(t, d)))
	}
	return c.do("POST", "/v1/batches", f, cred...)
}

func TestTestModeIsASandbox(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "TEST_MODE_DAILY_QUOTA": "3"},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	testKey := key(creds.User.APIKey)
	otherTestSecret, _ := newKey(t, c, jwt, "test")
	liveSecret, _ := newKey(t, c, jwt, "live")
	liveKey := key(liveSecret)
	const doc = "icao-td3-clean.png"

	// Three test operations a day across all the account's test keys: one extraction, a batch of two.
	r := extract(t, c, testKey, doc)
	expect(t, "test extraction", r, 202, "")
	var testExt struct{ ExtractionID string }
	r.json(t, &testExt)
	r = extract(t, c, key(otherTestSecret), doc, doc)
	expect(t, "test batch of two with another test key", r, 202, "")
	var testBatch struct{ Batch struct{ BatchID string } }
	r.json(t, &testBatch)
	before := len(tableItems(t, local, "EXTRACTION#"))

	r = extract(t, c, testKey, doc)
	expect(t, "a fourth test operation", r, 429, "test_quota_exceeded")
	retry, _ := strconv.Atoi(r.header.Get("Retry-After"))
	now := time.Now().UTC()
	if toMidnight := int(now.Truncate(24*time.Hour).Add(24*time.Hour).Sub(now).Seconds()) + 1; retry < toMidnight-5 ||
		retry > toMidnight+5 {
		t.Errorf("Retry-After = %d, want about %d (the next UTC day)", retry, toMidnight)
	}
	expect(t, "a test batch over the quota", extract(t, c, key(otherTestSecret), doc, doc), 429, "test_quota_exceeded")
	expect(t, "a test liveness check over the quota", c.do("POST", "/v1/liveness/check",
		form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))}, testKey...), 429, "test_quota_exceeded")
	if after := len(tableItems(t, local, "EXTRACTION#")); after != before {
		t.Errorf("refused test operations recorded %d extractions", after-before)
	}
	// Live keys are not bounded by the test quota: they pay.
	r = extract(t, c, liveKey, doc)
	expect(t, "live extraction", r, 202, "")
	var liveExt struct{ ExtractionID string }
	r.json(t, &liveExt)

	// Test and live resources are apart; a login session sees both, each marked.
	expect(
		t,
		"test key reads a live extraction",
		c.do("GET", "/v1/extractions/"+liveExt.ExtractionID, nil, testKey...),
		404,
		"not_found",
	)
	expect(
		t,
		"live key reads a test extraction",
		c.do("GET", "/v1/extractions/"+testExt.ExtractionID, nil, liveKey...),
		404,
		"not_found",
	)
	expect(
		t,
		"live key reads a test batch",
		c.do("GET", "/v1/batches/"+testBatch.Batch.BatchID, nil, liveKey...),
		404,
		"not_found",
	)
	expect(
		t,
		"the other test key reads the test extraction",
		c.do("GET", "/v1/extractions/"+testExt.ExtractionID, nil, key(otherTestSecret)...),
		200,
		"",
	)
	for id, live := range map[string]bool{testExt.ExtractionID: false, liveExt.ExtractionID: true} {
		r := c.do("GET", "/v1/extractions/"+id, nil, bearer(jwt)...)
		expect(t, "the session reads "+id, r, 200, "")
		var v struct{ Livemode bool }
		r.json(t, &v)
		if v.Livemode != live {
			t.Errorf("%s livemode = %v, want %v", id, v.Livemode, live)
		}
	}
	r = c.do("GET", "/v1/batches/"+testBatch.Batch.BatchID, nil, bearer(jwt)...)
	expect(t, "the session reads the test batch", r, 200, "")
	if !strings.Contains(string(r.body), `"livemode":false`) {
		t.Errorf("batch = %s", r.body)
	}
}

func TestOwnerRateLimitsKeyCountAndFailedAuthentication(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{
			"JWT_SECRET":      testJWTSecret,
			"MAIL_OUTBOX_DIR": t.TempDir(),
			"RATE_LIMITS":     "free=30,starter=300,business=1200,partner=600,admin=1200",
		},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	// Every limit here counts in one-minute windows of the stack's clock: it stands still, so a
	// minute that real time would end halfway through a burst never ends.
	freeze(t, local)
	// A free user has 30 requests a minute in all, across its token and keys.
	r := c.do(
		"POST",
		"/v1/auth/register",
		map[string]string{"email": "rl@example.com", "password": "correct horse battery"},
	)
	expect(t, "register", r, 201, "")
	svc := accountsFor(t, local)
	if _, err := svc.VerifyUser(context.Background(), "rl@example.com"); err != nil {
		t.Fatal(err)
	}
	jwt := loginToken(t, c, "rl@example.com", "correct horse battery") // not counted: no one signed in yet
	first, _ := newKey(t, c, jwt, "test")                              // 1
	second, _ := newKey(t, c, jwt, "live")                             // 2
	// 31 more, alternating keys: the stack's clock stands still (freeze, above), so all 33 fall in
	// one window of the counter however long a loaded machine takes to send them.
	refused := 0
	for i := range 31 {
		k := first
		if i%2 == 1 {
			k = second
		}
		if c.do("GET", "/v1/users/me", nil, key(k)...).status == 429 {
			refused++
		}
	}
	if refused == 0 {
		t.Error("two keys of one owner made 33 requests in a minute on a limit of 30: counted per key, not per owner")
	} else if refused != 3 {
		t.Errorf("%d of 33 requests in a minute refused on a limit of 30, want 3", refused)
	}

	// At most 20 active keys per user: the demo user holds one.
	demo := loginToken(t, c, creds.User.Email, creds.User.Password)
	var lastID string
	for range 19 {
		_, lastID = newKey(t, c, demo, "test")
	}
	expect(
		t,
		"a 21st key",
		c.do("POST", "/v1/api-keys", map[string]any{"name": "one too many", "mode": "live"}, bearer(demo)...),
		409,
		"limit_reached",
	)
	expect(t, "revoke one", c.do("DELETE", "/v1/api-keys/"+lastID, nil, bearer(demo)...), 204, "")
	newKey(t, c, demo, "live")

	// Random keys from one address: refused without a counter write each, then answered 429.
	counters := len(tableItems(t, local, "RATE#"))
	throttled := 0
	for i := range 40 {
		r := c.do("GET", "/v1/users/me", nil, key(fmt.Sprintf("sk_live_%026d", i))...)
		switch r.status {
		case 401:
		case 429:
			throttled++
		default:
			t.Fatalf("random key %d: %d %s", i, r.status, r.body)
		}
	}
	if throttled == 0 || throttled > 10 {
		t.Errorf("%d of 40 random keys throttled, want the ones past 30", throttled)
	}
	if n := len(tableItems(t, local, "RATE#")); n != counters {
		t.Errorf("random keys wrote %d rate counters", n-counters)
	}
	// The throttle never refuses a valid key: a partner behind an address others abuse is served.
	expect(
		t,
		"a valid key from the throttled address",
		c.do("GET", "/v1/users/me", nil, key(creds.User.APIKey)...),
		200,
		"",
	)
	expect(
		t,
		"a random key from the throttled address",
		c.do("GET", "/v1/users/me", nil, key(fmt.Sprintf("sk_live_%026d", 99))...),
		429,
		"rate_limited",
	)
}

func TestWebhookEndpointsHaveAMode(t *testing.T) {
	t.Parallel()
	_, creds, c, svc := webhookStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	testKey := key(creds.User.APIKey)
	liveRC := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	testRC := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	keyRC := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	events := []string{"extraction.completed", "extraction.failed", "webhook.test"}
	endpoint := func(what string, cred []string, body map[string]any, status int) (id string, live bool) {
		t.Helper()
		r := c.do("POST", "/v1/webhooks", body, cred...)
		expect(t, what, r, status, "")
		var e struct {
			ID       string
			Livemode bool
		}
		r.json(t, &e)
		return e.ID, e.Livemode
	}
	liveID, live := endpoint(
		"session, default mode",
		bearer(jwt),
		map[string]any{"url": liveRC.URL, "events": events},
		201,
	)
	if !live {
		t.Error("an endpoint made by a login session without mode is a live one")
	}
	if _, live := endpoint("session, test mode", bearer(jwt), map[string]any{"url": testRC.URL, "events": events,
		"mode": "test"}, 201); live {
		t.Error("mode test made a live endpoint")
	}
	keyID, live := endpoint("test key", testKey, map[string]any{"url": keyRC.URL, "events": events}, 201)
	if live {
		t.Error("a test key made a live endpoint")
	}
	expect(
		t,
		"test key asks for a live endpoint",
		c.do("POST", "/v1/webhooks", map[string]any{"url": liveRC.URL, "events": events, "mode": "live"}, testKey...),
		403,
		"forbidden",
	)

	// A test-mode extraction reaches test endpoints only.
	r := extract(t, c, testKey, "icao-td3-clean.png")
	expect(t, "test extraction", r, 202, "")
	var ext struct{ ExtractionID string }
	r.json(t, &ext)
	poll(t, c, testKey, ext.ExtractionID)
	waitFor(
		t,
		15*time.Second,
		"the test event at both test endpoints",
		func() bool { return len(testRC.got()) == 1 && len(keyRC.got()) == 1 },
	)
	// A live event reaches the live endpoint only.
	svc.publish(t, creds.User.ID, true, webhook.EventExtractionCompleted, "ext_live",
		map[string]any{"extractionId": "ext_live"})
	waitFor(t, 10*time.Second, "the live event", func() bool { return len(liveRC.got()) == 1 })
	time.Sleep(300 * time.Millisecond)
	if len(testRC.got()) != 1 || len(keyRC.got()) != 1 || !strings.Contains(string(liveRC.got()[0].body), "ext_live") {
		t.Errorf("deliveries: live %d, test %d, key's %d", len(liveRC.got()), len(testRC.got()), len(keyRC.got()))
	}

	// A test key neither sees nor touches live endpoints.
	list := c.do("GET", "/v1/webhooks", nil, testKey...)
	if strings.Contains(string(list.body), liveID) || !strings.Contains(string(list.body), keyID) {
		t.Errorf("test key's list = %s", list.body)
	}
	for _, call := range []struct{ method, path string }{{"DELETE", ""}, {"POST", "/rotate-secret"}, {"POST", "/test"},
		{"GET", "/deliveries"}} {
		expect(
			t,
			call.method+" a live endpoint"+call.path+" with a test key",
			c.do(call.method, "/v1/webhooks/"+liveID+call.path, nil, testKey...),
			404,
			"not_found",
		)
	}

	// An endpoint a key made goes when the key is revoked.
	other, otherID := newKey(t, c, jwt, "live")
	madeByKey, _ := endpoint("live key", key(other), map[string]any{"url": liveRC.URL, "events": events}, 201)
	expect(t, "revoke the key", c.do("DELETE", "/v1/api-keys/"+otherID, nil, bearer(jwt)...), 204, "")
	if list := c.do("GET", "/v1/webhooks", nil, bearer(jwt)...); strings.Contains(string(list.body), madeByKey) {
		t.Errorf("the revoked key's endpoint is still listed: %s", list.body)
	}

	// At most 10 endpoints per user (3 made above).
	for i := range 7 {
		endpoint(
			fmt.Sprintf("endpoint %d", i+4),
			bearer(jwt),
			map[string]any{"url": testRC.URL, "events": []string{"webhook.test"}, "mode": "test"},
			201,
		)
	}
	expect(
		t,
		"an 11th endpoint",
		c.do("POST", "/v1/webhooks", map[string]any{"url": testRC.URL, "events": events}, bearer(jwt)...),
		409,
		"limit_reached",
	)

	// The delivery history names the class of a failure, never the dial error.
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadURL := "http://" + closed.Addr().String() + "/hook"
	closed.Close()
	expect(t, "delete one", c.do("DELETE", "/v1/webhooks/"+keyID, nil, testKey...), 204, "")
	deadID, _ := endpoint("refusing endpoint", bearer(jwt), map[string]any{"url": deadURL, "events": events}, 201)
	expect(t, "test the refusing endpoint", c.do("POST", "/v1/webhooks/"+deadID+"/test", nil, bearer(jwt)...), 202, "")
	var attempts []map[string]any
	waitFor(t, 10*time.Second, "the refused attempt", func() bool {
		var page struct {
			Data []struct{ Attempts []map[string]any }
		}
		c.do("GET", "/v1/webhooks/"+deadID+"/deliveries", nil, bearer(jwt)...).json(t, &page)
		if len(page.Data) == 1 {
			attempts = page.Data[0].Attempts
		}
		return len(attempts) > 0
	})
	a, _ := json.Marshal(attempts[0])
	if attempts[0]["errorClass"] != "refused" || strings.Contains(string(a), "127.0.0.1") ||
		strings.Contains(string(a), "dial") {
		t.Errorf("attempt = %s, want class refused and no raw dial error", a)
	}
	// Only allowed ports, on both APIs.
	r = c.do(
		"POST",
		"/v1/webhooks",
		map[string]any{"url": "https://93.184.216.34:22/hook", "events": events},
		bearer(jwt)...)
	expect(t, "an ssh port", r, 422, "validation_failed")
	if !strings.Contains(strings.Join(r.problem.InvalidParams, " "), "port 22") {
		t.Errorf("invalidParams = %v", r.problem.InvalidParams)
	}
	partner := newPartner(t, c, creds.Admin.APIKey)
	expect(
		t,
		"partner webhook on port 6379",
		c.do(
			"PATCH",
			"/api/v1/partners/me/webhook",
			map[string]any{"webhookUrl": "https://93.184.216.34:6379/"},
			key(partner.APIKey)...),
		422,
		"validation_failed",
	)
	expect(
		t,
		"partner webhook on 8443",
		c.do(
			"PATCH",
			"/api/v1/partners/me/webhook",
			map[string]any{"webhookUrl": "https://93.184.216.34:8443/"},
			key(partner.APIKey)...),
		200,
		"",
	)

	// Test events are rate limited per user: 5 a minute, so 11 overflow one window even when a
	// minute boundary passes during the loop.
	limited := false
	for range 11 {
		if r := c.do("POST", "/v1/webhooks/"+deadID+"/test", nil, bearer(jwt)...); r.status == 429 {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("11 test events in a minute were all accepted")
	}

}

func TestRegistrationRevealsNoCustomer(t *testing.T) {
	t.Parallel()
	local, creds, c, outbox := accountsStack(t)
	shape := func(r result) []string {
		var m map[string]any
		r.json(t, &m)
		var keys []string
		for k, v := range m {
			keys = append(keys, fmt.Sprintf("%s:%T", k, v))
		}
		slices.Sort(keys)
		return keys
	}
	fresh := c.do(
		"POST",
		"/v1/auth/register",
		map[string]string{"email": "new.customer@example.com", "password": "correct horse battery"},
	)
	expect(t, "a new address", fresh, 201, "")
	taken := c.do(
		"POST",
		"/v1/auth/register",
		map[string]string{"email": creds.User.Email, "password": "correct horse battery"},
	)
	expect(t, "a customer's address", taken, 201, "")
	if a, b := shape(fresh), shape(taken); strings.Join(a, ",") != strings.Join(b, ",") {
		t.Errorf("answers differ in shape: %v / %v", a, b)
	}
	var v struct {
		ID            string
		EmailVerified bool
	}
	taken.json(t, &v)
	if v.EmailVerified || v.ID == creds.User.ID {
		t.Errorf("the answer for a customer's address reveals the account: %s", taken.body)
	}
	if mail := lastMail(t, outbox, creds.User.Email); !strings.Contains(mail, "already has one") ||
		tokenInMail.MatchString(mail) {
		t.Errorf("mail to the owner = %q", mail)
	}
	expect(
		t,
		"the owner still logs in with the old password",
		c.do("POST", "/v1/auth/login", map[string]string{"email": creds.User.Email, "password": creds.User.Password}),
		200,
		"",
	)

	// Unverified accounts expire after 48 hours; their items carry the table's TTL until verified.
	users := tableItems(t, local, "EMAIL#new.customer@example.com")
	if len(users) != 1 || users[0]["ttl"] == nil {
		t.Fatalf("address item = %v, want a ttl", users)
	}
	if ttl := int64(users[0]["ttl"].(float64)); ttl < time.Now().Add(47*time.Hour).Unix() ||
		ttl > time.Now().Add(49*time.Hour).Unix() {
		t.Errorf("ttl in %s, want 48 h", time.Until(time.Unix(ttl, 0)))
	}
	expect(
		t,
		"resend for the unverified address",
		c.do("POST", "/v1/auth/resend-verification", map[string]string{"email": "new.customer@example.com"}),
		202,
		"",
	)
	expect(
		t,
		"resend for an unknown address",
		c.do("POST", "/v1/auth/resend-verification", map[string]string{"email": "nobody@example.com"}),
		202,
		"",
	)
	expect(
		t,
		"resend for a verified address",
		c.do("POST", "/v1/auth/resend-verification", map[string]string{"email": creds.User.Email}),
		202,
		"",
	)
	if n := len(mails(t, outbox, "new.customer@example.com")); n != 2 {
		t.Errorf("%d mails to the unverified address, want the first link and the resent one", n)
	}
	// Every address gets one mail, so that the request does the same work whoever asks; only the
	// waiting address's carries a link.
	if m := mails(t, outbox, "nobody@example.com"); len(m) != 1 || tokenInMail.MatchString(m[0]) {
		t.Errorf("mails to an unknown address: %q, want one note without a link", m)
	}
	expect(
		t,
		"verify with the resent link",
		c.do(
			"POST",
			"/v1/auth/verify-email",
			map[string]string{
				"token": tokenInMail.FindStringSubmatch(lastMail(t, outbox, "new.customer@example.com"))[1],
			},
		),
		200,
		"",
	)
	if items := tableItems(t, local, "EMAIL#new.customer@example.com"); len(items) != 1 || items[0]["ttl"] != nil {
		t.Errorf("verified address item = %v, want no ttl", items)
	}

	// An unverified account past its 48 hours gives its address to a new registration.
	svc := accountsFor(t, local)
	expect(
		t,
		"register an address",
		c.do(
			"POST",
			"/v1/auth/register",
			map[string]string{"email": "late@example.com", "password": "first password 1"},
		),
		201,
		"",
	)
	stale, err := svc.UserByEmail(context.Background(), "late@example.com")
	if err != nil {
		t.Fatal(err)
	}
	table, _ := local.Stack.String(map[string]any{"Ref": "Table"})
	past, _ := attributevalue.Marshal(time.Now().Add(-time.Hour))
	if _, err := awstest.Clients(t).DynamoDB.UpdateItem(context.Background(),
		&dynamodb.UpdateItemInput{TableName: aws.String(table),
			Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "USER#" +
				stale.ID}, "sk": &types.AttributeValueMemberS{Value: "PROFILE"}},
			UpdateExpression:          aws.String("SET expiresAt = :p"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": past}}); err != nil {
		t.Fatal(err)
	}
	expect(
		t,
		"register it again after 48 hours",
		c.do(
			"POST",
			"/v1/auth/register",
			map[string]string{"email": "late@example.com", "password": "second password 2"},
		),
		201,
		"",
	)
	expect(
		t,
		"verify",
		c.do(
			"POST",
			"/v1/auth/verify-email",
			map[string]string{"token": tokenInMail.FindStringSubmatch(lastMail(t, outbox, "late@example.com"))[1]},
		),
		200,
		"",
	)
	expect(
		t,
		"log in with the new password",
		c.do("POST", "/v1/auth/login", map[string]string{"email": "late@example.com", "password": "second password 2"}),
		200,
		"",
	)
	if _, err := svc.Store.User(context.Background(), stale.ID); err == nil {
		t.Error("the expired account is still there")
	}
}

// Extracted data and delivery bodies are personal data: they carry a TTL, delivered bodies are
// dropped, and the functions' logs have a retention.
func TestPersonalDataHasALifetime(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := webhookStack(t)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	expect(
		t,
		"endpoint",
		c.do(
			"POST",
			"/v1/webhooks",
			map[string]any{"url": rc.URL, "events": []string{"extraction.completed"}, "mode": "test"},
			bearer(jwt)...),
		201,
		"",
	)
	r := extract(t, c, key(creds.User.APIKey), "icao-td3-clean.png")
	expect(t, "extraction", r, 202, "")
	var ext struct{ ExtractionID string }
	r.json(t, &ext)
	poll(t, c, key(creds.User.APIKey), ext.ExtractionID)
	waitFor(t, 10*time.Second, "the event", func() bool { return len(rc.got()) == 1 })

	retention := 30 * 24 * time.Hour
	for _, prefix := range []string{"EXTRACTION#" + ext.ExtractionID, "DELIVERY#"} {
		var items []map[string]any
		waitFor(t, 5*time.Second, prefix+" delivered", func() bool {
			items = tableItems(t, local, prefix)
			return len(items) == 1 && (prefix != "DELIVERY#" || items[0]["status"] == "SUCCEEDED")
		})
		ttl, ok := items[0]["ttl"].(float64)
		if !ok || time.Until(time.Unix(int64(ttl), 0)) < retention-time.Hour ||
			time.Until(time.Unix(int64(ttl), 0)) > retention+time.Hour {
			t.Errorf("%s ttl = %v, want in %s", prefix, items[0]["ttl"], retention)
		}
		if prefix == "DELIVERY#" && items[0]["body"] != nil {
			t.Error("a delivered body is still stored")
		}
	}

	// Every function logs to a group with a retention.
	tpl := local.Stack.Template
	logging, _ := tpl.Globals["Function"].(map[string]any)["LoggingConfig"].(map[string]any)
	ref, _ := logging["LogGroup"].(map[string]any)
	group := tpl.Resources[fmt.Sprint(ref["Ref"])]
	if group.Type != "AWS::Logs::LogGroup" || group.Properties["RetentionInDays"] == nil {
		t.Errorf("functions' log group = %+v, want a LogGroup with RetentionInDays", group)
	}
	for name, r := range tpl.Resources {
		if r.Type == "AWS::Serverless::Function" && r.Properties["LoggingConfig"] != nil {
			t.Errorf("%s overrides the logging configuration", name)
		}
	}
}

func accountsFor(t *testing.T, local *Local) *accounts.Service {
	t.Helper()
	svc, err := app.AccountsService(context.Background(), mustGetenv(t, local))
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func mails(t *testing.T, outbox, to string) []string {
	t.Helper()
	files, _ := mail.Outbox{Dir: outbox}.Mails(to)
	var out []string
	for _, f := range files {
		b, _ := os.ReadFile(f)
		out = append(out, string(b))
	}
	return out
}

func lastMail(t *testing.T, outbox, to string) string {
	t.Helper()
	m := mails(t, outbox, to)
	if len(m) == 0 {
		t.Fatalf("no mail to %s", to)
	}
	return m[len(m)-1]
}

// TestTestKeysSeeNoLiveMoney: a test key reading the balance (GET /v1/users/me), the ledger
// (GET /v1/billing/credits) or the invoices gets test mode's view, its daily allowance and what
// it used today, never the live balance, ledger entries or payment links, which a live key and a
// login session keep reading.
func TestTestKeysSeeNoLiveMoney(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "TEST_MODE_DAILY_QUOTA": "3",
			"RATE_LIMITS": unlimited, "PLANS": "free=0:0,starter=15000:100"},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	testKey := key(creds.User.APIKey)
	liveSecret, _ := newKey(t, c, jwt, "live")
	liveKey := key(liveSecret)

	// A live invoice with its payment link.
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	expect(
		t,
		"plan change",
		c.do(
			"POST",
			"/v1/admin/users/"+me.ID+"/plan",
			map[string]string{"plan": "starter"},
			key(creds.Admin.APIKey)...),
		202,
		"",
	)
	invoicing, err := app.BillingService(as(t, local, "MaintenanceFunction"))
	if err != nil {
		t.Fatal(err)
	}
	if err := invoicing.Issue(context.Background()); err != nil {
		t.Fatal(err)
	}

	type profile struct {
		Credits  int
		Livemode *bool
		TestMode *struct{ Mode string }
	}
	type usage struct {
		Mode                                  string
		Livemode                              *bool
		DailyQuota, UsedToday, RemainingToday int
		ResetsAt                              time.Time
		Data                                  []map[string]any
		NextCursor                            *string
	}
	// The live view, by a live key and by the session alike.
	for name, cred := range map[string][]string{"live key": liveKey, "session": bearer(jwt)} {
		var p profile
		c.do("GET", "/v1/users/me", nil, cred...).json(t, &p)
		if p.Credits <= 0 || p.Livemode == nil || !*p.Livemode || p.TestMode != nil {
			t.Errorf("%s: profile %+v, want the live balance", name, p)
		}
		r := c.do("GET", "/v1/billing/credits", nil, cred...)
		expect(t, name+": ledger", r, 200, "")
		var u usage
		r.json(t, &u)
		if len(u.Data) == 0 || u.Mode == "test" {
			t.Errorf("%s: ledger %s, want the live entries", name, r.body)
		}
		if list, _ := listInvoices(t, c, cred, ""); len(list) != 1 ||
			!strings.Contains(list[0].PaymentURL, "/sandbox/pay/") {
			t.Errorf("%s: invoices %+v, want the live one", name, list)
		}
	}

	// A cursor of the right shape that lacks key attributes is a 422 problem, not a 500.
	for path, start := range map[string]map[string]string{"/v1/billing/credits": {"pk": "USER#" + me.ID},
		"/v1/billing/invoices": {"gsi1pk": "INVOICES#" + me.ID}} {
		b, _ := json.Marshal(start)
		expect(
			t,
			path+" with a cursor missing key attributes",
			c.do("GET", path+"?cursor="+base64.RawURLEncoding.EncodeToString(b), nil, liveKey...),
			422,
			"validation_failed",
		)
	}

	// The test view: the allowance of the day, before and after a test operation.
	midnight := time.Now().UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	for used, op := range []func(){func() {}, func() {
		expect(t, "test extraction", extract(t, c, testKey,
			"icao-td3-clean.png"), 202, "")
	}} {
		op()
		var p struct {
			Credits  int
			Livemode *bool
			TestMode *usage
		}
		r := c.do("GET", "/v1/users/me", nil, testKey...)
		expect(t, "test key: profile", r, 200, "")
		r.json(t, &p)
		if p.Credits != 3-used || p.Livemode == nil || *p.Livemode || p.TestMode == nil || p.TestMode.Mode != "test" ||
			p.TestMode.DailyQuota != 3 || p.TestMode.UsedToday != used || p.TestMode.RemainingToday != 3-used {
			t.Errorf("test key, %d used: profile %s", used, r.body)
		}
		r = c.do("GET", "/v1/billing/credits", nil, testKey...)
		expect(t, "test key: ledger", r, 200, "")
		var u usage
		r.json(t, &u)
		if u.Mode != "test" || u.Livemode == nil || *u.Livemode || u.DailyQuota != 3 || u.UsedToday != used ||
			u.RemainingToday != 3-used ||
			!u.ResetsAt.Equal(midnight) && time.Now().UTC().Before(midnight) ||
			u.Data == nil ||
			len(u.Data) != 0 ||
			u.NextCursor != nil {
			t.Errorf("test key, %d used: ledger %s", used, r.body)
		}
		r = c.do("GET", "/v1/billing/invoices", nil, testKey...)
		expect(t, "test key: invoices", r, 200, "")
		if strings.TrimSpace(string(r.body)) != "[]" {
			t.Errorf("test key: invoices %s, want none", r.body)
		}
	}
}
