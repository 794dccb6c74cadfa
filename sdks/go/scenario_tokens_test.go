package cairn_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	cairn "github.com/cairn-storage/cairn-go"
)

func stepScopedToken(t *testing.T, ctx context.Context, s *state) {
	theirs := newClient(t, s.other.Session)
	read := []cairn.TokenScope{cairn.ScopeFilesRead}
	created, err := theirs.Tokens.Create(ctx, cairn.TokenOptions{Name: "sdk-go-read", ExpiresInDays: 1, Scopes: read})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(created.Scopes, read) {
		t.Fatalf("the new token has scopes %q", created.Scopes)
	}
	tokens, err := theirs.Tokens.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	listed := slices.IndexFunc(tokens, func(tok cairn.Token) bool { return tok.ID == created.ID })
	if listed < 0 || !slices.Equal(tokens[listed].Scopes, read) {
		t.Fatalf("the list does not show the token with scopes %q: %+v", read, tokens)
	}
	reader := newClient(t, created.Secret)
	before, err := reader.Uploads.List(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = reader.Uploads.FilePath(ctx, randomFile(t, t.TempDir(), "scoped.bin", 1024), nil)
	apiErr := wantAPIError(t, err, 403, "insufficient_scope")
	if !errors.Is(err, cairn.ErrInsufficientScope) || !errors.Is(err, cairn.ErrForbidden) {
		t.Fatal("an insufficient_scope answer is not cairn.ErrInsufficientScope and cairn.ErrForbidden")
	}
	if apiErr.Scope != string(cairn.ScopeFilesWrite) || !strings.Contains(apiErr.Message, "files:write") {
		t.Fatalf("the error does not name files:write: scope %q, message %q", apiErr.Scope, apiErr.Message)
	}
	after, err := reader.Uploads.List(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if after.Total != before.Total {
		t.Fatalf("the refused upload made a record: %d records, then %d", before.Total, after.Total)
	}
}
