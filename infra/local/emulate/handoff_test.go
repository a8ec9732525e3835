package emulate

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"io"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/trustline/platform/shared/awstest"
	"github.com/trustline/platform/shared/dynamo"
	"github.com/trustline/platform/shared/handoff"
)

type session struct {
	SessionID, UploadURL, ConsumeURL, Status, QRCodeURL string
	ExpiresAt                                           time.Time
	Upload                                              struct {
		Method, URL string
		Fields      map[string]string
		MaxSize     int64
	}
}

func newSession(t *testing.T, c client) session {
	t.Helper()
	r := c.do("POST", "/v1/mobile-handoff/session", nil)
	expect(t, "create session", r, 200, "")
	var s session
	r.json(t, &s)
	return s
}

// postToStorage does what the upload page does: the presigned form POST straight to the bucket.
func postToStorage(t *testing.T, s session, file []byte) *http.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range s.Upload.Fields {
		_ = w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile("file", "photo.jpg")
	fw.Write(file)
	w.Close()
	resp, err := http.Post(s.Upload.URL, w.FormDataContentType(), &buf)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func putFile(c client, s session, body []byte) result {
	return c.do("PUT", strings.TrimPrefix(s.UploadURL, c.base), rawBody(body))
}

// rawBody is sent by client.do as it is, application/octet-stream.
type rawBody []byte

func TestMobileHandoff(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	cred := key(creds.User.APIKey)
	photo := testdocument(t, "icao-td3-jpeg.jpg")
	getenv, _ := local.Getenv("HandoffFunction")
	store := dynamo.Store{API: awstest.Clients(t).DynamoDB, Table: getenv("TABLE_NAME")}

	t.Run("phone uploads to storage, the event makes it ready, consumed once", func(t *testing.T) {
		s := newSession(t, c)
		if !regexp.MustCompile(`^hs_[a-z2-7]{26}$`).MatchString(s.SessionID) || s.Status != "created" ||
			s.UploadURL != local.URL+"/v1/mobile-handoff/upload/"+s.SessionID || s.ConsumeURL != local.URL+"/v1/mobile-handoff/consume/"+s.SessionID {
			t.Fatalf("session = %+v", s)
		}
		if d := time.Until(s.ExpiresAt); d < 14*time.Minute || d > 15*time.Minute+time.Second || s.Upload.Method != "POST" || s.Upload.MaxSize != 10<<20 {
			t.Errorf("expiry in %v, upload %+v", d, s.Upload)
		}
		page, err := http.NewRequest("GET", s.UploadURL, nil)
		if err != nil {
			t.Fatal(err)
		}
		page.Header.Set("Accept", "text/html,application/xhtml+xml")
		resp, err := http.DefaultClient.Do(page)
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !bytes.Contains(html, []byte(`capture="environment"`)) ||
			!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") || bytes.Contains(html, []byte("<script src")) {
			t.Errorf("upload page: %d %v\n%s", resp.StatusCode, resp.Header, html)
		}
		expect(t, "start", c.do("POST", "/v1/mobile-handoff/upload/"+s.SessionID+"/start", map[string]any{"fileName": "passport.jpg", "size": len(photo)}), 200, "")

		if resp := postToStorage(t, s, photo); resp.StatusCode/100 != 2 {
			t.Fatalf("presigned POST: %d", resp.StatusCode)
		}
		// No GET in between: only S3's event can make it ready.
		waitFor(t, 10*time.Second, "the S3 event", func() bool {
			got, err := store.Session(context.Background(), s.SessionID)
			return err == nil && got.Status == handoff.StatusReady
		})
		var st struct{ Status, FileName, FileType string }
		c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil).json(t, &st)
		if st.Status != "ready" || st.FileName != "passport.jpg" || st.FileType != "image/jpeg" {
			t.Errorf("status = %+v", st)
		}

		consume := strings.TrimPrefix(s.ConsumeURL, local.URL)
		expect(t, "consume without a credential", c.do("GET", consume, nil), 401, "unauthorized")
		r := c.do("GET", consume, nil, cred...)
		expect(t, "consume", r, 200, "")
		var got struct {
			Status string
			File   struct {
				OriginalName, MimeType string
				Size                   int64
			}
			DownloadURL string
		}
		r.json(t, &got)
		if got.Status != "consumed" || got.File.Size != int64(len(photo)) || got.File.MimeType != "image/jpeg" {
			t.Errorf("consumed = %s", r.body)
		}
		dl, err := http.Get(got.DownloadURL)
		if err != nil {
			t.Fatal(err)
		}
		downloaded, _ := io.ReadAll(dl.Body)
		dl.Body.Close()
		if !bytes.Equal(downloaded, photo) {
			t.Errorf("downloaded %d bytes, uploaded %d", len(downloaded), len(photo))
		}
		expect(t, "consume twice", c.do("GET", consume, nil, cred...), 409, "conflict")
		expect(t, "upload after consumption", putFile(c, s, photo), 409, "conflict")
	})

	t.Run("concurrent consumers: exactly one wins", func(t *testing.T) {
		s := newSession(t, c)
		expect(t, "put", putFile(c, s, photo), 200, "")
		var wg sync.WaitGroup
		statuses := make([]int, 6)
		for i := range statuses {
			wg.Go(func() {
				req, _ := http.NewRequest("GET", s.ConsumeURL, nil)
				req.Header.Set("X-API-Key", creds.User.APIKey)
				resp, err := http.DefaultClient.Do(req)
				if err == nil {
					statuses[i] = resp.StatusCode
					resp.Body.Close()
				}
			})
		}
		wg.Wait()
		won := 0
		for _, st := range statuses {
			if st == 200 {
				won++
			} else if st != 409 {
				t.Errorf("a consumer got %d", st)
			}
		}
		if won != 1 {
			t.Errorf("%d consumers won: %v", won, statuses)
		}
	})

	t.Run("API uploads: types, sizes, multipart", func(t *testing.T) {
		s := newSession(t, c)
		expect(t, "not a document", putFile(c, s, []byte("hello, this is text")), 415, "unsupported_media_type")
		heic := append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 64)...)
		r := c.do("POST", "/v1/mobile-handoff/upload/"+s.SessionID, form{formFile("file", "IMG_0001.HEIC", heic)})
		expect(t, "multipart HEIC", r, 200, "")
		var st struct{ Status, FileName, FileType string }
		r.json(t, &st)
		if st.Status != "ready" || st.FileType != "image/heic" || st.FileName != "IMG_0001.HEIC" {
			t.Errorf("after a HEIC upload: %s", r.body)
		}
		// Extraction reads no HEIC: refused, and the session stays usable for its owner.
		expect(t, "extract a HEIC", c.do("POST", "/v1/extract/async", map[string]string{"documentType": "passport", "handoffSessionId": s.SessionID}, cred...), 415, "")
		expect(t, "unknown session", c.do("GET", "/v1/mobile-handoff/session/hs_nope", nil), 404, "not_found")
		big := newSession(t, c)
		expect(t, "over the request limit", putFile(c, big, append([]byte("\xff\xd8\xff"), make([]byte, 7<<20)...)), 413, "")
	})

	t.Run("a handoff file is the input of an extraction", func(t *testing.T) {
		s := newSession(t, c)
		expect(t, "put", putFile(c, s, testdocument(t, "icao-td1-clean.png")), 200, "")
		r := c.do("POST", "/v1/extract/async", map[string]string{"documentType": "id_card", "handoffSessionId": s.SessionID}, cred...)
		expect(t, "extract", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		v := poll(t, c, cred, accepted.ExtractionID)
		if v.Status != "completed" || v.field(t, "documentNumber") != "D23145890" {
			t.Errorf("extraction = %+v", v)
		}
		_, other := newLiveUser(t, c, outbox, "someone-else@example.com")
		expect(t, "another user", c.do("POST", "/v1/extract/async", map[string]string{"documentType": "id_card", "handoffSessionId": s.SessionID}, key(other)...), 409, "conflict")
	})

	t.Run("QR code of the upload address", func(t *testing.T) {
		s := newSession(t, c)
		resp, err := http.Get(s.QRCodeURL)
		if err != nil {
			t.Fatal(err)
		}
		svg, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("qr: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if got := decodeQR(t, svg); got != s.UploadURL {
			t.Errorf("the QR code says %q, want %q", got, s.UploadURL)
		}
	})
}

