package verification

import "fmt"

// minimumAge: the holder is at least the minimum age on the day of the verification, by the
// document's date of birth (a birthday counts from its day; 29 February from 1 March in other
// years). A partial date of birth decides when every day it may be does.
func (r *run) minimumAge() outcome {
	if r.in.MinimumAge <= 0 {
		return notApplicable("no minimum age")
	}
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	v := value(r.doc.DateOfBirth)
	birth, ok := parseSpan(v)
	switch {
	case v == "" || !ok:
		return inconclusive("no date of birth was read")
	case ageOn(birth.last, r.today) >= r.in.MinimumAge:
		return pass(fmt.Sprintf("%d or older on %s", r.in.MinimumAge, r.today.Format("2006-01-02")))
	case ageOn(birth.first, r.today) < r.in.MinimumAge:
		return fail(fmt.Sprintf("%d years old on %s, under %d", ageOn(birth.first, r.today),
			r.today.Format("2006-01-02"), r.in.MinimumAge))
	}
	return inconclusive(fmt.Sprintf("a date of birth of %s may make the holder %d or not", birth, r.in.MinimumAge))
}
