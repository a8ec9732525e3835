package emulate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium is Debian's headless browser (make deps installs it).
func chromium(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		absent(t, "chromium is not installed (make deps installs it)")
	}
	return path
}

// TestUploadPageInABrowser opens a session's upload page in headless Chromium as a phone would,
// chooses a photo, and sees the page report success and the session become ready. The page's
// screenshot is kept in artifacts/ (git-ignored) for CI.
func TestUploadPageInABrowser(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	c := client{t: t, base: local.URL}
	s := newSession(t, c)
	photo, err := filepath.Abs("../../../testdata/extraction/icao-td3-jpeg.jpg")
	if err != nil {
		t.Fatal(err)
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.WindowSize(412, 915), // a phone's viewport
		chromedp.UserDataDir(t.TempDir()))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	defer cancelTimeout()

	step := func(what string, err error) {
		t.Helper()
		if err != nil {
			failed, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("failed")))
			t.Fatalf("upload page, %s: %v (page says %q)", what, err, failed)
		}
	}
	_, err = chromedp.Run(ctx, chromedp.Navigate(s.UploadURL))
	step("open", err)
	heading, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("h1")))
	step("heading", err)
	_, err = chromedp.Run(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{photo}))
	step("choose the photo", err)
	_, err = chromedp.Run(ctx, chromedp.WaitVisible(chromedp.ID("done")))
	step("wait for success", err)
	state, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS("body"), "data-state"))
	step("state", err)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	step("screenshot", err)
	if heading != "Send your document" || state.Value != "done" {
		t.Errorf("page heading %q, state %q", heading, state.Value)
	}
	if err := os.MkdirAll("../../../artifacts", 0o755); err == nil {
		_ = os.WriteFile("../../../artifacts/handoff-upload-page.png", shot, 0o644)
	}
	var st struct{ Status, FileName, FileType string }
	c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil).json(t, &st)
	if st.Status != "ready" || st.FileName != "icao-td3-jpeg.jpg" || st.FileType != "image/jpeg" {
		t.Errorf("session after the page's upload = %+v", st)
	}
}
