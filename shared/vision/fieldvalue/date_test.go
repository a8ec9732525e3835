package fieldvalue_test

import (
	"math"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

func day(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }

// near is the anchor of a printed date that the MRZ gives too.
func near(y, m, d int) fieldvalue.Anchor { return fieldvalue.Anchor{Near: day(y, m, d)} }

// Anchors as an extraction sets them for a holder born 1980-05-14 whose document expires
// 2034-06-30, read on 2026-05-01.
var (
	noAnchor    = fieldvalue.Anchor{}
	today       = fieldvalue.Anchor{NotAfter: day(2026, 5, 1)}
	issueAnchor = fieldvalue.Anchor{NotBefore: day(1980, 5, 14), NotAfter: day(2034, 6, 30)}
)

type dateCase struct {
	name   string
	in     string
	anchor fieldvalue.Anchor
	want   string  // ISO date; "" when ParseDate must refuse
	conf   float64 // 0 means 1
	swap   bool    // DayMonthAmbiguous
}

func runDateCases(t *testing.T, cases []dateCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, ok := fieldvalue.ParseDate(c.in, c.anchor)
			if c.want == "" {
				if ok {
					t.Fatalf("ParseDate(%q) = %s, want no date", c.in, d.ISO())
				}
				return
			}
			if !ok {
				t.Fatalf("ParseDate(%q): no date, want %s", c.in, c.want)
			}
			conf := c.conf
			if conf == 0 {
				conf = 1
			}
			if d.ISO() != c.want || math.Abs(d.Confidence-conf) > 1e-9 || d.DayMonthAmbiguous != c.swap {
				t.Fatalf("ParseDate(%q) = %s conf %.4f swap %v, want %s conf %.4f swap %v",
					c.in, d.ISO(), d.Confidence, d.DayMonthAmbiguous, c.want, conf, c.swap)
			}
		})
	}
}

func TestParseDateNumeric(t *testing.T) {
	runDateCases(t, []dateCase{
		{"dots", "01.07.2009", noAnchor, "2009-07-01", 0, true},
		{"slashes", "01/07/2009", noAnchor, "2009-07-01", 0, true},
		{"dashes", "01-07-2009", noAnchor, "2009-07-01", 0, true},
		{"one digit day and month", "1.7.2009", noAnchor, "2009-07-01", 0, true},
		{"Czech spacing", "1. 7. 2009", noAnchor, "2009-07-01", 0, true},
		{"French 2021 card spaces", "01 07 2009", noAnchor, "2009-07-01", 0, true},
		{"ISO", "2009-07-01", noAnchor, "2009-07-01", 0, false},
		{"year first dots", "2009.07.01", noAnchor, "2009-07-01", 0, false},
		{"Hungarian", "1985. 05. 14.", noAnchor, "1985-05-14", 0, false},
		{"day over 12 is unambiguous", "14.05.1985", noAnchor, "1985-05-14", 0, false},
		{"same day and month", "05.05.1985", noAnchor, "1985-05-05", 0, false},
		{"US form read day first", "07/01/2009", noAnchor, "2009-01-07", 0, true},
		{"trailing dot", "01.07.2009.", noAnchor, "2009-07-01", 0, true},
		{"surrounding spaces", "  01.07.2009  ", noAnchor, "2009-07-01", 0, true},
		{"two-digit year before today", "01.07.09", today, "2009-07-01", 0.9, true},
		{"two-digit year no anchor", "01.07.09", noAnchor, "", 0, false},
		{"leap day", "29.02.2020", noAnchor, "2020-02-29", 0, false},
		{"leap day in 2000", "29.02.00", near(1999, 1, 1), "2000-02-29", 0.9, false},
		{"OCR O for zero", "O1.07.2009", noAnchor, "2009-07-01", 0.8, true},
		{"OCR three confusions", "O1.07.2OO9", noAnchor, "2009-07-01", 0.512, true},
		{"OCR l and S and B", "l5.08.198S", noAnchor, "1985-08-15", 0.64, false},
		{"OCR I for one", "I4.05.1985", noAnchor, "1985-05-14", 0.8, false},
		{"OCR four confusions", "O1.O7.2OO9", noAnchor, "", 0, false},
		{"no real digit", "IO.OI.2009", noAnchor, "", 0, false},
		{"31 February", "31.02.2009", noAnchor, "", 0, false},
		{"29 February 2019", "29.02.2019", noAnchor, "", 0, false},
		{"month 13", "01.13.2009", noAnchor, "", 0, false},
		{"month 0", "01.00.2009", noAnchor, "", 0, false},
		{"day 0", "00.01.2009", noAnchor, "", 0, false},
		{"day 32", "32.01.2009", noAnchor, "", 0, false},
		{"ISO month 13", "2009-13-01", noAnchor, "", 0, false},
		{"year too old", "01.01.1799", noAnchor, "", 0, false},
		{"three-digit year", "01.01.209", noAnchor, "", 0, false},
		{"mixed separators", "01.07/2009", noAnchor, "", 0, false},
		{"two separators", "01..07.2009", noAnchor, "", 0, false},
		{"spaces and a two-digit year", "01 07 09", today, "", 0, false},
		{"glued digits", "01072009", noAnchor, "", 0, false},
		{"text after", "01.07.2009 BERLIN", noAnchor, "", 0, false},
		{"text before", "DOB 01.07.2009", noAnchor, "", 0, false},
		{"empty", "", noAnchor, "", 0, false},
		{"blank", "   ", noAnchor, "", 0, false},
		{"two dates", "01.07.2009 01.07.2019", noAnchor, "", 0, false},
	})
}

