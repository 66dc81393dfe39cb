#!/usr/bin/env bash
# Builds the package's wheel from a clean copy of the source, installs it in a new virtual
# environment outside the source tree with the `cli` extra alone (a player's install), and plays:
# the compiled core where a C compiler exists, then, built again with a compiler that always fails
# (CC=false), the pure core. Then it puts the compiled wheel's extensions beside the sources, so
# that the editable install of scripts/test.sh (made with SIXTYSIX_NO_COMPILE=1) runs the compiled
# core too: the core is compiled once, here. Needs .venv with the `test` extra (Cython, setuptools).
set -euo pipefail
cd "$(dirname "$0")/.."
here="$PWD"
py="$here/.venv/bin/python"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# What git tracks or would track, as it is now: nothing built in the tree goes into the wheel.
mkdir "$tmp/src"
git ls-files -z --cached --others --exclude-standard \
  | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$tmp/src"

build() {  # build DIR [ENV...]: the wheel, into DIR
  local out="$1"; shift
  rm -rf "$tmp/src/build"
  env "$@" "$py" -m pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
    -w "$out" "$tmp/src" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; return 1; }
  ls "$out"/sixtysix-*.whl
}

# A player's game, outside the source tree, through the script: the first hand played to its end
# (the first legal action every time), its record saved and replayed.
play() {  # play EXPECTED-CORE-PREFIX
  local bin="$tmp/venv/bin" core
  core="$(cd "$tmp" && "$bin/sixtysix" --version)"
  echo "scripts/wheel_check.sh: $core" >&2
  case "$core" in "sixtysix "*", core: $1"*) ;; *) echo "expected the core: $1" >&2; return 1 ;; esac
  (cd "$tmp" && printf '1\n%.0s' {1..300} | "$bin/sixtysix" play --seed 7 --opponent random \
     --save "$tmp/match.json" >"$tmp/play.log")
  grep -q "Card points:" "$tmp/play.log" || { tail -n 40 "$tmp/play.log" >&2; return 1; }
  (cd "$tmp" && "$bin/sixtysix" replay "$tmp/match.json" >/dev/null)
}

compiled="$(build "$tmp/compiled")"
echo "scripts/wheel_check.sh: built $(basename "$compiled") at ${SECONDS} s" >&2
# The web client's card faces (both decks, the back) and their licences ride in the wheel: the
# table must work offline from the installed package.
"$py" - "$compiled" <<'EOF'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
cards = "sixtysix/web/cards/"
want = {f"{cards}{deck}/{r}{s}.svg" for deck in ("fr", "de") for s in "CDHS" for r in "AKQJT987"}
want |= {cards + f for f in ("back.svg", "LICENSE.md", "fr/CC0-1.0.txt", "de/GPL-2.0.txt")}
if want - names:
    sys.exit(f"scripts/wheel_check.sh: the wheel lacks {', '.join(sorted(want - names))}")
EOF
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check "$compiled[cli]"
echo "scripts/wheel_check.sh: installed with the cli extra at ${SECONDS} s" >&2
if "$py" -c 'import os, shutil, sysconfig, sys
cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
sys.exit(shutil.which(cc) is None)'; then
  play "compiled (Cython, "
else
  play "pure Python"
fi

pure="$(build "$tmp/pure" CC=false)"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check --no-deps --force-reinstall "$pure"
play "pure Python (the compiled modules are missing"
echo "scripts/wheel_check.sh: the pure wheel built, installed and played at ${SECONDS} s" >&2

# The compiled wheel's extensions (and the digests of their sources) beside the sources.
"$py" - "$compiled" <<'EOF'
import importlib.machinery, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name in wheel.namelist():
        if name.endswith((*importlib.machinery.EXTENSION_SUFFIXES, "/_built.json")):
            wheel.extract(name)
EOF
