package fieldvalue_test

import (
	"math"
	"testing"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

func TestCompareNames(t *testing.T) {
	cases := []struct {
		name, printed, mrz string
		want               fieldvalue.NameComparison
	}{
		{"umlaut expanded", "MÜLLER", "MUELLER", same},
		{"umlaut to base", "Müller", "MULLER", same},
		{"Danish Ø", "ØSTERGAARD", "OESTERGAARD", same},
		{"Danish Ø to O", "ØSTERGAARD", "OSTERGAARD", same},
		{"Icelandic", "ÞÓRSDÓTTIR", "THORSDOTTIR", same},
		{"sharp s", "STRAẞE", "STRASSE", same},
		{"Polish", "ŁUKASZ", "LUKASZ", same},
		{"French", "FRANÇOIS", "FRANCOIS", same},
		{"filler as '<'", "JEAN-PIERRE", "JEAN<PIERRE", same},
		{"MRZ without the filler", "DE LA CRUZ", "DELACRUZ", same},
		{"MRZ with trailing fillers", "ERIKSSON", "ERIKSSON<<<<<<", same},
		{"apostrophe omitted", "D'ARTAGNAN", "DARTAGNAN", same},
		{"apostrophe as filler", "O'NEILL", "O NEILL", same},
		{"given names", "Anna Maria", "ANNA MARIA", same},
		{"Cyrillic", "Юлия", "IULIIA", same},
		{"Greek", "ΠΑΠΑΔΟΠΟΥΛΟΣ", "PAPADOPOULOS", same},
		{"TD1 truncated", "WOLFESCHLEGELSTEINHAUSENBERGERDORFF", "WOLFESCHLEGELSTEINHAUSENB", truncated},
		{"TD1 truncated umlaut", "MÜLLER-LÜDENSCHEIDT", "MUELLER LUEDENSCH", truncated},
		{"given name cut to an initial", "ANNA MARIA", "ANNA M", truncated},
		{"last given name dropped", "JEAN PIERRE MARIE", "JEAN PIERRE", truncated},
		{"umlaut lost by OCR", "MULLER", "MUELLER", fieldvalue.NameComparison{Score: 6.0 / 7}},
		{"one letter off", "SMITH", "SMYTH", fieldvalue.NameComparison{Score: 0.8}},
		{"different", "SCHMIDT", "MEYER", fieldvalue.NameComparison{Score: 0}},
		{"different, letters shared", "MEYER", "MAYER", fieldvalue.NameComparison{Score: 0.8}},
		{"printed shorter", "ANNA", "ANNAMARIA", fieldvalue.NameComparison{Score: 4.0 / 9}},
		{"empty MRZ", "ANNA", "", fieldvalue.NameComparison{}},
		{"empty printed", "", "ANNA", fieldvalue.NameComparison{}},
		{"fillers only", "ANNA", "<<<<", fieldvalue.NameComparison{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := fieldvalue.CompareNames(c.printed, c.mrz)
			if got.Same != c.want.Same || got.Truncated != c.want.Truncated || math.Abs(got.Score-c.want.Score) > 1e-9 {
				t.Fatalf("CompareNames(%q, %q) = %+v, want %+v", c.printed, c.mrz, got, c.want)
			}
			if sn := fieldvalue.SameName(c.printed, c.mrz); sn != (c.want.Same || c.want.Truncated) {
				t.Fatalf("SameName(%q, %q) = %v", c.printed, c.mrz, sn)
			}
		})
	}
}

var (
	same      = fieldvalue.NameComparison{Same: true, Score: 1}
	truncated = fieldvalue.NameComparison{Truncated: true, Score: 1}
)
