package mrz

import (
	"testing"
	"time"
)

func TestYearRules(t *testing.T) {
	at := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		name              string
		yy, month, day    int
		now               time.Time
		wantPast, wantExp int
	}{
		{"this year, past day", 26, 1, 1, at(2026, 11, 23), 2026, 2026},
		{"this year, future day", 26, 12, 1, at(2026, 11, 23), 1926, 2026},
		{"today is not in the future", 26, 11, 23, at(2026, 11, 23), 2026, 2026},
		{"month known only, this month", 26, 11, 0, at(2026, 11, 23), 2026, 2026},
		{"year known only", 26, 0, 0, at(2026, 11, 23), 2026, 2026},
		{"next year", 27, 1, 1, at(2026, 11, 23), 1927, 2027},
		{"expiry window top", 76, 1, 1, at(2026, 11, 23), 1976, 2076},
		{"expiry window bottom", 77, 1, 1, at(2026, 11, 23), 1977, 1977},
		{"century start", 0, 1, 1, at(2001, 1, 1), 2000, 2000},
		{"late century", 99, 12, 31, at(2001, 1, 1), 1999, 1999},
		{"expiry in the next century", 10, 1, 1, at(2090, 6, 1), 2010, 2110},
		{"expiry window bottom, next century", 40, 1, 1, at(2090, 6, 1), 2040, 2140},
		{"expiry window, above bottom", 41, 1, 1, at(2090, 6, 1), 2041, 2041},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pastYear(tc.yy, tc.month, tc.day, tc.now); got != tc.wantPast {
				t.Errorf("pastYear = %d, want %d", got, tc.wantPast)
			}
			if got := expiryYear(tc.yy, tc.month, tc.day, tc.now); got != tc.wantExp {
				t.Errorf("expiryYear = %d, want %d", got, tc.wantExp)
			}
		})
	}
}

func TestConservative(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  string
	}{
		{"ABC<<<", 6, "ABC<<<"},
		{"ABC<<<", 7, "ABC<<<<"},
		{"ABC<<<", 5, "ABC<<"},
		{"ABC<<<DEF", 8, "ABC<<DEF"},
		{"ABC<<<DEF", 11, "ABC<<<<<DEF"},
		{"ABC<DEF", 5, "ABC<D"}, // not enough fillers to trim: the end goes
		{"ABCDEF", 8, "ABCDEF<<"},
		{"ABCDEF", 5, "ABCDE"},
	} {
		if got := conservative(tc.in, tc.width); got != tc.want {
			t.Errorf("conservative(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
}

func TestPlausibleDate(t *testing.T) {
	for in, want := range map[string]bool{
		"740812": true, "7408<<": true, "74<<<<": true, "<<<<<<": true, "0506": true,
		"741332": false, "740800": false, "740012": false, "74O812": false, "7<0812": false,
	} {
		if got := plausibleDate([]byte(in)); got != want {
			t.Errorf("plausibleDate(%q) = %v", in, got)
		}
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"p<uto eriksson«anna": "P<UTOERIKSSON<<ANNA",
		"L898 902C3 6":        "L898902C36",
		"ÉRIKSSØN‹‹ANNA":      "ERIKSS0N<<ANNA",
		"ＰＡＳＳ１２":              "PASS12",
		" .,-|\t":             "",
	} {
		if got := clean(in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
}
