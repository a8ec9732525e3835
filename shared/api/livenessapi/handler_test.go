package livenessapi

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"github.com/trustline/platform/shared/domain/credits/creditstest"
	"hash/crc32"
	"image"
	"image/png"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// ledger is an in-memory ledger holding usr_1 with 100 credits, or none when short.
func ledger(short bool) *creditstest.Memory {
	l := creditstest.NewMemory("usr_1")
	if !short {
		l.Open("usr_1", 100)
	}
	return l
}

// moves are usr_1's movements of credits in the order made, as "reason:±n".
func moves(l *creditstest.Memory) []string {
	var out []string
	for _, e := range l.Written("usr_1") {
		out = append(out, fmt.Sprintf("%s:%+d", e.Reason, e.Amount))
	}
	return out
}

type checker struct {
	res    liveness.Result
	err    error
	called bool
}

func (c *checker) Check(context.Context, []byte) (liveness.Result, error) {
	c.called = true
	return c.res, c.err
}

type quota struct {
	exhausted bool
	used      int
}

func (q *quota) Use(context.Context, string, int) error {
	if q.exhausted {
		return &fault.Error{
			Kind:       fault.RateLimited,
			Code:       "test_quota_exceeded",
			Detail:     "The test quota is used up.",
			RetryAfter: 60,
		}
	}
	q.used++
	return nil
}

func (q *quota) Return(_ context.Context, _ string, n int) error {
	q.used -= min(n, q.used)
	return nil
}

// noStore has no uploads and no handoff files.
type noStore struct{}

func (noStore) Read(context.Context, string, int64) ([]byte, error) {
	return nil, fault.New(fault.NotFound, "No object.")
}
func (noStore) Key(_ context.Context, id, _ string) (string, error) {
	return "uploads/" + id, nil
}
func (noStore) File(context.Context, string, handoff.Consumer) (handoff.File, error) {
	return handoff.File{}, fault.New(fault.NotFound, "No such session.")
}

func selfieForm(t testing.TB, data []byte) (string, *bytes.Buffer) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", "selfie.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = mw.Close()
	return mw.FormDataContentType(), &body
}

// pngHeader is a valid PNG whose header claims width×height pixels.
func pngHeader(t *testing.T, width, height uint32) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	binary.BigEndian.PutUint32(data[16:], width)
	binary.BigEndian.PutUint32(data[20:], height)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

