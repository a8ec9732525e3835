package app

import (
	"context"
	"strings"
	"testing"
)

// Every contract function refuses to start on a stage that pairs the sandbox gateway with a real
// core insurance system, before it touches AWS, and says what to set.
func TestContractFunctionsRefuseTheSandboxGatewayWithARealCore(t *testing.T) {
	settings := map[string]string{
		"STAGE":                   "sandbox",
		"PUBLIC_BASE_URL":         "https://api.example.com",
		"TABLE_NAME":              "t",
		"DOCUMENTS_BUCKET":        "b",
		"EXTRACTION_QUEUE_URL":    "q1",
		"ISSUANCE_QUEUE_URL":      "q2",
		"WEBHOOK_QUEUE_URL":       "q3",
		"UPLOAD_EVENTS_QUEUE_URL": "q4",
		"JWT_SECRET":              "0123456789abcdef0123456789abcdef",
		"DATA_ENCRYPTION_KEY":     "fedcba9876543210fedcba9876543210",
		"PAYMENT_SIGNING_KEY":     "payment-signing-key-0123456789-abcdef",
		"CORE_INSURANCE_URL":      "https://core.insurer.example/v1",
	}
	getenv := func(k string) string { return settings[k] }
	for name, build := range map[string]func(context.Context, Getenv) (any, error){
		"contracts":     func(ctx context.Context, g Getenv) (any, error) { return Contracts(ctx, g) },
		"notifications": func(ctx context.Context, g Getenv) (any, error) { return Notifications(ctx, g) },
		"sandbox":       func(ctx context.Context, g Getenv) (any, error) { return Sandbox(ctx, g) },
		"issuance":      func(ctx context.Context, g Getenv) (any, error) { return IssuanceWorker(ctx, g) },
	} {
		_, err := build(context.Background(), getenv)
		if err == nil || !strings.Contains(err.Error(), "CORE_INSURANCE_URL") ||
			!strings.Contains(err.Error(), "PAYMENT_GATEWAY_URL") {
			t.Errorf("%s: err = %v, want a refusal naming CORE_INSURANCE_URL and PAYMENT_GATEWAY_URL", name, err)
		}
	}
}
