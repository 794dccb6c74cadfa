"""Retries, backoff, timeouts and error mapping.

The live server cannot be made to answer 503 or 429 on demand, so these tests use the scripted
loopback server (`scripted_server`). A refused connection is real: a port nobody listens on.
"""

from __future__ import annotations

import inspect
import io
import json
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
    APIStatusError,
    APITimeoutError,
    AsyncCairn,
    Cairn,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
)
from cairn._core import NOTHING_DONE, RetryPolicy, Send
from scripted_server import OK, Scripted

UNAVAILABLE = (
    503,
    {},
    {"error": "The content was removed while it was being stored", "code": "content_unavailable"},
)
LIMITED = (429, {"Retry-After": "1"}, {"error": "Too many attempts, try again later", "code": "rate_limited"})
BUSY = (503, {"Retry-After": "0"}, {"error": "Try again", "code": "content_unavailable"})

# Which calls a failed attempt is sent again for: the TypeScript SDK's choice, measured from it into
# sdks/retry-policy.json (by sdks/typescript/test/retry-policy.test.ts), which every SDK follows.
POLICY_FILE = Path(__file__).resolve().parents[2] / "retry-policy.json"
POLICY = json.loads(POLICY_FILE.read_text())
RETRIED: dict[str, bool] = POLICY["operations"]
# Answers saying nothing was done, after which every call whose body can be sent again is.
RESENT: list[dict[str, Any]] = POLICY["resendWhenNothingDone"]
GROUP = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
UPLOAD = "7b2e9c1a-4d3f-4e5a-9b8c-1d2e3f4a5b6c"
NAME = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
IPNS = "k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8"
DOMAIN = "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a"
LINK = "c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f"
CID = "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
# One call of each operation of the policy this SDK has, given a client and a folder holding `b.txt`.
CALLS: dict[str, Callable[[Any, Path], Any]] = {
    "dag.get": lambda cairn, _: cairn.dag.get(CID),
    "groups.add": lambda cairn, _: cairn.groups.add(GROUP, [UPLOAD]),
    "groups.create": lambda cairn, _: cairn.groups.create("reports"),
    "groups.delete": lambda cairn, _: cairn.groups.delete(GROUP),
    "groups.get": lambda cairn, _: cairn.groups.get(GROUP),
    "groups.list": lambda cairn, _: cairn.groups.list(),
    "groups.remove": lambda cairn, _: cairn.groups.remove(GROUP, [UPLOAD]),
    "groups.rename": lambda cairn, _: cairn.groups.rename(GROUP, "reports-2026"),
    "domains.add": lambda cairn, _: cairn.domains.add("files.example.org", f"/ipns/{IPNS}"),
    "domains.delete": lambda cairn, _: cairn.domains.delete(DOMAIN),
    "domains.list": lambda cairn, _: cairn.domains.list(),
    "domains.verify": lambda cairn, _: cairn.domains.verify(DOMAIN),
    "links.create": lambda cairn, _: cairn.links.create(UPLOAD, expires_in=600),
    "links.list": lambda cairn, _: cairn.links.list(UPLOAD),
    "links.revoke": lambda cairn, _: cairn.links.revoke(UPLOAD, LINK),
    "names.create": lambda cairn, _: cairn.names.create("website"),
    "names.delete": lambda cairn, _: cairn.names.delete(NAME),
    "names.exportKey": lambda cairn, _: cairn.names.export_key(NAME),
    "names.get": lambda cairn, _: cairn.names.get(NAME),
    "names.history": lambda cairn, _: cairn.names.history(NAME),
    "names.list": lambda cairn, _: cairn.names.list(),
    "names.publish": lambda cairn, _: cairn.names.publish(NAME, f"/ipfs/{CID}"),
    "names.rename": lambda cairn, _: cairn.names.rename(NAME, "website-2"),
    "names.resolve": lambda cairn, _: cairn.names.resolve(IPNS),
    "names.rollback": lambda cairn, _: cairn.names.rollback(NAME, 1),
    "pins.allocations": lambda cairn, _: cairn.pins.allocations(CID),
    "pins.create": lambda cairn, _: cairn.pins.create(CID),
    "pins.get": lambda cairn, _: cairn.pins.get(UPLOAD),
    "pins.status": lambda cairn, _: cairn.pins.status(CID),
    "pins.wait": lambda cairn, _: cairn.pins.wait(UPLOAD),
    "plans.checkout": lambda cairn, _: cairn.plans.checkout("pro", accept_terms=True),
    "plans.list": lambda cairn, _: cairn.plans.list(),
    "psa.add": lambda cairn, _: cairn.psa.add(CID),
    "psa.get": lambda cairn, _: cairn.psa.get(UPLOAD),
    "psa.list": lambda cairn, _: cairn.psa.list(),
    "psa.remove": lambda cairn, _: cairn.psa.remove(UPLOAD),
    "psa.replace": lambda cairn, _: cairn.psa.replace(UPLOAD, CID),
    "psa.wait": lambda cairn, _: cairn.psa.wait(UPLOAD),
    "referrals.get": lambda cairn, _: cairn.referrals.get(),
    "tokens.create": lambda cairn, _: cairn.tokens.create("ci"),
    "tokens.list": lambda cairn, _: cairn.tokens.list(),
    "tokens.revoke": lambda cairn, _: cairn.tokens.revoke(UPLOAD),
    "uploads.car": lambda cairn, folder: cairn.uploads.car(folder / "b.txt"),
    "uploads.delete": lambda cairn, _: cairn.uploads.delete(UPLOAD),
    "uploads.directory": lambda cairn, folder: cairn.uploads.directory(folder),
    "uploads.file": lambda cairn, folder: cairn.uploads.file(folder / "b.txt"),
    "uploads.get": lambda cairn, _: cairn.uploads.get(UPLOAD),
    "uploads.list": lambda cairn, _: cairn.uploads.list(),
    "uploads.rename": lambda cairn, _: cairn.uploads.rename(UPLOAD, "report.pdf"),
    "uploads.resumable": lambda cairn, folder: cairn.uploads.resumable(folder / "b.txt"),
    "uploads.setMeta": lambda cairn, _: cairn.uploads.set_meta(UPLOAD, {"team": "ops"}),
    "uploads.setPrivate": lambda cairn, _: cairn.uploads.set_private(UPLOAD, True),
    "uploads.update": lambda cairn, _: cairn.uploads.update(UPLOAD, name="report.pdf"),
    "usage.get": lambda cairn, _: cairn.usage.get(),
    "users.me": lambda cairn, _: cairn.users.me(),
}
# Operations of the policy this SDK does not have (a new one must be added here or to CALLS).
ABSENT = {
    "gateway.get",
    "pins.createAndWait",
    "uploads.deleteByCid",
    "uploads.discardResumable",
    "uploads.files",  # `uploads.directory(folder, mode="files")` sends a folder's files as records
}
# Methods of this SDK only, with the operation of the policy each follows.
PYTHON_ONLY = {"uploads.iter": "uploads.list"}


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


