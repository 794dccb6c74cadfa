package cairn

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DefaultChunkSize is how many bytes one request of a resumable upload sends by default.
const DefaultChunkSize = 8 << 20

// ResumableOptions tune a resumable upload; nil means the defaults.
type ResumableOptions struct {
	Name       string     // a custom record name; empty keeps the file's own name
	CIDVersion CIDVersion // CIDDefault, CIDv0 or CIDv1
	ChunkSize  int64      // bytes per request; 0 means DefaultChunkSize
	// URL continues an upload created earlier (OnCreate gave it) instead of creating one: the
	// server is asked how many bytes it holds and only the rest is sent.
	URL string
	// OnCreate receives the new upload's URL: keep it to resume after a crash or a cancellation.
	OnCreate func(url string)
	// Progress sees the bytes the server holds: after the offset is known, then after each chunk.
	Progress ProgressFunc
	// GroupID and Meta are given to the record once it is stored, by two more calls; if one of
	// them fails, its error comes with the stored record.
	GroupID string
	Meta    map[string]string
}

// InterruptedError is returned when a resumable upload stops before its end: its context was
// cancelled, or the connection kept failing. Resume it with ResumableOptions.URL. It wraps the
// cause, so errors.Is(err, context.Canceled) and errors.As(err, **Error) see through it.
type InterruptedError struct {
	URL    string // the upload's URL
	Offset int64  // the bytes the server had confirmed
	Err    error
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("cairn: upload interrupted after %d bytes (resume from %s): %v", e.Offset, e.URL, e.Err)
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// ResumablePath uploads the file at p over the server's tus endpoint, in chunks, resuming after
// dropped connections from the server's offset. See Resumable.
func (s *UploadsService) ResumablePath(ctx context.Context, p string, opts *ResumableOptions) (*UploadResult, error) {
	f, info, err := openFile(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("cairn: %s is not a regular file", p)
	}
	return s.Resumable(ctx, f, info.Size(), filepath.Base(p), opts)
}

// Resumable uploads size bytes of r as one file named filename over the server's tus endpoint
// (`/api/v2/uploads/resumable`): one PATCH per chunk, each with its Upload-Offset. After a
// connection error (or a 429/503) it waits as the client's RetryPolicy says, asks the server's
// offset with HEAD and goes on from there. Cancelling ctx stops it with an *InterruptedError.
//
// When r is an io.ReaderAt (an *os.File), chunks are read from it again as needed; any other
// reader is read once, holding one chunk in memory. To resume from opts.URL, pass the same
// content from its start.
func (s *UploadsService) Resumable(ctx context.Context, r io.Reader, size int64, filename string, opts *ResumableOptions) (*UploadResult, error) {
	o := ResumableOptions{}
	if opts != nil {
		o = *opts
	}
	if size < 1 {
		return nil, errors.New("cairn: a resumable upload needs the content's size (at least 1 byte)")
	}
	if o.ChunkSize <= 0 {
		o.ChunkSize = DefaultChunkSize
	}
	u := &tusUpload{c: s.c, src: chunkSourceOf(r, o.ChunkSize), size: size, filename: filename, opts: o}
	result, err := u.run(ctx)
	if err != nil {
		return nil, err
	}
	if o.GroupID != "" {
		if _, err := s.c.Groups.Add(ctx, o.GroupID, GroupMembers{UploadIDs: []string{result.UploadID}}); err != nil {
			return result, err
		}
	}
	if len(o.Meta) > 0 {
		updated, err := s.SetMeta(ctx, result.UploadID, o.Meta)
		if err != nil {
			return result, err
		}
		result.Meta = updated.Meta
	}
	return result, nil
}

// tusUpload is one upload under way.
type tusUpload struct {
	c        *Client
	src      chunkSource
	size     int64
	filename string
	opts     ResumableOptions
	url      string
	offset   int64
}

var tusVersion = http.Header{"Tus-Resumable": {"1.0.0"}}

func (u *tusUpload) interrupted(err error) error {
	return &InterruptedError{URL: u.url, Offset: u.offset, Err: err}
}

func (u *tusUpload) moved(offset int64) {
	u.offset = offset
	if u.opts.Progress != nil {
		u.opts.Progress(Progress{Sent: offset, Total: u.size})
	}
}

// path is the upload's URL from the server's root, for calls; only URLs of this server are used.
func (u *tusUpload) path() (string, error) {
	if !strings.HasPrefix(u.url, u.c.baseURL+"/") {
		return "", fmt.Errorf("cairn: the upload URL %s is not on this server (%s)", u.url, u.c.baseURL)
	}
	return strings.TrimPrefix(u.url, u.c.baseURL), nil
}

func (u *tusUpload) create(ctx context.Context) error {
	h := tusVersion.Clone()
	h.Set("Upload-Length", strconv.FormatInt(u.size, 10))
	h.Set("Upload-Metadata", "filename "+base64.StdEncoding.EncodeToString([]byte(u.filename)))
	var location string
	err := u.c.do(ctx, call{
		method: http.MethodPost, path: "/uploads/resumable", query: uploadQuery(u.opts.Name, u.opts.CIDVersion), header: h,
		answer: func(_ int, h http.Header) { location = h.Get("Location") },
	})
	if err != nil {
		return err
	}
	// The server answers a path from its root; an absolute URL is taken as it is.
	u.url = location
	if strings.HasPrefix(location, "/") {
		u.url = u.c.baseURL + location
	}
	if u.opts.OnCreate != nil {
		u.opts.OnCreate(u.url)
	}
	return nil
}

// head asks the server how many bytes of the upload it holds.
func (u *tusUpload) head(ctx context.Context) error {
	p, err := u.path()
	if err != nil {
		return err
	}
	var offset, length string
	err = u.c.do(ctx, call{method: http.MethodHead, path: p, root: true, header: tusVersion, answer: func(_ int, h http.Header) {
		offset, length = h.Get("Upload-Offset"), h.Get("Upload-Length")
	}})
	if err != nil {
		return err
	}
	if length != strconv.FormatInt(u.size, 10) {
		return fmt.Errorf("cairn: the upload at %s is %s bytes long, the content %d", u.url, length, u.size)
	}
	n, err := strconv.ParseInt(offset, 10, 64)
	if err != nil {
		return fmt.Errorf("cairn: the server's Upload-Offset %q: %w", offset, err)
	}
	u.moved(n)
	return nil
}

func (u *tusUpload) run(ctx context.Context) (*UploadResult, error) {
	u.url = u.opts.URL
	start := u.create
	if u.url != "" {
		start = u.head
	}
	if err := start(ctx); err != nil {
		return nil, err
	}
	p, err := u.path()
	if err != nil {
		return nil, err
	}
	for failures := 0; u.offset < u.size; {
		if err := ctx.Err(); err != nil {
			return nil, u.interrupted(err)
		}
		done, err := u.patch(ctx, p)
		if done != nil {
			return done, nil
		}
		if err == nil {
			failures = 0
			continue
		}
		if ctx.Err() != nil || !resumableFailure(err) || failures >= u.c.retry.MaxRetries {
			return nil, u.interrupted(err)
		}
		var apiErr *Error
		var retryAfter time.Duration
		if errors.As(err, &apiErr) {
			retryAfter = apiErr.RetryAfter
		}
		if err := sleep(ctx, u.c.retry.delay(failures, retryAfter)); err != nil {
			return nil, u.interrupted(err)
		}
		failures++
		if err := u.head(ctx); err != nil {
			return nil, u.interrupted(err)
		}
	}
	// Resumed an upload whose bytes had all arrived: its record is at its URL.
	var out UploadResult
	if err := u.c.do(ctx, call{method: http.MethodGet, path: p, root: true, out: &out}); err != nil {
		return nil, err
	}
	return &out, nil
}

// patch sends one chunk from the current offset; it returns the record once the last one is in.
func (u *tusUpload) patch(ctx context.Context, p string) (*UploadResult, error) {
	body, n, err := u.src.chunk(u.offset, min(u.opts.ChunkSize, u.size-u.offset))
	if err != nil {
		return nil, err
	}
	h := tusVersion.Clone()
	h.Set("Upload-Offset", strconv.FormatInt(u.offset, 10))
	var out UploadResult
	var status int
	var offset string
	err = u.c.once(ctx, call{
		method: http.MethodPatch, path: p, root: true, header: h, out: &out,
		stream: func() (io.ReadCloser, string, int64) {
			return io.NopCloser(body), "application/offset+octet-stream", n
		},
		answer: func(s int, h http.Header) { status, offset = s, h.Get("Upload-Offset") },
	})
	if err != nil {
		return nil, err
	}
	if status == http.StatusOK {
		u.moved(u.size)
		return &out, nil
	}
	next, err := strconv.ParseInt(offset, 10, 64)
	if err != nil || next <= u.offset {
		return nil, fmt.Errorf("cairn: the server's Upload-Offset after a chunk is %q", offset)
	}
	u.moved(next)
	return nil, nil
}

// resumableFailure: a failure after which asking the offset and sending the rest can succeed.
func resumableFailure(err error) bool {
	var apiErr *Error
	if !errors.As(err, &apiErr) {
		return true // the connection failed or broke
	}
	switch apiErr.Status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	// 409 in plain text: the offset sent was not the server's (a chunk partly arrived).
	return apiErr.Status == http.StatusConflict && apiErr.Code == "http_409"
}