func TestParseDateNamed(t *testing.T) {
	runDateCases(t, []dateCase{
		{"English", "01 JUL 2014", noAnchor, "2014-07-01", 0, false},
		{"English two-digit year", "01 JUL 14", today, "2014-07-01", 0.9, false},
		{"Polish/English", "13 LIP/JUL 2006", noAnchor, "2006-07-13", 0, false},
		{"Norwegian/English two-digit", "31 DES/DEC 66", near(1966, 12, 31), "1966-12-31", 0.9, false},
		{"French/English lower case", "8 Août/Aug 2006", noAnchor, "2006-08-08", 0, false},
		{"French accent dropped", "8 AOUT/AUG 2006", noAnchor, "2006-08-08", 0, false},
		{"Hungarian/English", "01 MÁR/MAR 12", today, "2012-03-01", 0.9, false},
		{"German/English", "14 MAI/MAY 1985", noAnchor, "1985-05-14", 0, false},
		{"Italian/English", "22 GEN/JAN 2010", noAnchor, "2010-01-22", 0, false},
		{"Czech/English", "5 ÚNO/FEB 2001", noAnchor, "2001-02-05", 0, false},
		{"Czech accent dropped", "5 UNO/FEB 2001", noAnchor, "2001-02-05", 0, false},
		{"Romanian/English", "03 OCT/OCT 2011", noAnchor, "2011-10-03", 0, false},
		{"UK passport", "01 JUL /JUIL 14", today, "2014-07-01", 0.9, false},
		{"ICAO specimen birth", "12 AUG/AOUT 74", near(1974, 8, 12), "1974-08-12", 0.9, false},
		{"ICAO specimen issue", "16 APR/AVR 07", issueAnchor, "2007-04-16", 0.9, false},
		{"Dutch", "14 MEI/MAY 1985", noAnchor, "1985-05-14", 0, false},
		{"Dutch March", "01 MAA/MAR 2010", noAnchor, "2010-03-01", 0, false},
		{"Spanish", "01 DIC/DEC 2014", noAnchor, "2014-12-01", 0, false},
		{"Italian", "01 OTT/OCT 2014", noAnchor, "2014-10-01", 0, false},
		{"Portuguese", "01 OUT/OCT 2014", noAnchor, "2014-10-01", 0, false},
		{"Danish", "01 MAJ/MAY 2014", noAnchor, "2014-05-01", 0, false},
		{"Swedish full", "1 augusti 2014", noAnchor, "2014-08-01", 0, false},
		{"Finnish", "14 TOUKO/MAY 1985", noAnchor, "1985-05-14", 0, false},
		{"Finnish partitive", "14. toukokuuta 1985", noAnchor, "1985-05-14", 0, false},
		{"Icelandic", "01 JÚL/JUL 2014", noAnchor, "2014-07-01", 0, false},
		{"Estonian", "01 DETS/DEC 2014", noAnchor, "2014-12-01", 0, false},
		{"Latvian", "01 JŪN/JUN 2014", noAnchor, "2014-06-01", 0, false},
		{"Lithuanian", "14 GEG/MAY 1985", noAnchor, "1985-05-14", 0, false},
		{"Croatian July", "01 SRP/JUL 2014", noAnchor, "2014-07-01", 0, false},
		{"Czech August", "01 SRP/AUG 2014", noAnchor, "2014-08-01", 0, false},
		{"Croatian October", "13 LIS/OCT 2006", noAnchor, "2006-10-13", 0, false},
		{"Polish November", "13 LIS/NOV 2006", noAnchor, "2006-11-13", 0, false},
		{"Croatian June", "13 LIP/JUN 2006", noAnchor, "2006-06-13", 0, false},
		{"Slovenian", "01 AVG/AUG 2014", noAnchor, "2014-08-01", 0, false},
		{"Slovak", "01 JÚL/JUL 2014", noAnchor, "2014-07-01", 0, false},
		{"Romanian", "01 IUL/JUL 2014", noAnchor, "2014-07-01", 0, false},
		{"Greek transliterated", "01 IOUL/JUL 2014", noAnchor, "2014-07-01", 0, false},
		{"Greek script", "14 ΜΑΪ/MAY 1985", noAnchor, "1985-05-14", 0, false},
		{"Turkish", "14 Mayıs 1985", noAnchor, "1985-05-14", 0, false},
		{"Turkish August", "1 AĞU/AUG 2006", noAnchor, "2006-08-01", 0, false},
		{"Turkish August no accent", "1 AGU/AUG 2006", noAnchor, "2006-08-01", 0, false},
		{"German genitive-free", "14. Mai 1985", noAnchor, "1985-05-14", 0, false},
		{"Austrian January", "1. Jänner 2000", noAnchor, "2000-01-01", 0, false},
		{"Polish genitive", "13 lipca 2006", noAnchor, "2006-07-13", 0, false},
		{"Czech genitive", "5. února 2001", noAnchor, "2001-02-05", 0, false},
		{"Spanish connectors", "14 de mayo de 1985", noAnchor, "1985-05-14", 0, false},
		{"English ordinal", "1st of July 2014", noAnchor, "2014-07-01", 0, false},
		{"French ordinal", "1er janvier 2000", noAnchor, "2000-01-01", 0, false},
		{"dashes", "01-JUL-2014", noAnchor, "2014-07-01", 0, false},
		{"dots", "01.JUL.2014", noAnchor, "2014-07-01", 0, false},
		{"abbreviation dot", "01 JUIL. 2014", noAnchor, "2014-07-01", 0, false},
		{"abbreviation dot in pair", "01 AUG./AOÛT 2014", noAnchor, "2014-08-01", 0, false},
		{"three languages", "01 JUIL/JUL/LUG 2014", noAnchor, "2014-07-01", 0, false},
		{"glued", "01JUL2014", noAnchor, "2014-07-01", 0, false},
		{"Hungarian year first", "1985. május 14.", noAnchor, "1985-05-14", 0, false},
		{"Hungarian abbreviation", "2009. JÚL. 01.", noAnchor, "2009-07-01", 0, false},
		{"month first", "JUL 1, 2014", noAnchor, "2014-07-01", 0, false},
		{"month first full", "July 4 1976", noAnchor, "1976-07-04", 0, false},
		{"one name unknown", "01 JUI/JUL 2014", noAnchor, "2014-07-01", 0.8, false},
		{"OCR zero in OCT", "03 0CT/OCT 2011", noAnchor, "2011-10-03", 0.8, false},
		{"OCR in the year", "14 MAY 198S", noAnchor, "1985-05-14", 0.8, false},
		{"ambiguous alone", "13 LIS 2006", noAnchor, "", 0, false},
		{"pair disagrees", "13 LIP/AUG 2006", noAnchor, "", 0, false},
		{"not a month", "12 BERLIN 1985", noAnchor, "", 0, false},
		{"no name recognised", "01 ABC/DEF 2014", noAnchor, "", 0, false},
		{"31 April", "31 APR 2014", noAnchor, "", 0, false},
		{"day of three digits", "101 JUL 2014", noAnchor, "", 0, false},
		{"month first two-digit year", "JUL 1 14", today, "", 0, false},
	})
}