def _methods(cairn: Any) -> set[str]:
    """Every public method of the client's resources, as `resource.method` in the TypeScript spelling."""
    found = set()
    for resource, service in vars(cairn).items():
        if resource.startswith("_"):
            continue
        for name, _ in inspect.getmembers(type(service), inspect.isfunction):
            if not name.startswith("_"):
                camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)
                found.add(f"{resource}.{camel}")
    return found


def test_every_operation_of_the_policy_is_called_or_listed_absent() -> None:
    assert not set(CALLS) & ABSENT
    assert set(CALLS) | ABSENT == set(RETRIED)
    assert set(PYTHON_ONLY.values()) <= set(CALLS)


@pytest.mark.parametrize("client", [Cairn, AsyncCairn])
def test_every_method_is_in_the_policy(client: type[Any]) -> None:
    assert _methods(client("cairn_test", base_url="http://127.0.0.1:9")) == set(CALLS) | set(PYTHON_ONLY)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "b.txt").write_bytes(b"hello")
    return tmp_path


def _sent_as_marked(scripted: Scripted, call: str) -> None:
    assert len(scripted.seen) == (2 if RETRIED[call] else 1), scripted.seen
    assert len(set(scripted.seen)) == 1


@pytest.mark.parametrize("call", sorted(CALLS))
def test_calls_are_retried_as_the_policy_says(scripted: Scripted, folder: Path, call: str) -> None:
    scripted.script = [BUSY, BUSY]
    with (
        Cairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn,
        pytest.raises(ServiceUnavailableError),
    ):
        CALLS[call](cairn, folder)
    _sent_as_marked(scripted, call)


