// Package fieldvalue reads the values printed in an identity document's visual zone (dates in
// every issuer's form, names with their national letters) and compares them with the values of
// the machine-readable zone.
//
// # Dates
//
// ParseDate and FindDates read the forms issuers print: numbers (01.07.2009, 1/7/2009,
// 01-07-09, 2009-07-01, 1985. 05. 14.) and month names or abbreviations in English and the
// languages of the EU, EEA, Switzerland and Turkey (Greek in Latin transliteration or Greek
// script), alone or as a national/English pair (13 LIP/JUL 2006, 8 Août/Aug 2006), in any case
// and with or without accents.
//
// Numbers are read day first, the European rule, also on documents whose issuer writes month
// first (the United States): 07/01/2009 is the 7th of January. Date.DayMonthAmbiguous marks the
// readings where the other order is a date too, and SameDate accepts either order for them.
//
// A month abbreviation some languages give to two months (LIS is November in Polish and Czech,
// October in Croatian; LIP and SRP likewise) is decided by the other name of its pair and is no
// date on its own: a value not read is absent, never guessed.
//
// # Two-digit years
//
// A two-digit year has its century chosen by an Anchor: the date nearest to Anchor.Near (the
// MRZ's own date, for the same field printed), else the latest not after Anchor.NotAfter, else
// the earliest not before Anchor.NotBefore, in each case within the anchor's bounds. Without an
// anchor a two-digit year is not read. A four-digit year is read as printed; the anchor never
// changes it.
//
// # Confidence
//
// A date read exactly as printed with a four-digit year has confidence 1. Each character read
// through an OCR confusion (O, o or Q for 0, I or l for 1, Z or z for 2, S or s for 5, G for 6,
// B for 8; in a month name 0 for O, 1 for I and so on) multiplies it by 0.8, at most three such
// characters in a date, each number keeping at least as many true digits; a two-digit year
// multiplies it by 0.9; a month pair one of whose names is not recognised by 0.8.
//
// # Names
//
// Transliterate gives the MRZ forms a printed name may have under ICAO Doc 9303 part 3,
// section 6 (and, for Cyrillic and Greek, the national systems issuers use); CompareNames,
// SameNumber, SameDate and SameCode compare a printed value with the MRZ's; Fold removes case
// and accents, for comparisons that are not transliteration.
package fieldvalue
