// Package access authenticates requests and decides what they may do: API keys (only their hash is
// stored), JWTs from login, the principal and its role, IP allow-lists, expiry, revocation, rotation
// grace and per-key rate limits.
package access
