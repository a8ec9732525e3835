// Package printedtest generates labelled identity-document pages for developing and calibrating
// a reader of the printed (visual) zone: every page comes with the values it prints, its MRZ,
// and every printed line with its box.
//
// # The set
//
// Generate(seed, n) (or At(seed, i), page by page) draws each page from (seed, i) alone, so a
// page is the same in a set of any size; infra/pagegen writes a set to disk. Each page is a
// new draw of issuer, holder, layout, font and condition:
//
//   - Passport data pages (TD3, 125 × 88 mm at 10 to 12.5 px/mm): a portrait placeholder on
//     the left, labelled fields right of it, an MRZ of 2 × 44 at the bottom with valid check
//     digits. Labels in two or three languages separated by slashes ("Geburtsort/Place of
//     birth/Lieu de naissance"; German, English, French, Polish, Icelandic, Danish, Dutch,
//     Italian, Czech, Spanish, Swedish, Hungarian), the label above its value, with zone
//     numbers in one of the styles states use ("1. Surname", "Surname (1)", "01" before the
//     value) or none.
//   - Identity cards and residence permits (TD1, 85.6 × 54 mm at 12 to 13.5 px/mm) with the same
//     kinds of fields, labels above or beside their values, and the MRZ of 3 × 30 on the same
//     side below them (real cards print it on the back: the set keeps one side so that a page
//     holds both). Permits are issued to foreign nationals (Ukrainian, Turkish, Indian,
//     Brazilian, American, Vietnamese, Syrian, Chinese names and places).
//   - EU/EEA driving licences (the card of Directive 2006/126/EC): the title in the national
//     language, the distinguishing sign in the blue rectangle, fields numbered 1, 2, 3 (date and
//     place of birth on one line), 4a, 4b, 4c, 4d (sometimes absent), 5, 9 (categories as
//     "AM/A1/B/BE", "B, BE" or "B BE") and 7 beside a signature; numbers with or without the
//     trailing dot; no MRZ.
//   - About 5 % of the pages with an MRZ are inconsistent: the zone gives another expiry date
//     (five years earlier), surname, birth date or document number than the page prints, its
//     check digits still valid. Truth.Disagreements names the field and Truth.MRZFields gives
//     the zone's value.
//
// Names carry the diacritics of their languages, and the MRZ their ICAO 9303 transliteration
// (Transliterate: MÜLLER → MUELLER, ŁUKASZ → LUKASZ, ÞÓRSDÓTTIR → THORSDOTTIR, ØSTERGAARD →
// OESTERGAARD, STRAẞER → STRASSER). Places of birth and authorities are accented and multi-word
// ("SAINT-ÉTIENNE", "Frankfurt am Main", "Wojewoda Mazowiecki", "HMPO"). Dates are printed in
// the forms issuers use: 01.07.2009, 01/07/2009, 01 07 2009, 2009-07-01, 01 JUL 2014,
// 13 LIP/JUL 2006, 31 DES/DEC 66, 8 Août/Aug 2006, 01 MÁR/MAR 12, 2009.07.01.; sex as M, F,
// M/M, F/F, K/F, Ž/F, KVK/F. Personal numbers follow their national formats and check digits
// (PESEL, kennitala, CPR, BSN, rodné číslo, DNI, personnummer).
//
// Text is set in one family per page, drawn among the Go fonts (built in) and the DejaVu
// families installed (Sans, Serif, their condensed forms, Mono, ExtraLight), always one that has
// a glyph for every character of the page; the MRZ in OCR-B (OCRBPath, Go Mono without it).
// The paper is a pale tint with guilloche (dense sine bands, rosettes), sometimes over the
// fields too.
//
// About half the pages are clean (PNG). The others are degraded with the photo conditions of
// ocrtest, applied per colour channel: a tilt of up to 5° (Tilt), a keystone (Keystone),
// shrinking to 6 to 9 px/mm (Shrink), a tinted scan (Tint), a shadow (Shadow), a stamp and a pen
// stroke over the text (Overprint, Specks); or blur, sensor noise, low contrast, or JPEG at
// quality 30 to 92. Truth.Condition names the steps ("tilt-3+jpeg85"); a page that ends in JPEG
// is a .jpg and its Image is the decoded JPEG.
//
// # The truth
//
// Truth.Fields holds the values as printed (dates as ISO 8601, sex as M or F), only those the
// page prints. Truth.Lines lists every printed line (titles, labels, values, MRZ lines) with the
// bounding box of its ink in the final image's pixels: boxes are carried through the geometric
// steps, and for a tilted page are the upright box around the turned one. Everything is drawn
// as of Reference(): pass it to mrz.Parse to read the zone's two-digit years as the set means
// them.
//
// The set is deterministic for a seed on machines with the same fonts installed; a page takes
// 20 to 80 ms of one core to draw.
package printedtest
