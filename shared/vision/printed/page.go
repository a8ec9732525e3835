package printed

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/vision/ocr"
)

// Field is one value read in the printed zone, with how sure the reading is: the OCR's
// confidence in the value's words, lowered where its label was read with slips, where no label
// but only its place or an MRZ value named it, or where its parse needed a correction.
type Field struct {
	Value      string
	Confidence float64
}

// Page is what a document's printed zone says.
type Page struct {
	// Fields are the values read, by name; a field not read is absent, never guessed. Dates are
	// ISO 8601 (YYYY-MM-DD).
	Fields map[Name]Field
	// Categories are a driving licence's categories (field 9), in the order printed.
	Categories []string
	// Country is a driving licence's issuing state as an ICAO code, from its name printed under
	// the title or its distinguishing sign; empty when not read. CountryNamed says it was named.
	Country      string
	CountryNamed bool
}

// Anchors are the machine-readable zone's values, which the printed zone repeats: they find the
// printed values where a label is unreadable, and decide the century of a two-digit year.
type Anchors struct {
	Surname, GivenNames, DocumentNumber, Sex string
	DateOfBirth, ExpiryDate                  time.Time // zero when the zone has none
	// Nationality, IssuingState and DocumentCode are the zone's codes (ITA, ITA, P): a printed
	// nationality is found by them ("ITALIANA"), and a page's type and code need no label.
	Nationality, IssuingState, DocumentCode string
}

// Floor is the lowest confidence a field is returned with: below it, on the labelled set of
// docs/visual-zone.md, fewer than half the values were right.
const Floor = 0.5

// segment is one line of text as the engine segmented it, with its label reading.
type segment struct {
	ocr.Line
	folded string
	label  Name    // the field this text labels, if any
	score  float64 // how surely it is that label
	inline string  // a value printed after the label on the same line ("Sex: F")
	used   bool    // taken as a value
}

func (s *segment) height() int { return max(1, s.Box.Dy()) }

// Read finds the printed fields of a page whose MRZ was read, from its lines as an OCR engine
// segmented them (with boxes, in one image's pixels). Labels name the value printed below them or
// beside them; the MRZ's values find their printed copies where no label was read. now bounds
// dates of issue (none lies in the future).
func Read(lines []ocr.Line, a Anchors, now time.Time) Page {
	segs := prepare(lines)
	p := Page{Fields: map[Name]Field{}}
	for _, pr := range pairs(segs) {
		if _, done := p.Fields[pr.label.label]; done {
			continue
		}
		f, ok := parse(pr.label.label, pr.text, a, now)
		if !ok {
			continue
		}
		f.Confidence *= pr.value.Confidence * pr.label.score * pr.closeness
		if pr.value != pr.label {
			pr.value.used = true
		}
		p.add(pr.label.label, f)
	}
	anchored(segs, a, now, &p)
	return p
}

// add keeps f under name when it is sure enough and better than what is there.
func (p *Page) add(name Name, f Field) {
	f.Confidence = round3(f.Confidence)
	if f.Confidence < Floor {
		return
	}
	if old, ok := p.Fields[name]; ok && old.Confidence >= f.Confidence {
		return
	}
	p.Fields[name] = f
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }

// prepare drops empty lines and the MRZ's own lines, folds the rest and reads their labels.
func prepare(lines []ocr.Line) []*segment {
	var segs []*segment
	for _, l := range lines {
		l.Text = strings.TrimSpace(l.Text)
		if l.Text == "" || l.Box.Empty() || mrzLike(l.Text) {
			continue
		}
		if len(l.Words) > 1 && zoneNumbered(l.Text) {
			// A zone number printed before the value ("09 13 OCT 2019", "o6 STOKE-ON-TRENT") is no
			// part of it, and the OCR's doubt about it no doubt about the value.
			l.Confidence = 1
			for _, w := range l.Words[1:] {
				l.Confidence = min(l.Confidence, w.Confidence)
			}
		}
		s := &segment{Line: l, folded: foldLabel(l.Text)}
		if s.folded == "" {
			continue
		}
		if l.Head {
			// Only a label's beginning was read: a label or nothing, never a value (a head that names
			// a label scores at least 5/6, so pairs never takes it for one).
			if name, score, ok := headLabel(l.Text); ok {
				s.label, s.score = name, score
				segs = append(segs, s)
			}
			continue
		}
		if name, score, ok := labelOf(l.Text); ok {
			s.label, s.score = name, score
		}
		// "Sex: F", "Place of birth BERLIN", "Kiállítás dátuma/Date of issue 2022.02.02.": a label
		// and its value on one line, whose last part is no label whole.
		if name, score, value, ok := inlineLabel(l.Text); ok && !lastPartIsLabel(l.Text) {
			s.label, s.score, s.inline = name, score, value
		}
		segs = append(segs, s)
	}
	return segs
}

// mrzLike reports a machine-readable zone's line: fillers, or a long run of the zone's characters
// alone (a label in three languages joined by slashes is long too, but has other characters).
func mrzLike(text string) bool {
	if strings.Contains(text, "<<") {
		return true
	}
	for _, w := range strings.Fields(text) {
		if len(w) >= 28 && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<") == "" {
			return true
		}
	}
	return false
}

// labelAsValue is the label score from which a line is never a value: a label read with a slip
// or two is still a label ("Place of birth" is no place).
const labelAsValue = 0.8

// pair is a label and the value it names.
type pair struct {
	label, value *segment
	text         string
	// closeness is 1 for a value right below its label, less for one further away or beside it.
	closeness float64
	distance  float64
}

