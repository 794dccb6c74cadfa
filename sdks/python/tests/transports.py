"""httpx transports for the tests: count the request bytes handed to the network, or drop a
connection part-way through a request body, in front of the real transport."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator

import httpx


class Counter:
    def __init__(self) -> None:
        self.sent = 0
        self.requests: list[str] = []
        # Cut the body of the n-th request matching `cut_method` after `cut_after` bytes.
        self.cut_method = ""
        self.cut_after = 0
        self.cuts = 0
        # Told the running total after every chunk handed over (a test may cancel from there).
        self.on_sent: Callable[[int], None] | None = None

    def _should_cut(self, request: httpx.Request) -> bool:
        if request.method != self.cut_method or self.cuts > 0:
            return False
        self.cuts += 1
        return True

    def count(self, chunks: Iterator[bytes], cut: bool) -> Iterator[bytes]:
        through = 0
        for chunk in chunks:
            if cut and through + len(chunk) > self.cut_after:
                raise httpx.WriteError("connection dropped by the test")
            through += len(chunk)
            self.sent += len(chunk)
            if self.on_sent is not None:
                self.on_sent(self.sent)
            yield chunk

    async def acount(self, chunks: AsyncIterator[bytes], cut: bool) -> AsyncIterator[bytes]:
        through = 0
        async for chunk in chunks:
            if cut and through + len(chunk) > self.cut_after:
                raise httpx.WriteError("connection dropped by the test")
            through += len(chunk)
            self.sent += len(chunk)
            yield chunk


class CountingTransport(httpx.BaseTransport):
    def __init__(self, counter: Counter) -> None:
        self.counter = counter
        self.inner = httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.counter.requests.append(request.method)
        stream = request.stream
        assert isinstance(stream, httpx.SyncByteStream)
        cut = self.counter._should_cut(request)
        request.stream = _Sync(self.counter.count(iter(stream), cut))
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


class AsyncCountingTransport(httpx.AsyncBaseTransport):
    def __init__(self, counter: Counter) -> None:
        self.counter = counter
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.counter.requests.append(request.method)
        stream = request.stream
        assert isinstance(stream, httpx.AsyncByteStream)
        cut = self.counter._should_cut(request)
        request.stream = _Async(self.counter.acount(stream.__aiter__(), cut))
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


class _Sync(httpx.SyncByteStream):
    def __init__(self, chunks: Iterator[bytes]) -> None:
        self.chunks = chunks

    def __iter__(self) -> Iterator[bytes]:
        return self.chunks


class _Async(httpx.AsyncByteStream):
    def __init__(self, chunks: AsyncIterator[bytes]) -> None:
        self.chunks = chunks

    def __aiter__(self) -> AsyncIterator[bytes]:
        return self.chunks
