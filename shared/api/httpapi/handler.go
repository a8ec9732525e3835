package httpapi

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// Route is one endpoint of a handler: a ServeMux pattern such as "GET /v1/health".
type Route struct {
	Pattern string
	Handler HandlerFunc
}

// HandlerFunc is an endpoint: it writes its answer, or returns the error to answer instead, which
// ServeHTTP writes as a problem, so no endpoint writes one itself. An endpoint that has begun its
// answer returns nil: a problem cannot follow a status already sent.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP calls h and answers its error, if any, as a problem (WriteError).
func (h HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

// Bases are the public base URLs of the two APIs, used in problem type URIs and links.
type Bases struct {
	Identity string
	Partner  string
}

type basesKey struct{}
type requestIDKey struct{}

// Handler is an endpoint group's handler.
type Handler struct {
	http.Handler
	patterns []string
}

// Patterns lists the routes the handler serves, as declared in template.yaml.
func (h *Handler) Patterns() []string { return slices.Clone(h.patterns) }

// New returns the handler serving routes behind the middleware every endpoint group shares:
// request id, request log, panic recovery, and problems for unmatched paths (404) and methods (405).
func New(log *slog.Logger, bases Bases, routes []Route) *Handler {
	mux := http.NewServeMux()
	patterns := make([]string, 0, len(routes))
	for _, rt := range routes {
		mux.Handle(rt.Pattern, rt.Handler)
		patterns = append(patterns, rt.Pattern)
	}
	h := &Handler{Handler: Middleware(log, bases, mux), patterns: slices.Clone(patterns)}
	if !slices.Contains(patterns, "/") {
		mux.Handle("/", Unrouted(patterns))
	}
	return h
}

// Unrouted answers the requests no pattern matched: 405 with an Allow header when the path is
// served with other methods, 404 otherwise.
func Unrouted(patterns []string) HandlerFunc {
	paths := http.NewServeMux()
	allow := map[string][]string{}
	for _, p := range patterns {
		method, path, ok := strings.Cut(p, " ")
		if !ok {
			method, path = "", p
		}
		if path == "/" {
			continue
		}
		if _, seen := allow[path]; !seen {
			paths.HandleFunc(path, func(http.ResponseWriter, *http.Request) {})
		}
		if method != "" {
			allow[path] = append(allow[path], method)
			if method == http.MethodGet {
				allow[path] = append(allow[path], http.MethodHead)
			}
		}
	}
	return func(w http.ResponseWriter, r *http.Request) error {
		if _, matched := paths.Handler(r); matched != "" {
			methods := allow[matched]
			slices.Sort(methods)
			allow := strings.Join(methods, ", ")
			w.Header().Set("Allow", allow)
			return fault.Newf(fault.MethodNotAllowed, "%s does not accept %s; allowed: %s.", r.URL.Path, r.Method, allow)
		}
		return fault.Newf(fault.NotFound, "No endpoint at %s.", r.URL.Path)
	}
}

// Middleware gives every request an id (the caller's x-request-id when well-formed, else a new
// one), echoes it, carries a logger with it, logs the outcome, and turns a panic into a 500 problem.
// Every answer refuses to be framed (NoFraming) unless its handler sets a policy of its own.
func Middleware(log *slog.Logger, bases Bases, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !validRequestID.MatchString(id) {
			id = rand.Text()
		}
		reqLog := log.With("requestId", id)
		caller := &callerAttrs{}
		ctx := context.WithValue(r.Context(), requestIDKey{}, id)
		ctx = context.WithValue(ctx, callerKey{}, caller)
		ctx = context.WithValue(ctx, basesKey{}, bases)
		ctx = logs.With(ctx, reqLog)
		r = r.WithContext(ctx)
		w.Header().Set("X-Request-Id", id)
		NoFraming(w.Header())
		rec := &recorder{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				reqLog.ErrorContext(ctx, "panic", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				if rec.status == 0 {
					WriteError(rec, r, fault.New(fault.Internal, ""))
				}
			}
			// Only the method, path and status: query strings and bodies may carry personal data,
			// and capability segments of the path (a handoff session ID) are redacted. Who made the
			// request (role, owner, key id; never the key) and from where, so that a leaked key's
			// actions can be traced.
			attrs := []any{
				"method",
				r.Method,
				"path",
				LoggedPath(r),
				"status",
				rec.status,
				"durationMs",
				time.Since(start).Milliseconds(),
			}
			if ip := SourceIP(r); ip.IsValid() {
				attrs = append(attrs, "sourceIp", ip.String())
			}
			reqLog.InfoContext(ctx, "request", append(attrs, caller.attrs...)...)
		}()
		if uncleanPath(r.URL.Path) {
			// ServeMux would answer a redirect to the cleaned path, with no problem body; a client
			// that sent . or .. segments (or an empty one) has a bug to see, not a Location to follow.
			WriteError(
				rec,
				r,
				fault.Newf(
					fault.NotFound,
					"No endpoint at %s: paths are matched as sent, with no . or .. segments or repeated slashes resolved.",
					r.URL.Path,
				),
			)
			return
		}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
	})
}

type callerKey struct{}

// callerAttrs are who made a request, as Identify recorded it for the request's log line.
type callerAttrs struct{ attrs []any }

// Identify records who made the request in ctx (the authenticated principal's role, owner and key
// id: never a secret), for the request's log line that Middleware writes.
func Identify(ctx context.Context, attrs ...any) {
	if c, ok := ctx.Value(callerKey{}).(*callerAttrs); ok {
		c.attrs = append(c.attrs[:0], attrs...)
	}
}

// uncleanPath reports whether ServeMux would redirect p to a cleaned form: . or .. segments,
// repeated slashes (a trailing slash is kept, as ServeMux keeps it).
func uncleanPath(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean != p
}

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._:\-]{1,128}$`)

// RequestID returns the id of the request being served.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
