package extraction_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A document's link is the owner's, in the extraction's mode, for DocumentLinkTTL; once the file
// is deleted it is Gone, and once the record is past its retention the extraction is not found.
func TestDocumentLink(t *testing.T) {
	m, now := newMemory(), time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	s := service(m, &reader{}, &now)
	s.Retention = 30 * 24 * time.Hour
	m.credits["u1"] = 1
	live := extraction.Caller{OwnerID: "u1", Live: true}
	_, items, err := s.Submit(
		context.Background(),
		live,
		[]extraction.Document{passportPNG("a")},
		false,
	)
	if err != nil {
		t.Fatal(err)
	}
	e := items[0]
	for _, c := range []extraction.Caller{live, {OwnerID: "u1", AnyMode: true}} {
		l, err := s.Document(context.Background(), c, e.ID)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if l.URL != "https://bucket.example/"+e.Object.Key+"?type=image/png&ttl=5m0s" || l.ContentType != "image/png" ||
			!l.ExpiresAt.Equal(now.Add(5*time.Minute)) {
			t.Errorf("%+v: link %+v", c, l)
		}
	}
	for name, tc := range map[string]struct {
		c    extraction.Caller
		id   string
		want fault.Kind
	}{
		"another owner":  {extraction.Caller{OwnerID: "u2", Live: true}, e.ID, fault.NotFound},
		"the test mode":  {extraction.Caller{OwnerID: "u1"}, e.ID, fault.NotFound},
		"an unknown one": {live, "ext_unknown", fault.NotFound},
	} {
		if _, err := s.Document(context.Background(), tc.c, tc.id); !fault.Is(err, tc.want) {
			t.Errorf("%s: %v, want kind %d", name, err, tc.want)
		}
	}
	delete(m.blobs, e.Object.Key) // the bucket's lifecycle
	if _, err := s.Document(context.Background(), live, e.ID); !fault.Is(err, fault.Gone) {
		t.Errorf("the file deleted: %v, want Gone", err)
	}
	now = now.Add(s.Retention)
	if _, err := s.Document(context.Background(), live, e.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("past the record's retention: %v, want NotFound", err)
	}
}
