"""Retries, backoff, timeouts and error mapping.

The live server cannot be made to answer 503 or 429 on demand, so these tests use the scripted
loopback server (`scripted_server`). A refused connection is real: a port nobody listens on.
"""

from __future__ import annotations

import socket
import time

import httpx
import pytest

from cairn import (
    APIConnectionError,
    APITimeoutError,
    AsyncCairn,
    Cairn,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
)
from cairn._core import RetryPolicy, Send
from scripted_server import OK, Scripted

UNAVAILABLE = (
    503,
    {},
    {"error": "The content was removed while it was being stored", "code": "content_unavailable"},
)
LIMITED = (429, {"Retry-After": "1"}, {"error": "Too many attempts, try again later", "code": "rate_limited"})


def test_get_is_retried_on_503_then_succeeds(scripted: Scripted) -> None:
    scripted.script = [UNAVAILABLE, UNAVAILABLE, OK]
    with Cairn("cairn_test", base_url=scripted.url, max_retries=2) as cairn:
        assert cairn.users.me().email == "ada@example.com"
    assert scripted.seen == ["GET /api/v2/users/me"] * 3


def test_retries_give_up_with_the_typed_error(scripted: Scripted) -> None:
    scripted.script = [LIMITED, LIMITED, LIMITED]
    started = time.monotonic()
    with (
        Cairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn,
        pytest.raises(RateLimitError) as error,
    ):
        cairn.usage.get()
    assert time.monotonic() - started >= 1.0  # the Retry-After was waited once
    assert error.value.retry_after == 1 and error.value.status == 429 and error.value.code == "rate_limited"
    assert len(scripted.seen) == 2


def test_post_is_never_retried(scripted: Scripted) -> None:
    scripted.script = [UNAVAILABLE, OK]
    with Cairn("cairn_test", base_url=scripted.url) as cairn, pytest.raises(ServiceUnavailableError) as error:
        cairn.pins.create("bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku")
    assert error.value.code == "content_unavailable"
    assert scripted.seen == ["POST /api/v2/pins"]


def test_an_answer_that_is_not_json_still_gives_a_typed_error(scripted: Scripted) -> None:
    scripted.script = [(502, {"Content-Type": "text/html"}, b"<h1>Bad gateway</h1>")]
    with Cairn("cairn_test", base_url=scripted.url) as cairn, pytest.raises(ServerError) as error:
        cairn.users.me()
    assert error.value.status == 502 and error.value.code == "http_error"


def test_a_slow_answer_times_out(scripted: Scripted) -> None:
    scripted.delay = 2.0
    cairn = Cairn("cairn_test", base_url=scripted.url, timeout=0.3, max_retries=0)
    with cairn, pytest.raises(APITimeoutError):
        cairn.users.me()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_refused_connection_is_retried_then_raised() -> None:
    policy = RetryPolicy(max_retries=2)
    started = time.monotonic()
    cairn = Cairn("cairn_test", base_url=f"http://127.0.0.1:{_closed_port()}")
    with cairn, pytest.raises(APIConnectionError):
        cairn.users.me()
    # two backoffs of at least base/2 and base: the calls were retried, not failed at once
    assert time.monotonic() - started >= policy.base_delay / 2 + policy.base_delay


@pytest.mark.anyio
async def test_async_client_retries_the_same_way(scripted: Scripted) -> None:
    scripted.script = [LIMITED, OK]
    started = time.monotonic()
    async with AsyncCairn("cairn_test", base_url=scripted.url) as cairn:
        me = await cairn.users.me()
    assert me.referral_code == "K7QX2M9P" and time.monotonic() - started >= 1.0
    assert len(scripted.seen) == 2


def test_backoff_grows_with_jitter_and_is_capped() -> None:
    policy = RetryPolicy(max_retries=10, base_delay=0.5, max_delay=4.0)
    request = Send("GET", "/users/me")
    refused = httpx.ConnectError("refused")
    for attempt in range(6):
        delay = policy.delay(request, refused, attempt)
        ceiling = min(4.0, 0.5 * 2**attempt)
        assert delay is not None and ceiling / 2 <= delay <= ceiling
    assert policy.delay(request, ValueError(), 0) is None  # not a transport error
    assert policy.delay(Send("POST", "/pins"), refused, 0) is None
    assert policy.delay(request, refused, 10) is None
