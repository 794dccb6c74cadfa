// Package cairn is the Go client of the Cairn API: store files and folders on IPFS, pin content
// by CID, and manage the account's files, tokens and plan.
//
//	client, err := cairn.New(os.Getenv("CAIRN_TOKEN"), cairn.WithBaseURL("https://cairn.example"))
//	res, err := client.Uploads.FilePath(ctx, "photo.jpg", nil)
//
// Every call takes a context.Context for deadlines and cancellation. Failed calls return an
// *Error (use errors.As) carrying the HTTP status, the API's stable code and its message.
package cairn

import (
	"errors"
	"net/http"
	"strings"
	"time"
)

// Version is this SDK's version, sent in the User-Agent header.
const Version = "0.2.0"

// DefaultBaseURL is used when no WithBaseURL option is given.
const DefaultBaseURL = "http://127.0.0.1:3000"

// Client calls one Cairn server with one credential. It is safe for concurrent use.
type Client struct {
	baseURL   string
	token     string
	http      *http.Client
	userAgent string
	retry     RetryPolicy

	Uploads   *UploadsService
	Pins      *PinsService
	Groups    *GroupsService
	Links     *LinksService // signed access links
	Tokens    *TokensService
	Users     *UsersService
	Usage     *UsageService
	DAG       *DAGService
	Referrals *ReferralsService
	Plans     *PlansService
	PSA       *PSAService     // the Pinning Service API
	Names     *NamesService   // IPNS names
	Domains   *DomainsService // custom domains
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL sets the server's address (scheme, host and port; the `/api/v2` prefix is added).
func WithBaseURL(u string) Option {
	return func(c *Client) { c.baseURL = strings.TrimRight(u, "/") }
}

// WithHTTPClient replaces the HTTP client, e.g. to set a proxy or TLS settings. Per-call deadlines
// belong on the context rather than on Client.Timeout, which would also cut long uploads.
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) { c.http = h }
}

// WithRetry replaces the retry policy; RetryPolicy{} turns retries off.
func WithRetry(p RetryPolicy) Option {
	return func(c *Client) { c.retry = p }
}

// WithUserAgent puts a product token in front of the SDK's User-Agent.
func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua + " " + c.userAgent }
}

// New builds a client from an API token (`cairn_…`) or a session token.
func New(token string, opts ...Option) (*Client, error) {
	if strings.TrimSpace(token) == "" {
		return nil, errors.New("cairn: a token is required")
	}
	c := &Client{
		baseURL:   DefaultBaseURL,
		token:     token,
		http:      &http.Client{Transport: http.DefaultTransport},
		userAgent: "cairn-go/" + Version,
		retry:     DefaultRetryPolicy(),
	}
	for _, o := range opts {
		o(c)
	}
	c.Uploads = &UploadsService{c}
	c.Pins = &PinsService{c, time.Second}
	c.Groups = &GroupsService{c}
	c.Links = &LinksService{c}
	c.Tokens = &TokensService{c}
	c.Users = &UsersService{c}
	c.Usage = &UsageService{c}
	c.DAG = &DAGService{c}
	c.Referrals = &ReferralsService{c}
	c.Plans = &PlansService{c}
	c.PSA = &PSAService{c, time.Second}
	c.Names = &NamesService{c}
	c.Domains = &DomainsService{c}
	return c, nil
}
