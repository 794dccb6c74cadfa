package cairn

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// DomainsService manages custom domains: host names of the account's that serve one of its IPNS
// names (`/ipns/<name>`) or the root CID of one of its files (`/ipfs/<cid>`) once the DNSLink
// record the domain names is in DNS and a check found it. Full-access tokens only.
type DomainsService struct{ c *Client }

// Domain is a custom domain of the account. Status is `pending` until the first check, then
// `verified` (serving) or `failed`, with LastError saying why.
type Domain struct {
	ID            string        `json:"id"`
	Hostname      string        `json:"hostname"` // lower-case ASCII; an internationalized name in its xn-- form
	Target        string        `json:"target"`   // `/ipns/<name>` or `/ipfs/<cid>[/path]`
	Status        string        `json:"status" enum:"pending,verified,failed"`
	VerifiedAt    *time.Time    `json:"verifiedAt"`
	LastCheckedAt *time.Time    `json:"lastCheckedAt"`
	LastError     *string       `json:"lastError"`
	DNSLinkRecord DNSLinkRecord `json:"dnslinkRecord"`
	CreatedAt     time.Time     `json:"createdAt"`
}

// DNSLinkRecord is the DNS record a domain needs: a TXT record Value at Name (`_dnslink.<hostname>`).
type DNSLinkRecord struct {
	Name  string `json:"name"`
	Type  string `json:"type" enum:"TXT"`
	Value string `json:"value"`
}

// DomainList is the account's custom domains.
type DomainList struct {
	Domains []Domain `json:"domains"`
}

func domainPath(domainID string) string {
	return "/domains/" + url.PathEscape(domainID)
}

func (s *DomainsService) domain(ctx context.Context, c call) (*Domain, error) {
	var out Domain
	c.out = &out
	if err := s.c.do(ctx, c); err != nil {
		return nil, err
	}
	return &out, nil
}

// List returns every custom domain of the account (at most 20), oldest first.
func (s *DomainsService) List(ctx context.Context) ([]Domain, error) {
	var out DomainList
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/domains", out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return out.Domains, nil
}

// Add adds hostname to serve target, an IPNS name of the account (`/ipns/<name>`) or the root CID
// of one of its files (`/ipfs/<cid>`). The domain starts pending; its DNSLinkRecord is the TXT
// record to create. A target the account does not hold is a 400 *Error (domain_target_not_held); a
// host name held already, or a 21st domain, a 409 *Error (domain_taken, domain_limit_reached). It
// is not retried: a repeat of an add that did happen would answer domain_taken.
func (s *DomainsService) Add(ctx context.Context, hostname, target string) (*Domain, error) {
	body := map[string]string{"hostname": hostname, "target": target}
	return s.domain(ctx, call{method: http.MethodPost, path: "/domains", json: body, retry: neverRetry})
}

// Verify checks the domain's DNSLink now and returns the domain after the check: verified, or
// failed with LastError saying why. A repeat only checks again, so it is retried.
func (s *DomainsService) Verify(ctx context.Context, domainID string) (*Domain, error) {
	return s.domain(ctx, call{method: http.MethodPost, path: domainPath(domainID) + "/verify", retry: alwaysRetry})
}

// Delete removes the domain: the host name serves nothing from now on. It is not retried: a repeat
// of a delete that did happen would answer domain_not_found.
func (s *DomainsService) Delete(ctx context.Context, domainID string) error {
	return s.c.do(ctx, call{method: http.MethodDelete, path: domainPath(domainID), retry: neverRetry})
}
