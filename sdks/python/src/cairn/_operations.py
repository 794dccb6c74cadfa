"""Every API call, defined once as an I/O-free operation (see `_core`) that both clients run."""

from __future__ import annotations

import dataclasses
import json as _json
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
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
    AccessLink,
    ApiToken,
    ApiTokenCreated,
    CheckoutResult,
    DagUploadResult,
    DagView,
    FilesUploadResult,
    Group,
    GroupList,
    GroupMembersAdded,
    GroupMembersRemoved,
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


def _extras(private: bool, group_id: str | None, meta: Mapping[str, str] | None) -> dict[str, Any]:
    """A new record's privacy, group and key-values as an upload's query string carries them."""
    return _params(
        private="true" if private else None,
        groupId=group_id,
        meta=_json.dumps(dict(meta)) if meta else None,
    )


def _iso(value: str | datetime | None) -> str | None:
    return value.isoformat() if isinstance(value, datetime) else value


# The file list's filters, by the SDK's keyword name and the API's.
FILTERS = {
    "search": "search",
    "name": "name",
    "cid": "cid",
    "type": "type",
    "category": "category",
    "min_size": "minSize",
    "max_size": "maxSize",
    "from_": "from",
    "to": "to",
    "group_id": "groupId",
    "meta": "meta",
    "meta_prefix": "metaPrefix",
    "meta_exists": "metaExists",
}


def filter_body(filters: Mapping[str, Any]) -> dict[str, Any]:
    """The filters (the file list's keyword names) as a JSON filter object of the API."""
    unknown = set(filters) - set(FILTERS)
    if unknown:
        raise ValueError(f"unknown filters: {sorted(unknown)} (known: {sorted(FILTERS)})")
    body: dict[str, Any] = {}
    for key, value in filters.items():
        if value is None:
            continue
        if key in ("from_", "to"):
            value = _iso(value)
        elif key in ("meta", "meta_prefix"):
            value = dict(value)
        elif key == "meta_exists":
            value = list(value)
        body[FILTERS[key]] = value
    return body


