package extraction

import (
	"context"
	"errors"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// sweepAfter is when a queued job not started yet is sent again by Sweep.
const sweepAfter = 3 * time.Minute

// Sweep queues again the jobs of extractions left queued (a lost message) or abandoned while
// processing (a crashed worker), and fails, with a refund, those that ran out of attempts.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now()
	due, err := s.Store.DueExtractions(ctx, now, 100)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range due {
		if e.Status == StatusProcessing && e.Attempts >= s.MaxAttempts {
			// Every delivery was used: the job is in the dead-letter queue.
			claimed, err := s.Store.ClaimExtraction(ctx, e.ID, now.Add(lease), now)
			if err == nil {
				err = s.quarantine(ctx, claimed, "every delivery was used: the job is in the dead-letter queue")
			}
			if err != nil && !fault.Is(err, fault.Conflict) {
				errs = append(errs, err)
			}
			continue
		}
		if err := s.Store.PostponeExtraction(ctx, e.ID, now.Add(sweepAfter)); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := s.Jobs.Send(ctx, Job{ExtractionID: e.ID}.Encode(), now); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
