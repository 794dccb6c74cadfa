package cairn

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// An answer saying nothing was done (429 rate_limited, 503 shutting_down) is followed by another
// attempt of any call whose body can be read again, as sdks/retry-policy.json says.

type nothingDoneAnswer struct {
	Status int    `json:"status"`
	Code   string `json:"code"`
}

func resendWhenNothingDone(t *testing.T) []nothingDoneAnswer {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "retry-policy.json"))
	if err != nil {
		t.Fatal(err)
	}
	var policy struct {
		Resend []nothingDoneAnswer `json:"resendWhenNothingDone"`
	}
	if err := json.Unmarshal(raw, &policy); err != nil {
		t.Fatal(err)
	}
	return policy.Resend
}

// scriptedServer answers the given answers in turn (status, code), then 201 with body, and
// records the length of each request body it read.
func scriptedServer(t *testing.T, body string, answers ...nothingDoneAnswer) (*httptest.Server, *[]int) {
	t.Helper()
	var hits atomic.Int32
	lengths := &[]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(hits.Add(1))
		read, _ := io.ReadAll(r.Body)
		*lengths = append(*lengths, len(read))
		w.Header().Set("Content-Type", "application/json")
		if n <= len(answers) {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(answers[n-1].Status)
			_, _ = w.Write([]byte(`{"error":"Try again","code":"` + answers[n-1].Code + `"}`))
			return
		}
		w.WriteHeader(201)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv, lengths
}

var shuttingDown = nothingDoneAnswer{503, "shutting_down"}

func TestTheAnswersSayingNothingWasDoneAreThePolicys(t *testing.T) {
	var ours []nothingDoneAnswer
	for _, a := range nothingDone {
		ours = append(ours, nothingDoneAnswer{a.status, a.code})
	}
	if got := resendWhenNothingDone(t); len(got) != len(ours) || len(got) == 0 {
		t.Fatalf("sdks/retry-policy.json lists %v, this SDK %v", got, ours)
	} else {
		for i := range got {
			if got[i] != ours[i] {
				t.Fatalf("sdks/retry-policy.json lists %v, this SDK %v", got, ours)
			}
		}
	}
}

func TestEveryCallIsSentAgainWhenNothingWasDone(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, answer := range resendWhenNothingDone(t) {
		for name, pc := range policyCalls() {
			t.Run(answer.Code+"/"+name, func(t *testing.T) {
				var hits atomic.Int32
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					hits.Add(1)
					_, _ = io.Copy(io.Discard, r.Body)
					w.Header().Set("Content-Type", "application/json")
					w.Header().Set("Retry-After", "0")
					w.WriteHeader(answer.Status)
					_, _ = w.Write([]byte(`{"error":"Try again","code":"` + answer.Code + `"}`))
				}))
				defer srv.Close()
				c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				err := pc.call(ctx, c, dir)
				var apiErr *Error
				if !errors.As(err, &apiErr) || apiErr.Status != answer.Status || apiErr.Code != answer.Code {
					t.Fatalf("want the %d %s *Error, got %v", answer.Status, answer.Code, err)
				}
				if hits.Load() != 4 {
					t.Fatalf("%d attempts, want 4 (the first and MaxRetries more)", hits.Load())
				}
			})
		}
	}
}

const createdRecord = `{"uploadId":"u1","name":"b.txt","cid":"bafy","size":5}`

func TestAnUploadRefusedWhileShuttingDownIsSentAgainAndStoredOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(path, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	uploads := map[string]func(c *Client) (*UploadResult, error){
		"FilePath": func(c *Client) (*UploadResult, error) { return c.Uploads.FilePath(context.Background(), path, nil) },
		"File from bytes": func(c *Client) (*UploadResult, error) {
			r := bytes.NewReader([]byte("skip:hello"))
			_, _ = r.Seek(5, io.SeekStart)
			return c.Uploads.File(context.Background(), r, "b.txt", nil)
		},
		"CARPath": func(c *Client) (*UploadResult, error) { return c.Uploads.CARPath(context.Background(), path, nil) },
	}
	for name, upload := range uploads {
		t.Run(name, func(t *testing.T) {
			srv, lengths := scriptedServer(t, createdRecord, shuttingDown)
			c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
			result, err := upload(c)
			if err != nil || result.UploadID != "u1" {
				t.Fatalf("got %v, %v; want the record", result, err)
			}
			if len(*lengths) != 2 || (*lengths)[0] != (*lengths)[1] || (*lengths)[1] == 0 {
				t.Fatalf("request bodies of %v bytes; want the same body twice", *lengths)
			}
		})
	}
}

func TestPinsCreateIsSentAgainAfterRateLimited(t *testing.T) {
	srv, lengths := scriptedServer(t, `{"id":"p1","cid":"bafy","status":"queued"}`, nothingDoneAnswer{429, "rate_limited"})
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	job, err := c.Pins.Create(context.Background(), "bafy", nil)
	if err != nil || job.ID != "p1" || len(*lengths) != 2 {
		t.Fatalf("got %v, %v after %d attempts; want the job after 2", job, err, len(*lengths))
	}
}

func TestAOneShotReaderIsNotSentAgain(t *testing.T) {
	srv, lengths := scriptedServer(t, createdRecord, shuttingDown)
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	_, err := c.Uploads.File(context.Background(), io.MultiReader(strings.NewReader("hello")), "b.txt", nil)
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Status != 503 || apiErr.Code != "shutting_down" || len(*lengths) != 1 {
		t.Fatalf("got %v after %d attempts; want the 503 shutting_down after 1", err, len(*lengths))
	}
}

func TestAnother503OfAPostIsNotSentAgain(t *testing.T) {
	srv, lengths := scriptedServer(t, `{"id":"p1","cid":"bafy","status":"queued"}`, nothingDoneAnswer{503, "content_unavailable"})
	c, _ := New("cairn_x", WithBaseURL(srv.URL), fastRetry())
	_, err := c.Pins.Create(context.Background(), "bafy", nil)
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Code != "content_unavailable" || len(*lengths) != 1 {
		t.Fatalf("got %v after %d attempts; want the 503 after 1", err, len(*lengths))
	}
}
