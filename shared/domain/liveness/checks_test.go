package liveness

import (
	"context"
	"errors"
	"github.com/trustline/platform/shared/domain/credits/creditstest"
	"testing"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// fakeRecords is a Records of function fields.
type fakeRecords struct {
	put func(Record) error
	get func(string) (Record, error)
}

func (f fakeRecords) Put(_ context.Context, r Record) error            { return f.put(r) }
func (f fakeRecords) Get(_ context.Context, id string) (Record, error) { return f.get(id) }
func (f fakeRecords) List(context.Context, string, bool, int, string) (Page, error) {
	return Page{}, nil
}

func TestChecksKeep(t *testing.T) {
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	out := Checked{ID: "lv_1", Result: Result{IsLive: true, Confidence: 0.9, AttackType: AttackNone}, CreditsUsed: 2}
	tests := []struct {
		name       string
		putErr     error
		credits    int
		wantRefund int
	}{
		{"stored", nil, 2, 0},
		{"not stored: refunded", errors.New("table down"), 2, 2},
		{"not stored, test key: nothing to refund", errors.New("table down"), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got Record
			credits := creditstest.NewMemory("usr_1")
			c := &Checks{
				Records:   fakeRecords{put: func(r Record) error { got = r; return tt.putErr }},
				Credits:   credits,
				Retention: time.Hour,
				Now:       func() time.Time { return now },
			}
			o := out
			o.CreditsUsed = tt.credits
			err := c.Keep(
				context.Background(),
				Caller{UserID: "usr_1", Live: tt.credits > 0},
				o,
				&MatchSummary{IsMatch: true, Similarity: 0.6},
			)
			if (err != nil) != (tt.putErr != nil) || credits.Balance("usr_1") != tt.wantRefund {
				t.Errorf(
					"Keep = %v, refunded %d; want error %v, refund %d",
					err,
					credits.Balance("usr_1"),
					tt.putErr,
					tt.wantRefund,
				)
			}
			if got.ID != "lv_1" || got.OwnerID != "usr_1" || !got.CreatedAt.Equal(now) ||
				!got.ExpiresAt.Equal(now.Add(time.Hour)) ||
				got.FaceMatch == nil ||
				!got.IsLive {
				t.Errorf("record = %+v", got)
			}
		})
	}
}

func TestChecksGet(t *testing.T) {
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	recs := map[string]Record{
		"lv_live":    {ID: "lv_live", OwnerID: "usr_1", Live: true, ExpiresAt: now.Add(time.Hour)},
		"lv_test":    {ID: "lv_test", OwnerID: "usr_1", Live: false},
		"lv_expired": {ID: "lv_expired", OwnerID: "usr_1", Live: true, ExpiresAt: now},
	}
	c := &Checks{Now: func() time.Time { return now }, Records: fakeRecords{get: func(id string) (Record, error) {
		if r, ok := recs[id]; ok {
			return r, nil
		}
		return Record{}, fault.New(fault.NotFound, "none")
	}}}
	tests := []struct {
		name, owner, id string
		live, anyMode   bool
		found           bool
	}{
		{"own, key's mode", "usr_1", "lv_live", true, false, true},
		{"own, the other mode with a key", "usr_1", "lv_test", true, false, false},
		{"own, a login session's other mode", "usr_1", "lv_test", true, true, true},
		{"another owner's", "usr_2", "lv_live", true, true, false},
		{"expired", "usr_1", "lv_expired", true, false, false},
		{"unknown", "usr_1", "lv_none", true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.Get(context.Background(), tt.owner, tt.live, tt.anyMode, tt.id)
			if tt.found != (err == nil) || (err != nil && !fault.Is(err, fault.NotFound)) {
				t.Errorf("Get = %v, found want %v", err, tt.found)
			}
		})
	}
}
