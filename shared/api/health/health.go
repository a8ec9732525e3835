// Package health provides the health endpoints of both APIs.
package health

import (
	"net/http"

	"github.com/trustline/platform/shared/api/httpapi"
)

// Status is the body of a health answer.
type Status struct {
	Status  string `json:"status"`
	Version string `json:"version"`
	Stage   string `json:"stage"`
}

// Routes serves GET /v1/health and GET /api/v1/health. The check is shallow on purpose: it says the
// function starts and routes, and which build answers; dependencies report through their alarms.
func Routes(version, stage string) []httpapi.Route {
	h := func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "no-store")
		httpapi.WriteJSON(w, http.StatusOK, Status{Status: "ok", Version: version, Stage: stage})
		return nil
	}
	return []httpapi.Route{
		{Pattern: "GET /v1/health", Handler: h},
		{Pattern: "GET /api/v1/health", Handler: h},
	}
}
