// Package config reads the typed settings every function and the local runner start from,
// validating all of them at once so that a bad deployment names each missing or malformed setting.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
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

// Setting describes one environment variable.
type Setting struct {
	Name     string
	Default  string // empty: required
	Doc      string
	Resource bool // names a resource of template.yaml: the template sets it, the caller never does
}

// Settings lists every environment variable Load reads, in the order of the configuration table
// of docs/deploying.md.
var Settings = []Setting{
	{
		"STAGE",
		"",
		"`local`, `sandbox` or `production`. Partner keys only work in the stage they were issued for; sandbox services run outside production.",
		false,
	},
	{
		"PUBLIC_BASE_URL",
		"",
		"Public base URL of the identity API, without trailing slash. Used in links and in problem `type` URIs.",
		false,
	},
	{"PARTNER_BASE_URL", "PUBLIC_BASE_URL", "Public base URL of the insurance partner API.", false},
	{"TABLE_NAME", "", "The DynamoDB table.", true},
	{"DOCUMENTS_BUCKET", "", "The S3 bucket for identity documents, selfies and handoff uploads.", true},
	{"EXTRACTION_QUEUE_URL", "", "SQS queue of extraction jobs.", true},
	{"ISSUANCE_QUEUE_URL", "", "SQS queue of contract issuance jobs.", true},
	{"WEBHOOK_QUEUE_URL", "", "SQS queue of webhook deliveries.", true},
	{"UPLOAD_EVENTS_QUEUE_URL", "", "SQS queue of S3's object-created events for handoff uploads.", true},
	{
		"WEBHOOK_RETRY_SCHEDULE",
		webhook.DefaultRetrySchedule,
		"Retry offsets of a webhook delivery, counted from the first attempt, increasing.",
		false,
	},
	{"WEBHOOK_TIMEOUT", "10s", "How long a webhook receiver has to answer.", false},
	{
		"WEBHOOK_SECRET_OVERLAP",
		"24h",
		"After a webhook endpoint's secret is rotated, how long `webhook-signature` also carries a signature under the old secret.",
		false,
	},
	{
		"WEBHOOK_ALLOWED_PORTS",
		"443,8443",
		"Ports a webhook target may use, comma-separated (loopback targets allowed by WEBHOOK_ALLOW_LOOPBACK use any).",
		false,
	},
	{
		"RESULT_RETENTION",
		"720h",
		"How long extraction records with their results, and webhook delivery records, are kept before they are deleted (personal data). Delivered bodies are dropped at once.",
		false,
	},
	{
		"WEBHOOK_ALLOW_LOOPBACK",
		"false",
		"Allow `http://` webhook targets on loopback addresses. Honoured only when STAGE=local.",
		false,
	},
	{"HANDOFF_TTL", "15m", "Lifetime of a mobile handoff session.", false},
	{"HANDOFF_MAX_MB", "10", "Largest file a mobile handoff session takes, in MB.", false},
	{
		"OCR_ENGINE",
		"tesseract",
		"`tesseract` (in-process, needs a cgo build with libtesseract: local and self-hosted runs) or `textract` (Amazon Textract: the template sets it on AWS).",
		false,
	},
	{
		"MODELS_DIR",
		"../shared/models",
		"Directory of the model files (`mrz.traineddata`, checked against its SHA256SUMS). make run and make test set it to the directory make models fills; see docs/models.md.",
		false,
	},
	{
		"TESSDATA_DIR",
		"/usr/share/tesseract-ocr/5/tessdata",
		"Directory of Tesseract's Latin script model (`Latin.traineddata`, pinned by SHA-256), which reads the printed zone when OCR_ENGINE is `tesseract`: Debian's package `tesseract-ocr-script-latn` installs it there (make deps).",
		false,
	},
	{
		"MAX_DOCUMENT_MB",
		"15",
		"Largest document file accepted for extraction, in MB (inline files are also bounded by the 6 MB request limit, about 4.5 MB of file once API Gateway has base64-encoded it: larger ones go through POST /v1/uploads).",
		false,
	},
	{
		"MAX_IMAGE_MEGAPIXELS",
		"40",
		"Largest image accepted for extraction and liveness, in megapixels, judged from the file's header before anything is charged; images of 16 bits per channel are refused too (413 `image_too_large`), and images whose decoding would cost more than 6 bytes a pixel of this bound or more than 100 JPEG scans (422 `image_too_costly`). Raising it needs more memory in the extraction worker and liveness functions.",
		false,
	},
	{"UPLOAD_URL_TTL", "15m", "How long a presigned upload URL from POST /v1/uploads works.", false},
	{
		"EXTRACTION_MAX_ATTEMPTS",
		"5",
		"Deliveries of one extraction job before it is failed and refunded; the template's ExtractionQueue maxReceiveCount.",
		false,
	},
	{
		"LIVENESS_THRESHOLD",
		"0.5",
		"Fused probability of a real face (0 to 1) at or above which a selfie is live. Raise it to refuse more doubtful faces.",
		false,
	},
	{
		"PLANS",
		"free=0:0,starter=15000:1000,business=60000:5000",
		"Subscription plans: name=price:credits, the price per period in PLAN_CURRENCY and the credits a paid period grants. Rate limits per plan are in RATE_LIMITS.",
		false,
	},
	{"PLAN_CURRENCY", "XOF", "Currency of the plans' prices.", false},
	{
		"BILLING_PERIOD",
		"monthly",
		"Length of a billing period: `monthly` (calendar months, UTC) or a duration such as 720h (tests use seconds).",
		false,
	},
	{
		"CREDIT_PRICES",
		"extraction=1,liveness=1,face_match=1,verification=3",
		"Credits each operation costs. Test-mode keys (sk_test_) are never charged.",
		false,
	},
	{
		"UPLOAD_DAILY_MB",
		"2048",
		"Bytes of presigned uploads (POST /v1/uploads, counted by their declared size) one account may open per UTC day, in MB; beyond it 429 upload_quota_exceeded. Raw files expire after RawDocumentRetentionDays, so an account stores at most that many days of it.",
		false,
	},
	{
		"TEST_MODE_DAILY_QUOTA",
		"100",
		"Test-mode operations (extractions, batch documents, liveness checks, uploads) per account and UTC day, across all its sk_test_ keys; beyond it 429 test_quota_exceeded.",
		false,
	},
	{"KEY_ROTATION_GRACE", "168h", "How long a rotated partner key keeps working.", false},
	{
		"JWT_SECRET",
		"",
		"Secret. HS256 signing secret of login tokens, at least 32 characters. The template generates it in Secrets Manager (JwtSigningSecret); make run makes one per run in the emulator's.",
		false,
	},
	{
		"REUSE_INDEX_KEY",
		"",
		"Secret. Keys the verifications' reuse index (at least 32 characters): per account, an HMAC of each verified document's issuing state and number and of its holder, never either in clear. The template generates it in Secrets Manager (ReuseIndexSecret); make run makes one per run. Without it a verification's reuse check is not made (inconclusive).",
		false,
	},
	{
		"DATA_ENCRYPTION_KEY",
		"",
		"Secret. Key material (at least 32 characters) sealing webhook secrets with AES-256-GCM before they are stored. The template generates it in Secrets Manager (DataEncryptionSecret); make run makes one per run.",
		false,
	},
	{
		"PAYMENT_SIGNING_KEY",
		"-",
		"Secret. Key of the payment gateway's x-webhook-signature (HMAC-SHA256). Empty or `-` (and no PAYMENT_SIGNING_KEY_ARN): payments are inactive and creation answers 400 payment_config_missing. The template generates it in Secrets Manager (PaymentSigningSecret).",
		false,
	},
	{
		"PAYMENT_LINK_TTL",
		"30m",
		"How long a payment link stays open; unpaid requests then move to PAYMENT_FAILED.",
		false,
	},
	{
		"PAYMENT_GATEWAY_URL",
		"-",
		"Base URL of a real payment gateway (protocol in docs/deploying.md). `-`: the sandbox gateway in the local and sandbox stages, none in production (creation answers 400 payment_config_missing).",
		false,
	},
	{
		"PAYMENT_GATEWAY_KEY",
		"-",
		"Secret. Bearer key of the payment gateway, in Secrets Manager as PaymentGatewayKeySecret (`-` until the operator sets it).",
		false,
	},
	{
		"CORE_INSURANCE_URL",
		"-",
		"Base URL of the core insurance system (protocol in docs/deploying.md). `-`: the simulator in the local and sandbox stages, none in production (creation answers 502 provider_upstream_error). Outside production it needs PAYMENT_GATEWAY_URL too: a real core system behind the sandbox gateway refuses to start.",
		false,
	},
	{
		"CORE_INSURANCE_KEY",
		"-",
		"Secret. Bearer key of the core insurance system, in Secrets Manager as CoreInsuranceKeySecret (`-` until the operator sets it).",
		false,
	},
	{
		"PROVIDER_TIMEOUT",
		"10s",
		"How long the payment gateway and the core insurance system have to answer one call.",
		false,
	},
	{"IDEMPOTENCY_WINDOW", "24h", "How long an idempotency-key and its stored response are kept.", false},
	{
		"RATE_LIMITS",
		"free=60,starter=300,business=1200,partner=600,admin=1200",
		"Requests per minute per owner, across its keys and login tokens: by the plan an identity API user is on, keys issued before a plan change included, and by role for partners and admins. A partner created with its own `rateLimit` keeps it; a login token keeps its login's limit.",
		false,
	},
	{
		"MAIL_FROM",
		"no-reply@example.com",
		"Sender of verification mails (an SES-verified identity outside the local stage).",
		false,
	},
	{
		"MAIL_OUTBOX_DIR",
		".local/outbox",
		"Local stage only: where mails are written, one file each, instead of being sent.",
		false,
	},
	{"LOG_LEVEL", "info", "`debug`, `info`, `warn` or `error`.", false},
}

