package cairn_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
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
	site       *cairn.DagUploadResult
	logo       *cairn.UploadResult // step 5's img/logo.bin, the record step 10 deletes
	secret     string              // step 13's second token, the one still valid
	other      account
}

// TestScenario runs the SDK scenario of sdks/scenario.md, step by step, in order; a failed step
// stops the ones after it.
func TestScenario(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
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
		{"14 resumable upload cut and resumed", stepResumable},
		{"15 status and allocations", stepStatus},
		{"16 CAR upload", stepCAR},
		{"17 Pinning Service API", stepPSA},
		{"18 read-only token", stepScopedToken},
		{"19 groups with key-values", stepGroups},
		{"20 a private file through a signed link", stepSignedLink},
		{"21 an IPNS name published, resolved and rolled back", stepNames},
		{"22 a custom domain added, checked, listed and deleted", stepDomains},
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
