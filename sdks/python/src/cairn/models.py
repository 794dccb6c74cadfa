"""What the API answers, as typed dataclasses with snake_case fields (the JSON is camelCase)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# Status, allocations and Pinning Service API models live in their own module; re-exported here.
# IPNS name and custom domain models live in their own modules; re-exported here.
from ._domain_models import DnslinkRecord as DnslinkRecord
from ._domain_models import Domain as Domain
from ._domain_models import DomainStatus as DomainStatus
from ._name_models import Name as Name
from ._name_models import NameKeyExport as NameKeyExport
from ._name_models import NamePublication as NamePublication
from ._name_models import NameResolution as NameResolution
from ._name_models import PublicationSource as PublicationSource
from ._pin_models import AllocatedPeer as AllocatedPeer
from ._pin_models import PeerPinStatus as PeerPinStatus
from ._pin_models import PinAllocation as PinAllocation
from ._pin_models import PinStatusView as PinStatusView
from ._pin_models import PsaPin as PsaPin
from ._pin_models import PsaPinResults as PsaPinResults
from ._pin_models import PsaPinStatus as PsaPinStatus

UploadType = Literal["file", "directory", "dag"]
ContentCategory = Literal["image", "video", "audio", "document", "office", "archive", "code", "text", "other"]
LanguageCode = Literal["en", "es", "ca", "eu", "fr", "de", "it", "pt", "ru", "uk"]
PinStatus = Literal["queued", "pinning", "pinned", "failed"]
EgressOverLimit = Literal["block", "serve"]
# A right an API token holds: `all` is full access.
TokenScope = Literal[
    "all", "files:read", "files:write", "pins:write", "groups:write", "psa", "links:write", "admin:*"
]
PinErrorCode = Literal[
    "cid_not_found",
    "path_not_found",
    "not_a_file",
    "quota_exceeded",
    "name_taken",
    "content_unavailable",
    "not_found",
    "account_disabled",
    "pin_failed",
]


@dataclass(frozen=True)
class User:
    id: str
    email: str
    name: str
    lastname: str
    country: str
    birth_date: str
    language: LanguageCode
    role: Literal["user", "admin"]
    status: Literal["active", "inactive"]
    referral_code: str
    created_at: str


@dataclass(frozen=True)
class ApiToken:
    id: str
    name: str
    prefix: str
    allowed_ip: str | None
    expires_at: str | None
    created_at: str
    last_used_at: str | None
    last_used_ip: str | None
    revoked_at: str | None
    status: Literal["active", "expired", "revoked"]
    scopes: list[TokenScope]
    group_id: str | None
    group_name: str | None


@dataclass(frozen=True)
class ApiTokenCreated(ApiToken):
    """A new token with its secret (`token`), which the server shows only this once."""

    token: str = field(default="", repr=False)


@dataclass(frozen=True)
class Upload:
    """A record of the account: an upload or a pin."""

    upload_id: str
    name: str
    original_name: str | None
    custom_name: str | None
    name_source: Literal["custom", "original", "auto"]
    cid: str
    size: int
    charged_bytes: int
    type: UploadType
    category: ContentCategory
    files_count: int
    source: Literal["upload", "pin"]
    private: bool
    created_at: str
    meta: dict[str, str] = field(default_factory=dict)
    """The record's key-values (absent from the API when it has none)."""


@dataclass(frozen=True)
class UploadGroupRef:
    """A group that holds a record."""

    id: str
    name: str


@dataclass(frozen=True)
class UploadDetail(Upload):
    """One record with the groups that hold it."""

    groups: list[UploadGroupRef] = field(default_factory=list)


@dataclass(frozen=True)
class UploadResult(Upload):
    """The record an upload made, or the account's existing one (`duplicate`)."""

    duplicate: bool = False


@dataclass(frozen=True)
class DagFile:
    filename: str
    cid: str
    size: int


@dataclass(frozen=True)
class DagUploadResult(UploadResult):
    """A folder stored as one DAG: one record, with every file it holds."""

    files: list[DagFile] = field(default_factory=list)


