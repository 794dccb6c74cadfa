"""The request/response core both clients share, written without I/O.

Every API operation is a generator: it yields `Send` (make this request) and `Sleep` (wait this
long) and is sent back what happened, then returns its result. The sync client drives it with
blocking calls, the async one with awaits; retries, error mapping and parsing live here once.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx

from ._multipart import MultipartBody
from .errors import APIConnectionError, APITimeoutError, error_from_response, parse_retry_after

T = TypeVar("T")

IDEMPOTENT = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
RETRY_STATUSES = frozenset({429, 503})
# The connection failed, broke or timed out; not a malformed URL or a proxy refusing the request.
RETRY_ERRORS = (httpx.NetworkError, httpx.TimeoutException, httpx.RemoteProtocolError)


@dataclass(frozen=True)
class Send:
    """Make one HTTP request; the driver answers with the read `httpx.Response` or the transport error."""

    method: str
    path: str
    params: Mapping[str, Any] | None = None
    json: Any = None
    body: MultipartBody | None = None
    timeout: float | None = None

    @property
    def idempotent(self) -> bool:
        return self.method in IDEMPOTENT


@dataclass(frozen=True)
class Sleep:
    seconds: float


Action = Send | Sleep
Outcome = httpx.Response | Exception | None
Operation = Generator[Action, Outcome, T]


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter, for idempotent calls on 429, 503 and connection errors.

    The n-th wait is drawn between half and all of `base_delay * 2**n` (capped at `max_delay`), so
    clients that failed together do not all come back at the same moment.

    A `Retry-After` the server sends is waited instead, unless it is longer than `max_delay`: then
    the typed error is raised at once so the caller can decide.
    """

    max_retries: int = 2
    base_delay: float = 0.5
    max_delay: float = 30.0
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def delay(self, request: Send, outcome: Outcome, attempt: int) -> float | None:
        """Seconds to wait before trying `request` again, or None to stop here."""
        if attempt >= self.max_retries or not request.idempotent:
            return None
        if isinstance(outcome, httpx.Response):
            if outcome.status_code not in RETRY_STATUSES:
                return None
            wait = parse_retry_after(outcome.headers.get("retry-after"))
            if wait is not None:
                return wait if wait <= self.max_delay else None
        elif not isinstance(outcome, RETRY_ERRORS):
            return None
        ceiling = min(self.max_delay, self.base_delay * 2**attempt)
        return self.rng.uniform(ceiling / 2, ceiling)


def _decode(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


def send(request: Send, policy: RetryPolicy) -> Operation[Any]:
    """Sends `request` (retrying as `policy` allows) and returns the decoded JSON of a 2xx answer."""
    attempt = 0
    while True:
        outcome = yield request
        wait = policy.delay(request, outcome, attempt)
        if wait is None:
            break
        yield Sleep(wait)
        attempt += 1
    if isinstance(outcome, httpx.TimeoutException):
        raise APITimeoutError(f"{request.method} {request.path} timed out") from outcome
    if isinstance(outcome, httpx.TransportError):
        raise APIConnectionError(f"{request.method} {request.path} failed: {outcome}") from outcome
    if isinstance(outcome, Exception):
        raise outcome
    assert outcome is not None
    payload = _decode(outcome)
    if outcome.is_success:
        return payload
    raise error_from_response(outcome.status_code, payload, outcome.headers)
