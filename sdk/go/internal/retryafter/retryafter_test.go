package retryafter

import (
	"net/http"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, header string
		want         time.Duration
		ok           bool
	}{
		{"seconds", "7", 7 * time.Second, true},
		{"date", now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{"date in the past", now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{"absent", "", 0, false},
		{"negative", "-1", 0, false},
		{"garbage", "soon", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.header != "" {
				h.Set("Retry-After", tc.header)
			}
			got, ok := Parse(h, now)
			if got != tc.want || ok != tc.ok {
				t.Fatalf("Parse(%q) = %v, %v", tc.header, got, ok)
			}
		})
	}
}
