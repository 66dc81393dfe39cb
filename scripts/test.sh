#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs the whole test suite: system services for the
# server tests (Chromium for the browser tests, a PostgreSQL server), a virtual environment with
# the package and its test tools, the linters, then pytest (doctests included).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .ci/services.sh ]; then
  # Installs chromium and postgresql where missing and starts a test database; prints exports.
  eval "$(bash .ci/services.sh)"
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
.venv/bin/ruff check sixtysix tests benchmarks
.venv/bin/mypy sixtysix
exec .venv/bin/python -m pytest -n 2 "$@"
