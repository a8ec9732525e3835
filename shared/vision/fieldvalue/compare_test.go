package fieldvalue_test

import (
	"testing"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

func TestSameDate(t *testing.T) {
	cases := []struct {
		name, printed, mrz string
		want               bool
	}{
		{"numeric", "12.08.1974", "1974-08-12", true},
		{"named two-digit year", "12 AUG/AOUT 74", "1974-08-12", true},
		{"two-digit year takes the MRZ's century", "31 DES/DEC 66", "1966-12-31", true},
		{"future expiry", "15.04.32", "2032-04-15", true},
		{"US month first", "07/01/2009", "2009-07-01", true},
		{"day first", "07/01/2009", "2009-01-07", true},
		{"unambiguous order", "14/05/1985", "1985-05-14", true},
		{"swap not offered over 12", "05/14/1985", "1985-05-14", false},
		{"named forms are not swapped", "07 JAN 2009", "2009-07-01", false},
		{"MRZ year and month only", "01.07.2009", "2009-07", true},
		{"MRZ year only", "01.07.2009", "2009", true},
		{"MRZ month differs", "01.07.2009", "2009-08", false},
		{"one day off", "13.08.1974", "1974-08-12", false},
		{"other century in print", "12.08.2074", "1974-08-12", false},
		{"OCR confusion", "I2.O8.1974", "1974-08-12", true},
		{"empty MRZ date", "12.08.1974", "", false},
		{"malformed MRZ date", "12.08.1974", "1974-8-12", false},
		{"signed MRZ year", "12.08.1974", "+974-08-12", false},
		{"impossible MRZ date", "31.02.1974", "1974-02-31", false},
		{"printed no date", "BERLIN", "1974-08-12", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fieldvalue.SameDate(c.printed, c.mrz); got != c.want {
				t.Fatalf("SameDate(%q, %q) = %v", c.printed, c.mrz, got)
			}
		})
	}
}

func TestSameNumber(t *testing.T) {
	cases := []struct {
		name, printed, mrz string
		want               bool
	}{
		{"equal", "L01X00T47", "L01X00T47", true},
		{"spaces", "AB 123 456", "AB123456", true},
		{"MRZ fillers", "X1234567", "X1234567<<", true},
		{"hyphen", "12-345-678", "12345678", true},
		{"lower case", "ab123456", "AB123456", true},
		{"O for 0", "C01X00T4O", "C01X00T40", true},
		{"0 for O in the MRZ", "OX12", "0X12", true},
		{"I and l for 1", "Il23", "1123", true},
		{"S for 5", "5TS", "STS", true},
		{"B for 8", "B8", "88", true},
		{"Z for 2", "Z2", "22", true},
		{"G for 6", "G6", "66", true},
		{"Q for 0", "Q0", "00", true},
		{"different digit", "L01X00T47", "L01X00T48", false},
		{"one missing", "L01X00T4", "L01X00T47", false},
		{"L is no confusion", "L1", "11", false},
		{"empty", "", "", false},
		{"punctuation only", "--", "<<", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fieldvalue.SameNumber(c.printed, c.mrz); got != c.want {
				t.Fatalf("SameNumber(%q, %q) = %v", c.printed, c.mrz, got)
			}
		})
	}
}

func TestSameCode(t *testing.T) {
	cases := []struct {
		name, printed, mrz string
		want               bool
	}{
		{"codes", "FRA", "FRA", true},
		{"Germany's D", "DEU", "D", true},
		{"Germany's D with fillers", "D", "D<<", true},
		{"German card", "DEUTSCH", "D", true},
		{"French with accent", "Française", "FRA", true},
		{"French pair", "FRANÇAISE/FRENCH", "FRA", true},
		{"Italian", "ITALIANA", "ITA", true},
		{"Spanish accent dropped", "ESPANOLA", "ESP", true},
		{"Dutch", "Nederlandse", "NLD", true},
		{"Polish", "POLSKIE", "POL", true},
		{"Austrian", "ÖSTERREICH", "AUT", true},
		{"British", "BRITISH CITIZEN", "GBR", true},
		{"Greek script", "ΕΛΛΗΝΙΚΗ", "GRC", true},
		{"Czech", "ČESKÁ REPUBLIKA", "CZE", true},
		{"lower case code", "fra", "FRA", true},
		{"different codes", "FRA", "DEU", false},
		{"unknown name", "UTOPIAN", "UTO", false},
		{"ambiguous word left out", "SLOVENSKO", "SVK", false},
		{"empty", "", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fieldvalue.SameCode(c.printed, c.mrz); got != c.want {
				t.Fatalf("SameCode(%q, %q) = %v", c.printed, c.mrz, got)
			}
		})
	}
}

func TestFold(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Août", "AOUT"},
		{"AOÛT", "AOUT"},
		{"Müller", "MULLER"},
		{"Mu\u0308ller", "MULLER"},
		{"  Jean \t Pierre ", "JEAN PIERRE"},
		{"Straße", "STRAßE"},
		{"Østergaard", "ØSTERGAARD"},
		{"Łukasz", "ŁUKASZ"},
		{"ışık", "ISIK"},
		{"Ευάγγελος", "ΕΥΑΓΓΕΛΟΣ"},
		{"", ""},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := fieldvalue.Fold(c.in); got != c.want {
				t.Fatalf("Fold(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