// The settings whose values are secrets. A function names those it uses when it loads its
// configuration, and only those are read: the others stay empty even where the environment has
// them. On AWS the environment has no secret, only <NAME>_ARN, the ARN of the Secrets Manager secret
// holding it, which the function reads once at cold start (shared/wiring/app); locally and in tests the
// value may be set directly.
const (
	JWTSecret         = "JWT_SECRET"
	DataEncryptionKey = "DATA_ENCRYPTION_KEY"
	PaymentSigningKey = "PAYMENT_SIGNING_KEY"
	PaymentGatewayKey = "PAYMENT_GATEWAY_KEY"
	CoreInsuranceKey  = "CORE_INSURANCE_KEY"
	// ConsoleForwardingKey is shared by the console, which signs the browser's address on its calls,
	// and the functions whose per-address limits count it (accounts).
	ConsoleForwardingKey = "CONSOLE_FORWARDING_KEY"
	// ReuseIndexKey keys the hashes of the verifications' reuse index (per account, of a document's
	// state and number, and of its holder): the extraction worker alone reads it.
	ReuseIndexKey = "REUSE_INDEX_KEY"
)

// Secrets lists the secret settings.
var Secrets = []string{JWTSecret, DataEncryptionKey, PaymentSigningKey, PaymentGatewayKey, CoreInsuranceKey,
	ConsoleForwardingKey, ReuseIndexKey}

