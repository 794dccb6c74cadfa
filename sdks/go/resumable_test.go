package cairn_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// droppingTransport cuts the body of the first PATCH after `after` bytes, as a dropped connection.
type droppingTransport struct {
	after int64
	cuts  atomic.Int32
	heads atomic.Int32
}

var errDropped = errors.New("connection dropped by the test")

func (d *droppingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodHead {
		d.heads.Add(1)
	}
	if req.Method == http.MethodPatch && d.cuts.Add(1) == 1 {
		req.Body = &cutBody{ReadCloser: req.Body, left: d.after}
	}
	return http.DefaultTransport.RoundTrip(req)
}

type cutBody struct {
	io.ReadCloser
	left int64
}

func (c *cutBody) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errDropped
	}
	n, err := c.ReadCloser.Read(p[:min(int64(len(p)), c.left)])
	c.left -= int64(n)
	return n, err
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// onlyReader hides io.ReaderAt and io.Seeker: the SDK must read it once, keeping a chunk.
type onlyReader struct{ io.Reader }

// TestResumableRecoversFromADroppedConnection drops the first chunk's connection part-way, for a
// file and for a plain reader: the upload asks the server's offset and completes, with the CID
// a plain upload of the same bytes gets.
func TestResumableRecoversFromADroppedConnection(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	session := signUp(t).Session
	plain := newClient(t, session)
	for _, kind := range []string{"seekable", "stream"} {
		t.Run(kind, func(t *testing.T) {
			b := randomBytes(2 << 20)
			var r io.Reader = bytes.NewReader(b)
			if kind == "stream" {
				r = onlyReader{r}
			}
			drop := &droppingTransport{after: 300 << 10}
			c, _ := cairn.New(session, cairn.WithBaseURL(server.URL), cairn.WithHTTPClient(&http.Client{Transport: drop}),
				cairn.WithRetry(cairn.RetryPolicy{MaxRetries: 3, BaseDelay: 50 * time.Millisecond, MaxDelay: time.Second}))
			res, err := c.Uploads.Resumable(ctx, r, int64(len(b)), kind+".bin", &cairn.ResumableOptions{ChunkSize: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if drop.heads.Load() != 1 || res.Size != int64(len(b)) || res.Duplicate {
				t.Fatalf("%d HEAD, record %+v", drop.heads.Load(), res)
			}
			again, err := plain.Uploads.File(ctx, bytes.NewReader(b), kind+".bin", nil)
			if err != nil || again.CID != res.CID || !again.Duplicate {
				t.Fatalf("plain upload %+v (%v), resumable %s", again, err, res.CID)
			}
		})
	}
}

// TestResumableStreamResumesFromAStoredURL cancels a plain reader's upload after its first chunk
// and resumes it with a new reader of the same bytes: what the server holds is skipped, not sent.
func TestResumableStreamResumesFromAStoredURL(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	session := signUp(t).Session
	c := newClient(t, session)
	b := randomBytes(3 << 20)
	var stored string
	cut, stop := context.WithCancel(ctx)
	defer stop()
	_, err := c.Uploads.Resumable(cut, onlyReader{bytes.NewReader(b)}, int64(len(b)), "stream.bin", &cairn.ResumableOptions{
		ChunkSize: 1 << 20, OnCreate: func(u string) { stored = u },
		Progress: func(p cairn.Progress) {
			if p.Sent > 0 {
				stop()
			}
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want a cancellation, got %v", err)
	}
	counter := &countingTransport{}
	resumer, _ := cairn.New(session, cairn.WithBaseURL(server.URL), cairn.WithHTTPClient(&http.Client{Transport: counter}))
	res, err := resumer.Uploads.Resumable(ctx, onlyReader{bytes.NewReader(b)}, int64(len(b)), "stream.bin", &cairn.ResumableOptions{ChunkSize: 1 << 20, URL: stored})
	if err != nil {
		t.Fatal(err)
	}
	if res.Size != int64(len(b)) || counter.sent.Load() != 2<<20 {
		t.Fatalf("resumed with %d bytes sent, record %+v", counter.sent.Load(), res)
	}
}

// hookTransport calls onSent with the body bytes handed over so far.
type hookTransport struct {
	sent   atomic.Int64
	onSent func(int64)
}

func (h *hookTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		req.Body = hookBody{req.Body, h}
	}
	return http.DefaultTransport.RoundTrip(req)
}

type hookBody struct {
	io.ReadCloser
	h *hookTransport
}

func (b hookBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.h.onSent(b.h.sent.Add(int64(n)))
	return n, err
}

// TestResumableCancelledMidChunk cancels the context while the only chunk is on its way: the
// request is cut, the error says where to resume, and resuming completes the upload.
func TestResumableCancelledMidChunk(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	session := signUp(t).Session
	b := randomBytes(2 << 20)
	cut, stop := context.WithCancel(ctx)
	defer stop()
	// Past the cut, each read waits a little, so that the cancellation ends the request before the
	// socket's buffers could take the rest of the chunk on a fast loopback.
	hook := &hookTransport{onSent: func(n int64) {
		if n >= 256<<10 {
			stop()
			time.Sleep(50 * time.Millisecond)
		}
	}}
	c, _ := cairn.New(session, cairn.WithBaseURL(server.URL), cairn.WithHTTPClient(&http.Client{Transport: hook}))
	_, err := c.Uploads.Resumable(cut, bytes.NewReader(b), int64(len(b)), "cut.bin", &cairn.ResumableOptions{ChunkSize: 2 << 20})
	var stopped *cairn.InterruptedError
	if !errors.As(err, &stopped) || !errors.Is(err, context.Canceled) || stopped.Offset != 0 || stopped.URL == "" {
		t.Fatalf("want an *InterruptedError at 0 for the cancellation, got %v", err)
	}
	if hook.sent.Load() >= int64(len(b)) {
		t.Fatalf("the whole chunk went (%d bytes) despite the cancellation", hook.sent.Load())
	}
	res, err := newClient(t, session).Uploads.Resumable(ctx, bytes.NewReader(b), int64(len(b)), "cut.bin", &cairn.ResumableOptions{URL: stopped.URL})
	if err != nil {
		t.Fatal(err)
	}
	if res.Size != int64(len(b)) || res.Name != "cut.bin" {
		t.Fatalf("unexpected record %+v", res)
	}
}
