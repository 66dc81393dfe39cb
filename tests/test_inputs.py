"""Inputs that cannot hang or crash: option values by their declared types and ranges, seats and
dealers that exist, tournaments that say which bot broke the rules and where, false claims that
ask first at the terminal, and the small things of the command line (--version, python -m)."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import io
import json
import math
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Literal

import pytest
from cli_helpers import invoke, runner
from rich.console import Console

import sixtysix
from sixtysix.analysis import analyze
from sixtysix.bots import ITERATIONS, SECONDS, BotError, Limit, bot_names, bot_params, make_bot, register
from sixtysix.bots import base as bots_base
from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.master import Master
from sixtysix.bots.pimc import Pimc
from sixtysix.cli import app
from sixtysix.cli.play import TerminalPlay
from sixtysix.cli.render import false_claim_points, offered, render_view
from sixtysix.engine import Match
from sixtysix.engine.actions import DECLARE, is_declaration, parse_action
from sixtysix.engine.options import CAP, option_range, range_words
from sixtysix.errors import IllegalActionError, OptionError, RecordError
from sixtysix.games import GAMES, make_game
from sixtysix.games.base import option_specs, options_from_dict, options_from_text, ranged
from sixtysix.games.schnapsen import Schnapsen
from sixtysix.games.sixty_six import SixtySix, SixtySixOptions
from sixtysix.records import MAX_DEPTH, seat_record, view_to_act
from sixtysix.research.tournament import (
    RATING_SCALE,
    entrant_names,
    mean_ci,
    play_match,
    run_tournament,
    wilson,
)

# ---------------------------------------------------------------------------------- option ranges

@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_whole_number_option_declares_its_range(game_id: str) -> None:
    """New games must say what their numbers may be: no option falls back to the catch-all."""
    for spec in option_specs(GAMES[game_id].Options).values():
        if spec.kind == "int":
            assert spec.declared, f"{game_id}: option {spec.name!r} declares no range (ranged)"
            assert spec.lo is not None and spec.hi is not None and spec.lo <= spec.hi
            if spec.default is not None:
                assert spec.lo <= spec.default <= spec.hi, spec.name
        spec.check(spec.default)  # every default is a value its option takes


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_manual_gives_each_range(game_id: str) -> None:
    from test_docs import DOCS, PAGES
    pages = [PAGES[game_id]] + (["sixty-six.md"] if game_id == "three-hand-sixty-six" else [])
    rows = {}
    for page in reversed(pages):
        for line in (DOCS / "rules" / page).read_text(encoding="utf-8").splitlines():
            m = re.match(r"\| `([a-z0-9_]+)` \| [^|]+ \| ([^|]+) \|", line)
            if m:
                rows[m.group(1)] = m.group(2)
    for spec in option_specs(GAMES[game_id].Options).values():
        if spec.kind == "int":
            row = rows[spec.name].replace("`", "")
            if spec.high is not None:
                assert f"{spec.lo} to {spec.high}" in row, (game_id, spec.name, row)
            else:  # open above: the page says where it starts ("positive": 1, "any whole number": 0)
                words = {0: "whole number", 1: "positive"}.get(spec.lo, f"{spec.lo}")
                assert re.search(rf"\b{spec.lo}\b", row) or words in row, (game_id, spec.name, row)


ABSURD = [(0, "0"), (-1, "-1"), (10**15, "1000000000000000"), (1e15, "1000000000000000.0"),
          (7.0, "7.0"), (math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity"),
          (True, "true"), ("7", "'7'"), (None, "null"), ([7], "[7]"), ([None, False], "[null, false]")]
"""Values and how an error echoes them: as JSON writes them, text quoted (records are JSON)."""


@pytest.mark.parametrize("game_id", ["sixty-six", "four-hand-sixty-six", "three-hand-sixty-six"])
@pytest.mark.parametrize(("value", "echo"), ABSURD, ids=repr)
def test_absurd_targets_are_refused_in_words(game_id: str, value: object, echo: str) -> None:
    # A whole number out of range is told the range; anything else that it wants a whole number.
    words = "a whole number from 1 to 100" if type(value) is int else "a whole number"
    with pytest.raises(OptionError, match=re.escape(f"option 'target' takes {words}, not {echo}")):
        make_game(game_id, {"target": value})
    with pytest.raises(RecordError, match=re.escape(f"option 'target' takes {words}, not {echo}")):
        sixtysix.replay({"game": game_id, "options": {"target": value}, "hands": []})


def test_ranges_follow_the_pack() -> None:
    # Sixty-Six: 11 face-down cards after the deal; closing needs at least one.
    assert make_game("sixty-six", {"close_min_stock": 11}).rules.close_min_facedown == 11
    for bad in (0, 12):
        with pytest.raises(OptionError, match="'close_min_stock' takes a whole number from 1 to 11"):
            make_game("sixty-six", {"close_min_stock": bad})
    # Schnapsen: the talon counts the trump card, 10 cards after the deal.
    assert Schnapsen(exchange_min_talon=10).rules.exchange_min_facedown == 9
    for name in ("exchange_min_talon", "close_min_talon"):
        for bad in (1, 11):
            with pytest.raises(OptionError, match=f"'{name}' takes a whole number from 2 to 10"):
                make_game("schnapsen", {name: bad})
    with pytest.raises(OptionError, match="'start_score' takes a whole number from 1 to 100, not 0"):
        make_game("schnapsen", {"start_score": 0})
    with pytest.raises(OptionError, match="'hands' takes a whole number from 1 to 100, not 0"):
        make_game("three-player-sixty-six", {"hands": 0})


def test_a_cap_below_the_target_depends_on_both_options() -> None:
    assert make_game("three-hand-sixty-six", {"dealer_cap": None}).cap == 6  # type: ignore[attr-defined]
    assert make_game("three-hand-sixty-six", {"dealer_cap": 0, "target": 3}).cap == 0  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match=r"below the target \(7\), not 7"):
        make_game("three-hand-sixty-six", {"dealer_cap": 7})
    with pytest.raises(OptionError, match="'dealer_cap' takes a whole number, not true"):
        make_game("three-hand-sixty-six", {"dealer_cap": True})


def test_options_objects_are_checked_too() -> None:
    with pytest.raises(OptionError, match="'target' takes a whole number from 1 to 100, not 0"):
        SixtySix(SixtySixOptions(target=0))
    with pytest.raises(OptionError, match="'dealer_cap' takes a whole number from 0 to 99, not 100"):
        make_game("three-hand-sixty-six", {"dealer_cap": 100})
    with pytest.raises(OptionError, match="'auto_claim' takes true or false, not 1"):
        SixtySix(SixtySixOptions(auto_claim=1))  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="'next_dealer' takes 'alternate', 'winner', 'loser', not true"):
        make_game("sixty-six", {"next_dealer": True})
    # Options and keywords together: the keywords are checked like any other values.
    assert SixtySix(SixtySixOptions(auto_claim=True), target=3).options == \
        SixtySixOptions(auto_claim=True, target=3)
    with pytest.raises(OptionError, match="unknown option 'bogus'"):
        SixtySix(SixtySixOptions(), bogus=1)
    with pytest.raises(OptionError, match="Sixty-Six takes SixtySixOptions, not 'x'"):
        SixtySix("x", target=3)


@dataclasses.dataclass(frozen=True, kw_only=True)
class MadeUpOptions:
    """A game of the future: it declares its options and gets the checks, the parsing and the
    listing for nothing."""

    bid: int = ranged(3, 2, 5)
    cap: int | None = ranged(None, 0, 9, null="no cap")
    style: Literal["fast", "slow"] = "fast"
    doubles: bool = False
    plain: int = 4
    open_above: int = ranged(33, 1)
    seats: Literal[2, 3, 4] = 4


def test_the_range_mechanism_is_generic() -> None:
    specs = option_specs(MadeUpOptions)
    assert [(s.name, s.kind, s.lo, s.hi, s.nullable, s.declared) for s in specs.values()] == [
        ("bid", "int", 2, 5, False, True), ("cap", "int", 0, 9, True, True),
        ("style", "choice", None, None, False, True), ("doubles", "bool", None, None, False, True),
        ("plain", "int", 0, CAP, False, False), ("open_above", "int", 1, CAP, False, True),
        ("seats", "choice", None, None, False, True)]
    assert [s.describe() for s in specs.values()] == [
        "a whole number from 2 to 5", "a whole number from 0 to 9, or null (no cap)",
        "fast, slow", "true or false", "a whole number of at least 0",
        "a whole number of at least 1", "2, 3, 4"]
    assert option_range(MadeUpOptions, "open_above") == (1, None)
    assert option_range(MadeUpOptions, "plain") is None and range_words(1, 63) == "from 1 to 63"
    assert options_from_dict(MadeUpOptions, {"bid": 5, "cap": None}) == MadeUpOptions(bid=5)
    assert options_from_text(MadeUpOptions, ["bid=2", "cap=none", "style=slow", "doubles=yes"]) == \
        {"bid": 2, "cap": None, "style": "slow", "doubles": True}
    assert options_from_text(MadeUpOptions, ["cap=NULL", "doubles=Off", "bid=+4", "seats=3"]) == \
        {"cap": None, "doubles": False, "bid": 4, "seats": 3}
    for pair, message in [("bid=6", "option 'bid' takes a whole number from 2 to 5, not 6"),
                          ("bid=none", "not 'none'"), ("style=Fast", "not 'Fast'"),
                          ("doubles=maybe", "takes true or false, not 'maybe'"),
                          ("plain=10000000", "a whole number from 0 to 1000000, not 10000000"),
                          ("open_above=0", "a whole number of at least 1, not 0"),
                          ("open_above=1000001", "from 1 to 1000000, not 1000001"),
                          ("cap=x", "takes a whole number from 0 to 9, or null (no cap), not 'x'"),
                          ("seats=5", "'seats' takes 2, 3, 4, not '5'")]:
        with pytest.raises(OptionError, match=re.escape(message)):
            options_from_text(MadeUpOptions, [pair])


def test_an_option_the_checks_cannot_read_is_refused_where_it_is_declared() -> None:
    """Every option value is a bool, a whole number, text or a choice (``OptionValue``): a field of
    another type could come neither from JSON nor from a command line, so its class is refused."""

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class OddOptions:
        cards: tuple[int, ...] = ()

    with pytest.raises(TypeError, match=r"option 'cards' is declared as tuple\[int, \.\.\.\]"):
        option_specs(OddOptions)


# ---------------------------------------------------------------------------------- seats, dealers

def test_seats_and_dealers_that_do_not_exist() -> None:
    game = make_game("sixty-six")
    state = Match(game, dealer=1).deal_hand(seed=7)
    for seat in (5, 2, -1, True, "0"):
        with pytest.raises(ValueError, match=r"there is no seat .* in Sixty-Six: its seats are 0 to 1"):
            state.view(seat)  # type: ignore[arg-type]
    for dealer in (3, 2, -1, None, 1.0):
        with pytest.raises(ValueError, match="the dealer must be a seat of Sixty-Six, 0 to 1"):
            Match(game, dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="options are given as names and values, not list"):
        make_game("sixty-six", [("target", 3)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Sixty-Six has 2 seats: give 2 player names, not 3"):
        Match(game, dealer=0, players=["a", "b", "c"])


def test_a_record_with_a_bad_first_dealer_is_still_a_record_error() -> None:
    for dealer in (5, -1, True):
        code = runner.invoke(app, ["replay", "-"], input=json.dumps(
            {"game": "sixty-six", "hands": [{"dealer": dealer, "seed": 1, "actions": []}]}))
        assert code.exit_code == 2
        assert json.loads(code.output)["error"]["message"] == "'dealer' must be a seat number from 0 to 1"


# ---------------------------------------------------------------------------------- the command line

def test_every_option_can_be_set_from_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    result = invoke("play", "--game", "three-hand-sixty-six", "--seed", "1", "-o", "dealer_cap=None",
                    "-o", "target=5", "-o", "dealer_cap=2", "-o", "playoff=false", "--save", str(save),
                    input="quit\ny\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["options"] == {"target": 5, "dealer_cap": 2, "playoff": False}
    bad = invoke("play", "-o", "target=1e15", input="quit\n")
    assert bad.exit_code == 2
    assert "error: option 'target' takes a whole number from 1 to 100, not '1e15'" in bad.output


def test_save_to_a_missing_folder_fails_before_the_match(tmp_path: Path) -> None:
    for path, message in [(tmp_path / "no" / "m.json", f"there is no folder {tmp_path / 'no'}"),
                          (tmp_path, "that is a folder; give a file name")]:
        result = invoke("play", "--seed", "1", "--save", str(path), input="1\nquit\n")
        assert result.exit_code == 2
        assert f"error: --save {path}: {message}" in result.output
        assert "Seed 1" not in result.output  # nothing was dealt


def test_version_and_python_dash_m() -> None:
    assert sixtysix.__version__ == importlib.metadata.version("sixtysix")
    # The version, then which core runs (compiled or pure Python).
    line = f"sixtysix {sixtysix.__version__}, core: "
    assert invoke("--version").output.startswith(line)
    out = subprocess.run([sys.executable, "-m", "sixtysix", "--version"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith(line)
    games = subprocess.run([sys.executable, "-m", "sixtysix", "games"], capture_output=True,
                           text=True, timeout=60)
    assert games.returncode == 0 and "schnapsen" in games.stdout


# ---------------------------------------------------------------------------------- the terminal

def claim_session(answers: list[str]) -> tuple[Match, str]:
    """Sixty-Six with claims at any own turn; the human (seat 0) answers from ``answers`` and
    leaves when they run out."""
    game = make_game("sixty-six", {"claim_timing": "any_own_turn"})
    m = Match(game, dealer=1, players=["You", "Computer"])
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    script = iter(answers)

    def read(prompt: str) -> str:
        out.write(prompt + "\n")
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    TerminalPlay(m, 0, {1: make_bot("random")}, seed=3, console=console, read=read).run()
    return m, out.getvalue()


def test_a_false_claim_asks_first_and_no_means_no() -> None:
    # Seat 0 leads (seat 1 deals): refused twice ("n", then just Enter), then confirmed.
    m, out = claim_session(["declare", "n", "declare", "", "declare", "yes"])
    assert out.count("You have 0 points, not 66: this claim is false and loses the hand.") == 3
    assert out.count("Claim anyway? [y/N]") == 3
    assert m.hand_records[0]["actions"] == ["declare"]
    assert m.results[0].end == "false claim" and m.results[0].winners == (1,)
    # A number plays the numbered move and asks nothing.
    m, out = claim_session(["1"])
    assert "Claim anyway" not in out and m.hand_records[0]["actions"][0].startswith("play ")


def test_a_false_claim_is_no_numbered_move() -> None:
    game = make_game("sixty-six", {"claim_timing": "any_own_turn"})
    view = Match(game, dealer=1).deal_hand(seed=7).view(0)
    assert DECLARE in view.legal and DECLARE not in offered(view)
    assert sorted(offered(view)) == sorted(a for a in view.legal if a != DECLARE)
    out = io.StringIO()
    Console(file=out, width=200).print(render_view(view, ["You", "Computer"], [0, 0]))
    text = out.getvalue()
    assert "declare" not in text.split("You may:")[1].split("(You could")[0]
    assert "You could also claim, by typing declare, but with 0 of 66 points" in text
    # With 66 the claim holds and is numbered like any move.
    rich = dataclasses.replace(view, points=(66, 0))
    assert false_claim_points(DECLARE, rich) is None and DECLARE in offered(rich)
    # Showing a marriage to go out counts it, once the side has a trick.
    marriage = parse_action("declare QH")
    assert is_declaration(marriage)
    with_trick = dataclasses.replace(view, points=(46, 0), tricks=(1, 0))
    assert false_claim_points(marriage, with_trick) is None
    assert false_claim_points(marriage, dataclasses.replace(with_trick, tricks=(0, 0))) == 46


@pytest.mark.parametrize("game_id", ["three-hand-sixty-six", "three-player-sixty-six",
                                     "four-hand-sixty-six"])
def test_multi_seat_screens_say_whose_turn_by_name(game_id: str) -> None:
    result = invoke("play", "--game", game_id, "--seed", "4", "--name", "Ann",
                    input="1\n" * 12 + "quit\n")
    assert result.exit_code == 0
    assert "Your turn, Ann. You may:" in result.output
    two = invoke("play", "--seed", "4", "--name", "Ann", input="1\nquit\n")
    assert "Your turn" not in two.output and "You may:" in two.output


# ---------------------------------------------------------------------------------- tournaments

def test_a_bot_given_twice_is_two_entrants(tmp_path: Path) -> None:
    assert entrant_names(["casual", "casual", "random"]) == ["casual#1", "casual#2", "random"]
    summary = run_tournament("sixty-six", ["casual", "casual"], matches=2, seed=4, progress=False,
                             out=tmp_path)
    rows = summary.table()
    assert sorted(r["bot"] for r in rows) == ["casual#1", "casual#2"]
    assert all(r["matches"] == 2 and r["spec"] == "casual" for r in rows)
    assert sum(r["match_wins"] for r in rows) == 2
    players = [json.loads(f.read_text())["players"] for f in sorted(tmp_path.glob("match-*.json"))]
    assert players == [["casual#1", "casual#2"], ["casual#2", "casual#1"]]


def test_a_bot_without_a_match_is_an_error() -> None:
    with pytest.raises(ValueError, match=r"with 2 matches, heuristic would play no match: give "
                                         r"--matches 3 or more \(6 make one full round"):
        run_tournament("sixty-six", ["casual", "random", "heuristic"], matches=2, progress=False)
    with pytest.raises(ValueError, match="at least 1 match, not 0"):
        run_tournament("sixty-six", ["casual", "random"], matches=0, progress=False)
    result = invoke("tournament", "--bots", "casual,random,heuristic", "--matches", "1")
    assert result.exit_code == 2 and "would play no match" in result.output


class CheatBot:
    """Plays a card it does not hold on its third turn."""

    name = "cheat"

    def __init__(self) -> None:
        self.turns = 0

    def choose(self, view: sixtysix.View, rng: random.Random, limit: object = None) -> int:
        self.turns += 1
        if self.turns == 3:
            return next(c for c in range(32) if c not in view.legal and not view.hand >> c & 1)
        return min(view.legal)


def test_an_illegal_action_names_the_bot_the_position_and_the_action(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bot_names()
    monkeypatch.setattr(bots_base, "REGISTRY", dict(bots_base.REGISTRY))
    register("cheat")(CheatBot)
    with pytest.raises(IllegalActionError) as e:
        play_match("sixty-six", {}, ["random", "cheat"], 11)
    text = str(e.value)
    m = re.fullmatch(r"bot 'cheat' \(seat 1\) chose the illegal action 'play (\w\w)' in the match "
                     r"of deal seed 11 \(seats: random, cheat\), hand 1 \(dealer seat \d\), "
                     r"action (\d+), after \[(.*)\]: you do not hold \1", text)
    assert m, text
    assert int(m.group(2)) == len(m.group(3).split(", ")) + 1
    result = invoke("tournament", "--bots", "random,cheat", "--matches", "1")
    assert result.exit_code == 2 and "error: bot 'cheat' (seat 1) chose the illegal action" in result.output


def test_intervals_stay_within_what_can_happen() -> None:
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randrange(1, 12)
        xs = [float(rng.choice([0, 0, 0, 1, 2, 3])) for _ in range(n)]
        mean, lo, hi = mean_ci(xs)
        assert 0.0 <= lo <= mean <= hi
        wins = min(n, rng.randrange(0, n + 1) + rng.choice([0, 0.5]))  # ties count half
        lo2, hi2 = wilson(wins, n)
        assert 0.0 <= lo2 <= wins / n <= hi2 <= 1.0
    assert mean_ci([-2.0, 0.0, 0.0])[1] < -2.0 / 3  # chips can be lost: no clipping then


def test_the_output_explains_intervals_and_ratings(tmp_path: Path) -> None:
    result = invoke("tournament", "--bots", "casual,random", "--matches", "2", "-o", "target=2",
                    "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "Wilson score interval" in flat and "clipped at 0" in flat
    assert "rating = mu - 3*sigma of an OpenSkill Plackett-Luce model" in flat
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["options"] == {"target": 2} and summary["rating_scale"] == RATING_SCALE
    assert json.loads((tmp_path / "match-0001.json").read_text())["options"] == {"target": 2}
    as_json = invoke("tournament", "--bots", "casual,random", "--matches", "2", "--json",
                     "--option", "target=2")
    assert json.loads(as_json.output)["options"] == {"target": 2}
    old = invoke("tournament", "--options", '{"target": 2}')
    assert old.exit_code == 2
    bad = invoke("tournament", "-o", "target=0", "--json")
    assert bad.exit_code == 2
    assert json.loads(bad.output)["error"]["message"] == \
        "option 'target' takes a whole number from 1 to 100, not 0"


def test_a_computer_player_that_breaks_the_rules_at_the_terminal_stops_the_match(
        tmp_path: Path) -> None:
    game = make_game("sixty-six")
    m = Match(game, dealer=1, players=["You", "Computer"])
    out = io.StringIO()
    save = tmp_path / "m.json"
    session = TerminalPlay(m, 0, {1: CheatBot()}, seed=3, read=lambda prompt: "1",
                           console=Console(file=out, width=200, highlight=False), save=save)
    assert session.run() == 1
    text = out.getvalue()
    assert re.search(r"The computer player 'cheat' \(Computer, seat 1\) chose 'play \w\w', which the "
                     r"rules do not allow here \(hand 1, action \d+\); the match stops\.", text), text
    assert "Saved: sixtysix replay" in text
    assert sixtysix.replay(json.loads(save.read_text()))["match"]["complete"] is False


# ---------------------------------------------------------------------------------- budgets

BAD_SECONDS = [math.nan, math.inf, -math.inf, 1e308, 3601, 0, -1, 0.0005, True, None, [1]]
BAD_ITERATIONS = [0, -1, 1.5, 10**22, 1e22, 10_000_001, math.nan, True, "many"]


@pytest.mark.parametrize("seconds", BAD_SECONDS, ids=repr)
def test_a_thinking_time_out_of_range_is_refused_where_it_enters(seconds: object) -> None:
    # A NaN deadline is never past and an astronomic one never reached: a search given either
    # thought forever. None alone is no time, and with iterations the search counts those.
    if seconds is None:
        assert Limit(seconds=None, iterations=5) == Limit(iterations=5)
        return
    with pytest.raises(BotError, match=r"^Limit: seconds must be a number from 0\.001 to 3600, not "):
        Limit(seconds=seconds)  # type: ignore[arg-type]


@pytest.mark.parametrize("iterations", BAD_ITERATIONS, ids=repr)
def test_an_iteration_count_out_of_range_is_refused_where_it_enters(iterations: object) -> None:
    # 0 iterations read as none given, and the search ran to its cap of a billion.
    with pytest.raises(BotError, match=r"^Limit: iterations must be a whole number from 1 to "
                                       r"10,000,000, not "):
        Limit(iterations=iterations)  # type: ignore[arg-type]


def test_a_limit_grants_something_and_keeps_its_values() -> None:
    with pytest.raises(BotError, match="Limit: give seconds, iterations or both"):
        Limit()
    assert Limit(seconds=1, iterations=2.0) == Limit(seconds=1.0, iterations=2)
    assert Limit(seconds=3600).seconds == 3600.0 and Limit(seconds=0.001).seconds == 0.001
    # The same ranges as the search players' own parameters, the engine's and the command line's.
    assert SECONDS in bot_params("ismcts") and ITERATIONS in bot_params("ismcts")
    with pytest.raises(BotError, match="ismcts: seconds must be a number from 0.001 to 3600, not nan"):
        make_bot("ismcts:seconds=nan")
    # A search player built from Python is held to the same ranges.
    for cls, name in ((Ismcts, "ismcts"), (Pimc, "pimc"), (Master, "master2")):
        with pytest.raises(BotError, match=f"{name}: seconds must be a number from 0.001 to 3600, "
                                           "not NaN"):
            cls(seconds=math.nan)
    with pytest.raises(BotError, match="master2: iterations must be a whole number from 1 to "):
        Master(iterations=0)


def test_a_search_within_a_limit_answers() -> None:
    state = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=7)
    view = state.view(state.to_act)
    for limit in (Limit(iterations=1), Limit(seconds=0.001)):
        assert make_bot("strong").choose(view, random.Random(0), limit) in view.legal


REC_TEXT = json.dumps({"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}]})
CLI_BUDGETS = [
    (["hint", "--time", "nan", REC_TEXT], "--time must be a number from 0.001 to 3600, not NaN"),
    (["hint", "--time", "inf", REC_TEXT], "--time must be a number from 0.001 to 3600, not Infinity"),
    (["hint", "--time", "1e308", REC_TEXT], "--time must be a number from 0.001 to 3600, not 1e+308"),
    (["hint", "--time", "0", REC_TEXT], "--time must be a number from 0.001 to 3600, not 0.0"),
    (["play", "--hint-seconds", "nan"], "--hint-seconds must be a number from 0.001 to 3600, not NaN"),
    (["play", "--hint-seconds", "-1"], "--hint-seconds must be a number from 0.001 to 3600, not -1.0"),
    (["analyze", "--samples", "100000000", REC_TEXT],
     "--samples must be a whole number from 10 to 10,000,000, not 100000000"),
    (["analyze", "--samples", "9", REC_TEXT], "--samples must be a whole number from 10 to "),
    (["analyze", "--worlds", "0", REC_TEXT], "--worlds must be a whole number from 1 to 100,000, not 0"),
    (["analyze", "--threshold", "nan", REC_TEXT], "--threshold must be a number of at least 0, not NaN"),
    (["fuzz", "--time", "nan", "--hands", "1"], "--time must be a number of at least 0.1, not NaN"),
    (["hint", "--json", "--time", "nan", REC_TEXT],
     '{"error": {"message": "--time must be a number from 0.001 to 3600, not NaN"}}'),
]
"""Budgets on the command line and the one line each is answered with ('error: ' is added to
text)."""

_RUN_ALL = """
import json, sys
from typer.testing import CliRunner
from sixtysix.cli import app
runner = CliRunner()
print(json.dumps([[r.exit_code, r.output] for r in
                  (runner.invoke(app, args, input="quit\\n") for args in json.loads(sys.argv[1]))]))
