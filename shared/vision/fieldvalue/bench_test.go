package fieldvalue_test

import (
	"testing"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

// BenchmarkFindDates measures a typical printed line of 40 characters: a label, a date, a place.
func BenchmarkFindDates(b *testing.B) {
	line := "3. Geburtsdatum 12.03.1985 BERLIN-MITTE"
	for b.Loop() {
		if len(fieldvalue.FindDates(line, today)) != 1 {
			b.Fatal("no date")
		}
	}
}

// BenchmarkFindDatesNamed measures a bilingual passport line with a month pair.
func BenchmarkFindDatesNamed(b *testing.B) {
	line := "Date of issue/Date de délivrance 16 APR/AVR 07"
	for b.Loop() {
		if len(fieldvalue.FindDates(line, issueAnchor)) != 1 {
			b.Fatal("no date")
		}
	}
}

func BenchmarkTransliterate(b *testing.B) {
	for b.Loop() {
		fieldvalue.Transliterate("Müller-Lüdenscheidt")
	}
}