@pytest.mark.anyio
@pytest.mark.parametrize("call", sorted(CALLS))
async def test_async_calls_are_retried_as_the_policy_says(
    scripted: Scripted, folder: Path, call: str
) -> None:
    scripted.script = [BUSY, BUSY]
    async with AsyncCairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn:
        pending = CALLS[call](cairn, folder)
        assert inspect.isawaitable(pending)
        with pytest.raises(ServiceUnavailableError):
            await pending
    _sent_as_marked(scripted, call)


def test_iterating_records_is_retried_like_listing_them(scripted: Scripted) -> None:
    scripted.script = [BUSY, BUSY]
    with (
        Cairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn,
        pytest.raises(ServiceUnavailableError),
    ):
        next(iter(cairn.uploads.iter()))
    _sent_as_marked(scripted, "uploads.list")


@pytest.mark.anyio
async def test_async_iterating_records_is_retried_like_listing_them(scripted: Scripted) -> None:
    scripted.script = [BUSY, BUSY]
    async with AsyncCairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn:
        with pytest.raises(ServiceUnavailableError):
            await anext(aiter(cairn.uploads.iter()))
    _sent_as_marked(scripted, "uploads.list")


def test_retry_after_is_waited_whole_or_not_at_all() -> None:
    policy = RetryPolicy(max_retries=3, base_delay=0.5, max_delay=30.0)
    request = Send("GET", "/users/me")
    assert policy.delay(request, httpx.Response(429, headers={"retry-after": "12"}), 0) == 12
    # Longer than max_delay: raised at once (the error carries retry_after), never retried sooner.
    assert policy.delay(request, httpx.Response(429, headers={"retry-after": "45"}), 0) is None


def _nothing_done(answer: dict[str, Any]) -> tuple[int, dict[str, str], dict[str, str]]:
    return (answer["status"], {"Retry-After": "0"}, {"error": "Try again", "code": answer["code"]})


SHUTTING_DOWN = (503, {"Retry-After": "0"}, {"error": "The server is shutting down", "code": "shutting_down"})
RECORD = {
    "uploadId": UPLOAD,
    "name": "b.txt",
    "originalName": "b.txt",
    "customName": None,
    "nameSource": "original",
    "cid": CID,
    "size": 5,
    "chargedBytes": 5,
    "type": "file",
    "category": "text",
    "filesCount": 1,
    "source": "upload",
    "private": False,
    "createdAt": "2025-03-01T12:00:00.000Z",
}
PIN_JOB = {
    "id": "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
    "cid": CID,
    "status": "queued",
    "bytesFetched": 0,
    "blocks": 0,
    "error": None,
    "errorCode": None,
    "createdAt": "2025-03-01T12:00:00.000Z",
    "updatedAt": "2025-03-01T12:00:00.000Z",
    "upload": None,
}


