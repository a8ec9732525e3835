package app

import (
	"context"
	"net/http"
	"slices"

	platform "github.com/trustline/platform"

	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/adapters/mail"
	"github.com/trustline/platform/shared/api/accountsapi"
	"github.com/trustline/platform/shared/api/billingapi"
	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/api/referenceapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/wiring/config"
)

// Accounts serves registration, login, the profile, API keys and webhook endpoints of the
// identity API, and its OpenAPI document.
func Accounts(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, api, err := accountsAPI(ctx, "accounts", getenv)
	if err != nil {
		return nil, err
	}
	if api.OpenAPI, err = referenceapi.OpenAPIJSON(platform.IdentityOpenAPI); err != nil {
		return nil, err
	}
	hooks, err := webhookAPI(d, api.Guard)
	if err != nil {
		return nil, err
	}
	credits := billingapi.Credits{Ledger: dynamo.NewLedgerRepo(d.store), TestQuota: testQuota(d), Guard: api.Guard}
	routes := slices.Concat(api.IdentityRoutes(), credits.Routes(), hooks.IdentityRoutes())
	// Sign-in, registration and resets are limited per address: the console's calls count the
	// browser's address, which the console signs, not the console's own.
	return httpapi.New(d.log, d.bases, routes).TrustConsole(d.cfg.ConsoleForwardingKey, d.now), nil
}

// Partners serves partner accounts, keys and webhook configuration of the insurance partner API.
func Partners(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, api, err := accountsAPI(ctx, "partners", getenv)
	if err != nil {
		return nil, err
	}
	hooks, err := webhookAPI(d, api.Guard)
	if err != nil {
		return nil, err
	}
	hooks.Webhooks.Notify = api.Accounts // every change of a partner's webhook is mailed to its back office
	return httpapi.New(d.log, d.bases, append(api.PartnerRoutes(), hooks.PartnerRoutes()...)), nil
}

// AccountsService builds the account operations for operator tools (infra/admin, the local seed).
func AccountsService(ctx context.Context, getenv Getenv) (*accounts.Service, error) {
	_, api, err := accountsAPI(ctx, "admin-accounts", getenv)
	return api.Accounts, err
}

func accountsAPI(ctx context.Context, name string, getenv Getenv) (deps, accountsapi.API, error) {
	d, err := loadAWS(ctx, name, getenv)
	if err != nil {
		return deps{}, accountsapi.API{}, err
	}
	store := d.store
	tokens := access.Tokens{
		Secret: d.cfg.JWTSecret,
		Issuer: d.cfg.PublicBaseURL,
		TTL:    accounts.SessionLifetime,
		Now:    d.now,
	}
	var mailer accounts.Mailer = mail.SES{API: d.aws.SES, From: d.cfg.MailFrom}
	if d.cfg.Stage == config.StageLocal {
		mailer = mail.Outbox{Dir: d.cfg.MailOutboxDir, Log: d.log}
	}
	return d, accountsapi.API{
		Accounts: &accounts.Service{
			Store:         dynamo.NewAccounts(store),
			Endpoints:     dynamo.NewWebhookRepo(store),
			Mailer:        mailer,
			Tokens:        tokens,
			Stage:         d.cfg.Stage,
			BaseURL:       d.cfg.PublicBaseURL,
			RotationGrace: d.cfg.KeyRotationGrace,
			RateLimits:    d.cfg.RateLimits,
			Now:           d.now,
		},
		TestQuota:   testQuota(d),
		Guard:       newGuard(d),
		Idempotency: idempotencyOf(d),
	}, nil
}

// testQuota bounds test-mode work per account and day.
func testQuota(d deps) testmode.Quota {
	return testmode.Quota{Counter: dynamo.NewRateRepo(d.store), PerDay: d.cfg.TestModeDailyQuota, Now: d.now}
}

// newGuard is the one way every function checks credentials.
func newGuard(d deps) *guard.Guard {
	return &guard.Guard{Failures: guard.NewFailures(guard.FailuresPerMinute),
		Auth: &access.Authenticator{
			Keys:     dynamo.NewKeyRepo(d.store),
			Counter:  dynamo.NewRateRepo(d.store),
			Sessions: dynamo.NewSessionRepo(d.store),
			// Limits by the plan a key's owner is on now (and by role for administrators).
			RateLimits: d.cfg.RateLimits,
			Stage:      d.cfg.Stage,
			Tokens: access.Tokens{
				Secret: d.cfg.JWTSecret,
				Issuer: d.cfg.PublicBaseURL,
				TTL:    accounts.SessionLifetime,
				Now:    d.now,
			},
			Now: d.now,
		}}
}
