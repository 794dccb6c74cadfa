package cairn

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const apiPrefix = "/api/v2"

// call is one API request: a JSON body or a streamed one, and where to decode the answer.
type call struct {
	method string
	path   string     // under /api/v2, already escaped
	root   bool       // path is from the server's root instead (Pinning Service API, tus URLs)
	query  url.Values // may be nil
	header http.Header
	json   any // a JSON body, or nil
	out    any // decoded from a 2xx answer, or nil
	// stream starts a streamed body (uploads): it gives the body, its content type and its exact
	// length, or 0 when that is not known (the body is then sent chunked).
	stream func() (body io.ReadCloser, contentType string, length int64)
	// answer, if set, receives the status and headers of a 2xx answer.
	answer func(status int, h http.Header)
	// retry overrides the method's rule where repeating the call means something else: a POST
	// that changes nothing the second time, or a DELETE whose repeat would answer 404.
	retry retryRule
	// oneShot: stream reads a caller's reader that cannot be read again, so even an answer saying
	// nothing was done cannot be followed by another attempt.
	oneShot bool
}

// nothingDone lists the answers saying the server did nothing with the request (refused before
// reading it, or while draining for a restart: no record, no charge). After one of them any call
// is sent again, idempotent or not, unless its body is one-shot. sdks/retry-policy.json lists them
// for every SDK.
var nothingDone = []struct {
	status int
	code   string
}{
	{http.StatusTooManyRequests, "rate_limited"},
	{http.StatusServiceUnavailable, "shutting_down"},
}

// saysNothingDone: err is one of the nothingDone answers.
func saysNothingDone(err error) bool {
	var apiErr *Error
	if !errors.As(err, &apiErr) {
		return false
	}
	for _, a := range nothingDone {
		if apiErr.Status == a.status && strings.EqualFold(apiErr.Code, a.code) {
			return true
		}
	}
	return false
}

// retryRule says whether a call may be sent again; byMethod follows the HTTP method.
type retryRule int

const (
	byMethod retryRule = iota
	alwaysRetry
	neverRetry
)

// idempotent calls may be sent again after a 429, a 503 or a lost connection.
func (c call) idempotent() bool {
	switch c.retry {
	case alwaysRetry:
		return true
	case neverRetry:
		return false
	}
	switch c.method {
	case http.MethodGet, http.MethodHead, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

func (c *Client) do(ctx context.Context, cl call) error {
	attempts := 1 + max(c.retry.MaxRetries, 0)
	var last error
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 {
			var retryAfter time.Duration
			var apiErr *Error
			if errors.As(last, &apiErr) {
				retryAfter = apiErr.RetryAfter
			}
			if err := sleep(ctx, c.retry.delay(attempt-1, retryAfter)); err != nil {
				return err
			}
		}
		last = c.once(ctx, cl)
		if last == nil || !retryable(ctx, last) || !(cl.idempotent() || !cl.oneShot && saysNothingDone(last)) {
			return last
		}
		// Sooner than the server asked would only be refused again: past the longest wait, the caller decides.
		var apiErr *Error
		if errors.As(last, &apiErr) && apiErr.RetryAfter > c.retry.MaxDelay {
			return last
		}
	}
	return last
}

// retryable: 429 and 503 answers, and transport failures that are not the caller's cancellation.
func retryable(ctx context.Context, err error) bool {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr.Status == http.StatusTooManyRequests || apiErr.Status == http.StatusServiceUnavailable
	}
	return ctx.Err() == nil
}

func (c *Client) once(ctx context.Context, cl call) error {
	u := c.baseURL + apiPrefix + cl.path
	if cl.root {
		u = c.baseURL + cl.path
	}
	if len(cl.query) > 0 {
		u += "?" + cl.query.Encode()
	}
	var body io.Reader
	var contentType string
	var length int64
	if cl.json != nil {
		b, err := json.Marshal(cl.json)
		if err != nil {
			return fmt.Errorf("cairn: encoding the request: %w", err)
		}
		body = bytes.NewReader(b)
		contentType = "application/json"
	} else if cl.stream != nil {
		rc, ct, n := cl.stream()
		// The transport closes the body too, but maybe later: this closes its file now, whatever
		// happened to the request.
		defer rc.Close()
		body, contentType, length = rc, ct, n
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, u, body)
	if err != nil {
		return fmt.Errorf("cairn: building the request: %w", err)
	}
	for k, v := range cl.header {
		req.Header[k] = v
	}
	if length > 0 {
		req.ContentLength = length
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("cairn: %s %s: %w", cl.method, cl.path, err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		return decodeError(res)
	}
	if cl.answer != nil {
		cl.answer(res.StatusCode, res.Header)
	}
	if cl.out == nil || res.StatusCode == http.StatusNoContent {
		_, _ = io.Copy(io.Discard, res.Body)
		return nil
	}
	if err := json.NewDecoder(res.Body).Decode(cl.out); err != nil {
		return fmt.Errorf("cairn: decoding the answer of %s %s: %w", cl.method, cl.path, err)
	}
	return nil
}

var lacksScope = regexp.MustCompile(`lacks the (\S+) scope`)

func decodeError(res *http.Response) error {
	var body struct {
		Error     json.RawMessage   `json:"error"`
		Code      string            `json:"code"`
		Details   []ValidationIssue `json:"details"`
		RequestID string            `json:"requestId"`
		Scope     string            `json:"scope"`
	}
	var message string
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if json.Unmarshal(raw, &body) == nil {
		message, body.Code = errorText(body.Error, body.Code)
	}
	if body.Code == "" {
		body.Code = "http_" + strconv.Itoa(res.StatusCode)
		// The tus server answers protocol errors in plain text: that text is the message.
		message = strings.TrimSpace(string(raw))
		if message == "" || strings.HasPrefix(message, "{") || len(message) > 500 {
			message = http.StatusText(res.StatusCode)
		}
	}
	e := &Error{
		Status:    res.StatusCode,
		Code:      body.Code,
		Message:   message,
		Details:   body.Details,
		RequestID: body.RequestID,
		Scope:     body.Scope,
	}
	if e.Scope == "" && e.Code == "INSUFFICIENT_SCOPE" {
		// The Pinning Service API's shape has no scope field: its message names the scope.
		if m := lacksScope.FindStringSubmatch(message); m != nil {
			e.Scope = m[1]
		}
	}
	if e.RequestID == "" {
		e.RequestID = res.Header.Get("X-Request-Id")
	}
	e.RetryAfter = parseRetryAfter(res.Header.Get("Retry-After"), time.Now())
	return e
}

// errorText reads the API's `{"error": "...", "code": "..."}` and the Pinning Service API's
// `{"error": {"reason": "...", "details": "..."}}`, whose reason becomes the code.
func errorText(raw json.RawMessage, code string) (string, string) {
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return text, code
	}
	var psa struct{ Reason, Details string }
	if json.Unmarshal(raw, &psa) == nil && psa.Reason != "" {
		if psa.Details == "" {
			psa.Details = psa.Reason
		}
		return psa.Details, psa.Reason
	}
	return "", code
}

// parseRetryAfter reads Retry-After as seconds or as an HTTP date; 0 when absent or past.
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil {
		return max(time.Duration(s)*time.Second, 0)
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}
