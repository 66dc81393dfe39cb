"""Bots of other packages, through the ``sixtysix.bots`` entry points: found by name by every
command (play, tournament, serve), loaded when first built, and refused in words when broken.

The package under test lives in a temporary folder: on ``sys.path`` with a ``.dist-info`` that
carries its ``entry_points.txt`` (nothing is installed for good), and once through a real
``pip install --target`` into a temporary folder.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sixtysix.bots import BotError, bot_defaults, bot_names, make_bot
from sixtysix.bots import base as bots_base
from sixtysix.bots.plugins import load_plugins
from sixtysix.cli import app
from sixtysix.engine.actions import parse_action
from sixtysix.records import match_from_record
from sixtysix.research.tournament import run_tournament

BOT_MODULE = '''
"""A third-party bot for the tests."""

class LowestBot:
    """Always the lowest legal action (or the offset-th lowest)."""

    name = "lowest"

    def __init__(self, offset: int = 0) -> None:
        self.offset = offset

    def choose(self, view, rng, limit=None):
        legal = sorted(view.legal)
        return legal[min(self.offset, len(legal) - 1)]


class NotABot:
    pass


class Undeclared(LowestBot):
    """Like lowest, its offset not declared."""

    params = ()


class BadParams(LowestBot):
    """Like lowest, its parameters declared by name only."""

    params = ("offset",)


try:  # where sixtysix declares bot parameters as data, the plugin declares its own
    from sixtysix.bots.base import Param
except ImportError:
    pass
else:
    LowestBot.params = (Param("offset", int, 0, 100),)
'''

ENTRY_POINTS = """\
[sixtysix.bots]
lowest = tinybot:LowestBot
brokenbot = tinybot_missing:Bot
notabot = tinybot:NotABot
undeclared = tinybot:Undeclared
badparams = tinybot:BadParams
random = tinybot:LowestBot
low,est = tinybot:LowestBot
"""


CLASH = "sixtysix: bot 'random' from tinybot not loaded: another bot has that name"
"""What a plugin that takes a built-in bot's name is told: one line."""


def write_site(site: Path) -> Path:
    """The package and its metadata, as an installer leaves them in site-packages."""
    (site / "tinybot").mkdir(parents=True)
    (site / "tinybot" / "__init__.py").write_text(BOT_MODULE)
    info = site / "tinybot-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinybot\nVersion: 0.1\n"
                                   "Summary: Always the lowest legal action\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return site


@pytest.fixture
def plugin_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                caplog: pytest.LogCaptureFixture) -> Iterator[Path]:
    """The tiny package on sys.path, its bots in a copy of the registry (undone afterwards)."""
    site = write_site(tmp_path / "site")
    bot_names()  # the built-in bots first, in the registry the copy starts from
    monkeypatch.setattr(bots_base, "REGISTRY", dict(bots_base.REGISTRY))
    monkeypatch.syspath_prepend(str(site))
    with caplog.at_level(logging.WARNING, logger="sixtysix.bots.plugins"):
        added = load_plugins(set(bots_base.REGISTRY))
    assert added == ["lowest", "brokenbot", "notabot", "undeclared", "badparams"]
    # A plugin cannot take the name of a bot of sixtysix's own, nor one that a bot's text cannot
    # hold: one line each says so.
    assert caplog.messages == [
        CLASH, "sixtysix: bot 'low,est' from tinybot not loaded: a bot's name has no ':', ',', "
               "'=' or space"]
    yield site
    sys.modules.pop("tinybot", None)


def lowest_seats_played_lowest(record: dict, name: str) -> int:
    """Replay a record and check that every action of the seats named ``name`` was the lowest
    legal action at the time; the number of such actions."""
    checked = 0
    for h, hand in enumerate(record["hands"]):
        partial = dict(record, hands=[*record["hands"][:h], dict(hand, actions=[])])
        m = match_from_record(partial)
        for text in hand["actions"]:
            state = m.hand
            assert state is not None
            if record["players"][state.to_act] == name:
                assert parse_action(text) == min(state.legal_actions()), (h, text)
                checked += 1
            m.apply(text)
    return checked


def test_a_plugin_bot_is_listed_built_and_plays_a_tournament(plugin_site: Path) -> None:
    assert bot_names()["lowest"] == \
        "Always the lowest legal action (or the offset-th lowest). (plugin from tinybot 0.1)"
    assert bot_names()["brokenbot"].startswith("cannot be loaded (ModuleNotFoundError: ")
    assert bot_names()["random"] == "a uniformly random legal action"
    assert bot_defaults("lowest") == {"offset": 0}  # read from the plugin's own signature
    bot = make_bot("lowest:offset=1")
    assert bot.name == "lowest" and bot.offset == 1  # type: ignore[attr-defined]
    summary = run_tournament("sixty-six", ["lowest", "random"], matches=2, seed=5, progress=False)
    assert summary.stats["lowest"].matches == 2
    with pytest.raises(BotError, match=r"bad parameter for 'lowest'|lowest: unknown parameter 'depth'"):
        make_bot("lowest:depth=3")


