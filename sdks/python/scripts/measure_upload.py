"""Upload throughput and memory of the Python SDK against `curl -F` on the same live server.

Starts the repository's harness, gives a fresh account room for the files, then uploads files of
random bytes (each a different one, so none is a duplicate) alternately with curl and with the SDK
(the sync client, in a child process whose peak RSS is read from the OS). Prints one JSON line per
upload and a summary. Run from the repository root:

    .tools/venv-python/bin/python sdks/python/scripts/measure_upload.py --size-mib 1024 --rounds 1
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import REPO_ROOT, Server, Setup

CHILD = """
import resource, sys, time
from cairn import Cairn
url, token, path = sys.argv[1:4]
with Cairn(token, base_url=url, timeout=600) as cairn:
    started = time.monotonic()
    result = cairn.uploads.file(path)
    elapsed = time.monotonic() - started
print(result.cid, elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def random_file(folder: Path, name: str, size: int) -> Path:
    path = folder / name
    with path.open("wb") as handle:
        for _ in range(size // (1 << 20)):
            handle.write(os.urandom(1 << 20))
    return path


def with_curl(url: str, token: str, path: Path) -> dict[str, object]:
    started = time.monotonic()
    done = subprocess.run(
        ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", f"Authorization: Bearer {token}",
         "-F", f"file=@{path}", f"{url}/api/v2/upload"],
        capture_output=True, text=True, check=True, timeout=1800,
    )  # fmt: skip
    elapsed = time.monotonic() - started
    return {"client": "curl", "status": done.stdout, "seconds": round(elapsed, 2)}


def with_sdk(url: str, token: str, path: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, url, token, str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    cid, elapsed, rss_kib = done.stdout.split()
    return {
        "client": "python-sdk",
        "cid": cid,
        "seconds": round(float(elapsed), 2),
        "peak_rss_mib": int(rss_kib) // 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mib", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    size = args.size_mib << 20
    harness = subprocess.Popen(
        ["node", "--import", "tsx", "sdks/harness/serve.ts"],
        cwd=REPO_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert harness.stdout is not None
        started = json.loads(harness.stdout.readline())
        setup = Setup(Server(started["url"], started["admin"]["email"], started["admin"]["password"]))
        account = setup.new_account()
        setup.put_on_plan(account.id, 4 * args.rounds * size)
        generated = setup.http.post(
            "/tokens/generate",
            json={"name": "measure", "expiresInDays": 1},
            headers={"Authorization": f"Bearer {account.session}"},
        )
        token = generated.json()["token"]
        results: list[dict[str, object]] = []
        with tempfile.TemporaryDirectory(prefix="cairn-measure-") as folder:
            for round_ in range(args.rounds):
                for index, measure in enumerate(
                    (with_curl, with_sdk) if round_ % 2 == 0 else (with_sdk, with_curl)
                ):
                    path = random_file(Path(folder), f"r{round_}-{index}.bin", size)
                    results.append(measure(started["url"], token, path))
                    print(json.dumps(results[-1]), flush=True)
                    path.unlink()
        curl = sum(float(str(r["seconds"])) for r in results if r["client"] == "curl")
        sdk = sum(float(str(r["seconds"])) for r in results if r["client"] == "python-sdk")
        peak = max(int(str(r["peak_rss_mib"])) for r in results if r["client"] == "python-sdk")
        summary = {
            "size_mib": args.size_mib,
            "sdk_vs_curl_speed": round(curl / sdk, 3),
            "sdk_peak_rss_mib": peak,
        }
        print(json.dumps(summary))
        setup.close()
    finally:
        if harness.stdin:
            harness.stdin.close()
        try:
            harness.wait(timeout=30)
        except subprocess.TimeoutExpired:
            harness.kill()


if __name__ == "__main__":
    main()
