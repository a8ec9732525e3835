package emulate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/printed/printedtest"
	"github.com/trustline/platform/shared/vision/recapture/recapturetest"
)

// verificationView is GET /v1/verifications/{id}'s answer.
type verificationView struct {
	ID, Status, Decision, Policy, ReferenceID string
	Reasons                                   []string
	Checks                                    []struct{ Group, Code, Result, Detail string }
	Document                                  map[string]json.RawMessage
	CreditsUsed                               int
	Livemode                                  bool
}

// check is a check's result, and detail its evidence ("" for a check the verification lacks).
func (v verificationView) check(group, code string) string { r, _ := v.find(group, code); return r }

func (v verificationView) detail(group, code string) string { _, d := v.find(group, code); return d }

func (v verificationView) find(group, code string) (result, detail string) {
	for _, c := range v.Checks {
		if c.Group == group && c.Code == code {
			return c.Result, c.Detail
		}
	}
	return "", ""
}

func pollVerification(t *testing.T, c client, cred []string, id string) verificationView {
	t.Helper()
	var v verificationView
	waitFor(t, 60*time.Second, "verification "+id+" to finish", func() bool {
		r := c.do("GET", "/v1/verifications/"+id, nil, cred...)
		expect(t, "poll", r, 200, "")
		r.json(t, &v)
		return v.Status == "completed" || v.Status == "failed"
	})
	return v
}

// TestVerification drives a KYC verification over HTTP as a partner would: the ICAO specimen
// passport with a real photo printed on its portrait and the same photo as the selfie, the
// applicant's name and birth date, a minimum age. The page is a specimen (state UTO) and expired
// in 2012: declined, for those reasons, while the face, the name and the age hold. A second
// verification reuses the page's extraction with another name; another user's extraction is
// 404; the webhook tells each decision; the list filters by decision; a verification is charged
// three credits, and is no extraction to GET /v1/extractions.
func TestVerification(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox,
		"RATE_LIMITS": unlimited, "WEBHOOK_ALLOW_LOOPBACK": "true"})
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "kyc-verify@example.com")
	cred := key(live)
	grantCredits(t, local, c, jwt, 7)

	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	expect(t, "endpoint", c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL + "/hooks",
		"events": []string{"verification.completed"}}, bearer(jwt)...), 201, "")

	page := portraitPage(t, "one-face.jpg")
	submit := form{
		formFile("document", "passport.png", page), formFile("selfie", "selfie.jpg", face(t, "one-face.jpg")),
		formField("applicant", `{"surname": "Eriksson", "givenNames": "Anna Maria", "dateOfBirth": "1974-08-12"}`),
		formField("minimumAge", "18"), formField("referenceId", "applicant-42"),
	}
	r := c.do("POST", "/v1/verifications", submit, cred...)
	expect(t, "verify", r, 202, "")
	var accepted struct{ VerificationID, Status string }
	r.json(t, &accepted)
	if !strings.HasPrefix(accepted.VerificationID, "ver_") || accepted.Status != "processing" {
		t.Fatalf("accepted = %s", r.body)
	}
	if got := credits(t, c, jwt); got != 4 {
		t.Errorf("credits after a verification = %v, want 4 (7 less 3)", got)
	}
	v := pollVerification(t, c, cred, accepted.VerificationID)
	if v.Status != "completed" || v.Decision != "declined" || v.ReferenceID != "applicant-42" || v.CreditsUsed != 3 {
		t.Fatalf("verification = %+v", v)
	}
	for _, reason := range []string{"document_expired", "specimen_document"} {
		if !slices.Contains(v.Reasons, reason) {
			t.Errorf("reasons %v lack %s", v.Reasons, reason)
		}
	}
	for _, c := range []struct{ group, code, want string }{
		{"document.validation", "expiry", "fail"},
		{"document.validation", "mrz_check_digits", "pass"},
		{"document.authenticity", "specimen_state", "fail"},
		{"document.comparison", "name", "pass"},
		{"document.comparison", "date_of_birth", "pass"},
		{"face.match", "same_person", "pass"},
		{"age", "minimum_age", "pass"},
		{"document.reuse", "same_document", "pass"}, // first seen in this account
	} {
		if got := v.check(c.group, c.code); got != c.want {
			t.Errorf("%s %s = %q, want %s (checks %+v)", c.group, c.code, got, c.want, v.Checks)
		}
	}
	if v.check("face.liveness", "live") == "not_applicable" {
		t.Error("a selfie was sent: its liveness is a check")
	}
	if _, ok := v.Document["surname"]; !ok {
		t.Errorf("the verification shows no document fields: %+v", v.Document)
	}
	expect(t, "a verification is no extraction", c.do("GET", "/v1/extractions/"+v.ID, nil, cred...), 404, "")

	// The page's own extraction, reused by a second verification that names another person.
	r = c.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
		formFile("file", "passport.png", page)}, cred...)
	expect(t, "extract", r, 202, "")
	var ext struct{ ExtractionID string }
	r.json(t, &ext)
	if e := poll(t, c, cred, ext.ExtractionID); e.Status != "completed" {
		t.Fatalf("extraction = %+v", e)
	}
	r = c.do("POST", "/v1/verifications", map[string]any{"document": map[string]any{"extractionId": ext.ExtractionID},
		"applicant": map[string]any{"surname": "Smith", "givenNames": "John"}, "policy": "strict"}, cred...)
	expect(t, "verify an extraction", r, 202, "")
	r.json(t, &accepted)
	second := pollVerification(t, c, cred, accepted.VerificationID)
	if second.Decision != "declined" || second.Policy != "strict" || !slices.Contains(second.Reasons, "name_mismatch") ||
		second.check("face.match", "same_person") != "not_applicable" ||
		second.check("document.reuse", "same_document") != "pass" { // the same document, the same holder
		t.Errorf("second verification = %+v", second)
	}

	// Another user's extraction is unknown to this one.
	jwt2, other := newLiveUser(t, c, outbox, "kyc-other@example.com")
	grantCredits(t, local, c, jwt2, 3)
	expect(t, "another user's extraction", c.do("POST", "/v1/verifications",
		map[string]any{"document": map[string]any{"extractionId": ext.ExtractionID}}, key(other)...), 404, "")
	expect(t, "no document", c.do("POST", "/v1/verifications", map[string]any{"applicant": map[string]any{}},
		cred...), 422, "validation_failed")
	expect(t, "an unknown policy", c.do("POST", "/v1/verifications", map[string]any{
		"document": map[string]any{"extractionId": ext.ExtractionID}, "policy": "loose"}, cred...), 422, "")

	// The list, filtered by decision; the extractions' list holds no verification.
	var list struct{ Data []verificationView }
	c.do("GET", "/v1/verifications?decision=declined", nil, cred...).json(t, &list)
	if len(list.Data) != 2 {
		t.Errorf("declined verifications listed: %d, want 2", len(list.Data))
	}
	c.do("GET", "/v1/verifications?decision=approved", nil, cred...).json(t, &list)
	if len(list.Data) != 0 {
		t.Errorf("approved verifications listed: %d, want 0", len(list.Data))
	}
	var exts struct {
		Data []struct{ ExtractionID string }
	}
	r = c.do("GET", "/v1/extractions", nil, cred...)
	expect(t, "extractions", r, 200, "")
	r.json(t, &exts)
	if len(exts.Data) == 0 {
		t.Error("the extractions' list lacks the page's own extraction")
	}
	for _, e := range exts.Data {
		if strings.HasPrefix(e.ExtractionID, "ver_") {
			t.Errorf("the extractions' list holds verification %s", e.ExtractionID)
		}
	}

	// Each decision reached the endpoint subscribed to verification.completed.
	waitFor(t, 20*time.Second, "two verification.completed deliveries", func() bool {
		n := 0
		for _, d := range rc.got() {
			if strings.Contains(string(d.body), `"verification.completed"`) &&
				strings.Contains(string(d.body), `"decision":"declined"`) {
				n++
			}
		}
		return n >= 2
	})
}

