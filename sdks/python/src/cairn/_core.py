"""The request/response core both clients share, written without I/O.

Every API operation is a generator: it yields `Send` (make this request) and `Sleep` (wait this
long) and is sent back what happened, then returns its result. The sync client drives it with
blocking calls, the async one with awaits; retries, error mapping and parsing live here once.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Generator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import httpx

from .errors import APIConnectionError, APITimeoutError, error_from_response, parse_retry_after

T = TypeVar("T")

IDEMPOTENT = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
RETRY_STATUSES = frozenset({429, 503})
# Answers saying the server did nothing with the request (no record, no charge): any call whose body
# can be sent again is, idempotent or not. The list sdks/retry-policy.json gives every SDK.
NOTHING_DONE = frozenset({(429, "rate_limited"), (503, "shutting_down")})
# The connection failed, broke or timed out; not a malformed URL or a proxy refusing the request.
RETRY_ERRORS = (httpx.NetworkError, httpx.TimeoutException, httpx.RemoteProtocolError)


class Body(Protocol):
    """A streamed request body, read chunk by chunk by the sync or the async client."""

    def headers(self) -> dict[str, str]: ...

    @property
    def replayable(self) -> bool:
        """Whether another attempt can send the same bytes (not a one-shot stream)."""
        ...

    def __iter__(self) -> Iterator[bytes]: ...

    def __aiter__(self) -> AsyncIterator[bytes]: ...


@dataclass(frozen=True)
class Send:
    """Make one HTTP request; the driver answers with the read `httpx.Response` or the transport error.

    `path` is under the API's base (`/api/v2`), or under the server's root when `root` is set (the
    Pinning Service API, a resumable upload's URL). `idempotent` says whether a failed attempt may
    be sent again; left out, the method decides (GET, HEAD, PUT, DELETE and OPTIONS are).
    """

    method: str
    path: str
    params: Mapping[str, Any] | None = None
    json: Any = None
    body: Body | None = None
    timeout: float | None = None
    headers: Mapping[str, str] | None = None
    root: bool = False
    idempotent: bool | None = None

    @property
    def retryable(self) -> bool:
        return self.method in IDEMPOTENT if self.idempotent is None else self.idempotent

    @property
    def replayable(self) -> bool:
        return self.body is None or self.body.replayable


@dataclass(frozen=True)
class Sleep:
    seconds: float


Action = Send | Sleep
Outcome = httpx.Response | Exception | None
Operation = Generator[Action, Outcome, T]


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter, for idempotent calls on 429, 503 and connection errors, and
    for any call whose body can be sent again on an answer saying nothing was done (`NOTHING_DONE`).

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
        if attempt >= self.max_retries:
            return None
        if not request.retryable and not (request.replayable and says_nothing_done(outcome)):
            return None
        if isinstance(outcome, httpx.Response):
            if outcome.status_code not in RETRY_STATUSES:
                return None
            wait = parse_retry_after(outcome.headers.get("retry-after"))
            if wait is not None:
                return wait if wait <= self.max_delay else None
        elif not isinstance(outcome, RETRY_ERRORS):
            return None
        return self.backoff(attempt)

    def backoff(self, attempt: int) -> float:
        """The jittered wait before retry number `attempt` (from 0)."""
        ceiling = min(self.max_delay, self.base_delay * 2**attempt)
        return self.rng.uniform(ceiling / 2, ceiling)


def says_nothing_done(outcome: Outcome) -> bool:
    """Whether `outcome` is an answer saying the server did nothing with the request."""
    if not isinstance(outcome, httpx.Response) or outcome.status_code not in RETRY_STATUSES:
        return False
    payload = _decode(outcome)
    if not isinstance(payload, dict):
        return False
    code = payload.get("code")
    if isinstance(payload.get("error"), dict):
        # The Pinning Service API's shape, {"error": {"reason", "details"}}: the reason is the code.
        code = payload["error"].get("reason")
    return isinstance(code, str) and (outcome.status_code, code.lower()) in NOTHING_DONE


def _decode(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


def send(request: Send, policy: RetryPolicy) -> Operation[Any]:
    """Sends `request` (retrying as `policy` allows) and returns the decoded JSON of a 2xx answer."""
    response = yield from exchange(request, policy)
    return _decode(response)


def raise_for(request: Send, outcome: Outcome) -> httpx.Response:
    """The 2xx answer in `outcome`, else the typed error for what went wrong."""
    if isinstance(outcome, httpx.TimeoutException):
        raise APITimeoutError(f"{request.method} {request.path} timed out") from outcome
    if isinstance(outcome, httpx.TransportError):
        raise APIConnectionError(f"{request.method} {request.path} failed: {outcome}") from outcome
    if isinstance(outcome, Exception):
        raise outcome
    assert outcome is not None
    if outcome.is_success:
        return outcome
    payload = _decode(outcome)
    if payload is None and outcome.text.strip():
        # The tus server answers protocol errors in plain text: that text is the message.
        payload = {"error": outcome.text.strip()[:500]}
    raise error_from_response(outcome.status_code, payload, outcome.headers)


def exchange(request: Send, policy: RetryPolicy) -> Operation[httpx.Response]:
    """Sends `request` (retrying as `policy` allows) and returns its 2xx answer, headers and all."""
    attempt = 0
    while True:
        outcome = yield request
        wait = policy.delay(request, outcome, attempt)
        if wait is None:
            break
        yield Sleep(wait)
        attempt += 1
    return raise_for(request, outcome)
