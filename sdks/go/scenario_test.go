package cairn_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// state carries what one step of sdks/scenario.md leaves for the next ones.
type state struct {
	user       account
	tokenID    string
	client     *cairn.Client
	fileV1     *cairn.UploadResult
	fileV0     *cairn.UploadResult
	records    int
	usedBefore int64
}

// TestScenario runs the SDK scenario of sdks/scenario.md, step by step, in order; a failed step
// stops the ones after it.
func TestScenario(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s := &state{}
	steps := []struct {
		name string
		run  func(*testing.T, context.Context, *state)
	}{
		{"01 sign up and log in", stepSignUp},
		{"02 token auth", stepToken},
		{"03 upload a file", stepUploadFile},
		{"04 upload a folder as one DAG", stepUploadDag},
		{"05 upload a folder as files", stepUploadFiles},
		{"06 pin by CID", stepPin},
		{"07 list and filter", stepList},
		{"08 rename to a bad name", stepRenameBad},
		{"09 rename", stepRename},
		{"10-11 delete and usage", stepDelete},
		{"12 quota exceeded", stepQuota},
		{"13 revoked token", stepRevoke},
	}
	for _, st := range steps {
		if !t.Run(st.name, func(t *testing.T) { st.run(t, ctx, s) }) {
			return
		}
	}
}

