package printed

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/trustline/platform/shared/vision/ocr"
)

// A driving licence's fields, as Directive 2006/126/EC numbers them on the card.
var licenceFields = map[string]Name{
	"1": Surname, "2": GivenNames, "3": DateOfBirth, "4A": IssueDate, "4B": ExpiryDate,
	"4C": IssuingAuthority, "4D": PersonalNumber, "5": DocumentNumber, "9": Categories,
}

// licenceNumber is a field's number at the start of a line: "1.", "4a.", "4 b", "5)", "9:".
// A number runs into no digit: "19.01.2013" is a date, not field 1.
// OCR reads the 4 of "4b" as an A at times: "ab." is field 4b.
var licenceNumber = regexp.MustCompile(`^\s*(1|2|3|[4aA]\s?[abcdABCD]|5|9)(?:\s*[.,:)]\s*|\s+|$)(.*)$`)

// licenceTitles are the card's title in the languages of the EU and EEA, folded.
var licenceTitles = []string{
	"DRIVING LICENCE", "DRIVING LICENSE", "FUHRERSCHEIN", "PERMIS DE CONDUIRE", "PERMISO DE CONDUCCION",
	"PATENTE DI GUIDA", "CARTA DE CONDUCAO", "RIJBEWIJS", "PRAWO JAZDY", "RIDICSKY PRUKAZ", "VODICSKY PREUKAZ",
	"VEZETOI ENGEDELY", "KOREKORT", "KORKORT", "FORERKORT", "AJOKORTTI", "OKUSKIRTEINI", "JUHILUBA",
	"VADITAJA APLIECIBA", "VAIRUOTOJO PAZYMEJIMAS", "VOZACKA DOZVOLA", "VOZNISKO DOVOLJENJE",
	"PERMIS DE CONDUCERE", "LICENZJA TAS SEWQAN", "FAHRAUSWEIS",
}

// licenceCategories are the categories the directive defines, and the national ones in use.
var licenceCategories = []string{
	"AM", "A1", "A2", "A", "B1", "B", "BE", "C1", "C1E", "C", "CE", "D1", "D1E", "D", "DE",
	// National categories several states print beside them (tractors, mopeds, machines).
	"T", "L", "M", "G", "F", "K",
}

// distinguishingSigns maps the sign printed in the licence's blue band to the ICAO code of the
// issuing state. Signs of one letter are left out: a stray mark reads as one.
var distinguishingSigns = map[string]string{
	"BG": "BGR", "CY": "CYP", "CZ": "CZE", "DK": "DNK", "EST": "EST", "FIN": "FIN", "FL": "LIE", "GR": "GRC",
	"HR": "HRV", "IRL": "IRL", "IS": "ISL", "LT": "LTU", "LV": "LVA", "NL": "NLD", "PL": "POL", "RO": "ROU",
	"SK": "SVK", "SLO": "SVN", "UK": "GBR", "GB": "GBR",
}

// countryNames are the states' names as licences print them under their title, in their own
// languages and in English, folded, with the ICAO code of each.
var countryNames = map[string]string{
	"OSTERREICH": "AUT", "REPUBLIK OSTERREICH": "AUT", "AUSTRIA": "AUT", "BELGIQUE": "BEL", "BELGIE": "BEL",
	"BELGIEN": "BEL", "BELGIUM": "BEL", "BULGARIA": "BGR", "HRVATSKA": "HRV", "CROATIA": "HRV", "CYPRUS": "CYP",
	"CESKA REPUBLIKA": "CZE", "CZECH REPUBLIC": "CZE", "CESKO": "CZE", "CZECHIA": "CZE", "DANMARK": "DNK",
	"DENMARK": "DNK", "EESTI": "EST", "ESTONIA": "EST", "SUOMI": "FIN", "FINLAND": "FIN", "FRANCE": "FRA",
	"REPUBLIQUE FRANCAISE": "FRA", "DEUTSCHLAND": "D", "BUNDESREPUBLIK DEUTSCHLAND": "D", "GERMANY": "D",
	"HELLAS": "GRC", "GREECE": "GRC", "MAGYARORSZAG": "HUN", "HUNGARY": "HUN", "ISLAND": "ISL",
	"ICELAND": "ISL", "EIRE": "IRL", "IRELAND": "IRL", "ITALIA": "ITA", "ITALY": "ITA",
	"REPUBBLICA ITALIANA": "ITA", "LATVIJA": "LVA", "LATVIA": "LVA", "LIECHTENSTEIN": "LIE", "LIETUVA": "LTU",
	"LITHUANIA": "LTU", "LUXEMBOURG": "LUX", "LETZEBUERG": "LUX", "MALTA": "MLT", "NEDERLAND": "NLD",
	"NETHERLANDS": "NLD", "KONINKRIJK DER NEDERLANDEN": "NLD", "NORGE": "NOR", "NOREG": "NOR", "NORWAY": "NOR",
	"POLSKA": "POL", "RZECZPOSPOLITA POLSKA": "POL", "POLAND": "POL", "PORTUGAL": "PRT", "ROMANIA": "ROU",
	"SLOVENSKO": "SVK", "SLOVENSKA REPUBLIKA": "SVK", "SLOVAKIA": "SVK", "SLOVENIJA": "SVN", "SLOVENIA": "SVN",
	"ESPANA": "ESP", "REINO DE ESPANA": "ESP", "SPAIN": "ESP", "SVERIGE": "SWE", "SWEDEN": "SWE",
	"UNITED KINGDOM": "GBR", "GREAT BRITAIN": "GBR", "SCHWEIZ": "CHE", "SUISSE": "CHE", "SVIZZERA": "CHE",
	"SWITZERLAND": "CHE",
}

