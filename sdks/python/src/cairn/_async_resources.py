"""The asynchronous client's resources: thin awaits of the shared operations."""

from __future__ import annotations

import builtins
import os
from collections.abc import AsyncIterator, Awaitable
from typing import Literal, Protocol, TypeVar, overload

from ._core import Operation
from ._multipart import ProgressCallback
from ._operations import CidVersion, Operations, PinProgressCallback, next_page
from ._sources import FileInput
from .models import (
    ApiToken,
    ApiTokenCreated,
    CheckoutResult,
    DagUploadResult,
    DagView,
    FilesUploadResult,
    PinJob,
    PlanList,
    ReferralSummary,
    RemoveResult,
    Upload,
    UploadList,
    UploadResult,
    User,
)
from .models import Usage as UsageModel

T = TypeVar("T")


class Runner(Protocol):
    """The client's driver of operations."""

    def __call__(self, operation: Operation[T], /) -> Awaitable[T]: ...


class _Resource:
    def __init__(self, ops: Operations, run: Runner) -> None:
        self._ops = ops
        self._run = run


class AsyncUploads(_Resource):
    async def file(
        self,
        file: FileInput,
        *,
        name: str | None = None,
        filename: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> UploadResult:
        """Uploads one file from a path or a binary file object, streamed in chunks."""
        return await self._run(
            self._ops.upload_file(
                file, name=name, filename=filename, cid_version=cid_version, on_progress=on_progress
            )
        )

    @overload
    async def directory(
        self,
        folder: str | os.PathLike[str],
        *,
        mode: Literal["dag"] = "dag",
        name: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> DagUploadResult: ...

    @overload
    async def directory(
        self,
        folder: str | os.PathLike[str],
        *,
        mode: Literal["files"],
        name: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> FilesUploadResult: ...

    async def directory(
        self,
        folder: str | os.PathLike[str],
        *,
        mode: Literal["dag", "files"] = "dag",
        name: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> DagUploadResult | FilesUploadResult:
        """Uploads every file under `folder`: as one DAG (`mode="dag"`) or one record per file."""
        return await self._run(
            self._ops.upload_directory(
                folder, mode=mode, name=name, cid_version=cid_version, on_progress=on_progress
            )
        )

    async def list(self, *, page: int = 1, limit: int = 10, search: str | None = None) -> UploadList:
        """One page of the account's records, newest first."""
        return await self._run(self._ops.list_uploads(page, limit, search))

    async def iter(self, *, limit: int = 100, search: str | None = None) -> AsyncIterator[Upload]:
        """Every record, page after page (`limit` per request)."""
        page: int | None = 1
        while page is not None:
            result = await self._run(self._ops.list_uploads(page, limit, search))
            for upload in result.files:
                yield upload
            page = next_page(result)

    async def get(self, upload_id: str) -> Upload:
        return await self._run(self._ops.get_upload(upload_id))

    async def rename(self, upload_id: str, name: str) -> Upload:
        return await self._run(self._ops.rename_upload(upload_id, name))

    async def delete(self, upload_id: str) -> RemoveResult:
        return await self._run(self._ops.delete_upload(upload_id))


class AsyncPins(_Resource):
    async def create(
        self,
        cid: str,
        *,
        name: str | None = None,
        original_name: str | None = None,
        wait: bool = False,
        interval: float = 1.0,
        timeout: float | None = 300.0,
        on_progress: PinProgressCallback | None = None,
    ) -> PinJob:
        """Starts pinning `cid`; with `wait=True`, returns once it is pinned (see `wait`)."""
        job = await self._run(self._ops.create_pin(cid, name, original_name))
        if not wait:
            return job
        return await self.wait(job, interval=interval, timeout=timeout, on_progress=on_progress)

    async def get(self, pin_id: str) -> PinJob:
        return await self._run(self._ops.get_pin(pin_id))

    async def wait(
        self,
        job: PinJob | str,
        *,
        interval: float = 1.0,
        timeout: float | None = 300.0,
        on_progress: PinProgressCallback | None = None,
    ) -> PinJob:
        """Polls until pinned; raises `PinFailedError` if it fails, `PinTimeoutError` after `timeout` s."""
        return await self._run(
            self._ops.wait_pin(job, interval=interval, timeout=timeout, on_progress=on_progress)
        )


class AsyncDag(_Resource):
    async def get(self, cid: str, *, page: int | None = None, limit: int | None = None) -> DagView:
        return await self._run(self._ops.dag(cid, page, limit))


class AsyncUsage(_Resource):
    async def get(self) -> UsageModel:
        return await self._run(self._ops.usage())


class AsyncTokens(_Resource):
    async def create(
        self, name: str, *, expires_in_days: int | None = 30, allowed_ip: str | None = None
    ) -> ApiTokenCreated:
        """A new API token; its secret (`.token`) is shown only this once."""
        return await self._run(self._ops.create_token(name, expires_in_days, allowed_ip))

    async def list(self) -> builtins.list[ApiToken]:
        return await self._run(self._ops.list_tokens())

    async def revoke(self, token_id: str) -> ApiToken:
        return await self._run(self._ops.revoke_token(token_id))


class AsyncUsers(_Resource):
    async def me(self) -> User:
        return await self._run(self._ops.me())


class AsyncReferrals(_Resource):
    async def get(self) -> ReferralSummary:
        return await self._run(self._ops.referrals())


class AsyncPlans(_Resource):
    async def list(self) -> PlanList:
        return await self._run(self._ops.plans())

    async def checkout(
        self, code: str, *, accept_terms: bool, method: Literal["card", "crypto"] = "card"
    ) -> CheckoutResult:
        """Changes plan: a free plan applies at once; a paid one gives the checkout `url` to open."""
        return await self._run(self._ops.checkout(code, accept_terms, method))
