package extraction_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
)

func TestProcessIsOnceAndRefundsFailures(t *testing.T) {
	m, now := newMemory(), time.Now()
	r := &reader{}
	s := service(m, r, &now)
	m.credits["u1"] = 5
	live := extraction.Caller{OwnerID: "u1", Live: true}
	_, items, err := s.Submit(
		context.Background(),
		live,
		[]extraction.Document{{Type: "auto", Data: []byte(pngSig + "ok")}, {Type: "auto", Data: []byte(pngSig + "u")}},
		true,
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range items {
		for range 2 { // a duplicate message
			if err := s.Process(context.Background(), e.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	ok, bad := m.items[items[0].ID], m.items[items[1].ID]
	if ok.Status != extraction.StatusCompleted || bad.Status != extraction.StatusFailed ||
		bad.Error.Code != "mrz_not_found" ||
		bad.CreditsUsed != 0 {
		t.Errorf("outcomes: %+v / %+v", ok, bad)
	}
	if m.credits["u1"] != 4 || r.calls != 2 {
		t.Errorf(
			"credits %d (want 4: one refunded), reads %d (want 2: duplicates do nothing)",
			m.credits["u1"],
			r.calls,
		)
	}
	if !slices.Equal(m.events, []string{"extraction.completed " + ok.ID, "extraction.failed " + bad.ID}) {
		t.Errorf("events = %v", m.events)
	}
	// The ledger says what each movement was for: the batch charged at once, the failed document
	// refunded on its own.
	if len(m.moves) != 2 || m.moves[0] != credits.Charge("u1", 2, credits.ReasonBatch, ok.BatchID, m.moves[0].At) ||
		m.moves[1] != credits.Refund("u1", 1, bad.ID, m.moves[1].At) {
		t.Errorf("credits moved %+v, want the batch's charge of 2 and the failed document's refund of 1", m.moves)
	}
	_, list, _ := s.GetBatch(context.Background(), live, ok.BatchID)
	if status, completed, failed := extraction.BatchStatus(list); status != extraction.StatusCompleted ||
		completed != 1 ||
		failed != 1 {
		t.Errorf("batch = %s %d %d", status, completed, failed)
	}
	if _, err := s.Get(context.Background(), extraction.Caller{OwnerID: "u2", Live: true}, ok.ID); !fault.Is(
		err,
		fault.NotFound,
	) {
		t.Errorf("another owner reads it: %v", err)
	}
	if _, err := s.Get(context.Background(), extraction.Caller{OwnerID: "u1"}, ok.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("the owner's test key reads a live extraction: %v", err)
	}
	if _, _, err := s.GetBatch(context.Background(), extraction.Caller{OwnerID: "u1"}, ok.BatchID); !fault.Is(
		err,
		fault.NotFound,
	) {
		t.Errorf("the owner's test key reads a live batch: %v", err)
	}
	if _, err := s.Get(context.Background(), extraction.Caller{OwnerID: "u1", AnyMode: true}, ok.ID); err != nil {
		t.Errorf("the owner's login session reads it: %v", err)
	}
}

// An outcome and the event that reports it are one write (the outbox): when the write of the
// event's delivery fails, the outcome is not stored either, and the job's retry stores both, so the
// event goes out exactly once. Published after the commit, the event was lost: the retry found the
// extraction finished and sent nothing.
func TestEventIsWrittenWithItsOutcome(t *testing.T) {
	for _, doc := range []struct{ name, data, event string }{
		{"completed", pngSig + "ok", "extraction.completed"},
		{"failed", pngSig + "u", "extraction.failed"},
	} {
		t.Run(doc.name, func(t *testing.T) {
			m, now := newMemory(), time.Now()
			s := service(m, &reader{}, &now)
			m.credits["u1"] = 1
			live := extraction.Caller{OwnerID: "u1", Live: true}
			_, items, err := s.Submit(context.Background(), live,
				[]extraction.Document{{Type: "auto", Data: []byte(doc.data)}}, false)
			if err != nil {
				t.Fatal(err)
			}
			id := items[0].ID
			m.failFinish = 1
			if err := s.Process(context.Background(), id); err == nil {
				t.Fatal("the failed write reported success: the queue would not retry the job")
			}
			if got := m.items[id].Status; got != extraction.StatusProcessing || len(m.events) != 0 {
				t.Fatalf("after the failed write: %s, events %v; want processing and none", got, m.events)
			}
			now = now.Add(time.Second)
			for range 2 { // the queue's retry, then a duplicate message
				if err := s.Process(context.Background(), id); err != nil {
					t.Fatal(err)
				}
			}
			if want := []string{doc.event + " " + id}; !slices.Equal(m.events, want) {
				t.Errorf("events = %v, want %v exactly once", m.events, want)
			}
		})
	}
}

func TestCrashedJobsAreRetriedThenFailedWithARefund(t *testing.T) {
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	var alarms extraction.Alarms = &alarmLog{}
	s.Alarms = alarms
	m.credits["u1"] = 1
	m.failJobs = true // the job is lost: the sweep must find it
	_, items, err := s.Submit(
		context.Background(),
		extraction.Caller{OwnerID: "u1", Live: true},
		[]extraction.Document{{Type: "auto", Data: []byte(pngSig + "t")}},
		false,
	)
	if err != nil {
		t.Fatalf("a lost queue message fails the request: %v", err)
	}
	id := items[0].ID
	m.failJobs = false
	if err := s.Sweep(context.Background()); err != nil || len(m.jobs) != 0 {
		t.Fatalf("swept too early: %v %v", err, m.jobs)
	}
	for attempt := 1; attempt <= 3; attempt++ {
		now = now.Add(4 * time.Minute) // past the sweep delay and any lease
		if err := s.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(m.jobs) != attempt {
			t.Fatalf("attempt %d: jobs %v", attempt, m.jobs)
		}
		err := s.Process(context.Background(), id)
		if attempt < 3 && err == nil {
			t.Fatalf("attempt %d: a failing engine reported success", attempt)
		}
		// The last delivery fails the job for good rather than leave it to the dead-letter queue.
		if attempt == 3 && err != nil {
			t.Fatalf("the last attempt returned %v: the job goes to the dead-letter queue", err)
		}
	}
	e := m.items[id]
	if e.Status != extraction.StatusFailed || e.Error.Code != "processing_abandoned" || m.credits["u1"] != 1 ||
		len(m.events) != 1 ||
		e.Releases != 2 {
		t.Errorf("after every attempt: %+v, credits %d, events %v", e, m.credits["u1"], m.events)
	}
	if len(alarms.(*alarmLog).refs) != 1 {
		t.Errorf("alarms = %v, want the quarantine reported", alarms)
	}
}

type alarmLog struct{ refs []string }

func (a *alarmLog) ExtractionQuarantined(_ context.Context, ref string) { a.refs = append(a.refs, ref) }

// A job whose attempts are killed (the worker out of memory or past its time-out, recording
// nothing) is quarantined at its next delivery after MaxKilled such attempts: failed for good,
// refunded, reported, never read again, though the queue would deliver it up to MaxAttempts times.
// Attempts that ended in a temporary error the worker reported do not count as killed.
func TestKilledJobsAreQuarantined(t *testing.T) {
	m, now := newMemory(), time.Now()
	r := &reader{}
	s := service(m, r, &now)
	s.MaxAttempts = 5
	a := &alarmLog{}
	s.Alarms = a
	m.credits["u1"] = 2
	live := extraction.Caller{OwnerID: "u1", Live: true}
	_, items, err := s.Submit(
		context.Background(),
		live,
		[]extraction.Document{{Type: "auto", Data: []byte(pngSig + "t")}, {Type: "auto", Data: []byte(pngSig + "t")}},
		true,
	)
	if err != nil {
		t.Fatal(err)
	}
	killed, flaky := items[0].ID, items[1].ID
	// The flaky job fails twice with a temporary error; the other is claimed twice and killed.
	for range extraction.MaxKilled {
		if err := s.Process(context.Background(), flaky); err == nil {
			t.Fatal("a temporary error reported success")
		}
		if _, err := m.ClaimExtraction(context.Background(), killed, now.Add(150*time.Second), now); err != nil {
			t.Fatal(err)
		}
		now = now.Add(4 * time.Minute) // past the lease: the queue delivers both again
	}
	reads := r.calls
	if err := s.Process(context.Background(), killed); err != nil {
		t.Fatalf("a quarantined job returned %v: the queue delivers it again", err)
	}
	if e := m.items[killed]; e.Status != extraction.StatusFailed || e.Error.Code != "processing_abandoned" ||
		e.CreditsUsed != 0 ||
		r.calls != reads {
		t.Errorf("killed twice: %+v, reads %d (want %d)", e, r.calls, reads)
	}
	if m.credits["u1"] != 1 || !slices.Equal(a.refs, []string{killed}) {
		t.Errorf("credits %d (want 1: the quarantined job refunded), alarms %v", m.credits["u1"], a.refs)
	}
	// The flaky job is read again: its failures were reported, not killed.
	if err := s.Process(context.Background(), flaky); err == nil || r.calls != reads+1 ||
		m.items[flaky].Status != extraction.StatusProcessing {
		t.Errorf("the flaky job after two reported failures: %v, reads %d, %s", err, r.calls, m.items[flaky].Status)
	}
}
