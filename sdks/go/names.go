package cairn

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// NamesService manages IPNS names: keys Cairn keeps for the account, each a `k51…` name that
// points at content the account holds and can be published again as the content changes. A name
// is addressed by its ID; Resolve takes the `k51…` name itself, of any account.
type NamesService struct{ c *Client }

// Name is an IPNS name of the account and the value it points to now. Value, Sequence,
// TTLSeconds, ValidUntil and PublishedAt are nil until it is first published.
type Name struct {
	ID          string     `json:"id"`
	Label       string     `json:"label"`
	Name        string     `json:"name"` // the `k51…` name
	Value       *string    `json:"value"`
	Sequence    *int64     `json:"sequence"`
	TTLSeconds  *int       `json:"ttlSeconds"`
	ValidUntil  *time.Time `json:"validUntil"`
	PublishedAt *time.Time `json:"publishedAt"`
	CreatedAt   time.Time  `json:"createdAt"`
}

// NameList is the account's names.
type NameList struct {
	Names []Name `json:"names"`
}

// NamePublication is one record published to a name: by Publish, by Rollback, or signed
// elsewhere with the exported key and sent to Cairn's routing API (`routing`).
type NamePublication struct {
	Sequence    int64     `json:"sequence"`
	Value       string    `json:"value"`
	TTLSeconds  int       `json:"ttlSeconds"`
	ValidUntil  time.Time `json:"validUntil"`
	Source      string    `json:"source" enum:"publish,rollback,routing"`
	PublishedAt time.Time `json:"publishedAt"`
}

// NameHistory is a name's publications, newest first.
type NameHistory struct {
	Publications []NamePublication `json:"publications"`
}

// NameKey is a name's Ed25519 private key as the libp2p protobuf, base64, which
// `ipfs key import <label> --format=libp2p-protobuf-cleartext` reads.
type NameKey struct {
	Name       string `json:"name"`
	Format     string `json:"format" enum:"libp2p-protobuf-cleartext"`
	PrivateKey string `json:"privateKey"`
}

// NameResolution is what a name points to now, from the record in force.
type NameResolution struct {
	Name       string    `json:"name"`
	Value      string    `json:"value"`
	Sequence   int64     `json:"sequence"`
	TTLSeconds int       `json:"ttlSeconds"`
	ValidUntil time.Time `json:"validUntil"`
}

// PublishOptions shape a new record; zero values leave the server's defaults (60 s, 48 h).
type PublishOptions struct {
	TTL      time.Duration // how long resolvers may cache the value, whole seconds, 1s to 1 day
	Validity time.Duration // how long each signed record stays valid, whole hours, 1h to 1 year
}

func namePath(nameID string) string {
	return "/names/" + url.PathEscape(nameID)
}

func (s *NamesService) name(ctx context.Context, c call) (*Name, error) {
	var out Name
	c.out = &out
	if err := s.c.do(ctx, c); err != nil {
		return nil, err
	}
	return &out, nil
}

// List returns every name of the account (at most 100), oldest first.
func (s *NamesService) List(ctx context.Context) ([]Name, error) {
	var out NameList
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/names", out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return out.Names, nil
}

// Create makes a name with a new key; it points nowhere until published. It is not retried: a
// repeat would make a second name.
func (s *NamesService) Create(ctx context.Context, label string) (*Name, error) {
	return s.name(ctx, call{method: http.MethodPost, path: "/names", json: map[string]string{"label": label}, retry: neverRetry})
}

// Get returns one of the account's names; another account's is a 404 *Error (name_not_found).
func (s *NamesService) Get(ctx context.Context, nameID string) (*Name, error) {
	return s.name(ctx, call{method: http.MethodGet, path: namePath(nameID), retry: alwaysRetry})
}

// Rename changes the label only (the name and its value stay); the same label twice changes
// nothing, so it is retried.
func (s *NamesService) Rename(ctx context.Context, nameID, label string) (*Name, error) {
	return s.name(ctx, call{method: http.MethodPatch, path: namePath(nameID), json: map[string]string{"label": label}, retry: alwaysRetry})
}

// Delete deletes the key, its record and its history: the name no longer resolves here. It is not
// retried: a repeat of a delete that did happen would answer name_not_found.
func (s *NamesService) Delete(ctx context.Context, nameID string) error {
	return s.c.do(ctx, call{method: http.MethodDelete, path: namePath(nameID), retry: neverRetry})
}

// Publish points the name at value: a CID, or `/ipfs/{cid}[/{path}]`, whose CID is one of the
// account's files (else a 400 *Error, name_value_not_held). Each call signs a new record under the
// next sequence number, so it is not retried.
func (s *NamesService) Publish(ctx context.Context, nameID, value string, opts *PublishOptions) (*Name, error) {
	body := map[string]any{"value": value}
	if opts != nil && opts.TTL > 0 {
		body["ttlSeconds"] = int64(opts.TTL / time.Second)
	}
	if opts != nil && opts.Validity > 0 {
		body["validityHours"] = int64(opts.Validity / time.Hour)
	}
	return s.name(ctx, call{method: http.MethodPost, path: namePath(nameID) + "/publish", json: body, retry: neverRetry})
}

// History returns the name's publications, newest first: at most limit (1 to 200), or 50 when
// limit is 0.
func (s *NamesService) History(ctx context.Context, nameID string, limit int) ([]NamePublication, error) {
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var out NameHistory
	if err := s.c.do(ctx, call{method: http.MethodGet, path: namePath(nameID) + "/history", query: q, out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return out.Publications, nil
}

// Rollback publishes the value of publication sequence again, under the next sequence number;
// an unknown sequence is a 404 *Error (publication_not_found). A TTL of 0 leaves the server's
// default. Not retried, as Publish.
func (s *NamesService) Rollback(ctx context.Context, nameID string, sequence int64, ttl time.Duration) (*Name, error) {
	body := map[string]any{"sequence": sequence}
	if ttl > 0 {
		body["ttlSeconds"] = int64(ttl / time.Second)
	}
	return s.name(ctx, call{method: http.MethodPost, path: namePath(nameID) + "/rollback", json: body, retry: neverRetry})
}

// ExportKey returns the name's private key. Full-access tokens only; whoever holds the key can
// publish the name.
func (s *NamesService) ExportKey(ctx context.Context, nameID string) (*NameKey, error) {
	var out NameKey
	if err := s.c.do(ctx, call{method: http.MethodGet, path: namePath(nameID) + "/key", out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Resolve returns what a `k51…` name (or peer id) points to, from the records Cairn holds; a name
// with no record there is a 404 *Error (name_not_resolved).
func (s *NamesService) Resolve(ctx context.Context, name string) (*NameResolution, error) {
	var out NameResolution
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/resolve/" + url.PathEscape(name), out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return &out, nil
}
