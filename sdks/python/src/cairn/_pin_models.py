"""What the per-node status, the allocations and the Pinning Service API answer (see `models`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ContentEngine = Literal["embedded", "kubo", "cluster"]
PsaStatus = Literal["queued", "pinning", "pinned", "failed"]
PsaMatch = Literal["exact", "iexact", "partial", "ipartial"]


@dataclass(frozen=True)
class PeerPinStatus:
    """How one IPFS node holds the content; `error` says why when `status` is `error`."""

    peer_id: str
    peer_name: str
    status: Literal["pinned", "pinning", "queued", "unpinned", "error"]
    error: str | None
    updated_at: str | None


@dataclass(frozen=True)
class PinStatusView:
    cid: str
    engine: ContentEngine
    peers: list[PeerPinStatus]


@dataclass(frozen=True)
class AllocatedPeer:
    peer_id: str
    peer_name: str


@dataclass(frozen=True)
class PinAllocation:
    """The nodes that should hold the content; replication factors of -1 mean every node."""

    cid: str
    engine: ContentEngine
    peers: list[AllocatedPeer]
    replication_min: int
    replication_max: int


@dataclass(frozen=True)
class PsaPin:
    """The Pinning Service API's Pin object: the CID (in canonical form), name, origins and meta."""

    cid: str
    origins: list[str] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    name: str | None = None


@dataclass(frozen=True)
class PsaPinStatus:
    """A pin request: its `requestid`, status, the pin, the server's `delegates` and `info`."""

    requestid: str
    status: PsaStatus
    created: str
    pin: PsaPin
    delegates: list[str]
    info: dict[str, str]

    @property
    def cid(self) -> str:
        return self.pin.cid

    @property
    def done(self) -> bool:
        return self.status in ("pinned", "failed")


@dataclass(frozen=True)
class PsaPinResults:
    """One page of pin requests; `count` is how many match in all."""

    count: int
    results: list[PsaPinStatus]