"""


def test_a_bad_budget_on_the_command_line_is_one_line_at_once() -> None:
    """Each was taken, and then thought forever (hint) or failed at the first '?' (play): now
    one line and exit status 2 before anything starts, as other bad options. In a child process
    with a time limit, so that a regression fails instead of hanging the suite."""
    proc = subprocess.run([sys.executable, "-c", _RUN_ALL, json.dumps([a for a, _ in CLI_BUDGETS])],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    for (args, message), (code, output) in zip(CLI_BUDGETS, json.loads(proc.stdout), strict=True):
        line = message if "--json" in args else "error: " + message
        assert code == 2 and output.startswith(line), (args, code, output)
        assert output.count("\n") == 1, (args, output)


# ---------------------------------------------------------------------------------- nesting

def _nested(depth: int) -> list[object]:
    deep: list[object] = []
    for _ in range(depth - 1):
        deep = [deep]
    return deep


DEEP_RECORDS = [
    {"game": "sixty-six", "hands": _nested(5000)},
    {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": [_nested(5000)]}]},
    {"game": "sixty-six", "options": {"target": _nested(5000)}, "hands": []},
    {"game": "sixty-six", "hands": [{"dealer": 1, "deal": {"hands": [[_nested(5000)], []]},
                                     "actions": []}]},
    {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}], "note": _nested(200)},
]
"""Records nested far deeper than records.md's shapes: each raised RecursionError somewhere
(echoing the value in an error, writing it as JSON) or passed where nothing read it."""


@pytest.mark.parametrize("record", DEEP_RECORDS, ids=range(len(DEEP_RECORDS)))
def test_a_deeply_nested_record_is_a_record_error(record: dict[str, object]) -> None:
    for call in (sixtysix.replay, view_to_act, lambda r: seat_record(r, 0),
                 lambda r: analyze(r, samples=10)):
        with pytest.raises(RecordError, match="^a record nests arrays and objects at most 100 deep$"):
            call(record)
    # Python's own nesting: a list that holds itself.
    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(RecordError, match="at most 100 deep"):
        sixtysix.replay({"game": "sixty-six", "hands": loop})


def test_a_record_at_the_depth_limit_is_read() -> None:
    record = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}],
              "note": _nested(MAX_DEPTH - 1)}
    assert sixtysix.replay(record)["hands"][0]["complete"] is False
    record["note"] = _nested(MAX_DEPTH)
    with pytest.raises(RecordError, match="at most 100 deep"):
        sixtysix.replay(record)


@pytest.mark.parametrize("command", ["replay", "hint", "analyze", "solve"])
def test_a_deeply_nested_record_file_is_one_error_line(command: str, tmp_path: Path) -> None:
    # JSON's reader gave up with a RecursionError (the API's limit is tested above).
    path = tmp_path / "deep.json"
    path.write_text('{"game": "sixty-six", "hands": ' + "[" * 5000 + "]" * 5000 + "}")
    result = invoke(command, str(path))
    assert result.exit_code == 2, result.output
    assert "a record nests arrays and objects at most 100 deep" in result.output
    assert result.output.count("\n") == 1, result.output


def test_record_errors_echo_values_as_json_writes_them() -> None:
    def error(record: dict[str, object]) -> RecordError:
        with pytest.raises(RecordError) as e:
            sixtysix.replay(record)
        return e.value

    e = error({"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": [None, 1]}]})
    assert e.text == "null" and e.action == 0
    e = error({"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": [True]}]})
    assert e.text == "true"
    e = error({"game": "sixty-six", "hands": [{"dealer": 1, "actions": [], "deal": {
        "hands": [[None, "AS"], []], "stock": []}}]})
    assert str(e) == "not a card: null"
    e = error({"game": "sixty-six", "options": {"auto_claim": None}, "hands": []})
    assert str(e) == "option 'auto_claim' takes true or false, not null"
