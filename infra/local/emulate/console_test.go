package emulate

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/trustline/platform/shared/adapters/mail"
)

// browser is one headless Chromium driven through the console, with axe-core at hand.
type browser struct {
	t    *testing.T
	ctx  context.Context
	base string
	axe  string // axe.min.js
}

// newBrowser starts Debian's Chromium for the console at base.
func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	exe := chromium(t)
	axe, err := os.ReadFile("../../browser/node_modules/axe-core/axe.min.js")
	if err != nil {
		absent(t, "axe-core is not installed (npm ci --prefix infra/browser)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 900), chromedp.UserDataDir(t.TempDir()))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	// The first run starts the browser, which lives as long as the context of that run: ctx, not
	// one of the per-action timeouts derived from it.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, ctx: ctx, base: base, axe: string(axe)}
}

// get runs one action that gives a value, failing the test with what the page says when it fails.
func get[T any](b *browser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		body, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS("main")))
		b.t.Fatalf("%s: %v (page: %.300q)", what, err, body)
	}
	return v
}

// do runs steps that give no value.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	get(b, what, chromedp.Steps(steps...))
}

// open goes to a console page (a path) and checks it.
func (b *browser) open(path, heading string) {
	b.t.Helper()
	b.do("open "+path, chromedp.Navigate(b.base+path))
	b.check(heading)
}

// check is what every page must satisfy once shown: the heading expected, no serious or critical
// violation of axe-core's rules, and a screenshot in artifacts/console/ for people to look at.
func (b *browser) check(heading string) {
	b.t.Helper()
	loc := get(b, "location", chromedp.Location())
	if h1 := b.text("h1"); h1 != heading {
		b.t.Errorf("%s: heading %q, want %q", loc, h1, heading)
	}
	get(b, "load axe-core", chromedp.Evaluate[int](b.axe+";0"))
	type violation struct {
		ID, Impact, Help string
		Nodes            []struct{ Target []string }
	}
	violations := get(
		b,
		"axe",
		chromedp.Evaluate[[]violation](
			`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations)`,
			chromedp.EvalAwaitPromise,
		),
	)
	for _, v := range violations {
		if v.Impact == "serious" || v.Impact == "critical" {
			b.t.Errorf("%s: accessibility, %s (%s): %s, at %v", loc, v.ID, v.Impact, v.Help, v.Nodes)
		}
	}
	// Labels are words, not the API's names: no heading, label, caption, table header, term, button
	// or link says "linkAttestation" (code and preformatted text, the API's own words, excepted).
	apiNames := get(b, "labels", chromedp.Evaluate[[]string](`[...document.querySelectorAll(
		"h1, h2, h3, label, legend, caption, th, dt, summary, button, a, option")]
		.filter(e => !e.closest("code, pre"))
		.flatMap(e => e.innerText.match(/\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/g) || [])`))
	if len(apiNames) > 0 {
		b.t.Errorf("%s: labels with the API's names rather than words: %q", loc, apiNames)
	}
	shot := get(b, "screenshot", chromedp.FullScreenshot(100))
	u, _ := url.Parse(loc)
	name := strings.Trim(strings.ReplaceAll(strings.TrimPrefix(u.Path, "/console/"), "/", "-"), "-")
	if name == "" {
		name = "home"
	}
	dir := "../../../artifacts/console"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		_ = os.WriteFile(
			filepath.Join(dir, b.t.Name()[strings.LastIndex(b.t.Name(), "/")+1:]+"-"+name+".png"),
			shot,
			0o644,
		)
	}
}

