package fieldvalue

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold removes case and accents from a printed value, for comparisons where the letters
// themselves must agree: canonical decomposition (NFD), combining marks dropped, upper case,
// runs of white space made one space and trimmed. "Août" and "AOUT" fold alike, as do "Müller"
// and "MULLER". Letters that do not decompose (ß, Ø, Ł, Æ, Þ) are kept: Fold is not
// transliteration, which Transliterate does.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsSpace(r):
			space = b.Len() > 0
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}
