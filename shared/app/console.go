package app

import (
	"context"
	"net/http"
	"time"

	"github.com/trustline/platform/shared/console"
)

// apiCallTimeout bounds one API call of a console page, within the function's own timeout.
const apiCallTimeout = 10 * time.Second

// Console serves the web console, a client of the two public APIs at their public base URLs: it
// loads no AWS client and no secret.
func Console(_ context.Context, getenv Getenv) (http.Handler, error) {
	d, err := load("console", getenv)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: apiCallTimeout,
		// An API answer is read as it is: a redirect is never followed with the person's token.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	c := &console.Console{Identity: d.cfg.PublicBaseURL, Partner: d.cfg.PartnerBaseURL, Client: client, Log: d.log}
	return c.Handler()
}
