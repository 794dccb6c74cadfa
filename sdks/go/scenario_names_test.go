package cairn_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// stepNames is step 21: a fresh user's IPNS name published, resolved, published again, rolled
// back, refused content it does not hold, and deleted.
func stepNames(t *testing.T, ctx context.Context, s *state) {
	c := newClient(t, signUp(t).Session)
	made, err := c.Names.Create(ctx, "website")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(made.Name, "k51") || made.Label != "website" || made.Value != nil || made.Sequence != nil {
		t.Fatalf("unexpected new name %+v", made)
	}
	dir := t.TempDir()
	a, err := c.Uploads.FilePath(ctx, randomFile(t, dir, "name-a.bin", 1024), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Uploads.FilePath(ctx, randomFile(t, dir, "name-b.bin", 1024), nil)
	if err != nil {
		t.Fatal(err)
	}
	valueA, valueB := "/ipfs/"+a.CID, "/ipfs/"+b.CID

	first, err := c.Names.Publish(ctx, made.ID, a.CID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.Value == nil || *first.Value != valueA || first.Sequence == nil {
		t.Fatalf("published %+v, want the value %s", first, valueA)
	}
	resolved, err := c.Names.Resolve(ctx, made.Name)
	if err != nil {
		t.Fatal(err)
	}
	if resolved.Name != made.Name || resolved.Value != valueA || resolved.Sequence != *first.Sequence {
		t.Fatalf("resolved %+v, want %s at sequence %d", resolved, valueA, *first.Sequence)
	}

	second, err := c.Names.Publish(ctx, made.ID, valueB, &cairn.PublishOptions{TTL: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if second.TTLSeconds == nil || *second.TTLSeconds != 30 {
		t.Fatalf("published %+v, want a TTL of 30 s", second)
	}
	history, err := c.Names.History(ctx, made.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(history) != 2 || history[0].Value != valueB || history[1].Value != valueA || history[0].Sequence <= history[1].Sequence {
		t.Fatalf("history %+v, want %s then %s, newest first", history, valueB, valueA)
	}

	rolledBack, err := c.Names.Rollback(ctx, made.ID, history[1].Sequence, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rolledBack.Value == nil || *rolledBack.Value != valueA || rolledBack.Sequence == nil || *rolledBack.Sequence <= history[0].Sequence {
		t.Fatalf("rolled back to %+v, want %s above sequence %d", rolledBack, valueA, history[0].Sequence)
	}
	got, err := c.Names.Get(ctx, made.ID)
	if err != nil {
		t.Fatal(err)
	}
	if *got.Sequence != *rolledBack.Sequence {
		t.Fatalf("names.get has sequence %d, want %d", *got.Sequence, *rolledBack.Sequence)
	}
	again, err := c.Names.Resolve(ctx, made.Name)
	if err != nil {
		t.Fatal(err)
	}
	if again.Value != valueA || again.Sequence != *rolledBack.Sequence {
		t.Fatalf("resolved %+v after the rollback, want %s at sequence %d", again, valueA, *rolledBack.Sequence)
	}

	_, err = c.Names.Publish(ctx, made.ID, s.fileV0.CID, nil)
	wantAPIError(t, err, 400, "name_value_not_held")
	if !errors.Is(err, cairn.ErrValidation) {
		t.Fatal("name_value_not_held is not cairn.ErrValidation")
	}
	if got, err = c.Names.Get(ctx, made.ID); err != nil || *got.Value != valueA {
		t.Fatalf("after the refused publication: %+v, %v; want the value %s", got, err, valueA)
	}

	if err := c.Names.Delete(ctx, made.ID); err != nil {
		t.Fatal(err)
	}
	_, err = c.Names.Get(ctx, made.ID)
	wantAPIError(t, err, 404, "name_not_found")
	if !errors.Is(err, cairn.ErrNotFound) {
		t.Fatal("name_not_found is not cairn.ErrNotFound")
	}
}
