"""A streamed `multipart/form-data` body: every part named `file`, read from disk chunk by chunk.

Its length is known in advance when every file's size is, so the server can refuse an oversized
upload at once. The framing is computed once; only the reading differs between the sync and the
async client (the async one reads in a worker thread so the event loop never blocks on disk).
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable, Iterator
from urllib.parse import quote

import anyio.to_thread

from ._sources import FileSource
from .models import UploadProgress

CHUNK_SIZE = 1024 * 1024
ProgressCallback = Callable[[UploadProgress], None]


def _disposition(filename: str) -> str:
    """`filename` quoted for the plain parameter and, when not plain ASCII, UTF-8 in `filename*`."""
    plain = "".join(ch if 32 <= ord(ch) < 127 else "_" for ch in filename)
    header = 'form-data; name="file"; filename="{}"'.format(plain.replace("\\", "\\\\").replace('"', '\\"'))
    if plain != filename:
        header += f"; filename*=UTF-8''{quote(filename, safe='')}"
    return header


class MultipartBody:
    def __init__(self, sources: list[FileSource], on_progress: ProgressCallback | None = None) -> None:
        self._boundary = secrets.token_hex(16)
        self._sources = sources
        self._on_progress = on_progress
        self._heads = [
            (
                f"--{self._boundary}\r\nContent-Disposition: {_disposition(source.filename)}\r\n"
                "Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            for source in sources
        ]
        self._tail = f"--{self._boundary}--\r\n".encode()
        sizes = [source.size for source in sources]
        self.total: int | None = None if None in sizes else sum(s for s in sizes if s is not None)
        self.sent = 0

    @property
    def content_type(self) -> str:
        return f"multipart/form-data; boundary={self._boundary}"

    @property
    def content_length(self) -> int | None:
        if self.total is None:
            return None
        framing = sum(len(head) + 2 for head in self._heads) + len(self._tail)
        return framing + self.total

    @property
    def replayable(self) -> bool:
        return all(source.replayable for source in self._sources)

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": self.content_type}
        if self.content_length is not None:
            headers["Content-Length"] = str(self.content_length)
        return headers

    def _advance(self, count: int) -> None:
        self.sent += count
        if self._on_progress is not None:
            self._on_progress(UploadProgress(self.sent, self.total))

    def __iter__(self) -> Iterator[bytes]:
        self.sent = 0
        for head, source in zip(self._heads, self._sources, strict=True):
            yield head
            with source.open() as handle:
                while chunk := handle.read(CHUNK_SIZE):
                    self._advance(len(chunk))
                    yield chunk
            yield b"\r\n"
        yield self._tail

    async def __aiter__(self) -> AsyncIterator[bytes]:
        self.sent = 0
        for head, source in zip(self._heads, self._sources, strict=True):
            yield head
            with source.open() as handle:
                while chunk := await anyio.to_thread.run_sync(handle.read, CHUNK_SIZE):
                    self._advance(len(chunk))
                    yield chunk
            yield b"\r\n"
        yield self._tail
