package cairn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
)

// UploadsService uploads files and folders; see also records.go for the account's records.
type UploadsService struct{ c *Client }

// CIDVersion chooses the CID an upload gets.
type CIDVersion int

const (
	CIDDefault CIDVersion = iota // the server's default, CIDv1
	CIDv0                        // what a default `ipfs add` gives (Qm…)
	CIDv1                        // what `ipfs add --cid-version=1` gives (bafk…/bafy…)
)

// FileOptions tune a file upload; nil means the defaults.
type FileOptions struct {
	Name       string     // a custom record name; empty keeps the file's own name
	CIDVersion CIDVersion // CIDDefault, CIDv0 or CIDv1
	// Size is the reader's exact length, sent as Content-Length and Progress.Total (FilePath sets
	// it); 0 sends the body chunked. A reader that then gives fewer or more bytes fails the upload.
	Size     int64
	Progress ProgressFunc
	Private  bool              // the record is served only through signed access links
	GroupID  string            // a group of the account the record joins
	Meta     map[string]string // the record's key-values (at most 50)
}

// DirectoryOptions tune a folder upload; nil means the defaults.
type DirectoryOptions struct {
	Name       string // a custom name for the DAG record (not used for separate files)
	CIDVersion CIDVersion
	Progress   ProgressFunc
	Private    bool              // the record is served only through signed access links
	GroupID    string            // a group of the account the record joins
	Meta       map[string]string // the record's key-values (at most 50)
}

func uploadQuery(name string, v CIDVersion) url.Values {
	q := url.Values{}
	if name != "" {
		q.Set("name", name)
	}
	switch v {
	case CIDv0:
		q.Set("cidVersion", "0")
	case CIDv1:
		q.Set("cidVersion", "1")
	}
	return q
}

// recordQuery adds a new record's privacy, group and key-values to an upload's query.
func recordQuery(q url.Values, private bool, groupID string, meta map[string]string) url.Values {
	if private {
		q.Set("private", "true")
	}
	if groupID != "" {
		q.Set("groupId", groupID)
	}
	if len(meta) > 0 {
		q.Set("meta", jsonText(meta))
	}
	return q
}

// jsonText is v as JSON; v is a map or slice of strings, which always encodes.
func jsonText(v any) string {
	text, _ := json.Marshal(v)
	return string(text)
}

// File streams r as one file named filename. It is not retried, except after an answer saying
// nothing was done (429 rate_limited, 503 shutting_down) when r is an io.Seeker (a file, a
// bytes.Reader): it is then read again from where it stood.
func (s *UploadsService) File(ctx context.Context, r io.Reader, filename string, opts *FileOptions) (*UploadResult, error) {
	if opts == nil {
		opts = &FileOptions{}
	}
	size := opts.Size
	if size <= 0 {
		size = -1
	}
	open, replayable := reopener(r)
	part := filePart{filename, size, open}
	var out UploadResult
	err := s.c.do(ctx, call{
		method: http.MethodPost, path: "/upload", out: &out, oneShot: !replayable,
		query: recordQuery(uploadQuery(opts.Name, opts.CIDVersion), opts.Private, opts.GroupID, opts.Meta),
		stream: func() (io.ReadCloser, string, int64) {
			return multipartBody([]filePart{part}, opts.Size, opts.Progress)
		},
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// FilePath streams the file at p from disk, named after its last path segment.
func (s *UploadsService) FilePath(ctx context.Context, p string, opts *FileOptions) (*UploadResult, error) {
	f, info, err := openFile(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.IsDir() {
		return nil, fmt.Errorf("cairn: %s is a folder: use Directory or DirectoryFiles", p)
	}
	o := FileOptions{}
	if opts != nil {
		o = *opts
	}
	o.Size = info.Size()
	return s.File(ctx, f, filepath.Base(p), &o)
}

// Directory uploads the folder at root as ONE DAG with one CID and one record (the CID
// `ipfs add -r root` gives). Files are streamed from disk one after another, each sent as a
// `file` part named by its path under the folder's own name (`site/css/a.css`).
func (s *UploadsService) Directory(ctx context.Context, root string, opts *DirectoryOptions) (*DagUploadResult, error) {
	var out DagUploadResult
	if err := s.directory(ctx, root, "dag", opts, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DirectoryFiles uploads every file under root as its own record (DirectoryOptions.Name is not used).
func (s *UploadsService) DirectoryFiles(ctx context.Context, root string, opts *DirectoryOptions) (*FilesUploadResult, error) {
	var out FilesUploadResult
	if err := s.directory(ctx, root, "files", opts, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (s *UploadsService) directory(ctx context.Context, root, mode string, opts *DirectoryOptions, out any) error {
	if opts == nil {
		opts = &DirectoryOptions{}
	}
	parts, total, err := folderParts(root)
	if err != nil {
		return err
	}
	q := recordQuery(uploadQuery(opts.Name, opts.CIDVersion), opts.Private, opts.GroupID, opts.Meta)
	if mode == "files" {
		q.Del("name")
	}
	q.Set("mode", mode)
	return s.c.do(ctx, call{
		method: http.MethodPost, path: "/upload/directory", query: q, out: out,
		stream: func() (io.ReadCloser, string, int64) { return multipartBody(parts, total, opts.Progress) },
	})
}

// folderParts lists the regular files under root (symbolic links and special files are left
// out) in a stable order, each named by its slash-separated path under the folder's name.
func folderParts(root string) ([]filePart, int64, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, 0, fmt.Errorf("cairn: %w", err)
	}
	top := filepath.Base(abs)
	var parts []filePart
	var total int64
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(abs, p)
		if err != nil {
			return err
		}
		total += info.Size()
		parts = append(parts, pathPart(path.Join(top, filepath.ToSlash(rel)), p, info.Size()))
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("cairn: reading %s: %w", root, err)
	}
	if len(parts) == 0 {
		return nil, 0, errors.New("cairn: " + root + " holds no files")
	}
	return parts, total, nil
}

// openFile opens the file at p for an upload and reads its size, with the SDK's error prefix.
func openFile(p string) (*os.File, os.FileInfo, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, fmt.Errorf("cairn: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("cairn: %w", err)
	}
	return f, info, nil
}

// reopener opens r for each attempt: from where it stands now when it can seek back there
// (replayable), else as it is, once.
func reopener(r io.Reader) (open func() (io.ReadCloser, error), replayable bool) {
	if seeker, ok := r.(io.Seeker); ok {
		if start, err := seeker.Seek(0, io.SeekCurrent); err == nil {
			return func() (io.ReadCloser, error) {
				if _, err := seeker.Seek(start, io.SeekStart); err != nil {
					return nil, fmt.Errorf("cairn: reading the upload again: %w", err)
				}
				return io.NopCloser(r), nil
			}, true
		}
	}
	return func() (io.ReadCloser, error) { return io.NopCloser(r), nil }, false
}