// decodeQR rasterises the SVG's modules (M x y h1v1h-1z) and reads them with a QR decoder.
func decodeQR(t *testing.T, svg []byte) string {
	t.Helper()
	view := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindSubmatch(svg)
	if view == nil {
		t.Fatalf("no viewBox in %s", svg)
	}
	n, _ := strconv.Atoi(string(view[1]))
	const scale = 6
	img := image.NewGray(image.Rect(0, 0, n*scale, n*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for _, m := range regexp.MustCompile(`M(\d+) (\d+)h1v1h-1z`).FindAllSubmatch(svg, -1) {
		x, _ := strconv.Atoi(string(m[1]))
		y, _ := strconv.Atoi(string(m[2]))
		for dy := range scale {
			for dx := range scale {
				img.SetGray(x*scale+dx, y*scale+dy, color.Gray{})
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("undecodable QR code: %v", err)
	}
	return res.GetText()
}

func TestHandoffExpiry(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "HANDOFF_TTL": "2s"})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	uploaded, idle := newSession(t, c), newSession(t, c)
	expect(t, "put", putFile(c, uploaded, testdocument(t, "icao-td3-jpeg.jpg")), 200, "")
	time.Sleep(time.Until(idle.ExpiresAt) + 200*time.Millisecond)
	var st struct{ Status string }
	c.do("GET", "/v1/mobile-handoff/session/"+idle.SessionID, nil).json(t, &st)
	if st.Status != "expired" {
		t.Errorf("status after expiry = %q", st.Status)
	}
	expect(t, "upload to an expired session", putFile(c, idle, testdocument(t, "icao-td3-jpeg.jpg")), 410, "gone")
	expect(t, "start an expired session", c.do("POST", "/v1/mobile-handoff/upload/"+idle.SessionID+"/start", nil), 410, "gone")
	expect(t, "consume after expiry", c.do("GET", "/v1/mobile-handoff/consume/"+uploaded.SessionID, nil, key(creds.User.APIKey)...), 410, "gone")
}
