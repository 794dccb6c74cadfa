package cairn_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// unknownCID is a well-formed CID that no account of a fresh server holds.
const unknownCID = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy"

// countingTransport counts the request body bytes handed to the network, and the HEAD requests.
type countingTransport struct {
	sent, heads atomic.Int64
}

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodHead {
		c.heads.Add(1)
	}
	if req.Body != nil {
		req.Body = countingBody{req.Body, &c.sent}
	}
	return http.DefaultTransport.RoundTrip(req)
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

func stepResumable(t *testing.T, ctx context.Context, s *state) {
	// Room again after step 12's tiny plan (administrator set-up, plain HTTP).
	admin := login(t, server.AdminEmail, server.AdminPassword)
	code := fmt.Sprintf("go-roomy-%d", time.Now().UnixNano()%1_000_000_000)
	apiJSON(t, "POST", "/admin/plans", admin, map[string]any{
		"code": code, "name": "Roomy", "storageLimitBytes": 64 << 20, "priceMonthlyEur": 0,
	}, 201, nil)
	apiJSON(t, "PATCH", "/admin/users/"+s.user.ID, admin, map[string]any{"planCode": code}, 200, nil)
	s.client = newClient(t, s.secret)

	const size, chunk = 3 << 20, 1 << 20
	p := randomFile(t, t.TempDir(), "resumable.bin", size)
	counter := &countingTransport{}
	c, err := cairn.New(s.secret, cairn.WithBaseURL(server.URL), cairn.WithHTTPClient(&http.Client{Transport: counter}))
	if err != nil {
		t.Fatal(err)
	}
	var stored string
	cut, cancel := context.WithCancel(ctx)
	defer cancel()
	_, err = c.Uploads.ResumablePath(cut, p, &cairn.ResumableOptions{
		ChunkSize: chunk,
		OnCreate:  func(url string) { stored = url },
		Progress: func(pr cairn.Progress) {
			if pr.Sent >= chunk {
				cancel()
			}
		},
	})
	var interrupted *cairn.InterruptedError
	if !errors.As(err, &interrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("want an *InterruptedError for the cancellation, got %v", err)
	}
	if stored == "" || interrupted.URL != stored || interrupted.Offset != chunk {
		t.Fatalf("cut at %d of %s; stored URL %q", interrupted.Offset, interrupted.URL, stored)
	}
	var seen []cairn.Progress
	res, err := c.Uploads.ResumablePath(ctx, p, &cairn.ResumableOptions{
		ChunkSize: chunk, URL: stored, Progress: func(pr cairn.Progress) { seen = append(seen, pr) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen[0].Sent != chunk || seen[len(seen)-1].Sent != size || res.Duplicate || res.Size != size || res.Name != "resumable.bin" {
		t.Fatalf("unexpected resumed upload %+v (progress %v)", res, seen)
	}
	if sent := counter.sent.Load(); sent < size || float64(sent) > 1.05*size || counter.heads.Load() != 1 {
		t.Fatalf("sent %d bytes and %d HEAD for a file of %d", sent, counter.heads.Load(), size)
	}
	again, err := s.client.Uploads.FilePath(ctx, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Duplicate || again.CID != res.CID || again.UploadID != res.UploadID {
		t.Fatalf("uploads.file gives %+v, the resumable upload %+v", again, res)
	}
}

func stepStatus(t *testing.T, ctx context.Context, s *state) {
	cid := s.fileV1.CID
	status, err := s.client.Pins.Status(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	if status.CID != cid || len(status.Peers) != 1 || status.Peers[0].Status != "pinned" || status.Peers[0].PeerID == "" {
		t.Fatalf("unexpected status %+v", status)
	}
	alloc, err := s.client.Pins.Allocations(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	if alloc.ReplicationMin != 1 || alloc.ReplicationMax != 1 || len(alloc.Peers) != 1 || alloc.Peers[0].PeerID != status.Peers[0].PeerID {
		t.Fatalf("unexpected allocation %+v", alloc)
	}
	_, err = s.client.Pins.Status(ctx, unknownCID)
	wantAPIError(t, err, 404, "file_not_found")
	_, err = s.client.Pins.Allocations(ctx, unknownCID)
	wantAPIError(t, err, 404, "file_not_found")
}

// fetchCAR saves the DAG of cid from the server's gateway as a CAR (plain HTTP, not the SDK).
func fetchCAR(t *testing.T, cid, p string) {
	t.Helper()
	res, err := http.Get(server.URL + "/ipfs/" + cid + "?format=car")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET the CAR: %d %v", res.StatusCode, err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func stepCAR(t *testing.T, ctx context.Context, s *state) {
	dir := t.TempDir()
	car := filepath.Join(dir, "site.car")
	fetchCAR(t, s.site.CID, car)
	s.other = signUp(t)
	theirs := newClient(t, s.other.Session)
	var last cairn.Progress
	res, err := theirs.Uploads.CARPath(ctx, car, &cairn.CAROptions{Progress: func(p cairn.Progress) { last = p }})
	if err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(car)
	if res.Duplicate || res.CID != s.site.CID || res.Type != "directory" || last.Sent != info.Size() || last.Total != info.Size() {
		t.Fatalf("unexpected CAR upload %+v (progress %+v)", res, last)
	}
	before, err := theirs.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(car)
	b[len(b)-1] ^= 1 // a bit of the last block: it no longer hashes to its CID
	flipped := filepath.Join(dir, "flipped.car")
	if err := os.WriteFile(flipped, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = theirs.Uploads.CARPath(ctx, flipped, nil)
	var apiErr *cairn.Error
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || !strings.HasPrefix(apiErr.Code, "car_") || !errors.Is(err, cairn.ErrValidation) {
		t.Fatalf("want a 400 car_… error, got %v", err)
	}
	after, err := theirs.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Used != before.Used {
		t.Fatalf("a refused CAR moved usage from %d to %d", before.Used, after.Used)
	}
}

func stepPSA(t *testing.T, ctx context.Context, s *state) {
	theirs := newClient(t, s.other.Session)
	name := "psa-" + s.other.ID[:8]
	added, err := theirs.PSA.Add(ctx, cairn.PSAPin{CID: s.fileV1.CID, Name: name, Meta: map[string]string{"sdk": "go"}})
	if err != nil {
		t.Fatal(err)
	}
	if added.Pin.Name != name || added.Pin.Meta["sdk"] != "go" {
		t.Fatalf("unexpected request %+v", added)
	}
	pinned, err := theirs.PSA.Wait(ctx, added, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pinned.Status != "pinned" || pinned.RequestID != added.RequestID {
		t.Fatalf("unexpected pin %+v", pinned)
	}
	for _, filter := range []*cairn.PSAListOptions{{Name: name}, {Status: []string{"pinned"}, Limit: 1000}} {
		list, err := theirs.PSA.List(ctx, filter)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, r := range list.Results {
			if r.RequestID == added.RequestID {
				found++
			}
		}
		if found != 1 || (filter.Name != "" && list.Count != 1) {
			t.Fatalf("list %+v found the request %d times in %+v", filter, found, list)
		}
	}
	if err := theirs.PSA.Remove(ctx, added.RequestID); err != nil {
		t.Fatal(err)
	}
	_, err = theirs.PSA.Get(ctx, added.RequestID)
	wantAPIError(t, err, 404, "NOT_FOUND")
	if !errors.Is(err, cairn.ErrNotFound) {
		t.Fatal("a PSA NOT_FOUND is not cairn.ErrNotFound")
	}
}
