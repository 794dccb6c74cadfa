package cairn

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
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

func TestFailsAtOnceWhenRetryAfterIsLongerThanMaxDelay(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Retry-After", "45")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(429)
		_, _ = w.Write([]byte(`{"error":"Too many requests, try again later","code":"rate_limited"}`))
	}))
	defer srv.Close()
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	start := time.Now()
	_, err := c.Usage.Get(context.Background())
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Status != 429 || apiErr.RetryAfter != 45*time.Second {
		t.Fatalf("err %v; want the 429 with RetryAfter 45s", err)
	}
	if hits.Load() != 1 || time.Since(start) > time.Second {
		t.Fatalf("hits %d after %v; want 1 at once", hits.Load(), time.Since(start))
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

// sdks/retry-policy.json holds whether each call of the TypeScript SDK is sent again (its
// `idempotent` flag), which every SDK follows: what a repeat would do decides, not the HTTP method.
func retryPolicyOperations(t *testing.T) map[string]bool {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "retry-policy.json"))
	if err != nil {
		t.Fatal(err)
	}
	var policy struct {
		Operations map[string]bool `json:"operations"`
	}
	if err := json.Unmarshal(raw, &policy); err != nil {
		t.Fatal(err)
	}
	return policy.Operations
}

// Operations of the policy this SDK does not have: a new one must be added here or to policyCalls.
var absentOperations = []string{"gateway.get", "uploads.deleteByCid", "uploads.discardResumable", "uploads.files"}

type policyCall struct {
	operation string // the operation of the policy the method follows
	call      func(ctx context.Context, c *Client, dir string) error
}

