package facematch

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/domain/liveness"
)

var update = flag.Bool("update", false, "rewrite testdata/calibration-real.txt from this run")

// realPairsFile pins every comparison of TestCalibrationRealPhotos.
const realPairsFile = "testdata/calibration-real.txt"

// facesDir is FACES_DIR (make faces fetches the photos of infra/faces.txt there), else
// .local/faces of the repository.
func facesDir() string {
	if d := os.Getenv("FACES_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", ".local", "faces")
}

// subject is one photo of one person.
type subject struct {
	name, person string
	img          image.Image
}

// subjects are the photos of real people of infra/faces.txt (three of one man, taken in 2009,
// 2010 and 2012, and four other people), and the three people of the test photos.
func subjects(t *testing.T) []subject {
	t.Helper()
	var out []subject
	for _, s := range []struct{ file, person string }{
		{"obama-2009.jpg", "obama"}, {"obama-2010.jpg", "obama"}, {"obama-2012.jpg", "obama"},
		{"biden-2010.jpg", "biden"}, {"collins.png", "collins"}, {"cameraman.png", "cameraman"}, {"hopper.jpg",
			"hopper"},
	} {
		path := filepath.Join(facesDir(), s.file)
		need(t, path, "make faces fetches the photos of infra/faces.txt")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := decodeRGBA(data)
		if err != nil {
			t.Fatalf("%s: %v", s.file, err)
		}
		out = append(out, subject{strings.TrimSuffix(s.file, filepath.Ext(s.file)), s.person, p})
	}
	two := photo(t, "two-faces.jpg")
	return append(out, subject{"one-face", "one", photo(t, "one-face.jpg")},
		subject{"two-faces-left", "left", crop(two, image.Rect(60, 0, 190, 140), 3)},
		subject{"two-faces-right", "right", crop(two, image.Rect(265, 60, 395, 200), 3)})
}

func decodeRGBA(data []byte) (image.Image, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba, nil
}

// The portrait placeholder of testdata/extraction/icao-td3-clean.png (1250×880, the test-document
// generator's TD3 page), 312×406 pixels: 35×45 mm, as ICAO's photo.
var placeholderRect = image.Rect(40, 98, 352, 504)

// passportPhoto crops a photo as a passport photo: 35:45, the face (YuNet's box, brow to chin)
// about half the height, centred, as ICAO 9303's 70–80 % chin to crown.
func passportPhoto(t *testing.T, m *Models, img image.Image) image.Image {
	t.Helper()
	faces, err := m.detect(liveness.UprightOf(img))
	if err != nil || len(faces) == 0 {
		t.Fatalf("no face to crop a passport photo around: %v", err)
	}
	f := slices.MaxFunc(faces, func(a, b Face) int { return area(a.Box) - area(b.Box) })
	h := float64(f.Box.Dy()) * 1.9
	w := h * 35 / 45
	cx, cy := float64(f.Box.Min.X+f.Box.Max.X)/2, float64(f.Box.Min.Y+f.Box.Max.Y)/2
	r := image.Rect(int(cx-w/2), int(cy-0.52*h), int(cx+w/2), int(cy+0.48*h)).Intersect(img.Bounds())
	return crop(img, r, 1)
}

// variant is how the document page shows the portrait.
type variant struct {
	name  string
	scale float64 // of the 1250×880 page, whose portrait is 406 px high
	grey  bool
}

var variants = []variant{
	{
		"406px",
		1,
		false,
	}, {"244px", 0.6, false}, {"162px", 0.4, false}, {"102px", 0.25, false}, {"244px-grey", 0.6, true},
}

// passportPage prints the portrait over the placeholder of the generated TD3 page, scales the
// page, and encodes it as a phone would (JPEG, quality 85).
func passportPage(t *testing.T, portrait image.Image, v variant) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "extraction", "icao-td3-clean.png"))
	if err != nil {
		t.Fatal(err)
	}
	base, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	page := image.NewRGBA(base.Bounds())
	draw.Draw(page, page.Rect, base, image.Point{}, draw.Src)
	xdraw.CatmullRom.Scale(page, placeholderRect, portrait, portrait.Bounds(), draw.Src, nil)
	var out draw.Image = image.NewRGBA(image.Rect(0, 0, int(float64(page.Rect.Dx())*v.scale),
		int(float64(page.Rect.Dy())*v.scale)))
	if v.grey {
		out = image.NewGray(out.Bounds())
	}
	xdraw.CatmullRom.Scale(out, out.Bounds(), page, page.Rect, draw.Src, nil)
	return encodeJPEG(t, out, 85)
}

