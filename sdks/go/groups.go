package cairn

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
)

// GroupsService manages groups of the account's records. A record may be in any number of
// groups; deleting a group keeps its files.
type GroupsService struct{ c *Client }

// GroupListOptions choose a page of groups; nil means the first page of 10.
type GroupListOptions struct {
	Page   int    // from 1
	Limit  int    // 1 to 100
	Search string // groups whose name contains it
}

// GroupMembers say which records: by id (1 to 1000), or every record Filter keeps. Exactly one
// of the two is given.
type GroupMembers struct {
	UploadIDs []string
	Filter    *UploadFilter
}

func (m GroupMembers) body() (map[string]any, error) {
	switch {
	case m.UploadIDs != nil && m.Filter == nil:
		return map[string]any{"uploadIds": m.UploadIDs}, nil
	case m.UploadIDs == nil && m.Filter != nil:
		return map[string]any{"filter": m.Filter}, nil
	}
	return nil, errors.New("cairn: GroupMembers takes either UploadIDs or Filter")
}

// List returns one page of the account's groups.
func (s *GroupsService) List(ctx context.Context, opts *GroupListOptions) (*GroupList, error) {
	q := url.Values{}
	if opts != nil {
		if opts.Page > 0 {
			q.Set("page", strconv.Itoa(opts.Page))
		}
		if opts.Limit > 0 {
			q.Set("limit", strconv.Itoa(opts.Limit))
		}
		if opts.Search != "" {
			q.Set("search", opts.Search)
		}
	}
	var out GroupList
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/groups", query: q, out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Create makes a group; its name is unique in the account (else a 409 *Error). It is not retried:
// a repeat of a create that did happen would answer group_name_taken.
func (s *GroupsService) Create(ctx context.Context, name string) (*Group, error) {
	var out Group
	err := s.c.do(ctx, call{method: http.MethodPost, path: "/groups", json: map[string]string{"name": name}, out: &out, retry: neverRetry})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Get returns one group with its count of records.
func (s *GroupsService) Get(ctx context.Context, groupID string) (*Group, error) {
	var out Group
	if err := s.c.do(ctx, call{method: http.MethodGet, path: "/groups/" + url.PathEscape(groupID), out: &out, retry: alwaysRetry}); err != nil {
		return nil, err
	}
	return &out, nil
}

// Rename gives a group a new name; renaming to the same name changes nothing, so it is retried.
func (s *GroupsService) Rename(ctx context.Context, groupID, name string) (*Group, error) {
	var out Group
	err := s.c.do(ctx, call{
		method: http.MethodPatch, path: "/groups/" + url.PathEscape(groupID),
		json: map[string]string{"name": name}, out: &out, retry: alwaysRetry,
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Delete deletes the group only: its records stay in the account. It is not retried: a repeat of
// a delete that did happen would answer group_not_found.
func (s *GroupsService) Delete(ctx context.Context, groupID string) error {
	return s.c.do(ctx, call{method: http.MethodDelete, path: "/groups/" + url.PathEscape(groupID), retry: neverRetry})
}

// Add puts records in the group and returns how many joined it. One already there stays as it is,
// so the call is retried although it is a POST.
func (s *GroupsService) Add(ctx context.Context, groupID string, members GroupMembers) (int, error) {
	var out struct {
		Added int `json:"added"`
	}
	err := s.members(ctx, "/groups/"+url.PathEscape(groupID)+"/uploads", members, &out)
	return out.Added, err
}

// Remove takes records out of the group (they stay in the account) and returns how many left it;
// retried like Add.
func (s *GroupsService) Remove(ctx context.Context, groupID string, members GroupMembers) (int, error) {
	var out struct {
		Removed int `json:"removed"`
	}
	err := s.members(ctx, "/groups/"+url.PathEscape(groupID)+"/uploads/remove", members, &out)
	return out.Removed, err
}

func (s *GroupsService) members(ctx context.Context, path string, members GroupMembers, out any) error {
	body, err := members.body()
	if err != nil {
		return err
	}
	return s.c.do(ctx, call{method: http.MethodPost, path: path, json: body, out: out, retry: alwaysRetry})
}
