package app

import (
	"context"
	"net/http"

	"github.com/trustline/platform/shared/web/console"
)

// Console serves the web console, a client of the two public APIs at their public base URLs: it
// loads no AWS client and no secret.
func Console(_ context.Context, getenv Getenv) (http.Handler, error) {
	d, err := load("console", getenv)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: console.APICallTimeout,
		// An API answer is read as it is: a redirect is never followed with the person's token.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	c := &console.Console{Identity: d.cfg.PublicBaseURL, Partner: d.cfg.PartnerBaseURL, Client: client, Log: d.log}
	return c.Handler()
}
