"""Verifying a webhook delivery: the `Cairn-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
keyed with the endpoint's whole signing secret over `<t>.<raw body>`."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Any, Literal

__all__ = [
    "DEFAULT_WEBHOOK_TOLERANCE",
    "WebhookVerificationError",
    "WebhookVerificationErrorKind",
    "verify_webhook",
]

WebhookVerificationErrorKind = Literal[
    "malformed_header", "timestamp_outside_tolerance", "signature_mismatch"
]

DEFAULT_WEBHOOK_TOLERANCE = 300

# Every SDK reads at most 15 digits: beyond that a timestamp is not exact as a JavaScript number,
# and no real one is that long.
_TIMESTAMP = re.compile(r"[0-9]{1,15}")

# Only spaces and tabs: every SDK trims the same characters, whatever its language calls whitespace.
_BLANKS = " \t"


class WebhookVerificationError(Exception):
    """The delivery is not one Cairn signed with this secret (or not recently); `kind` says why."""

    def __init__(self, kind: WebhookVerificationErrorKind, message: str) -> None:
        super().__init__(message)
        self.kind: WebhookVerificationErrorKind = kind


def _malformed(why: str) -> WebhookVerificationError:
    return WebhookVerificationError("malformed_header", f"Malformed Cairn-Signature header: {why}")


def _parse_header(header: str) -> tuple[str, list[str]]:
    if header.strip(_BLANKS) == "":
        raise _malformed("it is empty")
    timestamps: list[str] = []
    signatures: list[str] = []
    for pair in header.split(","):
        key, sep, value = pair.partition("=")
        if not sep:
            raise _malformed("each entry must be key=value")
        key, value = key.strip(_BLANKS), value.strip(_BLANKS)
        if key == "t":
            timestamps.append(value)
        elif key == "v1":
            signatures.append(value)
    if len(timestamps) != 1:
        raise _malformed("it must have exactly one t")
    # str.isdigit and \d accept non-ASCII digits: only 0-9 are.
    if not _TIMESTAMP.fullmatch(timestamps[0]):
        raise _malformed("t must be unix seconds, in decimal digits")
    if not signatures:
        raise _malformed("it has no v1 signature")
    return timestamps[0], signatures


def verify_webhook(
    body: str | bytes,
    header: str,
    secret: str,
    *,
    tolerance: int = DEFAULT_WEBHOOK_TOLERANCE,
    now: int | None = None,
) -> dict[str, Any]:
    """Checks that a delivery was signed by Cairn with `secret` (the endpoint's `whsec_…` signing secret)
    within `tolerance` seconds (0: no check) and returns its event (`id`, `type`, `createdAt`, `data`).

    `body` is the raw body as received, never JSON parsed and serialised again. Raises
    `WebhookVerificationError` otherwise.
    """
    timestamp, signatures = _parse_header(header)
    current = int(time.time()) if now is None else now
    if tolerance > 0 and abs(current - int(timestamp)) > tolerance:
        raise WebhookVerificationError(
            "timestamp_outside_tolerance", "The webhook timestamp is outside the tolerance"
        )
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    expected = hmac.new(
        secret.encode("utf-8"), timestamp.encode("ascii") + b"." + raw, hashlib.sha256
    ).hexdigest()
    # Every signature is compared, so the time taken does not tell which one matched.
    matched = False
    for signature in signatures:
        matched = (
            hmac.compare_digest(expected.encode("ascii"), signature.encode("utf-8", "surrogatepass"))
            or matched
        )
    if not matched:
        raise WebhookVerificationError("signature_mismatch", "No webhook signature matches the secret")
    event: dict[str, Any] = json.loads(raw)
    return event
