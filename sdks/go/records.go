package cairn

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// ListOptions choose a page of the account's records; nil means the first page of 10.
type ListOptions struct {
	Page   int    // from 1
	Limit  int    // 1 to 100
	Search string // records whose name contains it or whose CID starts with it
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
	if o.Search != "" {
		q.Set("search", o.Search)
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

// Delete removes a record and refunds its size; the content is unpinned once no record holds it.
func (s *UploadsService) Delete(ctx context.Context, uploadID string) (*RemoveResult, error) {
	var out RemoveResult
	if err := s.c.do(ctx, call{method: http.MethodDelete, path: "/uploads/" + url.PathEscape(uploadID), out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}
