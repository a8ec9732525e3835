// Package access says who a caller is and what it may do: API keys (only their hash is stored),
// JWTs from login, the principal and its role, the rules routes apply to it, IP allow-lists,
// expiry, revocation, rotation grace and per-owner rate limits. It knows no HTTP: package guard
// reads the credential of a request and puts these checks in front of handlers.
package access
