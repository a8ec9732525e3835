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
package mrz
