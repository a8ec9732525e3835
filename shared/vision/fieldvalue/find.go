package fieldvalue

// Match is a date found in a longer text.
type Match struct {
	// Start and End are byte offsets: text[Start:End] is the date as printed, so that the rest of
	// the line (a place of birth after the date, a label before it) is text[:Start] and
	// text[End:].
	Start, End int
	Date       Date
}

// FindDates returns the dates in text, in order and without overlap, as ParseDate reads them
// with the anchor a: "12.03.1985 BERLIN", "Date of issue 01 JUL 2014". Numbers that continue
// past a date's ends with a bare '.', '/' or '-' (1234.12.03.1985) make it part of something
// else, and no date.
func FindDates(text string, a Anchor) []Match {
	sc := dateScanner{text: text, atoms: scan(text)}
	var out []Match
	for i := 0; i < len(sc.atoms); {
		r, ok := sc.read(i)
		if ok && !sc.joined(r) {
			if d, ok := r.date(a); ok {
				out = append(out, Match{Start: sc.atoms[r.first].start, End: sc.atoms[r.last-1].end, Date: d})
				i = r.last
				continue
			}
		}
		i++
	}
	return out
}
