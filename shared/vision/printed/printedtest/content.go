package printedtest

import (
	"slices"
	"strings"
	"time"
)

// reference is the set's "today": issue dates run up to it and the MRZ's two-digit years are
// resolved against it (tests pass it to mrz.Parse). A fixed date keeps the set the same every year.
var reference = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Reference is the date the set is generated as of: documents are issued before it, some have
// expired by it. Pass it to mrz.Parse to resolve the MRZ's two-digit years as the set means them.
func Reference() time.Time { return reference }

// doc is what one page prints and encodes, before any layout: the values as the holder's
// documents would have them, and where the page is inconsistent, the MRZ's own.
type doc struct {
	kind        Kind
	iss         *issuer
	code        string // MRZ document code: P, ID, I, CI, AR, IR
	number      string
	surname     string
	given       string
	sex         byte // M or F
	birth       time.Time
	issued      time.Time
	expiry      time.Time
	place       string
	authority   string
	nationality string // MRZ code: D, FRA, UKR
	nationText  string // as printed
	personal    string // as printed; "" when not printed
	categories  []string

	// The MRZ's values: the printed ones, except on an inconsistent page.
	mrzSurname, mrzNumber string
	mrzBirth, mrzExpiry   time.Time
	disagree              []string
	mrz                   []string
}

// inconsistentShare is the share of MRZ pages whose printed values differ from their zone's.
const inconsistentShare = 0.05

// licenceCategories are the categories of Directive 2006/126/EC in the order licences list them.
var licenceCategories = []string{"AM", "A1", "A2", "A", "B1", "B", "BE", "C1", "C1E", "C", "CE", "D1", "D1E",
	"D", "DE", "T"}

// newDoc draws the holder and the document of one page.
func newDoc(r *rng, kind Kind) *doc {
	var candidates []*issuer
	for _, s := range issuers {
		if s.hasKind(kind) {
			candidates = append(candidates, s)
		}
	}
	d := &doc{kind: kind, iss: pick(r, candidates)}
	d.sex = "MF"[r.IntN(2)]
	surnames, men, women, places := d.iss.surnames, d.iss.men, d.iss.women, d.iss.places
	d.nationality = d.iss.mrzCode
	if kind == ResidencePermit {
		f := pick(r, foreigners)
		surnames, men, women, places = f.surnames, f.men, f.women, f.places
		d.nationality = f.nationality
	}
	form := 0
	given := men
	if d.sex == 'F' {
		form, given = 1, women
	}
	width := 39 // TD3's name field
	if kind != Passport {
		width = 30 // TD1's; licences keep to it too
	}
	for {
		d.surname = pick(r, surnames)[form]
		d.given = pick(r, given)
		if r.chance(0.2) {
			if more := pick(r, given); !strings.Contains(d.given, more) {
				d.given += " " + more
			}
		}
		if len(mrzNameField(d.surname, d.given)) <= width {
			break
		}
	}
	d.place = pick(r, places)

	// Dates: issued within the last 14 years (licences of the EU model since 2013); the holder an
	// adult at issue, or a child on one passport in ten.
	from := time.Date(2012, 1, 1, 0, 0, 0, 0, time.UTC)
	if kind == DrivingLicence {
		from = time.Date(2013, 1, 19, 0, 0, 0, 0, time.UTC)
	}
	d.issued = from.AddDate(0, 0, r.IntN(int(reference.Sub(from).Hours()/24)))
	age := 18 + r.IntN(62)
	if kind == Passport && r.chance(0.1) {
		age = 1 + r.IntN(17)
	}
	d.birth = d.issued.AddDate(-age, 0, -r.IntN(365))
	years := 10
	switch {
	case kind == Passport && age < 18:
		years = 5
	case kind == ResidencePermit:
		years = 1 + r.IntN(5)
	case kind == DrivingLicence && d.iss.code != "GBR":
		years = 15
	}
	d.expiry = d.issued.AddDate(years, 0, 0)
	if r.chance(0.5) {
		d.expiry = d.expiry.AddDate(0, 0, -1) // valid "until the day before", as many states print
	}

	switch kind {
	case Passport:
		d.code, d.number, d.authority = "P", number(r, d.iss.passport), pick(r, d.iss.authorities)
	case IDCard:
		d.code, d.number, d.authority = d.iss.idCode, number(r, d.iss.card), pick(r, d.iss.authorities)
	case ResidencePermit:
		d.code, d.number, d.authority = d.iss.permitCode, number(r, d.iss.permit), pick(r, d.iss.permitBy)
	case DrivingLicence:
		d.authority = pick(r, d.iss.licenceBy)
		if d.iss.licenceNumber != nil {
			d.number = d.iss.licenceNumber(r, d)
		} else {
			d.number = number(r, d.iss.licence)
		}
		d.categories = categories(r)
	}
	d.nationText = d.nationality
	switch {
	case kind == Passport && r.chance(0.75), kind == IDCard && r.chance(0.5):
		d.nationText = pick(r, d.iss.nationality)
	case d.nationality == "D":
		d.nationText = "DEU"
	}
	if d.iss.personal != nil && kind != ResidencePermit && r.chance(0.7) {
		d.personal = d.iss.personal(r, d)
	}

	d.mrzSurname, d.mrzNumber, d.mrzBirth, d.mrzExpiry = d.surname, d.number, d.birth, d.expiry
	if kind == DrivingLicence {
		return d
	}
	if r.chance(inconsistentShare) {
		d.disagreeWithMRZ(r, surnames, form, width)
	}
	if kind == Passport {
		d.mrz = td3(d)
	} else {
		d.mrz = td1(d)
	}
	return d
}

