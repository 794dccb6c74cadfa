"""The synchronous client's resources: thin calls into the shared operations."""

from __future__ import annotations

import builtins
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal, Protocol, TypeVar, overload

from ._core import Operation
from ._multipart import ProgressCallback
from ._operations import CidVersion, Operations, PinProgressCallback, next_page
from ._resumable import DEFAULT_CHUNK_SIZE, CancelToken
from ._sources import FileInput
from .models import (
    AccessLink,
    ApiToken,
    ApiTokenCreated,
    CheckoutResult,
    ContentCategory,
    DagUploadResult,
    DagView,
    FilesUploadResult,
    Group,
    GroupList,
    GroupMembersAdded,
    GroupMembersRemoved,
    PinAllocation,
    PinJob,
    PinStatusView,
    PlanList,
    ReferralSummary,
    RemoveResult,
    TokenScope,
    Upload,
    UploadDetail,
    UploadList,
    UploadResult,
    UploadType,
    User,
)
from .models import Usage as UsageModel

T = TypeVar("T")


class Runner(Protocol):
    """The client's driver of operations."""

    def __call__(self, operation: Operation[T], /) -> T: ...


class _Resource:
    def __init__(self, ops: Operations, run: Runner) -> None:
        self._ops = ops
        self._run = run


class Uploads(_Resource):
    def file(
        self,
        file: FileInput,
        *,
        name: str | None = None,
        filename: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> UploadResult:
        """Uploads one file from a path or a binary file object, streamed in chunks."""
        return self._run(
            self._ops.upload_file(
                file,
                name=name,
                filename=filename,
                cid_version=cid_version,
                on_progress=on_progress,
                private=private,
                group_id=group_id,
                meta=meta,
            )
        )

    @overload
    def directory(
        self,
        folder: str | os.PathLike[str],
        *,
        mode: Literal["dag"] = "dag",
        name: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> DagUploadResult: ...

    @overload
    def directory(
        self,
        folder: str | os.PathLike[str],
        *,
        mode: Literal["files"],
        name: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> FilesUploadResult: ...

    def directory(
        self,
        folder: str | os.PathLike[str],
        *,
        mode: Literal["dag", "files"] = "dag",
        name: str | None = None,
        cid_version: CidVersion | None = None,
        on_progress: ProgressCallback | None = None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> DagUploadResult | FilesUploadResult:
        """Uploads every file under `folder`: as one DAG (`mode="dag"`) or one record per file."""
        return self._run(
            self._ops.upload_directory(
                folder,
                mode=mode,
                name=name,
                cid_version=cid_version,
                on_progress=on_progress,
                private=private,
                group_id=group_id,
                meta=meta,
            )
        )

    def car(
        self,
        file: FileInput,
        *,
        name: str | None = None,
        filename: str | None = None,
        on_progress: ProgressCallback | None = None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> UploadResult:
        """Imports a CAR (one root, a complete DAG) from a path or a binary file object, streamed.

        A bad CAR raises `ValidationError` with a `car_...` code, and nothing is kept or charged.
        """
        return self._run(
            self._ops.upload_car(
                file,
                name=name,
                filename=filename,
                on_progress=on_progress,
                private=private,
                group_id=group_id,
                meta=meta,
            )
        )

    def resumable(
        self,
        file: FileInput,
        *,
        url: str | None = None,
        name: str | None = None,
        filename: str | None = None,
        cid_version: CidVersion | None = None,
        chunk_size: int = DEFAULT_CHUNK_SIZE,
        on_progress: ProgressCallback | None = None,
        on_url: Callable[[str], None] | None = None,
        cancel: CancelToken | None = None,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> UploadResult:
        """Uploads a file (a path or a seekable binary file) over tus, `chunk_size` bytes a request.

        `on_url` receives the upload's URL once it is created: keep it, and after a crash, a
        cancellation (`cancel`, raising `UploadCancelledError`) or lost connections pass it back as
        `url=` with the same file to send only what the server is missing. Connection errors are
        retried from the server's offset. `on_progress` sees the bytes the server holds.
        `group_id` and `meta` are given to the record once it is stored, by two more calls.
        """
        return self._run(
            self._ops.upload_resumable(
                file,
                url=url,
                name=name,
                filename=filename,
                cid_version=cid_version,
                chunk_size=chunk_size,
                on_progress=on_progress,
                on_url=on_url,
                cancel=cancel,
                group_id=group_id,
                meta=meta,
            )
        )

    def list(
        self,
        *,
        page: int = 1,
        limit: int = 10,
        search: str | None = None,
        sort: Literal["date", "name", "size"] | None = None,
        order: Literal["asc", "desc"] | None = None,
        name: str | None = None,
        cid: str | None = None,
        type: UploadType | None = None,
        category: ContentCategory | None = None,
        min_size: int | None = None,
        max_size: int | None = None,
        from_: str | datetime | None = None,
        to: str | datetime | None = None,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
        meta_prefix: Mapping[str, str] | None = None,
        meta_exists: Sequence[str] | None = None,
    ) -> UploadList:
        """One page of the account's records (newest first); every filter given applies at once.

        `from_`/`to` bound the date added; `meta` keeps a key equal to a value, `meta_prefix` a
        key's value starting with one, `meta_exists` records holding every key.
        """
        filters = dict(
            name=name,
            cid=cid,
            type=type,
            category=category,
            min_size=min_size,
            max_size=max_size,
            from_=from_,
            to=to,
            group_id=group_id,
            meta=meta,
            meta_prefix=meta_prefix,
            meta_exists=meta_exists,
        )
        return self._run(self._ops.list_uploads(page, limit, search, sort, order, filters))

    def iter(
        self,
        *,
        limit: int = 100,
        search: str | None = None,
        sort: Literal["date", "name", "size"] | None = None,
        order: Literal["asc", "desc"] | None = None,
        name: str | None = None,
        cid: str | None = None,
        type: UploadType | None = None,
        category: ContentCategory | None = None,
        min_size: int | None = None,
        max_size: int | None = None,
        from_: str | datetime | None = None,
        to: str | datetime | None = None,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
        meta_prefix: Mapping[str, str] | None = None,
        meta_exists: Sequence[str] | None = None,
    ) -> Iterator[Upload]:
        """Every record the filters keep (see `list`), page after page (`limit` per request)."""
        filters = dict(
            name=name,
            cid=cid,
            type=type,
            category=category,
            min_size=min_size,
            max_size=max_size,
            from_=from_,
            to=to,
            group_id=group_id,
            meta=meta,
            meta_prefix=meta_prefix,
            meta_exists=meta_exists,
        )
        page: int | None = 1
        while page is not None:
            result = self._run(self._ops.list_uploads(page, limit, search, sort, order, filters))
            yield from result.files
            page = next_page(result)

    def get(self, upload_id: str) -> UploadDetail:
        return self._run(self._ops.get_upload(upload_id))

    def rename(self, upload_id: str, name: str) -> Upload:
        return self._run(self._ops.rename_upload(upload_id, name))

    def update(
        self, upload_id: str, *, name: str | None = None, meta: Mapping[str, str | None] | None = None
    ) -> Upload:
        """Renames a record and/or edits its key-values: in `meta` a string sets (or replaces) a key
        and None removes it; other keys stay."""
        return self._run(self._ops.update_upload(upload_id, name, meta))

    def set_meta(self, upload_id: str, meta: Mapping[str, str | None]) -> Upload:
        """Sets (a string) or removes (None) key-values of a record."""
        return self._run(self._ops.update_upload(upload_id, None, meta))

    def set_private(self, upload_id: str, value: bool) -> Upload:
        """Makes a record private (the gateway serves it only through signed links, unless another
        record holds the same CID publicly) or public again."""
        return self._run(self._ops.set_private(upload_id, value))

    def delete(self, upload_id: str) -> RemoveResult:
        return self._run(self._ops.delete_upload(upload_id))


class Pins(_Resource):
    def create(
        self,
        cid: str,
        *,
        name: str | None = None,
        original_name: str | None = None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
        wait: bool = False,
        interval: float = 1.0,
        timeout: float | None = 300.0,
        on_progress: PinProgressCallback | None = None,
    ) -> PinJob:
        """Starts pinning `cid`; with `wait=True`, returns once it is pinned (see `wait`)."""
        job = self._run(self._ops.create_pin(cid, name, original_name, private, group_id, meta))
        if not wait:
            return job
        return self.wait(job, interval=interval, timeout=timeout, on_progress=on_progress)

    def get(self, pin_id: str) -> PinJob:
        return self._run(self._ops.get_pin(pin_id))

    def wait(
        self,
        job: PinJob | str,
        *,
        interval: float = 1.0,
        timeout: float | None = 300.0,
        on_progress: PinProgressCallback | None = None,
    ) -> PinJob:
        """Polls until pinned; raises `PinFailedError` if it fails, `PinTimeoutError` after `timeout` s."""
        return self._run(self._ops.wait_pin(job, interval=interval, timeout=timeout, on_progress=on_progress))

    def status(self, cid: str) -> PinStatusView:
        """How each IPFS node holds one of the account's CIDs (`NotFoundError` if it holds none)."""
        return self._run(self._ops.pin_status(cid))

    def allocations(self, cid: str) -> PinAllocation:
        """Which nodes one of the account's CIDs is allocated to, and its replication factors."""
        return self._run(self._ops.pin_allocations(cid))


class Dag(_Resource):
    def get(self, cid: str, *, page: int | None = None, limit: int | None = None) -> DagView:
        return self._run(self._ops.dag(cid, page, limit))


class Usage(_Resource):
    def get(self) -> UsageModel:
        return self._run(self._ops.usage())


class Tokens(_Resource):
    def create(
        self,
        name: str,
        *,
        expires_in_days: int | None = 30,
        allowed_ip: str | None = None,
        scopes: Sequence[TokenScope] | None = None,
        group_id: str | None = None,
    ) -> ApiTokenCreated:
        """A new API token; its secret (`.token`) is shown only this once.

        `scopes` limits what it may do (`["files:read", "pins:write"]`); left out, the token has
        full access. `group_id` limits it to one group.
        """
        return self._run(self._ops.create_token(name, expires_in_days, allowed_ip, scopes, group_id))

    def list(self) -> builtins.list[ApiToken]:
        return self._run(self._ops.list_tokens())

    def revoke(self, token_id: str) -> ApiToken:
        return self._run(self._ops.revoke_token(token_id))


class Users(_Resource):
    def me(self) -> User:
        return self._run(self._ops.me())


class Referrals(_Resource):
    def get(self) -> ReferralSummary:
        return self._run(self._ops.referrals())


class Plans(_Resource):
    def list(self) -> PlanList:
        return self._run(self._ops.plans())

    def checkout(
        self, code: str, *, accept_terms: bool, method: Literal["card", "crypto"] = "card"
    ) -> CheckoutResult:
        """Changes plan: a free plan applies at once; a paid one gives the checkout `url` to open."""
        return self._run(self._ops.checkout(code, accept_terms, method))


class Groups(_Resource):
    """Groups of the account's records; deleting a group keeps its files."""

    def list(
        self, *, page: int | None = None, limit: int | None = None, search: str | None = None
    ) -> GroupList:
        return self._run(self._ops.list_groups(page, limit, search))

    def create(self, name: str) -> Group:
        return self._run(self._ops.create_group(name))

    def get(self, group_id: str) -> Group:
        return self._run(self._ops.get_group(group_id))

    def rename(self, group_id: str, name: str) -> Group:
        return self._run(self._ops.rename_group(group_id, name))

    def delete(self, group_id: str) -> None:
        """Deletes the group only: its files stay."""
        self._run(self._ops.delete_group(group_id))

    def add(
        self,
        group_id: str,
        upload_ids: Sequence[str] | None = None,
        *,
        filter: Mapping[str, Any] | None = None,
    ) -> GroupMembersAdded:
        """Adds records by id (1 to 1000), or every record `filter` keeps (the keyword names of
        `uploads.list`'s filters, e.g. `{"meta": {"env": "prod"}}`)."""
        return self._run(self._ops.add_to_group(group_id, upload_ids, filter))

    def remove(
        self,
        group_id: str,
        upload_ids: Sequence[str] | None = None,
        *,
        filter: Mapping[str, Any] | None = None,
    ) -> GroupMembersRemoved:
        """Takes records out of the group (they stay in the account); chosen as in `add`."""
        return self._run(self._ops.remove_from_group(group_id, upload_ids, filter))


class Links(_Resource):
    """Signed access links: a gateway URL that opens one record's content without an account until
    it expires (1 second to 30 days), is revoked, or (single use) was opened once."""

    def create(
        self, upload_id: str, *, expires_in: int, download_name: str | None = None, single_use: bool = False
    ) -> AccessLink:
        """`expires_in` in seconds; `download_name` makes the content download under that name."""
        return self._run(self._ops.create_link(upload_id, expires_in, download_name, single_use))

    def list(self, upload_id: str) -> builtins.list[AccessLink]:
        """The record's links that still open it, newest first."""
        return self._run(self._ops.list_links(upload_id))

    def revoke(self, upload_id: str, link_id: str) -> None:
        self._run(self._ops.revoke_link(upload_id, link_id))