// TestCheckHandler serves POST /v1/liveness/check on fakes: what a caller is charged, refunded and
// answered. Authentication is access's own (tested there); here the principal is given.
func TestCheckHandler(t *testing.T) {
	live := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
	test := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: false}
	selfie := []byte("\xff\xd8\xff not decoded by the fake checker")
	tests := []struct {
		name        string
		p           access.Principal
		contentType string
		body        []byte
		checkErr    error
		short       bool
		exhausted   bool
		status      int
		code        string   // the problem's type ends with it
		moves       []string // credits movements
		checked     bool
	}{
		{"live check charged", live, "", selfie, nil, false, false, 200, "", []string{"liveness:-2"}, true},
		{
			"no face refunded",
			live,
			"",
			selfie,
			liveness.ErrNoFace,
			false,
			false,
			422,
			"no_face_detected",
			[]string{"liveness:-2", "refund:+2"},
			true,
		},
		{
			"several faces refunded",
			live,
			"",
			selfie,
			liveness.ErrMultipleFaces,
			false,
			false,
			422,
			"multiple_faces",
			[]string{"liveness:-2", "refund:+2"},
			true,
		},
		{
			"not an image refunded",
			live,
			"",
			selfie,
			liveness.ErrUnsupported,
			false,
			false,
			415,
			"unsupported_media_type",
			[]string{"liveness:-2", "refund:+2"},
			true,
		},
		{"short of credits", live, "", selfie, nil, true, false, 402, "insufficient_credits", nil, false},
		{"test key not charged", test, "", selfie, nil, false, false, 200, "", nil, true},
		{"test quota used up", test, "", selfie, nil, false, true, 429, "test_quota_exceeded", nil, false},
		{
			"over the pixel bound before the debit",
			live,
			"",
			pngHeader(t, 20000, 20000),
			nil,
			false,
			false,
			413,
			"image_too_large",
			nil,
			false,
		},
		{
			"a progressive JPEG over the decoding budget before the debit",
			live,
			"",
			imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10),
			nil,
			false,
			false,
			422,
			"image_too_costly",
			nil,
			false,
		},
		{
			"a JPEG of 1,000 scans before the debit",
			live,
			"",
			imagefiletest.ProgressiveJPEG(1000, 1000, 0x22, 1000),
			nil,
			false,
			false,
			422,
			"image_too_costly",
			nil,
			false,
		},
		{
			"an interlaced grey PNG with tRNS (NRGBA once decoded) before the debit",
			live,
			"",
			imagefiletest.PNG(imagefiletest.PNGSpec{Width: 6324, Height: 6324, Colour: imagefiletest.Grey, Depth: 8,
				Transparent: true, Interlaced: true}),
			nil,
			false,
			false,
			422,
			"image_too_costly",
			nil,
			false,
		},
		{
			"another content type",
			live,
			"text/plain",
			selfie,
			nil,
			false,
			false,
			415,
			"unsupported_media_type",
			nil,
			false,
		},
		{
			"two stored selfies named",
			live,
			"application/json",
			[]byte(`{"uploadId":"up_1","handoffSessionId":"hs_1"}`),
			nil,
			false,
			false,
			422,
			"validation_failed",
			nil,
			false,
		},
		{
			"nothing uploaded yet",
			live,
			"application/json",
			[]byte(`{"uploadId":"up_1"}`),
			nil,
			false,
			false,
			409,
			"conflict",
			nil,
			false,
		},
		{
			"unknown handoff session",
			live,
			"application/json",
			[]byte(`{"handoffSessionId":"hs_1"}`),
			nil,
			false,
			false,
			404,
			"not_found",
			nil,
			false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			credits := ledger(tt.short)
			chk := &checker{
				res: liveness.Result{IsLive: true, Confidence: 0.98, ScoreSmall: 0.97, ScoreLarge: 0.99},
				err: tt.checkErr,
			}
			a := API{
				Liveness: &liveness.Service{
					Checker:  chk,
					Credits:  credits,
					Files:    noStore{},
					Uploads:  noStore{},
					Handoffs: noStore{},
					TestQuota: &quota{
						exhausted: tt.exhausted,
					},
					Price: 2,
				},
				Checks: &liveness.Checks{Records: &records{}, Credits: credits},
			}
			h := httpapi.New(
				slog.New(slog.DiscardHandler),
				httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{
					{
						Pattern: "POST /v1/liveness/check",
						Handler: func(w http.ResponseWriter, r *http.Request) error { return a.check(w, r, tt.p) },
					}},
			)
			contentType, body := tt.contentType, bytes.NewBuffer(tt.body)
			if contentType == "" {
				contentType, body = selfieForm(t, tt.body)
			}
			r := httptest.NewRequest("POST", "/v1/liveness/check", body)
			r.Header.Set("Content-Type", contentType)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.code != "" {
				var p httpapi.Problem
				if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil ||
					!strings.HasSuffix(p.Type, "/errors/"+tt.code) {
					t.Errorf("problem %+v (%v), want type …/%s", p, err, tt.code)
				}
			}
			if strings.Join(moves(credits), ",") != strings.Join(tt.moves, ",") {
				t.Errorf("credits moved %v, want %v", moves(credits), tt.moves)
			}
			if chk.called != tt.checked {
				t.Errorf("checker called %v, want %v", chk.called, tt.checked)
			}
			if tt.status == 200 {
				var out struct {
					CheckID     string `json:"checkId"`
					IsLive      bool   `json:"isLive"`
					CreditsUsed int    `json:"creditsUsed"`
					Livemode    bool   `json:"livemode"`
				}
				_ = json.Unmarshal(w.Body.Bytes(), &out)
				if !strings.HasPrefix(out.CheckID, "lv_") || !out.IsLive || out.CreditsUsed != len(tt.moves)*2 ||
					out.Livemode != tt.p.Live {
					t.Errorf("answer %s", w.Body)
				}
			}
		})
	}
}

// TestUnreadableSelfieTakesNoTestUnit: a check answered 415 (no JPEG, PNG or WebP by content,
// refused before the quota; or found unreadable by the checker, its unit given back) takes no
// unit of the test-mode quota, as it takes no credit of a live key. It took one.
func TestUnreadableSelfieTakesNoTestUnit(t *testing.T) {
	test := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: false}
	jpegMagic := []byte("\xff\xd8\xff not decoded by the fake checker")
	tests := []struct {
		name     string
		selfie   []byte
		checkErr error
		status   int
		used     int
		checked  bool
	}{
		{"text", []byte("hello, not an image"), nil, 415, 0, false},
		{"a PDF", []byte("%PDF-1.4 not a selfie"), nil, 415, 0, false},
		{"unreadable by the checker", jpegMagic, liveness.ErrCorrupt, 415, 0, true},
		{"not an image to the checker", jpegMagic, liveness.ErrUnsupported, 415, 0, true},
		{"no face: the unit is taken", jpegMagic, liveness.ErrNoFace, 422, 1, true},
		{"checked", jpegMagic, nil, 200, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, credits := &quota{}, ledger(false)
			chk := &checker{res: liveness.Result{IsLive: true}, err: tt.checkErr}
			a := API{
				Liveness: &liveness.Service{Checker: chk, Credits: credits, Files: noStore{}, Uploads: noStore{},
					Handoffs: noStore{}, TestQuota: q, Price: 2},
				Checks: &liveness.Checks{Records: &records{}, Credits: credits},
			}
			h := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{{Pattern: "POST /v1/liveness/check",
					Handler: func(w http.ResponseWriter, r *http.Request) error { return a.check(w, r, test) }}})
			contentType, body := selfieForm(t, tt.selfie)
			r := httptest.NewRequest("POST", "/v1/liveness/check", body)
			r.Header.Set("Content-Type", contentType)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.status || q.used != tt.used || chk.called != tt.checked {
				t.Errorf("%d, test units used %d, checker called %v; want %d, %d, %v: %s", w.Code, q.used,
					chk.called, tt.status, tt.used, tt.checked, w.Body)
			}
		})
	}
}
