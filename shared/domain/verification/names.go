package verification

import (
	"unicode"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

// relation is how two spellings of a name compare.
type relation int

const (
	// missing: one side is empty.
	missing relation = iota
	// different: neither of the below.
	different
	// truncated: one is the start of a form of the other, cut within a word (TD1 and TD2 cut
	// names that do not fit): possibly the same name, not shown to be.
	truncated
	// partial: every word of the shorter is a word of the longer, in order (ANNA for ANNA MARIA,
	// GARCIA for GARCIA MARTINEZ): a partner often knows one given name or one surname.
	partial
	// same: the same name through ICAO transliteration (MÜLLER and MUELLER), case, accents,
	// spaces and hyphens aside.
	same
)

// compareName relates two spellings of a name, either of which may carry national letters or be
// an MRZ's transliteration.
func compareName(a, b string) relation {
	wa, wb := nameWords(a), nameWords(b)
	if len(wa) == 0 || len(wb) == 0 {
		return missing
	}
	ab, ba := fieldvalue.CompareNames(a, b), fieldvalue.CompareNames(b, a)
	switch {
	case ab.Same || ba.Same:
		return same
	case len(wa) != len(wb) && (wordsWithin(wa, wb) || wordsWithin(wb, wa)):
		return partial
	case ab.Truncated || ba.Truncated:
		return truncated
	}
	return different
}

// nameWords splits a name into its words: runs of letters and apostrophes.
func nameWords(s string) []string {
	var words []string
	start := -1
	for i, r := range s + " " {
		word := unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || r == '\'' || r == '’'
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			words = append(words, s[start:i])
			start = -1
		}
	}
	return words
}

// wordsWithin tells whether each word of short is the same name as a word of long, in order.
func wordsWithin(short, long []string) bool {
	j := 0
	for _, w := range short {
		for j < len(long) && !sameWord(w, long[j]) {
			j++
		}
		if j == len(long) {
			return false
		}
		j++
	}
	return true
}

func sameWord(a, b string) bool {
	return fieldvalue.CompareNames(a, b).Same || fieldvalue.CompareNames(b, a).Same
}
