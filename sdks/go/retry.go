package cairn

import (
	"context"
	"math/rand/v2"
	"time"
)

// RetryPolicy says how calls that are safe to repeat are retried after a 429, a 503 or a
// connection error: reads, and the changes that change nothing when repeated (renames, key-values,
// privacy, adding records to a group or taking them out, revoking a token). Uploads and other
// POSTs are not retried: repeating them could record content twice, and a streamed body cannot
// always be read again. Deleting a record, a group or a pin request and revoking a link are not
// retried either (a repeat would answer 404). Any call is sent again, though, after a 429
// rate_limited or a 503 shutting_down (the server did nothing with it) when its body can be read
// again (a path, an io.Seeker). Every Cairn SDK retries the same calls, those of
// sdks/retry-policy.json. A resumable upload uses the same policy to go on from the server's
// offset after a failed chunk.
type RetryPolicy struct {
	MaxRetries int           // retries after the first attempt; 0 turns retries off
	BaseDelay  time.Duration // the first backoff, doubled on every retry
	MaxDelay   time.Duration // the cap on one backoff; a longer Retry-After fails the call at once (Error.RetryAfter says it)
}

// DefaultRetryPolicy retries 3 times, starting at 500 ms, waiting at most 30 s at a time.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 3, BaseDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second}
}

// delay is the wait before retry number attempt (from 0): the server's Retry-After when it sent
// one, else exponential backoff with full jitter so that many clients do not retry in step.
func (p RetryPolicy) delay(attempt int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, p.MaxDelay)
	}
	d := p.BaseDelay << attempt
	if d <= 0 || d > p.MaxDelay {
		d = p.MaxDelay
	}
	return time.Duration(rand.Int64N(int64(d)) + 1)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
