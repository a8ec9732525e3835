package config

import "github.com/trustline/platform/shared/domain/webhook"

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
