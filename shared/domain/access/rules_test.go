package access_test

import (
	"strings"
	"testing"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

func TestPartnerSessions(t *testing.T) {
	tests := []struct {
		name  string
		p     access.Principal
		allow bool
		says  string
	}{
		{"partner JWT", access.Principal{Role: access.RolePartner, PartnerID: "prt_1", UserID: "usr_p"}, true, ""},
		{
			"partner key",
			access.Principal{Role: access.RolePartner, PartnerID: "prt_1", KeyID: "key_1"},
			false,
			"POST /v1/auth/login",
		},
		{
			"administrator",
			access.Principal{Role: access.RoleAdmin, UserID: "usr_a"},
			false,
			"/api/v1/admin/partners/{partnerId}",
		},
		{"identity API user", access.Principal{Role: access.RoleUser, UserID: "usr_u"}, false, "partner's own space"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := access.PartnerSessions(tt.p)
			if (err == nil) != tt.allow {
				t.Fatalf("err = %v, want allowed=%v", err, tt.allow)
			}
			if err != nil && (!fault.Is(err, fault.Forbidden) || !strings.Contains(err.Error(), tt.says)) {
				t.Errorf("%v, want a Forbidden fault saying %q", err, tt.says)
			}
		})
	}
}

func TestRoleRules(t *testing.T) {
	partner := access.Principal{Role: access.RolePartner, PartnerID: "prt_1"}
	admin := access.Principal{Role: access.RoleAdmin, UserID: "usr_a"}
	user := access.Principal{Role: access.RoleUser, UserID: "usr_u"}
	directRoute := access.AdminsInsteadOf("/api/v1/partner/contracts/auto/classic")
	tests := []struct {
		name  string
		rule  access.Rule
		p     access.Principal
		allow bool
		says  string
	}{
		{
			"partner on the direct admin route",
			directRoute,
			partner,
			false,
			"partners use /api/v1/partner/contracts/auto/classic",
		},
		{"admin on the direct admin route", directRoute, admin, true, ""},
		{"user on the direct admin route", directRoute, user, false, "administrators only"},
		{"partner space for a partner", access.Partners, partner, true, ""},
		{"partner space for an admin", access.Partners, admin, false, "/api/v1/admin/partners/{partnerId}"},
		{
			"partner route with an admin twin",
			access.PartnersInsteadOf("PATCH /api/v1/partners/{partnerId}/webhook"),
			admin,
			false,
			"Administrators use PATCH /api/v1/partners/{partnerId}/webhook.",
		},
		{"identity API for a partner", access.Users, partner, false, "identity API"},
		{
			"key management with a key",
			access.UserSessions,
			access.Principal{Role: access.RoleUser, UserID: "u", KeyID: "k"},
			false,
			"login token",
		},
		{"partners or admins", access.PartnersOrAdmins, user, false, "partner or administrator"},
	}
	for _, tt := range tests {
		err := tt.rule(tt.p)
		if (err == nil) != tt.allow {
			t.Errorf("%s: err = %v, want allowed=%v", tt.name, err, tt.allow)
			continue
		}
		if err != nil && (!fault.Is(err, fault.Forbidden) || !strings.Contains(err.Error(), tt.says)) {
			t.Errorf("%s: %v, want a Forbidden fault saying %q", tt.name, err, tt.says)
		}
	}
}
