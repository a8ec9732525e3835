package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A user's count of active keys moves with each creation and revocation; keys that expire leave
// it too high, and a creation it refuses counts afresh, so the expired keys' room comes back and
// never more than the bound is held. A profile without a count (written before counts) is counted
// at its first creation, never taken for empty.
func TestKeyCountFollowsTheKeys(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	keys := NewKeyRepo(db)
	t0 := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_1", Email: "k@example.com",
		Role: access.RoleUser, CreatedAt: t0}); err != nil {
		t.Fatal(err)
	}
	n := 0
	create := func(now time.Time, expires *time.Time) error {
		n++
		id := "key_" + string(rune('a'+n))
		return keys.CreateUserKey(ctx, access.KeyRecord{ID: id, Hash: "hash-" + id, Role: access.RoleUser,
			OwnerID: "usr_1", Mode: "test", CreatedAt: now, ExpiresAt: expires}, 2, now)
	}
	soon := t0.Add(time.Hour)
	if err := create(t0, &soon); err != nil {
		t.Fatal(err)
	}
	if err := create(t0, nil); err != nil {
		t.Fatal(err)
	}
	if err := create(t0, nil); fault.As(err).Code != "limit_reached" {
		t.Fatalf("a third key under a bound of 2: %v, want limit_reached", err)
	}
	later := t0.Add(2 * time.Hour) // the first key has expired: its room is back
	if err := create(later, nil); err != nil {
		t.Fatalf("a key in the room an expired one left: %v", err)
	}
	if err := create(later, nil); fault.As(err).Code != "limit_reached" {
		t.Fatalf("past the bound after the recount: %v, want limit_reached", err)
	}
	if _, err := keys.RevokeKey(ctx, "usr_1", "key_c", later); err != nil {
		t.Fatal(err)
	}
	if _, err := keys.RevokeKey(ctx, "usr_1", "key_c", later); err != nil {
		t.Fatal(err) // revoking again changes nothing, the count included
	}
	if err := create(later, nil); err != nil {
		t.Fatalf("a key in the room a revocation left: %v", err)
	}
	if err := create(later, nil); fault.As(err).Code != "limit_reached" {
		t.Fatalf("a second revocation of one key made room twice: %v", err)
	}

	// A profile that has keys and no count: counted at the first creation.
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_2", Email: "old@example.com",
		Role: access.RoleUser, CreatedAt: t0}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"old_1", "old_2"} {
		if err := keys.PutKey(ctx, access.KeyRecord{ID: id, Hash: "hash-" + id, Role: access.RoleUser,
			OwnerID: "usr_2", Mode: "test", CreatedAt: t0}); err != nil {
			t.Fatal(err)
		}
	}
	err := keys.CreateUserKey(ctx, access.KeyRecord{ID: "old_3", Hash: "hash-old_3", Role: access.RoleUser,
		OwnerID: "usr_2", Mode: "test", CreatedAt: t0}, 2, t0)
	if fault.As(err).Code != "limit_reached" {
		t.Errorf("a profile with two keys and no count, bound 2: %v, want limit_reached", err)
	}
}
