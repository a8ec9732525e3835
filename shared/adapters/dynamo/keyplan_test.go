package dynamo

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// keyPlanFixture is a table with free users and a way to give them keys issued on a plan.
type keyPlanFixture struct {
	t   *testing.T
	db  Store
	now time.Time
}

func newKeyPlanFixture(t *testing.T, users ...string) keyPlanFixture {
	t.Helper()
	f := keyPlanFixture{t: t, db: newTable(t), now: time.Now().UTC().Truncate(time.Millisecond)}
	for _, id := range users {
		u := accounts.User{ID: id, Email: id + "@example.com", Role: access.RoleUser, Plan: "free", CreatedAt: f.now}
		if err := NewUserRepo(f.db).CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// key is a key of owner issued on plan: created as users create theirs (counted) or, put, as the
// seed of a test that needs more than a user may create.
func (f keyPlanFixture) key(db Store, owner, id, plan string, put bool) access.KeyRecord {
	f.t.Helper()
	k := access.KeyRecord{ID: id, Hash: "hash-" + id, Role: access.RoleUser, OwnerID: owner, Plan: plan,
		RateLimit: 60, CreatedAt: f.now}
	var err error
	if put {
		err = NewKeyRepo(db).PutKey(context.Background(), k)
	} else {
		err = NewKeyRepo(db).CreateUserKey(context.Background(), k, 1000, f.now)
	}
	if err != nil {
		f.t.Fatal(err)
	}
	return k
}

// plans are the plans stored on the keys, by key id.
func (f keyPlanFixture) plans(keys ...access.KeyRecord) map[string]string {
	f.t.Helper()
	out := map[string]string{}
	for _, k := range keys {
		got, err := NewKeyRepo(f.db).KeyByHash(context.Background(), k.Hash)
		if err != nil {
			f.t.Fatal(err)
		}
		out[k.ID] = got.Plan
	}
	return out
}

// A plan change writes the plan on the user's keys with its profile: not on a revoked key, nor on
// another user's; for a user who does not exist, nothing.
func TestPlanChangeWritesTheUsersKeys(t *testing.T) {
	ctx := context.Background()
	f := newKeyPlanFixture(t, "usr_1", "usr_2")
	k1, k2 := f.key(f.db, "usr_1", "k1", "free", false), f.key(f.db, "usr_1", "k2", "free", false)
	revoked, other := f.key(f.db, "usr_1", "k3", "free", false), f.key(f.db, "usr_2", "k4", "free", false)
	if _, err := NewKeyRepo(f.db).RevokeKey(ctx, "usr_1", "k3", f.now); err != nil {
		t.Fatal(err)
	}
	if err := NewInvoiceRepo(f.db).AdvanceSubscription(ctx, "usr_1", "starter", f.now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"k1": "starter", "k2": "starter", "k3": "free", "k4": "free"}
	if got := f.plans(k1, k2, revoked, other); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("key plans %v, want %v", got, want)
	}
	if u, _ := NewUserRepo(f.db).User(ctx, "usr_1"); u.Plan != "starter" {
		t.Errorf("profile plan %q, want starter", u.Plan)
	}
	// Ending the subscription (a free plan) writes the keys too.
	if err := NewInvoiceRepo(f.db).AdvanceSubscription(ctx, "usr_1", "free", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if got := f.plans(k1, k2); got["k1"] != "free" || got["k2"] != "free" {
		t.Errorf("after the downgrade: %v, want free", got)
	}
	err := NewInvoiceRepo(f.db).AdvanceSubscription(ctx, "usr_404", "starter", time.Time{})
	if fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown user's plan change: %v, want NotFound", err)
	}
}

// More keys than one transaction takes: every one of them gets the plan.
func TestPlanChangeWritesKeysPastOneTransaction(t *testing.T) {
	f := newKeyPlanFixture(t, "usr_1")
	var keys []access.KeyRecord
	for i := range planTransactionItems + 3 {
		keys = append(keys, f.key(f.db, "usr_1", fmt.Sprintf("k%03d", i), "free", true))
	}
	if err := NewInvoiceRepo(f.db).AdvanceSubscription(context.Background(), "usr_1", "starter",
		time.Time{}); err != nil {
		t.Fatal(err)
	}
	for id, plan := range f.plans(keys...) {
		if plan != "starter" {
			t.Errorf("key %s: plan %q, want starter", id, plan)
		}
	}
}

// createInTransact is an API that creates a key (through inner) just before the first transaction
// it is asked for: a key created between a plan change's listing and its write.
type createInTransact struct {
	API
	create func()
}

func (c *createInTransact) TransactWriteItems(
	ctx context.Context,
	in *dynamodb.TransactWriteItemsInput,
	opts ...func(*dynamodb.Options),
) (*dynamodb.TransactWriteItemsOutput, error) {
	if c.create != nil {
		create := c.create
		c.create = nil
		create()
	}
	return c.API.TransactWriteItems(ctx, in, opts...)
}

// Neither side of a race between a key's creation and a plan change leaves the key on the previous
// plan: a key created after the change listed the keys makes it list again; a key whose creation
// read the plan before the change landed is given the new plan by the creation.
func TestKeyCreationRacingAPlanChange(t *testing.T) {
	ctx := context.Background()
	t.Run("created during the change", func(t *testing.T) {
		f := newKeyPlanFixture(t, "usr_1")
		listed := f.key(f.db, "usr_1", "k1", "free", false)
		var late access.KeyRecord
		api := &createInTransact{API: f.db.API}
		api.create = func() { late = f.key(f.db, "usr_1", "k2", "free", false) }
		racing := Store{API: api, Table: f.db.Table}
		if err := NewInvoiceRepo(racing).AdvanceSubscription(ctx, "usr_1", "starter", time.Time{}); err != nil {
			t.Fatal(err)
		}
		if got := f.plans(listed, late); got["k1"] != "starter" || got["k2"] != "starter" {
			t.Errorf("key plans %v, want starter for both", got)
		}
	})
	t.Run("created on the plan read before the change", func(t *testing.T) {
		f := newKeyPlanFixture(t, "usr_1")
		if err := NewInvoiceRepo(f.db).AdvanceSubscription(ctx, "usr_1", "starter", time.Time{}); err != nil {
			t.Fatal(err)
		}
		stale := f.key(f.db, "usr_1", "k1", "free", false) // the creation read the user before the change
		if got := f.plans(stale); got["k1"] != "starter" {
			t.Errorf("key plan %q, want starter", got["k1"])
		}
	})
}
