package cairn

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"sync/atomic"
)

// CAROptions tune a CAR upload; nil means the defaults.
type CAROptions struct {
	Name     string // the record's name; empty names it after the root
	Size     int64  // the reader's length, sent as Content-Length and Progress.Total (CARPath sets it)
	Progress ProgressFunc
	Private  bool              // the record is served only through signed access links
	GroupID  string            // a group of the account the record joins
	Meta     map[string]string // the record's key-values (at most 50)
}

// CAR imports a CAR (CARv1, or the CARv1 inside a CARv2) streamed from r: one root, a complete
// DAG. Its root becomes one record; a root the account already holds gives the existing record
// with Duplicate set. A bad CAR is a 400 *Error whose Code starts with "car_", and nothing is
// kept or charged. Like File, it is not retried, except after an answer saying nothing was done
// when r is an io.Seeker.
func (s *UploadsService) CAR(ctx context.Context, r io.Reader, opts *CAROptions) (*UploadResult, error) {
	o := CAROptions{}
	if opts != nil {
		o = *opts
	}
	q := recordQuery(url.Values{}, o.Private, o.GroupID, o.Meta)
	if o.Name != "" {
		q.Set("name", o.Name)
	}
	open, replayable := reopener(r)
	var out UploadResult
	err := s.c.do(ctx, call{
		method: http.MethodPost, path: "/upload/car", query: q, out: &out, oneShot: !replayable,
		stream: func() (io.ReadCloser, string, int64) {
			var body io.Reader = r
			if rc, err := open(); err != nil {
				body = failingReader{err}
			} else {
				body = rc
			}
			if o.Progress != nil {
				body = &progressReader{r: body, total: o.Size, progress: o.Progress}
			}
			return io.NopCloser(body), "application/vnd.ipld.car", o.Size
		},
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// CARPath imports the CAR file at p, streamed from disk.
func (s *UploadsService) CARPath(ctx context.Context, p string, opts *CAROptions) (*UploadResult, error) {
	f, info, err := openFile(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	o := CAROptions{}
	if opts != nil {
		o = *opts
	}
	o.Size = info.Size()
	return s.CAR(ctx, f, &o)
}

// progressReader reports the bytes read from it, which the connection is about to send.
type progressReader struct {
	r        io.Reader
	sent     atomic.Int64
	total    int64
	progress ProgressFunc
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.progress(Progress{Sent: p.sent.Add(int64(n)), Total: p.total})
	}
	return n, err
}

// failingReader fails the request body with err (a reader that could not be rewound).
type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }
