"""What the custom domain calls answer (see `models`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DomainStatus = Literal["pending", "verified", "failed"]


@dataclass(frozen=True)
class DnslinkRecord:
    """The DNS record a domain needs: TXT `value` at `name` (`_dnslink.<hostname>`)."""

    name: str
    type: Literal["TXT"]
    value: str


@dataclass(frozen=True)
class Domain:
    """A custom domain of the account, serving `target` once verified.

    `status` is `pending` until the first check, then `verified` (serving) or `failed`, with
    `last_error` saying why.
    """

    id: str
    hostname: str
    target: str
    status: DomainStatus
    verified_at: str | None
    last_checked_at: str | None
    last_error: str | None
    dnslink_record: DnslinkRecord
    created_at: str
