// Package mrz finds and parses the machine-readable zone of identity documents (ICAO Doc 9303
// TD1, TD2 and TD3, MRV-A and MRV-B visas, and the pre-2021 French identity card) in OCR output,
// checking every check digit and repairing the OCR confusions that the format makes safe to
// repair.
//
// # Two-digit years
//
// The MRZ writes years with two digits. Parse resolves them against its now argument:
//   - a birth date (and the French card's issue month) is the most recent one not after now:
//     the year is taken in now's century, or the century before when that puts it in the future;
//   - an expiry date lies in the hundred-year window (now−50y, now+50y]: with now in 2026,
//     "76" is 2076 and "77" is 1977.
//
// # Confidence
//
// A field's confidence starts as the mean confidence of the OCR lines it is read from. Each
// correction applied to the field multiplies it by 0.9; then each check digit computed over the
// field (its own and the composite) halves the remaining doubt when it validates (c ← c + (1−c)/2)
// and halves the confidence when it fails (c ← c/2). A country code outside the known list
// halves the confidence of its field; a date that is not a calendar date has confidence 0. A line
// whose length had to be repaired counts with 0.9 times its OCR confidence.
//
// # No false positives
//
// Parse reads any lines that look like a zone, and reports every check digit; whether the reading
// is a zone at all is Credible's rule: at least three check digits verify over characters
// actually read (a filler check digit over an empty field proves nothing), or two of the three of
// MRV-A, MRV-B and FRA_ID when the document code is the format's own (V, ID).
//
// Why three: lines that are not a zone (a page's text read by an MRZ-trained engine, a zone read
// upside down) pass each check digit by chance one time in ten. Of TD3's five, one or more then
// verify in 41 % of such readings, two or more in 8 %, three or more in under 1 %; and a document
// is read in several orientations, each parsed as every format over every window of its lines, so
// the best of many readings counts. One verified digit, the former rule, let plain text pages
// come back as zones. A visa or the French card has only three check digits and requiring all three
// would lose every such document with one misread digit: two suffice there (3 % by chance) when
// the document code, which chance supplies about one time in twenty-six, is the format's own.
package mrz
