"""Resumable uploads over the server's tus 1.0 endpoint (`/api/v2/uploads/resumable`).

The protocol core is small: `POST` creates the upload with its length and answers its URL,
`PATCH` appends a chunk at `Upload-Offset`, `HEAD` tells how many bytes the server holds. After a
dropped connection (or a cancellation, or a restart of the program) the upload goes on from the
server's offset, so bytes already stored are never sent again.
"""

from __future__ import annotations

import base64
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

import httpx

from ._bodies import RangeBody
from ._convert import from_json
from ._core import RETRY_ERRORS, Operation, RetryPolicy, Send, Sleep, exchange, raise_for, send
from ._multipart import ProgressCallback
from ._sources import FileSource
from .errors import UploadCancelledError
from .models import UploadProgress, UploadResult

TUS = {"Tus-Resumable": "1.0.0"}
DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024
# A chunk that did not arrive whole is continued from the server's offset after these answers.
RESUME_STATUSES = frozenset({429, 502, 503, 504})


class CancelToken:
    """Stops a resumable upload from any thread: between chunks, or mid-chunk (the request is cut).

    The upload then raises `UploadCancelledError` with its `url`, to resume from later.
    """

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


def _metadata(filename: str) -> str:
    return "filename " + base64.b64encode(filename.encode()).decode()


@contextmanager
def _seekable(source: FileSource) -> Iterator[tuple[BinaryIO, int]]:
    """The open file and where the upload starts in it (a file object's current position)."""
    with source.open() as handle:
        if not handle.seekable():
            raise ValueError("a resumable upload reads from a path or a seekable binary file")
        yield handle, handle.tell()


class Resumable:
    """One resumable upload, as an I/O-free operation (see `_core`)."""

    def __init__(
        self,
        policy: RetryPolicy,
        origin: str,
        source: FileSource,
        *,
        chunk_size: int,
        on_progress: ProgressCallback | None,
        on_url: Callable[[str], None] | None,
        cancel: CancelToken | None,
    ) -> None:
        if source.size is None:
            raise ValueError("a resumable upload needs the file's size: pass a path or a seekable file")
        if chunk_size < 1:
            raise ValueError("chunk_size is at least 1 byte")
        self.policy = policy
        self.origin = origin
        self.source = source
        self.size = source.size
        self.chunk_size = chunk_size
        self.on_progress = on_progress
        self.on_url = on_url
        self.cancel = cancel
        self.url = ""
        self.offset = 0

    def _path(self, url: str) -> str:
        if not url.startswith(self.origin + "/"):
            raise ValueError(f"the upload URL is not on this server ({self.origin}): {url}")
        return url[len(self.origin) :]

    def _check(self) -> None:
        if self.cancel is not None and self.cancel.cancelled:
            raise UploadCancelledError(self.url, self.offset)

    def _moved(self, offset: int) -> None:
        self.offset = offset
        if self.on_progress is not None:
            self.on_progress(UploadProgress(offset, self.size))

    def _create(self, params: dict[str, Any]) -> Operation[None]:
        headers = {**TUS, "Upload-Length": str(self.size), "Upload-Metadata": _metadata(self.source.filename)}
        created = yield from exchange(
            Send("POST", "/uploads/resumable", params=params, headers=headers), self.policy
        )
        location = created.headers["location"]
        # The server answers a path from its root; an absolute URL is taken as it is.
        self.url = self.origin + location if location.startswith("/") else location
        if self.on_url is not None:
            self.on_url(self.url)

    def _head(self) -> Operation[int]:
        held = yield from exchange(Send("HEAD", self._path(self.url), headers=TUS, root=True), self.policy)
        length = int(held.headers.get("upload-length", -1))
        if length != self.size:
            raise ValueError(f"the upload at {self.url} is {length} bytes long, the file {self.size}")
        return int(held.headers["upload-offset"])

    def run(self, url: str | None, params: dict[str, Any]) -> Operation[UploadResult]:
        with _seekable(self.source) as (handle, start):
            if url is None:
                yield from self._create(params)
            else:
                self.url = url
                self._moved((yield from self._head()))
            failures = 0
            while self.offset < self.size:
                self._check()
                length = min(self.chunk_size, self.size - self.offset)
                body = RangeBody(handle, start + self.offset, length, self._check)
                headers = {**TUS, "Upload-Offset": str(self.offset)}
                request = Send("PATCH", self._path(self.url), headers=headers, body=body, root=True)
                outcome = yield request
                if isinstance(outcome, httpx.Response) and outcome.status_code == 200:
                    self._moved(self.size)
                    return from_json(UploadResult, outcome.json())
                if isinstance(outcome, httpx.Response) and outcome.status_code == 204:
                    failures = 0
                    self._moved(int(outcome.headers["upload-offset"]))
                    continue
                if failures >= self.policy.max_retries or not _resumable(outcome):
                    raise_for(request, outcome)
                yield Sleep(self.policy.backoff(failures))
                failures += 1
                self._moved((yield from self._head()))
        # Resumed an upload whose bytes had all arrived: its record is at its URL.
        data = yield from send(Send("GET", self._path(self.url), root=True), self.policy)
        return from_json(UploadResult, data)


def _resumable(outcome: object) -> bool:
    """A failure after which asking the offset and sending the rest can succeed."""
    if isinstance(outcome, RETRY_ERRORS):
        return True
    if not isinstance(outcome, httpx.Response):
        return False
    # 409 in plain text: the offset sent was not the server's (a chunk partly arrived).
    mismatch = outcome.status_code == 409 and "json" not in outcome.headers.get("content-type", "")
    return mismatch or outcome.status_code in RESUME_STATUSES
