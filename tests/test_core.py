"""The compiled core and the pure one (sixtysix/_core.py, setup.py): which one runs, and that they
give identical results (tests/core_diff.py, run under each in a fresh process).

``SIXTYSIX_DIFF_POSITIONS`` sets the positions per game id of the differential test. By default
it is 30,000 (about 1,000 hands a game) when the suite runs on the compiled core (both cores then
play them: 13-21 s a game on the 2-core workplace machine with four processes running) and 2,000
when it runs on the pure one: the core's tests run once on each core (scripts/test.sh), and the
test compares the same two cores either way. It runs a game at a time, so that pytest's workers share
the games out. A longer check:
``SIXTYSIX_DIFF_POSITIONS=300000 .venv/bin/python -m pytest tests/test_core.py -n 2``.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import pathlib
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sixtysix import _core
from sixtysix.cli import app
from sixtysix.games import GAMES

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSITIONS = int(os.environ.get("SIXTYSIX_DIFF_POSITIONS", "2000" if _core.PURE else "30000"))


def _run(code_or_script: list[str], pure: bool) -> str:
    env = dict(os.environ, SIXTYSIX_PURE="1" if pure else "0")
    done = subprocess.run([sys.executable, *code_or_script], env=env, cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _built() -> list[str]:
    """The modules that run compiled: all of COMPILED where every one has an extension as new as
    its source and ``.pxd`` beside it, else none."""
    return [] if _core.incomplete(str(ROOT)) else list(_core.COMPILED)


def test_an_extension_older_than_its_source_is_stale(tmp_path: pathlib.Path) -> None:
    source = tmp_path / "state.py"
    source.write_text("X = 1\n")
    assert not _core.stale(str(source))  # nothing built beside it
    ext = tmp_path / ("state" + importlib.machinery.EXTENSION_SUFFIXES[0])
    ext.write_bytes(b"")
    os.utime(source, (1_000_000, 1_000_000))
    os.utime(ext, (1_000_100, 1_000_100))
    assert not _core.stale(str(source))
    os.utime(source, (1_000_200, 1_000_200))  # the source edited after the build
    assert _core.stale(str(source))
    os.utime(source, (1_000_000, 1_000_000))
    pxd = tmp_path / "state.pxd"  # its C types edited after the build
    pxd.write_text("cdef class State:\n    pass\n")
    os.utime(pxd, (1_000_200, 1_000_200))
    assert _core.stale(str(source))


def test_digests_decide_where_the_build_recorded_them(tmp_path: pathlib.Path) -> None:
    # A wheel's files all get the time of their install, the extension often first: the digest
    # of what was compiled, not the times, says whether an extension is current.
    source = tmp_path / "state.py"
    source.write_text("X = 1\n")
    ext = tmp_path / ("state" + importlib.machinery.EXTENSION_SUFFIXES[0])
    ext.write_bytes(b"")
    digest = _core.source_digest(str(source))
    os.utime(ext, (1_000_000, 1_000_000))
    os.utime(source, (1_000_200, 1_000_200))  # newer than the extension, the same text
    assert _core.stale(str(source)) and not _core.stale(str(source), digest)
    source.write_text("X = 2\n")  # another text
    assert _core.stale(str(source), digest)
    source.write_text("X = 1\n")
    (tmp_path / "state.pxd").write_text("cdef class State:\n    pass\n")  # new C types
    assert _core.stale(str(source), digest)


def test_a_cimported_header_is_part_of_what_a_module_is_built_from(tmp_path: pathlib.Path) -> None:
    # engine/actions.pxd's inline tests and constants are compiled into every module that
    # cimports it: a new bound there makes those extensions stale though their own files are
    # the same.
    engine = tmp_path / "sixtysix" / "engine"
    engine.mkdir(parents=True)
    (engine / "actions.pxd").write_text("cdef enum:\n    MARRY = 64\n")
    (engine / "cards.pxd").write_text("cdef int X\n")
    (engine / "legal.pxd").write_text("from sixtysix.engine.cards cimport X\n")
    source = engine / "state.py"
    source.write_text("X = 1\n")
    (engine / "state.pxd").write_text("cimport sixtysix.engine.actions as actions\n"
                                      "from sixtysix.engine.legal cimport X\n")
    digest = _core.source_digest(str(source))
    (engine / "actions.pxd").write_text("cdef enum:\n    MARRY = 65\n")
    assert _core.source_digest(str(source)) != digest
    (engine / "actions.pxd").write_text("cdef enum:\n    MARRY = 64\n")
    assert _core.source_digest(str(source)) == digest
    (engine / "cards.pxd").write_text("cdef long X\n")  # cimported through legal.pxd
    assert _core.source_digest(str(source)) != digest


def test_one_missing_or_stale_extension_makes_the_whole_core_pure(tmp_path: pathlib.Path) -> None:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in _core.COMPILED:
        base = tmp_path / pathlib.Path(*name.split("."))
        base.parent.mkdir(parents=True, exist_ok=True)
        base.with_suffix(".py").write_text("X = 1\n")
        os.utime(base.with_suffix(".py"), (1_000_000, 1_000_000))
        ext = base.with_name(base.name + suffix)
        ext.write_bytes(b"")
        os.utime(ext, (1_000_100, 1_000_100))
    assert not _core.incomplete.__wrapped__(str(tmp_path))
    play = tmp_path / "sixtysix" / "engine" / "phases" / "play.py"
    os.utime(play, (1_000_200, 1_000_200))
    assert _core.incomplete.__wrapped__(str(tmp_path))  # one stale
    os.utime(play, (1_000_000, 1_000_000))
    # With the build's digests the times do not matter; a digest that differs does.
    built = {name: _core.source_digest(str(tmp_path / pathlib.Path(*name.split(".")))
                                       + ".py") for name in _core.COMPILED}
    (tmp_path / "sixtysix" / _core.BUILT).write_text(json.dumps(built))
    os.utime(play, (1_000_200, 1_000_200))
    assert not _core.incomplete.__wrapped__(str(tmp_path))
    play.write_text("X = 2\n")
    assert _core.incomplete.__wrapped__(str(tmp_path))
    play.write_text("X = 1\n")
    (tmp_path / "sixtysix" / "engine" / ("state" + suffix)).unlink()
    assert _core.incomplete.__wrapped__(str(tmp_path))  # one missing


def test_every_pxd_is_installed_with_the_package() -> None:
    # An installed extension is current when the digest of its .py and .pxd matches the build's:
    # a .pxd left out of the wheel makes every extension look stale, and the core runs pure.
    import tomllib
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["sixtysix"]
    package = ROOT / "sixtysix"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    pxds = set(package.rglob("*.pxd"))
    assert len(pxds) >= 10 and pxds <= shipped, sorted(map(str, pxds - shipped))


def test_pure_environment_imports_every_source() -> None:
    code = ("import importlib, json; from sixtysix import _core; print(json.dumps("
            "[importlib.import_module(m).__file__ for m in _core.COMPILED] + [_core.core_name()]))")
    *files, name = json.loads(_run(["-c", code], pure=True))
    assert all(f.endswith(".py") for f in files), files
    assert name == "pure Python (SIXTYSIX_PURE is set)"


def test_default_imports_what_was_built() -> None:
    code = "import json; from sixtysix import _core; print(json.dumps(_core.compiled_modules()))"
    assert json.loads(_run(["-c", code], pure=False)) == _built()


def test_version_names_the_core() -> None:
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0, out.output
    assert out.output.strip() == f"sixtysix 0.1.0, core: {_core.core_name()}"


@pytest.mark.parametrize("gid", list(GAMES))
def test_compiled_and_pure_cores_agree(gid: str) -> None:
    args = ["tests/core_diff.py", str(POSITIONS), gid]
    pure = json.loads(_run(args, pure=True))
    other = json.loads(_run(args, pure=False))
    assert pure["core"].startswith("pure Python")
    assert other["core"].startswith("compiled" if _built() else "pure Python")
    assert pure["games"][gid][0] == POSITIONS
    assert other["games"] == pure["games"], f"{gid}: the cores disagree"
