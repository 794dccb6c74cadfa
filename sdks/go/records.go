package cairn

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// ListOptions choose a page of the account's records; nil means the first page of 10, newest
// first. Every condition of Filter given applies at once.
type ListOptions struct {
	Page   int    // from 1
	Limit  int    // 1 to 100
	Search string // records whose name contains it or whose CID starts with it
	Sort   string // "date" (default), "name" or "size"
	Order  string // "desc" (default) or "asc"
	Filter UploadFilter
}

func (o *ListOptions) query() url.Values {
	q := url.Values{}
	if o == nil {
		return q
	}
	if o.Page > 0 {
		q.Set("page", strconv.Itoa(o.Page))
	}
	if o.Limit > 0 {
		q.Set("limit", strconv.Itoa(o.Limit))
	}
	f := o.Filter
	if o.Search != "" {
		f.Search = o.Search
	}
	for key, value := range map[string]string{
		"sort": o.Sort, "order": o.Order, "search": f.Search, "name": f.Name, "cid": f.CID,
		"type": f.Type, "category": f.Category, "groupId": f.GroupID,
	} {
		if value != "" {
			q.Set(key, value)
		}
	}
	if f.From != nil {
		q.Set("from", f.From.Format(time.RFC3339Nano))
	}
	if f.To != nil {
		q.Set("to", f.To.Format(time.RFC3339Nano))
	}
	if f.MinSize != nil {
		q.Set("minSize", strconv.FormatInt(*f.MinSize, 10))
	}
	if f.MaxSize != nil {
		q.Set("maxSize", strconv.FormatInt(*f.MaxSize, 10))
	}
	if len(f.Meta) > 0 {
		q.Set("meta", jsonText(f.Meta))
	}
	if len(f.MetaPrefix) > 0 {
		q.Set("metaPrefix", jsonText(f.MetaPrefix))
	}
	if len(f.MetaExists) > 0 {
		q.Set("metaExists", strings.Join(f.MetaExists, ","))
	}
	return q
}

// List returns one page of the account's records (uploads and pins), newest first.
func (s *UploadsService) List(ctx context.Context, opts *ListOptions) (*UploadList, error) {
	var out UploadList
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/users/me/uploads", query: opts.query(), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// All walks every record from opts.Page on, fetching a page at a time:
//
//	for u, err := range client.Uploads.All(ctx, &cairn.ListOptions{Limit: 100}) {
//		if err != nil { return err }
//		fmt.Println(u.Name)
//	}
//
// A failed page yields its error once and ends the walk.
func (s *UploadsService) All(ctx context.Context, opts *ListOptions) iter.Seq2[Upload, error] {
	return func(yield func(Upload, error) bool) {
		o := ListOptions{Page: 1}
		if opts != nil {
			o = *opts
		}
		o.Page = max(o.Page, 1)
		for {
			page, err := s.List(ctx, &o)
			if err != nil {
				yield(Upload{}, err)
				return
			}
			for _, u := range page.Files {
				if !yield(u, nil) {
					return
				}
			}
			if len(page.Files) == 0 || page.Page*page.Limit >= page.Total {
				return
			}
			o.Page++
		}
	}
}

// Get returns one of the account's records by its id, with the groups that hold it.
func (s *UploadsService) Get(ctx context.Context, uploadID string) (*UploadDetail, error) {
	var out UploadDetail
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/uploads/" + url.PathEscape(uploadID), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Rename sets a record's name: letters and digits of any script, dots, underscores and hyphens,
// not starting with a dot, unique in the account (else a 400 validation_error or a 409
// name_taken *Error).
func (s *UploadsService) Rename(ctx context.Context, uploadID, name string) (*Upload, error) {
	var out Upload
	err := s.c.do(ctx, call{
		method: http.MethodPatch, path: "/uploads/" + url.PathEscape(uploadID),
		json: map[string]string{"name": name}, out: &out,
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// UploadChanges edit a record: a new Name (empty keeps it), and key-values in Meta, where a
// value sets (or replaces) a key and nil removes it; other keys stay.
type UploadChanges struct {
	Name string
	Meta map[string]*string
}

// Update renames a record and/or edits its key-values.
func (s *UploadsService) Update(ctx context.Context, uploadID string, changes UploadChanges) (*Upload, error) {
	body := map[string]any{}
	if changes.Name != "" {
		body["name"] = changes.Name
	}
	if changes.Meta != nil {
		body["meta"] = changes.Meta
	}
	var out Upload
	err := s.c.do(ctx, call{method: http.MethodPatch, path: "/uploads/" + url.PathEscape(uploadID), json: body, out: &out})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// SetMeta sets the key-values in set and removes the keys in remove; other keys stay.
func (s *UploadsService) SetMeta(ctx context.Context, uploadID string, set map[string]string, remove ...string) (*Upload, error) {
	meta := map[string]*string{}
	for key, value := range set {
		meta[key] = &value
	}
	for _, key := range remove {
		meta[key] = nil
	}
	return s.Update(ctx, uploadID, UploadChanges{Meta: meta})
}

// SetPrivate makes a record private (the gateway serves its content only through signed access
// links, unless another record holds the same CID publicly) or public again.
func (s *UploadsService) SetPrivate(ctx context.Context, uploadID string, private bool) (*Upload, error) {
	var out Upload
	err := s.c.do(ctx, call{
		method: http.MethodPut, path: "/files/" + url.PathEscape(uploadID) + "/privacy",
		json: map[string]bool{"private": private}, out: &out,
		retry: alwaysRetry, // setting what is set changes nothing
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Delete removes a record and refunds its size; the content is unpinned once no record holds it.
func (s *UploadsService) Delete(ctx context.Context, uploadID string) (*RemoveResult, error) {
	var out RemoveResult
	// A record deleted already is upload_not_found: a retry would report a success as a failure.
	err := s.c.do(ctx, call{method: http.MethodDelete, path: "/uploads/" + url.PathEscape(uploadID), out: &out, retry: neverRetry})
	if err != nil {
		return nil, err
	}
	return &out, nil
}
