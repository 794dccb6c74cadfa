package cairn

import (
	"context"
	"net/http"
	"net/url"
)

// TokensService manages the account's API tokens.
type TokensService struct{ c *Client }

// TokenOptions describe a new token.
type TokenOptions struct {
	Name string
	// ExpiresInDays is 1 to 3650; 0 makes a token that never expires, which the server accepts
	// only with AllowedIP.
	ExpiresInDays int
	AllowedIP     string // the only client IP the token works from; empty means any
	// Scopes limits what the token may do, e.g. []TokenScope{ScopeFilesRead}; empty makes a
	// full-access token.
	Scopes  []TokenScope
	GroupID string // limits the token to one group; empty means none
}

// Create makes a token; its Secret is shown only this once.
func (s *TokensService) Create(ctx context.Context, opts TokenOptions) (*CreatedToken, error) {
	body := map[string]any{"name": opts.Name, "expiresInDays": nil}
	if opts.ExpiresInDays > 0 {
		body["expiresInDays"] = opts.ExpiresInDays
	}
	if opts.AllowedIP != "" {
		body["allowedIp"] = opts.AllowedIP
	}
	if len(opts.Scopes) > 0 {
		body["scopes"] = opts.Scopes
	}
	if opts.GroupID != "" {
		body["groupId"] = opts.GroupID
	}
	var out CreatedToken
	if err := s.c.do(ctx, call{method: http.MethodPost, path: "/tokens/generate", json: body, out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// List returns every token of the account, expired and revoked ones included, without secrets.
func (s *TokensService) List(ctx context.Context) ([]Token, error) {
	var out struct {
		Tokens []Token `json:"tokens"`
	}
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/tokens", out: &out}); err != nil {
		return nil, err
	}
	return out.Tokens, nil
}

// Revoke stops a token at once; revoking it again keeps the first revocation time.
func (s *TokensService) Revoke(ctx context.Context, id string) (*Token, error) {
	var out Token
	if err := s.c.do(ctx, call{method: http.MethodDelete, path: "/tokens/" + url.PathEscape(id), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}
