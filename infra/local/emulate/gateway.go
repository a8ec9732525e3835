package emulate

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/wiring/lambdarun"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

var pathParam = regexp.MustCompile(`\{([^}+]+)\+?\}`)

// route invokes one function for one HttpApi route, as API Gateway does.
func route(g *lambdarun.Gateway, ev samtemplate.Event, log *slog.Logger) http.Handler {
	routeKey := ev.Method + " " + ev.Path
	if ev.Path == "$default" {
		routeKey = "$default"
	}
	var names []string
	for _, m := range pathParam.FindAllStringSubmatch(ev.Path, -1) {
		names = append(names, m[1])
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var params map[string]string
		if len(names) > 0 {
			params = map[string]string{}
			for _, n := range names {
				params[n] = r.PathValue(n)
			}
		}
		// The function sees the gateway's request id, so both log lines carry the same one.
		r.Header.Set("X-Request-Id", httpapi.RequestID(r.Context()))
		err := g.Invoke(r.Context(), w, r, routeKey, params)
		switch {
		case err == nil:
		case errors.Is(err, lambdarun.ErrPayloadTooLarge):
			httpapi.WriteError(w, r, tooLarge(r))
		default:
			invocationProblem(w, r, g, err, log)
		}
	})
}

// maxRequestLineAndHeaders is API Gateway's quota on an HTTP API request's "total combined size of
// request line and header values" (not adjustable).
const maxRequestLineAndHeaders = 10240

// headerLimit refuses, as API Gateway does, a request whose request line and header values are over
// its quota, with a problem: Go's own limit (http.DefaultMaxHeaderBytes, 1 MB) is far above the
// gateway's and answers plain text.
func headerLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		size := len(r.Method) + 1 + len(r.RequestURI) + 1 + len(r.Proto)
		for _, vs := range r.Header {
			for _, v := range vs {
				size += len(v)
			}
		}
		if size > maxRequestLineAndHeaders {
			err := fault.Newf(fault.HeadersTooLarge,
				"The request line and header values are %d bytes; API Gateway accepts at most %d.",
				size, maxRequestLineAndHeaders)
			httpapi.WriteError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// tooLarge says what a caller over Lambda's request limit can do instead. A file (raw or in a
// multipart form) reaches the function base64-encoded, four bytes for three, so the figure that
// matters to the caller is about 4.5 MB of file, not the 6 MB of the payload. The phone uploading
// to a handoff session has no credential for POST /v1/uploads: its way is the session's own
// presigned upload, {uploadUrl}/start.
func tooLarge(r *http.Request) error {
	limit := "Request bodies are limited to 6 MB by AWS Lambda. "
	if lambdarun.Base64Encoded(r.Header.Get("Content-Type")) {
		limit = fmt.Sprintf("A file sent in the request is limited to about %.1f MB: API Gateway base64-encodes it "+
			"(four bytes for three) into AWS Lambda's 6 MB request payload. ", float64(lambdarun.MaxFileBody)/(1<<20))
	}
	if id := r.PathValue("sessionId"); id != "" && strings.HasPrefix(r.URL.Path, "/v1/mobile-handoff/upload/") {
		start := "/v1/mobile-handoff/upload/" + id + "/start"
		return &fault.Error{
			Kind: fault.TooLarge,
			Detail: limit + "Send the file through the session's presigned upload: POST {uploadUrl}/start (" +
				start + "), then send the file where its answer says.",
			Extensions: map[string]any{"startUrl": start},
		}
	}
	return fault.New(fault.TooLarge, limit+"Upload larger files to S3 with POST /v1/uploads and pass the uploadId instead.")
}
