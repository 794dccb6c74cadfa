package cairn_test

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// tokenClient is a client with an API token of a new account.
func tokenClient(t *testing.T, ctx context.Context) *cairn.Client {
	t.Helper()
	created, err := newClient(t, signUp(t).Session).Tokens.Create(ctx, cairn.TokenOptions{Name: "go-groups", ExpiresInDays: 1})
	if err != nil {
		t.Fatal(err)
	}
	return newClient(t, created.Secret)
}

func gatewayGet(t *testing.T, link string) (int, []byte) {
	t.Helper()
	if strings.HasPrefix(link, "/") {
		link = server.URL + link
	}
	client := http.Client{Timeout: 30 * time.Second}
	res, err := client.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, body
}

func ids(t *testing.T, c *cairn.Client, ctx context.Context, opts *cairn.ListOptions) []string {
	t.Helper()
	var out []string
	for u, err := range c.Uploads.All(ctx, opts) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, u.UploadID)
	}
	slices.Sort(out)
	return out
}

func sorted(values ...string) []string {
	slices.Sort(values)
	return values
}

func TestGroupsMetaPrivacyAndLinks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := tokenClient(t, ctx)
	dir := t.TempDir()

	group, err := c.Groups.Create(ctx, "holiday")
	if err != nil || group.Name != "holiday" || group.FilesCount != 0 {
		t.Fatalf("create: %+v, %v", group, err)
	}
	beach, err := c.Uploads.FilePath(ctx, randomFile(t, dir, "beach.bin", 2048), &cairn.FileOptions{GroupID: group.ID, Meta: map[string]string{"trip": "sea"}})
	if err != nil || !maps.Equal(beach.Meta, map[string]string{"trip": "sea"}) || beach.Private {
		t.Fatalf("beach: %+v, %v", beach, err)
	}
	hiddenPath := randomFile(t, dir, "hidden.bin", 2048)
	hidden, err := c.Uploads.FilePath(ctx, hiddenPath, &cairn.FileOptions{Private: true, Meta: map[string]string{"trip": "hills"}})
	if err != nil || !hidden.Private {
		t.Fatalf("hidden: %+v, %v", hidden, err)
	}
	plain, err := c.Uploads.FilePath(ctx, randomFile(t, dir, "plain.bin", 2048), nil)
	if err != nil || len(plain.Meta) != 0 {
		t.Fatalf("plain: %+v, %v", plain, err)
	}

	detail, err := c.Uploads.Get(ctx, beach.UploadID)
	if err != nil || len(detail.Groups) != 1 || detail.Groups[0] != (cairn.GroupRef{ID: group.ID, Name: "holiday"}) {
		t.Fatalf("detail: %+v, %v", detail, err)
	}
	size := int64(2048)
	for _, check := range []struct {
		filter cairn.UploadFilter
		want   []string
	}{
		{cairn.UploadFilter{GroupID: group.ID}, []string{beach.UploadID}},
		{cairn.UploadFilter{MetaExists: []string{"trip"}}, sorted(beach.UploadID, hidden.UploadID)},
		{cairn.UploadFilter{MetaPrefix: map[string]string{"trip": "hi"}}, []string{hidden.UploadID}},
		{cairn.UploadFilter{Meta: map[string]string{"trip": "sea"}, Name: "beach"}, []string{beach.UploadID}},
		{cairn.UploadFilter{Meta: map[string]string{"trip": "sea"}, Name: "plain"}, nil},
		{cairn.UploadFilter{MinSize: &size, MaxSize: &size, Type: "file"}, sorted(beach.UploadID, hidden.UploadID, plain.UploadID)},
	} {
		if got := ids(t, c, ctx, &cairn.ListOptions{Filter: check.filter}); !slices.Equal(got, check.want) {
			t.Errorf("filter %+v kept %q, want %q", check.filter, got, check.want)
		}
	}

	updated, err := c.Uploads.SetMeta(ctx, beach.UploadID, map[string]string{"mood": "sunny"}, "trip")
	if err != nil || !maps.Equal(updated.Meta, map[string]string{"mood": "sunny"}) {
		t.Fatalf("set meta: %+v, %v", updated, err)
	}
	v := "v"
	renamed, err := c.Uploads.Update(ctx, plain.UploadID, cairn.UploadChanges{Name: "plain-renamed.bin", Meta: map[string]*string{"k": &v}})
	if err != nil || renamed.Name != "plain-renamed.bin" || !maps.Equal(renamed.Meta, map[string]string{"k": "v"}) {
		t.Fatalf("update: %+v, %v", renamed, err)
	}

	if added, err := c.Groups.Add(ctx, group.ID, cairn.GroupMembers{Filter: &cairn.UploadFilter{MetaExists: []string{"trip"}}}); err != nil || added != 1 {
		t.Fatalf("add by filter: %d, %v", added, err)
	}
	if added, err := c.Groups.Add(ctx, group.ID, cairn.GroupMembers{UploadIDs: []string{plain.UploadID}}); err != nil || added != 1 {
		t.Fatalf("add by id: %d, %v", added, err)
	}
	if got, err := c.Groups.Get(ctx, group.ID); err != nil || got.FilesCount != 3 {
		t.Fatalf("get: %+v, %v", got, err)
	}
	if removed, err := c.Groups.Remove(ctx, group.ID, cairn.GroupMembers{UploadIDs: []string{beach.UploadID, hidden.UploadID}}); err != nil || removed != 2 {
		t.Fatalf("remove: %d, %v", removed, err)
	}
	if got, err := c.Groups.Rename(ctx, group.ID, "trips"); err != nil || got.Name != "trips" {
		t.Fatalf("rename: %+v, %v", got, err)
	}
	list, err := c.Groups.List(ctx, &cairn.GroupListOptions{Search: "trip"})
	if err != nil || list.Total != 1 || len(list.Groups) != 1 || list.Groups[0].ID != group.ID || list.Groups[0].FilesCount != 1 {
		t.Fatalf("list: %+v, %v", list, err)
	}
	if _, err := c.Groups.Add(ctx, group.ID, cairn.GroupMembers{}); err == nil {
		t.Fatal("GroupMembers with neither ids nor a filter was sent")
	}
	if err := c.Groups.Delete(ctx, group.ID); err != nil {
		t.Fatal(err)
	}
	_, err = c.Groups.Get(ctx, group.ID)
	wantAPIError(t, err, 404, "group_not_found")

	// A private record opens only through a signed link; a public one turns private on demand.
	if status, _ := gatewayGet(t, server.URL+"/ipfs/"+hidden.CID); status == 200 {
		t.Fatal("the gateway served a private record without a link")
	}
	link, err := c.Links.Create(ctx, hidden.UploadID, cairn.LinkOptions{ExpiresIn: 10 * time.Minute, DownloadName: "x.bin"})
	if err != nil || link.UploadID != hidden.UploadID || link.DownloadName == nil || *link.DownloadName != "x.bin" || link.SingleUse {
		t.Fatalf("link: %+v, %v", link, err)
	}
	want, err := os.ReadFile(hiddenPath)
	if err != nil {
		t.Fatal(err)
	}
	if status, body := gatewayGet(t, link.URL); status != 200 || !bytes.Equal(body, want) {
		t.Fatalf("the link answered %d with %d bytes", status, len(body))
	}
	links, err := c.Links.List(ctx, hidden.UploadID)
	if err != nil || len(links) != 1 || links[0].ID != link.ID {
		t.Fatalf("links: %+v, %v", links, err)
	}
	if err := c.Links.Revoke(ctx, hidden.UploadID, link.ID); err != nil {
		t.Fatal(err)
	}
	if links, err := c.Links.List(ctx, hidden.UploadID); err != nil || len(links) != 0 {
		t.Fatalf("links after revoking: %+v, %v", links, err)
	}
	if status, _ := gatewayGet(t, link.URL); status == 200 {
		t.Fatal("a revoked link still opens the record")
	}

	if got, err := c.Uploads.SetPrivate(ctx, plain.UploadID, true); err != nil || !got.Private {
		t.Fatalf("set private: %+v, %v", got, err)
	}
	if status, _ := gatewayGet(t, server.URL+"/ipfs/"+plain.CID); status == 200 {
		t.Fatal("the gateway served a record made private")
	}
	if got, err := c.Uploads.SetPrivate(ctx, plain.UploadID, false); err != nil || got.Private {
		t.Fatalf("set public: %+v, %v", got, err)
	}
	if status, _ := gatewayGet(t, server.URL+"/ipfs/"+plain.CID); status != 200 {
		t.Fatalf("the gateway answered %d for a record made public again", status)
	}
}