def filter_query(filters: Mapping[str, Any]) -> dict[str, Any]:
    """The filters as the file list's query string: key-values as JSON, keys comma-separated."""
    query = filter_body(filters)
    for key in ("meta", "metaPrefix"):
        if key in query:
            query[key] = _json.dumps(query[key]) if query[key] else None
    if "metaExists" in query:
        query["metaExists"] = ",".join(query["metaExists"]) or None
    return _params(**query)


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
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> Operation[UploadResult]:
        body = MultipartBody([file_source(file, filename)], on_progress)
        params = _params(cidVersion=cid_version, name=name) | _extras(private, group_id, meta)
        return self._one(UploadResult, Send("POST", "/upload", params=params, body=body))

    def upload_directory(
        self,
        folder: Any,
        *,
        mode: DirectoryMode,
        name: str | None,
        cid_version: CidVersion | None,
        on_progress: ProgressCallback | None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> Operation[DagUploadResult | FilesUploadResult]:
        if mode not in ("dag", "files"):
            raise ValueError("mode is 'dag' or 'files'")
        body = MultipartBody(folder_sources(folder), on_progress)
        params = _params(mode=mode, cidVersion=cid_version, name=name) | _extras(private, group_id, meta)
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
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> Operation[UploadResult]:
        body = FileBody(file_source(file, filename), "application/vnd.ipld.car", on_progress)
        params = _params(name=name) | _extras(private, group_id, meta)
        return self._one(UploadResult, Send("POST", "/upload/car", params=params, body=body))

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
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
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
        result = yield from upload.run(url, _params(cidVersion=cid_version, name=name))
        # The record joins its group and gets its key-values once it is stored.
        if group_id:
            yield from self.add_to_group(group_id, [result.upload_id], None)
        if meta:
            updated = yield from self.update_upload(result.upload_id, None, meta)
            result = dataclasses.replace(result, meta=updated.meta)
        return result

    def list_uploads(
        self,
        page: int,
        limit: int,
        search: str | None,
        sort: str | None = None,
        order: str | None = None,
        filters: Mapping[str, Any] | None = None,
    ) -> Operation[UploadList]:
        params = _params(page=page, limit=limit, search=search, sort=sort, order=order)
        params |= filter_query(filters or {})
        return self._one(UploadList, Send("GET", "/users/me/uploads", params=params))

    def get_upload(self, upload_id: str) -> Operation[UploadDetail]:
        return self._one(UploadDetail, Send("GET", f"/uploads/{_segment(upload_id)}"))

    def rename_upload(self, upload_id: str, name: str) -> Operation[Upload]:
        # Renaming to the same name changes nothing: retried like a read.
        path = f"/uploads/{_segment(upload_id)}"
        return self._one(Upload, Send("PATCH", path, json={"name": name}, idempotent=True))

    def update_upload(
        self, upload_id: str, name: str | None, meta: Mapping[str, str | None] | None
    ) -> Operation[Upload]:
        body: dict[str, Any] = _params(name=name)
        if meta is not None:
            body["meta"] = dict(meta)
        # Applying the same change again changes nothing: retried.
        return self._one(Upload, Send("PATCH", f"/uploads/{_segment(upload_id)}", json=body, idempotent=True))

    def set_private(self, upload_id: str, value: bool) -> Operation[Upload]:
        path = f"/files/{_segment(upload_id)}/privacy"
        return self._one(Upload, Send("PUT", path, json={"private": value}))

    def delete_upload(self, upload_id: str) -> Operation[RemoveResult]:
        # A record deleted already is `upload_not_found`: a retry would report a success as a failure.
        path = f"/uploads/{_segment(upload_id)}"
        return self._one(RemoveResult, Send("DELETE", path, idempotent=False))

    def dag(self, cid: str, page: int | None, limit: int | None) -> Operation[DagView]:
        params = _params(page=page, limit=limit)
        return self._one(DagView, Send("GET", f"/dag/{_segment(cid)}", params=params))

    def usage(self) -> Operation[Usage]:
        return self._one(Usage, Send("GET", "/users/me/usage"))

    # Groups
    def list_groups(self, page: int | None, limit: int | None, search: str | None) -> Operation[GroupList]:
        params = _params(page=page, limit=limit, search=search)
        return self._one(GroupList, Send("GET", "/groups", params=params))

    def create_group(self, name: str) -> Operation[Group]:
        return self._one(Group, Send("POST", "/groups", json={"name": name}))

    def get_group(self, group_id: str) -> Operation[Group]:
        return self._one(Group, Send("GET", f"/groups/{_segment(group_id)}"))

    def rename_group(self, group_id: str, name: str) -> Operation[Group]:
        # Renaming to the same name changes nothing: retried like a read.
        path = f"/groups/{_segment(group_id)}"
        return self._one(Group, Send("PATCH", path, json={"name": name}, idempotent=True))

    def delete_group(self, group_id: str) -> Operation[None]:
        # A group deleted already is `group_not_found`: a retry would report a success as a failure.
        yield from send(Send("DELETE", f"/groups/{_segment(group_id)}", idempotent=False), self.policy)
        return None

    @staticmethod
    def group_members(upload_ids: Sequence[str] | None, filters: Mapping[str, Any] | None) -> dict[str, Any]:
        """The body naming which records: by id, or every record the filters match."""
        if (upload_ids is None) == (filters is None):
            raise ValueError("give either upload_ids or filter")
        if upload_ids is not None:
            return {"uploadIds": list(upload_ids)}
        return {"filter": filter_body(filters or {})}

    def add_to_group(
        self, group_id: str, upload_ids: Sequence[str] | None, filters: Mapping[str, Any] | None
    ) -> Operation[GroupMembersAdded]:
        # A record already in the group stays as it is: retried.
        body = self.group_members(upload_ids, filters)
        path = f"/groups/{_segment(group_id)}/uploads"
        return self._one(GroupMembersAdded, Send("POST", path, json=body, idempotent=True))

    def remove_from_group(
        self, group_id: str, upload_ids: Sequence[str] | None, filters: Mapping[str, Any] | None
    ) -> Operation[GroupMembersRemoved]:
        # A record no longer in the group stays out: retried like `add_to_group`.
        body = self.group_members(upload_ids, filters)
        path = f"/groups/{_segment(group_id)}/uploads/remove"
        return self._one(GroupMembersRemoved, Send("POST", path, json=body, idempotent=True))

    # Signed access links
    def create_link(
        self, upload_id: str, expires_in: int, download_name: str | None, single_use: bool
    ) -> Operation[AccessLink]:
        body: dict[str, Any] = {"expiresIn": expires_in, "singleUse": single_use}
        if download_name is not None:
            body["downloadName"] = download_name
        return self._one(AccessLink, Send("POST", f"/files/{_segment(upload_id)}/links", json=body))

    def list_links(self, upload_id: str) -> Operation[list[AccessLink]]:
        data = yield from send(Send("GET", f"/files/{_segment(upload_id)}/links"), self.policy)
        return [from_json(AccessLink, link) for link in data["links"]]

    def revoke_link(self, upload_id: str, link_id: str) -> Operation[None]:
        # A link revoked already is `link_not_found`: a retry would report a success as a failure.
        path = f"/files/{_segment(upload_id)}/links/{_segment(link_id)}"
        yield from send(Send("DELETE", path, idempotent=False), self.policy)
        return None

    # Pins
    def create_pin(
        self,
        cid: str,
        name: str | None,
        original_name: str | None,
        private: bool = False,
        group_id: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> Operation[PinJob]:
        body = _params(cid=cid, customName=name, originalName=original_name, groupId=group_id)
        if private:
            body["private"] = True
        if meta:
            body["meta"] = dict(meta)
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
