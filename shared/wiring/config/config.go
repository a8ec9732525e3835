// Package config reads the typed settings every function and the local runner start from,
// validating all of them at once so that a bad deployment names each missing or malformed setting.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"
)

// Stages a deployment can run in.
const (
	StageLocal      = "local"
	StageSandbox    = "sandbox"
	StageProduction = "production"
)

// Config is every setting of the product. Fields are filled from environment variables named
// in Settings.
type Config struct {
	Stage          string
	PublicBaseURL  string // identity API, e.g. https://api.example.com
	PartnerBaseURL string // insurance partner API

	TableName            string
	DocumentsBucket      string
	ExtractionQueueURL   string
	IssuanceQueueURL     string
	WebhookQueueURL      string
	UploadEventsQueueURL string

	WebhookRetrySchedule []time.Duration // offsets from the first attempt
	WebhookTimeout       time.Duration
	WebhookSecretOverlap time.Duration // how long a rotated-out endpoint secret still signs
	WebhookAllowLoopback bool          // true only when set and Stage is local
	WebhookAllowedPorts  []int
	ResultRetention      time.Duration // extraction results and webhook delivery records
	HandoffTTL           time.Duration
	HandoffMaxBytes      int64

	OCREngine             string // tesseract or textract
	ModelsDir             string
	TessdataDir           string // the printed zone's Tesseract model (Latin.traineddata)
	MaxDocumentBytes      int64
	MaxImagePixels        int64 // images over it, or 16 bits per channel, are refused at intake (413 image_too_large)
	UploadURLTTL          time.Duration
	ExtractionMaxAttempts int
	CreditPrices          map[string]int // credits per operation: extraction, liveness
	TestModeDailyQuota    int            // test-mode operations per account and UTC day
	UploadDailyBytes      int64          // bytes of presigned uploads one account may open per UTC day
	LivenessThreshold     float64
	Plans                 map[string]Plan
	BillingPeriod         time.Duration // zero: calendar months
	PlanCurrency          string
	KeyRotationGrace      time.Duration

	JWTSecret []byte
	// ConsoleForwardingKey signs, on the console's calls, the browser's address (httpapi.ClientHeader)
	// and lets the API trust it.
	ConsoleForwardingKey []byte
	DataEncryptionKey    []byte // seals webhook secrets before they are stored
	ReuseIndexKey        []byte // keys the verifications' reuse index
	IdempotencyWindow    time.Duration
	PaymentSigningKey    []byte // signs and verifies payment notifications
	PaymentsActive       bool   // a payment signing key is configured (the function need not read it)
	PaymentLinkTTL       time.Duration
	PaymentGateway       Provider // empty URL: the sandbox gateway (local, sandbox) or none (production)
	CoreInsurance        Provider // empty URL: the simulator (local, sandbox) or none (production)
	ProviderTimeout      time.Duration
	RateLimits           map[string]int // requests per minute, by plan and by role (partner, admin)
	MailFrom             string
	MailOutboxDir        string // local stage: mails are written here instead of sent

	LogLevel slog.Level
}

// Plan is a subscription plan: its price per period and the credits a paid period grants.
type Plan struct {
	Price   int64
	Credits int
}

// Provider is an upstream provider's address and key.
type Provider struct {
	URL string
	Key string
}

