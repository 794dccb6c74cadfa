package cairn

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// These tests answer 429 and 503 from a local stand-in, since the live server under test cannot
// be made to send them on demand; the wire shapes are those of openapi.yaml.

func fastRetry() Option {
	return WithRetry(RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond, MaxDelay: 2 * time.Second})
}

func TestRetriesIdempotentCallsAfter429HonouringRetryAfter(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(429)
			_, _ = w.Write([]byte(`{"error":"Too many attempts, try again later","code":"rate_limited"}`))
			return
		}
		_, _ = w.Write([]byte(`{"used":1,"limit":2,"planCode":"free"}`))
	}))
	defer srv.Close()
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	start := time.Now()
	usage, err := c.Usage.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if hits.Load() != 2 || usage.Used != 1 || time.Since(start) < time.Second {
		t.Fatalf("hits %d, used %d, after %v; want 2 hits and a wait of Retry-After", hits.Load(), usage.Used, time.Since(start))
	}
}

func TestGivesUpAfterMaxRetriesWithTheTypedError(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(503)
		_, _ = w.Write([]byte(`{"error":"The IPFS node is not available","code":"content_unavailable"}`))
	}))
	defer srv.Close()
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	_, err := c.Uploads.Get(context.Background(), "id")
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Status != 503 || apiErr.Code != "content_unavailable" || !errors.Is(err, ErrUnavailable) {
		t.Fatalf("got %v", err)
	}
	if hits.Load() != 4 {
		t.Fatalf("%d attempts, want 1 + 3 retries", hits.Load())
	}
}

func TestNeverRetriesAPost(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(503)
	}))
	defer srv.Close()
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	_, err := c.Uploads.File(context.Background(), strings.NewReader("hello"), "a.txt", nil)
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Status != 503 || apiErr.Code != "http_503" || hits.Load() != 1 {
		t.Fatalf("got %v after %d attempts", err, hits.Load())
	}
}

func TestRetriesAConnectionErrorOnAGet(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close() // drop the connection without an answer
			return
		}
		_, _ = w.Write([]byte(`{"id":"u1","email":"a@b.c"}`))
	}))
	defer srv.Close()
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	me, err := c.Users.Me(context.Background())
	if err != nil || me.Email != "a@b.c" || hits.Load() != 2 {
		t.Fatalf("got %v, %v after %d attempts", me, err, hits.Load())
	}
}

func TestParseRetryAfterTakesSecondsOrADate(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	if d := parseRetryAfter("540", now); d != 540*time.Second {
		t.Fatalf("seconds: %v", d)
	}
	if d := parseRetryAfter(now.Add(90*time.Second).Format(http.TimeFormat), now); d != 90*time.Second {
		t.Fatalf("date: %v", d)
	}
	if d := parseRetryAfter("soon", now); d != 0 {
		t.Fatalf("junk: %v", d)
	}
}

// The retry rule of each groups and links call is that of the TypeScript SDK (its `idempotent`
// flag): what a repeat would do decides, not the HTTP method.
func TestGroupsAndLinksRetryLikeTheTypeScriptSDK(t *testing.T) {
	ids := GroupMembers{UploadIDs: []string{"u1"}}
	for _, tc := range []struct {
		name    string
		retried bool
		call    func(ctx context.Context, c *Client) error
	}{
		{"groups.list", true, func(ctx context.Context, c *Client) error { _, err := c.Groups.List(ctx, nil); return err }},
		{"groups.get", true, func(ctx context.Context, c *Client) error { _, err := c.Groups.Get(ctx, "g1"); return err }},
		{"groups.rename", true, func(ctx context.Context, c *Client) error { _, err := c.Groups.Rename(ctx, "g1", "n"); return err }},
		{"groups.add", true, func(ctx context.Context, c *Client) error { _, err := c.Groups.Add(ctx, "g1", ids); return err }},
		{"groups.remove", true, func(ctx context.Context, c *Client) error { _, err := c.Groups.Remove(ctx, "g1", ids); return err }},
		{"groups.create", false, func(ctx context.Context, c *Client) error { _, err := c.Groups.Create(ctx, "n"); return err }},
		{"groups.delete", false, func(ctx context.Context, c *Client) error { return c.Groups.Delete(ctx, "g1") }},
		{"links.create", false, func(ctx context.Context, c *Client) error {
			_, err := c.Links.Create(ctx, "u1", LinkOptions{ExpiresIn: time.Minute})
			return err
		}},
		{"links.revoke", false, func(ctx context.Context, c *Client) error { return c.Links.Revoke(ctx, "u1", "l1") }},
		{"links.list", true, func(ctx context.Context, c *Client) error { _, err := c.Links.List(ctx, "u1"); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(503)
				_, _ = w.Write([]byte(`{"error":"The IPFS node is not available","code":"content_unavailable"}`))
			}))
			defer srv.Close()
			c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
			err := tc.call(context.Background(), c)
			var apiErr *Error
			if !errors.As(err, &apiErr) || apiErr.Status != 503 {
				t.Fatalf("want the 503 *Error, got %v", err)
			}
			want := int32(1)
			if tc.retried {
				want = 4
			}
			if hits.Load() != want {
				t.Fatalf("%d attempts, want %d (retried: %v)", hits.Load(), want, tc.retried)
			}
		})
	}
}
