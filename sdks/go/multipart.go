package cairn

import (
	"fmt"
	"io"
	"mime/multipart"
	"os"
	"sync/atomic"
)

// Progress reports an upload's file bytes handed to the connection so far. Total is 0 when the
// size is not known (a reader without FileOptions.Size).
type Progress struct {
	Sent  int64
	Total int64
}

// ProgressFunc receives progress from the goroutine that streams the body; it must return quickly.
type ProgressFunc func(Progress)

// filePart is one `file` part: its filename (a relative path for folders) and its content.
type filePart struct {
	filename string
	open     func() (io.ReadCloser, error)
}

func pathPart(filename, path string) filePart {
	return filePart{filename, func() (io.ReadCloser, error) { return os.Open(path) }}
}

// copyBufferSize is large enough that a fast disk and loopback connection are not slowed by
// per-write overhead, small enough to keep memory flat.
const copyBufferSize = 256 << 10

// multipartBody streams parts as multipart/form-data through a pipe: each file is read from its
// source while the connection takes it, so nothing is held whole in memory. A failure reading a
// file aborts the request with that error.
func multipartBody(parts []filePart, total int64, progress ProgressFunc) (io.ReadCloser, string) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := writeParts(mw, parts, total, progress)
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err) // nil ends the body normally
	}()
	return pr, mw.FormDataContentType()
}

func writeParts(mw *multipart.Writer, parts []filePart, total int64, progress ProgressFunc) error {
	var sent atomic.Int64
	buf := make([]byte, copyBufferSize)
	for _, p := range parts {
		w, err := mw.CreateFormFile("file", p.filename)
		if err != nil {
			return err
		}
		src, err := p.open()
		if err != nil {
			return fmt.Errorf("cairn: opening %s: %w", p.filename, err)
		}
		var dst io.Writer = w
		if progress != nil {
			dst = progressWriter{w, &sent, total, progress}
		}
		_, err = io.CopyBuffer(dst, onlyReader{src}, buf)
		src.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// onlyReader hides WriterTo so that io.CopyBuffer uses the buffer it is given.
type onlyReader struct{ io.Reader }

type progressWriter struct {
	w        io.Writer
	sent     *atomic.Int64
	total    int64
	progress ProgressFunc
}

func (p progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.progress(Progress{Sent: p.sent.Add(int64(n)), Total: p.total})
	return n, err
}
