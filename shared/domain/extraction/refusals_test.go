package extraction_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// unreadable is a reader that fails a file marked 'x' as the real reader fails one it cannot
// decode, and reads the others as the test reader does.
type unreadable struct{ reader }

func (r *unreadable) Read(ctx context.Context, data []byte, mime, documentType string) (extraction.Result, error) {
	if data[len(pngSig)] == 'x' {
		return extraction.Result{}, &fault.Error{Kind: fault.Invalid, Code: "unreadable_file", Detail: "damaged"}
	}
	return r.reader.Read(ctx, data, mime, documentType)
}

// TestRefusedDecodingsAreBounded: files refused at intake for their decoding cost and files the
// worker fails unreadable (refunded) count against the owner's bound on refused decodings; past it,
// a refusal and then any new submission are answered 429 decode_refusals_exceeded with Retry-After
// to the end of the hour, charging and storing nothing. A file decoded and found wanting
// (mrz_not_found) is not counted, nor is another owner held. Without the bound, a stream of such
// files cost their sender nothing.
func TestRefusedDecodingsAreBounded(t *testing.T) {
	m, now := newMemory(), time.Date(2026, 11, 28, 10, 15, 0, 0, time.UTC)
	s := service(m, &reader{}, &now)
	s.Reader = &unreadable{}
	s.Refusals = refusals.Bound{Counter: m, PerHour: 3, Now: func() time.Time { return now }}
	m.credits["u1"], m.credits["u2"] = 10, 10
	ctx, live := context.Background(), extraction.Caller{OwnerID: "u1", Live: true}
	submit := func(c extraction.Caller, data []byte) (*extraction.Extraction, error) {
		_, items, err := s.Submit(ctx, c, []extraction.Document{{Type: "passport", Data: data}}, false)
		if err != nil {
			return nil, err
		}
		return &items[0], nil
	}
	costly := imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10)
	for range 2 {
		if _, err := submit(live, costly); fault.As(err).Code != "image_too_costly" {
			t.Fatalf("a costly file: %v, want 422 image_too_costly", err)
		}
	}
	for _, data := range []string{"u", "x"} { // no zone found: not counted; unreadable: counted
		e, err := submit(live, []byte(pngSig+data))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Process(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
	}
	if m.credits["u1"] != 10 {
		t.Fatalf("credits %d: the failures were not refunded", m.credits["u1"])
	}
	stored := len(m.blobs)
	for name, data := range map[string][]byte{"a costly file": costly, "a good file": []byte(pngSig + "ok")} {
		_, err := submit(live, data)
		if f := fault.As(err); f.Kind != fault.RateLimited || f.Code != "decode_refusals_exceeded" ||
			f.RetryAfter != 45*60+1 {
			t.Errorf("%s past the bound: %v, want 429 decode_refusals_exceeded, Retry-After 2701", name, err)
		}
	}
	if m.credits["u1"] != 10 || len(m.blobs) != stored {
		t.Errorf("past the bound: credits %d, %d files stored", m.credits["u1"], len(m.blobs)-stored)
	}
	if _, err := submit(extraction.Caller{OwnerID: "u2", Live: true}, []byte(pngSig+"ok")); err != nil {
		t.Errorf("another owner: %v", err)
	}
	now = now.Add(45 * time.Minute)
	if _, err := submit(live, []byte(pngSig+"ok")); err != nil {
		t.Errorf("the next hour: %v", err)
	}
}
