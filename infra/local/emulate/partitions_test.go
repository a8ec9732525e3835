package emulate

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/blobstore"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/wiring/config"
)

// No hot partitions (issue 13, point 3): what tenants' traffic writes lands under keys of their
// own, or under a due index shard; never under one key value that every tenant writes to.

// dueIndexes are the partition key names of the sweeps' index (gsi2); each is stored as
// <name>#<0..dynamo.Shards-1>.
var dueIndexes = []string{"EXTRACTION_DUE", "ISSUANCE_DUE", "PAYMENT_DUE", "SUBSCRIPTION_DUE", "WEBHOOK_DUE"}

// sharedKeysAllowed are the key values that items of several tenants may hold unsharded, with why.
var sharedKeysAllowed = map[string]string{
	"REFERENCE": "the reference lists: one operator-written item per list (maintenance seed, infra/admin); traffic only reads them",
	"PARTNERS":  "the administrators' list of partners (gsi1): one item per partner, written when an administrator creates it; no partner's traffic writes it",
}

var shardedKey = regexp.MustCompile(`^(` + strings.Join(dueIndexes, "|") + `)#([0-9]+)$`)

// scanTable returns every item of the stack's table.
func scanTable(t *testing.T, local *Local) []map[string]types.AttributeValue {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(awstest.Clients(t).DynamoDB, &dynamodb.ScanInput{TableName: aws.String(table)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Items...)
	}
	return out
}

