"""Retries, backoff, timeouts and error mapping.

The live server cannot be made to answer 503 or 429 on demand, so these tests use the scripted
loopback server (`scripted_server`). A refused connection is real: a port nobody listens on.
"""

from __future__ import annotations

import inspect
import re
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
BUSY = (503, {"Retry-After": "0"}, {"error": "Try again", "code": "content_unavailable"})

# Which group and link calls a failed attempt is sent again for: the TypeScript SDK's choice
# (`idempotent` in its resources), which every SDK follows.
RETRIED = {
    ("groups", "list"): True,
    ("groups", "create"): False,
    ("groups", "get"): True,
    ("groups", "rename"): True,
    ("groups", "delete"): False,
    ("groups", "add"): True,
    ("groups", "remove"): True,
    ("links", "create"): False,
    ("links", "list"): True,
    ("links", "revoke"): False,
}
GROUP = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
UPLOAD = "7b2e9c1a-4d3f-4e5a-9b8c-1d2e3f4a5b6c"
LINK = "c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f"
CALLS: dict[tuple[str, str], Callable[[Any], Any]] = {
    ("groups", "list"): lambda cairn: cairn.groups.list(),
    ("groups", "create"): lambda cairn: cairn.groups.create("reports"),
    ("groups", "get"): lambda cairn: cairn.groups.get(GROUP),
    ("groups", "rename"): lambda cairn: cairn.groups.rename(GROUP, "reports-2026"),
    ("groups", "delete"): lambda cairn: cairn.groups.delete(GROUP),
    ("groups", "add"): lambda cairn: cairn.groups.add(GROUP, [UPLOAD]),
    ("groups", "remove"): lambda cairn: cairn.groups.remove(GROUP, [UPLOAD]),
    ("links", "create"): lambda cairn: cairn.links.create(UPLOAD, expires_in=600),
    ("links", "list"): lambda cairn: cairn.links.list(UPLOAD),
    ("links", "revoke"): lambda cairn: cairn.links.revoke(UPLOAD, LINK),
}
TYPESCRIPT_RESOURCES = Path(__file__).resolve().parents[2] / "typescript" / "src" / "resources"


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


def _typescript_idempotent(resource: str) -> dict[tuple[str, str], bool]:
    """Each method of a TypeScript resource with the `idempotent` its request is made with."""
    text = (TYPESCRIPT_RESOURCES / f"{resource}.ts").read_text()
    starts = list(re.finditer(r"^  (?:async )?(\w+)\(", text, re.MULTILINE))
    found: dict[tuple[str, str], bool] = {}
    for start, end in zip(starts, [*starts[1:], None], strict=True):
        body = text[start.end() : end.start() if end else len(text)]
        flag = re.search(r"idempotent: (true|false)", body)
        if flag:
            found[(resource, start.group(1))] = flag.group(1) == "true"
    return found


def test_the_retried_group_and_link_calls_are_those_of_the_typescript_sdk() -> None:
    reference = _typescript_idempotent("groups") | _typescript_idempotent("links")
    assert reference == RETRIED
    assert set(CALLS) == set(RETRIED)


@pytest.mark.parametrize("call", sorted(RETRIED), ids="{0[0]}.{0[1]}".format)
def test_group_and_link_calls_are_retried_as_marked(scripted: Scripted, call: tuple[str, str]) -> None:
    scripted.script = [BUSY, BUSY]
    with (
        Cairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn,
        pytest.raises(ServiceUnavailableError),
    ):
        CALLS[call](cairn)
    assert len(scripted.seen) == (2 if RETRIED[call] else 1), scripted.seen
    assert len(set(scripted.seen)) == 1


@pytest.mark.anyio
@pytest.mark.parametrize("call", sorted(RETRIED), ids="{0[0]}.{0[1]}".format)
async def test_async_group_and_link_calls_are_retried_as_marked(
    scripted: Scripted, call: tuple[str, str]
) -> None:
    scripted.script = [BUSY, BUSY]
    async with AsyncCairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn:
        pending = CALLS[call](cairn)
        assert inspect.isawaitable(pending)
        with pytest.raises(ServiceUnavailableError):
            await pending
    assert len(scripted.seen) == (2 if RETRIED[call] else 1), scripted.seen
    assert len(set(scripted.seen)) == 1