// pairs matches each label with the nearest free value below it (the usual layout: a small label
// above its value) or, failing that, on its right on the same row; a value goes to its nearest
// label. Inline values pair with their own label.
func pairs(segs []*segment) []pair {
	var cands []pair
	for _, l := range segs {
		if l.label == "" {
			continue
		}
		if l.inline != "" {
			cands = append(cands, pair{label: l, value: l, text: l.inline, closeness: 1})
			continue
		}
		for _, v := range segs {
			if v.label != "" && v.score >= labelAsValue {
				continue
			}
			if d, c, ok := below(l, v); ok {
				cands = append(cands, pair{label: l, value: v, text: v.Text, closeness: c, distance: d})
			} else if d, c, ok := beside(l, v); ok {
				cands = append(cands, pair{label: l, value: v, text: v.Text, closeness: c, distance: d})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b pair) int { return cmp.Compare(a.distance, b.distance) })
	var out []pair
	takenLabel := map[*segment]bool{}
	takenValue := map[*segment]bool{}
	for _, c := range cands {
		if takenLabel[c.label] || (c.value != c.label && takenValue[c.value]) {
			continue
		}
		takenLabel[c.label], takenValue[c.value] = true, true
		out = append(out, c)
	}
	return out
}

// below says whether v is printed under label l: starting within two label heights under it,
// aligned on its left edge or overlapping it by half the narrower's width. The distance counts
// label heights.
func below(l, v *segment) (distance, closeness float64, ok bool) {
	h := float64(l.height())
	gap := float64(v.Box.Min.Y - l.Box.Max.Y)
	if v.Box.Min.Y <= l.Box.Min.Y+l.height()/2 || gap > 2.2*h {
		return 0, 0, false
	}
	left := float64(abs(v.Box.Min.X - l.Box.Min.X))
	overlap := min(v.Box.Max.X, l.Box.Max.X) - max(v.Box.Min.X, l.Box.Min.X)
	narrower := min(v.Box.Dx(), l.Box.Dx())
	if left > 2*h && 2*overlap < narrower {
		return 0, 0, false
	}
	distance = max(gap, 0)/h + left/(4*h)
	return distance, 1 - 0.03*max(0, gap/h-1), true
}

// beside says whether v follows label l on its row, within a few heights.
func beside(l, v *segment) (distance, closeness float64, ok bool) {
	h := float64(l.height())
	cy := func(s *segment) float64 { return float64(s.Box.Min.Y+s.Box.Max.Y) / 2 }
	gap := float64(v.Box.Min.X - l.Box.Max.X)
	if gap < 0 || gap > 6*h || abs(int(cy(v)-cy(l))) > l.height()/2 {
		return 0, 0, false
	}
	return 3 + gap/h, 0.95, true
}

// anchored finds, among the lines no label took, the printed copies of the MRZ's values, and
// then the date of issue and of expiry where their labels were not read: on a page whose MRZ
// gives the birth and expiry dates, a date between them that is neither is its date of issue.
func anchored(segs []*segment, a Anchors, now time.Time, p *Page) {
	var dates []struct {
		s *segment
		d time.Time
	}
	for _, s := range segs {
		if s.used || s.label != "" {
			continue
		}
		for _, name := range []Name{Surname, GivenNames, DocumentNumber} {
			if _, done := p.Fields[name]; done {
				continue
			}
			if f, ok := parse(name, s.Text, a, now); ok && repeats(name, f.Value, a) {
				f.Confidence *= s.Confidence * anchoredFactor
				p.add(name, f)
				s.used = true
				break
			}
		}
		if _, done := p.Fields[Nationality]; !done && !s.used && nationalityOf(s.Text, a) {
			if f, ok := parse(Nationality, s.Text, a, now); ok {
				f.Confidence *= s.Confidence * anchoredFactor
				p.add(Nationality, f)
				s.used = true
			}
		}
		if _, done := p.Fields[Sex]; !done && !s.used && sexOf(s.Text, a) {
			p.add(Sex, Field{Value: a.Sex, Confidence: s.Confidence * anchoredFactor})
			s.used = true
		}
		if s.used {
			continue
		}
		for _, m := range dateMatches(s.Text, a.DateOfBirth, time.Time{}) {
			dates = append(dates, struct {
				s *segment
				d time.Time
			}{s, m.date})
		}
	}
	var others []int
	for i, d := range dates {
		switch {
		case d.d.Equal(a.DateOfBirth):
			addDate(p, DateOfBirth, d.d, d.s)
		case d.d.Equal(a.ExpiryDate):
			addDate(p, ExpiryDate, d.d, d.s)
		default:
			others = append(others, i)
		}
	}
	if _, done := p.Fields[IssueDate]; done || len(others) != 1 || a.DateOfBirth.IsZero() || a.ExpiryDate.IsZero() {
		return
	}
	d := dates[others[0]]
	if d.d.After(a.DateOfBirth) && d.d.Before(a.ExpiryDate) && !d.d.After(now) {
		addDate(p, IssueDate, d.d, d.s)
	}
}

// anchoredFactor lowers the confidence of a value found by its place or by the MRZ rather than by
// its label.
const anchoredFactor = 0.9

func addDate(p *Page, name Name, d time.Time, s *segment) {
	if _, done := p.Fields[name]; done {
		return
	}
	p.add(name, Field{Value: d.Format(time.DateOnly), Confidence: s.Confidence * anchoredFactor})
}

// repeats reports a printed value that is the MRZ's own.
func repeats(name Name, value string, a Anchors) bool {
	switch name {
	case Surname:
		return a.Surname != "" && sameName(value, a.Surname)
	case GivenNames:
		return a.GivenNames != "" && sameName(value, a.GivenNames)
	case DocumentNumber:
		return a.DocumentNumber != "" && sameNumber(value, a.DocumentNumber)
	}
	return false
}
