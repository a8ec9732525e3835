package fieldvalue

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxVariants bounds the forms Transliterate returns: a name with many letters of two readings
// (a German double-barrelled name has several umlauts) would otherwise have exponentially many.
const MaxVariants = 8

// latin are the letters of ICAO Doc 9303 part 3, section 6 (Transliteration of multinational
// Latin-based characters) whose MRZ form is not their base letter, each with its forms in the
// order of preference: Ä AE or A, Ö OE or O, Ü UE or U or UXX, Å AA or A, Ñ N or NXX, Æ AE,
// Œ OE, Ĳ IJ, Þ TH, ß SS, Ð D, Ł L. Ø is OE in the current table and O in earlier ones and some
// issuers' practice; Đ is D in the table and DJ on Croatian and Serbian documents. The other
// letters with diacritics are their base letter (NFD).
var latin = map[rune][]string{
	'Ä': {"AE", "A"}, 'Ö': {"OE", "O"}, 'Ü': {"UE", "U", "UXX"}, 'Å': {"AA", "A"}, 'Ø': {"OE", "O"},
	'Ñ': {"N", "N", "NXX"}, 'Æ': {"AE"}, 'Œ': {"OE"}, 'Ĳ': {"IJ"}, 'Þ': {"TH"}, 'ß': {"SS"}, 'ẞ': {"SS"},
	'Ð': {"D"}, 'Đ': {"D", "DJ"}, 'Ł': {"L"}, 'Ħ': {"H"}, 'Ŧ': {"T"}, 'Ŀ': {"L"}, 'Ŋ': {"N"},
}

// apostrophes are omitted in the MRZ (ICAO: D'ARTAGNAN is DARTAGNAN), though some issuers write
// a filler.
const apostrophes = "'’ʼ‘`´"

// Transliterate returns the forms a printed name may have in the MRZ, most likely first, at most
// MaxVariants: upper case A to Z, names separated by one space (the MRZ's filler, as extracted
// values write it), nothing else. Latin letters follow ICAO Doc 9303 part 3, section 6;
// Cyrillic its table (Russian passports since 2013), then Ukraine's, Bulgaria's and Serbia's
// national systems; Greek ELOT 743, as Greek passports. Spaces, hyphens and other punctuation
// become the filler, apostrophes are omitted (or, second, a filler).
//
// The first form takes every letter's first reading (MÜLLER is MUELLER), the second every
// letter's second (MULLER), the third every third (MUXXLLER); when the readings combine into
// MaxVariants forms or fewer, the mixed ones follow. A Cyrillic name has one form per system,
// never a mix. A name with no letter has no form.
func Transliterate(name string) []string {
	segs, systems := segments(name)
	return expand(segs, systems, MaxVariants)
}

// segment is the forms of one character of a name, in the order of preference.
type segment []string

var (
	filler   = segment{" "}
	omitted  = segment{""}
	optional = segment{"", " "}
)

// segments cuts a name into the forms of its characters. systems is true when a segment's forms
// are the columns of transliteration systems (Cyrillic), to be taken together, not mixed.
func segments(name string) (segs []segment, systems bool) {
	runes := []rune(norm.NFC.String(name))
	segs = make([]segment, 0, len(runes))
	for i := 0; i < len(runes); i++ {
		r := unicode.ToUpper(runes[i])
		switch {
		case strings.ContainsRune(apostrophes, r):
			segs = append(segs, optional)
		case latin[r] != nil:
			segs = append(segs, latin[r])
		case unicode.Is(unicode.Cyrillic, r):
			segs = append(segs, cyrillicSegment(runes, i))
			systems = true
		case unicode.Is(unicode.Greek, r):
			s, n := greekSegment(runes, i)
			segs = append(segs, s)
			i += n - 1
		case unicode.IsLetter(r):
			segs = append(segs, baseLetter(r))
		case unicode.Is(unicode.Mn, r):
			// A mark NFC could not compose: its letter is already read.
		default:
			segs = append(segs, filler)
		}
	}
	return segs, systems
}

// baseLetter returns a Latin letter's base letter (É is E), or nothing for a letter of another
// script that has no table here.
func baseLetter(r rune) segment {
	if r >= 'A' && r <= 'Z' {
		return segment{string(r)}
	}
	if b, _ := utf8.DecodeRuneInString(norm.NFD.String(string(r))); b >= 'A' && b <= 'Z' {
		return segment{string(b)}
	}
	return omitted
}

// expand returns the forms of a segmented name (see Transliterate), at most limit; only the
// uniform ones when systems.
func expand(segs []segment, systems bool, limit int) []string {
	widest := 1
	product := 1
	for _, s := range segs {
		widest = max(widest, len(s))
		if product <= limit {
			product *= distinct(s)
		}
	}
	var out []string
	seen := map[string]bool{}
	add := func(pick func(i int, s segment) string) {
		var b strings.Builder
		for i, s := range segs {
			b.WriteString(pick(i, s))
		}
		v := strings.Join(strings.Fields(b.String()), " ")
		if v != "" && !seen[v] && len(out) < limit {
			seen[v] = true
			out = append(out, v)
		}
	}
	for k := range widest {
		add(func(_ int, s segment) string { return s[min(k, len(s)-1)] })
	}
	if systems || product > limit {
		return out
	}
	// Every combination of different forms, the first character's varying slowest.
	forms := make([][]string, len(segs))
	for i, s := range segs {
		forms[i] = distinctForms(s)
	}
	idx := make([]int, len(segs))
	for {
		add(func(i int, _ segment) string { return forms[i][idx[i]] })
		i := len(segs) - 1
		for ; i >= 0; i-- {
			if idx[i]++; idx[i] < len(forms[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return out
		}
	}
}

// distinct counts a segment's different forms.
func distinct(s segment) int { return len(distinctForms(s)) }

// distinctForms returns a segment's different forms, in order.
func distinctForms(s segment) []string {
	out := make([]string, 0, len(s))
	for _, f := range s {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