// SecretARN is the environment variable naming the Secrets Manager secret that holds a secret
// setting.
func SecretARN(name string) string { return name + "_ARN" }

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
		l.fail(
			"CORE_INSURANCE_URL",
			"a real core insurance system needs a real payment gateway: set PAYMENT_GATEWAY_URL as well, "+
				"or set CORE_INSURANCE_URL to - for the simulator (the sandbox gateway's payments are not real)",
		)
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

type loader struct {
	getenv func(string) string
	errs   []error
}

func (l *loader) fail(name, format string, args ...any) {
	l.errs = append(l.errs, fmt.Errorf("  %s: %s", name, fmt.Sprintf(format, args...)))
}

// raw returns the value, or the documented default, or records the setting as missing.
func (l *loader) raw(name string) string {
	if v := strings.TrimSpace(l.getenv(name)); v != "" {
		return v
	}
	for _, s := range Settings {
		if s.Name == name && s.Default != "" {
			return s.Default
		}
	}
	l.fail(name, "missing")
	return ""
}

func (l *loader) str(name string) string { return l.raw(name) }

func (l *loader) oneOf(name string, allowed ...string) string {
	v := l.raw(name)
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	if v != "" {
		l.fail(name, "%q is not one of %s", v, strings.Join(allowed, ", "))
	}
	return v
}

