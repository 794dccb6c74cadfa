package cairn_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	cairn "github.com/cairn-storage/cairn-go"
)

// endless yields zeros until the upload is cancelled.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestCancellingAnUploadStopsItAndLeavesNoRecord cancels a never-ending upload mid-way: the call
// returns the context's error promptly and the account gains no record and no usage.
func TestCancellingAnUploadStopsItAndLeavesNoRecord(t *testing.T) {
	client := newClient(t, signUp(t).Session)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sent := make(chan struct{}, 1)
	progress := func(p cairn.Progress) {
		if p.Sent > 4<<20 {
			select {
			case sent <- struct{}{}:
			default:
			}
		}
	}
	done := make(chan error, 1)
	go func() {
		_, err := client.Uploads.File(ctx, io.LimitReader(endless{}, 1<<40), "endless.bin", &cairn.FileOptions{Progress: progress})
		done <- err
	}()
	select {
	case <-sent:
	case <-time.After(30 * time.Second):
		t.Fatal("the upload did not start")
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the upload went on after cancellation")
	}
	bg := context.Background()
	deadline := time.Now().Add(10 * time.Second)
	for {
		usage, err := client.Usage.Get(bg)
		if err != nil {
			t.Fatal(err)
		}
		list, err := client.Uploads.List(bg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if usage.Used == 0 && list.Total == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("a cancelled upload left %d bytes and %d records", usage.Used, list.Total)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
