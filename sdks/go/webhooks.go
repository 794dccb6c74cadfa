package cairn

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Verifying a webhook delivery: the Cairn-Signature header is `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
// keyed with the endpoint's whole signing secret over `<t>.<raw body>`.

// WebhookErrorKind says why a delivery was refused.
type WebhookErrorKind string

const (
	WebhookMalformedHeader           WebhookErrorKind = "malformed_header"
	WebhookTimestampOutsideTolerance WebhookErrorKind = "timestamp_outside_tolerance"
	WebhookSignatureMismatch         WebhookErrorKind = "signature_mismatch"
)

// DefaultWebhookTolerance is how far from now a delivery's timestamp may be, either way.
const DefaultWebhookTolerance = 300 * time.Second

// WebhookVerificationError is what VerifyWebhook returns for a delivery that is not one Cairn
// signed with this secret (or not recently).
type WebhookVerificationError struct {
	Kind    WebhookErrorKind
	Message string
}

func (e *WebhookVerificationError) Error() string { return "cairn: " + e.Message }

// WebhookEvent is a delivery's body. Data stays raw JSON: decode it into the type of the event.
type WebhookEvent struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt string          `json:"createdAt"`
	Data      json.RawMessage `json:"data"`
}

// WebhookOption sets an option of VerifyWebhook.
type WebhookOption func(*webhookOptions)

type webhookOptions struct {
	tolerance time.Duration
	now       time.Time
}

// WithWebhookTolerance sets how far from now the timestamp may be, either way; 0 disables the check.
func WithWebhookTolerance(d time.Duration) WebhookOption {
	return func(o *webhookOptions) { o.tolerance = d }
}

// WithWebhookNow sets the current time (tests).
func WithWebhookNow(now time.Time) WebhookOption {
	return func(o *webhookOptions) { o.now = now }
}

// At most 15 digits, as in every SDK: beyond that a timestamp is not exact as a JavaScript number.
var webhookTimestamp = regexp.MustCompile(`\A[0-9]{1,15}\z`)

// Only spaces and tabs: every SDK trims the same characters, whatever its language calls whitespace.
const webhookBlanks = " \t"

func malformedWebhookHeader(why string) error {
	return &WebhookVerificationError{Kind: WebhookMalformedHeader, Message: "malformed Cairn-Signature header: " + why}
}

func parseWebhookHeader(header string) (string, []string, error) {
	if strings.Trim(header, webhookBlanks) == "" {
		return "", nil, malformedWebhookHeader("it is empty")
	}
	var timestamps, signatures []string
	for _, pair := range strings.Split(header, ",") {
		key, value, ok := strings.Cut(pair, "=")
		if !ok {
			return "", nil, malformedWebhookHeader("each entry must be key=value")
		}
		key, value = strings.Trim(key, webhookBlanks), strings.Trim(value, webhookBlanks)
		switch key {
		case "t":
			timestamps = append(timestamps, value)
		case "v1":
			signatures = append(signatures, value)
		}
	}
	if len(timestamps) != 1 {
		return "", nil, malformedWebhookHeader("it must have exactly one t")
	}
	if !webhookTimestamp.MatchString(timestamps[0]) {
		return "", nil, malformedWebhookHeader("t must be unix seconds, in decimal digits")
	}
	if len(signatures) == 0 {
		return "", nil, malformedWebhookHeader("it has no v1 signature")
	}
	return timestamps[0], signatures, nil
}

// VerifyWebhook checks that a delivery was signed by Cairn with secret (the endpoint's `whsec_…`
// signing secret) within the tolerance (DefaultWebhookTolerance unless WithWebhookTolerance) and
// returns its event. body is the raw body as received, never JSON decoded and encoded again. A
// refused delivery is a *WebhookVerificationError.
func VerifyWebhook(body []byte, header, secret string, opts ...WebhookOption) (*WebhookEvent, error) {
	o := webhookOptions{tolerance: DefaultWebhookTolerance}
	for _, opt := range opts {
		opt(&o)
	}
	timestamp, signatures, err := parseWebhookHeader(header)
	if err != nil {
		return nil, err
	}
	now := o.now
	if now.IsZero() {
		now = time.Now()
	}
	t, _ := strconv.ParseInt(timestamp, 10, 64) // 15 digits at most: always parses
	diff := now.Unix() - t
	if diff < 0 {
		diff = -diff
	}
	if o.tolerance > 0 && float64(diff) > o.tolerance.Seconds() {
		return nil, &WebhookVerificationError{Kind: WebhookTimestampOutsideTolerance, Message: "the webhook timestamp is outside the tolerance"}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(body)
	expected := []byte(hex.EncodeToString(mac.Sum(nil)))
	// Every signature is compared, so the time taken does not tell which one matched.
	matched := false
	for _, signature := range signatures {
		matched = hmac.Equal(expected, []byte(signature)) || matched
	}
	if !matched {
		return nil, &WebhookVerificationError{Kind: WebhookSignatureMismatch, Message: "no webhook signature matches the secret"}
	}
	var event WebhookEvent
	if err := json.Unmarshal(body, &event); err != nil {
		return nil, err
	}
	return &event, nil
}
