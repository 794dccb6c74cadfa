package cairn_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"testing"

	cairn "github.com/cairn-storage/cairn-go"
)

// siteFolder writes site/ with index.html, css/a.css and img/logo.bin (70 KiB); it returns its
// path and byte total.
func siteFolder(t *testing.T) (string, int64) {
	dir := filepath.Join(t.TempDir(), "site")
	files := map[string][]byte{
		"index.html": []byte("<!doctype html><title>Cairn</title><link rel=stylesheet href=css/a.css>\n"),
		"css/a.css":  []byte("body { margin: 0 }\n"),
	}
	var total int64
	for name, b := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		total += int64(len(b))
	}
	randomFile(t, dir, "img/logo.bin", 70<<10)
	return dir, total + 70<<10
}

func stepUploadDag(t *testing.T, ctx context.Context, s *state) {
	dir, total := siteFolder(t)
	var last cairn.Progress
	res, err := s.client.Uploads.Directory(ctx, dir, &cairn.DirectoryOptions{Progress: func(p cairn.Progress) { last = p }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Type != "directory" || res.Name != "site" || res.Size != total || res.FilesCount != 3 || last.Sent != total {
		t.Fatalf("unexpected DAG upload %+v (progress %+v)", res.UploadResult, last)
	}
	paths := map[string]bool{}
	for _, f := range res.Files {
		if f.CID == "" {
			t.Fatalf("file %s has no CID", f.Filename)
		}
		paths[f.Filename] = true
	}
	for _, want := range []string{"site/index.html", "site/css/a.css", "site/img/logo.bin"} {
		if !paths[want] || len(paths) != 3 {
			t.Fatalf("files %v, want the 3 paths of site/", paths)
		}
	}
	view, err := s.client.DAG.Get(ctx, res.CID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if view.TotalFiles != 3 || view.TotalSize != total || view.UploadID != res.UploadID {
		t.Fatalf("DAG view totals %d files, %d bytes; want 3, %d", view.TotalFiles, view.TotalSize, total)
	}
	s.site = res
	s.records++
}

func stepUploadFiles(t *testing.T, ctx context.Context, s *state) {
	dir, total := siteFolder(t)
	res, err := s.client.Uploads.DirectoryFiles(ctx, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 3 || len(res.Files) != 3 || res.Size != total {
		t.Fatalf("unexpected files upload %+v", res)
	}
	for _, f := range res.Files {
		if f.Type != "file" || f.Duplicate || f.UploadID == "" {
			t.Fatalf("unexpected record %+v", f)
		}
		if f.Size == 70<<10 {
			s.logo = &f
		}
	}
	if s.logo == nil {
		t.Fatal("no record of img/logo.bin")
	}
	s.records += 3
}

func stepPin(t *testing.T, ctx context.Context, s *state) {
	_, err := s.client.Pins.Create(ctx, s.fileV1.CID, nil)
	wantAPIError(t, err, 409, "already_pinned")
	if !errors.Is(err, cairn.ErrConflict) {
		t.Fatal("already_pinned is not cairn.ErrConflict")
	}

	other := newClient(t, signUp(t).Session)
	b := make([]byte, 10<<10)
	_, _ = rand.Read(b)
	theirs, err := other.Uploads.File(ctx, bytes.NewReader(b), "theirs.bin", nil)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	job, err := s.client.Pins.Create(ctx, theirs.CID, &cairn.PinOptions{Name: "pinned-from-go.bin"})
	if err != nil {
		t.Fatal(err)
	}
	job, err = s.client.Pins.Wait(ctx, job, func(j *cairn.PinJob) { seen = append(seen, j.Status) })
	if err != nil {
		t.Fatal(err)
	}
	if job.Status != "pinned" || job.Upload == nil || job.Upload.Source != "pin" || job.Upload.Name != "pinned-from-go.bin" {
		t.Fatalf("unexpected pin job %+v (statuses %v)", job, seen)
	}
	s.records++
}
