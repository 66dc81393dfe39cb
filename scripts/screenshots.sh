#!/usr/bin/env bash
# Makes docs/screenshots/ again: each game's table at a phone's size (390x844) and a laptop's
# (1280x800), in the middle of a hand, as the whole-hand browser tests see them
# (tests/server/test_server_browser_hands.py: each game's hand is looked at in both sizes).
# Run it from a set-up checkout (scripts/test.sh made .venv) after a change to the table's looks.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
SIXTYSIX_ARTIFACTS="$out" .venv/bin/python -m pytest -p no:cacheprovider -n 2 \
  tests/server/test_server_browser_hands.py
mkdir -p docs/screenshots
cp "$out"/screenshots/*.jpg docs/screenshots/
du -ch docs/screenshots/*.jpg | tail -1
