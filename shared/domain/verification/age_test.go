package verification

import (
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
)

// The holder turns 18 on their birthday, not the day before.
func TestMinimumAge(t *testing.T) {
	born := func(birth string, on time.Time) Input {
		return Input{Now: on, MinimumAge: 18, Document: with(func(r *extraction.Result) {
			r.ExtractedData.DateOfBirth = field(birth)
		})}
	}
	at := func(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 12, 0, 0, 0, time.UTC) }
	runCases(t, GroupAge, codeMinimumAge, []outcomeCase{
		{"the day before the 18th birthday", born("2008-11-28", at(2026, 11, 27)), Fail,
			"17 years old on 2026-11-27, under 18"},
		{"the 18th birthday", born("2008-11-28", at(2026, 11, 28)), Pass, "18 or older on 2026-11-28"},
		{"the day after", born("2008-11-28", at(2026, 11, 29)), Pass, "18 or older"},
		{"born on 29 February, 28 February", born("2008-02-29", at(2026, 2, 28)), Fail, "17 years old"},
		{"born on 29 February, 1 March", born("2008-02-29", at(2026, 3, 1)), Pass, "18 or older"},
		{"29 February of a common year", born("2007-02-29", at(2026, 3, 1)), Inconclusive, "no date of birth"},
		{"a month only, all of it 18", born("2008-10", at(2026, 11, 28)), Pass, "18 or older"},
		{"a month only, part of it 18", born("2008-11", at(2026, 11, 28)), Inconclusive, "may make the holder 18 or not"},
		{"a year only, none of it 18", born("2009", at(2026, 11, 28)), Fail, "under 18"},
		{"no date of birth", Input{MinimumAge: 18, Document: with(func(r *extraction.Result) {
			r.ExtractedData.DateOfBirth = nil
		})}, Inconclusive, "no date of birth"},
		{"no minimum age", func() Input { in := born("2008-11-28", at(2026, 11, 27)); in.MinimumAge = 0; return in }(),
			NotApplicable, "no minimum age"},
	})
}