// override gives the document the number and expiry date of o, when set, in both zones.
func (d *doc) override(o options) {
	if o.number == "" && o.expiry.IsZero() {
		return
	}
	if o.number != "" {
		d.number, d.mrzNumber = o.number, o.number
	}
	if !o.expiry.IsZero() {
		d.expiry, d.mrzExpiry = o.expiry, o.expiry
	}
	switch d.kind {
	case Passport:
		d.mrz = td3(d)
	case DrivingLicence:
	default:
		d.mrz = td1(d)
	}
}

// categories draws the categories a licence holder has: always B, often more.
func categories(r *rng) []string {
	has := map[string]bool{"B": true}
	for _, extra := range [][]string{{"AM"}, {"A1"}, {"A2", "A"}, {"BE"}, {"C1", "C1E"}, {"C", "CE"}, {"T"}} {
		if r.chance(0.3) {
			for _, c := range extra {
				has[c] = true
			}
		}
	}
	if r.chance(0.1) { // a bus driver
		has["D1"], has["D"] = true, true
	}
	var out []string
	for _, c := range licenceCategories {
		if has[c] {
			out = append(out, c)
		}
	}
	return out
}

// disagreeWithMRZ makes the MRZ differ from the printed page in one field, as a document whose
// data page was altered, or whose zone was reprinted from an earlier document, does.
func (d *doc) disagreeWithMRZ(r *rng, surnames [][2]string, form, width int) {
	switch r.IntN(4) {
	case 0: // printed 2024, MRZ 2019
		d.mrzExpiry = d.expiry.AddDate(-5, 0, 0)
		d.disagree = []string{FieldExpiryDate}
	case 1: // a married name printed, the former one in the zone
		for range 20 {
			s := pick(r, surnames)[form]
			if Transliterate(s) != Transliterate(d.surname) && len(mrzNameField(s, d.given)) <= width {
				d.mrzSurname = s
				d.disagree = []string{FieldSurname}
				return
			}
		}
		d.mrzExpiry = d.expiry.AddDate(-5, 0, 0)
		d.disagree = []string{FieldExpiryDate}
	case 2: // day and month swapped, or the year a decade off
		d.mrzBirth = time.Date(d.birth.Year(), time.Month(d.birth.Day()), int(d.birth.Month()), 0, 0, 0, 0, time.UTC)
		if d.birth.Day() > 12 || d.mrzBirth.Equal(d.birth) {
			d.mrzBirth = d.birth.AddDate(-10, 0, 0)
		}
		d.disagree = []string{FieldDateOfBirth}
	default: // one character of the number changed
		b := []byte(d.number)
		i := len(b) - 1
		for i > 0 && (b[i] < '0' || b[i] > '9') {
			i--
		}
		if b[i] >= '0' && b[i] <= '9' {
			b[i] = '0' + (b[i]-'0'+1+byte(r.IntN(8)))%10
		} else {
			b[i] = 'A' + (b[i]-'A'+1+byte(r.IntN(24)))%26
		}
		d.mrzNumber = string(b)
		d.disagree = []string{FieldDocumentNumber}
	}
	slices.Sort(d.disagree)
}

// mrzFields is the MRZ's side of the page's disagreements, as Truth.MRZFields gives it.
func (d *doc) mrzFields() *Fields {
	if len(d.disagree) == 0 {
		return nil
	}
	f := &Fields{}
	for _, name := range d.disagree {
		switch name {
		case FieldExpiryDate:
			f.ExpiryDate = d.mrzExpiry.Format(time.DateOnly)
		case FieldSurname:
			f.Surname = strings.Join(strings.FieldsFunc(Transliterate(d.mrzSurname), isFiller), " ")
		case FieldDateOfBirth:
			f.DateOfBirth = d.mrzBirth.Format(time.DateOnly)
		case FieldDocumentNumber:
			f.DocumentNumber = d.mrzNumber
		}
	}
	return f
}

func isFiller(r rune) bool { return r == '<' }
