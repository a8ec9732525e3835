package emulate

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// phoneWidth is a small phone's screen in CSS pixels (an iPhone SE or 13 mini).
const phoneWidth = 375

// phone makes the browser a phone of phoneWidth: its viewport, device pixels and touch.
func (b *browser) phone() {
	b.t.Helper()
	b.do("a phone's screen", chromedp.EmulateViewport(phoneWidth, 812, chromedp.EmulateMobile))
}

// fitsThePhone fails the test when the page is wider than the phone's screen (it scrolls
// sideways), naming the elements that stick out of it and of any box that scrolls.
func (b *browser) fitsThePhone() {
	b.t.Helper()
	type width struct {
		Scroll, Width int
		Out           []string
	}
	w := get(b, "the page's width", chromedp.Evaluate[width](`(() => {
		// A page wider than the screen widens a phone's layout viewport (innerWidth) to fit:
		// the screen is the measure.
		const w = screen.width, out = [];
		for (const e of document.querySelectorAll("body *")) {
			if (e.getBoundingClientRect().right <= w + 1) continue;
			let a = e.parentElement, boxed = false;
			for (; a && a !== document.body; a = a.parentElement) {
				if (["auto", "scroll", "hidden"].includes(getComputedStyle(a).overflowX)) { boxed = true; break; }
			}
			if (!boxed) out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
				(typeof e.className === "string" && e.className ? "." + e.className.replace(/ /g, ".") : ""));
		}
		return {scroll: Math.max(document.documentElement.scrollWidth, innerWidth), width: w, out: out.slice(0, 8)};
	})()`))
	if w.Width != phoneWidth || w.Scroll > w.Width {
		loc := get(b, "location", chromedp.Location())
		b.t.Errorf("%s: the page is %d px wide on a %d px screen: it scrolls sideways (sticking out: %v)", loc,
			w.Scroll, w.Width, w.Out)
	}
}

