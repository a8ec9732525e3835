package httpapi

import (
	"io"
	"net/http"
)

// frameAncestors ends every Content-Security-Policy of the APIs: no page of theirs is shown in
// another site's frame, where it could be dressed up to trick the person clicking in it.
const frameAncestors = "frame-ancestors 'none'"

// NoFraming sets the headers that keep an answer out of every frame: a Content-Security-Policy of
// frame-ancestors 'none' (kept when the handler sets its own policy, which WritePage ends the
// same way) and X-Frame-Options: DENY for browsers that know no CSP.
func NoFraming(h http.Header) {
	h.Set("Content-Security-Policy", frameAncestors)
	h.Set("X-Frame-Options", "DENY")
}

// StaticPage is the Content-Security-Policy of a page of markup and inline style only, which
// submits nothing: the e-mail verification page, the return page of an invoice's payment.
const StaticPage = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

// WritePage answers an HTML page under csp, to which it adds frame-ancestors 'none', with
// X-Frame-Options: DENY, never cached, never sniffed as another type, and sending no Referer.
func WritePage(w http.ResponseWriter, status int, csp, page string) {
	h := w.Header()
	NoFraming(h)
	h.Set("Content-Security-Policy", csp+"; "+frameAncestors)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, page)
}
