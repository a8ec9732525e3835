// Package logs provides the JSON logger every process writes, and the request- or message-scoped
// logger carried in a context. Nothing logged may contain secrets, documents or extracted data.
package logs

import (
	"context"
	"io"
	"log/slog"
)

// New returns a JSON logger at the given level.
func New(w io.Writer, level slog.Level) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level}))
}

type ctxKey struct{}

// With returns a context carrying the logger.
func With(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From returns the logger carried by ctx, or slog's default.
func From(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(ctxKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