// Load reads and validates every setting, and of the secrets those named in uses. The error lists
// each problem, one per line.
func Load(getenv func(string) string, uses ...string) (Config, error) {
	getenv = onlySecrets(getenv, uses)
	l := loader{getenv: getenv}
	c := Config{
		Stage:                l.oneOf("STAGE", StageLocal, StageSandbox, StageProduction),
		PublicBaseURL:        l.baseURL("PUBLIC_BASE_URL"),
		TableName:            l.str("TABLE_NAME"),
		DocumentsBucket:      l.str("DOCUMENTS_BUCKET"),
		ExtractionQueueURL:   l.str("EXTRACTION_QUEUE_URL"),
		IssuanceQueueURL:     l.str("ISSUANCE_QUEUE_URL"),
		WebhookQueueURL:      l.str("WEBHOOK_QUEUE_URL"),
		UploadEventsQueueURL: l.str("UPLOAD_EVENTS_QUEUE_URL"),
		WebhookTimeout:       l.duration("WEBHOOK_TIMEOUT"),
		WebhookSecretOverlap: l.duration("WEBHOOK_SECRET_OVERLAP"),
		HandoffTTL:           l.duration("HANDOFF_TTL"),
		OCREngine:            l.oneOf("OCR_ENGINE", "tesseract", "textract"),
		ModelsDir:            l.str("MODELS_DIR"),
		TessdataDir:          l.str("TESSDATA_DIR"),
		UploadURLTTL:         l.duration("UPLOAD_URL_TTL"),
		CreditPrices:         l.limits("CREDIT_PRICES"),
		KeyRotationGrace:     l.duration("KEY_ROTATION_GRACE"),
		IdempotencyWindow:    l.duration("IDEMPOTENCY_WINDOW"),
		PaymentLinkTTL:       l.duration("PAYMENT_LINK_TTL"),
		PaymentGateway: Provider{
			URL: l.providerURL("PAYMENT_GATEWAY_URL"),
			Key: l.optional("PAYMENT_GATEWAY_KEY"),
		},
		CoreInsurance:   Provider{URL: l.providerURL("CORE_INSURANCE_URL"), Key: l.optional("CORE_INSURANCE_KEY")},
		ProviderTimeout: l.duration("PROVIDER_TIMEOUT"),
		RateLimits:      l.limits("RATE_LIMITS"),
		MailFrom:        l.str("MAIL_FROM"),
		MailOutboxDir:   l.str("MAIL_OUTBOX_DIR"),
		LogLevel:        l.level("LOG_LEVEL"),
	}
	if slices.Contains(uses, JWTSecret) {
		c.JWTSecret = l.secret(JWTSecret, 32)
	}
	if slices.Contains(uses, DataEncryptionKey) {
		c.DataEncryptionKey = l.secret(DataEncryptionKey, 32)
	}
	if slices.Contains(uses, ConsoleForwardingKey) {
		c.ConsoleForwardingKey = l.secret(ConsoleForwardingKey, 32)
	}
	if slices.Contains(uses, ReuseIndexKey) {
		c.ReuseIndexKey = l.secret(ReuseIndexKey, 32)
	}
	if key := l.optional(PaymentSigningKey); key != "" {
		c.PaymentSigningKey = []byte(key)
	}
	c.PaymentsActive = len(c.PaymentSigningKey) > 0 || getenv(SecretARN(PaymentSigningKey)) != ""
	c.PartnerBaseURL = c.PublicBaseURL
	if l.getenv("PARTNER_BASE_URL") != "" {
		c.PartnerBaseURL = l.baseURL("PARTNER_BASE_URL")
	}
	c.MaxDocumentBytes = int64(l.positive("MAX_DOCUMENT_MB")) << 20
	c.TestModeDailyQuota = l.positive("TEST_MODE_DAILY_QUOTA")
	c.UploadDailyBytes = int64(l.positive("UPLOAD_DAILY_MB")) << 20
	c.HandoffMaxBytes = int64(l.positive("HANDOFF_MAX_MB")) << 20
	c.MaxImagePixels = int64(l.positive("MAX_IMAGE_MEGAPIXELS")) * 1_000_000
	c.LivenessThreshold = l.fraction("LIVENESS_THRESHOLD")
	c.Plans = l.plans("PLANS")
	c.PlanCurrency = l.str("PLAN_CURRENCY")
	if v := l.raw("BILLING_PERIOD"); v != "monthly" {
		c.BillingPeriod = l.duration("BILLING_PERIOD")
	}
	c.ExtractionMaxAttempts = l.positive("EXTRACTION_MAX_ATTEMPTS")
	c.WebhookRetrySchedule = l.schedule("WEBHOOK_RETRY_SCHEDULE")
	c.WebhookAllowLoopback = l.boolean("WEBHOOK_ALLOW_LOOPBACK") && c.Stage == StageLocal
	c.WebhookAllowedPorts = l.ports("WEBHOOK_ALLOWED_PORTS")
	c.ResultRetention = l.duration("RESULT_RETENTION")
	if c.Stage != StageProduction && c.PaymentGateway.URL == "" && c.CoreInsurance.URL != "" {
		// The sandbox gateway takes a payment with one click from anyone holding the link: behind
		// it, a real core system would issue real contracts nobody paid for.
		l.fail("CORE_INSURANCE_URL", "a real core insurance system needs a real payment gateway: "+
			"set PAYMENT_GATEWAY_URL as well, or set CORE_INSURANCE_URL to - for the simulator "+
			"(the sandbox gateway's payments are not real)")
	}
	if err := errors.Join(l.errs...); err != nil {
		return Config{}, fmt.Errorf("configuration:\n%w", err)
	}
	return c, nil
}

// onlySecrets hides the secret settings not in uses: they read as unset.
func onlySecrets(getenv func(string) string, uses []string) func(string) string {
	return func(name string) string {
		if slices.Contains(Secrets, name) && !slices.Contains(uses, name) {
			return ""
		}
		return getenv(name)
	}
}
