package guard_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/trustline/platform/shared/api/guard"
)

// Consume tokens are read from every X-Consume-Token value, each split at its commas, blanks left
// out.
func TestConsumeTokens(t *testing.T) {
	h := http.Header{}
	for _, v := range []string{"hct_a, hct_b", "", " hct_c "} {
		h.Add(guard.ConsumeTokenHeader, v)
	}
	if got := guard.ConsumeTokens(h); !slices.Equal(got, []string{"hct_a", "hct_b", "hct_c"}) {
		t.Errorf("ConsumeTokens = %q", got)
	}
	if got := guard.ConsumeTokens(http.Header{}); got != nil {
		t.Errorf("ConsumeTokens of no header = %q", got)
	}
}
