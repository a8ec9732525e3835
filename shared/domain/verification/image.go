package verification

import (
	"fmt"
	"slices"
	"strings"

	"github.com/trustline/platform/shared/vision/imagequality"
)

// GreyBelow is the Colourfulness under which a page is called grey: a photocopy, or a scan in
// grey, of a document that is printed in colour. It lies between the grey copies of this
// repository's synthetic pages, grey or under a uniform colour cast (at most 2.7), and their
// colour originals (3.9 and more for the extraction test set, a few pale printedtest pages
// lower): docs/verifications.md has the figures (TestColourThreshold measures them).
const GreyBelow = 3.0

// Character heights for reading, in pixels of the image as given (imagequality's measure of the
// larger text): under minCharHeight the reader's errors climb (imagequality's retake bound for
// small text).
const minCharHeight = 9.5

// quality: the extraction's quality verdict. Retake fails (the applicant is asked for a new
// image); usable passes with its reasons.
func (r *run) quality() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	q := r.in.Document.Quality
	switch {
	case q == nil:
		return inconclusive("the extraction has no quality verdict")
	case q.Status == imagequality.Retake:
		return fail("retake: " + strings.Join(q.Reasons, ", "))
	case q.Status == imagequality.Usable:
		return pass("usable: " + strings.Join(q.Reasons, ", "))
	}
	return pass(q.Status)
}

// framing: the whole document is in the image (no ink cut by its border: the verdict's cropped).
func (r *run) framing() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	q := r.in.Document.Quality
	switch {
	case q == nil:
		return inconclusive("the extraction has no quality verdict")
	case slices.Contains(q.Reasons, imagequality.Cropped):
		return fail("text is cut by the image's border: the document is not whole in the frame")
	}
	return pass("no text cut by the image's border")
}

// colour: the page has colour (every document accepted is printed in colour); a grey image of it
// is a photocopy or a grey scan.
func (r *run) colour() outcome {
	if r.page == nil {
		return inconclusive(r.noPage)
	}
	m := Colourfulness(r.page)
	if m < GreyBelow {
		return fail(fmt.Sprintf("colourfulness %.1f, under %.1f: a grey image of a coloured document", m, GreyBelow))
	}
	return pass(fmt.Sprintf("colourfulness %.1f", m))
}

// resolution: the characters are large enough to read (imagequality's measure of the larger
// text's height, at the image's own resolution).
func (r *run) resolution() outcome {
	if r.page == nil {
		return inconclusive(r.noPage)
	}
	b := r.page.Bounds()
	m := imagequality.Measure(r.grey())
	size := fmt.Sprintf("%d×%d pixels", b.Dx(), b.Dy())
	switch {
	case m.CharHeight == 0:
		return inconclusive("too little text to measure in an image of " + size)
	case m.CharHeight < minCharHeight:
		return fail(fmt.Sprintf("characters %.0f pixels high, under %.1f, in an image of %s",
			m.CharHeight, minCharHeight, size))
	}
	return pass(fmt.Sprintf("characters %.0f pixels high in an image of %s", m.CharHeight, size))
}
