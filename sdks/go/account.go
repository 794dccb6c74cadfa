package cairn

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// UsersService reads the signed-in account.
type UsersService struct{ c *Client }

// Me returns the account the credential belongs to.
func (s *UsersService) Me(ctx context.Context) (*User, error) {
	var out User
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/users/me", out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// UsageService reads the storage used against the account's limit.
type UsageService struct{ c *Client }

// Get returns the bytes the account's records hold and its limit.
func (s *UsageService) Get(ctx context.Context) (*Usage, error) {
	var out Usage
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/users/me/usage", out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReferralsService reads the account's referral code and what it earned.
type ReferralsService struct{ c *Client }

// Get returns the referral code, link and the newest referred accounts.
func (s *ReferralsService) Get(ctx context.Context) (*ReferralSummary, error) {
	var out ReferralSummary
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/referrals/me", out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// DAGService views the account's CIDs as DAGs.
type DAGService struct{ c *Client }

// DagOptions choose a page of a directory's entries; nil means the first page of 10.
type DagOptions struct {
	Page  int
	Limit int
}

// Get returns the totals under one of the account's CIDs and a page of a directory's entries.
func (s *DAGService) Get(ctx context.Context, cid string, opts *DagOptions) (*DagView, error) {
	q := url.Values{}
	if opts != nil && opts.Page > 0 {
		q.Set("page", strconv.Itoa(opts.Page))
	}
	if opts != nil && opts.Limit > 0 {
		q.Set("limit", strconv.Itoa(opts.Limit))
	}
	var out DagView
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/dag/" + url.PathEscape(cid), query: q, out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}