// submit fills a form's fields (CSS selector: value) and sends it from the keyboard, as a person
// without a mouse would: the button focused, Enter pressed. It returns once the answer's page has
// replaced this one.
func (b *browser) submit(fields map[string]string, button string) {
	b.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{}
	for sel, v := range fields {
		steps = append(steps, chromedp.Focus(chromedp.CSS(sel)), chromedp.SetValue(chromedp.CSS(sel), v))
	}
	b.do("fill the form", steps...)
	get(b, "mark the page", chromedp.Evaluate[int](`window.__old = 1`))
	b.do("send "+button, chromedp.Focus(chromedp.CSS(button)), chromedp.KeyEvent("\r"))
	deadline := time.Now().Add(time.Minute)
	for {
		fresh, err := chromedp.Run(
			b.ctx,
			chromedp.Evaluate[bool](`window.__old === undefined && document.readyState === "complete"`),
		)
		if err == nil && fresh {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("sending %s: no new page within a minute", button)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// openMenu opens the header's menu where a phone folds it (the Menu button is shown).
func (b *browser) openMenu() {
	b.t.Helper()
	folded := get(b, "the menu", chromedp.Evaluate[bool](`(() => {
		const m = document.querySelector("label.menu-button");
		return !!m && getComputedStyle(m).display !== "none" && !document.getElementById("menu-toggle").checked })()`))
	if folded {
		b.do("open the menu", chromedp.Click(chromedp.CSS("label.menu-button")))
	}
}

// reload reloads the page, as a person pressing F5 would, and checks it.
func (b *browser) reload(heading string) {
	b.t.Helper()
	b.do("reload", chromedp.Reload())
	b.check(heading)
}

// text is the text of the first element matching the CSS selector sel.
func (b *browser) text(sel string) string {
	b.t.Helper()
	return get(b, "text of "+sel, chromedp.Text(chromedp.CSS(sel)))
}

// value is the value of the input sel.
func (b *browser) value(sel string) string {
	b.t.Helper()
	return get(b, "value of "+sel, chromedp.Value(chromedp.CSS(sel)))
}

// cookie is the browser's console cookie called name, nil when there is none.
func (b *browser) cookie(name string) *network.Cookie {
	b.t.Helper()
	cookies := get(b, "cookies", func(ctx context.Context, t *chromedp.Target) ([]*network.Cookie, error) {
		res, err := cdp.Call(ctx, t, network.GetCookies, network.GetCookiesParams{URLs: []string{b.base + "/console/"}})
		if err != nil {
			return nil, err
		}
		return res.Cookies, nil
	})
	for _, c := range cookies {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// signIn signs in through the sign-in form and lands on the role's home page.
func (b *browser) signIn(email, password, home string) {
	b.t.Helper()
	b.open("/console/", "Sign in")
	b.submit(map[string]string{"#email": email, "#password": password}, "form[action='/console/login'] button")
	b.check(home)
}

// signOut signs out with the header's button and returns the token the session had.
func (b *browser) signOut() string {
	b.t.Helper()
	token := b.cookie("tl_session").Value
	b.openMenu()
	b.submit(nil, "form[action='/console/logout'] button")
	b.check("Sign in")
	if b.cookie("tl_session") != nil {
		b.t.Error("the session cookie outlived the sign-out")
	}
	return token
}

// imageShown reports whether the page has an image sel that the browser could load and decode
// (the page's CSP let it in).
func (b *browser) imageShown(sel string) bool {
	b.t.Helper()
	return get(b, "image "+sel, chromedp.Evaluate[bool](`(() => { const i = document.querySelector("`+sel+`");
		return i ? i.decode().then(() => true, () => false) : false })()`, chromedp.EvalAwaitPromise))
}

// click follows a link from the keyboard and waits for its page.
func (b *browser) click(sel string) {
	b.t.Helper()
	b.submit(nil, sel)
}

// mailTo is the one mail the outbox holds for to.
func mailTo(t *testing.T, outbox, to string) string {
	t.Helper()
	files, _ := mail.Outbox{Dir: outbox}.Mails(to)
	if len(files) != 1 {
		t.Fatalf("mails to %s in the outbox: %v", to, files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestConsoleInABrowser drives each role's main journeys through the console in headless Chromium
// against the local stack, checking every page with axe-core and keeping its screenshot in
// artifacts/console/.
func TestConsoleInABrowser(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	// Unlimited rates: each page is a few API calls on the person's budget, besides the test's own
	// calls, and a fast machine would spend the free plan's minute before the journeys end.
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox,
		"WEBHOOK_ALLOW_LOOPBACK": "true", "RATE_LIMITS": unlimited})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	b := newBrowser(t, local.URL)

	t.Run("newcomer", func(t *testing.T) {
		b.t = t
		// Registers from the sign-in page, follows the mail's link to the console, confirms, signs in.
		const email, password = "newcomer@example.com", "a long enough password"
		b.open("/console/login", "Sign in")
		b.click("a[href='/console/register']")
		b.check("Create an account")
		b.submit(map[string]string{"#email": email, "#password": password}, "form[action='/console/register'] button")
		b.check("Create an account")
		if !strings.Contains(b.text(".notice"), "Check your mail") {
			t.Fatalf("after registering: %q", b.text("main"))
		}
		link := regexp.MustCompile(`\S+/console/verify\?token=\S+`).FindString(mailTo(t, outbox, email))
		if !strings.HasPrefix(link, local.URL+"/console/verify?token=") {
			t.Fatalf("the verification mail links to %q, not to the console", link)
		}
		b.do("open the mail's link", chromedp.Navigate(link))
		b.check("Confirm your address")
		b.submit(nil, "form[action='/console/verify'] button")
		b.check("Confirm your address")
		b.click("main a[href='/console/login']")
		b.check("Sign in")
		b.submit(map[string]string{"#email": email, "#password": password}, "form[action='/console/login'] button")
		b.check("Overview")
		// A new account opens on test data, where its first calls succeed: the day's test allowance
		// rather than a live balance of 0, and a key form that makes a test key.
		if !strings.Contains(b.text(".banner"), "Test mode") {
			t.Error("a new account's console does not open in test mode")
		}
		if facts := b.text(".facts"); !strings.Contains(facts, "Test operations used today") ||
			!strings.Contains(facts, "0 of 100") {
			t.Errorf("a new account's overview = %q, want the test allowance (0 of 100)", facts)
		}
		b.open("/console/keys", "API keys")
		if mode := b.value("#k-mode"); mode != "test" {
			t.Errorf("the key form of a new account makes a %q key, want test", mode)
		}
		b.open("/console/billing", "Billing")
		if facts := b.text(".facts"); !strings.Contains(facts, "0 of 100") {
			t.Errorf("billing in test mode = %q, want the test allowance", facts)
		}

		// Account settings: the sessions, another signed out from here; the password changed, the
		// wrong current one refused by its field.
		other := loginToken(t, c, email, password)
		b.open("/console/account", "Account")
		if rows := b.text("main table tbody"); !strings.Contains(rows, "(this session)") ||
			strings.Count(rows, "Sign out the session") != 1 {
			t.Errorf("the sessions = %q, want this one and one other", rows)
		}
		b.submit(nil, "form[action$='/end'] button")
		if !strings.Contains(b.text(".notice"), "signed out") {
			t.Errorf("notice after signing out the other session = %q", b.text(".notice"))
		}
		expect(t, "the other session's token", c.do("GET", "/v1/users/me", nil, bearer(other)...), 401, "")
		const newPassword = "another long password"
		b.submit(map[string]string{"#a-current": "not the password", "#a-new": newPassword},
			"form[action='/console/account/password'] button")
		b.check("Account")
		if got := b.text("#a-current-error"); !strings.Contains(got, "password") || b.value("#a-current") != "" {
			t.Errorf("a wrong current password: the error by the field = %q, the field kept %q", got,
				b.value("#a-current"))
		}
		b.submit(map[string]string{"#a-current": password, "#a-new": newPassword},
			"form[action='/console/account/password'] button")
		b.check("Account")
		if !strings.Contains(b.text(".notice"), "password is changed") {
			t.Errorf("notice after the change = %q", b.text(".notice"))
		}
		b.open("/console/overview", "Overview") // still signed in here
		b.signOut()
		b.signIn(email, newPassword, "Overview")
		b.signOut()
	})

	t.Run("user", func(t *testing.T) {
		b.t = t
		// A test-mode extraction made with the demo user's test key, to find in the console.
		r := c.do(
			"POST",
			"/v1/extract/async",
			form{
				formField("documentType", "passport"),
				formFile("file", "passport.png", testdocument(t, "icao-td3-clean.png")),
			},
			key(creds.User.APIKey)...)
		expect(t, "extract", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		poll(t, c, key(creds.User.APIKey), accepted.ExtractionID)

		// The demo user has a test key only: the console opens on test data, where its extraction is.
		b.signIn(creds.User.Email, creds.User.Password, "Overview")
		if !strings.Contains(b.text(".banner"), "Test mode") {
			t.Error("the demo user's console does not open in test mode, where its data is")
		}
		if facts := b.text(".facts"); !strings.Contains(facts, "1 of 100") {
			t.Errorf("overview in test mode = %q, want the one test operation of today", facts)
		}
		session := b.cookie("tl_session")
		if session == nil || !session.HTTPOnly || session.SameSite != network.CookieSameSiteStrict ||
			session.Path != "/console/" {
			t.Fatalf("session cookie = %+v", session)
		}
		if stored := get(b, "storage",
			chromedp.Evaluate[int](`localStorage.length + sessionStorage.length`)); stored != 0 {
			t.Errorf("the page stored %d items in web storage", stored)
		}
		// The test/live switch: the live balance, then back to test data.
		b.submit(nil, "form[action='/console/mode'] button")
		b.check("Overview")
		if got := b.text(".facts"); !strings.Contains(got, "1000") {
			t.Errorf("overview facts in live mode = %q, want the demo balance", got)
		}
		b.submit(nil, "form[action='/console/mode'] button")
		b.check("Overview")
		if !strings.Contains(b.text(".banner"), "Test mode") {
			t.Error("no test-mode banner after the switch")
		}

		// The extraction in test mode, with its fields and check digits.
		b.open("/console/extractions", "Extractions")
		b.submit(map[string]string{}, "form.filters button")
		if !strings.Contains(b.text("table"), accepted.ExtractionID) {
			t.Fatalf("extractions list lacks %s", accepted.ExtractionID)
		}
		b.click("a[href='/console/extractions/" + accepted.ExtractionID + "']")
		b.check("Extraction " + accepted.ExtractionID)
		page := b.text("main")
		for _, want := range []string{"completed", "Document number", "Check digits", "TD3", "Global confidence"} {
			if !strings.Contains(page, want) {
				t.Errorf("extraction page lacks %q", want)
			}
		}
		// The ICAO specimen expired long ago, and its country code UTO is no country's.
		if got := b.text("#expired"); !strings.Contains(got, "expired") {
			t.Errorf("the page does not flag the expired document: %q", got)
		}
		if got := b.text("ul.lowered"); !strings.Contains(got, "UTO") {
			t.Errorf("what lowered the confidence = %q, want the unknown country code UTO", got)
		}
		if !b.imageShown("img.document") {
			t.Error("the document image did not load")
		}

		// A live key with an IP allow-list: refused first for an address that is none, the form
		// coming back as typed with the reason by the field; then made, its secret shown once
		// after the redirect, a reload making no second key; then revoked after a confirmation.
		b.submit(nil, "form[action='/console/mode'] button") // back to live
		b.open("/console/keys", "API keys")
		b.do("mode", chromedp.SetValue(chromedp.CSS("#k-mode"), "live"))
		b.submit(
			map[string]string{"#k-name": "console key", "#k-ips": "127.0.0.1, not-an-address"},
			"form[action='/console/keys'] button",
		)
		b.check("API keys")
		if got := b.text("#k-ips-error"); !strings.Contains(got, "not an IP address") {
			t.Errorf("the error by the allow-list field = %q", got)
		}
		if b.value("#k-name") != "console key" || b.value("#k-ips") != "127.0.0.1, not-an-address" ||
			b.value("#k-mode") != "live" {
			t.Errorf("the refused form lost what was typed: %q, %q, %q", b.value("#k-name"), b.value("#k-ips"),
				b.value("#k-mode"))
		}
		b.submit(map[string]string{"#k-ips": "127.0.0.1, 10.0.0.0/8"}, "form[action='/console/keys'] button")
		b.check("API keys")
		secret := b.value("#secret-value")
		if !strings.HasPrefix(secret, "sk_live_") {
			t.Fatalf("created key's secret = %q", secret)
		}
		expect(t, "the new key", c.do("GET", "/v1/users/me", nil, key(secret)...), 200, "")
		b.reload("API keys")
		if strings.Contains(b.text("main"), secret) {
			t.Error("the key's secret is shown again after a reload")
		}
		if n := get(b, "rows", chromedp.Evaluate[int](`[...document.querySelectorAll("main table tbody tr")]
			.filter(r => r.cells[0].innerText.trim() === "console key").length`)); n != 1 {
			t.Errorf("%d keys named console key after a reload, want 1", n)
		}
		b.click("a.button.danger[href$='/revoke']")
		b.check("Confirm")
		if q := b.text("#question"); !strings.Contains(q, "console key") {
			t.Errorf("the confirmation asks %q, not naming the key", q)
		}
		expect(t, "the key, not yet revoked", c.do("GET", "/v1/users/me", nil, key(secret)...), 200, "")
		b.submit(nil, "form button.danger")
		if !strings.Contains(b.text(".notice"), "revoked") {
			t.Errorf("notice after revoking = %q", b.text(".notice"))
		}
		expect(t, "the revoked key", c.do("GET", "/v1/users/me", nil, key(secret)...), 401, "unauthorized")

		// A webhook endpoint: created (a reload makes no second), a test event sent and delivered
		// with its attempt shown, its secret rotated once, and the event in the events page.
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		b.open("/console/webhooks", "Webhooks")
		b.submit(map[string]string{"#w-url": rc.URL + "/hooks"}, "form[action='/console/webhooks'] button")
		b.check("Webhooks")
		if !strings.HasPrefix(b.value("#secret-value"), "whsec_") {
			t.Errorf("endpoint secret = %q", b.value("#secret-value"))
		}
		b.reload("Webhooks")
		if n := strings.Count(b.text("main table"), rc.URL+"/hooks"); n != 1 {
			t.Errorf("%d endpoints after a reload, want 1", n)
		}
		b.click("main table a")
		b.check("Webhook endpoint")
		b.submit(nil, "form[action$='/test'] button")
		waitFor(t, 20*time.Second, "the test event", func() bool { return len(rc.got()) >= 1 })
		waitFor(t, 20*time.Second, "the attempt in the history", func() bool {
			loc := get(b, "location", chromedp.Location())
			b.do("reload", chromedp.Navigate(strings.Split(loc, "?")[0]))
			return strings.Contains(b.text("main"), "SUCCEEDED") && strings.Contains(b.text(".attempts"), "200")
		})
		b.check("Webhook endpoint")
		b.submit(nil, "form[action$='/rotate'] button")
		rotated := b.value("#secret-value")
		if !strings.HasPrefix(rotated, "whsec_") {
			t.Error("no new secret after rotating")
		}
		b.reload("Webhook endpoint")
		if strings.Contains(get(b, "html", chromedp.OuterHTML(chromedp.CSS("html"))), rotated) {
			t.Error("the rotated secret is shown again after a reload")
		}
		b.do("since", chromedp.SetValue(chromedp.CSS("#since"), time.Now().UTC().Format(time.DateOnly)))
		b.submit(nil, "form[action$='/recover'] button")
		b.check("Webhook endpoint")
		b.open("/console/events", "Events")
		if row := b.text("main table tbody tr"); !strings.Contains(row, "webhook.test") ||
			!strings.Contains(row, rc.URL+"/hooks") || !strings.Contains(row, "SUCCEEDED") {
			t.Errorf("the events page's newest row = %q, want the test event sent to the endpoint", row)
		}

		// A delivery still being retried can be sent again at once (redelivery is not only for
		// FAILED ones); deleting its endpoint asks first.
		down := newReceiver(t, func(int) (int, time.Duration) { return 503, 0 })
		b.open("/console/webhooks", "Webhooks")
		b.submit(map[string]string{"#w-url": down.URL + "/down"}, "form[action='/console/webhooks'] button")
		href := get(b, "the endpoint's link", chromedp.Evaluate[string](`[...document.querySelectorAll("main table a")]
			.find(a => a.innerText.includes("`+down.URL+`")).getAttribute("href")`))
		b.click("a[href='" + href + "']")
		b.check("Webhook endpoint")
		b.submit(nil, "form[action$='/test'] button")
		waitFor(t, 20*time.Second, "the failed first attempt", func() bool { return len(down.got()) >= 1 })
		waitFor(t, 20*time.Second, "the pending delivery's attempt", func() bool {
			b.reload("Webhook endpoint")
			return strings.Contains(b.text("main"), "PENDING") && strings.Contains(b.text(".attempts"), "503")
		})
		b.submit(nil, "form[action$='/redeliver'] button")
		if !strings.Contains(b.text(".notice"), "queued again") {
			t.Errorf("notice after redelivering a pending delivery = %q", b.text(".notice"))
		}
		waitFor(t, 20*time.Second, "the redelivery", func() bool { return len(down.got()) >= 2 })
		b.click("a.button.danger[href$='/delete']")
		b.check("Confirm")
		b.submit(nil, "form button.danger")
		b.check("Webhooks")
		if strings.Contains(b.text("main"), down.URL) {
			t.Error("the deleted endpoint is still listed")
		}

		// The phone flow's QR code, the batches, liveness and billing pages.
		b.open("/console/handoff", "Phone handoff")
		b.submit(nil, "form[action='/console/handoff'] button")
		b.check("Phone handoff")
		if !b.imageShown("img.qr") {
			t.Error("the QR code did not load")
		}
		// The batches list says each batch's status and progress, as the batch does.
		r = c.do("POST", "/v1/batches", form{formField("documentType", "passport"),
			formFile("file", "passport.png", testdocument(t, "icao-td3-clean.png"))}, key(creds.User.APIKey)...)
		expect(t, "batch", r, 202, "")
		var batch struct{ Batch struct{ BatchID string } }
		r.json(t, &batch)
		b.submit(nil, "form[action='/console/mode'] button") // test data, where the batch is
		waitFor(t, 60*time.Second, "the batch in the list, completed", func() bool {
			b.open("/console/batches", "Batches")
			row := b.text("main table tbody tr")
			return strings.Contains(row, batch.Batch.BatchID) && strings.Contains(row, "completed") &&
				strings.Contains(row, "1 of 1 completed")
		})
		// A liveness check has its page, linked from the list.
		r = c.do("POST", "/v1/liveness/check", form{formFile("file", "selfie.jpg", face(t, "one-face.jpg"))},
			key(creds.User.APIKey)...)
		expect(t, "liveness check", r, 200, "")
		var check struct{ CheckID string }
		r.json(t, &check)
		b.open("/console/liveness", "Liveness checks")
		b.click("a[href='/console/liveness/" + check.CheckID + "']")
		b.check("Liveness check " + check.CheckID)
		if got := b.text("#verdict"); !strings.Contains(got, "live") {
			t.Errorf("the check's page says %q, want its verdict", got)
		}
		// A verification has its page: the decision, its reasons in words, every check by group.
		r = c.do("POST", "/v1/verifications", form{formFile("document", "passport.png",
			testdocument(t, "icao-td3-clean.png"))}, key(creds.User.APIKey)...)
		expect(t, "verification", r, 202, "")
		var ver struct{ VerificationID string }
		r.json(t, &ver)
		waitFor(t, 60*time.Second, "the verification in the list, decided", func() bool {
			b.open("/console/verifications?decision=declined", "Verifications")
			return strings.Contains(b.text("main"), ver.VerificationID)
		})
		b.click("a[href='/console/verifications/" + ver.VerificationID + "']")
		b.check("Verification " + ver.VerificationID)
		if got := b.text("#decision"); !strings.Contains(got, "Declined") {
			t.Errorf("the verification's page says %q, want its decision", got)
		}
		if got := b.text("#reasons"); !strings.Contains(got, "specimen_document") ||
			!strings.Contains(got, "Utopia") {
			t.Errorf("the reasons read %q, want the specimen's with why", got)
		}
		if got := b.text("[id='group-document.authenticity'] tr[data-code='specimen_state']"); !strings.Contains(got,
			"fail") {
			t.Errorf("the specimen state's row reads %q", got)
		}
		b.open("/console/billing", "Billing")

		// Signing out ends the session at the API: its token is refused wherever it was copied.
		token := b.signOut()
		expect(t, "the signed-out token", c.do("GET", "/v1/users/me", nil, bearer(token)...), 401, "")
		b.open("/console/overview", "Sign in")
	})

	t.Run("partner", func(t *testing.T) {
		b.t = t
		p := creds.Partners[0]
		k := create(t, c, p.APIKey, autoBody("AB-123-CD", nil))
		b.signIn(p.Email, p.Password, "Contract requests")
		if !strings.Contains(b.text("table"), k.Reference) {
			t.Fatalf("contracts list lacks %s", k.Reference)
		}
		b.click("a[href='/console/contracts/" + k.Reference + "']")
		b.check("Contract request " + k.Reference)
		for _, want := range []string{"Timeline", "PENDING_PAYMENT", "Payment"} {
			if !strings.Contains(b.text("main"), want) {
				t.Errorf("contract page lacks %q", want)
			}
		}

		// The webhook: set with a secret that is never shown back.
		rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
		const secret = "console-partner-secret-0123456789"
		b.open("/console/partner/webhook", "Webhook")
		b.submit(
			map[string]string{"#p-url": rc.URL + "/partner", "#p-secret": secret},
			"form[action='/console/partner/webhook'] button",
		)
		b.check("Webhook")
		html := get(b, "html", chromedp.OuterHTML(chromedp.CSS("html")))
		if !strings.Contains(html, rc.URL+"/partner") || strings.Contains(html, secret) {
			t.Errorf(
				"webhook page after saving: URL shown %v, secret shown %v",
				strings.Contains(html, rc.URL),
				strings.Contains(html, secret),
			)
		}
		// A URL a key set is shown as the key's; changing only the secret leaves it the key's (the
		// page does not send the URL again unseen).
		expect(t, "the key sets the URL", c.do("PATCH", "/api/v1/partners/me/webhook",
			map[string]any{"webhookUrl": rc.URL + "/by-key"}, key(p.APIKey)...), 200, "")
		b.open("/console/partner/webhook", "Webhook")
		if !strings.Contains(b.text("#url-by-key"), "set by the API key") {
			t.Error("the page does not say that a key set the URL")
		}
		b.submit(map[string]string{"#p-secret": secret + "-2"}, "form[action='/console/partner/webhook'] button")
		b.check("Webhook")
		var config struct{ WebhookURLKeyID *string }
		c.do("GET", "/api/v1/partners/me/webhook", nil, key(p.APIKey)...).json(t, &config)
		if config.WebhookURLKeyID == nil {
			t.Error("saving only a new secret made the key's URL the login's")
		}
		b.open("/console/partner/deliveries", "Webhook deliveries")

		// Keys: a rotation shows the new key once; revoking the old one ends it.
		b.open("/console/partner/keys", "API keys")
		b.submit(nil, "form[action='/console/partner/keys/rotate'] button")
		b.check("API keys")
		newKey := b.value("#secret-value")
		expect(t, "the rotated key", c.do("GET", "/api/v1/partners/me", nil, key(newKey)...), 200, "")
		var keys struct{ Data []struct{ ID string } }
		c.do("GET", "/api/v1/admin/partners/"+p.PartnerID+"/keys", nil, key(creds.Admin.APIKey)...).json(t, &keys)
		oldest := keys.Data[len(keys.Data)-1].ID // newest first: the demo key made at seeding
		b.open("/console/partner/keys", "API keys")
		b.click("a[href='/console/partner/keys/" + oldest + "/revoke']")
		b.check("Confirm")
		b.submit(nil, "form button.danger")
		b.check("API keys")
		expect(t, "the revoked demo key", c.do("GET", "/api/v1/partners/me", nil, key(p.APIKey)...), 401, "")
		b.signOut()
	})

	t.Run("admin", func(t *testing.T) {
		b.t = t
		// A request whose issuance fails, paid: it waits in the attention queue.
		p := creds.Partners[1]
		k := create(t, c, p.APIKey, autoBody("FAIL-CONSOLE-1", nil))
		pay(t, k.Payment.PaymentURL, "paid").Body.Close()
		waitFor(
			t,
			30*time.Second,
			"the failed issuance",
			func() bool { return status(t, c, p.APIKey, k.Reference)["contractStatus"] == "ISSUANCE_FAILED" },
		)

		b.signIn(creds.Admin.Email, creds.Admin.Password, "Attention queue")
		if !strings.Contains(b.text("main"), k.Reference) {
			t.Fatalf("the queue lacks %s", k.Reference)
		}
		if row := b.text("main table tbody tr"); !strings.Contains(row, p.Name) {
			t.Errorf("the queue's row %q does not name the partner %q", row, p.Name)
		}
		// A refund asks first, naming the request, its amount and its partner; cancelled, nothing moves.
		b.click("a[href='/console/admin/contracts/" + k.Reference + "/refund']")
		b.check("Confirm")
		if q := b.text("#question"); !strings.Contains(q, k.Reference) || !strings.Contains(q, p.Name) {
			t.Errorf("the refund's confirmation asks %q", q)
		}
		b.click("main form a")
		b.check("Contract request " + k.Reference)
		if s := status(t, c, p.APIKey, k.Reference)["contractStatus"]; s != "ISSUANCE_FAILED" {
			t.Fatalf("after a cancelled refund the request is %v", s)
		}
		b.open("/console/admin/queue", "Attention queue")
		b.submit(nil, "form[action='/console/admin/contracts/"+k.Reference+"/replay'] button")
		b.check("Attention queue")
		waitFor(
			t,
			30*time.Second,
			"the replayed issuance",
			func() bool { return status(t, c, p.APIKey, k.Reference)["contractStatus"] == "ACTIVE" },
		)
		// The contract's page names the partner and keeps every step, the failure before the replay.
		b.open("/console/contracts/"+k.Reference, "Contract request "+k.Reference)
		if facts := b.text(".facts"); !strings.Contains(facts, p.Name) {
			t.Errorf("the contract's facts %q do not name the partner %q", facts, p.Name)
		}
		timeline := b.text("ol.timeline")
		last := -1
		for _, step := range []string{"Requested", "Paid", "Issuance failed", "Issuance replayed", "Issued"} {
			at := strings.Index(timeline, step)
			if at <= last {
				t.Errorf("the timeline %q lacks %q after the steps before it", timeline, step)
			}
			last = max(last, at)
		}

		b.open("/console/admin/partners", "Partners")
		b.submit(map[string]string{"#p-name": "Console Partner"}, "form[action='/console/admin/partners'] button")
		b.check("Partners")
		first := b.value("#secret-value")
		var me struct{ PartnerID string }
		c.do("GET", "/api/v1/partners/me", nil, key(first)...).json(t, &me)
		b.click("a[href='/console/admin/partners/" + me.PartnerID + "']")
		b.check("Partner " + me.PartnerID)
		if !strings.Contains(b.text("table"), first[len(first)-4:]) {
			t.Errorf("the partner's keys lack its first: %q", b.text("table"))
		}

		// Users: found by address, their plan and balance read before a change; credits granted.
		b.open("/console/admin/users", "Users")
		b.submit(map[string]string{"#u-email": creds.User.Email}, "form[action='/console/admin/users'] button")
		b.check("Users")
		b.click("a[href='/console/admin/users/" + creds.User.ID + "']")
		b.check("User " + creds.User.Email)
		before := b.text("#u-credits-now")
		if b.text("#u-plan-now") != "free" || !strings.HasSuffix(before, " credits") {
			t.Errorf("the user's page shows plan %q and balance %q", b.text("#u-plan-now"), before)
		}
		b.submit(map[string]string{"#u-credits": "none"}, "form[action$='/credits'] button")
		if got := b.text("#u-credits-error"); !strings.Contains(got, "whole number") || b.value("#u-credits") != "none" {
			t.Errorf("a grant of none: the error by the field = %q, the field %q", got, b.value("#u-credits"))
		}
		b.submit(map[string]string{"#u-credits": "25"}, "form[action$='/credits'] button")
		b.check("User " + creds.User.Email)
		var credits int
		fmt.Sscanf(before, "%d", &credits)
		if got := b.text("#u-credits-now"); got != fmt.Sprintf("%d credits", credits+25) {
			t.Errorf("after a grant of 25 the balance reads %q, was %q", got, before)
		}
		b.reload("User " + creds.User.Email)
		if got := b.text("#u-credits-now"); got != fmt.Sprintf("%d credits", credits+25) {
			t.Errorf("a reload granted again: %q", got)
		}
		b.submit(map[string]string{"#u-plan": "starter"}, "form[action$='/plan'] button")
		if !strings.Contains(b.text(".notice"), "Saved") {
			t.Errorf("plan notice = %q", b.text("main"))
		}
		b.signOut()
	})
}

// TestConsoleRefusesForgedForms checks the console's defences without a browser: a form post with
// no token or from another site is refused and changes nothing, and every page carries the
// security headers.
func TestConsoleRefusesForgedForms(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt := loginToken(t, c, creds.User.Email, creds.User.Password)
	keysBefore := c.do("GET", "/v1/api-keys", nil, bearer(jwt)...)

	noRedirect := &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	post := func(origin, csrfCookie, csrfField string) *http.Response {
		form := url.Values{"name": {"forged"}, "mode": {"live"}, "csrf": {csrfField}}
		req, _ := http.NewRequest("POST", local.URL+"/console/keys", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		req.AddCookie(&http.Cookie{Name: "tl_session", Value: jwt})
		if csrfCookie != "" {
			req.AddCookie(&http.Cookie{Name: "tl_csrf", Value: csrfCookie})
		}
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	token := "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for _, tc := range []struct {
		what                  string
		origin, cookie, field string
	}{
		{"no token", local.URL, "", ""},
		{"a token unlike the cookie's", local.URL, token, "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"},
		{"another site", "https://evil.example", token, token},
	} {
		if resp := post(tc.origin, tc.cookie, tc.field); resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", tc.what, resp.StatusCode)
		}
	}
	if after := c.do("GET", "/v1/api-keys", nil, bearer(jwt)...); string(after.body) != string(keysBefore.body) {
		t.Errorf("a refused form changed the keys: %s", after.body)
	}
	if resp := post(local.URL, token, token); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the same form with its token: %d, want 303 (made, then a redirect)", resp.StatusCode)
	}

	resp, err := noRedirect.Get(local.URL + "/console/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	h := resp.Header
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'none'") ||
		!strings.Contains(csp, "frame-ancestors 'none'") ||
		h.Get("Cache-Control") != "no-store" ||
		h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers = %v", h)
	}
	var sawCSRF bool
	for _, ck := range resp.Cookies() {
		sawCSRF = sawCSRF || (ck.Name == "tl_csrf" && ck.HttpOnly && ck.SameSite == http.SameSiteStrictMode)
	}
	if !sawCSRF {
		t.Errorf("no HttpOnly SameSite=Strict form token cookie: %v", resp.Header["Set-Cookie"])
	}
}

// browserAt is a browser posting the console's forms from its own loopback address (127.0.0.x), as
// two people on two networks would: the console's calls to the API come from the console, and the
// API must still tell them apart.
func browserAt(t *testing.T, local *Local, ip string) func(path string, form url.Values) int {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	const token = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	return func(path string, form url.Values) int {
		form.Set("csrf", token)
		req, _ := http.NewRequest("POST", local.URL+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", local.URL)
		req.AddCookie(&http.Cookie{Name: "tl_csrf", Value: token})
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
}

// TestConsoleUsersAreCountedByTheirOwnAddress: one address that exhausts the sign-in and
// password-reset limits through the console is refused, and a person elsewhere still signs in and
// asks for a reset. The console signs each browser's address on its calls; counted under the
// console's own address, twenty sign-ins refused everyone's for a minute, and five resets blocked
// every reset.
func TestConsoleUsersAreCountedByTheirOwnAddress(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	freeze(t, local) // one minute's counts, however slow the machine
	attacker, person := browserAt(t, local, "127.0.0.2"), browserAt(t, local, "127.0.0.3")
	var signIns []int
	for i := range 21 {
		signIns = append(signIns, attacker("/console/login", url.Values{
			"email": {"nobody" + strconv.Itoa(i) + "@example.com"}, "password": {"not the password"}}))
	}
	if signIns[len(signIns)-1] != http.StatusTooManyRequests {
		t.Errorf("the attacker's 21st sign-in answered %d, want 429: %v", signIns[len(signIns)-1], signIns)
	}
	if got := person("/console/login", url.Values{"email": {creds.User.Email},
		"password": {creds.User.Password}}); got != http.StatusSeeOther {
		t.Errorf("another person's sign-in after the attacker's answered %d, want 303 (signed in)", got)
	}
	var resets []int
	for range 8 {
		resets = append(resets, attacker("/console/forgot", url.Values{"email": {"nobody@example.com"}}))
	}
	if !slices.Contains(resets, http.StatusTooManyRequests) {
		t.Errorf("the attacker's resets answered %v, want a 429 within eight", resets)
	}
	if got := person("/console/forgot", url.Values{"email": {creds.User.Email}}); got != http.StatusSeeOther {
		t.Errorf("another person's reset request answered %d, want 303 (sent, then a redirect)", got)
	}
}
