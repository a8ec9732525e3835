package fieldvalue

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// greek are the Greek letters' forms in ELOT 743, the transliteration of Greek passports, before
// the digraphs greekSegment reads.
var greek = map[rune]string{
	'Α': "A", 'Β': "V", 'Γ': "G", 'Δ': "D", 'Ε': "E", 'Ζ': "Z", 'Η': "I", 'Θ': "TH", 'Ι': "I", 'Κ': "K",
	'Λ': "L", 'Μ': "M", 'Ν': "N", 'Ξ': "X", 'Ο': "O", 'Π': "P", 'Ρ': "R", 'Σ': "S", 'Τ': "T", 'Υ': "Y",
	'Φ': "F", 'Χ': "CH", 'Ψ': "PS", 'Ω': "O",
}

// voiceless are the letters before which ΑΥ, ΕΥ and ΗΥ are AF, EF and IF rather than AV, EV, IV.
const voiceless = "ΘΚΞΠΣΤΦΧΨ"

// greekLetter returns a Greek letter in capitals without its accent, and whether it bore a
// diaeresis (which parts a digraph: ΑΫ is AY, not AV). ok is false for a rune that is no Greek
// letter.
func greekLetter(runes []rune, i int) (r rune, diaeresis, ok bool) {
	if i >= len(runes) {
		return 0, false, false
	}
	for j, d := range norm.NFD.String(string(runes[i])) {
		if j == 0 {
			r = unicode.ToUpper(d)
		} else if d == '\u0308' {
			diaeresis = true
		}
	}
	_, ok = greek[r]
	return r, diaeresis, ok
}

// greekSegment returns the form of the Greek letter runes[i] and of the next when the two are
// a digraph (ΟΥ OU, ΑΥ AV or AF, ΓΓ NG…), and how many letters it read.
func greekSegment(runes []rune, i int) (segment, int) {
	r, _, ok := greekLetter(runes, i)
	if !ok {
		return omitted, 1
	}
	next, split, _ := greekLetter(runes, i+1)
	if split {
		next = 0
	}
	switch {
	case r == 'Ο' && next == 'Υ':
		return segment{"OU"}, 2
	case (r == 'Α' || r == 'Ε' || r == 'Η') && next == 'Υ':
		after, _, ok := greekLetter(runes, i+2)
		v := "V"
		if !ok || strings.ContainsRune(voiceless, after) {
			v = "F"
		}
		return segment{greek[r] + v}, 2
	case r == 'Γ' && (next == 'Γ' || next == 'Ξ' || next == 'Χ'):
		return segment{"N" + greek[next]}, 2
	}
	return segment{greek[r]}, 1
}
