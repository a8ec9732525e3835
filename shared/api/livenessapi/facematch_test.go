package livenessapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// matcher is a facematch.Matcher answering res or err, recording what it was given.
type matcher struct {
	res      facematch.Result
	err      error
	document []byte
	called   bool
}

func (m *matcher) Compare(_ context.Context, document, _ []byte) (facematch.Result, error) {
	m.called, m.document = true, document
	return m.res, m.err
}

// extractionStore holds extractions by id; only Extraction is used (by extraction.Service.Get,
// which decides who sees which).
type extractionStore struct {
	extraction.Store
	byID map[string]extraction.Extraction
}

func (s extractionStore) Extraction(_ context.Context, id string) (extraction.Extraction, error) {
	e, ok := s.byID[id]
	if !ok {
		return extraction.Extraction{}, fault.New(fault.NotFound, "No such extraction.")
	}
	return e, nil
}

// pageFiles holds the extractions' pages by object key.
type pageFiles map[string][]byte

func (f pageFiles) Read(_ context.Context, key string, _ int64) ([]byte, error) {
	data, ok := f[key]
	if !ok {
		return nil, fault.New(fault.NotFound, "No object.")
	}
	return data, nil
}

// multipartBody writes files (name → content) and fields as multipart/form-data.
func multipartBody(t *testing.T, files map[string][]byte, fields map[string]string) (string, *bytes.Buffer) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for name, data := range files {
		fw, err := mw.CreateFormFile(name, name+".jpg")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(data)
	}
	for name, v := range fields {
		if err := mw.WriteField(name, v); err != nil {
			t.Fatal(err)
		}
	}
	_ = mw.Close()
	return mw.FormDataContentType(), &body
}