class _OneShot(io.RawIOBase):
    """Bytes that can be read once, like a pipe: not seekable."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        return self._data.readinto(buffer)


def test_the_answers_saying_nothing_was_done_are_the_policys() -> None:
    assert {(answer["status"], answer["code"]) for answer in RESENT} == NOTHING_DONE


@pytest.mark.parametrize("answer", RESENT, ids=lambda a: f"{a['status']}-{a['code']}")
@pytest.mark.parametrize("call", sorted(CALLS))
def test_every_call_is_sent_again_when_nothing_was_done(
    scripted: Scripted, folder: Path, call: str, answer: dict[str, Any]
) -> None:
    scripted.script = [_nothing_done(answer), _nothing_done(answer)]
    with (
        Cairn("cairn_test", base_url=scripted.url, max_retries=1) as cairn,
        pytest.raises(APIStatusError) as error,
    ):
        CALLS[call](cairn, folder)
    assert (error.value.status, error.value.code) == (answer["status"], answer["code"])
    assert len(scripted.seen) == 2 and len(set(scripted.seen)) == 1, scripted.seen


def test_an_upload_refused_while_shutting_down_is_sent_again_and_stored_once(
    scripted: Scripted, folder: Path
) -> None:
    scripted.script = [SHUTTING_DOWN, (201, {}, RECORD), SHUTTING_DOWN, (201, {}, RECORD)]
    with Cairn("cairn_test", base_url=scripted.url) as cairn:
        assert cairn.uploads.file(folder / "b.txt").upload_id == UPLOAD
        # Bytes in memory are read again from where the upload began.
        memory = io.BytesIO(b"skip:hello")
        memory.seek(5)
        assert cairn.uploads.file(memory, filename="b.txt").upload_id == UPLOAD
    assert scripted.seen == ["POST /api/v2/upload"] * 4


@pytest.mark.anyio
async def test_async_upload_refused_while_shutting_down_is_sent_again(
    scripted: Scripted, folder: Path
) -> None:
    scripted.script = [SHUTTING_DOWN, (201, {}, RECORD)]
    async with AsyncCairn("cairn_test", base_url=scripted.url) as cairn:
        assert (await cairn.uploads.file(folder / "b.txt")).upload_id == UPLOAD
    assert scripted.seen == ["POST /api/v2/upload"] * 2


def test_pins_create_is_sent_again_after_rate_limited(scripted: Scripted) -> None:
    scripted.script = [
        (429, {"Retry-After": "0"}, {"error": "Too many", "code": "rate_limited"}),
        (202, {}, PIN_JOB),
    ]
    with Cairn("cairn_test", base_url=scripted.url) as cairn:
        assert cairn.pins.create(CID).status == "queued"
    assert scripted.seen == ["POST /api/v2/pins"] * 2


def test_a_one_shot_stream_is_not_sent_again(scripted: Scripted) -> None:
    scripted.script = [SHUTTING_DOWN, (201, {}, RECORD)]
    stream = io.BufferedReader(_OneShot(b"hello"))
    with Cairn("cairn_test", base_url=scripted.url) as cairn, pytest.raises(ServiceUnavailableError) as error:
        cairn.uploads.file(stream, filename="b.txt")
    assert error.value.code == "shutting_down"
    assert scripted.seen == ["POST /api/v2/upload"]


def test_nothing_done_is_still_bounded_by_retry_after() -> None:
    policy = RetryPolicy(max_retries=2)
    post = Send("POST", "/pins")
    limited = {"error": "Too many", "code": "rate_limited"}
    assert policy.delay(post, httpx.Response(429, headers={"retry-after": "3"}, json=limited), 0) == 3
    assert policy.delay(post, httpx.Response(429, headers={"retry-after": "45"}, json=limited), 0) is None
    assert policy.delay(post, httpx.Response(429, headers={"retry-after": "3"}, json=limited), 2) is None
    busy = {"error": "Busy", "code": "content_unavailable"}
    assert policy.delay(post, httpx.Response(503, headers={"retry-after": "0"}, json=busy), 0) is None
