"""The Pinning Service API resource of both clients: `cairn.psa` and `AsyncCairn.psa`.

Its errors are the SDK's typed errors too; `code` is the API's `reason` (`NOT_FOUND`,
`INSUFFICIENT_FUNDS`, ...) and `message` its `details`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from ._async_resources import Runner as AsyncRunner
from ._pin_models import PsaMatch, PsaPinResults, PsaPinStatus, PsaStatus
from ._psa import PsaOperations, PsaProgressCallback
from ._resources import Runner

StatusFilter = PsaStatus | Iterable[PsaStatus] | None


class Psa:
    """Pin requests: `add`, `get`, `list` with filters, `replace`, `remove`, and `wait`."""

    def __init__(self, ops: PsaOperations, run: Runner) -> None:
        self._ops = ops
        self._run = run

    def add(
        self,
        cid: str,
        *,
        name: str | None = None,
        origins: Iterable[str] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> PsaPinStatus:
        """Queues `cid` for pinning and answers at once (`queued`, or further on); see `wait`."""
        return self._run(self._ops.add(cid, name, origins, meta))

    def get(self, requestid: str) -> PsaPinStatus:
        return self._run(self._ops.get(requestid))

    def list(
        self,
        *,
        cid: str | Iterable[str] | None = None,
        name: str | None = None,
        match: PsaMatch | None = None,
        status: StatusFilter = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        limit: int | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> PsaPinResults:
        """Requests matching every filter, newest first; without `status`, only pinned ones."""
        operation = self._ops.list(
            cid=cid, name=name, match=match, status=status, before=before, after=after, limit=limit, meta=meta
        )
        return self._run(operation)

    def replace(
        self,
        requestid: str,
        cid: str,
        *,
        name: str | None = None,
        origins: Iterable[str] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> PsaPinStatus:
        """A new request for `cid`; the old one goes once the new one is pinned."""
        return self._run(self._ops.replace(requestid, cid, name, origins, meta))

    def remove(self, requestid: str) -> None:
        self._run(self._ops.remove(requestid))

    def wait(
        self,
        pin: PsaPinStatus | str,
        *,
        interval: float = 1.0,
        timeout: float | None = 300.0,
        on_progress: PsaProgressCallback | None = None,
    ) -> PsaPinStatus:
        """Polls until pinned; raises `PinFailedError` if it fails, `PinTimeoutError` after `timeout` s."""
        operation = self._ops.wait(pin, interval=interval, timeout=timeout, on_progress=on_progress)
        return self._run(operation)


class AsyncPsa:
    """The async twin of `Psa`."""

    def __init__(self, ops: PsaOperations, run: AsyncRunner) -> None:
        self._ops = ops
        self._run = run

    async def add(
        self,
        cid: str,
        *,
        name: str | None = None,
        origins: Iterable[str] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> PsaPinStatus:
        """Queues `cid` for pinning and answers at once (`queued`, or further on); see `wait`."""
        return await self._run(self._ops.add(cid, name, origins, meta))

    async def get(self, requestid: str) -> PsaPinStatus:
        return await self._run(self._ops.get(requestid))

    async def list(
        self,
        *,
        cid: str | Iterable[str] | None = None,
        name: str | None = None,
        match: PsaMatch | None = None,
        status: StatusFilter = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        limit: int | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> PsaPinResults:
        """Requests matching every filter, newest first; without `status`, only pinned ones."""
        operation = self._ops.list(
            cid=cid, name=name, match=match, status=status, before=before, after=after, limit=limit, meta=meta
        )
        return await self._run(operation)

    async def replace(
        self,
        requestid: str,
        cid: str,
        *,
        name: str | None = None,
        origins: Iterable[str] | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> PsaPinStatus:
        """A new request for `cid`; the old one goes once the new one is pinned."""
        return await self._run(self._ops.replace(requestid, cid, name, origins, meta))

    async def remove(self, requestid: str) -> None:
        await self._run(self._ops.remove(requestid))

    async def wait(
        self,
        pin: PsaPinStatus | str,
        *,
        interval: float = 1.0,
        timeout: float | None = 300.0,
        on_progress: PsaProgressCallback | None = None,
    ) -> PsaPinStatus:
        """Polls until pinned; raises `PinFailedError` if it fails, `PinTimeoutError` after `timeout` s."""
        operation = self._ops.wait(pin, interval=interval, timeout=timeout, on_progress=on_progress)
        return await self._run(operation)
