package cairn

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// LinksService makes signed access links: a gateway URL that opens one record's content, private
// or public, without an account until it expires (1 second to 30 days), is revoked, or (single
// use) was opened once.
type LinksService struct{ c *Client }

// LinkOptions shape a new link.
type LinkOptions struct {
	ExpiresIn    time.Duration // whole seconds, 1s to 30 days
	DownloadName string        // if set, the content downloads under this name
	SingleUse    bool          // the link opens the content once
}

func linksPath(uploadID string) string {
	return "/files/" + url.PathEscape(uploadID) + "/links"
}

// Create makes a signed link to a record. It is not retried: a repeat would make a second link.
func (s *LinksService) Create(ctx context.Context, uploadID string, opts LinkOptions) (*AccessLink, error) {
	body := map[string]any{"expiresIn": int64(opts.ExpiresIn / time.Second), "singleUse": opts.SingleUse}
	if opts.DownloadName != "" {
		body["downloadName"] = opts.DownloadName
	}
	var out AccessLink
	if err := s.c.do(ctx, call{method: http.MethodPost, path: linksPath(uploadID), json: body, out: &out, retry: neverRetry}); err != nil {
		return nil, err
	}
	return &out, nil
}

// List returns the record's links that still open it, newest first.
func (s *LinksService) List(ctx context.Context, uploadID string) ([]AccessLink, error) {
	var out AccessLinkList
	if err := s.c.do(ctx, call{method: http.MethodGet, path: linksPath(uploadID), out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return out.Links, nil
}

// Revoke stops a link from opening the record; a link revoked already is a 404 *Error
// (link_not_found), so a retry would mislead: it is not retried.
func (s *LinksService) Revoke(ctx context.Context, uploadID, linkID string) error {
	return s.c.do(ctx, call{method: http.MethodDelete, path: linksPath(uploadID) + "/" + url.PathEscape(linkID), retry: neverRetry})
}
