package paging

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"testing"
)

func TestAll(t *testing.T) {
	pages := map[string][]int{"": {1, 2}, "b": {}, "c": {3}}
	nexts := map[string]string{"": "b", "b": "c", "c": ""}
	var read []string
	fetch := func(_ context.Context, cursor *string) ([]int, string, error) {
		c := ""
		if cursor != nil {
			c = *cursor
		}
		read = append(read, c)
		return pages[c], nexts[c], nil
	}

	t.Run("every item, empty pages included", func(t *testing.T) {
		read = nil
		var got []int
		for v, err := range All(context.Background(), fetch) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		if !slices.Equal(got, []int{1, 2, 3}) || !slices.Equal(read, []string{"", "b", "c"}) {
			t.Fatalf("got %v reading %q", got, read)
		}
	})
	t.Run("stopping early reads no further", func(t *testing.T) {
		read = nil
		for range All(context.Background(), fetch) {
			break
		}
		if len(read) != 1 {
			t.Fatalf("read %q", read)
		}
	})
	t.Run("an error ends the sequence", func(t *testing.T) {
		boom := errors.New("boom")
		n := 0
		failing := func(context.Context, *string) ([]int, string, error) { return nil, "", boom }
		for _, err := range All(context.Background(), failing) {
			n++
			if !errors.Is(err, boom) {
				t.Fatal(err)
			}
		}
		if n != 1 {
			t.Fatalf("%d yields", n)
		}
	})
	t.Run("a page naming itself", func(t *testing.T) {
		var last error
		same := func(context.Context, *string) ([]int, string, error) { return []int{1}, "same", nil }
		for _, err := range All(context.Background(), same) {
			last = err
		}
		if !errors.Is(last, ErrCursorLoop) {
			t.Fatal(last)
		}
	})
}

func TestNext(t *testing.T) {
	s := func(v string) *string { return &v }
	h := http.Header{"X-Next-Cursor": {"fromHeader"}}
	for _, tc := range []struct {
		body *string
		h    http.Header
		want string
	}{
		{s("fromBody"), h, "fromBody"},
		{nil, h, "fromHeader"},
		{s(""), h, "fromHeader"},
		{nil, http.Header{}, ""},
	} {
		t.Run(fmt.Sprint(tc.want), func(t *testing.T) {
			if got := Next(tc.body, tc.h); got != tc.want {
				t.Fatalf("Next = %q", got)
			}
		})
	}
}
