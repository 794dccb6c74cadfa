"""The scenario's files, made fresh in a temporary folder."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urljoin

import httpx

KIB = 1024
MIB = 1024 * KIB
CID = re.compile(r"^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]+)$")


@dataclass(frozen=True)
class Files:
    blob: Path
    site: Path
    site_bytes: int
    big: Path
    foreign: Path
    resumable: Path
    report: Path
    secret: Path


def make_files(root: Path) -> Files:
    blob = root / "random.bin"
    blob.write_bytes(os.urandom(300 * KIB))
    site = root / "site"
    (site / "css").mkdir(parents=True)
    (site / "img").mkdir()
    (site / "index.html").write_text("<!doctype html><title>site</title><link href=css/a.css rel=stylesheet>")
    (site / "css" / "a.css").write_text(f"body {{ color: #{os.urandom(3).hex()}; }}")
    (site / "img" / "logo.bin").write_bytes(os.urandom(70 * KIB))
    site_bytes = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    big = root / "big.bin"
    big.write_bytes(os.urandom(2 * MIB))
    foreign = root / "foreign.bin"
    foreign.write_bytes(os.urandom(50 * KIB))
    resumable = root / "resumable.bin"
    resumable.write_bytes(os.urandom(3 * MIB))
    report = root / "report.bin"
    report.write_bytes(os.urandom(KIB))
    secret = root / "secret.bin"
    secret.write_bytes(os.urandom(2 * KIB))
    return Files(blob, site, site_bytes, big, foreign, resumable, report, secret)


def ipfs_cid(path: Path) -> str | None:
    """What a default `ipfs add` gives for the file, where the `ipfs_cid` command exists."""
    command = shutil.which("ipfs_cid")
    if command is None:
        return None
    done = subprocess.run([command, str(path)], check=True, capture_output=True, text=True, timeout=60)
    cid: str = json.loads(done.stdout)["CIDv0"]
    return cid


SITE_PATHS = {"site/index.html", "site/css/a.css", "site/img/logo.bin"}
# A well-formed CID that no account of a fresh server holds.
UNKNOWN_CID = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy"
GROUP_NAME = "reports"
GROUP_RENAMED = "reports-2026"
REPORT_META = {"project": "apollo"}
LINK_SECONDS = 600
NAME_LABEL = "website"
# What a domain's check records when DNS has no DNSLink record (the harness's DNS server holds none).
NO_DNSLINK = "no dnslink= TXT record"


def domain_hostname() -> str:
    """A host name no other run of the scenario on the same server has added."""
    return f"site-{secrets.token_hex(4)}.example.org"


def fetch_car(server_url: str, cid: str, path: Path) -> Path:
    """The DAG of `cid` from the server's gateway as a CAR file (plain HTTP, not the SDK)."""
    with httpx.stream("GET", f"{server_url}/ipfs/{cid}", params={"format": "car"}, timeout=30) as answer:
        assert answer.status_code == 200, answer.read()
        with path.open("wb") as out:
            for chunk in answer.iter_bytes():
                out.write(chunk)
    return path


def flip_last_byte(car: Path, path: Path) -> Path:
    """A copy of `car` with one bit of its last byte flipped: the last block no longer hashes right."""
    data = bytearray(car.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))
    return path


def gateway_get(server_url: str, target: str) -> httpx.Response:
    """The gateway's answer for `target` (a path such as `/ipfs/{cid}`, or a signed link's URL) to
    a caller without credentials: plain HTTP, not the SDK."""
    return httpx.get(urljoin(f"{server_url}/", target), timeout=30)


def _moment(value: str) -> datetime:
    # Python 3.10's fromisoformat does not read the API's trailing "Z".
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def seconds_between(start: str, end: str) -> float:
    """Seconds from one of the API's ISO 8601 times to another."""
    return (_moment(end) - _moment(start)).total_seconds()
