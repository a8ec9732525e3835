// Package webhooktest provides the contract tests of webhook.Store, run on every implementation:
// the DynamoDB repository and the in-memory fake the engine's unit tests trust.
package webhooktest

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// RunStoreSuite checks the promises of webhook.Store on the stores newStore makes, one empty store
// per subtest: what is put is read back, attempts are claimed and recorded only from the state the
// engine expects (Conflict otherwise), the sweep sees exactly the pending deliveries due, listings
// are newest first and page by cursors that serve only their own listing, and a failed delivery is
// recovered once.
func RunStoreSuite(t *testing.T, newStore func(t *testing.T) webhook.Store) {
	cases := []struct {
		name string
		run  func(t *testing.T, s webhook.Store)
	}{
		{"put then read back", putThenReadBack},
		{"an attempt is claimed once", claimedOnce},
		{"an attempt is recorded once, under its claim", recordedOnce},
		{"due deliveries", dueDeliveries},
		{"listing, newest first, page by page", listedNewestFirst},
		{"filters", filtered},
		{"a cursor is a position in its own listing", cursorOfItsListing},
		{"failed deliveries are recovered once", recoveredOnce},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newStore(t)) })
	}
}

// t0 is the time every case starts from.
var t0 = time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)

func putThenReadBack(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	d := delivery("dlv_1", "usr_1", t0)
	d.EndpointID, d.RedeliveryOf, d.ExpiresAt = "we_1", "dlv_0", t0.Add(30*24*time.Hour)
	put(t, s, d)
	got, err := s.Delivery(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "read back", got, d)
	if _, err := s.Delivery(ctx, "dlv_404"); !fault.Is(err, fault.NotFound) {
		t.Errorf("an unknown delivery: %v, want NotFound", err)
	}
	other := delivery("dlv_1", "usr_2", t0.Add(time.Second))
	kind(t, "a second delivery of the same id", s.PutDelivery(ctx, other), fault.Conflict)
	if got, _ := s.Delivery(ctx, d.ID); got.OwnerID != "usr_1" {
		t.Errorf("the refused delivery replaced the first: %+v", got)
	}
}

func claimedOnce(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	put(t, s, delivery("dlv_1", "usr_1", t0))
	kind(t, "attempt 2 before attempt 1", s.ClaimAttempt(ctx, "dlv_1", 2, t0.Add(time.Minute), t0), fault.Conflict)
	if err := s.ClaimAttempt(ctx, "dlv_1", 1, t0.Add(time.Minute), t0); err != nil {
		t.Fatal(err)
	}
	if c := read(t, s, "dlv_1").Claimed; c == nil || c.N != 1 || !c.At.Equal(t0) || !c.Until.Equal(t0.Add(time.Minute)) {
		t.Errorf("the claim reads back as %+v, want attempt 1 started at t0 until a minute later", c)
	}
	kind(
		t,
		"a second claim while the first is live",
		s.ClaimAttempt(ctx, "dlv_1", 1, t0.Add(2*time.Minute), t0.Add(59*time.Second)),
		fault.Conflict,
	)
	if err := s.ClaimAttempt(ctx, "dlv_1", 1, t0.Add(3*time.Minute), t0.Add(2*time.Minute)); err != nil {
		t.Errorf("a claim after the first lapsed: %v", err)
	}
	kind(
		t,
		"a claim of an unknown delivery",
		s.ClaimAttempt(ctx, "dlv_404", 1, t0.Add(time.Minute), t0),
		fault.Conflict,
	)
}

