package emulate

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"testing"
)

func face(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../../../shared/testdata/faces/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLivenessCheck(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "selfie@example.com")
	cred := key(live)
	selfie := form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))}
	expect(t, "no credits", c.do("POST", "/v1/liveness/check", selfie, cred...), 402, "insufficient_credits")
	grantCredits(t, local, c, jwt, 3)

	r := c.do("POST", "/v1/liveness/check", selfie, cred...)
	expect(t, "check", r, 200, "")
	var v struct {
		IsLive                             bool
		Confidence, ScoreSmall, ScoreLarge float64
		AttackType                         string
		ProcessingMs, CreditsUsed          int
	}
	r.json(t, &v)
	if v.Confidence < 0 || v.Confidence > 1 || v.ScoreSmall < 0 || v.ScoreSmall > 1 || v.ScoreLarge < 0 ||
		v.ScoreLarge > 1 ||
		v.ProcessingMs <= 0 ||
		v.CreditsUsed != 1 ||
		(v.IsLive != (v.AttackType == "none")) ||
		(v.AttackType != "none" && v.AttackType != "unknown") {
		t.Errorf("result = %s", r.body)
	}
	if got := credits(t, c, jwt); got != 2 {
		t.Errorf("credits after one check = %v, want 2", got)
	}

	blank := image.NewGray(image.Rect(0, 0, 320, 240))
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, blank, nil)
	expect(
		t,
		"two faces",
		c.do("POST", "/v1/liveness/check", form{formFile("file", "group.jpg", face(t, "two-faces.jpg"))}, cred...),
		422,
		"multiple_faces",
	)
	expect(
		t,
		"no face",
		c.do("POST", "/v1/liveness/check", form{formFile("file", "wall.jpg", buf.Bytes())}, cred...),
		422,
		"no_face_detected",
	)
	expect(
		t,
		"not an image",
		c.do(
			"POST",
			"/v1/liveness/check",
			form{formFile("file", "selfie.jpg", []byte("%PDF-1.4 not a selfie"))},
			cred...),
		415,
		"",
	)
	if got := credits(t, c, jwt); got != 2 {
		t.Errorf("credits after three refused selfies = %v, want 2 (refunded)", got)
	}

	// A selfie taken on a phone through a handoff session.
	s := newSession(t, c, cred...)
	expect(t, "put", putFile(c, s, face(t, "one-face.jpg")), 200, "")
	expect(
		t,
		"by handoff",
		c.do("POST", "/v1/liveness/check", map[string]string{"handoffSessionId": s.SessionID}, cred...),
		200,
		"",
	)
	if got := credits(t, c, jwt); got != 1 {
		t.Errorf("credits = %v, want 1", got)
	}
}
