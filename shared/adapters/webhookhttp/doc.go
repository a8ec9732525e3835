// Package webhookhttp sends webhook deliveries over HTTP (webhook.Sender) and keeps every target
// on the public internet (Guard: checked when a target is configured and again at each connection).
package webhookhttp
