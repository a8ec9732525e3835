package extraction_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

func TestSubmitChargesLiveCallersAtomically(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	m.credits["u1"] = 2
	live := extraction.Caller{OwnerID: "u1", Live: true}
	three := []extraction.Document{passportPNG("a"), passportPNG("b"), passportPNG("c")}
	_, _, err := s.Submit(context.Background(), live, three, true)
	if f := fault.As(err); f.Code != "insufficient_credits" || m.credits["u1"] != 2 || len(m.items) != 0 ||
		len(m.jobs) != 0 {
		t.Fatalf(
			"3 documents on 2 credits: %v, credits %d, items %d, jobs %d",
			err,
			m.credits["u1"],
			len(m.items),
			len(m.jobs),
		)
	}
	b, items, err := s.Submit(context.Background(), live, three[:2], true)
	if err != nil || b == nil || len(items) != 2 || m.credits["u1"] != 0 || len(m.jobs) != 2 ||
		items[0].CreditsUsed != 1 {
		t.Fatalf("2 documents: %v %+v, credits %d", err, items, m.credits["u1"])
	}
	if _, items, err := s.Submit(context.Background(), extraction.Caller{OwnerID: "u1"},
		[]extraction.Document{passportPNG("a")}, false); err != nil ||
		items[0].CreditsUsed != 0 {
		t.Fatalf("a test key is not charged: %v", err)
	}
}

// A submission run again under its idempotency key (its first answer lost, or its first run killed
// after it recorded the documents) answers what the first run recorded: the same ids, charged once,
// queued once, nothing stored twice; the test quota is not taken again either.
func TestSubmitUnderAKeyChargesOnce(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	m.credits["u1"] = 5
	live := extraction.Caller{OwnerID: "u1", Live: true}
	key := func(seed string) context.Context {
		return idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte(seed), Started: now})
	}
	_, first, err := s.Submit(key("one"), live, []extraction.Document{passportPNG("a")}, false)
	if err != nil {
		t.Fatal(err)
	}
	_, again, err := s.Submit(key("one"), live, []extraction.Document{passportPNG("a")}, false)
	if err != nil || again[0].ID != first[0].ID || m.credits["u1"] != 4 || len(m.jobs) != 1 || len(m.items) != 1 {
		t.Fatalf("the submission run again: %v %s (first %s), credits %d, jobs %d, items %d; want the first, "+
			"charged once", err, again[0].ID, first[0].ID, m.credits["u1"], len(m.jobs), len(m.items))
	}
	b, items, err := s.Submit(key("two"), live, []extraction.Document{passportPNG("a"), passportPNG("b")}, true)
	if err != nil {
		t.Fatal(err)
	}
	b2, items2, err := s.Submit(key("two"), live, []extraction.Document{passportPNG("a"), passportPNG("b")}, true)
	if err != nil || b2.ID != b.ID || len(items2) != 2 || m.credits["u1"] != 2 || len(m.items) != 3 {
		t.Fatalf("the batch run again: %v %+v, credits %d, items %d; want the first batch, charged once", err, b2,
			m.credits["u1"], len(m.items))
	}
	if len(m.moves) != 2 || items[0].ID == first[0].ID {
		t.Errorf("moves %+v, want one charge a submission", m.moves)
	}
	test := extraction.Caller{OwnerID: "u2"}
	for range 3 {
		if _, _, err := s.Submit(key("three"), test, []extraction.Document{passportPNG("a")}, false); err != nil {
			t.Fatalf("a test submission run again: %v", err)
		}
	}
	if used, _ := m.Count(context.Background(), testQuotaSubject(t, m)); used != 1 {
		t.Errorf("the test quota counted %d, want 1", used)
	}
}

// testQuotaSubject is the one counter of the test quota in m.
func testQuotaSubject(t *testing.T, m *memory) string {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	for subject := range m.counters {
		return subject
	}
	t.Fatal("no counter")
	return ""
}