func recordedOnce(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	d := delivery("dlv_1", "usr_1", t0)
	put(t, s, d)
	a1 := webhook.Attempt{
		N:          1,
		At:         t0,
		StatusCode: 500,
		DurationMs: 12,
		ErrorClass: webhook.ErrorHTTPStatus,
		Error:      "answered 500",
	}
	kind(
		t,
		"a record without a claim",
		s.RecordAttempt(ctx, d.ID, a1, webhook.StatusPending, t0.Add(time.Minute)),
		fault.Conflict,
	)
	claim(t, s, d.ID, 1, t0)
	if err := s.RecordAttempt(ctx, d.ID, a1, webhook.StatusPending, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if c := read(t, s, d.ID).Claimed; c != nil {
		t.Errorf("the recorded attempt's claim remains: %+v", c)
	}
	kind(
		t,
		"the same attempt again",
		s.RecordAttempt(ctx, d.ID, a1, webhook.StatusPending, t0.Add(time.Minute)),
		fault.Conflict,
	)
	kind(
		t,
		"a claim of the attempt recorded",
		s.ClaimAttempt(ctx, d.ID, 1, t0.Add(2*time.Minute), t0.Add(time.Minute)),
		fault.Conflict,
	)
	want := d
	want.Attempts, want.NextAt = []webhook.Attempt{a1}, t0.Add(time.Minute)
	same(t, "after a failed attempt", read(t, s, d.ID), want)

	claim(t, s, d.ID, 2, t0.Add(time.Minute))
	a2 := webhook.Attempt{N: 2, At: t0.Add(time.Minute), StatusCode: 204, DurationMs: 30}
	if err := s.RecordAttempt(ctx, d.ID, a2, webhook.StatusSucceeded, time.Time{}); err != nil {
		t.Fatal(err)
	}
	want.Attempts, want.Status, want.Body = []webhook.Attempt{a1, a2}, webhook.StatusSucceeded, nil
	same(t, "delivered (its body dropped)", read(t, s, d.ID), want)
	kind(
		t,
		"a claim of a delivered one",
		s.ClaimAttempt(ctx, d.ID, 3, t0.Add(3*time.Minute), t0.Add(2*time.Minute)),
		fault.Conflict,
	)

	put(t, s, delivery("dlv_2", "usr_1", t0))
	fail(t, s, "dlv_2", t0)
	if got := read(t, s, "dlv_2"); got.Status != webhook.StatusFailed || len(got.Attempts) != 1 ||
		len(got.Body) == 0 {
		t.Errorf("failed: %+v, want FAILED with its attempt and its body", got)
	}
	kind(t, "a claim of a failed one", s.ClaimAttempt(ctx, "dlv_2", 2, t0.Add(time.Minute), t0), fault.Conflict)
}

func dueDeliveries(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	for i, id := range []string{"dlv_c", "dlv_a", "dlv_b", "dlv_late", "dlv_failed", "dlv_done"} {
		d := delivery(id, "usr_1", t0)
		d.NextAt = t0.Add(time.Duration(i) * time.Second)
		put(t, s, d)
	}
	fail(t, s, "dlv_failed", t0.Add(4*time.Second))
	claim(t, s, "dlv_done", 1, t0.Add(5*time.Second))
	if err := s.RecordAttempt(ctx, "dlv_done", webhook.Attempt{N: 1, At: t0, StatusCode: 200},
		webhook.StatusSucceeded, time.Time{}); err != nil {
		t.Fatal(err)
	}
	// dlv_c moves on to a retry due after the others.
	claim(t, s, "dlv_c", 1, t0)
	if err := s.RecordAttempt(ctx, "dlv_c", webhook.Attempt{N: 1, At: t0, StatusCode: 500}, webhook.StatusPending,
		t0.Add(2500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	due := func(before time.Time, limit int) []string {
		t.Helper()
		ds, err := s.DueDeliveries(ctx, before, limit)
		if err != nil {
			t.Fatal(err)
		}
		return ids(ds)
	}
	// dlv_late is due at exactly 3 s: not before it.
	if got, want := due(t0.Add(3*time.Second), 10), []string{"dlv_a", "dlv_b", "dlv_c"}; !slices.Equal(got, want) {
		t.Errorf("due before 3 s: %v, want %v (earliest first, pending only)", got, want)
	}
	if got, want := due(t0.Add(time.Hour), 2), []string{"dlv_a", "dlv_b"}; !slices.Equal(got, want) {
		t.Errorf("due, limit 2: %v, want %v", got, want)
	}
	if got := due(t0, 10); len(got) != 0 {
		t.Errorf("due before the first is due: %v", got)
	}
}

func listedNewestFirst(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	// Creation times within one second too, with fractions of different lengths.
	offsets := []time.Duration{
		0,
		100 * time.Millisecond,
		150 * time.Millisecond,
		time.Second,
		1500 * time.Millisecond,
		2 * time.Second,
		2*time.Second + 1,
	}
	var want []string // newest first
	for i, off := range offsets {
		d := delivery(fmt.Sprintf("dlv_%d", i), "usr_1", t0.Add(off))
		d.EndpointID = []string{"we_1", "we_2"}[i%2]
		put(t, s, d)
		want = append([]string{d.ID}, want...)
	}
	put(t, s, delivery("dlv_other", "usr_2", t0.Add(time.Second)))
	for _, limit := range []int{1, 2, 3, len(want), 100} {
		if got := ids(pageAll(t, s, "usr_1", webhook.Filter{Limit: limit})); !slices.Equal(got, want) {
			t.Errorf("limit %d: %v, want %v", limit, got, want)
		}
	}
	first, next, err := s.Deliveries(ctx, "usr_1", webhook.Filter{Limit: 100})
	if err != nil || len(first) != len(want) || next != "" {
		t.Errorf(
			"one page of all: %d deliveries, next %q, %v; want %d and no cursor",
			len(first),
			next,
			err,
			len(want),
		)
	}
	if got := ids(pageAll(t, s, "usr_1", webhook.Filter{Limit: 1, EndpointID: "we_2"})); !slices.Equal(
		got,
		[]string{"dlv_5", "dlv_3", "dlv_1"},
	) {
		t.Errorf("endpoint we_2: %v, want [dlv_5 dlv_3 dlv_1]", got)
	}
	if got := ids(pageAll(t, s, "usr_2", webhook.Filter{Limit: 10})); !slices.Equal(got, []string{"dlv_other"}) {
		t.Errorf("another owner's listing: %v, want only its own", got)
	}
	if got := ids(pageAll(t, s, "usr_3", webhook.Filter{Limit: 10})); len(got) != 0 {
		t.Errorf("an owner without deliveries: %v", got)
	}
}

func filtered(t *testing.T, s webhook.Store) {
	for i, id := range []string{"dlv_1", "dlv_2", "dlv_3", "dlv_4"} {
		d := delivery(id, "usr_1", t0.Add(time.Duration(i)*time.Second))
		d.Reference = []string{"ext_a", "ext_b"}[i%2]
		put(t, s, d)
	}
	fail(t, s, "dlv_1", t0)
	fail(t, s, "dlv_4", t0)
	for _, tt := range []struct {
		f    webhook.Filter
		want []string
	}{
		{webhook.Filter{Status: webhook.StatusFailed}, []string{"dlv_4", "dlv_1"}},
		{webhook.Filter{Status: webhook.StatusPending}, []string{"dlv_3", "dlv_2"}},
		{webhook.Filter{Reference: "ext_a"}, []string{"dlv_3", "dlv_1"}},
		{webhook.Filter{Reference: "ext_a", Status: webhook.StatusFailed}, []string{"dlv_1"}},
		{webhook.Filter{Status: webhook.StatusSucceeded}, nil},
	} {
		for _, limit := range []int{1, 10} {
			tt.f.Limit = limit
			if got := ids(pageAll(t, s, "usr_1", tt.f)); !slices.Equal(got, tt.want) {
				t.Errorf("%+v: %v, want %v", tt.f, got, tt.want)
			}
		}
	}
}

func cursorOfItsListing(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	for i := range 4 {
		put(t, s, delivery(fmt.Sprintf("dlv_%d", i), "usr_1", t0.Add(time.Duration(i)*time.Second)))
	}
	put(t, s, delivery("dlv_other", "usr_2", t0))
	first, next, err := s.Deliveries(ctx, "usr_1", webhook.Filter{Limit: 2})
	if err != nil || !slices.Equal(ids(first), []string{"dlv_3", "dlv_2"}) || next == "" {
		t.Fatalf("first page: %v, next %q, %v", ids(first), next, err)
	}
	// A delivery made between two pages is at the head of the listing: the next page goes on
	// after the last one read, repeating none.
	put(t, s, delivery("dlv_new", "usr_1", t0.Add(time.Hour)))
	second, _, err := s.Deliveries(ctx, "usr_1", webhook.Filter{Limit: 2, Cursor: next})
	if err != nil || !slices.Equal(ids(second), []string{"dlv_1", "dlv_0"}) {
		t.Errorf("second page after a new delivery: %v, %v; want [dlv_1 dlv_0]", ids(second), err)
	}
	_, _, err = s.Deliveries(ctx, "usr_2", webhook.Filter{Limit: 2, Cursor: next})
	kind(t, "another owner's cursor", err, fault.Invalid)
	for _, forged := range []string{"2", "e30", "not a cursor", "eyJwayI6IkRFTElWRVJZI2Rsdl8wIn0"} {
		_, _, err = s.Deliveries(ctx, "usr_1", webhook.Filter{Limit: 2, Cursor: forged})
		kind(t, fmt.Sprintf("the forged cursor %q", forged), err, fault.Invalid)
	}
}

func recoveredOnce(t *testing.T, s webhook.Store) {
	ctx := context.Background()
	since := t0.Add(10*time.Second + 500*time.Millisecond)
	add := func(id, owner, endpoint string, created time.Time, failed bool) {
		t.Helper()
		d := delivery(id, owner, created)
		d.EndpointID = endpoint
		put(t, s, d)
		if failed {
			fail(t, s, id, created)
		}
	}
	add("dlv_before", "usr_1", "we_1", since.Add(-time.Millisecond), true) // the same second, just before
	add("dlv_1", "usr_1", "we_1", since, true)
	add("dlv_pending", "usr_1", "we_1", since.Add(time.Second), false)
	add("dlv_2", "usr_1", "we_1", since.Add(2*time.Second), true)
	add("dlv_other_endpoint", "usr_1", "we_2", since.Add(3*time.Second), true)
	add("dlv_other_owner", "usr_2", "we_1", since.Add(3*time.Second), true)
	add("dlv_3", "usr_1", "we_1", since.Add(4*time.Second), true)
	failedSince := func(limit int) ([]string, bool) {
		t.Helper()
		ds, more, err := s.FailedSince(ctx, "usr_1", "we_1", since, limit)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			if d.Status != webhook.StatusFailed || len(d.Body) == 0 {
				t.Errorf(
					"%s: %s, %d body bytes; want FAILED with its body, to send again",
					d.ID,
					d.Status,
					len(d.Body),
				)
			}
		}
		return ids(ds), more
	}
	if got, more := failedSince(2); !slices.Equal(got, []string{"dlv_1", "dlv_2"}) || !more {
		t.Errorf("limit 2: %v, more %v; want [dlv_1 dlv_2], more", got, more)
	}
	if got, more := failedSince(3); !slices.Equal(got, []string{"dlv_1", "dlv_2", "dlv_3"}) || more {
		t.Errorf("limit 3: %v, more %v; want [dlv_1 dlv_2 dlv_3], no more", got, more)
	}
	again := func(id string) webhook.Delivery {
		return delivery(id, "usr_1", t0.Add(time.Hour))
	}
	if err := s.RecoverDelivery(ctx, "dlv_1", again("dlv_r1")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, s, "dlv_1"); got.RecoveredBy != "dlv_r1" {
		t.Errorf("recoveredBy %q, want dlv_r1", got.RecoveredBy)
	}
	if got := read(t, s, "dlv_r1"); got.Status != webhook.StatusPending {
		t.Errorf("the redelivery is %s, want it stored pending with the mark", got.Status)
	}
	for _, tt := range []struct{ what, id, by string }{
		{"a second recovery", "dlv_1", "dlv_r2"},
		{"a recovery of a pending delivery", "dlv_pending", "dlv_r3"},
		{"a recovery of an unknown delivery", "dlv_404", "dlv_r4"},
	} {
		kind(t, tt.what, s.RecoverDelivery(ctx, tt.id, again(tt.by)), fault.Conflict)
		if _, err := s.Delivery(ctx, tt.by); !fault.Is(err, fault.NotFound) {
			t.Errorf("%s stored its redelivery: %v", tt.what, err)
		}
	}
	if got, more := failedSince(10); !slices.Equal(got, []string{"dlv_2", "dlv_3"}) || more {
		t.Errorf("after recovering dlv_1: %v, more %v; want [dlv_2 dlv_3]", got, more)
	}
	if ds, more, err := s.FailedSince(ctx, "usr_2", "we_1", t0, 10); err != nil ||
		!slices.Equal(ids(ds), []string{"dlv_other_owner"}) ||
		more {
		t.Errorf("another owner's: %v, %v, %v; want only its own", ids(ds), more, err)
	}
}

// delivery is a new pending delivery, due when created, as Engine.Emit makes it.
func delivery(id, owner string, created time.Time) webhook.Delivery {
	return webhook.Delivery{
		ID:        id,
		Scheme:    webhook.SchemeIdentity,
		OwnerID:   owner,
		Event:     "extraction.completed",
		Reference: "ext_1",
		Body: []byte(
			`{"event":"extraction.completed"}`,
		),
		Status:    webhook.StatusPending,
		CreatedAt: created,
		NextAt:    created,
	}
}

func put(t *testing.T, s webhook.Store, d webhook.Delivery) {
	t.Helper()
	if err := s.PutDelivery(context.Background(), d); err != nil {
		t.Fatalf("put %s: %v", d.ID, err)
	}
}

func read(t *testing.T, s webhook.Store, id string) webhook.Delivery {
	t.Helper()
	d, err := s.Delivery(context.Background(), id)
	if err != nil {
		t.Fatalf("read %s: %v", id, err)
	}
	return d
}

func claim(t *testing.T, s webhook.Store, id string, n int, now time.Time) {
	t.Helper()
	if err := s.ClaimAttempt(context.Background(), id, n, now.Add(time.Minute), now); err != nil {
		t.Fatalf("claim attempt %d of %s: %v", n, id, err)
	}
}

// fail makes the first attempt of a pending delivery its last: FAILED.
func fail(t *testing.T, s webhook.Store, id string, now time.Time) {
	t.Helper()
	claim(t, s, id, 1, now)
	a := webhook.Attempt{N: 1, At: now, ErrorClass: webhook.ErrorRefused, Error: "the connection was refused"}
	if err := s.RecordAttempt(context.Background(), id, a, webhook.StatusFailed, time.Time{}); err != nil {
		t.Fatalf("record the failure of %s: %v", id, err)
	}
}

// pageAll reads an owner's listing to its end, f.Limit deliveries a page. A full last page may
// still carry a cursor (DynamoDB cannot tell that nothing follows); the page it leads to is empty.
func pageAll(t *testing.T, s webhook.Store, owner string, f webhook.Filter) []webhook.Delivery {
	t.Helper()
	var all []webhook.Delivery
	for i := 0; ; i++ {
		if i > 50 {
			t.Fatal("more than 50 pages")
		}
		page, next, err := s.Deliveries(context.Background(), owner, f)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		if len(page) > f.Limit {
			t.Fatalf("page %d: %d deliveries, limit %d", i, len(page), f.Limit)
		}
		if next != "" && len(page) < f.Limit {
			t.Errorf("page %d: %d deliveries of %d, and a cursor: a short page ends the listing", i, len(page), f.Limit)
		}
		all = append(all, page...)
		if next == "" {
			return all
		}
		f.Cursor = next
	}
}

func ids(ds []webhook.Delivery) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.ID
	}
	return out
}

