package cairn

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// writeFiles writes each named content into a fresh folder and returns the parts for them.
func writeFiles(t *testing.T, files map[string][]byte, names ...string) []filePart {
	dir := t.TempDir()
	var parts []filePart
	for i, name := range names {
		p := filepath.Join(dir, strings.Repeat("f", i+1))
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, pathPart(name, p, int64(len(files[name]))))
	}
	return parts
}

// readForm parses a multipart/form-data body into its `file` parts' filenames and contents.
func readForm(t *testing.T, body []byte, contentType string) ([]string, [][]byte) {
	t.Helper()
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		t.Fatal(err)
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var names []string
	var contents [][]byte
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return names, contents
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.FormName() != "file" {
			t.Fatalf("a part named %q", p.FormName())
		}
		b, err := io.ReadAll(p)
		if err != nil {
			t.Fatal(err)
		}
		// FileName() would keep only the last segment of a folder's paths.
		_, disposition, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
		if err != nil {
			t.Fatal(err)
		}
		names, contents = append(names, disposition["filename"]), append(contents, b)
	}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

func TestMultipartBodyIsExactlyItsLengthAndParses(t *testing.T) {
	files := map[string][]byte{
		"site/index.html":  []byte("<!doctype html>"),
		"site/empty.txt":   {},
		`site/"quoted".js`: randomBytes(300 << 10),
		"site/dé jà.bin":   randomBytes(70<<10 + 3),
	}
	names := []string{"site/index.html", "site/empty.txt", `site/"quoted".js`, "site/dé jà.bin"}
	parts := writeFiles(t, files, names...)
	var total int64
	for _, f := range files {
		total += int64(len(f))
	}
	var last Progress
	body, contentType, length := multipartBody(parts, total, func(p Progress) { last = p })
	// Small, uneven reads cross every boundary between framing and file bytes.
	got, err := io.ReadAll(iotest.HalfReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := body.Close(); err != nil {
		t.Fatal(err)
	}
	if length == 0 || int64(len(got)) != length {
		t.Fatalf("a body of %d bytes announced as %d", len(got), length)
	}
	gotNames, contents := readForm(t, got, contentType)
	if strings.Join(gotNames, "|") != strings.Join(names, "|") {
		t.Fatalf("filenames %q, want %q", gotNames, names)
	}
	for i, name := range names {
		if !bytes.Equal(contents[i], files[name]) {
			t.Fatalf("%s: %d bytes differ from the file's %d", name, len(contents[i]), len(files[name]))
		}
	}
	if last != (Progress{Sent: total, Total: total}) {
		t.Fatalf("last progress %+v, want %d of %d", last, total, total)
	}
}

func TestMultipartBodyOfAReaderOfUnknownSizeHasNoLength(t *testing.T) {
	content := randomBytes(200 << 10)
	part := filePart{"stream.bin", -1, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(content)), nil }}
	body, contentType, length := multipartBody([]filePart{part}, 0, nil)
	got, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	if length != 0 {
		t.Fatalf("length %d for a reader of unknown size", length)
	}
	names, contents := readForm(t, got, contentType)
	if len(names) != 1 || names[0] != "stream.bin" || !bytes.Equal(contents[0], content) {
		t.Fatalf("parts %q of %d bytes", names, len(contents[0]))
	}
}

func TestMultipartBodyFailsWhenAFileIsNotItsSize(t *testing.T) {
	for _, tc := range []struct {
		name   string
		actual int
		want   string
	}{
		{"shorter", 1000, "shorter than its size"},
		{"longer", 5000, "grew while it was sent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			content := randomBytes(tc.actual)
			part := filePart{"a.bin", 4096, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(content)), nil }}
			body, _, _ := multipartBody([]filePart{part}, 4096, nil)
			_, err := io.ReadAll(body)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestMultipartBodyPassesOnAReadError(t *testing.T) {
	broken := errors.New("the disk went away")
	part := filePart{"a.bin", -1, func() (io.ReadCloser, error) {
		return io.NopCloser(io.MultiReader(bytes.NewReader(randomBytes(100)), iotest.ErrReader(broken))), nil
	}}
	body, _, _ := multipartBody([]filePart{part}, 0, nil)
	if _, err := io.ReadAll(body); !errors.Is(err, broken) {
		t.Fatalf("got %v, want the reader's error", err)
	}
}

func TestClosingAMultipartBodyClosesItsFile(t *testing.T) {
	parts := writeFiles(t, map[string][]byte{"a.bin": randomBytes(1 << 20)}, "a.bin")
	var opened *os.File
	open := parts[0].open
	parts[0].open = func() (io.ReadCloser, error) {
		f, err := open()
		opened, _ = f.(*os.File)
		return f, err
	}
	body, _, _ := multipartBody(parts, 1<<20, nil)
	if _, err := io.ReadFull(body, make([]byte, 64<<10)); err != nil {
		t.Fatal(err)
	}
	if err := body.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := body.Read(make([]byte, 10)); !errors.Is(err, errClosed) {
		t.Fatalf("a read after Close gave %v", err)
	}
	if _, err := opened.Read(make([]byte, 1)); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("the file is still open: %v", err)
	}
}

// The live server cannot tell how a body was framed, so a stand-in records it: a file from disk
// goes with its Content-Length (no chunk framing to write or parse), a reader of unknown size chunked.
func TestFileUploadsAreSentWithTheirLengthWhenKnown(t *testing.T) {
	type seen struct {
		length   int64
		encoding []string
		received int
	}
	requests := make(chan seen, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		requests <- seen{r.ContentLength, r.TransferEncoding, len(b)}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"cid":"bafkreia","size":1}`))
	}))
	defer srv.Close()
	c, _ := New("cairn_x", WithBaseURL(srv.URL))
	p := filepath.Join(t.TempDir(), "a.bin")
	if err := os.WriteFile(p, randomBytes(1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.Uploads.FilePath(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if s := <-requests; s.length != int64(s.received) || len(s.encoding) != 0 || s.received <= 1<<20 {
		t.Fatalf("FilePath sent %+v, want a Content-Length of all its bytes and no chunks", s)
	}
	if _, err := c.Uploads.File(ctx, io.LimitReader(rand.Reader, 1<<20), "a.bin", nil); err != nil {
		t.Fatal(err)
	}
	if s := <-requests; s.length != -1 || len(s.encoding) != 1 || s.encoding[0] != "chunked" || s.received <= 1<<20 {
		t.Fatalf("File of unknown size sent %+v, want chunks", s)
	}
}
