package access_test

import (
	"strings"
	"testing"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/fault"
)

func TestPartnerSessions(t *testing.T) {
	tests := []struct {
		name  string
		p     access.Principal
		allow bool
		says  string
	}{
		{"partner JWT", access.Principal{Role: access.RolePartner, PartnerID: "prt_1", UserID: "usr_p"}, true, ""},
		{"partner key", access.Principal{Role: access.RolePartner, PartnerID: "prt_1", KeyID: "key_1"}, false, "POST /v1/auth/login"},
		{"administrator", access.Principal{Role: access.RoleAdmin, UserID: "usr_a"}, false, "/api/v1/admin/partners/{partnerId}"},
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
