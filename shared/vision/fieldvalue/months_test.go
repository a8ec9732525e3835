package fieldvalue

import (
	"slices"
	"testing"
)

// TestMonthWordsAmbiguous lists the month words that name two months: each must be decided by
// the other name of its pair, so the list is reviewed whenever a language is added.
func TestMonthWordsAmbiguous(t *testing.T) {
	var got []string
	for w, mask := range months().words {
		if _, ok := single(mask); !ok {
			got = append(got, w)
		}
	}
	slices.Sort(got)
	want := []string{"LIP", "LIS", "LISTOPAD", "LISTOPADA", "SRP"}
	if !slices.Equal(got, want) {
		t.Fatalf("ambiguous month words %q, want %q", got, want)
	}
}

// TestMonthWordsEveryMonth checks the English abbreviation of each month and the count of words.
func TestMonthWordsEveryMonth(t *testing.T) {
	for i, w := range []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"} {
		if m, ok := single(months().words[w]); !ok || m != i+1 {
			t.Errorf("%s is month %d", w, m)
		}
	}
	if n := len(months().words); n < 350 {
		t.Errorf("only %d month words", n)
	}
}

func TestMonthsOf(t *testing.T) {
	cases := []struct {
		word  string
		month int
		subs  int
	}{
		{"jul", 7, 0}, {"Août", 8, 0}, {"0CT", 10, 0 + 1}, {"JU1", 0, 0}, {"0", 0, 0}, {"12", 0, 0},
		{"ΜΑΪ", 5, 0}, {"Mayıs", 5, 0}, {"toukokuuta", 5, 0}, {"AVERYLONGWORDTHATISNOMONTHATALL", 0, 0},
	}
	for _, c := range cases {
		mask, subs := monthsOf(c.word)
		m, _ := single(mask)
		if m != c.month || (m != 0 && subs != c.subs) {
			t.Errorf("monthsOf(%q) = month %d, %d subs; want %d, %d", c.word, m, subs, c.month, c.subs)
		}
	}
}