// TestConsoleOnAPhone opens every console page on a 375 px phone, as each role sees it with data
// on it, and fails on a page that scrolls sideways; the navigation is folded behind a Menu button
// until opened. A GET route of the console that the test does not open fails it too, so that a new
// page is looked at on a phone before it ships.
func TestConsoleOnAPhone(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
		"WEBHOOK_ALLOW_LOOPBACK": "true", "RATE_LIMITS": unlimited})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}

	// What the pages show: an extraction, a batch, a liveness check, a verification of the
	// extraction's document, a webhook endpoint with a delivery, a handoff session, a live key; a
	// partner's request whose issuance failed.
	user := key(creds.User.APIKey)
	r := c.do("POST", "/v1/extract/async", form{formField("documentType", "passport"),
		formFile("file", "passport.png", testdocument(t, "icao-td3-clean.png"))}, user...)
	expect(t, "extract", r, 202, "")
	var ext struct{ ExtractionID string }
	r.json(t, &ext)
	poll(t, c, user, ext.ExtractionID)
	r = c.do("POST", "/v1/batches", form{formField("documentType", "passport"),
		formFile("file", "passport.png", testdocument(t, "icao-td3-clean.png"))}, user...)
	expect(t, "batch", r, 202, "")
	var batch struct{ Batch struct{ BatchID string } }
	r.json(t, &batch)
	r = c.do("POST", "/v1/liveness/check", form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))}, user...)
	expect(t, "liveness", r, 200, "")
	var check struct{ CheckID string }
	r.json(t, &check)
	r = c.do("POST", "/v1/verifications", map[string]any{"document": map[string]any{"extractionId": ext.ExtractionID},
		"applicant": map[string]any{"surname": "Eriksson", "givenNames": "Anna Maria"}}, user...)
	expect(t, "verification", r, 202, "")
	var ver struct{ VerificationID string }
	r.json(t, &ver)
	pollVerification(t, c, user, ver.VerificationID)
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	r = c.do("POST", "/v1/webhooks", map[string]any{"url": rc.URL + "/a-rather-long-path/for-a-narrow-screen",
		"mode": "test", "events": []string{"extraction.completed", "extraction.failed"}}, bearer(jwt)...)
	expect(t, "endpoint", r, 201, "")
	var hook struct{ ID string }
	r.json(t, &hook)
	expect(t, "test event", c.do("POST", "/v1/webhooks/"+hook.ID+"/test", nil, bearer(jwt)...), 202, "")
	r = c.do("POST", "/v1/mobile-handoff/session", nil, user...)
	expect(t, "handoff", r, 200, "")
	var handoff struct{ SessionID string }
	r.json(t, &handoff)
	r = c.do("POST", "/v1/api-keys", map[string]any{"name": "phone", "mode": "live"}, bearer(jwt)...)
	expect(t, "live key", r, 201, "")
	var liveKey struct{ ID string }
	r.json(t, &liveKey)
	p := creds.Partners[0]
	k := create(t, c, p.APIKey, autoBody("FAIL-PHONE-1", nil))
	pay(t, k.Payment.PaymentURL, "paid").Body.Close()
	waitFor(t, 30*time.Second, "the failed issuance", func() bool {
		return status(t, c, p.APIKey, k.Reference)["contractStatus"] == "ISSUANCE_FAILED"
	})
	var partnerKeys struct{ Data []struct{ ID string } }
	c.do("GET", "/api/v1/admin/partners/"+p.PartnerID+"/keys", nil, key(creds.Admin.APIKey)...).json(t, &partnerKeys)
	partnerKey := partnerKeys.Data[0].ID

	b := newBrowser(t, local.URL)
	b.phone()
	opened := []string{}
	open := func(path, heading string) {
		t.Helper()
		b.open(path, heading)
		b.fitsThePhone()
		opened = append(opened, strings.Split(path, "?")[0])
	}

	open("/console/login", "Sign in")
	open("/console/register", "Create an account")
	open("/console/forgot", "Forgotten password")
	open("/console/verify?token=AAAA", "Confirm your address")
	open("/console/reset?token=AAAA", "Choose a new password")
	open("/console/no-such-page", "Not found")

	b.signIn(creds.User.Email, creds.User.Password, "Overview")
	b.fitsThePhone()
	shown := func() bool {
		return get(b, "the menu", chromedp.Evaluate[bool](`getComputedStyle(document.getElementById("menu")).display !== "none"`))
	}
	if shown() {
		t.Error("on a phone the navigation is not folded behind the Menu button")
	}
	b.do("open the menu", chromedp.Click(chromedp.CSS("label.menu-button")))
	if !shown() {
		t.Error("the Menu button does not show the navigation")
	}
	b.fitsThePhone()
	open("/console", "Overview")
	open("/console/", "Overview")
	open("/console/overview", "Overview")
	open("/console/extractions", "Extractions")
	open("/console/extractions/"+ext.ExtractionID, "Extraction "+ext.ExtractionID)
	open("/console/batches", "Batches")
	open("/console/batches/"+batch.Batch.BatchID, "Batch "+batch.Batch.BatchID)
	open("/console/verifications", "Verifications")
	open("/console/verifications/"+ver.VerificationID, "Verification "+ver.VerificationID)
	open("/console/liveness", "Liveness checks")
	open("/console/liveness/"+check.CheckID, "Liveness check "+check.CheckID)
	open("/console/handoff", "Phone handoff")
	open("/console/handoff/"+handoff.SessionID, "Phone handoff")
	open("/console/billing", "Billing")
	open("/console/webhooks", "Webhooks")
	open("/console/webhooks/"+hook.ID, "Webhook endpoint")
	open("/console/webhooks/"+hook.ID+"/delete", "Confirm")
	open("/console/events", "Events")
	open("/console/keys", "API keys")
	open("/console/keys/"+liveKey.ID+"/revoke", "Confirm")
	open("/console/account", "Account")
	open("/console/account/sessions/end", "Confirm")
	b.openMenu()
	b.submit(nil, "form[action='/console/mode'] button") // the live side's pages too
	open("/console/overview", "Overview")
	open("/console/billing", "Billing")
	b.signOut()

	b.signIn(p.Email, p.Password, "Contract requests")
	open("/console/contracts", "Contract requests")
	open("/console/contracts/"+k.Reference, "Contract request "+k.Reference)
	open("/console/partner/webhook", "Webhook")
	open("/console/partner/deliveries", "Webhook deliveries")
	open("/console/partner/keys", "API keys")
	open("/console/partner/keys/"+partnerKey+"/revoke", "Confirm")
	b.signOut()

	b.signIn(creds.Admin.Email, creds.Admin.Password, "Attention queue")
	open("/console/admin/queue", "Attention queue")
	open("/console/contracts/"+k.Reference, "Contract request "+k.Reference)
	open("/console/admin/contracts/"+k.Reference+"/refund", "Confirm")
	open("/console/admin/partners", "Partners")
	open("/console/admin/partners/"+p.PartnerID, "Partner "+p.PartnerID)
	open("/console/admin/partners/"+p.PartnerID+"/keys/"+partnerKey+"/revoke", "Confirm")
	open("/console/admin/users?email="+creds.User.Email, "Users")
	open("/console/admin/users/"+creds.User.ID, "User "+creds.User.Email)
	open("/console/admin/plans", "Users")
	b.signOut()

	// Every page the console serves was opened above.
	for _, route := range consoleGETRoutes(t) {
		pattern := regexp.MustCompile("^" + regexp.MustCompile(`\\\{[^}]*\\\}`).
			ReplaceAllString(regexp.QuoteMeta(route), `[^/]+`) + "$")
		covered := false
		for _, path := range opened {
			covered = covered || pattern.MatchString(path)
		}
		if !covered {
			t.Errorf("the console serves GET %s, which this test never opens on a phone", route)
		}
	}
}

// consoleGETRoutes are the paths of the console's GET routes, read from its source, its static
// files aside.
func consoleGETRoutes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../../shared/web/console/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the console's source: %v", err)
	}
	var routes []string
	route := regexp.MustCompile(`"GET (/console[^"]*)"`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range route.FindAllStringSubmatch(string(src), -1) {
			path := strings.TrimSuffix(m[1], "{$}")
			if !strings.HasPrefix(path, "/console/static/") {
				routes = append(routes, path)
			}
		}
	}
	if len(routes) == 0 {
		t.Fatal("no GET /console route found in the console's source: the pattern no longer matches")
	}
	return routes
}
