package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// An address is one account's (Conflict, code email_taken, in a cancelled transaction); a
// verification token is consumed once.
func TestUserRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewUserRepo(newTable(t))
	now := time.Now().UTC().Truncate(time.Millisecond)
	u := accounts.User{
		ID:           "usr_1",
		Email:        "a@example.com",
		PasswordHash: "h",
		Role:         access.RoleUser,
		Plan:         "free",
		CreatedAt:    now,
	}
	if err := repo.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	other := u
	other.ID = "usr_2"
	conflict(t, "a second account on the address", repo.CreateUser(ctx, other))
	if _, err := repo.User(ctx, "usr_2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("the refused account was stored: %v", err)
	}
	if got, err := repo.UserByEmail(ctx, "a@example.com"); err != nil || got.ID != "usr_1" ||
		got.Role != access.RoleUser {
		t.Errorf("UserByEmail = %+v, %v", got, err)
	}
	if err := repo.SaveVerification(ctx, "th", "usr_1", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if id, err := repo.ConsumeVerification(ctx, "th", now); id != "usr_1" || err != nil {
		t.Errorf("ConsumeVerification = %q, %v", id, err)
	}
	if _, err := repo.ConsumeVerification(ctx, "th", now); fault.As(err).Kind != fault.NotFound {
		t.Errorf("a second consumption: %v, want NotFound", err)
	}
}
