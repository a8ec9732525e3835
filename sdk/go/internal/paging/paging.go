// Package paging follows the cursors of this platform's lists, shared by the identity and partner
// clients: each page says where the next one is in nextCursor and X-Next-Cursor, and neither is
// set on the last page.
package paging

import (
	"context"
	"errors"
	"iter"
	"net/http"
)

// Fetch reads the page at cursor (nil for the first) and answers its items and the next page's
// cursor, "" after the last page.
type Fetch[T any] func(ctx context.Context, cursor *string) (items []T, next string, err error)

// ErrCursorLoop is yielded when a page answers its own cursor as the next one: following it would
// never end.
var ErrCursorLoop = errors.New("paging: a page named itself as the next one")

// All yields every item of every page in order, reading a page only once the items before it have
// been taken, so that a caller who stops early reads no further. An error ends the sequence after
// being yielded once with the zero item.
func All[T any](ctx context.Context, fetch Fetch[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		var cursor *string
		for {
			items, next, err := fetch(ctx, cursor)
			if err != nil {
				yield(zero, err)
				return
			}
			for _, it := range items {
				if !yield(it, nil) {
					return
				}
			}
			if next == "" {
				return
			}
			if cursor != nil && *cursor == next {
				yield(zero, ErrCursorLoop)
				return
			}
			cursor = &next
		}
	}
}

// Next is the next page's cursor: the body's nextCursor when the list has one, else the
// X-Next-Cursor header (the lists whose body is an array), else "".
func Next(nextCursor *string, h http.Header) string {
	if nextCursor != nil && *nextCursor != "" {
		return *nextCursor
	}
	return h.Get("X-Next-Cursor")
}
