#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs the whole test suite: system services for the
# server tests (Chromium for the browser tests, a PostgreSQL server), a virtual environment with
# the package and its test tools, the package's wheel (built with the compiled core where it can
# be, installed in a clean environment and played: scripts/wheel_check.sh), the linters, then
# pytest (doctests included) on the compiled core and on the pure one (the core's tests only:
# those of the server, the browser, the CLI and the tools once).
#
# The PostgreSQL server is this run's own: a temporary folder, a free port, stopped and removed
# when the script ends however it ends, so nothing is left running. (With SIXTYSIX_TEST_PG
# already set, that database is used and no server is started.)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .ci/services.sh ] && [ -z "${SIXTYSIX_TEST_PG:-}" ]; then
  # Under /tmp: as root the cluster runs as user postgres, who must reach the folder.
  SIXTYSIX_PGDATA="$(mktemp -d /tmp/sixtysix-pg.XXXXXX)"
  SIXTYSIX_PGPORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  export SIXTYSIX_PGDATA SIXTYSIX_PGPORT
  stop_pg() {
    bash .ci/services.sh stop || true
    rm -rf "$SIXTYSIX_PGDATA"
  }
  trap stop_pg EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  # Installs chromium and postgresql where missing and starts the test database; prints exports.
  eval "$(bash .ci/services.sh)"
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
# The editable install, without compiling: scripts/wheel_check.sh compiles the core once, in the
# wheel it builds, installs in a clean environment and plays, then puts the wheel's extensions
# beside the sources (where the core cannot be compiled, the pure core runs, and the second pytest
# run below tests the pure core anyway).
SIXTYSIX_NO_COMPILE=1 .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
bash scripts/wheel_check.sh
echo "scripts/test.sh: the wheel built, installed and played at ${SECONDS} s" >&2
.venv/bin/sixtysix --version
.venv/bin/ruff check sixtysix tests benchmarks
.venv/bin/mypy --strict sixtysix
echo "scripts/test.sh: set up and linted in ${SECONDS} s" >&2
# The browser tests write each game's table at a phone's size and a laptop's to
# $SIXTYSIX_ARTIFACTS/screenshots/, and every page open when a browser test fails beside it: CI
# keeps the folder.
export SIXTYSIX_ARTIFACTS="${SIXTYSIX_ARTIFACTS:-$PWD/test-artifacts}"
.venv/bin/python -m pytest -n 2 "$@"
echo "scripts/test.sh: the compiled core's pass done at ${SECONDS} s (screenshots: $SIXTYSIX_ARTIFACTS)" >&2
# The pure core's pass runs the core's tests alone: it leaves out those marked `surface` (the
# server's, the browser's among them, the research tools', the CLI's, the docs' and the plugins':
# tests/conftest.py), whose code is none of the core's. They took a third of that pass.
SIXTYSIX_PURE=1 .venv/bin/python -m pytest -n 2 -m "not surface" "$@"
echo "scripts/test.sh: the pure core's pass done at ${SECONDS} s" >&2
