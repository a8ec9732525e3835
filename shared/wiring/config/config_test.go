package config_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/wiring/config"
)

func env(overrides map[string]string) func(string) string {
	base := map[string]string{
		"STAGE": "sandbox", "PUBLIC_BASE_URL": "https://api.example.com",
		"TABLE_NAME": "t", "DOCUMENTS_BUCKET": "b",
		"EXTRACTION_QUEUE_URL": "q1", "ISSUANCE_QUEUE_URL": "q2", "WEBHOOK_QUEUE_URL": "q3",
		"UPLOAD_EVENTS_QUEUE_URL": "q4",
		"JWT_SECRET":              "0123456789abcdef0123456789abcdef",
		"DATA_ENCRYPTION_KEY":     "fedcba9876543210fedcba9876543210",
	}
	for k, v := range overrides {
		base[k] = v
	}
	return func(k string) string { return base[k] }
}

func TestDefaults(t *testing.T) {
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := []time.Duration{2 * time.Minute, 4 * time.Minute, 8 * time.Minute, 16 * time.Minute, 32 * time.Minute}
	if len(c.WebhookRetrySchedule) != len(want) {
		t.Fatalf("schedule = %v", c.WebhookRetrySchedule)
	}
	for i := range want {
		if c.WebhookRetrySchedule[i] != want[i] {
			t.Errorf("schedule[%d] = %v, want %v", i, c.WebhookRetrySchedule[i], want[i])
		}
	}
	if c.WebhookTimeout != 10*time.Second || c.HandoffTTL != 15*time.Minute || c.KeyRotationGrace != 168*time.Hour {
		t.Errorf("durations = %v %v %v", c.WebhookTimeout, c.HandoffTTL, c.KeyRotationGrace)
	}
	if c.PartnerBaseURL != "https://api.example.com" {
		t.Errorf("PartnerBaseURL defaults to %q, want PUBLIC_BASE_URL", c.PartnerBaseURL)
	}
	if c.WebhookAllowLoopback {
		t.Error("loopback allowed by default")
	}
}

func TestEveryProblemIsNamed(t *testing.T) {
	_, err := config.Load(env(map[string]string{
		"STAGE": "prod", "PUBLIC_BASE_URL": "api.example.com/v1", "TABLE_NAME": "",
		"WEBHOOK_RETRY_SCHEDULE": "2m,1m", "WEBHOOK_TIMEOUT": "ten", "WEBHOOK_ALLOW_LOOPBACK": "maybe",
		"JWT_SECRET": "short", "RATE_LIMITS": "free=ten",
	}), config.JWTSecret)
	if err == nil {
		t.Fatal("no error")
	}
	for _, name := range []string{"STAGE", "PUBLIC_BASE_URL", "TABLE_NAME: missing", "WEBHOOK_RETRY_SCHEDULE",
		"WEBHOOK_TIMEOUT", "WEBHOOK_ALLOW_LOOPBACK", "JWT_SECRET", "RATE_LIMITS"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s:\n%v", name, err)
		}
	}
}

// A function reads only the secrets it names: the others stay empty even where the environment has
// them, and one it names but lacks is a named problem.
func TestOnlyTheSecretsAFunctionUses(t *testing.T) {
	all := env(map[string]string{"PAYMENT_SIGNING_KEY": "signing-key", "CORE_INSURANCE_KEY": "core-key"})
	c, err := config.Load(all)
	if err != nil {
		t.Fatal(err)
	}
	if c.JWTSecret != nil || c.DataEncryptionKey != nil || c.PaymentSigningKey != nil || c.CoreInsurance.Key != "" ||
		c.PaymentsActive {
		t.Errorf(
			"a function that names no secret has %q %q %q %q, payments active %v",
			c.JWTSecret,
			c.DataEncryptionKey,
			c.PaymentSigningKey,
			c.CoreInsurance.Key,
			c.PaymentsActive,
		)
	}
	c, err = config.Load(all, config.JWTSecret, config.CoreInsuranceKey)
	if err != nil || string(c.JWTSecret) != all("JWT_SECRET") || c.CoreInsurance.Key != "core-key" ||
		c.DataEncryptionKey != nil ||
		c.PaymentSigningKey != nil {
		t.Errorf("JWT and core key named: %+v, %v", c, err)
	}
	if _, err := config.Load(env(map[string]string{"DATA_ENCRYPTION_KEY": ""}), config.DataEncryptionKey); err == nil ||
		!strings.Contains(err.Error(), "DATA_ENCRYPTION_KEY: missing") {
		t.Errorf("a named secret that is missing: %v", err)
	}
	// Whether payments are active is known from the secret's ARN alone, without reading the key.
	c, err = config.Load(
		env(map[string]string{"PAYMENT_SIGNING_KEY_ARN": "arn:aws:secretsmanager:eu-west-1:1:secret:x"}),
	)
	if err != nil || !c.PaymentsActive || c.PaymentSigningKey != nil {
		t.Errorf("with the signing key's ARN only: active %v, key %q, %v", c.PaymentsActive, c.PaymentSigningKey, err)
	}
}

func TestLoopbackOnlyHonouredLocally(t *testing.T) {
	for stage, want := range map[string]bool{"local": true, "sandbox": false, "production": false} {
		c, err := config.Load(env(map[string]string{"STAGE": stage, "WEBHOOK_ALLOW_LOOPBACK": "true"}))
		if err != nil {
			t.Fatal(err)
		}
		if c.WebhookAllowLoopback != want {
			t.Errorf("stage %s: loopback = %v, want %v", stage, c.WebhookAllowLoopback, want)
		}
	}
}

func TestCompressedScheduleForTests(t *testing.T) {
	c, err := config.Load(env(map[string]string{"WEBHOOK_RETRY_SCHEDULE": "1s, 2s,3s", "WEBHOOK_TIMEOUT": "500ms"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.WebhookRetrySchedule) != 3 || c.WebhookRetrySchedule[2] != 3*time.Second ||
		c.WebhookTimeout != 500*time.Millisecond {
		t.Errorf("got %v, %v", c.WebhookRetrySchedule, c.WebhookTimeout)
	}
}

// The configuration table of docs/deploying.md documents every setting.
func TestDeployingDocListsEverySetting(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/deploying.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range config.Settings {
		if !strings.Contains(string(doc), "| `"+s.Name+"` |") {
			t.Errorf("docs/deploying.md has no table row for %s", s.Name)
		}
	}
}

func TestMaxImageMegapixels(t *testing.T) {
	for value, want := range map[string]int64{"": 40_000_000, "12": 12_000_000} {
		c, err := config.Load(env(map[string]string{"MAX_IMAGE_MEGAPIXELS": value}))
		if err != nil || c.MaxImagePixels != want {
			t.Errorf("MAX_IMAGE_MEGAPIXELS=%q: %d, %v; want %d", value, c.MaxImagePixels, err, want)
		}
	}
	if _, err := config.Load(env(map[string]string{"MAX_IMAGE_MEGAPIXELS": "0"})); err == nil ||
		!strings.Contains(err.Error(), "MAX_IMAGE_MEGAPIXELS") {
		t.Errorf("MAX_IMAGE_MEGAPIXELS=0: %v, want a refusal", err)
	}
}