def test_plugin_records_show_the_plugin_playing_its_own_way(plugin_site: Path,
                                                              tmp_path: Path) -> None:
    run_tournament("sixty-six", ["lowest", "casual"], matches=2, seed=2, progress=False,
                   out=tmp_path / "out")
    for f in sorted((tmp_path / "out").glob("match-*.json")):
        assert lowest_seats_played_lowest(json.loads(f.read_text()), "lowest") > 10


def test_a_broken_plugin_costs_only_its_own_bot(plugin_site: Path) -> None:
    with pytest.raises(BotError, match=r"the bot 'brokenbot' cannot be loaded from "
                                       r"tinybot_missing:Bot: ModuleNotFoundError"):
        make_bot("brokenbot")
    with pytest.raises(BotError, match="built 'NotABot', which has no 'name' and 'choose"):
        make_bot("notabot")
    make_bot("lowest")  # the package's good bot still works


def test_a_plugin_says_which_parameters_it_failed_to_declare(plugin_site: Path) -> None:
    """A keyword parameter a plugin does not declare in ``params`` cannot be given: its line in
    ``sixtysix bots`` says so, and giving it is refused in words."""
    assert bot_names()["undeclared"] == ("Like lowest, its offset not declared. (plugin from "
                                         "tinybot 0.1; offset not declared in its 'params', so "
                                         "not accepted)")
    assert make_bot("undeclared").offset == 0  # type: ignore[attr-defined]
    with pytest.raises(BotError, match=r"^undeclared: unknown parameter 'offset' \(undeclared "
                                       r"takes no parameters\)$"):
        make_bot("undeclared:offset=1")
    assert "not declared" not in bot_names()["lowest"]
    # 'params' that are not Params: the bot is refused, the listing still works.
    assert bot_names()["badparams"] == "declares its parameters wrongly (plugin from tinybot 0.1)"
    with pytest.raises(BotError, match="'params' must be a tuple of sixtysix.bots.Param"):
        make_bot("badparams")
    assert CliRunner().invoke(app, ["bots"]).exit_code == 0


def test_play_with_a_plugin_opponent(plugin_site: Path) -> None:
    result = CliRunner().invoke(app, ["play", "--opponent", "lowest", "--seed", "4"],
                                input="1\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Computer" in result.output and "Leaving the match" in result.output


def test_serve_seats_a_plugin_bot(plugin_site: Path) -> None:
    from fastapi.testclient import TestClient

    from sixtysix.server import create_app
    from sixtysix.server.storage import Storage
    with TestClient(create_app(storage=Storage("sqlite://"))) as client:
        assert "lowest" in client.get("/api/games").json()["bots"]
        r = client.post("/api/tables", json={
            "game": "sixty-six", "bot_delay": 0,
            "seats": [{"kind": "bot", "bot": "lowest"}, {"kind": "bot", "bot": "random"}]})
        assert r.status_code == 201, r.text
        tid = r.json()["table"]
        deadline = time.monotonic() + 30
        while not client.get(f"/api/tables/{tid}").json()["complete"]:
            assert time.monotonic() < deadline, "the server's bots did not finish the match"
            time.sleep(0.02)
        record = client.get(f"/api/tables/{tid}/record").json()
    name = record["players"][0]
    # The server deals at random: a match to 7 is at least 3 hands, and the plugin acts in each
    # (its opponent can end a hand only after a trick both played to).
    assert lowest_seats_played_lowest(record, name) >= 3


def run_cli(args: list[str], pythonpath: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(pythonpath), *filter(None, [os.environ.get("PYTHONPATH")])]))
    return subprocess.run([sys.executable, "-m", "sixtysix", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_fresh_process_finds_the_plugin_on_its_path(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site")
    out = run_cli(["tournament", "--bots", "lowest,random", "--matches", "2", "--json"], site)
    assert out.returncode == 0, out.stderr
    assert {row["bot"] for row in json.loads(out.stdout)["table"]} == {"lowest", "random"}
    # The name clash is told in one line of its own, not as a warning with a source path.
    assert out.stderr.splitlines().count(CLASH) == 1, out.stderr
    assert "Warning" not in out.stderr and ".py:" not in out.stderr, out.stderr


def test_pip_install_of_a_plugin_package(tmp_path: Path) -> None:
    """The real installer: a source tree with a pyproject.toml, installed by pip (offline, into a
    temporary folder) and used by name from the command line."""
    src = tmp_path / "src"
    (src / "tinybot").mkdir(parents=True)
    (src / "tinybot" / "__init__.py").write_text(BOT_MODULE)
    (src / "pyproject.toml").write_text(textwrap.dedent("""\
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "tinybot"
        version = "0.2"
        description = "Always the lowest legal action"

        [project.entry-points."sixtysix.bots"]
        lowest = "tinybot:LowestBot"
        """))
    target = tmp_path / "target"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                          "--disable-pip-version-check", "--target", str(target), str(src)],
                         capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr
    listed = run_cli(["bots"], target)
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^lowest +Always the lowest legal action \(or the offset-th lowest\)\. "
                     r"\(plugin from tinybot 0\.2\)$",
                     listed.stdout, re.M), listed.stdout
    played = run_cli(["play", "--opponent", "lowest:offset=0", "--seed", "9"], target,
                     stdin="quit\n")
    assert played.returncode == 0, played.stderr