// selfiePhoto is the photo as a phone sends it: its longer side at most 1280, JPEG quality 90.
func selfiePhoto(t *testing.T, img image.Image) []byte {
	t.Helper()
	b := img.Bounds()
	if k := 1280 / float64(max(b.Dx(), b.Dy())); k < 1 {
		img = crop(img, b, k)
	}
	return encodeJPEG(t, img, 90)
}

// pair is one comparison: a document page of one photo against the selfie of another.
type pair struct {
	genuine          bool
	variant          string
	document, selfie string
	similarity       float64 // NaN when the document's face was not found
}

func (p pair) key() string { return p.variant + " " + p.document + " " + p.selfie }

func (p pair) String() string {
	kind, sim := "impostor", "noface"
	if p.genuine {
		kind = "genuine"
	}
	if !math.IsNaN(p.similarity) {
		sim = strconv.FormatFloat(p.similarity, 'f', 4, 64)
	}
	return fmt.Sprintf("%s %s %s %s %s", kind, p.variant, p.document, p.selfie, sim)
}

func readPairs(t *testing.T) map[string]pair {
	t.Helper()
	f, err := os.Open(realPairsFile)
	if err != nil {
		t.Fatalf("%v (go test -run TestCalibrationRealPhotos -update writes it)", err)
	}
	defer f.Close()
	out := map[string]pair{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 5 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		p := pair{genuine: fs[0] == "genuine", variant: fs[1], document: fs[2], selfie: fs[3], similarity: math.NaN()}
		if fs[4] != "noface" {
			if p.similarity, err = strconv.ParseFloat(fs[4], 64); err != nil {
				t.Fatal(err)
			}
		}
		out[p.key()] = p
	}
	return out
}

// errorRates counts, at threshold t, the genuine pairs not matched (a document face not found
// counts as not matched) and the impostor pairs matched.
func errorRates(pairs []pair, t float64) (fnm, genuine, fm, impostor int) {
	for _, p := range pairs {
		if p.genuine {
			genuine++
			if math.IsNaN(p.similarity) || p.similarity < t {
				fnm++
			}
		} else {
			impostor++
			if !math.IsNaN(p.similarity) && p.similarity >= t {
				fm++
			}
		}
	}
	return
}