func kind(t *testing.T, what string, err error, want fault.Kind) {
	t.Helper()
	if !fault.Is(err, want) {
		t.Errorf(
			"%s: %v, want %s",
			what,
			err,
			map[fault.Kind]string{fault.NotFound: "NotFound", fault.Conflict: "Conflict",
				fault.Invalid: "Invalid"}[want],
		)
	}
}

// same fails the test unless got is want, times compared as instants (a store may keep them in
// another location) and an empty body or attempt list the same as none.
func same(t *testing.T, what string, got, want webhook.Delivery) {
	t.Helper()
	times := func(d webhook.Delivery) [3]time.Time { return [3]time.Time{d.CreatedAt, d.NextAt, d.ExpiresAt} }
	gt, wt := times(got), times(want)
	for i := range gt {
		if !gt[i].Equal(wt[i]) {
			t.Errorf("%s: times %v, want %v", what, gt, wt)
			break
		}
	}
	if len(got.Attempts) != len(want.Attempts) {
		t.Errorf("%s: attempts %+v, want %+v", what, got.Attempts, want.Attempts)
	}
	for i := range min(len(got.Attempts), len(want.Attempts)) {
		g, w := got.Attempts[i], want.Attempts[i]
		if !g.At.Equal(w.At) {
			t.Errorf("%s: attempt %d at %v, want %v", what, i+1, g.At, w.At)
		}
		g.At, w.At = time.Time{}, time.Time{}
		if g != w {
			t.Errorf("%s: attempt %d %+v, want %+v", what, i+1, g, w)
		}
	}
	if string(got.Body) != string(want.Body) {
		t.Errorf("%s: body %q, want %q", what, got.Body, want.Body)
	}
	got.CreatedAt, got.NextAt, got.ExpiresAt, got.Attempts, got.Body = time.Time{}, time.Time{}, time.Time{}, nil, nil
	want.CreatedAt, want.NextAt, want.ExpiresAt, want.Attempts, want.Body = time.Time{}, time.Time{}, time.Time{}, nil,
		nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %+v, want %+v", what, got, want)
	}
}
