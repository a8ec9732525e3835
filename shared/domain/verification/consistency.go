package verification

import (
	"fmt"
	"strings"
)

// mrzPrinted: each field read in both the MRZ and the printed zone agrees (the extraction compared
// them: dates as dates, names through transliteration, numbers after OCR confusions). With no
// field read in both, the zones were not compared: inconclusive rather than a pass, since an
// altered printed zone whose fields OCR could not read would pass otherwise, and rather than a
// fail, since a page whose printed zone is hard to read is no evidence of anything. A document
// without an MRZ (a driving licence) has nothing to compare.
func (r *run) mrzPrinted() outcome {
	switch {
	case !r.hasDoc:
		return inconclusive(noExtraction)
	case r.doc.MRZ == nil:
		return notApplicable("the document has no machine-readable zone to compare with")
	}
	rows := r.in.Document.Consistency
	if len(rows) == 0 {
		return inconclusive("no field was read in both the machine-readable and the printed zone")
	}
	var differ []string
	for _, a := range rows {
		if !a.Agree {
			differ = append(differ, a.Field)
		}
	}
	if len(differ) > 0 {
		return fail(fmt.Sprintf("the printed zone differs from the machine-readable zone in %s (%d of %d fields)",
			strings.Join(differ, ", "), len(differ), len(rows)))
	}
	fields := make([]string, len(rows))
	for i, a := range rows {
		fields[i] = a.Field
	}
	return pass(fmt.Sprintf("%d fields agree: %s", len(rows), strings.Join(fields, ", ")))
}
