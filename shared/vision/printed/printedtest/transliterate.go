package printedtest

import (
	"strings"
	"unicode"
)

// transliteration is ICAO 9303 part 3's (section 6) for the letters it writes with more than
// one: the umlauts, the Nordic letters, the ligatures, sharp s and thorn. Every other accented
// letter loses its accent (plain, below).
var transliteration = map[rune]string{
	'Ä': "AE", 'Ö': "OE", 'Ü': "UE", 'Å': "AA", 'Æ': "AE", 'Ø': "OE", 'Œ': "OE", 'Þ': "TH",
	'ß': "SS", 'ẞ': "SS", 'Ĳ': "IJ",
}

// plain maps the accented capitals of the set's names to their base letter.
var plain = func() map[rune]rune {
	m := map[rune]rune{}
	for base, letters := range map[rune]string{
		'A': "ÀÁÂÃĀĂĄẠẢẤẦẨẪẬẮẰẲẴẶ",
		'C': "ÇĆĈĊČ",
		'D': "ĎĐÐ",
		'E': "ÈÉÊËĒĔĖĘĚẸẺẼẾỀỂỄỆ",
		'G': "ĜĞĠĢ",
		'I': "ÌÍÎÏĨĪĬĮİỈỊ",
		'L': "ĹĻĽĿŁ",
		'N': "ÑŃŅŇ",
		'O': "ÒÓÔÕŌŎŐƠỌỎỐỒỔỖỘỚỜỞỠỢ",
		'R': "ŔŖŘ",
		'S': "ŚŜŞŠȘ",
		'T': "ŢŤȚ",
		'U': "ÙÚÛŨŪŬŮŰŲƯỤỦỨỪỬỮỰ",
		'Y': "ÝŸŶỲỴỶỸ",
		'Z': "ŹŻŽ",
	} {
		for _, r := range letters {
			m[r] = base
		}
	}
	return m
}()

// Transliterate writes a name as the MRZ does (ICAO 9303 part 3): upper case A-Z, Ä→AE, Ö→OE,
// Ü→UE, Å→AA, Æ→AE, Ø→OE, Œ→OE, Þ→TH, ß and ẞ→SS, other accents dropped (Ł→L, Ð→D, É→E);
// spaces and hyphens become the filler <, apostrophes and full stops disappear. A character it
// cannot write (a digit, a letter of another script) becomes the filler too, so the result is
// always valid MRZ text.
func Transliterate(name string) string {
	var b strings.Builder
	for _, r := range name {
		r = unicode.ToUpper(r)
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r == '\'' || r == '’' || r == '.':
		case transliteration[r] != "":
			b.WriteString(transliteration[r])
		case plain[r] != 0:
			b.WriteRune(plain[r])
		default:
			b.WriteByte('<')
		}
	}
	return b.String()
}

// transliterable tells whether every letter of name has an MRZ spelling (spaces, hyphens and
// apostrophes aside): the set's name lists are checked with it.
func transliterable(name string) bool {
	for _, r := range name {
		r = unicode.ToUpper(r)
		ok := r >= 'A' && r <= 'Z' || r == ' ' || r == '-' || r == '\'' || r == '.' ||
			transliteration[r] != "" || plain[r] != 0
		if !ok {
			return false
		}
	}
	return true
}
