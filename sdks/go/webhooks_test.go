package cairn

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// sdks/webhook-vectors.json holds the deliveries every SDK verifies the same way.
type webhookVector struct {
	Name      string `json:"name"`
	Secret    string `json:"secret"`
	Body      string `json:"body"`
	Header    string `json:"header"`
	Now       int64  `json:"now"`
	Tolerance *int64 `json:"tolerance"`
	EventID   string `json:"eventId"`
	Error     string `json:"error"`
}

func webhookVectors(t *testing.T) []webhookVector {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "webhook-vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []webhookVector `json:"vectors"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	return file.Vectors
}

func TestVerifyWebhookVectors(t *testing.T) {
	vectors := webhookVectors(t)
	kinds := map[string]bool{}
	for _, v := range vectors {
		kinds[v.Error] = true
	}
	if len(kinds) != 4 {
		t.Fatalf("the vectors cover %d outcomes, not 4: %v", len(kinds), kinds)
	}
	for _, v := range vectors {
		t.Run(v.Name, func(t *testing.T) {
			opts := []WebhookOption{WithWebhookNow(time.Unix(v.Now, 0))}
			if v.Tolerance != nil {
				opts = append(opts, WithWebhookTolerance(time.Duration(*v.Tolerance)*time.Second))
			}
			event, err := VerifyWebhook([]byte(v.Body), v.Header, v.Secret, opts...)
			if v.Error != "" {
				var verr *WebhookVerificationError
				if !errors.As(err, &verr) {
					t.Fatalf("want a WebhookVerificationError %s, got %v", v.Error, err)
				}
				if string(verr.Kind) != v.Error {
					t.Fatalf("kind %s, want %s", verr.Kind, v.Error)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if event.ID != v.EventID || event.Type == "" || event.CreatedAt == "" || len(event.Data) == 0 {
				t.Fatalf("event %+v, want id %s", event, v.EventID)
			}
			var want, got map[string]any
			if err := json.Unmarshal([]byte(v.Body), &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(event.Data, &got); err != nil {
				t.Fatal(err)
			}
			if wantData, _ := json.Marshal(want["data"]); string(wantData) != mustMarshal(t, got) {
				t.Fatalf("data %s, want %s", event.Data, wantData)
			}
		})
	}
}

func mustMarshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestVerifyWebhookUsesTheClockWhenNoNowIsGiven(t *testing.T) {
	v := webhookVectors(t)[0]
	_, err := VerifyWebhook([]byte(v.Body), v.Header, v.Secret)
	var verr *WebhookVerificationError
	if !errors.As(err, &verr) || verr.Kind != WebhookTimestampOutsideTolerance {
		t.Fatalf("got %v, want a timestamp_outside_tolerance error", err)
	}
}
