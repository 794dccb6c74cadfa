"""The scenario's files, made fresh in a temporary folder."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

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
    return Files(blob, site, site_bytes, big, foreign, resumable)


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
