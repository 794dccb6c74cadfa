#!/usr/bin/env bash
# Installs the system packages the tests use (Debian), starts the local PostgreSQL server and
# gives the tests their role on 127.0.0.1:5432. Safe to run again: it changes only what is missing.
set -euo pipefail

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v ipfs_cid >/dev/null 2>&1 || need+=(ipfs-cid)
# The engines benchmark's byte relay.
command -v socat >/dev/null 2>&1 || need+=(socat)
# An S3 client nobody here wrote, for the S3 API's scenarios (server/test/s3).
command -v rclone >/dev/null 2>&1 || need+=(rclone)
# The load balancer `cluster:local --instances N` puts in front of Cairn (the binary only, run in
# the foreground by scripts/front-door.mjs; the system service is never started).
command -v haproxy >/dev/null 2>&1 || need+=(haproxy)
# pg_isready comes with the client package; the server is what the tests need.
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || need+=(postgresql)
# The PHP SDK's tests: the CLI with curl, and PHPUnit (which needs dom and mbstring).
command -v php >/dev/null 2>&1 || need+=(php-cli)
php -m 2>/dev/null | grep -qx curl || need+=(php-curl)
php -m 2>/dev/null | grep -qx dom || need+=(php-xml)
php -m 2>/dev/null | grep -qx mbstring || need+=(php-mbstring)
command -v composer >/dev/null 2>&1 || need+=(composer)
command -v phpunit >/dev/null 2>&1 || need+=(phpunit)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing system packages: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$version main"; then
  echo "Creating the PostgreSQL $version cluster"
  $sudo pg_createcluster "$version" main >/dev/null
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "Starting PostgreSQL $version"
  $sudo pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 1
  done
fi
pg_isready -h 127.0.0.1 -p 5432 >/dev/null

# The tests connect as cairn_test (password auth, as Debian's pg_hba.conf allows on 127.0.0.1)
# and create one database per test server. See server/test/pg.ts.
$sudo runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 -d postgres <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cairn_test') THEN
    CREATE ROLE cairn_test LOGIN CREATEDB PASSWORD 'cairn_test';
  END IF;
END
$$;
-- Dropping a test database ends its sessions, an autovacuum worker's too (it has no role).
GRANT pg_signal_backend TO cairn_test;
SQL
echo "PostgreSQL $version is ready on 127.0.0.1:5432"