// policyCalls has a call of each exported method of the client's services, given a folder
// holding b.txt.
func policyCalls() map[string]policyCall {
	ids := GroupMembers{UploadIDs: []string{"u1"}}
	file := func(dir string) *os.File {
		f, err := os.Open(filepath.Join(dir, "b.txt"))
		if err != nil {
			panic(err)
		}
		return f
	}
	queued := &PinJob{ID: "p1", Status: "queued"}
	queuedPSA := &PSAPinStatus{RequestID: "r1", Status: "queued"}
	return map[string]policyCall{
		"DAG.Get": {"dag.get", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.DAG.Get(ctx, "bafy", nil)
			return err
		}},
		"Groups.Add": {"groups.add", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Groups.Add(ctx, "g1", ids)
			return err
		}},
		"Groups.Create": {"groups.create", func(ctx context.Context, c *Client, _ string) error { _, err := c.Groups.Create(ctx, "n"); return err }},
		"Groups.Delete": {"groups.delete", func(ctx context.Context, c *Client, _ string) error { return c.Groups.Delete(ctx, "g1") }},
		"Groups.Get":    {"groups.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.Groups.Get(ctx, "g1"); return err }},
		"Groups.List":   {"groups.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Groups.List(ctx, nil); return err }},
		"Groups.Remove": {"groups.remove", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Groups.Remove(ctx, "g1", ids)
			return err
		}},
		"Groups.Rename": {"groups.rename", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Groups.Rename(ctx, "g1", "n")
			return err
		}},
		"Links.Create": {"links.create", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Links.Create(ctx, "u1", LinkOptions{ExpiresIn: time.Minute})
			return err
		}},
		"Links.List":   {"links.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Links.List(ctx, "u1"); return err }},
		"Links.Revoke": {"links.revoke", func(ctx context.Context, c *Client, _ string) error { return c.Links.Revoke(ctx, "u1", "l1") }},
		"Domains.Add": {"domains.add", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Domains.Add(ctx, "files.example.org", "/ipns/k51")
			return err
		}},
		"Domains.Delete": {"domains.delete", func(ctx context.Context, c *Client, _ string) error { return c.Domains.Delete(ctx, "d1") }},
		"Domains.List":   {"domains.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Domains.List(ctx); return err }},
		"Domains.Verify": {"domains.verify", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Domains.Verify(ctx, "d1")
			return err
		}},
		"Names.Create": {"names.create", func(ctx context.Context, c *Client, _ string) error { _, err := c.Names.Create(ctx, "n"); return err }},
		"Names.Delete": {"names.delete", func(ctx context.Context, c *Client, _ string) error { return c.Names.Delete(ctx, "n1") }},
		"Names.ExportKey": {"names.exportKey", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Names.ExportKey(ctx, "n1")
			return err
		}},
		"Names.Get": {"names.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.Names.Get(ctx, "n1"); return err }},
		"Names.History": {"names.history", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Names.History(ctx, "n1", 0)
			return err
		}},
		"Names.List": {"names.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Names.List(ctx); return err }},
		"Names.Publish": {"names.publish", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Names.Publish(ctx, "n1", "/ipfs/bafy", nil)
			return err
		}},
		"Names.Rename": {"names.rename", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Names.Rename(ctx, "n1", "n")
			return err
		}},
		"Names.Resolve": {"names.resolve", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Names.Resolve(ctx, "k51")
			return err
		}},
		"Names.Rollback": {"names.rollback", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Names.Rollback(ctx, "n1", 1, 0)
			return err
		}},
		"PSA.Add": {"psa.add", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.PSA.Add(ctx, PSAPin{CID: "bafy"})
			return err
		}},
		"PSA.Get":    {"psa.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.PSA.Get(ctx, "r1"); return err }},
		"PSA.List":   {"psa.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.PSA.List(ctx, nil); return err }},
		"PSA.Remove": {"psa.remove", func(ctx context.Context, c *Client, _ string) error { return c.PSA.Remove(ctx, "r1") }},
		"PSA.Replace": {"psa.replace", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.PSA.Replace(ctx, "r1", PSAPin{CID: "bafy"})
			return err
		}},
		"PSA.Wait": {"psa.wait", func(ctx context.Context, c *Client, _ string) error {
			c.PSA.pollInterval = time.Millisecond
			_, err := c.PSA.Wait(ctx, queuedPSA, nil)
			return err
		}},
		"Pins.Allocations": {"pins.allocations", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Pins.Allocations(ctx, "bafy")
			return err
		}},
		"Pins.Create": {"pins.create", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Pins.Create(ctx, "bafy", nil)
			return err
		}},
		"Pins.CreateAndWait": {"pins.createAndWait", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Pins.CreateAndWait(ctx, "bafy", nil)
			return err
		}},
		"Pins.Get":    {"pins.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.Pins.Get(ctx, "p1"); return err }},
		"Pins.Status": {"pins.status", func(ctx context.Context, c *Client, _ string) error { _, err := c.Pins.Status(ctx, "bafy"); return err }},
		"Pins.Wait": {"pins.wait", func(ctx context.Context, c *Client, _ string) error {
			c.Pins.pollInterval = time.Millisecond
			_, err := c.Pins.Wait(ctx, queued, nil)
			return err
		}},
		"Plans.Checkout": {"plans.checkout", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Plans.Checkout(ctx, "pro", true)
			return err
		}},
		"Plans.List":    {"plans.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Plans.List(ctx); return err }},
		"Referrals.Get": {"referrals.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.Referrals.Get(ctx); return err }},
		"Tokens.Create": {"tokens.create", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Tokens.Create(ctx, TokenOptions{Name: "ci", ExpiresInDays: 30})
			return err
		}},
		"Tokens.List":   {"tokens.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Tokens.List(ctx); return err }},
		"Tokens.Revoke": {"tokens.revoke", func(ctx context.Context, c *Client, _ string) error { _, err := c.Tokens.Revoke(ctx, "t1"); return err }},
		"Uploads.All": {"uploads.list", func(ctx context.Context, c *Client, _ string) error {
			for _, err := range c.Uploads.All(ctx, nil) {
				return err
			}
			return nil
		}},
		"Uploads.CAR": {"uploads.car", func(ctx context.Context, c *Client, dir string) error {
			f := file(dir)
			defer f.Close()
			_, err := c.Uploads.CAR(ctx, f, nil)
			return err
		}},
		"Uploads.CARPath": {"uploads.car", func(ctx context.Context, c *Client, dir string) error {
			_, err := c.Uploads.CARPath(ctx, filepath.Join(dir, "b.txt"), nil)
			return err
		}},
		"Uploads.Delete": {"uploads.delete", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Uploads.Delete(ctx, "u1")
			return err
		}},
		"Uploads.Directory": {"uploads.directory", func(ctx context.Context, c *Client, dir string) error {
			_, err := c.Uploads.Directory(ctx, dir, nil)
			return err
		}},
		"Uploads.DirectoryFiles": {"uploads.directory", func(ctx context.Context, c *Client, dir string) error {
			_, err := c.Uploads.DirectoryFiles(ctx, dir, nil)
			return err
		}},
		"Uploads.File": {"uploads.file", func(ctx context.Context, c *Client, dir string) error {
			f := file(dir)
			defer f.Close()
			_, err := c.Uploads.File(ctx, f, "b.txt", nil)
			return err
		}},
		"Uploads.FilePath": {"uploads.file", func(ctx context.Context, c *Client, dir string) error {
			_, err := c.Uploads.FilePath(ctx, filepath.Join(dir, "b.txt"), nil)
			return err
		}},
		"Uploads.Get":  {"uploads.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.Uploads.Get(ctx, "u1"); return err }},
		"Uploads.List": {"uploads.list", func(ctx context.Context, c *Client, _ string) error { _, err := c.Uploads.List(ctx, nil); return err }},
		"Uploads.Rename": {"uploads.rename", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Uploads.Rename(ctx, "u1", "n")
			return err
		}},
		"Uploads.Resumable": {"uploads.resumable", func(ctx context.Context, c *Client, dir string) error {
			_, err := c.Uploads.Resumable(ctx, strings.NewReader("hello"), 5, "b.txt", nil)
			return err
		}},
		"Uploads.ResumablePath": {"uploads.resumable", func(ctx context.Context, c *Client, dir string) error {
			_, err := c.Uploads.ResumablePath(ctx, filepath.Join(dir, "b.txt"), nil)
			return err
		}},
		"Uploads.SetMeta": {"uploads.setMeta", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Uploads.SetMeta(ctx, "u1", map[string]string{"team": "ops"})
			return err
		}},
		"Uploads.SetPrivate": {"uploads.setPrivate", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Uploads.SetPrivate(ctx, "u1", true)
			return err
		}},
		"Uploads.Update": {"uploads.update", func(ctx context.Context, c *Client, _ string) error {
			_, err := c.Uploads.Update(ctx, "u1", UploadChanges{Name: "n"})
			return err
		}},
		"Usage.Get": {"usage.get", func(ctx context.Context, c *Client, _ string) error { _, err := c.Usage.Get(ctx); return err }},
		"Users.Me":  {"users.me", func(ctx context.Context, c *Client, _ string) error { _, err := c.Users.Me(ctx); return err }},
	}
}