func (l *loader) baseURL(name string) string {
	v := l.raw(name)
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" ||
		u.RawQuery != "" {
		l.fail(name, "%q is not a base URL such as https://api.example.com", v)
		return ""
	}
	return strings.TrimSuffix(v, "/")
}

// optional returns the value, or "" for the documented `-` (none).
func (l *loader) optional(name string) string {
	if v := l.raw(name); v != "-" {
		return v
	}
	return ""
}

// providerURL is an optional https (or, for local fakes, http) URL, returned without trailing slash.
func (l *loader) providerURL(name string) string {
	v := l.optional(name)
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.User != nil {
		l.fail(name, "%q is not a URL such as https://provider.example.com/v1", v)
		return ""
	}
	return strings.TrimSuffix(v, "/")
}

func (l *loader) duration(name string) time.Duration {
	v := l.raw(name)
	if v == "" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		l.fail(name, "%q is not a positive duration such as 10s or 15m", v)
	}
	return d
}

func (l *loader) schedule(name string) []time.Duration {
	v := l.raw(name)
	var out []time.Duration
	for _, part := range strings.Split(v, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(part))
		if err != nil || d <= 0 || (len(out) > 0 && d <= out[len(out)-1]) {
			l.fail(name, "%q is not a list of increasing positive durations such as 2m,4m,8m", v)
			return nil
		}
		out = append(out, d)
	}
	return out
}

func (l *loader) secret(name string, minLen int) []byte {
	v := l.raw(name)
	if v != "" && len(v) < minLen {
		l.fail(name, "too short: at least %d characters", minLen)
	}
	return []byte(v)
}

func (l *loader) limits(name string) map[string]int {
	out := map[string]int{}
	for _, part := range strings.Split(l.raw(name), ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.Atoi(v)
		if !ok || k == "" || err != nil || n < 0 {
			l.fail(name, "%q is not a list such as free=60,partner=600", part)
			return nil
		}
		out[k] = n
	}
	return out
}

func (l *loader) plans(name string) map[string]Plan {
	out := map[string]Plan{}
	for _, part := range strings.Split(l.raw(name), ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		price, credits, ok2 := strings.Cut(v, ":")
		p, err := strconv.ParseInt(price, 10, 64)
		c, err2 := strconv.Atoi(credits)
		if !ok || !ok2 || k == "" || err != nil || err2 != nil || p < 0 || c < 0 {
			l.fail(name, "%q is not a list such as free=0:0,starter=15000:1000", part)
			return nil
		}
		out[k] = Plan{Price: p, Credits: c}
	}
	return out
}

func (l *loader) fraction(name string) float64 {
	v := l.raw(name)
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1 {
		l.fail(name, "%q is not a number from 0 to 1", v)
	}
	return f
}

func (l *loader) positive(name string) int {
	v := l.raw(name)
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		l.fail(name, "%q is not a positive whole number", v)
	}
	return n
}

func (l *loader) ports(name string) []int {
	var ports []int
	for _, f := range strings.Split(l.raw(name), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 65535 {
			l.fail(name, "%q is not a port number", f)
			continue
		}
		ports = append(ports, n)
	}
	return ports
}

func (l *loader) boolean(name string) bool {
	v := l.raw(name)
	b, err := strconv.ParseBool(v)
	if err != nil {
		l.fail(name, "%q is not true or false", v)
	}
	return b
}

func (l *loader) level(name string) slog.Level {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(l.raw(name))); err != nil {
		l.fail(name, "%q is not debug, info, warn or error", l.getenv(name))
	}
	return lv
}
