package console

import "net/http"

// userRoutes are an identity API user's pages: the developer dashboard.
func (c *Console) userRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/overview", c.page(only(c.overview, "user")))
	mux.HandleFunc("GET /console/extractions", c.page(only(c.extractions, "user")))
	mux.HandleFunc("GET /console/extractions/{id}", c.page(only(c.extraction, "user")))
	mux.HandleFunc("GET /console/batches", c.page(only(c.batches, "user")))
	mux.HandleFunc("GET /console/batches/{id}", c.page(only(c.batch, "user")))
	mux.HandleFunc("GET /console/verifications", c.page(only(c.verifications, "user")))
	mux.HandleFunc("GET /console/verifications/{id}", c.page(only(c.verification, "user")))
	mux.HandleFunc("GET /console/liveness", c.page(only(c.livenessChecks, "user")))
	mux.HandleFunc("GET /console/liveness/{id}", c.page(only(c.livenessCheck, "user")))
	mux.HandleFunc("GET /console/keys", c.page(only(c.keys, "user")))
	mux.HandleFunc("POST /console/keys", c.page(only(c.createKey, "user")))
	revokeKey := c.page(only(c.confirmed(c.askRevokeKey, c.revokeKey), "user"))
	mux.HandleFunc("GET /console/keys/{id}/revoke", revokeKey)
	mux.HandleFunc("POST /console/keys/{id}/revoke", revokeKey)
	mux.HandleFunc("GET /console/webhooks", c.page(only(c.webhooks, "user")))
	mux.HandleFunc("POST /console/webhooks", c.page(only(c.createWebhook, "user")))
	mux.HandleFunc("GET /console/webhooks/{id}", c.page(only(c.webhook, "user")))
	mux.HandleFunc("GET /console/events", c.page(only(c.events, "user")))
	mux.HandleFunc("POST /console/webhooks/{id}/rotate", c.page(only(c.rotateWebhook, "user")))
	mux.HandleFunc("POST /console/webhooks/{id}/test", c.page(only(c.testWebhook, "user")))
	mux.HandleFunc("POST /console/webhooks/{id}/recover", c.page(only(c.recoverWebhook, "user")))
	deleteWebhook := c.page(only(c.confirmed(c.askDeleteWebhook, c.deleteWebhook), "user"))
	mux.HandleFunc("GET /console/webhooks/{id}/delete", deleteWebhook)
	mux.HandleFunc("POST /console/webhooks/{id}/delete", deleteWebhook)
	mux.HandleFunc(
		"POST /console/webhooks/{id}/deliveries/{delivery}/redeliver",
		c.page(only(c.redeliverWebhook, "user")),
	)
	mux.HandleFunc("GET /console/handoff", c.page(only(c.handoffForm, "user")))
	mux.HandleFunc("POST /console/handoff", c.page(only(c.createHandoff, "user")))
	mux.HandleFunc("GET /console/handoff/{id}", c.page(only(c.handoff, "user")))
	mux.HandleFunc("GET /console/billing", c.page(only(c.billing, "user")))
}
