#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs the whole test suite: system services for the
# server tests (Chromium for the browser tests, a PostgreSQL server), a virtual environment with
# the package and its test tools, the compiled core (setup.py; the pure core where it cannot be
# built), the linters, then pytest (doctests included) on the compiled core and on the pure one.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .ci/services.sh ]; then
  # Installs chromium and postgresql where missing and starts a test database; prints exports.
  eval "$(bash .ci/services.sh)"
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
# The editable install also builds the compiled core beside its sources (setup.py); where it
# cannot, the pure core runs, and the second pytest run below tests the pure core anyway.
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
.venv/bin/sixtysix --version
.venv/bin/ruff check sixtysix tests benchmarks
.venv/bin/mypy sixtysix
.venv/bin/python -m pytest -n 2 "$@"
SIXTYSIX_PURE=1 .venv/bin/python -m pytest -n 2 "$@"
