package cairn

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// PinsService pins existing IPFS content by CID.
type PinsService struct {
	c            *Client
	pollInterval time.Duration
}

// PinOptions shape the record a pin makes; nil means none (the server names it by type and CID).
type PinOptions struct {
	Name         string            // a custom name for the record
	OriginalName string            // the content's own name, if known
	Private      bool              // the record is served only through signed access links
	GroupID      string            // a group of the account the record joins
	Meta         map[string]string // the record's key-values (at most 50)
}

// PinFailedError is returned by Wait when the job ends `failed`; Code is the job's errorCode.
type PinFailedError struct {
	Job     *PinJob
	Code    string
	Message string
}

func (e *PinFailedError) Error() string {
	return fmt.Sprintf("cairn: pin of %s failed: %s: %s", e.Job.CID, e.Code, e.Message)
}

// Create starts a pin job. Content already on the server is usually pinned at once (Status
// "pinned", Upload set); otherwise the job is "queued" or "pinning": call Wait.
func (s *PinsService) Create(ctx context.Context, cid string, opts *PinOptions) (*PinJob, error) {
	body := map[string]any{"cid": cid}
	if opts != nil {
		if opts.Name != "" {
			body["customName"] = opts.Name
		}
		if opts.OriginalName != "" {
			body["originalName"] = opts.OriginalName
		}
		if opts.Private {
			body["private"] = true
		}
		if opts.GroupID != "" {
			body["groupId"] = opts.GroupID
		}
		if len(opts.Meta) > 0 {
			body["meta"] = opts.Meta
		}
	}
	var out PinJob
	if err := s.c.do(ctx, call{method: http.MethodPost, path: "/pins", json: body, out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Get returns a pin job's status and progress.
func (s *PinsService) Get(ctx context.Context, id string) (*PinJob, error) {
	var out PinJob
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/pins/" + url.PathEscape(id), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Wait polls a job until it is pinned (returning it with its record) or failed (a
// *PinFailedError). onUpdate, if not nil, sees every state polled. Bound it with ctx.
func (s *PinsService) Wait(ctx context.Context, job *PinJob, onUpdate func(*PinJob)) (*PinJob, error) {
	for {
		if onUpdate != nil {
			onUpdate(job)
		}
		switch job.Status {
		case "pinned":
			return job, nil
		case "failed":
			e := &PinFailedError{Job: job}
			if job.ErrorCode != nil {
				e.Code = *job.ErrorCode
			}
			if job.Error != nil {
				e.Message = *job.Error
			}
			return nil, e
		}
		if err := sleep(ctx, s.pollInterval); err != nil {
			return nil, err
		}
		next, err := s.Get(ctx, job.ID)
		if err != nil {
			return nil, err
		}
		job = next
	}
}

// CreateAndWait starts a pin job and waits for its end.
func (s *PinsService) CreateAndWait(ctx context.Context, cid string, opts *PinOptions) (*PinJob, error) {
	job, err := s.Create(ctx, cid, opts)
	if err != nil {
		return nil, err
	}
	return s.Wait(ctx, job, nil)
}
