"""Resumable uploads against the live server: a connection dropped mid-chunk is resumed from the
server's offset, a finished upload resumed gives its record, a foreign URL is refused."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from cairn import AsyncCairn, Cairn, CancelToken, UploadCancelledError, UploadProgress
from conftest import Server, Setup
from scenario_data import KIB, MIB
from transports import AsyncCountingTransport, Counter, CountingTransport

SIZE = 2 * MIB


@pytest.fixture
def file(tmp_path: Path) -> Path:
    path = tmp_path / "dropped.bin"
    path.write_bytes(os.urandom(SIZE))
    return path


def dropping_counter() -> Counter:
    counter = Counter()
    counter.cut_method, counter.cut_after = "PATCH", 512 * KIB
    return counter


def test_a_dropped_connection_is_resumed_from_the_servers_offset(
    server: Server, setup: Setup, file: Path
) -> None:
    counter = dropping_counter()
    http = httpx.Client(transport=CountingTransport(counter), timeout=60)
    urls: list[str] = []
    seen: list[UploadProgress] = []
    with Cairn(setup.new_account().session, base_url=server.url, http_client=http) as cairn:
        result = cairn.uploads.resumable(file, chunk_size=MIB, on_url=urls.append, on_progress=seen.append)
        assert counter.cuts == 1 and "HEAD" in counter.requests
        assert seen[-1] == UploadProgress(SIZE, SIZE) and counter.sent < SIZE + MIB
        assert cairn.uploads.file(file).cid == result.cid

        # The finished upload, resumed: nothing is sent again, its record is answered.
        before = counter.sent
        again = cairn.uploads.resumable(file, url=urls[0])
        assert again.upload_id == result.upload_id and counter.sent == before
    http.close()


@pytest.mark.anyio
async def test_the_async_client_resumes_a_dropped_connection_too(
    server: Server, setup: Setup, file: Path
) -> None:
    counter = dropping_counter()
    http = httpx.AsyncClient(transport=AsyncCountingTransport(counter), timeout=60)
    async with http, AsyncCairn(setup.new_account().session, base_url=server.url, http_client=http) as cairn:
        result = await cairn.uploads.resumable(file, chunk_size=MIB)
        assert counter.cuts == 1 and "HEAD" in counter.requests
        assert result.size == SIZE and not result.duplicate
        assert (await cairn.uploads.file(file)).cid == result.cid


def test_a_cancellation_mid_chunk_cuts_the_request_and_the_upload_resumes(
    server: Server, setup: Setup, file: Path
) -> None:
    counter = Counter()
    cancel = CancelToken()
    counter.on_sent = lambda sent: cancel.cancel() if sent >= 256 * KIB else None
    http = httpx.Client(transport=CountingTransport(counter), timeout=60)
    with Cairn(setup.new_account().session, base_url=server.url, http_client=http) as cairn:
        with pytest.raises(UploadCancelledError) as cut:
            cairn.uploads.resumable(file, chunk_size=SIZE, cancel=cancel)
        # The one chunk was cut part-way: nothing was confirmed, and far from all of it was sent.
        assert cut.value.offset == 0 and cut.value.url and counter.sent < SIZE
        counter.on_sent = None
        result = cairn.uploads.resumable(file, url=cut.value.url)
        assert result.size == SIZE and cairn.uploads.file(file).cid == result.cid
    http.close()


def test_a_url_of_another_server_is_refused(server: Server, file: Path) -> None:
    with Cairn("cairn_unused", base_url=server.url) as cairn, pytest.raises(ValueError, match="not on this"):
        cairn.uploads.resumable(file, url="https://elsewhere.example/api/v2/uploads/resumable/x")
