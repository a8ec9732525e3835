package emulate

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/domain/idempotency"
)

// killMidRequest leaves the stack's idempotency record of key in scope as a run killed after its
// work and before its finish leaves it: in progress, on a lease ending lease from now (on the
// stack's clock), without an answer.
func killMidRequest(t *testing.T, local *Local, scope, key string, lease time.Duration) {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	until := now(t, local).Add(lease).UnixMilli()
	_, err = awstest.Clients(t).DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(table),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "IDEMPOTENCY#" + scope + "#" + idempotency.LockOf(scope, key).Name()},
			"sk": &types.AttributeValueMemberS{Value: "IDEMPOTENCY"},
		},
		ConditionExpression:      aws.String("attribute_exists(pk)"),
		UpdateExpression:         aws.String("SET done = :f, leaseUntil = :l REMOVE #s, body, contentType"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":f": &types.AttributeValueMemberBOOL{Value: false},
			":l": &types.AttributeValueMemberN{Value: strconv.FormatInt(until, 10)},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A contract creation killed between its idempotency record's start and its finish (the request
// stored, its answer not) holds its key only until the run's lease ends: a retry meanwhile is told
// to come back after it; a retry after it runs again and answers the request the killed run
// stored, 201, with its reference and payment link: one request, one link. Before, the key answered
// 409 idempotency_request_in_progress for its whole 24 hours. Killed before the request was stored
// (after its link was opened), the run after the lease stores it with that link.
func TestContractCreationKilledMidRequest(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0]
	scope := "partner#" + partner.PartnerID
	const route = "/api/v1/partner/contracts/auto/classic"
	for _, tc := range []struct {
		name, key, numImmat string
		stored              bool
	}{
		{"after the request is stored", "0b6f6a1e-6c1e-4d6e-9a43-6f3f1d0c2a11", "DK-KILL-1", true},
		{"before the request is stored", "0b6f6a1e-6c1e-4d6e-9a43-6f3f1d0c2a12", "DK-KILL-2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := autoBody(tc.numImmat, nil)
			headers := append(key(partner.APIKey), "Idempotency-Key", tc.key)
			first := c.do("POST", route, body, headers...)
			expect(t, "first run", first, 201, "")
			var made created
			first.json(t, &made)
			killMidRequest(t, local, scope, tc.key, 29*time.Second)
			if !tc.stored {
				deleteItem(t, local, "CONTRACT#"+made.Reference, "CONTRACT")
			}
			meanwhile := c.do("POST", route, body, headers...)
			expect(t, "a retry within the lease", meanwhile, 409, "idempotency_request_in_progress")
			if after, err := strconv.Atoi(meanwhile.header.Get("Retry-After")); err != nil || after < 1 || after > 30 {
				t.Errorf("Retry-After %q, want the lease's end", meanwhile.header.Get("Retry-After"))
			}
			skip(t, local, 31*time.Second)
			again := c.do("POST", route, body, headers...)
			expect(t, "the retry after the lease", again, 201, "")
			var answered created
			again.json(t, &answered)
			if answered.Reference != made.Reference || answered.Payment.PaymentURL != made.Payment.PaymentURL ||
				again.header.Get("Idempotent-Replayed") != "" {
				t.Errorf("answered %+v, want the request the first run made, %+v, run again", answered, made)
			}
			if n := len(tableItems(t, local, "CONTRACT#"+made.Reference)); n != 1 {
				t.Errorf("%d requests under the reference, want 1", n)
			}
			links := 0
			for _, l := range tableItems(t, local, "PAYMENT#pay_") {
				if l["reference"] == made.Reference {
					links++
				}
			}
			if links != 1 {
				t.Errorf("%d payment links for the request, want 1", links)
			}
			replay := c.do("POST", route, body, headers...)
			if replay.status != 201 || replay.header.Get("Idempotent-Replayed") != "true" ||
				string(replay.body) != string(again.body) {
				t.Errorf("the replay after: %d %s", replay.status, replay.body)
			}
		})
	}
}

