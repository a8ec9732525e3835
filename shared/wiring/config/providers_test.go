package config_test

import (
	"strings"
	"testing"

	"github.com/trustline/platform/shared/wiring/config"
)

// The sandbox gateway takes payments anyone can make with a click: a real core insurance system
// behind it would issue real contracts nobody paid for, so that pairing refuses to load.
func TestSandboxGatewayNeverFrontsARealCore(t *testing.T) {
	const core, gateway = "https://core.insurer.example/v1", "https://pay.example/v2"
	tests := []struct {
		stage, gatewayURL, coreURL string
		ok                         bool
	}{
		{"local", "-", "-", true},
		{"sandbox", "-", "-", true},
		{"sandbox", gateway, "-", true},
		{"sandbox", gateway, core, true},
		{"local", "-", core, false},
		{"sandbox", "-", core, false},
		{"production", "-", core, true}, // no sandbox gateway in production: creation answers payment_config_missing
		{"production", gateway, core, true},
	}
	for _, tt := range tests {
		_, err := config.Load(
			env(
				map[string]string{
					"STAGE":               tt.stage,
					"PAYMENT_GATEWAY_URL": tt.gatewayURL,
					"CORE_INSURANCE_URL":  tt.coreURL,
				},
			),
		)
		if tt.ok != (err == nil) {
			t.Errorf("%s, gateway %s, core %s: err = %v, want ok=%v", tt.stage, tt.gatewayURL, tt.coreURL, err, tt.ok)
			continue
		}
		if err != nil &&
			(!strings.Contains(err.Error(), "CORE_INSURANCE_URL") || !strings.Contains(err.Error(),
				"set PAYMENT_GATEWAY_URL")) {
			t.Errorf("the refusal does not say what to set: %v", err)
		}
	}
}
