#!/usr/bin/env bash
# The Python SDK's checks: ruff, mypy, then pytest against a live Cairn server that the suite starts.
# Uses the virtualenv in .tools/venv-python, made (or remade) only when pyproject.toml changed.
# Extra arguments go to pytest. Exits non-zero when anything fails, and when pytest collected no test.
set -euo pipefail

sdk="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(cd "$sdk/../.." && pwd)"
venv="$root/.tools/venv-python"
stamp="$venv/.pyproject.sha256"
python="${PYTHON:-python3}"

if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  echo "The Python SDK needs Python 3.10 or newer ($python is $("$python" --version 2>&1))." >&2
  exit 1
fi

wanted="$(sha256sum "$sdk/pyproject.toml" | cut -d' ' -f1)"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null || true)" != "$wanted" ]; then
  echo "Installing the Python SDK's development dependencies…"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -e "$sdk[dev]"
  echo "$wanted" >"$stamp"
fi

cd "$sdk"
# The venv's editable install may point at another checkout of the repository (a copied .tools):
# this checkout's sources come first on the path.
export PYTHONPATH="$sdk/src${PYTHONPATH:+:$PYTHONPATH}"
"$venv/bin/ruff" check src tests scripts
"$venv/bin/ruff" format --check src tests scripts
"$venv/bin/mypy"

status=0
"$venv/bin/pytest" "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no test of the Python SDK: that is a failure." >&2
  exit 1
fi
exit "$status"