// Test mode is free but bounded: the quota counts documents across calls, and a call over it stores
// and queues nothing.
func TestTestModeQuota(t *testing.T) {
	m, now := newMemory(), time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	s := service(m, &reader{}, &now)
	test := extraction.Caller{OwnerID: "u1"}
	doc := passportPNG("a")
	if _, _, err := s.Submit(context.Background(), test, []extraction.Document{doc, doc}, true); err != nil {
		t.Fatal(err)
	}
	blobs := len(m.blobs)
	_, _, err := s.Submit(context.Background(), test, []extraction.Document{doc, doc}, true)
	if f := fault.As(err); f.Kind != fault.RateLimited || f.Code != "test_quota_exceeded" || f.RetryAfter != 6*3600+1 {
		t.Fatalf("2 more on a quota of 3 with 2 used: %+v", f)
	}
	if len(m.items) != 2 || len(m.jobs) != 2 || len(m.blobs) != blobs {
		t.Errorf("refused batch left items %d, jobs %d, files %d", len(m.items), len(m.jobs), len(m.blobs)-blobs)
	}
	if _, _, err := s.Submit(context.Background(), test, []extraction.Document{doc}, false); err != nil {
		t.Errorf("the last one of the day: %v", err)
	}
	if _, _, err := s.Submit(context.Background(), extraction.Caller{OwnerID: "u1", Live: true},
		[]extraction.Document{doc}, false); !fault.Is(
		err,
		fault.PaymentRequired,
	) {
		t.Errorf("a live key does not draw on the test quota (and has no credits): %v", err)
	}
	now = now.Add(6 * time.Hour)
	if _, _, err := s.Submit(context.Background(), test, []extraction.Document{doc}, false); err != nil {
		t.Errorf("the next UTC day: %v", err)
	}
}

func TestSubmitValidation(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	c := extraction.Caller{OwnerID: "u1"}
	for _, tc := range []struct {
		name  string
		docs  []extraction.Document
		batch bool
		kind  fault.Kind
		param string
	}{
		{"unknown type", []extraction.Document{{Type: "banknote", Data: []byte(pngSig)}}, false, fault.Invalid,
			"documentType"},
		{"missing type in a batch", []extraction.Document{{Data: []byte(pngSig)}, {Type: "visa"}}, true, fault.Invalid,
			"documents[0].documentType"},
		{"neither file nor upload", []extraction.Document{{Type: "visa"}}, false, fault.Invalid, "file"},
		{"not an image", []extraction.Document{{Type: "visa", Data: []byte("GIF89a")}}, false, fault.UnsupportedMedia,
			""},
		{"too large", []extraction.Document{{Type: "visa", Data: append([]byte(pngSig), make([]byte, 1<<20)...)}},
			false, fault.TooLarge, ""},
		{"two without a batch", []extraction.Document{{Type: "visa", Data: []byte(pngSig)}, {Type: "visa",
			Data: []byte(pngSig)}}, false, fault.BadRequest, ""},
		{"another user's upload", []extraction.Document{{Type: "visa", UploadID: "upl_x"}}, false, fault.NotFound, ""},
		// An empty batch is out of range like one over MaxBatch, not a malformed request.
		{"an empty batch", nil, true, fault.Invalid, "documents"},
		{"a batch over the bound", slices.Repeat([]extraction.Document{{Type: "visa", Data: []byte(pngSig)}},
			extraction.MaxBatch+1), true, fault.Invalid, "documents"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m.uploads["upl_x"] = uploads.Slot{ID: "upl_x", OwnerID: "someone-else"}
			_, _, err := s.Submit(context.Background(), c, tc.docs, tc.batch)
			f := fault.As(err)
			if f.Kind != tc.kind ||
				(tc.param != "" && !slices.ContainsFunc(f.InvalidParams,
					func(p string) bool { return strings.HasPrefix(p, tc.param+":") })) {
				t.Errorf("error = %+v", f)
			}
			if len(m.items) != 0 || len(m.blobs) != 0 {
				t.Errorf("a refused document left %d items and %d files", len(m.items), len(m.blobs))
			}
		})
	}
}

// jpegHeader returns the start of a JPEG of w×h pixels, up to its scan, whose frame header comes
// after pad bytes of application segments, as a phone's EXIF, XMP and colour profile put it.
func jpegHeader(w, h, pad int) []byte {
	b := []byte{0xFF, 0xD8}
	for pad > 0 {
		n := min(pad, 65533)
		b = append(b, 0xFF, 0xE1, byte((n+2)>>8), byte(n+2))
		b = append(b, make([]byte, n)...)
		pad -= n
	}
	// SOF0: length 17, 8 bits, h rows, w columns, three components (Y sampled 2×2, Cb and Cr 1×1).
	sof := []byte{0xFF, 0xC0, 0, 17, 8, byte(h >> 8), byte(h), byte(w >> 8), byte(w),
		3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1}
	return append(append(b, sof...), 0xFF, 0xDA, 0, 12)
}

type handoffs map[string]handoff.File

func (h handoffs) File(_ context.Context, id string, _ handoff.Consumer) (handoff.File, error) {
	if f, ok := h[id]; ok {
		return f, nil
	}
	return handoff.File{}, fault.New(fault.NotFound, "no")
}

