package fieldvalue_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

func TestTransliterate(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string // the forms, in order
	}{
		{"German umlaut", "Müller", []string{"MUELLER", "MULLER", "MUXXLLER"}},
		{"already MRZ", "MUELLER", []string{"MUELLER"}},
		{"Danish Ø", "ØSTERGAARD", []string{"OESTERGAARD", "OSTERGAARD"}},
		{"Icelandic Þ and accents", "ÞÓRSDÓTTIR", []string{"THORSDOTTIR"}},
		{"Icelandic Ð", "Guðrún", []string{"GUDRUN"}},
		{"sharp s", "Straße", []string{"STRASSE"}},
		{"capital sharp s", "STRAẞE", []string{"STRASSE"}},
		{"Polish Ł", "Łukasz", []string{"LUKASZ"}},
		{"French cedilla", "François", []string{"FRANCOIS"}},
		{"French accents", "Thérèse", []string{"THERESE"}},
		{"Czech", "Dvořák", []string{"DVORAK"}},
		{"Vietnamese stacked marks", "Nguyễn", []string{"NGUYEN"}},
		{"Romanian comma below", "Ștefănescu", []string{"STEFANESCU"}},
		{"Turkish dotless and dotted i", "Işık İnce", []string{"ISIK INCE"}},
		{"Swedish Å", "Ångström", []string{"AANGSTROEM", "ANGSTROM", "AANGSTROM", "ANGSTROEM"}},
		{"Æ", "Sæther", []string{"SAETHER"}},
		{"Œ", "Cœur", []string{"COEUR"}},
		{"Ĳ ligature", "Ĳssel", []string{"IJSSEL"}},
		{"Ñ", "Muñoz", []string{"MUNOZ", "MUNXXOZ"}},
		{"Đ", "Đurđević", []string{"DURDEVIC", "DJURDJEVIC", "DURDJEVIC", "DJURDEVIC"}},
		{"hyphen", "Müller-Lüdenscheidt", []string{"MUELLER LUEDENSCHEIDT", "MULLER LUDENSCHEIDT",
			"MUXXLLER LUXXDENSCHEIDT"}},
		{"apostrophe omitted", "D'Artagnan", []string{"DARTAGNAN", "D ARTAGNAN"}},
		{"typographic apostrophe", "O’Neill", []string{"ONEILL", "O NEILL"}},
		{"spaces collapse", "  van   der  Berg ", []string{"VAN DER BERG"}},
		{"decomposed input", "Mu\u0308ller", []string{"MUELLER", "MULLER", "MUXXLLER"}},
		{"Russian", "Иванов", []string{"IVANOV", "YVANOV"}},
		{"Russian ICAO 2013", "Юлия Щукина", []string{"IULIIA SHCHUKINA", "YULYIA SHCHUKYNA", "YULIA SHTUKINA"}},
		{"Ukrainian", "Гончаренко", []string{"GONCHARENKO", "HONCHARENKO", "GONCARENKO"}},
		{"Ukrainian initial Є", "Євгенія", []string{"IEVGENIIA", "YEVHENIIA", "IEVGENIYA"}},
		{"Bulgarian", "Мария", []string{"MARIIA", "MARYIA", "MARIA"}},
		{"Serbian", "Живковић", []string{"ZHIVKOVIC", "ZHYVKOVYC", "ZIVKOVIC"}},
		{"Greek", "ΠΑΠΑΔΟΠΟΥΛΟΣ", []string{"PAPADOPOULOS"}},
		{"Greek ΓΓ and ΕΥ before a vowel", "Ευάγγελος", []string{"EVANGELOS"}},
		{"Greek ΕΥ before a voiceless", "Ευθυμίου", []string{"EFTHYMIOU"}},
		{"Greek diaeresis parts a digraph", "Μαΐου", []string{"MAIOU"}},
		{"Greek Χ and Η", "Χρήστος", []string{"CHRISTOS"}},
		{"no letters", "123 - ", nil},
		{"empty", "", nil},
		{"letters of no table", "李", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fieldvalue.Transliterate(c.in); !slices.Equal(got, c.want) {
				t.Fatalf("Transliterate(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// TestTransliterateBounded checks that many letters of two readings give no more than
// MaxVariants forms, the uniform ones first.
func TestTransliterateBounded(t *testing.T) {
	name := strings.Repeat("Ü", 40) + " Ö Ä Å Ø"
	got := fieldvalue.Transliterate(name)
	if len(got) > fieldvalue.MaxVariants {
		t.Fatalf("%d forms", len(got))
	}
	want := []string{strings.Repeat("UE", 40) + " OE AE AA OE", strings.Repeat("U", 40) + " O A A O",
		strings.Repeat("UXX", 40) + " O A A O"}
	if !slices.Equal(got, want) {
		t.Fatalf("Transliterate = %q, want %q", got, want)
	}
	// Three letters of two readings: all eight mixes, the uniform ones first.
	want = []string{"AEOEAA", "AOA", "AEOEA", "AEOAA", "AEOA", "AOEAA", "AOEA", "AOAA"}
	if got := fieldvalue.Transliterate("ÄÖÅ"); !slices.Equal(got, want) {
		t.Fatalf("Transliterate(ÄÖÅ) = %q, want %q", got, want)
	}
	// Ü's three readings make twelve mixes: only the uniform forms.
	want = []string{"AEOEUE", "AOU", "AOUXX"}
	if got := fieldvalue.Transliterate("ÄÖÜ"); !slices.Equal(got, want) {
		t.Fatalf("Transliterate(ÄÖÜ) = %q, want %q", got, want)
	}
}
