"""An install without an extra: each command and module that needs it says which extra to install,
in one line, never a traceback. Run in a child process where the optional dependencies cannot be
imported (``sys.modules[name] = None``), as in an install of the ``cli`` extra alone; the real
installs, of the wheel, are checked by ``scripts/wheel_check.sh``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sixtysix.extras import EXTRAS

ROOT = Path(__file__).resolve().parent.parent

BLOCK = """
import sys
for name in {names!r}:
    sys.modules[name] = None  # as if not installed: importing it raises ModuleNotFoundError
"""


def run_without(extras: tuple[str, ...], code: str) -> subprocess.CompletedProcess[str]:
    names = sorted(m for m, extra in EXTRAS.items() if extra in extras)
    return subprocess.run([sys.executable, "-c", BLOCK.format(names=names) + code], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def command(*args: str) -> str:
    return f"sys.argv = ['sixtysix', *{list(args)!r}]\nfrom sixtysix.__main__ import main\nmain()\n"


@pytest.mark.parametrize(("args", "extra", "what"), [
    (("serve",), "server", "sixtysix serve"),
    (("tournament", "--matches", "1"), "research", "sixtysix tournament"),
    (("selfplay", "--hands", "1"), "research", "sixtysix selfplay"),
    (("play",), "cli", "the sixtysix command"),
])
def test_a_command_names_the_extra_it_needs(args: tuple[str, ...], extra: str, what: str) -> None:
    missing = ("cli", "server", "research") if extra == "cli" else ("server", "research")
    done = run_without(missing, command(*args))
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"error: {what} needs the {extra} extra: pip install 'sixtysix[{extra}]' "
                           "(no module named '"), line


def test_the_cli_alone_runs_the_other_commands() -> None:
    done = run_without(("server", "research"), command("games"))
    assert done.returncode == 0, done.stderr
    assert "schnapsen" in done.stdout


def test_an_api_module_raises_an_import_error_naming_its_extra() -> None:
    modules = {"sixtysix.research.gym": "research", "sixtysix.research.pettingzoo": "research",
               "sixtysix.research.openspiel": "research", "sixtysix.research.selfplay": "research",
               "sixtysix.server": "server"}
    done = run_without(("server", "research"), f"""
import importlib
for module in {list(modules)!r}:
    try:
        importlib.import_module(module)
    except ImportError as e:
        print(type(e).__name__, e)
""")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(modules), done.stdout
    for line, extra in zip(lines, modules.values(), strict=True):
        assert line.startswith("MissingExtra sixtysix."), line
        assert f" needs the {extra} extra: pip install 'sixtysix[{extra}]' (no module named '" in line