// An image over the pixel bound, or of 16 bits per channel, is refused by its header before
// anything is stored, charged or queued, however it comes: inline, in a batch beside good files,
// uploaded (its header read back from storage, past the first bytes when it must be), or through a
// handoff session.
func TestSubmitRefusesImagesOverTheBound(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	s.MaxBytes = 15 << 20
	live := extraction.Caller{OwnerID: "u1", Live: true}
	m.credits["u1"] = 10
	var deep bytes.Buffer
	if err := png.Encode(&deep, image.NewRGBA64(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	huge := jpegHeader(9000, 9000, 300<<10) // the frame header is past the first read of a stored file
	m.blobs["raw/u1/upl_huge"] = huge
	m.uploads["upl_huge"] = uploads.Slot{ID: "upl_huge", OwnerID: "u1", Key: "raw/u1/upl_huge"}
	m.blobs["handoff/hs_deep"] = deep.Bytes()
	s.Handoffs = handoffs{"hs_deep": {Key: "handoff/hs_deep", MIME: "image/png", Size: int64(deep.Len())}}
	stored := len(m.blobs)
	ok := passportPNG("ok")
	for _, tc := range []struct {
		name  string
		docs  []extraction.Document
		batch bool
	}{
		{"16-bit inline", []extraction.Document{{Type: "passport", Data: deep.Bytes()}}, false},
		{"over 40 megapixels inline", []extraction.Document{{Type: "passport", Data: jpegHeader(9000, 9000, 0)}},
			false},
		{"one in a batch", []extraction.Document{ok, ok, {Type: "passport", Data: deep.Bytes()}}, true},
		{"uploaded", []extraction.Document{{Type: "passport", UploadID: "upl_huge"}}, false},
		{"through a handoff", []extraction.Document{ok, {Type: "passport", HandoffSessionID: "hs_deep"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := s.Submit(context.Background(), live, tc.docs, tc.batch)
			if f := fault.As(err); f.Kind != fault.TooLarge || f.Code != "image_too_large" {
				t.Errorf("error = %v, want 413 image_too_large", err)
			}
			if m.credits["u1"] != 10 || len(m.items) != 0 || len(m.jobs) != 0 || len(m.blobs) != stored {
				t.Errorf(
					"credits %d, items %d, jobs %d, files %d: something was kept",
					m.credits["u1"],
					len(m.items),
					len(m.jobs),
					len(m.blobs)-stored,
				)
			}
		})
	}
	s.MaxPixels = 100_000_000
	if _, _, err := s.Submit(context.Background(), live, []extraction.Document{{Type: "passport",
		UploadID: "upl_huge"}}, false); err != nil {
		t.Errorf("81 megapixels within a bound of 100: %v", err)
	}
}

// A JPEG within the pixel bound whose decoding would cost more than the budget (a progressive
// 6300×6300 image, a thousand scans) is refused at intake with 422 image_too_costly, inline or
// uploaded (its scans read past the first read of the stored file), nothing charged, stored or
// queued; the worker, were it queued before, fails it for good with the same problem.
func TestSubmitRefusesImagesTooCostlyToDecode(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	s.MaxBytes = 15 << 20
	live := extraction.Caller{OwnerID: "u1", Live: true}
	m.credits["u1"] = 10
	progressive := imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10)
	scans := imagefiletest.ProgressiveJPEG(4000, 3000, 0x22, 1000)
	m.blobs["raw/u1/upl_scans"] = scans
	m.uploads["upl_scans"] = uploads.Slot{ID: "upl_scans", OwnerID: "u1", Key: "raw/u1/upl_scans"}
	stored := len(m.blobs)
	for _, tc := range []struct {
		name, reason string
		doc          extraction.Document
	}{
		{"progressive 6300×6300", "597 MB", extraction.Document{Type: "passport", Data: progressive}},
		{"1,000 scans uploaded", "1000 scans", extraction.Document{Type: "passport", UploadID: "upl_scans"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := s.Submit(context.Background(), live, []extraction.Document{tc.doc}, false)
			if f := fault.As(err); f.Kind != fault.Invalid || f.Code != "image_too_costly" ||
				!strings.Contains(f.Detail, tc.reason) {
				t.Errorf("error = %v, want 422 image_too_costly naming %q", err, tc.reason)
			}
			if m.credits["u1"] != 10 || len(m.items) != 0 || len(m.jobs) != 0 || len(m.blobs) != stored {
				t.Errorf(
					"credits %d, items %d, jobs %d, files %d: something was kept",
					m.credits["u1"],
					len(m.items),
					len(m.jobs),
					len(m.blobs)-stored,
				)
			}
		})
	}
	engine := &scripted{}
	for name, data := range map[string][]byte{"progressive": progressive, "scans": scans} {
		_, err := extraction.MRZReader{Engine: engine}.Read(context.Background(), data, "image/jpeg", "auto")
		if f := fault.As(err); f.Kind != fault.Invalid || f.Code != "image_too_costly" {
			t.Errorf("worker, %s: %v, want a permanent image_too_costly", name, err)
		}
	}
}