func TestAResumableUploadJoinsAGroupWithMeta(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := tokenClient(t, ctx)
	group, err := c.Groups.Create(ctx, "resumed")
	if err != nil {
		t.Fatal(err)
	}
	meta := map[string]string{"how": "tus"}
	record, err := c.Uploads.ResumablePath(ctx, randomFile(t, t.TempDir(), "resumed.bin", 2048), &cairn.ResumableOptions{ChunkSize: 1024, GroupID: group.ID, Meta: meta})
	if err != nil || !maps.Equal(record.Meta, meta) {
		t.Fatalf("resumable: %+v, %v", record, err)
	}
	detail, err := c.Uploads.Get(ctx, record.UploadID)
	if err != nil || !maps.Equal(detail.Meta, meta) || len(detail.Groups) != 1 || detail.Groups[0].ID != group.ID {
		t.Fatalf("the resumed record: %+v, %v", detail, err)
	}
}

func TestAPinJoinsAGroupWithMetaAndPrivacy(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := tokenClient(t, ctx)
	group, err := c.Groups.Create(ctx, "pinned")
	if err != nil {
		t.Fatal(err)
	}
	source, err := tokenClient(t, ctx).Uploads.FilePath(ctx, randomFile(t, t.TempDir(), "source.bin", 2048), nil)
	if err != nil {
		t.Fatal(err)
	}
	job, err := c.Pins.Create(ctx, source.CID, &cairn.PinOptions{Name: "pinned.bin", Private: true, GroupID: group.ID, Meta: map[string]string{"from": "pin"}})
	if err != nil {
		t.Fatal(err)
	}
	job, err = c.Pins.Wait(ctx, job, nil)
	if err != nil || job.Upload == nil || !job.Upload.Private || !maps.Equal(job.Upload.Meta, map[string]string{"from": "pin"}) {
		t.Fatalf("pin: %+v, %v", job, err)
	}
	detail, err := c.Uploads.Get(ctx, job.Upload.UploadID)
	if err != nil || len(detail.Groups) != 1 || detail.Groups[0].ID != group.ID {
		t.Fatalf("the pinned record's groups: %+v, %v", detail, err)
	}
}
