package httpapi

import (
	"net/http"
	"strings"
)

// capabilityParams are the path wildcards whose values are capabilities: whoever knows one may act
// without a credential (upload to a mobile handoff session, decide a sandbox payment). Request logs
// show the wildcard's name in their place.
var capabilityParams = map[string]bool{"sessionId": true, "paymentId": true}

// capabilityPrefixes are the forms those values take (hs_…, pay_…), redacted also from paths that
// no route matched, such as a mistyped upload address.
var capabilityPrefixes = []string{"hs_", "pay_"}

// LoggedPath is the request's path as request logs show it: capability segments are replaced by
// the name of their wildcard ({sessionId}) or by their prefix (hs_…). It reads r.Pattern, so it is
// called after the ServeMux has routed r.
func LoggedPath(r *http.Request) string {
	segs := strings.Split(r.URL.Path, "/")
	pattern := r.Pattern
	if _, p, ok := strings.Cut(pattern, " "); ok {
		pattern = p
	}
	for i, ps := range strings.Split(pattern, "/") {
		if i >= len(segs) {
			break
		}
		if !strings.HasPrefix(ps, "{") || !strings.HasSuffix(ps, "}") {
			continue
		}
		if name := strings.TrimSuffix(ps[1:len(ps)-1], "..."); capabilityParams[name] {
			segs[i] = "{" + name + "}"
		}
	}
	for i, s := range segs {
		for _, p := range capabilityPrefixes {
			if strings.HasPrefix(s, p) && len(s) > len(p) {
				segs[i] = p + "…"
			}
		}
	}
	return strings.Join(segs, "/")
}
