package emulate

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
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

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/domain/handoff"
)

type session struct {
	SessionID, UploadURL, ConsumeURL, Status, QRCodeURL, ConsumeToken string
	ExpiresAt                                                         time.Time
	Upload                                                            upload
}

type upload struct {
	Method, URL string
	Fields      map[string]string
	MaxSize     int64
	ExpiresAt   time.Time
}

// newSession opens a session: the user's own when cred is given, else an anonymous one whose
// consumeToken consuming needs.
func newSession(t *testing.T, c client, cred ...string) session {
	t.Helper()
	r := c.do("POST", "/v1/mobile-handoff/session", nil, cred...)
	expect(t, "create session", r, 200, "")
	var s session
	r.json(t, &s)
	if (s.ConsumeToken == "") != (len(cred) > 0) {
		t.Fatalf("consumeToken %q for a session created with credential %v", s.ConsumeToken, len(cred) > 0)
	}
	return s
}

// postToStorage does what the upload page does: the presigned form POST straight to the bucket.
func postToStorage(t *testing.T, up upload, file []byte) *http.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range up.Fields {
		_ = w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile("file", "photo.jpg")
	fw.Write(file)
	w.Close()
	resp, err := http.Post(up.URL, w.FormDataContentType(), &buf)
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
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	cred := key(creds.User.APIKey)
	photo := testdocument(t, "icao-td3-jpeg.jpg")
	getenv, _ := local.Getenv("HandoffFunction")
	store := dynamo.Store{API: awstest.Clients(t).DynamoDB, Table: getenv("TABLE_NAME")}

	t.Run("phone uploads to storage, the event makes it ready, consumed once", func(t *testing.T) {
		s := newSession(t, c, cred...)
		if !regexp.MustCompile(`^hs_[a-z2-7]{26}$`).MatchString(s.SessionID) || s.Status != "created" ||
			s.UploadURL != local.URL+"/v1/mobile-handoff/upload/"+s.SessionID ||
			s.ConsumeURL != local.URL+"/v1/mobile-handoff/consume/"+s.SessionID {
			t.Fatalf("session = %+v", s)
		}
		if d := time.Until(s.ExpiresAt); d < 14*time.Minute || d > 15*time.Minute+time.Second ||
			s.Upload.Method != "POST" ||
			s.Upload.MaxSize != 10<<20 {
			t.Errorf("expiry in %v, upload %+v", d, s.Upload)
		}
		// The presigned POST lasts for the upload window (5 minutes), not the whole session.
		if d := time.Until(policyExpiry(t, s.Upload)); d < 4*time.Minute || d > 5*time.Minute+time.Second ||
			s.Upload.ExpiresAt.Sub(policyExpiry(t, s.Upload)).Abs() > 2*time.Second {
			t.Errorf(
				"the upload policy expires in %v (expiresAt %v), want the 5-minute upload window",
				d,
				s.Upload.ExpiresAt,
			)
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
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
			!bytes.Contains(html, []byte(`capture="environment"`)) ||
			!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") ||
			bytes.Contains(html, []byte("<script src")) {
			t.Errorf("upload page: %d %v\n%s", resp.StatusCode, resp.Header, html)
		}
		r := c.do(
			"POST",
			"/v1/mobile-handoff/upload/"+s.SessionID+"/start",
			map[string]any{"fileName": "passport.jpg", "size": len(photo)},
		)
		expect(t, "start", r, 200, "")
		var started struct{ Upload upload }
		r.json(t, &started)
		if d := time.Until(policyExpiry(t, started.Upload)); d < 4*time.Minute || d > 5*time.Minute+time.Second {
			t.Errorf("the started upload's policy expires in %v, want the 5-minute upload window", d)
		}

		if resp := postToStorage(t, started.Upload, photo); resp.StatusCode/100 != 2 {
			t.Fatalf("presigned POST: %d", resp.StatusCode)
		}
		// No GET in between: only S3's event can make it ready.
		waitFor(t, 10*time.Second, "the S3 event", func() bool {
			got, err := dynamo.NewHandoffRepo(store).Session(context.Background(), s.SessionID)
			return err == nil && got.Status == handoff.StatusReady
		})
		var st struct{ Status, FileName, FileType string }
		c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil).json(t, &st)
		if st.Status != "ready" || st.FileName != "passport.jpg" || st.FileType != "image/jpeg" {
			t.Errorf("status = %+v", st)
		}

		consume := strings.TrimPrefix(s.ConsumeURL, local.URL)
		expect(t, "consume without a credential", c.do("GET", consume, nil), 401, "unauthorized")
		r = c.do("GET", consume, nil, cred...)
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
		if got.Status != "consumed" || got.File.Size != int64(len(photo)) || got.File.MimeType != "image/jpeg" ||
			got.File.OriginalName != "passport.jpg" {
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
		s := newSession(t, c, cred...)
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
		s := newSession(t, c, cred...)
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
		expect(
			t,
			"extract a HEIC",
			c.do(
				"POST",
				"/v1/extract/async",
				map[string]string{"documentType": "passport", "handoffSessionId": s.SessionID},
				cred...),
			415,
			"",
		)
		expect(t, "unknown session", c.do("GET", "/v1/mobile-handoff/session/hs_nope", nil), 404, "not_found")
		big := newSession(t, c)
		expect(
			t,
			"over the request limit",
			putFile(c, big, append([]byte("\xff\xd8\xff"), make([]byte, 7<<20)...)),
			413,
			"",
		)
	})

	t.Run("a handoff file is the input of an extraction", func(t *testing.T) {
		s := newSession(t, c, cred...)
		expect(t, "put", putFile(c, s, testdocument(t, "icao-td1-clean.png")), 200, "")
		r := c.do(
			"POST",
			"/v1/extract/async",
			map[string]string{"documentType": "id_card", "handoffSessionId": s.SessionID},
			cred...)
		expect(t, "extract", r, 202, "")
		var accepted struct{ ExtractionID string }
		r.json(t, &accepted)
		v := poll(t, c, cred, accepted.ExtractionID)
		if v.Status != "completed" || v.field(t, "documentNumber") != "D23145890" {
			t.Errorf("extraction = %+v", v)
		}
		_, other := newLiveUser(t, c, outbox, "someone-else@example.com")
		expect(
			t,
			"another user",
			c.do(
				"POST",
				"/v1/extract/async",
				map[string]string{"documentType": "id_card", "handoffSessionId": s.SessionID},
				key(other)...),
			404,
			"not_found",
		)
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

// policyExpiry is the expiration a presigned POST's policy document states: what S3 enforces.
func policyExpiry(t *testing.T, up upload) time.Time {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(up.Fields["policy"])
	if err != nil {
		t.Fatalf("policy: %v", err)
	}
	var p struct{ Expiration time.Time }
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatalf("policy %s: %v", raw, err)
	}
	return p.Expiration
}

// decodeQR rasterises the SVG's modules (M x y h1v1h-1z) and reads them with a QR decoder.
func decodeQR(t *testing.T, svg []byte) string {
	t.Helper()
	view := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindSubmatch(svg)
	if view == nil {
		t.Fatalf("no viewBox in %s", svg)
	}
	n, _ := strconv.Atoi(string(view[1]))
	const scale, margin = 6, 4 // a quiet zone of 4 modules around, whatever the SVG has
	img := image.NewGray(image.Rect(0, 0, (n+2*margin)*scale, (n+2*margin)*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for _, m := range regexp.MustCompile(`M(\d+) (\d+)h1v1h-1z`).FindAllSubmatch(svg, -1) {
		x, _ := strconv.Atoi(string(m[1]))
		y, _ := strconv.Atoi(string(m[2]))
		for dy := range scale {
			for dx := range scale {
				img.SetGray((x+margin)*scale+dx, (y+margin)*scale+dy, color.Gray{})
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	// A rendered code, not a photo: read as such, without the finder-pattern search that misjudged
	// some codes' size ("dimension = 35").
	res, err := qrcode.NewQRCodeReader().
		Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
	if err != nil {
		t.Fatalf("undecodable QR code: %v", err)
	}
	return res.GetText()
}

func TestHandoffExpiry(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	uploaded, idle := newSession(t, c, key(creds.User.APIKey)...), newSession(t, c)
	expect(t, "put", putFile(c, uploaded, testdocument(t, "icao-td3-jpeg.jpg")), 200, "")
	skip(t, local, idle.ExpiresAt.Sub(now(t, local))+time.Second)
	var st struct{ Status string }
	c.do("GET", "/v1/mobile-handoff/session/"+idle.SessionID, nil).json(t, &st)
	if st.Status != "expired" {
		t.Errorf("status after expiry = %q", st.Status)
	}
	expect(t, "upload to an expired session", putFile(c, idle, testdocument(t, "icao-td3-jpeg.jpg")), 410, "gone")
	expect(
		t,
		"start an expired session",
		c.do("POST", "/v1/mobile-handoff/upload/"+idle.SessionID+"/start", nil),
		410,
		"gone",
	)
	expect(
		t,
		"consume after expiry",
		c.do("GET", "/v1/mobile-handoff/consume/"+uploaded.SessionID, nil, key(creds.User.APIKey)...),
		410,
		"gone",
	)
}

// consumed is the answer of GET consumeUrl.
type consumed struct {
	Status string
	File   struct {
		OriginalName, MimeType string
		Size                   int64
	}
	DownloadURL string
}

// consumeFile consumes a session and downloads its file.
func consumeFile(t *testing.T, c client, s session, headers ...string) (consumed, []byte) {
	t.Helper()
	r := c.do("GET", strings.TrimPrefix(s.ConsumeURL, c.base), nil, headers...)
	expect(t, "consume", r, 200, "")
	var got consumed
	r.json(t, &got)
	dl, err := http.Get(got.DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	defer dl.Body.Close()
	data, _ := io.ReadAll(dl.Body)
	if dl.StatusCode != 200 {
		t.Fatalf("download: %d %s", dl.StatusCode, data)
	}
	return got, data
}

// The QR code and uploadUrl let a phone upload, never download: a session created with a
// credential is that user's alone; one created without needs the consumeToken that only its
// creation response carries.
func TestHandoffConsumers(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	owner := key(creds.User.APIKey)
	_, otherKey := newLiveUser(t, c, outbox, "not-the-owner@example.com")
	other := key(otherKey)
	photo := testdocument(t, "icao-td3-jpeg.jpg")
	extract := func(s session, headers ...string) result {
		return c.do(
			"POST",
			"/v1/extract/async",
			map[string]string{"documentType": "passport", "handoffSessionId": s.SessionID},
			headers...)
	}
	consume := func(s session, headers ...string) result {
		return c.do("GET", strings.TrimPrefix(s.ConsumeURL, local.URL), nil, headers...)
	}
	with := func(cred []string, headers ...string) []string {
		return append(append([]string{}, cred...), headers...)
	}

	t.Run("created with a credential: only its creator consumes it", func(t *testing.T) {
		s := newSession(t, c, owner...)
		expect(t, "put", putFile(c, s, photo), 200, "")
		expect(t, "another user consumes", consume(s, other...), 404, "not_found")
		expect(t, "another user extracts", extract(s, other...), 404, "not_found")
		expect(
			t,
			"another user checks liveness",
			c.do("POST", "/v1/liveness/check", map[string]string{"handoffSessionId": s.SessionID}, other...),
			404,
			"not_found",
		)
		got, data := consumeFile(t, c, s, owner...)
		if got.File.Size != int64(len(photo)) || !bytes.Equal(data, photo) {
			t.Errorf("the owner got %+v, %d bytes", got, len(data))
		}
		expect(t, "another user, once consumed", consume(s, other...), 404, "not_found")
		expect(t, "another user extracts, once consumed", extract(s, other...), 404, "not_found")
		expect(t, "the owner uses it again", extract(s, owner...), 202, "")
	})

	t.Run("created without a credential: consuming needs its consumeToken", func(t *testing.T) {
		s := newSession(t, c)
		if !regexp.MustCompile(`^hct_[a-z2-7]{26}$`).MatchString(s.ConsumeToken) {
			t.Fatalf("consumeToken %q", s.ConsumeToken)
		}
		// The phone's addresses carry the upload capability only.
		resp, err := http.Get(s.QRCodeURL)
		if err != nil {
			t.Fatal(err)
		}
		svg, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page, _ := http.NewRequest("GET", s.UploadURL, nil)
		page.Header.Set("Accept", "text/html")
		pr, err := http.DefaultClient.Do(page)
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(pr.Body)
		pr.Body.Close()
		fields, _ := json.Marshal(s.Upload)
		status := c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil)
		started := c.do(
			"POST",
			"/v1/mobile-handoff/upload/"+s.SessionID+"/start",
			map[string]any{"fileName": "passport.jpg"},
		)
		put := putFile(c, s, photo)
		expect(t, "put", put, 200, "")
		for where, text := range map[string]string{"uploadUrl": s.UploadURL, "consumeUrl": s.ConsumeURL,
			"qrCodeUrl":   s.QRCodeURL,
			"the QR code": decodeQR(t, svg), "the upload page": string(html), "the presigned upload": string(fields),
			"the status": string(status.body), "the started upload": string(started.body),
			"the upload's answer": string(put.body)} {
			if strings.Contains(text, s.ConsumeToken) || strings.Contains(text, s.ConsumeToken[4:]) {
				t.Errorf("%s carries the consumeToken", where)
			}
		}

		expect(t, "no credential", consume(s), 401, "unauthorized")
		expect(t, "the token without a credential", consume(s, handoffToken(s.ConsumeToken)...), 401, "unauthorized")
		expect(t, "a credential without the token", consume(s, owner...), 403, "forbidden")
		expect(
			t,
			"a wrong token",
			consume(s, with(owner, handoffToken("hct_"+strings.Repeat("a", 26))...)...),
			403,
			"forbidden",
		)
		expect(t, "an extraction without the token", extract(s, owner...), 403, "forbidden")
		expect(
			t,
			"a liveness check without the token",
			c.do("POST", "/v1/liveness/check", map[string]string{"handoffSessionId": s.SessionID}, owner...),
			403,
			"forbidden",
		)
		got, data := consumeFile(t, c, s, with(owner, handoffToken(s.ConsumeToken)...)...)
		if got.File.OriginalName != "" || got.File.Size != int64(len(photo)) || !bytes.Equal(data, photo) {
			t.Errorf("consumed %+v, %d bytes", got, len(data))
		}
		expect(
			t,
			"its consumer extracts it, with the token",
			extract(s, with(owner, handoffToken(s.ConsumeToken)...)...),
			202,
			"",
		)
		expect(
			t,
			"another user with the token, once consumed",
			consume(s, with(other, handoffToken(s.ConsumeToken)...)...),
			404,
			"not_found",
		)
		expect(
			t,
			"another user extracts with the token, once consumed",
			extract(s, with(other, handoffToken(s.ConsumeToken)...)...),
			404,
			"not_found",
		)
	})

	t.Run("a bad credential at creation is refused, not taken as none", func(t *testing.T) {
		expect(
			t,
			"an unknown key",
			c.do("POST", "/v1/mobile-handoff/session", nil, key("sk_live_"+strings.Repeat("A", 26))...),
			401,
			"unauthorized",
		)
		expect(
			t,
			"a malformed Authorization",
			c.do("POST", "/v1/mobile-handoff/session", nil, "Authorization", "Basic abc"),
			401,
			"unauthorized",
		)
		expect(
			t,
			"a partner key",
			c.do("POST", "/v1/mobile-handoff/session", nil, key(creds.Partners[0].APIKey)...),
			403,
			"forbidden",
		)
	})
}

func handoffToken(t string) []string { return []string{"X-Consume-Token", t} }

// Once a session is ready its file is fixed: a form POST with the presigned policy the phone kept
// lands in storage but changes neither what the consumer downloads nor what an extraction reads.
func TestHandoffFileImmutableOnceReady(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	cred := key(creds.User.APIKey)
	getenv, _ := local.Getenv("HandoffFunction")
	s3api, bucket := awstest.Clients(t).S3, getenv("DOCUMENTS_BUCKET")
	passport, idCard := testdocument(t, "icao-td3-jpeg.jpg"), testdocument(t, "icao-td1-clean.png")

	s := newSession(t, c, cred...)
	if resp := postToStorage(t, s.Upload, passport); resp.StatusCode/100 != 2 {
		t.Fatalf("presigned POST: %d", resp.StatusCode)
	}
	waitFor(t, 10*time.Second, "ready", func() bool {
		var st struct{ Status string }
		c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil).json(t, &st)
		return st.Status == "ready"
	})
	// The same policy again, with another document: storage takes it (the policy is still valid),
	// and the handoff-uploads function, told by S3, removes it without touching the session.
	if resp := postToStorage(t, s.Upload, idCard); resp.StatusCode/100 != 2 {
		t.Fatalf("second presigned POST: %d", resp.StatusCode)
	}
	waitFor(t, 10*time.Second, "the late upload's removal", func() bool {
		out, err := s3api.ListObjectsV2(
			context.Background(),
			&s3.ListObjectsV2Input{Bucket: &bucket, Prefix: aws.String("handoff/" + s.SessionID + "/")},
		)
		return err == nil && len(out.Contents) == 0
	})
	expect(t, "an API upload now", putFile(c, s, idCard), 409, "conflict")

	got, data := consumeFile(t, c, s, cred...)
	if !bytes.Equal(data, passport) || got.File.Size != int64(len(passport)) || got.File.MimeType != "image/jpeg" {
		t.Errorf("downloaded %d bytes (the passport has %d), metadata %+v", len(data), len(passport), got.File)
	}
	r := c.do(
		"POST",
		"/v1/extract/async",
		map[string]string{"documentType": "passport", "handoffSessionId": s.SessionID},
		cred...)
	expect(t, "extract", r, 202, "")
	var accepted struct{ ExtractionID string }
	r.json(t, &accepted)
	if v := poll(t, c, cred, accepted.ExtractionID); v.Status != "completed" ||
		v.field(t, "documentNumber") != "L898902C3" {
		t.Errorf("the extraction read another file: %+v", v)
	}
}

// Two uploads racing for one session: exactly one wins, the other is told 409, and the session's
// name, size and type always describe the bytes the consumer downloads.
func TestConcurrentHandoffUploads(t *testing.T) {
	t.Parallel()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": unlimited},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	cred := key(creds.User.APIKey)
	type file struct {
		name, mime string
		data       []byte
	}
	files := [2]file{
		{"passport.jpg", "image/jpeg", testdocument(t, "icao-td3-jpeg.jpg")},
		{"id-card.png", "image/png", testdocument(t, "icao-td1-clean.png")},
	}
	describes := func(t *testing.T, got consumed, data []byte) int {
		for i, f := range files {
			if bytes.Equal(data, f.data) {
				if got.File.OriginalName != f.name || got.File.MimeType != f.mime ||
					got.File.Size != int64(len(f.data)) {
					t.Errorf("downloaded %s, described as %+v", f.name, got.File)
				}
				return i
			}
		}
		t.Errorf("downloaded %d bytes that neither upload sent", len(data))
		return -1
	}

	t.Run("through the API", func(t *testing.T) {
		for try := range 12 {
			s := newSession(t, c, cred...)
			var res [2]result
			var wg sync.WaitGroup
			for i, f := range files {
				wg.Go(func() {
					res[i] = c.do(
						"POST",
						strings.TrimPrefix(s.UploadURL, local.URL),
						form{formFile("file", f.name, f.data)},
					)
				})
			}
			wg.Wait()
			winner := -1
			for i, r := range res {
				switch {
				case r.status == 200 && winner == -1:
					winner = i
				case r.status != 409 || !strings.HasSuffix(r.problem.Type, "/errors/conflict"):
					t.Fatalf(
						"try %d: statuses %d and %d, want one 200 and one 409: %s",
						try,
						res[0].status,
						res[1].status,
						r.body,
					)
				}
			}
			if winner == -1 {
				t.Fatalf("try %d: no upload won", try)
			}
			var st struct{ FileName, FileType string }
			res[winner].json(t, &st)
			if st.FileName != files[winner].name || st.FileType != files[winner].mime {
				t.Errorf("try %d: the winner was told %+v", try, st)
			}
			got, data := consumeFile(t, c, s, cred...)
			if i := describes(t, got, data); i != winner {
				t.Errorf("try %d: %s won, the consumer got file %d", try, files[winner].name, i)
			}
		}
	})

	t.Run("straight to storage, each with its own announced name", func(t *testing.T) {
		for range 3 {
			s := newSession(t, c, cred...)
			var ups [2]upload
			for i, f := range files {
				r := c.do("POST", "/v1/mobile-handoff/upload/"+s.SessionID+"/start", map[string]any{"fileName": f.name})
				expect(t, "start", r, 200, "")
				var started struct{ Upload upload }
				r.json(t, &started)
				ups[i] = started.Upload
			}
			var wg sync.WaitGroup
			for i, f := range files {
				wg.Go(func() { postToStorage(t, ups[i], f.data) })
			}
			wg.Wait()
			waitFor(t, 10*time.Second, "ready", func() bool {
				var st struct{ Status string }
				c.do("GET", "/v1/mobile-handoff/session/"+s.SessionID, nil).json(t, &st)
				return st.Status == "ready"
			})
			got, data := consumeFile(t, c, s, cred...)
			describes(t, got, data)
		}
	})
}
