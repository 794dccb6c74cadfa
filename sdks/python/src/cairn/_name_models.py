"""What the IPNS name calls answer (see `models`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PublicationSource = Literal["publish", "rollback", "routing"]


@dataclass(frozen=True)
class Name:
    """An IPNS name of the account (`name` is its `k51…` form) and the value it points to now.

    `value`, `sequence`, `ttl_seconds`, `valid_until` and `published_at` are None until it is
    first published.
    """

    id: str
    label: str
    name: str
    value: str | None
    sequence: int | None
    ttl_seconds: int | None
    valid_until: str | None
    published_at: str | None
    created_at: str


@dataclass(frozen=True)
class NamePublication:
    """One record published to a name: by `publish`, by `rollback`, or sent signed elsewhere (`routing`)."""

    sequence: int
    value: str
    ttl_seconds: int
    valid_until: str
    source: PublicationSource
    published_at: str


@dataclass(frozen=True)
class NameKeyExport:
    """A name's Ed25519 private key as the libp2p protobuf, base64 (`ipfs key import --format=…`)."""

    name: str
    format: Literal["libp2p-protobuf-cleartext"]
    private_key: str


@dataclass(frozen=True)
class NameResolution:
    """What a name points to now, from the record in force."""

    name: str
    value: str
    sequence: int
    ttl_seconds: int
    valid_until: str