@dataclass(frozen=True)
class FilesUploadResult:
    """A folder stored as separate files: one record per file."""

    files: list[UploadResult]
    total: int
    size: int


@dataclass(frozen=True)
class UploadList:
    files: list[Upload]
    total: int
    page: int
    limit: int
    # True when more match than `total` (the server counts a search up to 10,000): show "10,000+".
    total_at_least: bool = False


@dataclass(frozen=True)
class Group:
    """A group of the account's records; a record may be in any number of groups."""

    id: str
    name: str
    files_count: int
    created_at: str


@dataclass(frozen=True)
class GroupList:
    groups: list[Group]
    total: int
    page: int
    limit: int


@dataclass(frozen=True)
class GroupMembersAdded:
    added: int


@dataclass(frozen=True)
class GroupMembersRemoved:
    removed: int


@dataclass(frozen=True)
class AccessLink:
    """A signed link that opens a record's content through the gateway until it expires."""

    id: str
    upload_id: str
    cid: str
    url: str
    token: str = field(repr=False)
    expires_at: str
    download_name: str | None
    single_use: bool
    created_at: str


@dataclass(frozen=True)
class RemoveResult:
    success: bool
    cid: str
    upload_id: str
    removed: bool
    operation: Literal["unpinned", "record_removed"]
    timestamp: str
    message: Literal["File removed and unpinned", "File removed from your account"]


@dataclass(frozen=True)
class UsagePlan:
    code: str
    name: str


@dataclass(frozen=True)
class Usage:
    used: int
    limit: int
    percent: float
    limit_reached: bool
    plan_code: str
    plan_limit: int
    bonus: int
    plan: UsagePlan


@dataclass(frozen=True)
class PinJob:
    id: str
    cid: str
    status: PinStatus
    bytes_fetched: int
    blocks: int
    error: str | None
    error_code: PinErrorCode | None
    created_at: str
    updated_at: str
    upload: Upload | None

    @property
    def done(self) -> bool:
        return self.status in ("pinned", "failed")


@dataclass(frozen=True)
class DagEntry:
    name: str
    cid: str
    type: Literal["file", "directory", "raw"]
    size: int


@dataclass(frozen=True)
class DagView:
    cid: str
    upload_id: str
    name: str
    type: UploadType
    total_files: int
    total_size: int
    entries: list[DagEntry]
    total: int
    page: int
    limit: int
    gateway_url: str
    announced: bool
    local_url: str


@dataclass(frozen=True)
class Plan:
    code: str
    name: str
    storage_limit_bytes: int
    price_monthly_eur: float
    description: str
    active: bool
    is_default: bool
    # What the gateway may send for an account of the plan in a calendar month (UTC); None is unlimited.
    egress_limit_bytes: int | None
    # Past it: "block" (429 bandwidth_limit_exceeded) or "serve".
    egress_over_limit: EgressOverLimit
    # Multiplies the per-token request limits of the plan's accounts; 0 lifts them.
    request_limit_factor: int


@dataclass(frozen=True)
class PlanList:
    plans: list[Plan]
    current_plan_code: str
    current_plan: Plan
    payments_configured: bool
    crypto_available: bool


@dataclass(frozen=True)
class CheckoutResult:
    """`changed` (a free plan applied at once, `plan`) or `redirect` (send the user to `url`)."""

    status: Literal["changed", "redirect"]
    plan: Plan | None = None
    url: str | None = None
    transaction_id: str | None = None


@dataclass(frozen=True)
class Referral:
    id: str
    email: str
    joined_at: str
    last_activity_at: str | None
    earned_mb: float
    has_paid_plan: bool
    active: bool


@dataclass(frozen=True)
class ReferralSummary:
    code: str
    link: str
    total_referrals: int
    active_referrals: int
    total_earned_mb: float
    current_bonus_mb: float
    referrals: list[Referral]


@dataclass(frozen=True)
class UploadProgress:
    """Upload progress: file bytes sent so far out of `total` (None when a stream's size is unknown)."""

    sent: int
    total: int | None


@dataclass(frozen=True)
class PinProgress:
    """A pin job's state at one poll while waiting."""

    job: PinJob
    elapsed: float
