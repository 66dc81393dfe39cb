#!/usr/bin/env bash
# Services for the server tests: Debian's chromium (browser tests) and a PostgreSQL cluster on
# 127.0.0.1 with a user and database for the tests. Idempotent: run it as often as you like.
# Everything goes to stderr except the last line, which is meant for eval:
#   eval "$(.ci/services.sh)"   # sets SIXTYSIX_TEST_PG
#   bash .ci/services.sh stop   # stops that cluster again
# SIXTYSIX_PGDATA and SIXTYSIX_PGPORT choose the cluster's folder and port (scripts/test.sh
# gives a temporary folder and a free port, and stops the cluster when the tests end).
set -euo pipefail

PGDATA="${SIXTYSIX_PGDATA:-/tmp/sixtysix-pg}"
PGPORT="${SIXTYSIX_PGPORT:-54329}"
DB=sixtysix_test
ROLE=sixtysix
PASS=sixtysix

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

# PostgreSQL refuses to run as root: as root, run it as the 'postgres' user the package created.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = stop ]; then
  if [ -f "$PGDATA/postmaster.pid" ]; then
    PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >&2
  fi
  exit 0
fi

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ "${#need[@]}" -gt 0 ]; then
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >&2
fi

PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"

if [ ! -f "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDATA"; fi
  chmod 700 "$PGDATA"
  as_pg "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres >&2
fi
if ! as_pg "$PGBIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGDATA" start >&2
fi

psql_() { "$PGBIN/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_ -c "SELECT 1 FROM pg_roles WHERE rolname='$ROLE'")" != 1 ]; then
  psql_ -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASS'" >&2
fi
if [ "$(psql_ -c "SELECT 1 FROM pg_database WHERE datname='$DB'")" != 1 ]; then
  psql_ -c "CREATE DATABASE $DB OWNER $ROLE" >&2
fi

echo "export SIXTYSIX_TEST_PG=postgresql://$ROLE:$PASS@127.0.0.1:$PGPORT/$DB"
