"""What an upload can be read from: streams of unknown size, non-ASCII names, nested folders."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from cairn import AsyncCairn, Cairn, UploadProgress, ValidationError
from conftest import Account, Server, Setup


@pytest.fixture(scope="module")
def account(setup: Setup) -> Account:
    return setup.new_account()


@pytest.fixture(scope="module")
def cairn(server: Server, account: Account) -> Iterator[Cairn]:
    with Cairn(account.session, base_url=server.url) as client:
        yield client


def test_a_pipe_of_unknown_size_gives_the_same_cid_as_the_file(cairn: Cairn, tmp_path: Path) -> None:
    data = os.urandom(600 * 1024)
    path = tmp_path / "piped.bin"
    path.write_bytes(data)
    read_end, write_end = os.pipe()

    def feed() -> None:
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)

    feeder = threading.Thread(target=feed)
    feeder.start()
    progress: list[UploadProgress] = []
    with os.fdopen(read_end, "rb") as stream:
        streamed = cairn.uploads.file(stream, filename="piped.bin", on_progress=progress.append)
    feeder.join(timeout=10)
    assert progress[-1] == UploadProgress(len(data), None)
    from_disk = cairn.uploads.file(path)
    assert from_disk.duplicate and from_disk.cid == streamed.cid and streamed.size == len(data)


def test_non_ascii_and_quoted_names_survive_the_multipart_header(cairn: Cairn, tmp_path: Path) -> None:
    path = tmp_path / 'café "menu".txt'
    path.write_bytes(os.urandom(64))
    result = cairn.uploads.file(path)
    assert result.original_name == 'café "menu".txt'


@pytest.mark.anyio
async def test_async_folder_keeps_nested_paths(server: Server, account: Account, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "a" / "b").mkdir(parents=True)
    (root / "a" / "b" / "deep.md").write_text("# deep")
    (root / "top.md").write_text("# top")
    seen: list[UploadProgress] = []
    async with AsyncCairn(account.session, base_url=server.url) as cairn:
        result = await cairn.uploads.directory(root, on_progress=seen.append)
        with pytest.raises(ValidationError) as bad:
            await cairn.uploads.directory(root, name="not a valid name!")
    assert {entry.filename for entry in result.files} == {"docs/a/b/deep.md", "docs/top.md"}
    assert result.original_name == "docs" and seen[-1] == UploadProgress(11, 11)
    assert bad.value.status == 400


def test_local_mistakes_are_caught_before_any_request(cairn: Cairn, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        cairn.uploads.file(tmp_path / "missing.bin")
    with pytest.raises(NotADirectoryError):
        cairn.uploads.directory(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError):
        cairn.uploads.directory(tmp_path / "empty")
    with (tmp_path / "text.txt").open("w") as text, pytest.raises(TypeError):
        cairn.uploads.file(text)  # type: ignore[arg-type]


@pytest.mark.anyio
async def test_cancelling_an_async_upload_stops_it_and_records_nothing(
    server: Server, account: Account, tmp_path: Path
) -> None:
    path = tmp_path / "cancelled.bin"
    path.write_bytes(os.urandom(24 * 1024 * 1024))
    sent: list[UploadProgress] = []
    async with AsyncCairn(account.session, base_url=server.url) as cairn:
        used = (await cairn.usage.get()).used
        with anyio.CancelScope() as scope:

            def cancel_after_the_first_chunk(progress: UploadProgress) -> None:
                sent.append(progress)
                scope.cancel()

            await cairn.uploads.file(path, on_progress=cancel_after_the_first_chunk)
        assert scope.cancelled_caught and sent[-1].sent < path.stat().st_size
        assert (await cairn.uploads.list(search="cancelled")).total == 0
        # Nothing is charged for it; the server may take a moment to see the disconnect (bounded).
        with anyio.fail_after(10):
            while (await cairn.usage.get()).used != used:
                await anyio.sleep(0.2)
