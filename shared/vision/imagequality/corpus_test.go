package imagequality_test

import (
	"context"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagequality"
)

const testdata = "../../../testdata/extraction"

type corpus struct {
	QualityReasons map[string][]string
	WithoutMRZ     []struct{ Condition, File string }
	Unreadable     []struct{ File string }
	Documents      []struct {
		ID    string
		Files map[string]struct{ File string }
	}
}

func loadCorpus(t *testing.T) corpus {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c corpus
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func measureFile(t *testing.T, name string) imagequality.Measures {
	t.Helper()
	return imagequality.Measure(decodeFile(t, name))
}

// TestCorpusVerdicts: on every generated document under every condition, the reasons are
// exactly those the generator says the condition should produce (manifest qualityReasons; none
// for the older conditions: rotations, skew of 2-3°, noise, low contrast, JPEG 35), so each
// reason is both found where it belongs and absent where it does not. -v prints the measures.
func TestCorpusVerdicts(t *testing.T) {
	c := loadCorpus(t)
	var conds []string
	for cond := range c.Documents[0].Files {
		conds = append(conds, cond)
	}
	sort.Strings(conds)
	for _, cond := range conds {
		want := c.QualityReasons[cond]
		if want == nil {
			want = []string{}
		}
		for _, d := range c.Documents {
			f, ok := d.Files[cond]
			if !ok || filepath.Ext(f.File) == ".pdf" {
				continue
			}
			m := measureFile(t, f.File)
			v := imagequality.Decide(m)
			t.Logf("%-12s %-13s char %5.1f blur %4.2f skew %6.2f glare %.3f edge %2d  %s %v", cond, d.ID,
				m.CharHeight, m.BlurSigma, m.Skew, m.Glare, m.EdgeInk, v.Status, v.Reasons)
			if !slices.Equal(v.Reasons, want) {
				t.Errorf("%s: reasons %v, want %v (%+v)", f.File, v.Reasons, want, m)
			}
			if cond == "clean" && v.Status != imagequality.Good {
				t.Errorf("%s: %s, want good", f.File, v.Status)
			}
		}
	}
	// Pages without MRZ are judged as images too: these are sharp, whole, level and lit.
	for _, p := range c.WithoutMRZ {
		if p.Condition == "cardback" { // photographed turned 18°
			continue
		}
		if v := imagequality.Assess(decodeFile(t, p.File)); v.Status != imagequality.Good {
			t.Errorf("%s: %+v, want good", p.File, v)
		}
	}
}

func decodeFile(t *testing.T, name string) image.Image {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := imagefile.Decode(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestDecide(t *testing.T) {
	sharp := imagequality.Measures{CharHeight: 30, BlurSigma: 0.8}
	for _, tc := range []struct {
		name    string
		change  func(*imagequality.Measures)
		status  string
		reasons []string
	}{
		{"sharp", func(*imagequality.Measures) {}, "good", nil},
		{"slightly blurred", func(m *imagequality.Measures) { m.BlurSigma = 1.9 }, "usable", []string{"blurred"}},
		{"blurred", func(m *imagequality.Measures) { m.BlurSigma = 2.5 }, "retake", []string{"blurred"}},
		{"wide edges on big characters", func(m *imagequality.Measures) { m.BlurSigma, m.CharHeight = 1.9, 80 }, "good",
			nil},
		{"smallish", func(m *imagequality.Measures) { m.CharHeight = 11 }, "usable", []string{"too_small"}},
		{"tiny", func(m *imagequality.Measures) { m.CharHeight = 7 }, "retake", []string{"too_small"}},
		{"a little glare", func(m *imagequality.Measures) { m.Glare = 0.03 }, "usable", []string{"glare"}},
		{"glare", func(m *imagequality.Measures) { m.Glare = 0.2 }, "retake", []string{"glare"}},
		{"cropped", func(m *imagequality.Measures) { m.EdgeInk = 5 }, "retake", []string{"cropped"}},
		{"tilted", func(m *imagequality.Measures) { m.Skew = -25 }, "usable", []string{"tilted"}},
		{"tilted and tiny", func(m *imagequality.Measures) { m.Skew, m.CharHeight = 20, 7 }, "retake",
			[]string{"too_small", "tilted"}},
		{"nothing to measure", func(m *imagequality.Measures) { *m = imagequality.Measures{} }, "good", nil},
	} {
		m := sharp
		tc.change(&m)
		v := imagequality.Decide(m)
		if tc.reasons == nil {
			tc.reasons = []string{}
		}
		if v.Status != tc.status || !slices.Equal(v.Reasons, tc.reasons) {
			t.Errorf("%s: %+v, want %s %v", tc.name, v, tc.status, tc.reasons)
		}
	}
}

func TestMeasureDegenerate(t *testing.T) {
	for _, img := range []image.Image{
		image.NewGray(image.Rect(0, 0, 0, 0)),
		image.NewGray(image.Rect(0, 0, 5, 3000)),
		image.NewGray(image.Rect(-40, -40, 300, 200)),
		image.NewRGBA(image.Rect(0, 0, 640, 480)),
	} {
		if v := imagequality.Assess(img); v.Status != imagequality.Good || len(v.Reasons) != 0 {
			t.Errorf("%v: %+v for a blank image", img.Bounds(), v)
		}
	}
}

func BenchmarkMeasure(b *testing.B) {
	for _, name := range []string{"icao-td3-clean.png", "icao-td3-tilt.jpg", "icao-td1-small.png"} {
		data, err := os.ReadFile(filepath.Join(testdata, name))
		if err != nil {
			b.Fatal(err)
		}
		img, _, err := imagefile.Decode(context.Background(), data)
		if err != nil {
			b.Fatal(err)
		}
		g := imagefile.Grayscale(img)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				imagequality.Measure(g)
			}
		})
	}
}
