"""Every API call, defined once as an I/O-free operation (see `_core`) that both clients run."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar
from urllib.parse import quote

from ._bodies import FileBody
from ._convert import from_json
from ._core import Operation, RetryPolicy, Send, Sleep, send
from ._multipart import MultipartBody, ProgressCallback
from ._resumable import CancelToken, Resumable
from ._sources import FileInput, file_source, folder_sources
from .errors import PinFailedError, PinTimeoutError
from .models import (
    ApiToken,
    ApiTokenCreated,
    CheckoutResult,
    DagUploadResult,
    DagView,
    FilesUploadResult,
    PinAllocation,
    PinJob,
    PinProgress,
    PinStatusView,
    PlanList,
    ReferralSummary,
    RemoveResult,
    TokenScope,
    Upload,
    UploadDetail,
    UploadList,
    UploadResult,
    Usage,
    User,
)

T = TypeVar("T")
CidVersion = Literal[0, 1]
DirectoryMode = Literal["dag", "files"]
PinProgressCallback = Callable[[PinProgress], None]


def _segment(value: str) -> str:
    return quote(value, safe="")


def _params(**values: Any) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}


class Operations:
    """Builds operations with the client's retry policy; `origin` is the server's root URL."""

    def __init__(self, policy: RetryPolicy, origin: str) -> None:
        self.policy = policy
        self.origin = origin

    def _one(self, cls: type[T], request: Send) -> Operation[T]:
        data = yield from send(request, self.policy)
        return from_json(cls, data)

    # Users and tokens
    def me(self) -> Operation[User]:
        return self._one(User, Send("GET", "/users/me"))

    def create_token(
        self,
        name: str,
        expires_in_days: int | None,
        allowed_ip: str | None,
        scopes: Sequence[TokenScope] | None = None,
        group_id: str | None = None,
    ) -> Operation[ApiTokenCreated]:
        body: dict[str, Any] = {"name": name, "expiresInDays": expires_in_days, "allowedIp": allowed_ip}
        # Left out, the server makes a full-access token.
        if scopes is not None:
            body["scopes"] = list(scopes)
        if group_id is not None:
            body["groupId"] = group_id
        return self._one(ApiTokenCreated, Send("POST", "/tokens/generate", json=body))

    def list_tokens(self) -> Operation[list[ApiToken]]:
        data = yield from send(Send("GET", "/tokens"), self.policy)
        return [from_json(ApiToken, token) for token in data["tokens"]]

    def revoke_token(self, token_id: str) -> Operation[ApiToken]:
        return self._one(ApiToken, Send("DELETE", f"/tokens/{_segment(token_id)}"))

    # Uploads
    def upload_file(
        self,
        file: FileInput,
        *,
        name: str | None,
        filename: str | None,
        cid_version: CidVersion | None,
        on_progress: ProgressCallback | None,
    ) -> Operation[UploadResult]:
        body = MultipartBody([file_source(file, filename)], on_progress)
        params = _params(cidVersion=cid_version, name=name)
        return self._one(UploadResult, Send("POST", "/upload", params=params, body=body))

    def upload_directory(
        self,
        folder: Any,
        *,
        mode: DirectoryMode,
        name: str | None,
        cid_version: CidVersion | None,
        on_progress: ProgressCallback | None,
    ) -> Operation[DagUploadResult | FilesUploadResult]:
        if mode not in ("dag", "files"):
            raise ValueError("mode is 'dag' or 'files'")
        body = MultipartBody(folder_sources(folder), on_progress)
        params = _params(mode=mode, cidVersion=cid_version, name=name)
        data = yield from send(Send("POST", "/upload/directory", params=params, body=body), self.policy)
        if mode == "dag":
            return from_json(DagUploadResult, data)
        return from_json(FilesUploadResult, data)

    def upload_car(
        self,
        file: FileInput,
        *,
        name: str | None,
        filename: str | None,
        on_progress: ProgressCallback | None,
    ) -> Operation[UploadResult]:
        body = FileBody(file_source(file, filename), "application/vnd.ipld.car", on_progress)
        return self._one(UploadResult, Send("POST", "/upload/car", params=_params(name=name), body=body))

    def upload_resumable(
        self,
        file: FileInput,
        *,
        url: str | None,
        name: str | None,
        filename: str | None,
        cid_version: CidVersion | None,
        chunk_size: int,
        on_progress: ProgressCallback | None,
        on_url: Callable[[str], None] | None,
        cancel: CancelToken | None,
    ) -> Operation[UploadResult]:
        upload = Resumable(
            self.policy,
            self.origin,
            file_source(file, filename),
            chunk_size=chunk_size,
            on_progress=on_progress,
            on_url=on_url,
            cancel=cancel,
        )
        return upload.run(url, _params(cidVersion=cid_version, name=name))

    def list_uploads(self, page: int, limit: int, search: str | None) -> Operation[UploadList]:
        params = _params(page=page, limit=limit, search=search)
        return self._one(UploadList, Send("GET", "/users/me/uploads", params=params))

    def get_upload(self, upload_id: str) -> Operation[UploadDetail]:
        return self._one(UploadDetail, Send("GET", f"/uploads/{_segment(upload_id)}"))

    def rename_upload(self, upload_id: str, name: str) -> Operation[Upload]:
        return self._one(Upload, Send("PATCH", f"/uploads/{_segment(upload_id)}", json={"name": name}))

    def delete_upload(self, upload_id: str) -> Operation[RemoveResult]:
        return self._one(RemoveResult, Send("DELETE", f"/uploads/{_segment(upload_id)}"))

    def dag(self, cid: str, page: int | None, limit: int | None) -> Operation[DagView]:
        params = _params(page=page, limit=limit)
        return self._one(DagView, Send("GET", f"/dag/{_segment(cid)}", params=params))

    def usage(self) -> Operation[Usage]:
        return self._one(Usage, Send("GET", "/users/me/usage"))

    # Pins
    def create_pin(self, cid: str, name: str | None, original_name: str | None) -> Operation[PinJob]:
        body = _params(cid=cid, customName=name, originalName=original_name)
        return self._one(PinJob, Send("POST", "/pins", json=body))

    def get_pin(self, pin_id: str) -> Operation[PinJob]:
        return self._one(PinJob, Send("GET", f"/pins/{_segment(pin_id)}"))

    def wait_pin(
        self,
        job: PinJob | str,
        *,
        interval: float,
        timeout: float | None,
        on_progress: PinProgressCallback | None,
    ) -> Operation[PinJob]:
        """Polls the job until it is `pinned` (returned) or `failed` (`PinFailedError`).

        The wait is bounded: after `timeout` seconds a running job raises `PinTimeoutError`.
        """
        started = time.monotonic()
        current = job if isinstance(job, PinJob) else (yield from self.get_pin(job))
        while True:
            elapsed = time.monotonic() - started
            if on_progress is not None:
                on_progress(PinProgress(current, elapsed))
            if current.status == "pinned":
                return current
            if current.status == "failed":
                raise PinFailedError(current)
            if timeout is not None and elapsed >= timeout:
                raise PinTimeoutError(current, elapsed)
            pause = interval if timeout is None else max(0.0, min(interval, timeout - elapsed))
            yield Sleep(pause)
            current = yield from self.get_pin(current.id)

    def pin_status(self, cid: str) -> Operation[PinStatusView]:
        return self._one(PinStatusView, Send("GET", f"/status/{_segment(cid)}"))

    def pin_allocations(self, cid: str) -> Operation[PinAllocation]:
        return self._one(PinAllocation, Send("GET", f"/allocations/{_segment(cid)}"))

    # Account
    def referrals(self) -> Operation[ReferralSummary]:
        return self._one(ReferralSummary, Send("GET", "/referrals/me"))

    def plans(self) -> Operation[PlanList]:
        return self._one(PlanList, Send("GET", "/plans"))

    def checkout(self, code: str, accept_terms: bool, method: str) -> Operation[CheckoutResult]:
        body = {"method": method, "acceptTerms": accept_terms}
        return self._one(CheckoutResult, Send("POST", f"/plans/{_segment(code)}/checkout", json=body))


def next_page(result: UploadList) -> int | None:
    """The page after `result`, or None when it was the last."""
    if not result.files or result.page * result.limit >= result.total:
        return None
    return result.page + 1