// ReadLicence reads an EU or EEA driving licence's card from its lines as an OCR engine segmented
// them: the numbered fields 1 to 5 and 9. ok is false when the lines are not a licence's: neither
// its title nor at least three of its numbered fields, among them its number (5) or surname (1).
func ReadLicence(lines []ocr.Line, now time.Time) (Page, bool) {
	segs := prepare(lines)
	p := Page{Fields: map[Name]Field{}}
	titled := false
	numbered := map[string]bool{}
	var dob time.Time
	type found struct {
		number string
		text   string
		seg    *segment
	}
	var fields []found
	for i, s := range segs {
		if slices.ContainsFunc(licenceTitles, func(t string) bool { return strings.Contains(s.folded, t) }) {
			titled = true
			continue
		}
		m := licenceNumber.FindStringSubmatch(s.Text)
		if m == nil {
			continue
		}
		number := strings.ToUpper(strings.ReplaceAll(m[1], " ", ""))
		if number[0] == 'A' {
			number = "4" + number[1:]
		}
		text := strings.TrimSpace(m[2])
		if text == "" {
			// The number alone: its value is the next segment on the row.
			for _, v := range segs[i+1:] {
				if _, _, ok := beside(s, v); ok {
					text, s = v.Text, v
					break
				}
			}
		}
		name := licenceFields[number]
		if text == "" || numbered[number] || (name == Surname || name == GivenNames) && !startsWithLetter(text) {
			continue
		}
		numbered[number] = true
		fields = append(fields, found{number, text, s})
	}
	if !titled && (len(numbered) < 3 || !(numbered["5"] || numbered["1"])) {
		return Page{}, false
	}
	// Field 3 first: its date of birth anchors the two-digit years of the others.
	slices.SortStableFunc(fields, func(a, b found) int {
		return boolRank(a.number != "3") - boolRank(b.number != "3")
	})
	for _, f := range fields {
		name := licenceFields[f.number]
		conf := f.seg.Confidence
		switch name {
		case DateOfBirth:
			d, place, ok := dateAndPlace(f.text, now)
			if !ok {
				continue
			}
			dob = d
			p.add(DateOfBirth, Field{Value: d.Format(time.DateOnly), Confidence: conf})
			if place != "" {
				if pf, ok := parse(PlaceOfBirth, place, Anchors{}, now); ok {
					p.add(PlaceOfBirth, Field{Value: pf.Value, Confidence: conf})
				}
			}
		case Categories:
			p.Categories = categories(f.text)
			if len(p.Categories) > 0 {
				p.add(Categories, Field{Value: strings.Join(p.Categories, " "), Confidence: conf})
			}
		case ExpiryDate, IssueDate:
			a := Anchors{DateOfBirth: dob}
			if name == ExpiryDate {
				// A licence runs 10 to 15 years: the expiry's two-digit year is near now's.
				a.ExpiryDate = now
			}
			if v, ok := parse(name, f.text, a, now); ok {
				p.add(name, Field{Value: v.Value, Confidence: conf * v.Confidence})
			}
		case DocumentNumber:
			// Licence numbers are printed with spaces (UK: "MORGA753116SM9IJ 35"); kept as printed.
			v := strings.Join(strings.Fields(f.text), " ")
			if len(v) >= 5 && strings.ContainsAny(v, "0123456789") {
				p.add(name, Field{Value: strings.ToUpper(v), Confidence: conf})
			}
		default:
			if v, ok := parse(name, f.text, Anchors{}, now); ok {
				p.add(name, Field{Value: v.Value, Confidence: conf * v.Confidence})
			}
		}
	}
	if _, ok := p.Fields[Categories]; !ok {
		p.Categories = nil
	}
	p.Country, p.CountryNamed = countryOf(segs)
	return p, true
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dateAndPlace splits field 3, "12.03.1985 BERLIN" or "12.03.1985 (BERLIN)", into its date and
// the place after it; a two-digit year is the latest not after now.
func dateAndPlace(text string, now time.Time) (time.Time, string, bool) {
	ms := dateMatches(text, time.Time{}, now)
	if len(ms) == 0 {
		return time.Time{}, "", false
	}
	place := strings.Trim(strings.TrimSpace(text[ms[0].end:]), ",.;: ")
	if strings.HasPrefix(place, "(") && strings.HasSuffix(place, ")") {
		place = place[1 : len(place)-1] // "(BERLIN)"; "Halle (Saale)" keeps its own
	}
	return ms[0].date, place, true
}

// categories reads field 9's list ("AM/A1/B/BE", "B, BE", "A1 A B"), keeping the directive's
// categories in the order printed, each once.
func categories(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToUpper(text), func(r rune) bool {
		return r == '/' || r == ',' || r == ' ' || r == ';' || r == '.'
	}) {
		if slices.Contains(licenceCategories, w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// countryOf finds the issuing state: its name printed under the title (BUNDESREPUBLIK
// DEUTSCHLAND, SVERIGE / SWEDEN), else its distinguishing sign on a line of its own, the highest
// on the card either way. sure is true for a name.
func countryOf(segs []*segment) (code string, sure bool) {
	bestY := 0
	for _, s := range segs {
		c, byName := "", false
		for _, part := range labelParts(s.Text) {
			if c = countryNames[part]; c != "" {
				byName = true
				break
			}
		}
		if c == "" {
			c = distinguishingSigns[s.folded]
		}
		if c == "" || (code != "" && (sure && !byName || sure == byName && s.Box.Min.Y >= bestY)) {
			continue
		}
		code, sure, bestY = c, byName, s.Box.Min.Y
	}
	return code, sure
}

// startsWithLetter reports text whose first character is a letter: a name's field.
func startsWithLetter(text string) bool {
	for _, r := range text {
		return unicode.IsLetter(r)
	}
	return false
}
