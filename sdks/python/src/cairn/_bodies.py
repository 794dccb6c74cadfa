"""Raw request bodies streamed from a file: a whole file (a CAR), or one range of it (a tus chunk).

Like the multipart body, they read 1 MiB at a time, in a worker thread for the async client.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import BinaryIO

import anyio.to_thread

from ._multipart import CHUNK_SIZE, ProgressCallback
from ._sources import FileSource
from .models import UploadProgress


class FileBody:
    """A whole file as the body, with its content type (and its length, when known)."""

    def __init__(
        self, source: FileSource, content_type: str, on_progress: ProgressCallback | None = None
    ) -> None:
        self._source = source
        self._content_type = content_type
        self._on_progress = on_progress
        self.sent = 0

    @property
    def replayable(self) -> bool:
        return self._source.replayable

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": self._content_type}
        if self._source.size is not None:
            headers["Content-Length"] = str(self._source.size)
        return headers

    def _advance(self, count: int) -> None:
        self.sent += count
        if self._on_progress is not None:
            self._on_progress(UploadProgress(self.sent, self._source.size))

    def __iter__(self) -> Iterator[bytes]:
        self.sent = 0
        with self._source.open() as handle:
            while chunk := handle.read(CHUNK_SIZE):
                self._advance(len(chunk))
                yield chunk

    async def __aiter__(self) -> AsyncIterator[bytes]:
        self.sent = 0
        with self._source.open() as handle:
            while chunk := await anyio.to_thread.run_sync(handle.read, CHUNK_SIZE):
                self._advance(len(chunk))
                yield chunk


class RangeBody:
    """`length` bytes of an open, seekable file from `start`: one tus `PATCH`.

    `check` runs before every read, so a cancellation stops the body between two reads.
    """

    def __init__(self, handle: BinaryIO, start: int, length: int, check: Callable[[], None]) -> None:
        self._handle = handle
        self._start = start
        self._length = length
        self._check = check

    @property
    def replayable(self) -> bool:
        # A failed chunk is resumed from the offset the server reports, not sent again as it is.
        return False

    def headers(self) -> dict[str, str]:
        return {"Content-Type": "application/offset+octet-stream", "Content-Length": str(self._length)}

    def _read(self, left: int) -> bytes:
        self._check()
        chunk = self._handle.read(min(CHUNK_SIZE, left))
        if not chunk:
            raise OSError("the file is shorter than when the upload started")
        return chunk

    def __iter__(self) -> Iterator[bytes]:
        self._handle.seek(self._start)
        left = self._length
        while left > 0:
            chunk = self._read(left)
            left -= len(chunk)
            yield chunk

    async def __aiter__(self) -> AsyncIterator[bytes]:
        await anyio.to_thread.run_sync(self._handle.seek, self._start)
        left = self._length
        while left > 0:
            chunk = await anyio.to_thread.run_sync(self._read, left)
            left -= len(chunk)
            yield chunk