// validToday are the options of a clean generated passport whose portrait is photo and which
// expires in five years from today, whatever year the test runs in (the set is drawn as of
// printedtest.Reference).
func validToday(photo image.Image) []printedtest.Option {
	fiveYears := time.Now().UTC().Truncate(24*time.Hour).AddDate(5, 0, 0)
	return []printedtest.Option{printedtest.Kinds(printedtest.Passport), printedtest.Clean(),
		printedtest.Photo(photo), printedtest.ExpiresOn(fiveYears)}
}

// genuinePassport is a generated passport page that nothing should decline on the day: issued by
// a real state, its zones agreeing, valid for five more years, an adult's; its portrait is photo.
// The first such page from seed 40 on, and its index.
func genuinePassport(t *testing.T, photo image.Image) (printedtest.Page, int) {
	t.Helper()
	adult := time.Now().UTC().AddDate(-19, 0, 0).Format(time.DateOnly)
	for i := range 40 {
		p := printedtest.At(40, i, validToday(photo)...)
		if len(p.Truth.Disagreements) == 0 && p.Truth.Fields.DateOfBirth < adult {
			return p, i
		}
	}
	t.Fatal("no genuine passport among 40 pages")
	return printedtest.Page{}, 0
}

func encoded(t *testing.T, p printedtest.Page) []byte {
	t.Helper()
	_, data, err := p.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestVerificationDecides drives the other decisions end to end over HTTP, on generated pages: a
// genuine passport whose portrait is the selfie's face, with the applicant's own name and birth
// date, is approved; the same page photographed off a screen is not; a second page of the same
// state with the same number and another holder is declined as a reused document, and so is the
// first page with its holder's name and another person's face.
func TestVerificationDecides(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox,
		"RATE_LIMITS": unlimited})
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "kyc-decides@example.com")
	cred := key(live)
	grantCredits(t, local, c, jwt, 12)

	selfie := face(t, "one-face.jpg")
	photo, err := jpeg.Decode(bytes.NewReader(selfie))
	if err != nil {
		t.Fatal(err)
	}
	page, index := genuinePassport(t, photo)
	f := page.Truth.Fields
	applicant := fmt.Sprintf(`{"surname": %q, "givenNames": %q, "dateOfBirth": %q}`, f.Surname, f.GivenNames,
		f.DateOfBirth)
	verify := func(what string, document []byte, parts ...formPart) verificationView {
		t.Helper()
		r := c.do("POST", "/v1/verifications", append(form{formFile("document", "passport.png", document)},
			parts...), cred...)
		expect(t, what, r, 202, "")
		var accepted struct{ VerificationID string }
		r.json(t, &accepted)
		return pollVerification(t, c, cred, accepted.VerificationID)
	}

	v := verify("a genuine passport", encoded(t, page), formFile("selfie", "selfie.jpg", selfie),
		formField("applicant", applicant), formField("minimumAge", "18"))
	if v.Decision != "approved" || len(v.Reasons) != 0 {
		t.Fatalf("genuine page %s: decision %s, reasons %v, checks %+v", page.Truth.ID, v.Decision, v.Reasons,
			v.Checks)
	}
	for _, c := range []struct{ group, code string }{{"document.authenticity", "portrait"},
		{"document.authenticity", "recapture"}, {"document.authenticity", "specimen_state"},
		{"face.liveness", "live"}, {"face.match", "same_person"}, {"document.consistency", "mrz_printed"},
		{"document.validation", "expiry"}, {"age", "minimum_age"}} {
		if got := v.check(c.group, c.code); got != "pass" {
			t.Errorf("genuine page: %s %s = %q, want pass", c.group, c.code, got)
		}
	}

	// The same page shown on a screen and photographed: the screen's grid is found.
	shot := recapturetest.Screen(page.Image, 7)
	var screen bytes.Buffer
	if err := jpeg.Encode(&screen, shot.Img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	v = verify("a recaptured screen", screen.Bytes())
	if v.check("document.authenticity", "recapture") != "fail" || !slices.Contains(v.Reasons, "recaptured_image") ||
		v.Decision == "approved" {
		t.Errorf("screen %s: decision %s, reasons %v, recapture %q", shot.Name, v.Decision, v.Reasons,
			v.check("document.authenticity", "recapture"))
	}

	// Another holder's page of the same state with the same number.
	var other printedtest.Page
	for i := index + 1; i < index+200 && other.Image == nil; i++ {
		p := printedtest.At(40, i, append(validToday(photo), printedtest.Number(f.DocumentNumber))...)
		if p.Truth.Issuer == page.Truth.Issuer && p.Truth.Fields.Surname != f.Surname &&
			len(p.Truth.Disagreements) == 0 {
			other = p
		}
	}
	if other.Image == nil {
		t.Fatalf("no other %s passport", page.Truth.Issuer)
	}
	v = verify("the number again, another holder", encoded(t, other))
	if v.Decision != "declined" || !slices.Contains(v.Reasons, "document_reused_other_holder") ||
		!strings.Contains(v.detail("document.reuse", "same_document"), "ver_") {
		t.Errorf("reused number: decision %s, reasons %v, checks %+v", v.Decision, v.Reasons, v.Checks)
	}

	// The genuine page again, with its holder's name and birth date, and another person's selfie
	// (the right-hand face of two-faces.jpg): a stolen document.
	pair, err := jpeg.Decode(bytes.NewReader(face(t, "two-faces.jpg")))
	if err != nil {
		t.Fatal(err)
	}
	var stranger bytes.Buffer
	crop := pair.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(250, 40, 450, 260))
	if err := jpeg.Encode(&stranger, crop, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	v = verify("another face", encoded(t, page), formFile("selfie", "selfie.jpg", stranger.Bytes()),
		formField("applicant", applicant))
	if v.Decision != "declined" || !slices.Contains(v.Reasons, "document_reused_other_holder") ||
		!strings.Contains(v.detail("document.reuse", "same_document"), "another face") ||
		v.check("face.match", "same_person") != "fail" {
		t.Errorf("another face: decision %s, reasons %v, checks %+v", v.Decision, v.Reasons, v.Checks)
	}
}
