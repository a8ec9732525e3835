package guard_test

import (
	"github.com/trustline/platform/shared/domain/access/accesstest"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/domain/access"
)

func TestOptionalCredential(t *testing.T) {
	user := access.NewKey(access.UserKeyFormat("live"))
	partner := access.NewKey(access.PartnerKeyFormat("sandbox"))
	store := accesstest.NewKeys(map[string]access.KeyRecord{
		access.HashKey(user): {
			ID:      "key_u",
			Hash:    access.HashKey(user),
			Role:    access.RoleUser,
			OwnerID: "usr_1",
			Mode:    "live",
		},
		access.HashKey(partner): {
			ID:      "key_p",
			Hash:    access.HashKey(partner),
			Role:    access.RolePartner,
			OwnerID: "prt_1",
		},
	})
	g := &guard.Guard{Auth: &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox"}}
	tests := []struct {
		name    string
		headers map[string]string
		status  int
		userID  string
	}{
		{"no credential: anonymous", nil, 200, ""},
		{"a valid user key", map[string]string{"X-Api-Key": user}, 200, "usr_1"},
		{"the same key as Bearer", map[string]string{"Authorization": "Bearer " + user}, 200, "usr_1"},
		{
			"an unknown key is not anonymous",
			map[string]string{"X-Api-Key": access.NewKey(access.UserKeyFormat("live"))},
			401,
			"",
		},
		{"an empty X-API-Key is not anonymous", map[string]string{"X-Api-Key": ""}, 401, ""},
		{"a malformed Authorization is not anonymous", map[string]string{"Authorization": "Basic abc"}, 401, ""},
		{"a bad JWT is not anonymous", map[string]string{"Authorization": "Bearer not.a.jwt"}, 401, ""},
		{"a credential the rule refuses", map[string]string{"X-Api-Key": partner}, 403, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *access.Principal
			h := g.Optional(access.Users, func(w http.ResponseWriter, _ *http.Request, p access.Principal) error {
				got = &p
				w.WriteHeader(http.StatusOK)
				return nil
			})
			r := httptest.NewRequest("POST", "/v1/mobile-handoff/session", nil)
			for k, v := range tt.headers {
				r.Header[http.CanonicalHeaderKey(k)] = []string{v}
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.status == 200 && got.UserID != tt.userID {
				t.Errorf("principal %+v, want user %q", *got, tt.userID)
			}
			if tt.status != 200 && got != nil {
				t.Error("the handler ran")
			}
		})
	}
}
