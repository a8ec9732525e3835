package recapture_test

import (
	"fmt"
	"image"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/recapture"
	"github.com/trustline/platform/shared/vision/recapture/recapturetest"
)

// The measured set, per source image (docs/recapture.md): so many recaptures of each kind and
// so many photos of the paper itself.
const (
	screensPerSource = 2
	printsPerSource  = 2
	papersPerSource  = 3
)

// Targets: a recapture sends a verification to review, so photos of paper must rarely be taken
// for one; the common synthetic recaptures must be caught.
const (
	maxFalsePositiveRate = 0.02
	minTruePositiveRate  = 0.90
)

// sample is one image of the measured set: its group, its name, how to make it (in a worker:
// decoding or generating it is most of the test's time), and whether it is a recapture.
type sample struct {
	group, name string
	make        func() (recapturetest.Capture, error)
	recaptured  bool
}

// measuredSet is every image of testdata/extraction (synthetic photos and scans of paper in many
// conditions), the face photos, and from each source (the clean and tinted renderings, the pages
// without a zone, the faces) its recaptures on a screen and in print and its photos on paper.
func measuredSet(t *testing.T) []sample {
	t.Helper()
	var set []sample
	var sources []string
	for _, f := range glob(t, filepath.Join(extraction, "*")) {
		base := filepath.Base(f)
		switch filepath.Ext(f) {
		case ".png", ".jpg", ".webp": // the PDF needs pdftoppm; its page is the clean rendering
		default:
			continue
		}
		set = append(set, sample{"extraction", base, lumaOf(f), false})
		if strings.HasSuffix(base, "-clean.png") || strings.HasSuffix(base, "-tinted.jpg") ||
			strings.HasPrefix(base, "nomrz-") {
			sources = append(sources, f)
		}
	}
	for _, f := range glob(t, filepath.Join(faces, "*.jpg")) {
		set = append(set, sample{"faces", filepath.Base(f), lumaOf(f), false})
		sources = append(sources, f)
	}
	kinds := []struct {
		group      string
		count      int
		make       func(image.Image, uint64) recapturetest.Capture
		recaptured bool
	}{
		{"screen", screensPerSource, recapturetest.Screen, true},
		{"print", printsPerSource, recapturetest.Print, true},
		{"paper", papersPerSource, recapturetest.Paper, false},
	}
	for i, f := range sources {
		src := decodeFile(t, f)
		for _, k := range kinds {
			for rep := range k.count {
				seed := uint64(i*k.count + rep)
				name := fmt.Sprintf("%s seed %d", filepath.Base(f), seed)
				set = append(set, sample{k.group, name, func() (recapturetest.Capture, error) {
					return k.make(src, seed), nil
				}, k.recaptured})
			}
		}
	}
	return set
}

// lumaOf makes the luma of the image file at path, as it is.
func lumaOf(path string) func() (recapturetest.Capture, error) {
	return func() (recapturetest.Capture, error) {
		img, err := decode(path)
		if err != nil {
			return recapturetest.Capture{}, err
		}
		return recapturetest.Capture{Name: "as it is", Img: imagefile.Grayscale(img)}, nil
	}
}

// TestRates measures the false positive rate on photos of paper and the true positive rate on
// recaptures at Threshold, and holds them to their targets. The set is made with fixed seeds:
// the figures are the same from run to run (docs/recapture.md reports them).
func TestRates(t *testing.T) {
	if testing.Short() {
		t.Skip("half a minute over the measured set: make test runs it, make check does not")
	}
	set := measuredSet(t)
	verdicts := make([]recapture.Verdict, len(set))
	made := make([]string, len(set)) // how each image was made
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				c, err := set[i].make()
				if err != nil {
					t.Error(err) // safe from any goroutine, unlike Fatal
					continue
				}
				verdicts[i], made[i] = recapture.Assess(c.Img), c.Name
			}
		})
	}
	for i := range set {
		next <- i
	}
	close(next)
	wg.Wait()

	type tally struct{ flagged, total int }
	groups := map[string]*tally{}
	var negatives, positives tally
	var wrong []string
	var negativeDB, positiveDB []float64
	partial, mostTiles := 0, 0 // photos of paper with a lattice in some tile, and in how many at most
	for i, s := range set {
		v := verdicts[i]
		g := groups[s.group]
		if g == nil {
			g = &tally{}
			groups[s.group] = g
		}
		g.total++
		whole := &negatives
		if s.recaptured {
			whole = &positives
			positiveDB = append(positiveDB, v.StrengthDB)
		} else {
			negativeDB = append(negativeDB, v.StrengthDB)
			if v.PeakTiles > 0 {
				partial++
				mostTiles = max(mostTiles, v.PeakTiles)
			}
		}
		whole.total++
		if v.Recaptured {
			g.flagged++
			whole.flagged++
		}
		if v.Recaptured != s.recaptured {
			wrong = append(wrong, fmt.Sprintf("%s %s (%s): %s", s.group, s.name, made[i], v.Evidence))
		}
	}
	names := make([]string, 0, len(groups))
	for name := range groups {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		g := groups[name]
		t.Logf("%-10s %3d of %3d flagged", name, g.flagged, g.total)
	}
	fpr := float64(negatives.flagged) / float64(negatives.total)
	tpr := float64(positives.flagged) / float64(positives.total)
	t.Logf("false positive rate %.1f %% (%d of %d photos of paper), true positive rate %.1f %% (%d of %d recaptures)",
		100*fpr, negatives.flagged, negatives.total, 100*tpr, positives.flagged, positives.total)
	slices.Sort(negativeDB)
	slices.Sort(positiveDB)
	caught := positiveDB[slices.IndexFunc(positiveDB, func(db float64) bool { return db >= recapture.ThresholdDB }):]
	t.Logf("threshold %.0f dB; the strongest photos of paper read %.1f dB, the weakest caught recaptures %.1f dB",
		recapture.ThresholdDB, negativeDB[len(negativeDB)-3:], caught[:3])
	t.Logf("%d photos of paper have a lattice of %.0f dB or more in some tile, in %d tiles at most",
		partial, recapture.ThresholdDB, mostTiles)
	for _, w := range wrong {
		t.Log("wrong:", w)
	}
	if fpr > maxFalsePositiveRate {
		t.Errorf("false positive rate %.1f %%, want at most %.0f %%", 100*fpr, 100*maxFalsePositiveRate)
	}
	if tpr < minTruePositiveRate {
		t.Errorf("true positive rate %.1f %%, want at least %.0f %%", 100*tpr, 100*minTruePositiveRate)
	}
}