// deleteItem deletes an item of the stack's table.
func deleteItem(t *testing.T, local *Local, pk, sk string) {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = awstest.Clients(t).DynamoDB.DeleteItem(context.Background(), &dynamodb.DeleteItemInput{
		TableName: aws.String(table),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: pk},
			"sk": &types.AttributeValueMemberS{Value: sk},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// An extraction sent again with its Idempotency-Key after its answer was lost (the connection
// dropped after acceptance) answers the same extractionId and charges once; sent again after a run
// killed between its record's start and its finish, it runs again once the lease has ended and
// finds the extraction the killed run accepted: charged once, the same id. A batch the same. (The
// multipart body of each sending has a boundary of its own.) Before, each retry was charged again.
func TestExtractionRetriedWithItsKeyChargesOnce(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox,
		"RATE_LIMITS": unlimited})
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "retries@example.com")
	grantCredits(t, local, c, jwt, 5)
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	passport := testdocument(t, "icao-td3-clean.png")
	one := func() form { return form{formField("documentType", "passport"), formFile("file", "p.png", passport)} }
	send := func(path string, body form, idem string) result {
		return c.do("POST", path, body, append(key(live), "Idempotency-Key", idem)...)
	}
	var first, again struct{ ExtractionID string }

	lost := send("/v1/extract/async", one(), "e1a2b3c4-0000-4000-8000-000000000001")
	expect(t, "first sending", lost, 202, "")
	lost.json(t, &first)
	retry := send("/v1/extract/async", one(), "e1a2b3c4-0000-4000-8000-000000000001")
	expect(t, "sent again after a lost answer", retry, 202, "")
	retry.json(t, &again)
	if again.ExtractionID != first.ExtractionID || retry.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("sent again: %s, want %s replayed", retry.body, first.ExtractionID)
	}
	if got := credits(t, c, jwt); got != 4 {
		t.Errorf("balance %v after one extraction sent twice, want 4", got)
	}

	const killedKey = "e1a2b3c4-0000-4000-8000-000000000002"
	killed := send("/v1/extract/async", one(), killedKey)
	expect(t, "the run to be killed", killed, 202, "")
	killed.json(t, &first)
	killMidRequest(t, local, "user#"+me.ID, killedKey, 29*time.Second)
	expect(t, "within the lease", send("/v1/extract/async", one(), killedKey), 409, "idempotency_request_in_progress")
	skip(t, local, 31*time.Second)
	rerun := send("/v1/extract/async", one(), killedKey)
	expect(t, "after the lease", rerun, 202, "")
	rerun.json(t, &again)
	if again.ExtractionID != first.ExtractionID || rerun.header.Get("Idempotent-Replayed") != "" {
		t.Errorf("run again: %s, want %s", rerun.body, first.ExtractionID)
	}
	if got := credits(t, c, jwt); got != 3 {
		t.Errorf("balance %v after a killed extraction run again, want 3", got)
	}

	const batchKey = "e1a2b3c4-0000-4000-8000-000000000003"
	two := func() form {
		return form{formField("documentType", "passport"), formFile("file", "p.png", passport),
			formFile("file", "q.png", passport)}
	}
	batch := send("/v1/batches", two(), batchKey)
	expect(t, "the batch to be killed", batch, 202, "")
	var b1, b2 struct{ Batch struct{ BatchID string } }
	batch.json(t, &b1)
	killMidRequest(t, local, "user#"+me.ID, batchKey, 29*time.Second)
	skip(t, local, 31*time.Second)
	batchAgain := send("/v1/batches", two(), batchKey)
	expect(t, "the batch after the lease", batchAgain, 202, "")
	batchAgain.json(t, &b2)
	if b2.Batch.BatchID != b1.Batch.BatchID {
		t.Errorf("batch run again: %s, want %s", b2.Batch.BatchID, b1.Batch.BatchID)
	}
	if got := credits(t, c, jwt); got != 1 {
		t.Errorf("balance %v after a killed batch of two run again, want 1", got)
	}
}

// A liveness check sent again with its Idempotency-Key after its answer was lost answers the same
// checkId, charged once; killed mid-request (its record in progress), it runs again after the lease
// on the same charge: the same checkId, charged once.
func TestLivenessCheckRetriedWithItsKeyChargesOnce(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox,
		"RATE_LIMITS": unlimited})
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "selfies@example.com")
	grantCredits(t, local, c, jwt, 5)
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	selfie := face(t, "one-face.jpg")
	check := func(idem string) (result, string) {
		r := c.do("POST", "/v1/liveness/check", form{formFile("file", "selfie.jpg", selfie)},
			append(key(live), "Idempotency-Key", idem)...)
		var v struct{ CheckID string }
		if r.status == 200 {
			r.json(t, &v)
		}
		return r, v.CheckID
	}
	const lostKey, killedKey = "c0ffee00-0000-4000-8000-000000000001", "c0ffee00-0000-4000-8000-000000000002"
	first, id := check(lostKey)
	expect(t, "a check", first, 200, "")
	again, id2 := check(lostKey)
	if again.status != 200 || id2 != id || again.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("sent again after a lost answer: %d %s, want %s replayed", again.status, again.body, id)
	}
	killed, id := check(killedKey)
	expect(t, "the check to be killed", killed, 200, "")
	killMidRequest(t, local, "user#"+me.ID, killedKey, 29*time.Second)
	skip(t, local, 31*time.Second)
	rerun, id2 := check(killedKey)
	if rerun.status != 200 || id2 != id || rerun.header.Get("Idempotent-Replayed") != "" {
		t.Errorf("run again after the lease: %d %s, want %s run again", rerun.status, rerun.body, id)
	}
	if got := credits(t, c, jwt); got != 3 {
		t.Errorf("balance %v after two checks each sent twice, want 3", got)
	}
}

