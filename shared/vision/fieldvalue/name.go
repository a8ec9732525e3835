package fieldvalue

import "strings"

// NameComparison is how a printed name compares with the MRZ's.
type NameComparison struct {
	// Same is true when a form of the printed name (Transliterate) is the MRZ's name, spaces
	// aside: issuers differ on whether the MRZ keeps the space of DE LA CRUZ.
	Same bool
	// Truncated is true when the names are not Same but the MRZ's is the start of a form of the
	// printed one, whole (ANNA MARIA GARC for ANNA MARIA GARCIA) or word by word (ANNA M): TD1
	// and TD2 cut names that do not fit their field. The MRZ parser warns when a name fills its
	// field; a caller that knows the name did not may take a truncation as a disagreement.
	Truncated bool
	// Score is in [0,1]: 1 when Same or Truncated, else 1 − the edit distance between the MRZ's
	// name and the nearest form of the printed one over the longer's length, spaces aside. A
	// printed MÜLLER read MULLER by OCR (the dots lost) scores 6/7 against MUELLER.
	Score float64
}

// CompareNames compares a printed name (surname or given names, any case, with its national
// letters) with the same name from the MRZ (fillers as spaces or '<'). A name empty on either
// side is never the same as anything.
func CompareNames(printed, mrz string) NameComparison {
	m := mrzName(mrz)
	forms := Transliterate(printed)
	if m == "" || len(forms) == 0 {
		return NameComparison{}
	}
	joined := strings.ReplaceAll(m, " ", "")
	var c NameComparison
	for _, f := range forms {
		fj := strings.ReplaceAll(f, " ", "")
		switch {
		case fj == joined:
			return NameComparison{Same: true, Score: 1}
		case strings.HasPrefix(fj, joined) || wordPrefixes(m, f):
			c.Truncated, c.Score = true, 1
		case !c.Truncated:
			c.Score = max(c.Score, similarity(fj, joined))
		}
	}
	return c
}

// SameName tells whether a printed name and the MRZ's are the same name: Same or Truncated by
// CompareNames.
func SameName(printed, mrz string) bool {
	c := CompareNames(printed, mrz)
	return c.Same || c.Truncated
}

// mrzName returns an MRZ name as upper case A to Z and single spaces, the fillers ('<') and
// anything else made spaces.
func mrzName(s string) string {
	f := []byte(Fold(s))
	for i, c := range f {
		if c < 'A' || c > 'Z' {
			f[i] = ' '
		}
	}
	return strings.Join(strings.Fields(string(f)), " ")
}

// wordPrefixes tells whether each word of short starts the word of long at the same place:
// ANNA M for ANNA MARIA, JEAN PIERRE for JEAN PIERRE MARIE.
func wordPrefixes(short, long string) bool {
	sw, lw := strings.Fields(short), strings.Fields(long)
	if len(sw) > len(lw) {
		return false
	}
	for i, w := range sw {
		if !strings.HasPrefix(lw[i], w) {
			return false
		}
	}
	return true
}

// similarity is 1 − the edit distance of a and b over the longer's length.
func similarity(a, b string) float64 {
	n := max(len(a), len(b))
	if n == 0 {
		return 1
	}
	return 1 - float64(levenshtein(a, b))/float64(n)
}

// levenshtein counts the insertions, deletions and substitutions of bytes that make a into b.
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
