package httpapi_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
)

func TestCapabilitiesRedactedFromRequestLogs(t *testing.T) {
	var logs bytes.Buffer
	ok := func(w http.ResponseWriter, _ *http.Request) error { w.WriteHeader(http.StatusNoContent); return nil }
	h := httpapi.New(slog.New(slog.NewJSONHandler(&logs, nil)), bases, []httpapi.Route{
		{Pattern: "GET /v1/mobile-handoff/session/{sessionId}", Handler: ok},
		{Pattern: "POST /v1/mobile-handoff/upload/{sessionId}/start", Handler: ok},
		{Pattern: "GET /sandbox/pay/{paymentId}", Handler: ok},
		{Pattern: "GET /v1/extractions/{extractionId}", Handler: ok},
	})
	tests := []struct{ method, path, logged, secret string }{
		{
			"GET",
			"/v1/mobile-handoff/session/hs_k3q9x2m4p7r8t1v5zdx3p9r8t1",
			"/v1/mobile-handoff/session/{sessionId}",
			"k3q9x2m4p7r8t1v5zdx3p9r8t1",
		},
		{
			"POST",
			"/v1/mobile-handoff/upload/not-an-id-but-secret/start",
			"/v1/mobile-handoff/upload/{sessionId}/start",
			"not-an-id-but-secret",
		},
		{"GET", "/sandbox/pay/pay_abcdefghijklmnop", "/sandbox/pay/{paymentId}", "abcdefghijklmnop"},
		{
			"GET",
			"/v1/mobile-handoff/session/hs_unroutedsecret/nothing-here",
			"/v1/mobile-handoff/session/hs_…/nothing-here",
			"unroutedsecret",
		},
		{"PUT", "/sandbox/pay/pay_wrongmethodsecret", "/sandbox/pay/pay_…", "wrongmethodsecret"},
		{"GET", "/v1/extractions/ext_keptforsupport", "/v1/extractions/ext_keptforsupport", ""},
	}
	for _, tt := range tests {
		logs.Reset()
		do(h, tt.method, tt.path, "", "")
		if !strings.Contains(logs.String(), `"path":"`+tt.logged+`"`) {
			t.Errorf("%s %s: logged %s, want path %s", tt.method, tt.path, logs.String(), tt.logged)
		}
		if tt.secret != "" && strings.Contains(logs.String(), tt.secret) {
			t.Errorf("%s %s: the capability is in the log: %s", tt.method, tt.path, logs.String())
		}
	}
}