// A handoff session opened without a credential, sent again with its Idempotency-Key, is the same
// session with the same consume token: replayed after a lost answer, and found by the run after a
// killed one. A user's key of the same value is the user's own.
func TestHandoffSessionRetriedWithItsKey(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	open := func(idem string, headers ...string) (result, struct{ SessionID, ConsumeToken string }) {
		r := c.do("POST", "/v1/mobile-handoff/session", nil, append(headers, "Idempotency-Key", idem)...)
		var v struct{ SessionID, ConsumeToken string }
		if r.status == 200 {
			r.json(t, &v)
		}
		return r, v
	}
	const idem = "a11c0ded-0000-4000-8000-000000000001"
	first, s1 := open(idem)
	expect(t, "a session", first, 200, "")
	again, s2 := open(idem)
	if s2 != s1 || again.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("sent again: %+v, want %+v replayed", s2, s1)
	}
	killMidRequest(t, local, "anonymous", idem, 29*time.Second)
	skip(t, local, 31*time.Second)
	rerun, s3 := open(idem)
	if s3 != s1 || rerun.header.Get("Idempotent-Replayed") != "" || s1.ConsumeToken == "" {
		t.Errorf("run again after the lease: %d %+v, want %+v run again", rerun.status, s3, s1)
	}
	users, s4 := open(idem, key(creds.User.APIKey)...)
	if users.status != 200 || s4.SessionID == s1.SessionID || s4.ConsumeToken != "" {
		t.Errorf("a user's key of the same value: %d %+v, want a session of the user's", users.status, s4)
	}
}

// An API key, a webhook endpoint and a partner, each created again with its Idempotency-Key after
// a run killed mid-request, are the ones that run created: the same id and the same secret, which
// works, and nothing created twice. (Their answers, replayed, hold a secret shown once: the
// record keeps them sealed under the key, see idempotency.Lock.)
func TestSecretsCreatedAgainWithTheirKey(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
		"WEBHOOK_ALLOW_LOOPBACK": "true"})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	scope := "user#" + creds.User.ID
	again := func(what, method, path string, body any, idem string, headers []string) (first, rerun result) {
		t.Helper()
		headers = append(headers, "Idempotency-Key", idem)
		first = c.do(method, path, body, headers...)
		expect(t, what, first, 201, "")
		killMidRequest(t, local, scope, idem, 29*time.Second)
		skip(t, local, 31*time.Second)
		rerun = c.do(method, path, body, headers...)
		expect(t, what+" run again after the lease", rerun, 201, "")
		if rerun.header.Get("Idempotent-Replayed") != "" {
			t.Errorf("%s: replayed, want run again", what)
		}
		return first, rerun
	}

	keysBefore := len(tableItems(t, local, "KEY#"))
	first, rerun := again("an API key", "POST", "/v1/api-keys", map[string]any{"name": "ci", "mode": "test"},
		"5ec0e700-0000-4000-8000-000000000001", bearer(jwt))
	var k1, k2 struct{ ID, Key string }
	first.json(t, &k1)
	rerun.json(t, &k2)
	if k2 != k1 || k1.Key == "" {
		t.Errorf("the key run again: %+v, want %+v", k2, k1)
	}
	expect(t, "the key answered again", c.do("GET", "/v1/users/me", nil, key(k2.Key)...), 200, "")
	if n := len(tableItems(t, local, "KEY#")) - keysBefore; n != 1 {
		t.Errorf("%d keys made, want 1", n)
	}

	first, rerun = again("a webhook endpoint", "POST", "/v1/webhooks",
		map[string]any{"url": "http://127.0.0.1:9/hooks", "events": []string{"extraction.completed"}},
		"5ec0e700-0000-4000-8000-000000000002", bearer(jwt))
	var e1, e2 struct{ ID, Secret string }
	first.json(t, &e1)
	rerun.json(t, &e2)
	if e2 != e1 || e1.Secret == "" {
		t.Errorf("the endpoint run again: %+v, want %+v", e2, e1)
	}
	var list struct{ Data []struct{ ID string } }
	c.do("GET", "/v1/webhooks", nil, bearer(jwt)...).json(t, &list)
	if len(list.Data) != 1 {
		t.Errorf("%d endpoints, want 1", len(list.Data))
	}

	admin := tableItems(t, local, "EMAIL#"+creds.Admin.Email)
	if len(admin) != 1 {
		t.Fatalf("the administrator's address: %v", admin)
	}
	scope = "user#" + admin[0]["userId"].(string)
	first, rerun = again("a partner", "POST", "/api/v1/admin/partners", map[string]any{"name": "Assur Encore"},
		"5ec0e700-0000-4000-8000-000000000003", key(creds.Admin.APIKey))
	var p1, p2 struct {
		PartnerID string
		APIKey    struct{ Key string }
	}
	first.json(t, &p1)
	rerun.json(t, &p2)
	if p2 != p1 || p1.APIKey.Key == "" {
		t.Errorf("the partner run again: %+v, want %+v", p2, p1)
	}
}
