package cairn_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"slices"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

func stepGroups(t *testing.T, ctx context.Context, s *state) {
	group, err := s.client.Groups.Create(ctx, "reports")
	if err != nil {
		t.Fatal(err)
	}
	if group.Name != "reports" || group.FilesCount != 0 {
		t.Fatalf("unexpected group %+v", group)
	}
	_, err = s.client.Groups.Create(ctx, "reports")
	wantAPIError(t, err, 409, "group_name_taken")
	if !errors.Is(err, cairn.ErrConflict) {
		t.Fatal("group_name_taken is not cairn.ErrConflict")
	}

	meta := map[string]string{"project": "apollo"}
	report, err := s.client.Uploads.FilePath(ctx, randomFile(t, t.TempDir(), "report.bin", 1024), &cairn.FileOptions{GroupID: group.ID, Meta: meta})
	if err != nil {
		t.Fatal(err)
	}
	if report.Duplicate || report.Size != 1024 || !maps.Equal(report.Meta, meta) {
		t.Fatalf("unexpected upload %+v", report)
	}
	added, err := s.client.Groups.Add(ctx, group.ID, cairn.GroupMembers{UploadIDs: []string{s.fileV0.UploadID}})
	if err != nil {
		t.Fatal(err)
	}
	if added != 1 {
		t.Fatalf("%d records joined the group, want 1", added)
	}

	both := sorted(report.UploadID, s.fileV0.UploadID)
	if got := ids(t, s.client, ctx, &cairn.ListOptions{Filter: cairn.UploadFilter{GroupID: group.ID}}); !slices.Equal(got, both) {
		t.Fatalf("the group lists %q, want %q", got, both)
	}
	got, err := s.client.Groups.Get(ctx, group.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.FilesCount != 2 {
		t.Fatalf("groups.get counts %d records, want 2", got.FilesCount)
	}
	if got := ids(t, s.client, ctx, &cairn.ListOptions{Filter: cairn.UploadFilter{Meta: meta}}); !slices.Equal(got, []string{report.UploadID}) {
		t.Fatalf("the meta filter finds %q, want only %s", got, report.UploadID)
	}

	renamed, err := s.client.Groups.Rename(ctx, group.ID, "reports-2026")
	if err != nil {
		t.Fatal(err)
	}
	if renamed.ID != group.ID || renamed.Name != "reports-2026" {
		t.Fatalf("unexpected renamed group %+v", renamed)
	}
	if err := s.client.Groups.Delete(ctx, group.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.client.Groups.Get(ctx, group.ID)
	wantAPIError(t, err, 404, "group_not_found")
	if !errors.Is(err, cairn.ErrNotFound) {
		t.Fatal("group_not_found is not cairn.ErrNotFound")
	}
	all := ids(t, s.client, ctx, nil)
	for _, id := range both {
		if !slices.Contains(all, id) {
			t.Fatalf("record %s is no longer listed after the group was deleted", id)
		}
	}
	s.records++
}

func stepSignedLink(t *testing.T, ctx context.Context, s *state) {
	p := randomFile(t, t.TempDir(), "secret.bin", 2048)
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	hidden, err := s.client.Uploads.FilePath(ctx, p, &cairn.FileOptions{Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if !hidden.Private || hidden.Size != 2048 {
		t.Fatalf("unexpected private upload %+v", hidden)
	}
	bare := server.URL + "/ipfs/" + hidden.CID
	if status, _ := gatewayGet(t, bare); status != 404 {
		t.Fatalf("the gateway answered %d for a private record without a link, want 404", status)
	}

	link, err := s.client.Links.Create(ctx, hidden.UploadID, cairn.LinkOptions{ExpiresIn: 600 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if link.UploadID != hidden.UploadID || link.CID != hidden.CID || link.URL == "" || link.SingleUse {
		t.Fatalf("unexpected link %+v", link)
	}
	if status, body := gatewayGet(t, link.URL); status != 200 || !bytes.Equal(body, want) {
		t.Fatalf("the link answered %d with %d bytes, want 200 with the file's %d", status, len(body), len(want))
	}
	links, err := s.client.Links.List(ctx, hidden.UploadID)
	if err != nil {
		t.Fatal(err)
	}
	if len(links) != 1 || links[0].ID != link.ID {
		t.Fatalf("the list holds %+v, want the link once", links)
	}

	if err := s.client.Links.Revoke(ctx, hidden.UploadID, link.ID); err != nil {
		t.Fatal(err)
	}
	if status, _ := gatewayGet(t, link.URL); status < 400 || status > 499 {
		t.Fatalf("a revoked link answered %d, want a 4xx", status)
	}

	public, err := s.client.Uploads.SetPrivate(ctx, hidden.UploadID, false)
	if err != nil {
		t.Fatal(err)
	}
	if public.Private {
		t.Fatalf("the record is still private: %+v", public)
	}
	if status, body := gatewayGet(t, bare); status != 200 || !bytes.Equal(body, want) {
		t.Fatalf("the gateway answered %d with %d bytes for the record made public, want 200 with the file", status, len(body))
	}
	s.records++
}