func TestEveryOperationOfTheRetryPolicyIsCalledOrListedAbsent(t *testing.T) {
	covered := map[string]bool{}
	for _, pc := range policyCalls() {
		covered[pc.operation] = true
	}
	for _, op := range absentOperations {
		if covered[op] {
			t.Errorf("%s is listed absent but called", op)
		}
		covered[op] = true
	}
	operations := retryPolicyOperations(t)
	for op := range operations {
		if !covered[op] {
			t.Errorf("%s of sdks/retry-policy.json is neither called nor listed absent", op)
		}
	}
	for op := range covered {
		if _, ok := operations[op]; !ok {
			t.Errorf("%s is not in sdks/retry-policy.json", op)
		}
	}
}

func TestEveryMethodOfTheClientIsInTheRetryTable(t *testing.T) {
	calls := policyCalls()
	seen := 0
	client := reflect.ValueOf(Client{})
	for i := 0; i < client.NumField(); i++ {
		field := client.Type().Field(i)
		if !field.IsExported() {
			continue
		}
		for j := 0; j < field.Type.NumMethod(); j++ {
			name := field.Name + "." + field.Type.Method(j).Name
			if _, ok := calls[name]; !ok {
				t.Errorf("%s is not in policyCalls", name)
			}
			seen++
		}
	}
	if seen != len(calls) {
		t.Errorf("%d methods, %d calls in policyCalls", seen, len(calls))
	}
}

func TestCallsRetryAsTheRetryPolicySays(t *testing.T) {
	operations := retryPolicyOperations(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, pc := range policyCalls() {
		t.Run(name, func(t *testing.T) {
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				_, _ = io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(503)
				_, _ = w.Write([]byte(`{"error":"The IPFS node is not available","code":"content_unavailable"}`))
			}))
			defer srv.Close()
			c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err := pc.call(ctx, c, dir)
			var apiErr *Error
			if !errors.As(err, &apiErr) || apiErr.Status != 503 {
				t.Fatalf("want the 503 *Error, got %v", err)
			}
			want := int32(1)
			if operations[pc.operation] {
				want = 4
			}
			if hits.Load() != want {
				t.Fatalf("%d attempts, want %d (%s retried: %v)", hits.Load(), want, pc.operation, operations[pc.operation])
			}
		})
	}
}
