package mrz

import (
	"fmt"
	"slices"
	"strings"
)

// pick chooses line i among variants (the conservative one first): the one with the best
// score, unless the conservative one ties. When several distinct variants tie, the check digits
// cannot tell where the character is missing or extra (the weights 7, 3, 1 modulo 10 let a
// neighbouring character make up for it), but they do confirm the columns where the variants
// agree: pick keeps those, fills the columns in doubt from the line as read, padded with fillers
// or trimmed, and returns them as doubt; except that a line read too long whose ends trimmed, one
// end only, is among the tied keeps that (what lies past a zone's end is the likelier extra).
// When the variants differ in a single column, it is a character whose value the check digits
// cannot pin down (A, K and U weigh like 0); the digit among them is kept and note says so.
func pick(l *layout, lines []string, i int, raw string, variants []string) (chosen, note string, doubt span) {
	score := func(v string) int {
		lines[i] = v
		valid, _, shape := evaluate(l, lines)
		return 10*valid + shape
	}
	cons := variants[0]
	consScore := score(cons)
	best := consScore
	var tied []string
	for _, v := range variants[1:] {
		switch s := score(v); {
		case s > best:
			best, tied = s, append(tied[:0], v)
		case s == best && s > consScore:
			tied = append(tied, v)
		}
	}
	switch len(tied) {
	case 0:
		return cons, "", span{}
	case 1:
		return tied[0], "", span{}
	}
	// A line read too long whose characters past either end can go (specks or a stamp beside the
	// zone, read as characters) keeps its middle: the check digits cannot tell deletions inside
	// a field apart, but what lies beyond the zone is the likelier extra.
	if d := len(raw) - len(cons); d > 0 {
		head, tail := raw[d:], raw[:len(raw)-d]
		hasHead, hasTail := slices.Contains(tied, head), slices.Contains(tied, tail)
		switch {
		case hasTail && !hasHead:
			return tail, "", span{}
		case hasHead && !hasTail:
			return head, "", span{}
		}
	}
	lo, hi := len(cons), -1
	for _, v := range tied[1:] {
		for c := range len(v) {
			if v[c] != tied[0][c] {
				lo, hi = min(lo, c), max(hi, c)
			}
		}
	}
	if lo == hi {
		var others []byte
		for _, v := range tied {
			others = append(others, v[lo])
		}
		for _, v := range tied {
			if c := v[lo]; c >= '0' && c <= '9' {
				note := fmt.Sprintf("line %d: column %d restored as %c, which the check digits cannot tell from %s",
					i+1, lo+1, c, others)
				return v, note, span{}
			}
		}
	}
	prefix, suffix := tied[0][:lo], tied[0][hi+1:]
	if !strings.HasPrefix(raw, prefix) || !strings.HasSuffix(raw, suffix) || len(raw) < len(prefix)+len(suffix) {
		return cons, "", span{}
	}
	mid := raw[lo : len(raw)-len(suffix)]
	if n := hi + 1 - lo; len(mid) < n {
		mid += strings.Repeat("<", n-len(mid))
	} else {
		mid = mid[:n]
	}
	note = fmt.Sprintf("line %d: a character is missing or extra in columns %d-%d and the check digits cannot place it",
		i+1, lo+1, hi+1)
	return prefix + mid + suffix, note, sp(i, lo, hi+1)
}

// conservative pads or trims s to width at its last run of fillers (the trailing fillers of a
// name or of optional data), or at its end when it has none.
func conservative(s string, width int) string {
	d := len(s) - width
	if d == 0 {
		return s
	}
	end := strings.LastIndexByte(s, '<')
	if end < 0 {
		if d > 0 {
			return s[:width]
		}
		return s + strings.Repeat("<", -d)
	}
	if d < 0 {
		return s[:end+1] + strings.Repeat("<", -d) + s[end+1:]
	}
	start := end
	for start > 0 && s[start-1] == '<' {
		start--
	}
	if end-start+1 >= d {
		return s[:end+1-d] + s[end+1:]
	}
	return s[:width]
}

// mrzChars are the characters a missing one may be.
const mrzChars = "<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// lengthVariants lists the distinct ways to bring s to width, the conservative one first: one or
// two characters deleted anywhere; one character of any kind, or two fillers, inserted anywhere.
func lengthVariants(s string, width int) []string {
	cons := conservative(s, width)
	seen := map[string]bool{cons: true}
	out := []string{cons}
	add := func(v string) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	switch len(s) - width {
	case 1:
		for i := range s {
			add(s[:i] + s[i+1:])
		}
	case 2:
		for i := range s {
			t := s[:i] + s[i+1:]
			for j := i; j < len(t); j++ {
				add(t[:j] + t[j+1:])
			}
		}
	case -1:
		for i := 0; i <= len(s); i++ {
			for _, c := range []byte(mrzChars) {
				add(s[:i] + string(c) + s[i:])
			}
		}
	case -2:
		for i := 0; i <= len(s); i++ {
			t := s[:i] + "<" + s[i:]
			for j := i; j <= len(t); j++ {
				add(t[:j] + "<" + t[j:])
			}
		}
	}
	return out
}
