package cairn

import (
	"context"
	"net/http"
	"net/url"
)

// PlansService lists storage plans and changes the account's plan.
type PlansService struct{ c *Client }

// List returns the plans one can choose and the current one.
func (s *PlansService) List(ctx context.Context) (*PlanList, error) {
	var out PlanList
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/plans", out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Checkout moves the account to the plan with this code; acceptTerms must be true (the user
// accepted the terms of service). A free plan applies at once (Status "changed"); a paid one
// answers Status "redirect" with the URL of the card payment page to send the user to.
func (s *PlansService) Checkout(ctx context.Context, code string, acceptTerms bool) (*Checkout, error) {
	var out Checkout
	err := s.c.do(ctx, call{
		method: http.MethodPost, path: "/plans/" + url.PathEscape(code) + "/checkout",
		json: map[string]any{"method": "card", "acceptTerms": acceptTerms}, out: &out,
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}