func strAttr(item map[string]types.AttributeValue, name string) string {
	if v, ok := item[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// tenantsOf attributes each item to the tenants whose identifiers it holds: an item belongs to a
// tenant when one of its string attributes contains one of the tenant's ids, starting from the
// partner and user ids and growing with the id and reference of each item attributed (a payment
// event names its contract, a ledger entry its extraction), until nothing changes.
func tenantsOf(items []map[string]types.AttributeValue, seeds map[string][]string) []map[string]bool {
	ids := map[string]map[string]bool{} // id -> tenants
	for tenant, list := range seeds {
		for _, id := range list {
			ids[id] = map[string]bool{tenant: true}
		}
	}
	owners := make([]map[string]bool, len(items))
	for changed := true; changed; {
		changed = false
		for i, item := range items {
			for _, v := range item {
				s, ok := v.(*types.AttributeValueMemberS)
				if !ok {
					continue
				}
				for id, tenants := range ids {
					if !strings.Contains(s.Value, id) {
						continue
					}
					for tenant := range tenants {
						if owners[i] == nil {
							owners[i] = map[string]bool{}
						}
						if !owners[i][tenant] {
							owners[i][tenant], changed = true, true
						}
					}
				}
			}
			for _, attr := range []string{"id", "reference"} {
				if id := strAttr(item, attr); len(id) >= 8 && owners[i] != nil && !maps.Equal(ids[id], owners[i]) {
					ids[id], changed = maps.Clone(owners[i]), true
				}
			}
		}
	}
	return owners
}

// TestTenantsShareNoUnshardedKey runs the flows of two tenants (each an insurance partner and an
// identity API user) on the local stack: contracts paid and issued, one left unpaid and one paid
// while the core system is down; extractions, one completed and one whose engine keeps crashing;
// webhooks delivered, and pending after a failure; a subscription invoiced. Then it reads the
// whole table: a key value (pk, gsi1pk, gsi2pk) held by items of both tenants must be a due index
// shard or on the short allow-list, and every due index must have held both tenants' items.
func TestTenantsShareNoUnshardedKey(t *testing.T) {
	t.Parallel()
	var outage sync.Map // references the core insurance system refuses to issue
	fake := newFakeProvider(t, func(path string, _ int, body map[string]any) (int, string) {
		if _, down := outage.Load(body["reference"]); down && path == "/policies" {
			return 503, "busy"
		}
		return 0, ""
	})
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited,
			"WEBHOOK_ALLOW_LOOPBACK": "true", "WEBHOOK_RETRY_SCHEDULE": "10m,20m", "WEBHOOK_TIMEOUT": "2s",
			"PLANS":               "free=0:0,starter=15000:100",
			"PAYMENT_GATEWAY_URL": fake.URL, "PAYMENT_GATEWAY_KEY": "gw-key", "CORE_INSURANCE_URL": fake.URL,
			"CORE_INSURANCE_KEY": "core-key"},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	ctx := context.Background()
	signingKey := secret(t, local, config.PaymentSigningKey)
	maintenance := maintenanceOf(t, local) // under its IAM policy, as the stack runs it
	workerEnv, _ := local.Getenv("ExtractionWorkerFunction")
	clients := awstest.Clients(t)
	store := dynamo.Store{API: clients.DynamoDB, Table: workerEnv("TABLE_NAME")}
	crashing := &extraction.Service{
		Store:       dynamo.NewExtractionRepo(store),
		Blobs:       blobstore.Store{API: clients.S3, Bucket: workerEnv("DOCUMENTS_BUCKET")},
		Jobs:        &recorder{},
		Events:      &recorder{},
		Reader:      &flaky{},
		Price:       1,
		MaxBytes:    1 << 20,
		MaxAttempts: 3,
	}

	type tenant struct {
		name    string
		partner DemoPartner
		userID  string
		unpaid  created // PENDING_PAYMENT: in the payment link index
		issuing created // paid while the core is down: in the issuance index
		crashed string  // its engine crashes: in the extraction index
	}
	tenants := []*tenant{{name: "A", partner: creds.Partners[0]}, {name: "B", partner: creds.Partners[1]}}
	for _, tn := range tenants {
		// Insurance partner: one contract issued (its webhook delivered), one unpaid, one paid
		// while the core system is down.
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		configure(t, c, tn.partner.APIKey, rc.URL, "partner-webhook-secret-"+tn.name+"-0123")
		ct := create(t, c, tn.partner.APIKey, autoBody("DK-SHARD-"+tn.name, nil))
		expect(t, "paid", notify(t, c, signingKey, paidNote(ct, "evt_"+ct.Reference)), 200, "")
		tn.unpaid = create(t, c, tn.partner.APIKey, autoBody("DK-UNPAID-"+tn.name, nil))
		tn.issuing = create(t, c, tn.partner.APIKey, autoBody("DK-DOWN-"+tn.name, nil))
		outage.Store(tn.issuing.Reference, true)
		expect(
			t,
			"paid, core down",
			notify(t, c, signingKey, paidNote(tn.issuing, "evt_"+tn.issuing.Reference)),
			200,
			"",
		)
		waitFor(t, 30*time.Second, "the issued webhook", func() bool { return len(rc.got()) == 1 })

		// Identity API user: a subscription, two webhook endpoints (one failing), an extraction
		// completed, one whose engine crashes.
		jwt, live := newLiveUser(t, c, outbox, "tenant-"+strings.ToLower(tn.name)+"@example.com")
		var me struct{ ID string }
		c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
		tn.userID = me.ID
		grantCredits(t, local, c, jwt, 10)
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
		ok := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		failing := newReceiver(t, func(int) (int, time.Duration) { return 500, 0 })
		for _, url := range []string{ok.URL, failing.URL} {
			expect(
				t,
				"endpoint",
				c.do(
					"POST",
					"/v1/webhooks",
					map[string]any{"url": url, "events": []string{"extraction.completed"}},
					bearer(jwt)...),
				201,
				"",
			)
		}
		r := extract(t, c, key(live), "icao-td3-clean.png")
		expect(t, "extraction", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		if v := poll(t, c, key(live), accepted.ExtractionID); v.Status != "completed" {
			t.Fatalf("tenant %s: extraction %s", tn.name, v.Status)
		}
		waitFor(
			t,
			30*time.Second,
			"both endpoints tried",
			func() bool { return len(ok.got()) == 1 && len(failing.got()) == 1 },
		)
		_, items, err := crashing.Submit(ctx, extraction.Caller{OwnerID: me.ID, Live: true},
			[]extraction.Document{{Type: "passport", Data: testdocument(t, "icao-td3-clean.png")}}, false)
		if err != nil {
			t.Fatal(err)
		}
		tn.crashed = items[0].ID
		if err := crashing.Process(ctx, tn.crashed); err == nil {
			t.Fatalf("tenant %s: a crashed engine reported success", tn.name)
		}
	}
	waitFor(t, 30*time.Second, "both issuances to meet the outage", func() bool {
		calls := fake.callsTo("/policies")
		return slices.ContainsFunc(
			calls,
			func(c providerCall) bool { return c.body["reference"] == tenants[0].issuing.Reference },
		) &&
			slices.ContainsFunc(
				calls,
				func(c providerCall) bool { return c.body["reference"] == tenants[1].issuing.Reference },
			)
	})
	// The schedule's run: invoices the subscriptions, and every sweep reads its index's shards.
	began := time.Now()
	if err := maintenance(ctx, events.EventBridgeEvent{}); err != nil {
		t.Fatal(err)
	}
	t.Logf(
		"a maintenance run, five sweeps over %d shards and the legacy key each: %s",
		dynamo.Shards,
		time.Since(began).Round(time.Millisecond),
	)
	for _, tn := range tenants {
		if s := status(t, c, tn.partner.APIKey, tn.issuing.Reference); s["contractStatus"] != "ISSUANCE_IN_PROGRESS" {
			t.Fatalf("tenant %s: the request paid while the core is down is %v", tn.name, s["contractStatus"])
		}
	}

	items := scanTable(t, local)
	owners := tenantsOf(items, map[string][]string{
		"a": {tenants[0].partner.PartnerID, tenants[0].userID}, "b": {tenants[1].partner.PartnerID, tenants[1].userID}})
	held := map[string]map[string]map[string]bool{} // attribute -> value -> tenants
	sizes := map[string]int{}                       // due index -> largest item in it
	for i, item := range items {
		for _, attr := range []string{"pk", "gsi1pk", "gsi2pk"} {
			v := strAttr(item, attr)
			if v == "" || owners[i] == nil {
				continue
			}
			if held[attr] == nil {
				held[attr] = map[string]map[string]bool{}
			}
			if held[attr][v] == nil {
				held[attr][v] = map[string]bool{}
			}
			maps.Copy(held[attr][v], owners[i])
		}
		if m := shardedKey.FindStringSubmatch(strAttr(item, "gsi2pk")); m != nil {
			sizes[m[1]] = max(sizes[m[1]], itemSize(item))
		}
	}
	seen := map[string]map[string]bool{} // due index -> tenants with items in it
	for _, attr := range slices.Sorted(maps.Keys(held)) {
		for _, v := range slices.Sorted(maps.Keys(held[attr])) {
			who := held[attr][v]
			if m := shardedKey.FindStringSubmatch(v); m != nil {
				if n, _ := strconv.Atoi(m[2]); n >= dynamo.Shards || attr != "gsi2pk" {
					t.Errorf("%s %q: not a shard of the due index", attr, v)
				}
				if seen[m[1]] == nil {
					seen[m[1]] = map[string]bool{}
				}
				maps.Copy(seen[m[1]], who)
				continue
			}
			if len(who) > 1 {
				if why, ok := sharedKeysAllowed[v]; ok {
					t.Logf("%s %q is shared by both tenants: %s", attr, v, why)
					continue
				}
				t.Errorf(
					"%s %q is written by both tenants: one partition takes every tenant's traffic (shard it, see shared/adapters/dynamo/schema.md)",
					attr,
					v,
				)
			}
		}
	}
	for _, index := range dueIndexes {
		if !seen[index]["a"] || !seen[index]["b"] {
			t.Errorf(
				"due index %s held items of tenants %v under its shards, want both: the flows did not reach it, or it is not sharded",
				index,
				seen[index],
			)
		}
	}
	t.Logf("%d items; largest item per due index (bytes, as DynamoDB counts them): %v", len(items), sizes)

	t.Run("items under the legacy unsharded keys are still swept", func(t *testing.T) {
		// A stack that ran before sharding wrote its due items under the bare index name; these
		// two are due an hour ago.
		past := fmt.Sprintf("%013d#", time.Now().Add(-time.Hour).UnixMilli())
		legacy := func(pk, sk, index, id string) {
			t.Helper()
			_, err := clients.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(store.Table),
				Key: map[string]types.AttributeValue{
					"pk": &types.AttributeValueMemberS{Value: pk},
					"sk": &types.AttributeValueMemberS{Value: sk},
				},
				UpdateExpression:    aws.String("SET gsi2pk = :p, gsi2sk = :s"),
				ConditionExpression: aws.String("attribute_exists(gsi2pk)"),
				ExpressionAttributeValues: map[string]types.AttributeValue{
					":p": &types.AttributeValueMemberS{Value: index},
					":s": &types.AttributeValueMemberS{Value: past + id},
				}})
			if err != nil {
				t.Fatalf("%s: %v", pk, err)
			}
		}
		unpaid, crashed := tenants[0].unpaid.Reference, tenants[0].crashed
		legacy("CONTRACT#"+unpaid, "CONTRACT", "PAYMENT_DUE", unpaid)
		legacy("EXTRACTION#"+crashed, "EXTRACTION", "EXTRACTION_DUE", crashed)
		if err := maintenance(ctx, events.EventBridgeEvent{}); err != nil {
			t.Fatal(err)
		}
		if s := status(t, c, tenants[0].partner.APIKey, unpaid); s["contractStatus"] != "PAYMENT_FAILED" {
			t.Errorf("a request under the legacy payment link key, due an hour ago: %v", s["contractStatus"])
		}
		// The sweep found the extraction: it moved it to its shard (postponed), or sent its job
		// again, which the stack's worker may already have finished (out of the due index).
		for _, item := range scanTable(t, local) {
			if strAttr(item, "pk") != "EXTRACTION#"+crashed {
				continue
			}
			pk, sk := strAttr(item, "gsi2pk"), strAttr(item, "gsi2sk")
			if pk != "" && (!strings.HasPrefix(pk, "EXTRACTION_DUE#") || !shardedKey.MatchString(pk) || sk <= past) {
				t.Errorf("the extraction under the legacy key, due an hour ago, is now under %q, %q: not swept", pk, sk)
			}
		}
	})
}