// TestCalibrationRealPhotos runs the face match over photos of real people (infra/faces.txt: three
// photos of one man taken over three years, four other people; with the three people of the test
// photos) printed as the portrait of a generated passport page at four sizes and in grey, each
// page against every other photo as the selfie. It pins every similarity (testdata/
// calibration-real.txt, within calibrationTolerance) and the error rates at the threshold, so
// that a change of model or preprocessing that moves them fails; -update rewrites the file after
// a change that is meant (then redo the table of docs/identity-api.md from the log).
func TestCalibrationRealPhotos(t *testing.T) {
	m := models(t)
	ctx := context.Background()
	subs := subjects(t)
	selfies := make([][]float32, len(subs))
	for i, s := range subs {
		_, emb, err := m.faceOf(ctx, ImageSelfie, selfiePhoto(t, s.img))
		if err != nil {
			t.Fatalf("selfie %s: %v", s.name, err)
		}
		selfies[i] = emb
	}
	var got []pair
	for i, s := range subs {
		portrait := passportPhoto(t, m, s.img)
		for _, v := range variants {
			page := passportPage(t, portrait, v)
			_, doc, err := m.faceOf(ctx, ImageDocument, page)
			if err != nil && !errorsIsNoFace(err) {
				t.Fatalf("document %s %s: %v", s.name, v.name, err)
			}
			for j, other := range subs {
				if j == i {
					continue
				}
				p := pair{
					genuine:    s.person == other.person,
					variant:    v.name,
					document:   s.name,
					selfie:     other.name,
					similarity: math.NaN(),
				}
				if doc != nil {
					p.similarity = cosine(doc, selfies[j])
				}
				got = append(got, p)
			}
			// The similarity is Compare's: the first pair of each page, through Compare itself.
			if doc != nil && v.name == variants[0].name {
				j := (i + 1) % len(subs)
				r, err := m.Compare(ctx, page, selfiePhoto(t, subs[j].img))
				if err != nil || r.Similarity != cosine(doc, selfies[j]) {
					t.Errorf(
						"%s against %s: Compare says %v (%v), the pipeline's sides %v",
						s.name,
						subs[j].name,
						r.Similarity,
						err,
						cosine(doc, selfies[j]),
					)
				}
			}
		}
	}
	report(t, got, m.Threshold())
	if *update {
		var b strings.Builder
		b.WriteString(
			"# TestCalibrationRealPhotos: kind, portrait on the page, document photo, selfie photo, similarity\n",
		)
		for _, p := range got {
			b.WriteString(p.String() + "\n")
		}
		if err := os.WriteFile(realPairsFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readPairs(t)
	if len(want) != len(got) {
		t.Errorf("%d pairs, %s pins %d", len(got), realPairsFile, len(want))
	}
	for _, p := range got {
		t.Run(p.key(), func(t *testing.T) {
			w, ok := want[p.key()]
			switch {
			case !ok:
				t.Fatalf("not in %s", realPairsFile)
			case math.IsNaN(w.similarity) != math.IsNaN(p.similarity):
				t.Errorf("similarity %v, pinned %v (noface: the document's face not found)", p.similarity, w.similarity)
			case math.Abs(p.similarity-w.similarity) > calibrationTolerance:
				t.Errorf(
					"similarity %.4f, pinned %.4f ± %g: rerun with -update and redo the table of docs/identity-api.md if the change is meant",
					p.similarity,
					w.similarity,
					calibrationTolerance,
				)
			}
		})
	}
	var pinned []pair
	for _, p := range want {
		pinned = append(pinned, p)
	}
	fnm, g, fm, i := errorRates(got, m.Threshold())
	wfnm, _, wfm, _ := errorRates(pinned, m.Threshold())
	if fnm != wfnm || fm != wfm {
		t.Errorf("at %v: FNMR %d/%d and FMR %d/%d, pinned %d and %d", m.Threshold(), fnm, g, fm, i, wfnm, wfm)
	}
}

func errorsIsNoFace(err error) bool {
	ie, ok := err.(*ImageError)
	return ok && ie.Err == ErrNoFace
}

// report logs the distributions per portrait size and overall, and the error rates at a few
// thresholds: the calibration table of docs/identity-api.md.
func report(t *testing.T, pairs []pair, threshold float64) {
	t.Helper()
	stats := func(ps []pair, genuine bool) string {
		var v []float64
		missed := 0
		for _, p := range ps {
			if p.genuine != genuine {
				continue
			}
			if math.IsNaN(p.similarity) {
				missed++
				continue
			}
			v = append(v, p.similarity)
		}
		if len(v) == 0 {
			return fmt.Sprintf("none (%d without a face)", missed)
		}
		slices.Sort(v)
		mean := 0.0
		for _, x := range v {
			mean += x / float64(len(v))
		}
		return fmt.Sprintf(
			"n %d, min %.3f, p50 %.3f, mean %.3f, max %.3f, no face %d",
			len(v)+missed,
			v[0],
			v[len(v)/2],
			mean,
			v[len(v)-1],
			missed,
		)
	}
	for _, v := range append(variants, variant{name: "all"}) {
		var ps []pair
		for _, p := range pairs {
			if p.variant == v.name || v.name == "all" {
				ps = append(ps, p)
			}
		}
		fnm, g, fm, i := errorRates(ps, threshold)
		t.Logf(
			"%-11s genuine: %s | impostor: %s | at %v FNMR %d/%d FMR %d/%d",
			v.name,
			stats(ps, true),
			stats(ps, false),
			threshold,
			fnm,
			g,
			fm,
			i,
		)
	}
	for _, th := range []float64{0.25, 0.30, 0.35, 0.363, 0.40, 0.45, 0.50} {
		fnm, g, fm, i := errorRates(pairs, th)
		t.Logf("threshold %.3f: FNMR %d/%d, FMR %d/%d", th, fnm, g, fm, i)
	}
}
