package cairn_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

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

// stepDelete deletes step 5's img/logo.bin, not step 9's record: step 19 puts that one in a group.
func stepDelete(t *testing.T, ctx context.Context, s *state) {
	before, err := s.client.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	removed, err := s.client.Uploads.Delete(ctx, s.logo.UploadID)
	if err != nil {
		t.Fatal(err)
	}
	if removed.UploadID != s.logo.UploadID || removed.CID != s.logo.CID {
		t.Fatalf("unexpected removal %+v", removed)
	}
	_, err = s.client.Uploads.Get(ctx, s.logo.UploadID)
	wantAPIError(t, err, 404, "file_not_found")
	if !errors.Is(err, cairn.ErrNotFound) {
		t.Fatal("file_not_found is not cairn.ErrNotFound")
	}
	after, err := s.client.Usage.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if before.Used-after.Used != s.logo.Size {
		t.Fatalf("usage went from %d to %d, want down by %d", before.Used, after.Used, s.logo.Size)
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
	s.secret = second.Secret
}
