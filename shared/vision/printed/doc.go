// Package printed reads the printed (visual) zone of identity documents from an OCR engine's
// lines: the fields beside a passport's or card's MRZ, found under or beside their labels (in the
// languages of the EU and EEA, numbered or not) or by the MRZ's own values, and EU driving
// licences' numbered fields. It never guesses: a field no label or MRZ value names is absent, and
// confidences below Floor are not returned.
package printed
