package mrz_test

import (
	"testing"

	"github.com/trustline/platform/shared/vision/mrz"
)

func BenchmarkParseTD3(b *testing.B) {
	in := lines(td3Specimen...)
	for b.Loop() {
		if _, err := mrz.Parse(in, now); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseTD1(b *testing.B) {
	in := lines(td1Specimen...)
	for b.Loop() {
		if _, err := mrz.Parse(in, now); err != nil {
			b.Fatal(err)
		}
	}
}

// page is a passport data page as an OCR engine returns it.
func page(zone ...string) []mrz.Line {
	in := lines(
		"PASSPORT", "PASSEPORT", "UTOPIA", "Type/Type P", "Code/Code UTO",
		"Passport No./No. du passeport L898902C3", "Surname/Nom ERIKSSON", "Given names/Prénoms ANNA MARIA",
		"Nationality/Nationalité UTOPIAN", "Date of birth/Date de naissance 12 AUG/AOUT 74",
		"Personal No./No. personnel Z E 184226 B", "Sex/Sexe F", "Place of birth/Lieu de naissance ZENITH",
		"Date of issue/Date de délivrance 16 APR/AVR 07", "Authority/Autorité PASSPORT OFFICE",
		"Date of expiry/Date d'expiration 15 APR/AVR 12", "Holder's signature/Signature du titulaire",
	)
	return append(in, lines(zone...)...)
}

func BenchmarkFind(b *testing.B) {
	in := page(td3Specimen...)
	for b.Loop() {
		if _, ok := mrz.Find(in); !ok {
			b.Fatal("no zone")
		}
	}
}

// BenchmarkFindRepair measures the worst case: a line one character short, repaired by trying
// every insertion.
func BenchmarkFindRepair(b *testing.B) {
	in := page(td3Specimen[0], "L898902C36UTO7408122F1204159ZE184226B<<<<10")
	for b.Loop() {
		if _, ok := mrz.Find(in); !ok {
			b.Fatal("no zone")
		}
	}
}