// TestFaceMatchHandler serves POST /v1/face-match on fakes (the matcher, the ledger, the stored
// extractions; extraction.Service's own Get decides whose extraction is seen): the answer's shape,
// the problems and what is charged and refunded for each.
func TestFaceMatchHandler(t *testing.T) {
	live := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
	test := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: false}
	selfie := []byte("\xff\xd8\xff a selfie, not decoded by the fake matcher")
	page := []byte("\xff\xd8\xff a document page, not decoded by the fake matcher")
	stored := []byte("\xff\xd8\xff the page of ext_done")
	extractions := extractionStore{byID: map[string]extraction.Extraction{
		"ext_done": {
			ID:      "ext_done",
			OwnerID: "usr_1",
			Live:    true,
			Status:  extraction.StatusCompleted,
			Object:  extraction.Object{Key: "documents/ext_done"},
		},
		"ext_test": {
			ID:      "ext_test",
			OwnerID: "usr_1",
			Live:    false,
			Status:  extraction.StatusCompleted,
			Object:  extraction.Object{Key: "documents/ext_test"},
		},
		"ext_other": {
			ID:      "ext_other",
			OwnerID: "usr_2",
			Live:    true,
			Status:  extraction.StatusCompleted,
			Object:  extraction.Object{Key: "documents/ext_other"},
		},
		"ext_queued": {
			ID:      "ext_queued",
			OwnerID: "usr_1",
			Live:    true,
			Status:  extraction.StatusQueued,
			Object:  extraction.Object{Key: "documents/ext_queued"},
		},
		"ext_failed": {
			ID:      "ext_failed",
			OwnerID: "usr_1",
			Live:    true,
			Status:  extraction.StatusFailed,
			Object:  extraction.Object{Key: "documents/ext_failed"},
		},
		"ext_gone": {
			ID:      "ext_gone",
			OwnerID: "usr_1",
			Live:    true,
			Status:  extraction.StatusCompleted,
			Object:  extraction.Object{Key: "documents/ext_gone"},
		},
		"ext_toolong": {
			ID:      "ext_toolong",
			OwnerID: "usr_1",
			Live:    true,
			Status:  extraction.StatusCompleted,
			Object:  extraction.Object{Key: "documents/ext_toolong"},
		},
	}}
	files := pageFiles{"documents/ext_done": stored, "documents/ext_test": stored, "documents/ext_other": stored,
		"documents/ext_queued": stored, "documents/ext_failed": stored, "documents/ext_toolong": pngHeader(t, 20000,
			20000)}
	noFace := func(img string) error { return &facematch.ImageError{Image: img, Err: facematch.ErrNoFace} }
	withDoc := func(doc []byte) map[string][]byte { return map[string][]byte{"selfie": selfie, "document": doc} }
	onlySelfie := map[string][]byte{"selfie": selfie}
	ext := func(id string) map[string]string { return map[string]string{"extractionId": id} }
	tests := []struct {
		name      string
		p         access.Principal
		files     map[string][]byte
		fields    map[string]string
		matchErr  error
		exhausted bool
		status    int
		code      string   // the problem's type ends with it
		image     string   // the problem's extensions.image
		moves     []string // credits movements
		compared  []byte   // the document the matcher was given; nil: not called
	}{
		{"document file", live, withDoc(page), nil, nil, false, 200, "", "", []string{"face_match:-2"}, page},
		{
			"completed extraction",
			live,
			onlySelfie,
			ext("ext_done"),
			nil,
			false,
			200,
			"",
			"",
			[]string{"face_match:-2"},
			stored,
		},
		{"test key: quota, no charge", test, onlySelfie, ext("ext_test"), nil, false, 200, "", "", nil, stored},
		{"test quota used up", test, withDoc(page), nil, nil, true, 429, "test_quota_exceeded", "", nil, nil},
		{
			"no face on the document",
			live,
			withDoc(page),
			nil,
			noFace(facematch.ImageDocument),
			false,
			422,
			"face_not_found",
			"document",
			[]string{"face_match:-2", "refund:+2"},
			page,
		},
		{
			"no face on the selfie",
			live,
			withDoc(page),
			nil,
			noFace(facematch.ImageSelfie),
			false,
			422,
			"face_not_found",
			"selfie",
			[]string{"face_match:-2", "refund:+2"},
			page,
		},
		{"several faces on the selfie", live, withDoc(page), nil,
			&facematch.ImageError{
				Image: facematch.ImageSelfie,
				Err:   fmt.Errorf("%w: found 2", facematch.ErrMultipleFaces),
			}, false, 422, "multiple_faces", "selfie", []string{"face_match:-2", "refund:+2"}, page},
		{
			"document over the pixel bound",
			live,
			withDoc(pngHeader(t, 20000, 20000)),
			nil,
			nil,
			false,
			413,
			"image_too_large",
			"",
			nil,
			nil,
		},
		{
			"selfie over the pixel bound",
			live,
			map[string][]byte{"selfie": pngHeader(t, 20000, 20000), "document": page},
			nil,
			nil,
			false,
			413,
			"image_too_large",
			"",
			nil,
			nil,
		},
		{
			"extraction's page over the pixel bound",
			live,
			onlySelfie,
			ext("ext_toolong"),
			nil,
			false,
			413,
			"image_too_large",
			"",
			nil,
			nil,
		},
		{"another user's extraction", live, onlySelfie, ext("ext_other"), nil, false, 404, "not_found", "", nil, nil},
		{"the other mode's extraction", live, onlySelfie, ext("ext_test"), nil, false, 404, "not_found", "", nil, nil},
		{
			"a live extraction for a test key",
			test,
			onlySelfie,
			ext("ext_done"),
			nil,
			false,
			404,
			"not_found",
			"",
			nil,
			nil,
		},
		{"unknown extraction", live, onlySelfie, ext("ext_nope"), nil, false, 404, "not_found", "", nil, nil},
		{"extraction not completed", live, onlySelfie, ext("ext_queued"), nil, false, 409, "conflict", "", nil, nil},
		{"extraction failed", live, onlySelfie, ext("ext_failed"), nil, false, 409, "conflict", "", nil, nil},
		{
			"extraction's page no longer kept",
			live,
			onlySelfie,
			ext("ext_gone"),
			nil,
			false,
			409,
			"conflict",
			"",
			nil,
			nil,
		},
		{"neither document nor extraction", live, onlySelfie, nil, nil, false, 422, "validation_failed", "", nil, nil},
		{
			"both document and extraction",
			live,
			withDoc(page),
			ext("ext_done"),
			nil,
			false,
			422,
			"validation_failed",
			"",
			nil,
			nil,
		},
		{
			"no selfie",
			live,
			map[string][]byte{"document": page},
			nil,
			nil,
			false,
			422,
			"validation_failed",
			"",
			nil,
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			credits, q := ledger(false), &quota{exhausted: tt.exhausted}
			m := &matcher{
				err: tt.matchErr,
				res: facematch.Result{
					IsMatch:      true,
					Similarity:   0.7123456789,
					Threshold:    facematch.DefaultThreshold,
					ProcessingMs: 12,
					Document: facematch.Face{
						Box:   image.Rect(10, 20, 110, 150),
						Score: 0.91,
					},
					Selfie: facematch.Face{Box: image.Rect(200, 100, 500, 480), Score: 0.95},
				},
			}
			lv := &liveness.Service{
				Checker:   &checker{},
				Credits:   credits,
				Files:     noStore{},
				Uploads:   noStore{},
				Handoffs:  noStore{},
				TestQuota: q,
				Price:     3,
			}
			a := API{Liveness: lv, FaceMatch: &facematch.Service{Liveness: lv, Matcher: m, Price: 2,
				Documents: facematch.ExtractionPages{
					Extractions: &extraction.Service{Store: extractions},
					Files:       files,
				}}}
			h := httpapi.New(
				slog.New(slog.DiscardHandler),
				httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{
					{
						Pattern: "POST /v1/face-match",
						Handler: func(w http.ResponseWriter, r *http.Request) error { return a.match(w, r, tt.p) },
					}},
			)
			contentType, body := multipartBody(t, tt.files, tt.fields)
			r := httptest.NewRequest("POST", "/v1/face-match", body)
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
				if got, _ := p.Extensions["image"].(string); got != tt.image {
					t.Errorf("extensions.image %q, want %q", got, tt.image)
				}
			}
			if strings.Join(moves(credits), ",") != strings.Join(tt.moves, ",") {
				t.Errorf("credits moved %v, want %v", moves(credits), tt.moves)
			}
			if !bytes.Equal(m.document, tt.compared) || m.called != (tt.compared != nil) {
				t.Errorf("matcher given document %q (called %v), want %q", m.document, m.called, tt.compared)
			}
			if wantQuota := btoi(!tt.p.Live && tt.status == 200); q.used != wantQuota {
				t.Errorf("test quota used %d, want %d", q.used, wantQuota)
			}
			if tt.status != 200 {
				return
			}
			var out map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
				t.Fatal(err)
			}
			want := map[string]any{
				"isMatch":      true,
				"similarity":   0.712346,
				"threshold":    facematch.DefaultThreshold,
				"processingMs": 12.0,
				"creditsUsed":  float64(2 * len(tt.moves)),
				"livemode":     tt.p.Live,
				"document": map[string]any{
					"box":   map[string]any{"x": 10.0, "y": 20.0, "width": 100.0, "height": 130.0},
					"score": 0.91,
				},
				"selfie": map[string]any{
					"box":   map[string]any{"x": 200.0, "y": 100.0, "width": 300.0, "height": 380.0},
					"score": 0.95,
				},
			}
			if id, _ := out["matchId"].(string); !strings.HasPrefix(id, "fm_") {
				t.Errorf("matchId %q, want fm_…", out["matchId"])
			}
			delete(out, "matchId")
			if got, exp := mustJSON(t, out), mustJSON(t, want); got != exp {
				t.Errorf("answer\n %s\nwant\n %s", got, exp)
			}
		})
	}
}

