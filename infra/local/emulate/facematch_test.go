package emulate

import (
	"bytes"
	"context"
	"image/png"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// portraitPage is the ICAO specimen page with the test photo name printed on its portrait.
func portraitPage(t *testing.T, name string) []byte {
	t.Helper()
	page, err := printedtest.OnSpecimen(testdocument(t, "icao-td3-clean.png"), face(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// faceMatchView is POST /v1/face-match's answer.
type faceMatchView struct {
	MatchID                   string
	IsMatch, Livemode         bool
	Similarity, Threshold     float64
	ProcessingMs, CreditsUsed int
	Document, Selfie          struct {
		Box   struct{ X, Y, Width, Height int }
		Score float64
	}
}

// TestFaceMatch drives the KYC flow over HTTP as a partner would: an extraction of a page with a
// portrait, then face matches against a selfie (the page sent, or the extraction named), and the
// liveness check naming the extraction. It checks the answers, whose extractions are seen, and
// what is charged: once per request, nothing for a refused one, the test quota for a test key.
func TestFaceMatch(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{
			"JWT_SECRET":            testJWTSecret,
			"MAIL_OUTBOX_DIR":       outbox,
			"RATE_LIMITS":           unlimited,
			"TEST_MODE_DAILY_QUOTA": "1",
		},
	)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "kyc@example.com")
	cred := key(live)
	testSecret, _ := newKey(t, c, jwt, "test")
	grantCredits(t, local, c, jwt, 6)

	page := portraitPage(t, "one-face.jpg")
	selfie := face(t, "one-face.jpg")
	r := c.do(
		"POST",
		"/v1/extract/async",
		form{formField("documentType", "passport"), formFile("file", "passport.png", page)},
		cred...)
	expect(t, "extract the page with a portrait", r, 202, "")
	var accepted struct{ ExtractionID string }
	r.json(t, &accepted)
	v := poll(t, c, cred, accepted.ExtractionID)
	if v.Status != "completed" {
		t.Fatalf("extraction of the portrait page = %+v %+v", v, v.Error)
	}
	// The extraction records where the portrait is: inside the photo printed at (46, 104), 300 px
	// wide and 287 high.
	if p := v.Result.Portrait; p == nil || p.Box.X < 46 || p.Box.Y < 104 || p.Box.X+p.Box.Width > 346 ||
		p.Box.Y+p.Box.Height > 391 ||
		p.Box.Width < 100 ||
		p.Score < 0.6 ||
		p.Score > 1 {
		t.Errorf("portrait %+v, want the printed photo's face", p)
	}
	// The same page stored a quarter turn clockwise (880×1250): read turned back, its portrait's box
	// is given in the stored file's pixels, where the photo lies at x 489–776, y 46–346.
	img, _, err := imagefile.Decode(context.Background(), page)
	if err != nil {
		t.Fatal(err)
	}
	var turned bytes.Buffer
	if err := png.Encode(&turned, imagefile.Rotate(img, 90)); err != nil {
		t.Fatal(err)
	}
	r = c.do(
		"POST",
		"/v1/extract/async",
		form{formField("documentType", "passport"), formFile("file", "sideways.png", turned.Bytes())},
		cred...)
	expect(t, "extract the page stored sideways", r, 202, "")
	var sideways struct{ ExtractionID string }
	r.json(t, &sideways)
	v = poll(t, c, cred, sideways.ExtractionID)
	if v.Status != "completed" {
		t.Fatalf("extraction of the sideways page = %+v %+v", v, v.Error)
	}
	if p := v.Result.Portrait; p == nil || p.Box.X < 489 || p.Box.Y < 46 || p.Box.X+p.Box.Width > 776 ||
		p.Box.Y+p.Box.Height > 346 ||
		p.Box.Height < 100 {
		t.Errorf("portrait of the sideways page %+v, want the photo's face in the stored file's pixels", p)
	}
	want := 4.0 // 6 granted, 1 for each extraction
	charged := func(what string, n float64) {
		t.Helper()
		want -= n
		if got := credits(t, c, jwt); got != want {
			t.Errorf("credits after %s = %v, want %v", what, got, want)
		}
	}
	charged("the extraction", 0)

	matched := func(what string, r result) faceMatchView {
		t.Helper()
		expect(t, what, r, 200, "")
		var v faceMatchView
		r.json(t, &v)
		if len(v.MatchID) < 4 || v.MatchID[:3] != "fm_" || !v.IsMatch || v.Similarity < v.Threshold ||
			v.Similarity > 1 || v.Threshold <= 0 ||
			v.Document.Box.Width < 20 || v.Document.Box.Height < 20 || v.Selfie.Box.Width < 20 ||
			v.Document.Score <= 0 ||
			v.Selfie.Score <= 0 {
			t.Errorf("%s: answer %s", what, r.body)
		}
		return v
	}

	t.Run("selfie and document file", func(t *testing.T) {
		v := matched(
			"match",
			c.do(
				"POST",
				"/v1/face-match",
				form{formFile("selfie", "selfie.jpg", selfie), formFile("document", "passport.png", page)},
				cred...),
		)
		// The portrait was printed at (46, 104), 300 px wide.
		if b := v.Document.Box; b.X < 30 || b.X+b.Width > 360 || b.Y < 90 || !v.Livemode || v.CreditsUsed != 1 {
			t.Errorf("document face at %+v, livemode %v, creditsUsed %d", b, v.Livemode, v.CreditsUsed)
		}
		charged("a match", 1)
	})

	t.Run("selfie and extractionId", func(t *testing.T) {
		v := matched(
			"match by extraction",
			c.do(
				"POST",
				"/v1/face-match",
				form{formFile("selfie", "selfie.jpg", selfie), formField("extractionId", accepted.ExtractionID)},
				cred...),
		)
		if v.CreditsUsed != 1 {
			t.Errorf("creditsUsed %d, want 1", v.CreditsUsed)
		}
		charged("a match by extraction", 1)
	})

	t.Run("another user's or mode's extraction", func(t *testing.T) {
		_, otherLive := newLiveUser(t, c, outbox, "stranger@example.com")
		byExtraction := form{formFile("selfie", "selfie.jpg", selfie), formField("extractionId", accepted.ExtractionID)}
		expect(
			t,
			"another user's extraction",
			c.do("POST", "/v1/face-match", byExtraction, key(otherLive)...),
			404,
			"not_found",
		)
		expect(
			t,
			"a live extraction for a test key",
			c.do("POST", "/v1/face-match", byExtraction, key(testSecret)...),
			404,
			"not_found",
		)
		charged("two refused matches", 0)
	})

	t.Run("a page without a face", func(t *testing.T) {
		r := c.do(
			"POST",
			"/v1/face-match",
			form{
				formFile("selfie", "selfie.jpg", selfie),
				formFile("document", "passport.png", testdocument(t, "icao-td3-clean.png")),
			},
			cred...)
		expect(t, "no face on the page", r, 422, "face_not_found")
		if r.problem.Extensions["image"] != "document" {
			t.Errorf("extensions = %v, want image: document", r.problem.Extensions)
		}
		charged("a page without a face (refunded)", 0)
	})

	t.Run("liveness check with extractionId", func(t *testing.T) {
		r := c.do(
			"POST",
			"/v1/liveness/check",
			form{formFile("file", "selfie.jpg", selfie), formField("extractionId", accepted.ExtractionID)},
			cred...)
		expect(t, "check and match", r, 200, "")
		var v struct {
			CheckID     string
			CreditsUsed int
			AttackType  string
			FaceMatch   *struct {
				IsMatch               bool
				Similarity, Threshold float64
			}
		}
		r.json(t, &v)
		if v.FaceMatch == nil || !v.FaceMatch.IsMatch || v.FaceMatch.Similarity < v.FaceMatch.Threshold ||
			v.CreditsUsed != 1 ||
			v.AttackType == "" {
			t.Errorf("check = %s", r.body)
		}
		charged("a check with a match", 1)
	})

	t.Run("test key: quota, no credits", func(t *testing.T) {
		withPage := form{formFile("selfie", "selfie.jpg", selfie), formFile("document", "passport.png", page)}
		r := c.do("POST", "/v1/face-match", withPage, key(testSecret)...)
		expect(t, "test match", r, 200, "")
		var v faceMatchView
		r.json(t, &v)
		if v.CreditsUsed != 0 || v.Livemode || !v.IsMatch {
			t.Errorf("test match = %s", r.body)
		}
		expect(
			t,
			"a second test match over the quota of 1",
			c.do("POST", "/v1/face-match", withPage, key(testSecret)...),
			429,
			"test_quota_exceeded",
		)
		charged("test matches", 0)
	})
}
