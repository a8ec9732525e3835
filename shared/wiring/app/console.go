package app

import (
	"context"
	"net/http"

	"github.com/trustline/platform/shared/web/console"
)

// Console serves the web console, a client of the two public APIs at their public base URLs: its
// one secret signs the browser's address on its calls (httpapi.ClientHeader); it touches no table,
// bucket or queue.
func Console(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadSecrets(ctx, "console", getenv)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: console.APICallTimeout,
		// An API answer is read as it is: a redirect is never followed with the person's token.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	c := &console.Console{Identity: d.cfg.PublicBaseURL, Partner: d.cfg.PartnerBaseURL, Client: client, Log: d.log,
		ForwardingKey: d.cfg.ConsoleForwardingKey, Now: d.now}
	return c.Handler()
}
