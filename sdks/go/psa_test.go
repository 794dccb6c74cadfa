package cairn_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// TestPSAReplaceFiltersAndErrors replaces a pinned request, lists by CID, meta and a
// case-insensitive name, and reads the API's {"error": {"reason", "details"}} as *cairn.Error.
func TestPSAReplaceFiltersAndErrors(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := newClient(t, signUp(t).Session)
	var cids []string
	for _, name := range []string{"a.bin", "b.bin"} {
		res, err := c.Uploads.File(ctx, bytes.NewReader(randomBytes(4096)), name, nil)
		if err != nil {
			t.Fatal(err)
		}
		cids = append(cids, res.CID)
	}
	old, err := c.PSA.Add(ctx, cairn.PSAPin{CID: cids[0], Name: "a", Meta: map[string]string{"app": "one"}})
	if err == nil {
		old, err = c.PSA.Wait(ctx, old, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	replaced, err := c.PSA.Replace(ctx, old.RequestID, cairn.PSAPin{CID: cids[1], Name: "b", Meta: map[string]string{"app": "two"}})
	if err == nil {
		replaced, err = c.PSA.Wait(ctx, replaced, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	if replaced.RequestID == old.RequestID || replaced.Pin.CID != cids[1] {
		t.Fatalf("unexpected replacement %+v", replaced)
	}
	// The replaced request goes once its successor is pinned.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		_, err := c.PSA.Get(ctx, old.RequestID)
		if errors.Is(err, cairn.ErrNotFound) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replaced request is still there: %v", err)
		}
	}
	checks := []struct {
		opts *cairn.PSAListOptions
		want int
	}{
		{&cairn.PSAListOptions{CIDs: cids}, 1},
		{&cairn.PSAListOptions{Meta: map[string]string{"app": "two"}}, 1},
		{&cairn.PSAListOptions{Meta: map[string]string{"app": "one"}}, 0},
		{&cairn.PSAListOptions{Name: "B", Match: "iexact"}, 1},
	}
	for _, check := range checks {
		list, err := c.PSA.List(ctx, check.opts)
		if err != nil {
			t.Fatal(err)
		}
		if list.Count != check.want || (check.want == 1 && list.Results[0].RequestID != replaced.RequestID) {
			t.Fatalf("list %+v: %+v, want %d", check.opts, list, check.want)
		}
	}
	_, err = c.PSA.Add(ctx, cairn.PSAPin{CID: "not-a-cid"})
	var apiErr *cairn.Error
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || apiErr.Code != strings.ToUpper(apiErr.Code) || apiErr.Message == "" {
		t.Fatalf("want a 400 with the PSA reason as code, got %v", err)
	}
}

// TestPSAInsufficientScope: the Pinning Service API's INSUFFICIENT_SCOPE, which has no scope
// field, still names the scope in Error.Scope.
func TestPSAInsufficientScope(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := newClient(t, signUp(t).Session)
	reader, err := c.Tokens.Create(ctx, cairn.TokenOptions{Name: "psa-less", ExpiresInDays: 1, Scopes: []cairn.TokenScope{cairn.ScopeFilesRead}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = newClient(t, reader.Secret).PSA.List(ctx, nil)
	var apiErr *cairn.Error
	if !errors.As(err, &apiErr) || apiErr.Status != 403 || apiErr.Code != "INSUFFICIENT_SCOPE" || apiErr.Scope != string(cairn.ScopePSA) {
		t.Fatalf("want a 403 INSUFFICIENT_SCOPE naming psa, got %#v", err)
	}
	if !errors.Is(err, cairn.ErrInsufficientScope) {
		t.Fatal("a PSA INSUFFICIENT_SCOPE is not cairn.ErrInsufficientScope")
	}
}
