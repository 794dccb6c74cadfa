"""The IPNS names resource of both clients: `Cairn.names` and `AsyncCairn.names`.

A name is addressed by its `id`; `resolve` takes the `k51…` name itself, of any account.
"""

from __future__ import annotations

import builtins

from ._async_resources import Runner as AsyncRunner
from ._name_models import Name, NameKeyExport, NamePublication, NameResolution
from ._names import NameOperations
from ._resources import Runner


class Names:
    """IPNS names: `create`, `publish` to content the account holds, `resolve`, `history`, `rollback`."""

    def __init__(self, ops: NameOperations, run: Runner) -> None:
        self._ops = ops
        self._run = run

    def list(self) -> builtins.list[Name]:
        """Every name of the account (at most 100), oldest first."""
        return self._run(self._ops.list())

    def create(self, label: str) -> Name:
        """A new name with a new key; it points nowhere until published."""
        return self._run(self._ops.create(label))

    def get(self, name_id: str) -> Name:
        return self._run(self._ops.get(name_id))

    def rename(self, name_id: str, label: str) -> Name:
        """Changes the label only; the name and its value stay."""
        return self._run(self._ops.rename(name_id, label))

    def delete(self, name_id: str) -> None:
        """The key and its history are gone: the name no longer resolves here."""
        self._run(self._ops.delete(name_id))

    def publish(
        self, name_id: str, value: str, *, ttl_seconds: int | None = None, validity_hours: int | None = None
    ) -> Name:
        """Points the name at `value`: a CID or `/ipfs/{cid}[/{path}]` of one of the account's files.

        Content the account does not hold raises `ValidationError` (`name_value_not_held`).
        """
        return self._run(self._ops.publish(name_id, value, ttl_seconds, validity_hours))

    def history(self, name_id: str, *, limit: int | None = None) -> builtins.list[NamePublication]:
        """The name's publications, newest first (50 unless `limit`, at most 200)."""
        return self._run(self._ops.history(name_id, limit))

    def rollback(self, name_id: str, sequence: int, *, ttl_seconds: int | None = None) -> Name:
        """Publishes the value of publication `sequence` again, under the next sequence number."""
        return self._run(self._ops.rollback(name_id, sequence, ttl_seconds))

    def export_key(self, name_id: str) -> NameKeyExport:
        """The name's private key; full-access tokens only. Whoever holds it can publish the name."""
        return self._run(self._ops.export_key(name_id))

    def resolve(self, name: str) -> NameResolution:
        """What a `k51…` name points to, of any account.

        A name with no record here raises `NotFoundError` (`name_not_resolved`).
        """
        return self._run(self._ops.resolve(name))


class AsyncNames:
    """IPNS names, awaited; the same calls as `Names`."""

    def __init__(self, ops: NameOperations, run: AsyncRunner) -> None:
        self._ops = ops
        self._run = run

    async def list(self) -> builtins.list[Name]:
        return await self._run(self._ops.list())

    async def create(self, label: str) -> Name:
        return await self._run(self._ops.create(label))

    async def get(self, name_id: str) -> Name:
        return await self._run(self._ops.get(name_id))

    async def rename(self, name_id: str, label: str) -> Name:
        return await self._run(self._ops.rename(name_id, label))

    async def delete(self, name_id: str) -> None:
        await self._run(self._ops.delete(name_id))

    async def publish(
        self, name_id: str, value: str, *, ttl_seconds: int | None = None, validity_hours: int | None = None
    ) -> Name:
        return await self._run(self._ops.publish(name_id, value, ttl_seconds, validity_hours))

    async def history(self, name_id: str, *, limit: int | None = None) -> builtins.list[NamePublication]:
        return await self._run(self._ops.history(name_id, limit))

    async def rollback(self, name_id: str, sequence: int, *, ttl_seconds: int | None = None) -> Name:
        return await self._run(self._ops.rollback(name_id, sequence, ttl_seconds))

    async def export_key(self, name_id: str) -> NameKeyExport:
        return await self._run(self._ops.export_key(name_id))

    async def resolve(self, name: str) -> NameResolution:
        return await self._run(self._ops.resolve(name))
