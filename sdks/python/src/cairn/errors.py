"""Typed errors: every failed call raises a `CairnError` subclass carrying status, code and message."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


class CairnError(Exception):
    """Base class of every error the SDK raises."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class APIConnectionError(CairnError):
    """The server could not be reached, or the connection broke before an answer."""


class APITimeoutError(APIConnectionError):
    """The request took longer than the client's timeout."""


class APIStatusError(CairnError):
    """The server answered with an error status and a JSON error body."""

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        details: list[dict[str, str]] | None = None,
        request_id: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.details = details or []
        self.request_id = request_id
        self.headers = dict(headers or {})

    def __str__(self) -> str:
        return f"{self.message} ({self.status} {self.code})"


class ValidationError(APIStatusError):
    """400: a parameter or field is invalid (`validation_error`, `invalid_cid`, `invalid_path`, ...)."""


class AuthenticationError(APIStatusError):
    """401: no usable credential (`invalid_token`, `token_revoked`, `token_expired`, ...)."""


class PermissionDeniedError(APIStatusError):
    """403: the credential may not do this (`admin_required`, ...)."""


class InsufficientScopeError(PermissionDeniedError):
    """403 `insufficient_scope` (`INSUFFICIENT_SCOPE` from the Pinning Service API): the API token
    lacks the scope the call needs, named in `scope` (e.g. `files:write`)."""

    def __init__(self, message: str, *, scope: str | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.scope = scope


class QuotaExceededError(PermissionDeniedError):
    """403 `quota_exceeded`: the account has no storage left for this."""


class NotFoundError(APIStatusError):
    """404: the record, token, pin job, plan or CID does not exist for this account."""


class ConflictError(APIStatusError):
    """409: `name_taken`, `already_pinned`, `plan_already_active`."""


class PayloadTooLargeError(APIStatusError):
    """413: the file, folder or JSON body is over the server's limit."""


class RateLimitError(APIStatusError):
    """429: too many requests; `retry_after` is the server's `Retry-After` in seconds, if given."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class ServerError(APIStatusError):
    """5xx: the server failed; quote `request_id` to support."""


class ServiceUnavailableError(ServerError):
    """503: the server cannot serve this now (`content_unavailable`, `payments_not_configured`)."""


class PinFailedError(CairnError):
    """A pin ended `failed`; `job` is its last state (a `PinJob` or a `PsaPinStatus`), `code` why."""

    def __init__(self, job: Any, message: str | None = None, code: str | None = None) -> None:
        super().__init__(message or getattr(job, "error", None) or "The pin failed")
        self.job = job
        self.code: str = code or getattr(job, "error_code", None) or "pin_failed"


class PinTimeoutError(CairnError):
    """A pin job was still running when the wait ended; `job` is its last state."""

    def __init__(self, job: Any, waited: float) -> None:
        super().__init__(f"The pin of {job.cid} is still {job.status} after {waited:.0f} s")
        self.job = job


class UploadCancelledError(CairnError):
    """A resumable upload was cancelled; pass `url` to `uploads.resumable(..., url=)` to go on.

    `offset` is how many bytes the server had confirmed (it may hold a few more: resuming asks it).
    """

    def __init__(self, url: str, offset: int) -> None:
        super().__init__(f"The upload was cancelled after {offset} bytes; resume it from {url}")
        self.url = url
        self.offset = offset


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    429: RateLimitError,
    503: ServiceUnavailableError,
}


def parse_retry_after(value: str | None) -> float | None:
    """`Retry-After` in seconds (the API sends delta-seconds); None when absent or unreadable."""
    if value is None:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return seconds if seconds >= 0 else None


def _needed_scope(given: Any, message: str) -> str | None:
    """The scope the server named: its `scope` field, else (the Pinning Service API's shape has
    none) the one its message names."""
    if isinstance(given, str) and given:
        return given
    named = re.search(r"lacks the (\S+) scope", message)
    return named.group(1) if named else None


def error_from_response(status: int, body: Any, headers: Mapping[str, str]) -> APIStatusError:
    """The typed error for an error answer; a body that is not the API's JSON error still gives one."""
    payload = body if isinstance(body, dict) else {}
    failure = payload.get("error")
    if isinstance(failure, dict):
        # The Pinning Service API's shape, {"error": {"reason", "details"}}: the reason is the code.
        payload = {"error": failure.get("details") or failure.get("reason"), "code": failure.get("reason")}
    message = str(payload.get("error") or f"HTTP {status}")
    code = str(payload.get("code") or "http_error")
    kwargs: dict[str, Any] = {
        "status": status,
        "code": code,
        "details": payload.get("details") if isinstance(payload.get("details"), list) else None,
        "request_id": payload.get("requestId") or headers.get("x-request-id"),
        "headers": headers,
    }
    if status == 403 and code in ("insufficient_scope", "INSUFFICIENT_SCOPE"):
        return InsufficientScopeError(message, scope=_needed_scope(payload.get("scope"), message), **kwargs)
    if status == 403 and code == "quota_exceeded":
        return QuotaExceededError(message, **kwargs)
    if status == 429:
        return RateLimitError(message, retry_after=parse_retry_after(headers.get("retry-after")), **kwargs)
    cls = _BY_STATUS.get(status, ServerError if status >= 500 else APIStatusError)
    return cls(message, **kwargs)
