package cairn

import (
	"errors"
	"fmt"
	"time"
)

// Error is what every call returns when the server answers with an error status. Branch on Code,
// the API's stable snake_case code; Message is English for humans.
type Error struct {
	Status     int               // HTTP status, e.g. 404
	Code       string            // e.g. "file_not_found", "quota_exceeded", "token_revoked"
	Message    string            // the server's English message
	Details    []ValidationIssue // set on "validation_error"
	RequestID  string            // the X-Request-Id, to quote to support
	RetryAfter time.Duration     // from Retry-After on 429 and 503; 0 when absent
	// Scope is, on "insufficient_scope" (the Pinning Service API's "INSUFFICIENT_SCOPE"), the
	// scope the API token lacks, e.g. "files:write".
	Scope string
}

// ValidationIssue names one invalid field of a request.
type ValidationIssue struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("cairn: %d %s: %s", e.Status, e.Code, e.Message)
}

// Sentinel errors for errors.Is: each matches an *Error of its kind, whatever its message.
var (
	ErrUnauthorized  = errors.New("cairn: unauthorized")   // 401, any code
	ErrForbidden     = errors.New("cairn: forbidden")      // 403 other than quota_exceeded
	ErrNotFound      = errors.New("cairn: not found")      // 404, any code
	ErrConflict      = errors.New("cairn: conflict")       // 409, any code
	ErrValidation    = errors.New("cairn: invalid input")  // 400, any code
	ErrQuotaExceeded = errors.New("cairn: quota exceeded") // 403 quota_exceeded
	ErrRateLimited   = errors.New("cairn: rate limited")   // 429
	ErrUnavailable   = errors.New("cairn: unavailable")    // 503
	// ErrInsufficientScope is a 403 insufficient_scope: the API token lacks the scope in Error.Scope.
	// It also matches ErrForbidden.
	ErrInsufficientScope = errors.New("cairn: insufficient scope")
)

// Is lets errors.Is(err, cairn.ErrNotFound) and the like match by status and code.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrUnauthorized:
		return e.Status == 401
	case ErrForbidden:
		return e.Status == 403 && e.Code != "quota_exceeded"
	case ErrInsufficientScope:
		return e.Status == 403 && (e.Code == "insufficient_scope" || e.Code == "INSUFFICIENT_SCOPE")
	case ErrQuotaExceeded:
		return e.Code == "quota_exceeded"
	case ErrNotFound:
		return e.Status == 404
	case ErrConflict:
		return e.Status == 409
	case ErrValidation:
		return e.Status == 400
	case ErrRateLimited:
		return e.Status == 429
	case ErrUnavailable:
		return e.Status == 503
	}
	return false
}