func newClient(t *testing.T, token string) *cairn.Client {
	t.Helper()
	c, err := cairn.New(token, cairn.WithBaseURL(server.URL))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantAPIError checks that err is a *cairn.Error with this status and code.
func wantAPIError(t *testing.T, err error, status int, code string) *cairn.Error {
	t.Helper()
	var apiErr *cairn.Error
	if !errors.As(err, &apiErr) {
		t.Fatalf("want a *cairn.Error %d %s, got %v", status, code, err)
	}
	if apiErr.Status != status || apiErr.Code != code || apiErr.Message == "" {
		t.Fatalf("want %d %s with a message, got %d %s %q", status, code, apiErr.Status, apiErr.Code, apiErr.Message)
	}
	return apiErr
}

func randomFile(t *testing.T, dir, name string, size int) string {
	t.Helper()
	b := make([]byte, size)
	_, _ = rand.Read(b)
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func stepSignUp(t *testing.T, _ context.Context, s *state) {
	s.user = signUp(t)
	if s.user.ID == "" || s.user.Session == "" {
		t.Fatal("no user id or session")
	}
}

func stepToken(t *testing.T, ctx context.Context, s *state) {
	created, err := newClient(t, s.user.Session).Tokens.Create(ctx, cairn.TokenOptions{Name: "go-sdk", ExpiresInDays: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(created.Secret, "cairn_") || created.Status != "active" {
		t.Fatalf("unexpected token %+v", created)
	}
	s.tokenID = created.ID
	s.client = newClient(t, created.Secret)
	me, err := s.client.Users.Me(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if me.Email != s.user.Email {
		t.Fatalf("users.me is %s, want %s", me.Email, s.user.Email)
	}
}

func stepUploadFile(t *testing.T, ctx context.Context, s *state) {
	const size = 300 << 10
	p := randomFile(t, t.TempDir(), "random.bin", size)
	var last cairn.Progress
	v1, err := s.client.Uploads.FilePath(ctx, p, &cairn.FileOptions{CIDVersion: cairn.CIDv1, Progress: func(pr cairn.Progress) { last = pr }})
	if err != nil {
		t.Fatal(err)
	}
	if last.Sent != size || last.Total != size {
		t.Fatalf("progress ended at %+v, want %d of %d", last, size, size)
	}
	if v1.Duplicate || v1.Size != size || v1.Name != "random.bin" || !strings.HasPrefix(v1.CID, "bafy") {
		t.Fatalf("unexpected v1 upload %+v", v1)
	}
	v0, err := s.client.Uploads.FilePath(ctx, p, &cairn.FileOptions{CIDVersion: cairn.CIDv0})
	if err != nil {
		t.Fatal(err)
	}
	if v0.Duplicate || !strings.HasPrefix(v0.CID, "Qm") {
		t.Fatalf("unexpected v0 upload %+v", v0)
	}
	for _, first := range []*cairn.UploadResult{v1, v0} {
		version := cairn.CIDv1
		if first == v0 {
			version = cairn.CIDv0
		}
		again, err := s.client.Uploads.FilePath(ctx, p, &cairn.FileOptions{CIDVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		if !again.Duplicate || again.CID != first.CID || again.UploadID != first.UploadID {
			t.Fatalf("second upload %+v does not match %+v", again, first)
		}
	}
	if _, err := exec.LookPath("ipfs_cid"); err == nil {
		out, err := exec.CommandContext(ctx, "ipfs_cid", p).Output()
		if err != nil {
			t.Fatal(err)
		}
		var local struct{ CIDv0 string }
		if err := json.Unmarshal(out, &local); err != nil || local.CIDv0 != v0.CID {
			t.Fatalf("ipfs_cid gives %s, the server %s", out, v0.CID)
		}
	}
	s.fileV1, s.fileV0 = v1, v0
	s.records += 2
}

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
	if res.Type != "dag" || res.Name != "site" || res.Size != total || res.FilesCount != 3 || last.Sent != total {
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

func stepList(t *testing.T, ctx context.Context, s *state) {
	seen := map[string]bool{}
	for u, err := range s.client.Uploads.All(ctx, &cairn.ListOptions{Limit: 2}) {
		if err != nil {
			t.Fatal(err)
		}
		if seen[u.UploadID] {
			t.Fatalf("record %s seen twice", u.UploadID)
		}
		seen[u.UploadID] = true
	}
	page, err := s.client.Uploads.List(ctx, &cairn.ListOptions{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != s.records || page.Total != s.records || len(page.Files) != 2 {
		t.Fatalf("walked %d records, total %d, first page %d; want %d", len(seen), page.Total, len(page.Files), s.records)
	}
	found, err := s.client.Uploads.List(ctx, &cairn.ListOptions{Search: s.fileV1.Name})
	if err != nil {
		t.Fatal(err)
	}
	if found.Total != 1 || found.Files[0].UploadID != s.fileV1.UploadID {
		t.Fatalf("search %q found %+v", s.fileV1.Name, found.Files)
	}
}

func stepRenameBad(t *testing.T, ctx context.Context, s *state) {
	_, err := s.client.Uploads.Rename(ctx, s.fileV0.UploadID, "bad name!")
	wantAPIError(t, err, 400, "validation_error")
	if !errors.Is(err, cairn.ErrValidation) {
		t.Fatal("validation_error is not cairn.ErrValidation")
	}
	got, err := s.client.Uploads.Get(ctx, s.fileV0.UploadID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != s.fileV0.Name {
		t.Fatalf("name changed to %q", got.Name)
	}
}

func stepRename(t *testing.T, ctx context.Context, s *state) {
	if _, err := s.client.Uploads.Rename(ctx, s.fileV0.UploadID, "renamed.bin"); err != nil {
		t.Fatal(err)
	}
	got, err := s.client.Uploads.Get(ctx, s.fileV0.UploadID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "renamed.bin" || got.NameSource != "custom" {
		t.Fatalf("name is %q (%s)", got.Name, got.NameSource)
	}
}

func stepDelete(t *testing.T, ctx context.Context, s *state) {
	before, err := s.client.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	removed, err := s.client.Uploads.Delete(ctx, s.fileV0.UploadID)
	if err != nil {
		t.Fatal(err)
	}
	if removed.UploadID != s.fileV0.UploadID || removed.CID != s.fileV0.CID {
		t.Fatalf("unexpected removal %+v", removed)
	}
	_, err = s.client.Uploads.Get(ctx, s.fileV0.UploadID)
	wantAPIError(t, err, 404, "file_not_found")
	if !errors.Is(err, cairn.ErrNotFound) {
		t.Fatal("file_not_found is not cairn.ErrNotFound")
	}
	after, err := s.client.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if before.Used-after.Used != s.fileV0.Size {
		t.Fatalf("usage went from %d to %d, want down by %d", before.Used, after.Used, s.fileV0.Size)
	}
	s.usedBefore = after.Used
	s.records--
}

func stepQuota(t *testing.T, ctx context.Context, s *state) {
	admin := login(t, server.AdminEmail, server.AdminPassword)
	code := fmt.Sprintf("go-tiny-%d", time.Now().UnixNano()%1_000_000_000)
	apiJSON(t, "POST", "/admin/plans", admin, map[string]any{
		"code": code, "name": "Tiny", "storageLimitBytes": 1 << 20, "priceMonthlyEur": 0,
	}, 201, nil)
	apiJSON(t, "PATCH", "/admin/users/"+s.user.ID, admin, map[string]any{"planCode": code}, 200, nil)

	_, err := s.client.Uploads.File(ctx, io.LimitReader(rand.Reader, 2<<20), "big.bin", &cairn.FileOptions{Size: 2 << 20})
	wantAPIError(t, err, 403, "quota_exceeded")
	if !errors.Is(err, cairn.ErrQuotaExceeded) || errors.Is(err, cairn.ErrForbidden) {
		t.Fatal("quota_exceeded does not match cairn.ErrQuotaExceeded alone")
	}
	usage, err := s.client.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if usage.Used != s.usedBefore || usage.PlanCode != code {
		t.Fatalf("usage is %d on %s, want %d on %s", usage.Used, usage.PlanCode, s.usedBefore, code)
	}
}

func stepRevoke(t *testing.T, ctx context.Context, s *state) {
	second, err := s.client.Tokens.Create(ctx, cairn.TokenOptions{Name: "go-sdk-second", ExpiresInDays: 1})
	if err != nil {
		t.Fatal(err)
	}
	revoked, err := newClient(t, second.Secret).Tokens.Revoke(ctx, s.tokenID)
	if err != nil {
		t.Fatal(err)
	}
	if revoked.Status != "revoked" || revoked.RevokedAt == nil {
		t.Fatalf("unexpected revoked token %+v", revoked)
	}
	_, err = s.client.Users.Me(ctx)
	wantAPIError(t, err, 401, "token_revoked")
	if !errors.Is(err, cairn.ErrUnauthorized) {
		t.Fatal("token_revoked is not cairn.ErrUnauthorized")
	}
}
