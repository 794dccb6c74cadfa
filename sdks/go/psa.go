package cairn

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// PSAService is the IPFS Pinning Service API at `/psa/pins`, authenticated with the client's
// token. Its errors are *Error values too: Code is the API's reason (NOT_FOUND,
// INSUFFICIENT_FUNDS, …) and Message its details; errors.Is(err, ErrNotFound) works as elsewhere.
type PSAService struct {
	c            *Client
	pollInterval time.Duration
}

// PSAPin is the Pinning Service API's Pin object: what to pin and how to find it.
type PSAPin struct {
	CID     string            `json:"cid"`
	Name    string            `json:"name,omitempty"`
	Origins []string          `json:"origins,omitempty"` // multiaddrs of peers known to hold it
	Meta    map[string]string `json:"meta,omitempty"`
}

// PSAPinStatus is one pin request: queued, pinning, pinned or failed.
type PSAPinStatus struct {
	RequestID string            `json:"requestid"`
	Status    string            `json:"status" enum:"queued,pinning,pinned,failed"`
	Created   time.Time         `json:"created"`
	Pin       PSAPin            `json:"pin"`
	Delegates []string          `json:"delegates"`
	Info      map[string]string `json:"info"` // status_details, and error_code when failed
}

// PSAPinResults is one page of pin requests; Count is how many match in all.
type PSAPinResults struct {
	Count   int            `json:"count"`
	Results []PSAPinStatus `json:"results"`
}

// PSAListOptions filter a listing; the zero value lists pinned requests, 10 at most.
type PSAListOptions struct {
	CIDs   []string
	Name   string
	Match  string   // exact (default), iexact, partial or ipartial
	Status []string // default: pinned only
	Before time.Time
	After  time.Time
	Limit  int // 1 to 1000
	Meta   map[string]string
}

const psaPins = "/psa/pins"

func (s *PSAService) status(ctx context.Context, method, path string, pin *PSAPin) (*PSAPinStatus, error) {
	var out PSAPinStatus
	cl := call{method: method, path: path, root: true, out: &out}
	if pin != nil {
		cl.json = pin
	}
	if err := s.c.do(ctx, cl); err != nil {
		return nil, err
	}
	return &out, nil
}

// Add queues a pin request and answers at once (queued, or already further on); see Wait.
func (s *PSAService) Add(ctx context.Context, pin PSAPin) (*PSAPinStatus, error) {
	return s.status(ctx, http.MethodPost, psaPins, &pin)
}

// Get returns a pin request by its requestid.
func (s *PSAService) Get(ctx context.Context, requestID string) (*PSAPinStatus, error) {
	return s.status(ctx, http.MethodGet, psaPins+"/"+url.PathEscape(requestID), nil)
}

// Replace queues a new request for pin; the one replaced goes once the new one is pinned.
func (s *PSAService) Replace(ctx context.Context, requestID string, pin PSAPin) (*PSAPinStatus, error) {
	return s.status(ctx, http.MethodPost, psaPins+"/"+url.PathEscape(requestID), &pin)
}

// Remove removes a pin request: one still fetching is cancelled, a pinned one unpinned.
func (s *PSAService) Remove(ctx context.Context, requestID string) error {
	// A request removed already is not found any more: a retry would report a success as a failure.
	return s.c.do(ctx, call{method: http.MethodDelete, path: psaPins + "/" + url.PathEscape(requestID), root: true, retry: neverRetry})
}

// List returns the requests matching every filter given, newest first.
func (s *PSAService) List(ctx context.Context, opts *PSAListOptions) (*PSAPinResults, error) {
	q := url.Values{}
	if opts != nil {
		if len(opts.CIDs) > 0 {
			q.Set("cid", strings.Join(opts.CIDs, ","))
		}
		if opts.Name != "" {
			q.Set("name", opts.Name)
		}
		if opts.Match != "" {
			q.Set("match", opts.Match)
		}
		if len(opts.Status) > 0 {
			q.Set("status", strings.Join(opts.Status, ","))
		}
		if !opts.Before.IsZero() {
			q.Set("before", opts.Before.Format(time.RFC3339Nano))
		}
		if !opts.After.IsZero() {
			q.Set("after", opts.After.Format(time.RFC3339Nano))
		}
		if opts.Limit > 0 {
			q.Set("limit", strconv.Itoa(opts.Limit))
		}
		if len(opts.Meta) > 0 {
			meta, err := json.Marshal(opts.Meta)
			if err != nil {
				return nil, fmt.Errorf("cairn: encoding meta: %w", err)
			}
			q.Set("meta", string(meta))
		}
	}
	var out PSAPinResults
	if err := s.c.do(ctx, call{method: http.MethodGet, path: psaPins, root: true, query: q, out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// PSAPinFailedError is returned by PSAService.Wait when a request ends failed.
type PSAPinFailedError struct {
	Pin     *PSAPinStatus
	Code    string // the request's info.error_code
	Message string // its info.status_details
}

func (e *PSAPinFailedError) Error() string {
	return fmt.Sprintf("cairn: pin request %s for %s failed: %s: %s", e.Pin.RequestID, e.Pin.Pin.CID, e.Code, e.Message)
}

// Wait polls a request until it is pinned (returned) or failed (a *PSAPinFailedError with the
// request's error_code and status_details). onUpdate, if not nil, sees every state polled.
// Bound it with ctx.
func (s *PSAService) Wait(ctx context.Context, pin *PSAPinStatus, onUpdate func(*PSAPinStatus)) (*PSAPinStatus, error) {
	for {
		if onUpdate != nil {
			onUpdate(pin)
		}
		switch pin.Status {
		case "pinned":
			return pin, nil
		case "failed":
			return nil, &PSAPinFailedError{Pin: pin, Code: pin.Info["error_code"], Message: pin.Info["status_details"]}
		}
		if err := sleep(ctx, s.pollInterval); err != nil {
			return nil, err
		}
		next, err := s.Get(ctx, pin.RequestID)
		if err != nil {
			return nil, err
		}
		pin = next
	}
}
