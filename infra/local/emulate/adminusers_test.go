package emulate

import (
	"net/url"
	"testing"
)

// Administrators find a user by address, read the plan and balance before a change, and grant
// credits, which land in the balance and the user's ledger (issue 36, item 3).
func TestAdministratorsFindUsersAndGrantCredits(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := accountsStack(t)
	admin := key(creds.Admin.APIKey)
	type user struct {
		ID, Email, Plan, Role string
		Credits               int
	}
	var found struct{ Data []user }
	c.do("GET", "/v1/admin/users?email="+url.QueryEscape(" DEMO@Example.com "), nil, admin...).json(t, &found)
	if len(found.Data) != 1 || found.Data[0].ID != creds.User.ID || found.Data[0].Plan != "free" ||
		found.Data[0].Credits != 1000 || found.Data[0].Role != "user" {
		t.Fatalf("found = %+v, want the demo user, free, 1000 credits", found.Data)
	}
	c.do("GET", "/v1/admin/users?email=nobody%40example.com", nil, admin...).json(t, &found)
	if len(found.Data) != 0 {
		t.Errorf("an unknown address found %+v", found.Data)
	}
	expect(t, "not an address", c.do("GET", "/v1/admin/users?email=nobody", nil, admin...), 422, "validation_failed")
	expect(t, "a user's key", c.do("GET", "/v1/admin/users?email=demo%40example.com", nil,
		key(creds.User.APIKey)...), 403, "forbidden")

	var granted user
	r := c.do("POST", "/v1/admin/users/"+creds.User.ID+"/credits", map[string]any{"credits": 50}, admin...)
	expect(t, "grant", r, 200, "")
	r.json(t, &granted)
	if granted.Credits != 1050 {
		t.Errorf("after a grant of 50: %+v, want 1050 credits", granted)
	}
	var read user
	c.do("GET", "/v1/admin/users/"+creds.User.ID, nil, admin...).json(t, &read)
	if read.Credits != 1050 {
		t.Errorf("read after the grant: %+v", read)
	}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	var ledger struct {
		Data []struct {
			Amount int
			Reason string
		}
	}
	c.do("GET", "/v1/billing/credits", nil, bearer(jwt)...).json(t, &ledger)
	if len(ledger.Data) == 0 || ledger.Data[0].Amount != 50 || ledger.Data[0].Reason != "grant" {
		t.Errorf("the ledger's newest entry = %+v, want the grant of 50", ledger.Data)
	}
	for _, bad := range []int{0, -5, 1_000_001} {
		expect(t, "a grant out of range", c.do("POST", "/v1/admin/users/"+creds.User.ID+"/credits",
			map[string]any{"credits": bad}, admin...), 422, "validation_failed")
	}
	expect(t, "an unknown user", c.do("POST", "/v1/admin/users/usr_nobody/credits", map[string]any{"credits": 1},
		admin...), 404, "not_found")
}
