"""The custom domains resource of both clients: `Cairn.domains` and `AsyncCairn.domains`."""

from __future__ import annotations

import builtins

from ._async_resources import Runner as AsyncRunner
from ._domain_models import Domain
from ._domains import DomainOperations
from ._resources import Runner


class Domains:
    """Custom domains: a host name serving an IPNS name or a file of the account once its DNSLink is verified.

    Full-access tokens only.
    """

    def __init__(self, ops: DomainOperations, run: Runner) -> None:
        self._ops = ops
        self._run = run

    def list(self) -> builtins.list[Domain]:
        """Every custom domain of the account (at most 20), oldest first."""
        return self._run(self._ops.list())

    def add(self, hostname: str, target: str) -> Domain:
        """Adds `hostname` to serve `target` (`/ipns/<name>` or `/ipfs/<cid>` of the account).

        The domain starts `pending`; `dnslink_record` is the TXT record to create. A target the
        account does not hold raises `ValidationError` (`domain_target_not_held`); a host name held
        already, or a 21st domain, `ConflictError` (`domain_taken`, `domain_limit_reached`).
        """
        return self._run(self._ops.add(hostname, target))

    def verify(self, domain_id: str) -> Domain:
        """Checks the domain's DNSLink now: `verified`, or `failed` with `last_error` saying why."""
        return self._run(self._ops.verify(domain_id))

    def delete(self, domain_id: str) -> None:
        """The host name serves nothing from now on.

        An unknown id (a domain deleted already) raises `NotFoundError` (`domain_not_found`).
        """
        self._run(self._ops.delete(domain_id))


class AsyncDomains:
    """Custom domains, awaited; the same calls as `Domains`."""

    def __init__(self, ops: DomainOperations, run: AsyncRunner) -> None:
        self._ops = ops
        self._run = run

    async def list(self) -> builtins.list[Domain]:
        return await self._run(self._ops.list())

    async def add(self, hostname: str, target: str) -> Domain:
        return await self._run(self._ops.add(hostname, target))

    async def verify(self, domain_id: str) -> Domain:
        return await self._run(self._ops.verify(domain_id))

    async def delete(self, domain_id: str) -> None:
        await self._run(self._ops.delete(domain_id))