// TestTwoDigitYears checks the century each anchor chooses.
func TestTwoDigitYears(t *testing.T) {
	runDateCases(t, []dateCase{
		{"near the MRZ birth", "31 DES/DEC 66", near(1966, 12, 31), "1966-12-31", 0.9, false},
		{"near a misread MRZ birth", "30.12.66", near(1966, 12, 31), "1966-12-30", 0.9, false},
		{"near the MRZ expiry", "15.04.32", near(2032, 4, 15), "2032-04-15", 0.9, false},
		{"birth not after today", "01.01.26", today, "2026-01-01", 0.9, false},
		{"licence birth, no MRZ", "31 DES/DEC 66", today, "1966-12-31", 0.9, false},
		{"birth not after today, past century", "02.05.26", today, "1926-05-02", 0.9, true},
		{"issue between birth and expiry", "01.07.14", issueAnchor, "2014-07-01", 0.9, true},
		{"issue before the birth's century", "01.07.81", issueAnchor, "1981-07-01", 0.9, true},
		{"issue: the latest that fits", "01.07.34", fieldvalue.Anchor{NotBefore: day(1930, 1, 1),
			NotAfter: day(2034, 6, 30)}, "1934-07-01", 0.9, true},
	})
	runDateCases(t, []dateCase{
		{"bounds exclude all", "01.07.50", fieldvalue.Anchor{NotBefore: day(2000, 1, 1), NotAfter: day(2040, 1, 1)},
			"", 0, false},
		{"after a licence issue", "01.07.33", fieldvalue.Anchor{NotBefore: day(2019, 1, 1)}, "2033-07-01", 0.9, true},
		{"near and bounded", "01.07.25", fieldvalue.Anchor{Near: day(1990, 1, 1), NotBefore: day(2000, 1, 1)},
			"2025-07-01", 0.9, true},
		{"anchor time of day ignored", "01.05.26", fieldvalue.Anchor{NotAfter: time.Date(2026, 5, 1, 23, 59, 0, 0,
			time.UTC)}, "2026-05-01", 0.9, true},
		{"four digits ignore the anchor", "01.07.1914", near(2014, 1, 1), "1914-07-01", 0, true},
		{"anchor out of range", "01.07.14", near(9000, 1, 1), "", 0, false},
	})
}

func TestDateISOAndTime(t *testing.T) {
	d := fieldvalue.Date{Year: 985, Month: 3, Day: 4}
	if d.ISO() != "0985-03-04" {
		t.Fatalf("ISO = %q", d.ISO())
	}
	if !d.Time().Equal(time.Date(985, 3, 4, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("Time = %v", d.Time())
	}
}