// TestCheckWithFaceMatch serves POST /v1/liveness/check naming a document: the check's answer
// gains faceMatch, and the caller is charged once, at the liveness price.
func TestCheckWithFaceMatch(t *testing.T) {
	live := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
	selfie := []byte("\xff\xd8\xff a selfie")
	page := []byte("\xff\xd8\xff a page")
	tests := []struct {
		name     string
		files    map[string][]byte
		checkErr error
		matchErr error
		status   int
		code     string
		moves    []string
	}{
		{
			"live and matching",
			map[string][]byte{"file": selfie, "document": page},
			nil,
			nil,
			200,
			"",
			[]string{"liveness:-3"},
		},
		{"no face on the document refunds the check", map[string][]byte{"file": selfie, "document": page}, nil,
			&facematch.ImageError{
				Image: facematch.ImageDocument,
				Err:   facematch.ErrNoFace,
			}, 422, "face_not_found", []string{"liveness:-3", "refund:+3"}},
		{
			"no face on the selfie is the check's problem",
			map[string][]byte{"file": selfie, "document": page},
			liveness.ErrNoFace,
			nil,
			422,
			"no_face_detected",
			[]string{"liveness:-3", "refund:+3"},
		},
		{
			"document over the pixel bound",
			map[string][]byte{"file": selfie, "document": pngHeader(t, 20000, 20000)},
			nil,
			nil,
			413,
			"image_too_large",
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			credits := ledger(false)
			chk := &checker{res: liveness.Result{IsLive: true, Confidence: 0.98}, err: tt.checkErr}
			m := &matcher{
				err: tt.matchErr,
				res: facematch.Result{
					IsMatch:      false,
					Similarity:   0.1,
					Threshold:    facematch.DefaultThreshold,
					ProcessingMs: 5,
				},
			}
			lv := &liveness.Service{
				Checker:   chk,
				Credits:   credits,
				Files:     noStore{},
				Uploads:   noStore{},
				Handoffs:  noStore{},
				TestQuota: &quota{},
				Price:     3,
			}
			a := API{
				Liveness:  lv,
				FaceMatch: &facematch.Service{Liveness: lv, Matcher: m, Price: 2},
				Checks:    &liveness.Checks{Records: &records{}, Credits: credits},
			}
			h := httpapi.New(
				slog.New(slog.DiscardHandler),
				httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{
					{
						Pattern: "POST /v1/liveness/check",
						Handler: func(w http.ResponseWriter, r *http.Request) error { return a.check(w, r, live) },
					}},
			)
			contentType, body := multipartBody(t, tt.files, nil)
			r := httptest.NewRequest("POST", "/v1/liveness/check", body)
			r.Header.Set("Content-Type", contentType)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if strings.Join(moves(credits), ",") != strings.Join(tt.moves, ",") {
				t.Errorf("credits moved %v, want %v", moves(credits), tt.moves)
			}
			if tt.status != 200 {
				var p httpapi.Problem
				if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil ||
					!strings.HasSuffix(p.Type, "/errors/"+tt.code) {
					t.Errorf("problem %+v (%v), want type …/%s", p, err, tt.code)
				}
				return
			}
			var out struct {
				CheckID      string         `json:"checkId"`
				IsLive       bool           `json:"isLive"`
				CreditsUsed  int            `json:"creditsUsed"`
				ProcessingMs int            `json:"processingMs"`
				FaceMatch    map[string]any `json:"faceMatch"`
			}
			_ = json.Unmarshal(w.Body.Bytes(), &out)
			wantMatch := map[string]any{"isMatch": false, "similarity": 0.1, "threshold": facematch.DefaultThreshold}
			if !strings.HasPrefix(out.CheckID, "lv_") || !out.IsLive || out.CreditsUsed != 3 ||
				mustJSON(t, out.FaceMatch) != mustJSON(t, wantMatch) {
				t.Errorf("answer %s", w.Body)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// mustJSON is v's JSON, map keys sorted: two values compare by it.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
