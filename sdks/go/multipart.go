package cairn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"os"
	"sync"
)

// Progress reports an upload's file bytes handed to the connection so far. Total is 0 when the
// size is not known (a reader without FileOptions.Size).
type Progress struct {
	Sent  int64
	Total int64
}

// ProgressFunc receives progress from the goroutine that sends the body; it must return quickly.
type ProgressFunc func(Progress)

// filePart is one `file` part: its filename (a relative path for folders), its content and the
// content's exact length, or -1 when it is not known.
type filePart struct {
	filename string
	size     int64
	open     func() (io.ReadCloser, error)
}

func pathPart(filename, path string, size int64) filePart {
	return filePart{filename, size, func() (io.ReadCloser, error) { return os.Open(path) }}
}

// errClosed is what a read of a body gives after the transport has closed it.
var errClosed = errors.New("cairn: the request body was closed")

// multipartReader is a multipart/form-data body read straight from its files: the connection
// pulls each file's bytes from disk as it sends them, with no goroutine or copy in between, and
// nothing is held whole in memory. A failure reading a file aborts the request with that error.
type multipartReader struct {
	parts    []filePart
	mw       *multipart.Writer // writes each part's header, and the end, into framing
	framing  bytes.Buffer
	next     int   // the next part to open
	left     int64 // bytes of the current part still to come, when its size is known
	sent     int64
	total    int64
	progress ProgressFunc

	mu     sync.Mutex // guards cur and closed: the transport may close the body while it is read
	cur    io.ReadCloser
	closed bool
}

// multipartBody gives the body of parts, its content type and its exact length when every
// part's size is known (so it is sent with a Content-Length rather than chunked), else 0.
func multipartBody(parts []filePart, total int64, progress ProgressFunc) (io.ReadCloser, string, int64) {
	r := &multipartReader{parts: parts, total: total, progress: progress}
	r.mw = multipart.NewWriter(&r.framing)
	return r, r.mw.FormDataContentType(), multipartLength(parts, r.mw.Boundary())
}

// multipartLength is the body's length in bytes, or 0 when a part's size is not known. The
// framing is written by the same multipart.Writer as the body's, so the two cannot differ.
func multipartLength(parts []filePart, boundary string) int64 {
	var count countingWriter
	mw := multipart.NewWriter(&count)
	if err := mw.SetBoundary(boundary); err != nil {
		return 0
	}
	var files int64
	for _, p := range parts {
		if p.size < 0 {
			return 0
		}
		files += p.size
		if _, err := mw.CreateFormFile("file", p.filename); err != nil {
			return 0
		}
	}
	if err := mw.Close(); err != nil {
		return 0
	}
	return int64(count) + files
}

type countingWriter int64

func (c *countingWriter) Write(b []byte) (int, error) {
	*c += countingWriter(len(b))
	return len(b), nil
}

func (r *multipartReader) Read(b []byte) (int, error) {
	for {
		if r.framing.Len() > 0 {
			return r.framing.Read(b)
		}
		r.mu.Lock()
		cur, closed := r.cur, r.closed
		r.mu.Unlock()
		if closed {
			return 0, errClosed
		}
		if cur != nil {
			n, err := r.readPart(cur, b)
			if n > 0 || err != nil {
				return n, err
			}
			continue
		}
		if r.next == len(r.parts) {
			if r.mw == nil {
				return 0, io.EOF
			}
			err := r.mw.Close()
			r.mw = nil
			if err != nil {
				return 0, err
			}
			continue
		}
		if err := r.openNext(); err != nil {
			return 0, err
		}
	}
}

// readPart reads the current part; at its end it closes it and answers 0 bytes and no error.
func (r *multipartReader) readPart(cur io.ReadCloser, b []byte) (int, error) {
	p := r.parts[r.next-1]
	if p.size >= 0 && int64(len(b)) > r.left {
		b = b[:r.left]
	}
	n := 0
	var err error
	if len(b) > 0 {
		n, err = cur.Read(b)
	}
	if n > 0 {
		r.left -= int64(n)
		r.sent += int64(n)
		if r.progress != nil {
			r.progress(Progress{Sent: r.sent, Total: r.total})
		}
		return n, nil
	}
	switch {
	case err != nil && err != io.EOF:
		return 0, fmt.Errorf("cairn: reading %s: %w", p.filename, err)
	case err == io.EOF && p.size >= 0 && r.left > 0:
		return 0, fmt.Errorf("cairn: %s was %d bytes shorter than its size when it was sent", p.filename, r.left)
	case err == nil && len(b) > 0:
		return 0, nil // a reader may answer nothing without being done
	case err == nil && !atEnd(cur):
		return 0, fmt.Errorf("cairn: %s grew while it was sent", p.filename)
	}
	r.mu.Lock()
	r.cur = nil
	r.mu.Unlock()
	return 0, cur.Close()
}

// atEnd tells whether a part read up to its size has nothing more, as a Content-Length promises.
func atEnd(r io.Reader) bool {
	var one [1]byte
	for range 100 {
		n, err := r.Read(one[:])
		if n > 0 {
			return false
		}
		if err != nil {
			return true
		}
	}
	return false
}

func (r *multipartReader) openNext() error {
	p := r.parts[r.next]
	r.next++
	if _, err := r.mw.CreateFormFile("file", p.filename); err != nil {
		return err
	}
	src, err := p.open()
	if err != nil {
		return fmt.Errorf("cairn: opening %s: %w", p.filename, err)
	}
	r.left = p.size
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		src.Close()
		return errClosed
	}
	r.cur = src
	return nil
}

// Close ends the body early, closing the file being read; the transport calls it once done.
func (r *multipartReader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.cur == nil {
		return nil
	}
	err := r.cur.Close()
	r.cur = nil
	return err
}
