"""The ``sixtysix`` command: terminal play driven with scripted input, replay, games, options, bots."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import typer.main
from cli_helpers import invoke, runner
from rich.console import Console

from sixtysix import analysis
from sixtysix.bots import bot_defaults, bot_names, bot_params, make_bot
from sixtysix.cards import card_str
from sixtysix.cli import app
from sixtysix.cli.play import TerminalPlay, normalize_input, parse_option_values
from sixtysix.cli.render import action_label
from sixtysix.engine.actions import BELLA, action_str, is_play, is_trump_choice, trump_suit
from sixtysix.engine.match import Match
from sixtysix.errors import IllegalActionError, OptionError
from sixtysix.games import GAMES, make_game
from sixtysix.records import replay
from sixtysix.words import is_meld


def score_at_quit(output: str) -> list[int]:
    """The match score printed when the human left, or at the end of the match."""
    found = re.search(r"(?:Leaving the match\. Score|Final score): ", output)
    assert found, output[-2000:]
    lines = output[found.end():].split("\n")
    text = lines.pop(0).rstrip()
    while text.endswith("·") and lines:  # the console wrapped a long line of four seats
        text += " " + lines.pop(0).strip()
    return [int(x) for x in re.findall(r" (-?\d+)(?: ·|$)", " " + text.strip())]


# ---------------------------------------------------------------------------------- play

def test_play_a_seeded_hand_with_bad_input_and_replay_the_saved_record(tmp_path: Path):
    save = tmp_path / "match.json"
    bad = ["zz", "marry", "draw", "99", "play XX", "last", "help"]
    script = bad + ["1"] * 60 + ["quit", "y"]
    result = invoke("play", "--seed", "5", "--opponent", "random", "--save", str(save),
                    input="\n".join(script) + "\n")
    out = result.output
    assert result.exit_code == 0, out[-3000:]
    assert "not understood: 'zz'; type help" in out
    assert "not understood: 'marry'; type help" in out
    assert "there is nothing to draw now" in out  # the engine's reason, at a lead
    assert "choose a number from 1 to" in out
    assert "not understood: 'play XX'; type help" in out
    assert "No trick has been completed in this hand yet." in out
    assert "Type an action, or the number" in out
    # The first hand was played to its end and summed up.
    assert "Card points:" in out and "Match: You" in out
    assert "Trumps" in out and "Your hand:" in out and "You may:" in out
    record = json.loads(save.read_text())
    assert record["game"] == "sixty-six" and record["players"] == ["You", "Computer"]
    replayed = replay(record)
    assert replayed["hands"][0]["complete"] is True
    assert replayed["match"]["score"] == score_at_quit(out)


def test_the_same_seed_deals_the_same_match(tmp_path: Path):
    records = []
    for name in ("a.json", "b.json"):
        invoke("play", "--seed", "9", "--opponent", "heuristic", "--save", str(tmp_path / name),
               input="1\n" * 10 + "quit\ny\n")
        records.append(json.loads((tmp_path / name).read_text()))
    assert records[0] == records[1]


def test_quit_can_drop_the_record(tmp_path: Path):
    save = tmp_path / "m.json"
    result = invoke("play", "--seed", "2", "--save", str(save), input="quit\nn\n")
    assert result.exit_code == 0
    assert "Record removed." in result.output
    assert not save.exists()


def test_end_of_input_leaves_cleanly(tmp_path: Path):
    save = tmp_path / "m.json"
    result = invoke("play", "--seed", "3", "--save", str(save), input="1\n1\n")
    assert result.exit_code == 0
    assert "Leaving the match." in result.output
    assert replay(json.loads(save.read_text()))["match"]["complete"] is False


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_can_be_played(game_id: str, tmp_path: Path):
    save = tmp_path / "m.json"
    result = invoke("play", "--game", game_id, "--seed", "4", "--opponent", "random",
                    "--save", str(save), input="1\n" * 40 + "quit\ny\n")
    assert result.exit_code == 0, result.output[-3000:]
    n = GAMES[game_id].n_seats
    if n == 4 and make_game(game_id).rules.sides == (0, 1, 0, 1):
        assert "(partner)" in result.output
    assert replay(json.loads(save.read_text()))["match"]["score"] == score_at_quit(result.output)


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "whist"], "unknown game 'whist'"),
    (["--option", "no_such=1"], "unknown option 'no_such'"),
    (["--option", "target"], "--option takes name=value"),
    (["--option", "next_dealer=sometimes"], "option 'next_dealer' takes"),
    (["--opponent", "nobody"], "unknown computer player 'nobody'"),
    (["--seat", "2"], "--seat must be from 0 to 1"),
])
def test_bad_play_arguments_get_a_message_and_status_2(args: list[str], message: str):
    result = invoke("play", *args, input="quit\n")
    assert result.exit_code == 2
    assert message in result.output


def test_rule_options_reach_the_game(tmp_path: Path):
    save = tmp_path / "m.json"
    invoke("play", "--seed", "1", "-o", "target=3", "-o", "nine_exchange_timing=any_time",
           "--save", str(save), input="quit\ny\n")
    record = json.loads(save.read_text())
    assert record["options"] == {"target": 3, "nine_exchange_timing": "any_time"}


# ---------------------------------------------------------------------------------- input forms

def scripted_session(game_id: str, seed: int, answer, **kwargs) -> tuple[TerminalPlay, str]:
    """A TerminalPlay whose human seat 0 answers with ``answer(view)``; returns it and its output."""
    g = make_game(game_id)
    rng = random.Random(seed)
    m = Match(g, dealer=1, players=["You"] + [f"Bot {i}" for i in range(1, g.n_seats)])
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    bots = {p: make_bot("heuristic") for p in range(1, g.n_seats)}
    session: TerminalPlay

    def read(prompt: str) -> str:
        if "Keep the record" in prompt:
            return "y"
        assert m.hand is not None
        if m.to_act != 0:  # between hands
            if len(m.results) >= 2:
                raise EOFError
            return ""
        return answer(m.hand.view(0))

    session = TerminalPlay(m, 0, bots, seed=rng.randrange(2**31), console=console, read=read,
                           **kwargs)
    session.run()
    return session, out.getvalue()


def human_text(view) -> str:
    """Type the first offered action the way a person might: cards in lower case with '10',
    marriages with the king, trumps by suit word."""
    from sixtysix.cli.render import offered
    a = offered(view)[0]
    if is_play(a):
        return card_str(a).lower().replace("t", "10")
    if is_trump_choice(a):
        return "trump " + ("clubs", "diamonds", "hearts", "spades")[trump_suit(a)]
    return action_str(a).upper()


def test_natural_input_plays_whole_hands():
    session, out = scripted_session("sixty-six", 8, human_text)
    assert len(session.match.results) == 2
    assert "not understood" not in out and "not allowed" not in out
    assert "Trick 1:" in out


def test_natural_input_names_trumps():
    session, out = scripted_session("three-player-sixty-six", 3, human_text)
    assert session.match.results
    assert "names trumps" in out or "turns up" in out


def test_normalize_input_forms():
    m = Match(make_game("sixty-six"), dealer=1)
    view = m.deal_hand(seed=1).view(0)
    assert normalize_input("AS", view) == "play AS"
    assert normalize_input("as", view) == "play AS"
    assert normalize_input("10h", view) == "play TH"
    assert normalize_input("play 10♥", view) == "play TH"
    assert normalize_input("marry kh", view) == "marry KH"
    assert normalize_input("Declare", view) == "declare"
    assert normalize_input("declare kh", view) == "declare QH"
    assert normalize_input("trump hearts", view) == "trump H"
    for text in ("", "hello", "play", "marry 9h", "trump X"):
        with pytest.raises(ValueError):
            normalize_input(text, view)


def test_option_values_are_read_by_the_declared_type():
    assert parse_option_values(["target=5", "auto_claim=true", "next_dealer=winner"], "sixty-six") == \
        {"target": 5, "auto_claim": True, "next_dealer": "winner"}
    assert parse_option_values(["dealer_cap=None", "playoff=no"], "three-hand-sixty-six") == \
        {"dealer_cap": None, "playoff": False}
    assert parse_option_values(["dealer_cap=null"], "three-hand-sixty-six") == {"dealer_cap": None}
    assert parse_option_values(["dealer_cap= 4 "], "three-hand-sixty-six") == {"dealer_cap": 4}
    # Choices that are digits stay text where the option's choices are text (Gaigel's low card).
    assert parse_option_values(["low_rank=9", "target=5"], "gaigel") == {"low_rank": "9", "target": 5}
    for pairs, message in [
        (["=3"], "--option takes name=value, not '=3'"),
        (["target"], "--option takes name=value, not 'target'"),
        (["target=none"], "option 'target' takes a whole number from 1 to 100, not 'none'"),
        (["target=1e15"], "not '1e15'"),
        (["target=7.0"], "not '7.0'"),
        (["target=nan"], "not 'nan'"),
        (["target=Infinity"], "not 'Infinity'"),
        (["target=true"], "not 'true'"),
        (["target=101"], "from 1 to 100, not 101"),
        (["auto_claim=1"], "option 'auto_claim' takes true or false, not '1'"),
        (["next_dealer=None"], "option 'next_dealer' takes 'alternate', 'winner', 'loser', not 'None'"),
        (["nine=1"], "unknown option 'nine'"),
    ]:
        with pytest.raises(OptionError, match=re.escape(message)):
            parse_option_values(pairs, "sixty-six")
    with pytest.raises(OptionError, match="unknown game 'whist'"):
        parse_option_values([], "whist")


# ---------------------------------------------------------------------------------- hints

def first_legal_after_hint(view) -> str:
    return "1"


def test_hint_shows_the_best_actions(monkeypatch: pytest.MonkeyPatch):
    calls = []

    def hint(view, rng, seconds=1.0, bot=None):
        calls.append((seconds, view))
        return [(a, 1.0 - i / 10) for i, a in enumerate(view.legal)]

    monkeypatch.setattr(analysis, "hint", hint)
    answers = iter(["?"])
    session, out = scripted_session("sixty-six", 2, lambda v: next(answers, "1"),
                                    hint_seconds=0.25)
    assert [c[0] for c in calls] == [0.25]
    v0 = calls[0][1]
    # The best first, in the words one types, then the next two; no numbers, which would read as
    # the numbers typed to choose from the legal list.
    first, second = (analysis.move_text(a, v0) for a in v0.legal[:2])
    assert f"Hint: {first} (+1.00 game points)" in out
    assert f"then: {second} (+0.90)" in out and "1. " not in out.split("Hint:")[1]


# ---------------------------------------------------------------------------------- replay

def good_record() -> dict:
    return {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 42, "actions": []}]}


def test_replay_a_good_record(tmp_path: Path):
    f = tmp_path / "r.json"
    f.write_text(json.dumps(good_record()))
    result = invoke("replay", str(f))
    assert result.exit_code == 0
    assert json.loads(result.output) == replay(good_record())
    result = invoke("replay", str(f), "--legal")
    assert result.exit_code == 0
    out = json.loads(result.output)
    assert out == replay(good_record(), legal=True) and out["next"]["to_act"] == 0


def test_replay_reads_standard_input():
    result = invoke("replay", "-", "--legal", input=json.dumps(good_record()))
    assert result.exit_code == 0
    assert json.loads(result.output) == replay(good_record(), legal=True)


def test_replay_a_bad_action():
    rec = good_record()
    legal = replay(rec, legal=True)["next"]["legal"]
    rec["hands"][0]["actions"] = [legal[0], "close", "play ZZ"]
    result = invoke("replay", "-", input=json.dumps(rec))
    assert result.exit_code == 2
    err = json.loads(result.output)["error"]
    assert err["hand"] == 0 and err["action"] in (1, 2)
    assert err["message"]


def test_replay_invalid_json_and_missing_file(tmp_path: Path):
    result = invoke("replay", "-", input="{not json")
    assert result.exit_code == 2
    err = json.loads(result.output)["error"]
    assert err["hand"] is None and err["action"] is None and "JSON" in err["message"]
    result = invoke("replay", str(tmp_path / "missing.json"))
    assert result.exit_code == 2
    err = json.loads(result.output)["error"]
    assert err["hand"] is None and "cannot read" in err["message"]


def test_replay_unknown_game():
    result = invoke("replay", "-", input=json.dumps({"game": "whist", "hands": []}))
    assert result.exit_code == 2
    assert "whist" in json.loads(result.output)["error"]["message"]


# ---------------------------------------------------------------------------------- listings

def test_the_command_list_gives_each_description_on_one_line():
    # Wide enough for every description: each is one line, not broken where its docstring is.
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    lines = [" ".join(line.strip("│ ").split()) for line in result.output.splitlines()]
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert len(commands) >= 14
    for name, command in commands.items():
        first = " ".join(command.callback.__doc__.split("\n\n")[0].split())
        assert f"{name} {first}" in lines, name


def test_games_lists_every_game():
    result = invoke("games")
    assert result.exit_code == 0
    for gid, cls in GAMES.items():
        seats = f"{min(cls.seat_counts)}-{max(cls.seat_counts)}" if cls.seat_counts else cls.n_seats
        assert re.search(rf"^{re.escape(gid)}\s+{re.escape(cls.name)}\s+{seats} seats$",
                         result.output, re.M)


def test_options_lists_defaults_and_allowed_values():
    result = invoke("options", "sixty-six")
    assert result.exit_code == 0
    # Option rows are indented two spaces, each meaning under its row six.
    lines = {line.split()[0]: line.split(None, 2)[1:] for line in result.output.splitlines()[2:]
             if not line.startswith("      ")}
    assert lines["nine_exchange_timing"] == ["on_lead", "on_lead, any_time"]
    assert lines["target"] == ["7", "a whole number from 1 to 100"]
    assert lines["auto_claim"] == ["false", "true or false"]
    assert lines["close_min_stock"] == ["1", "a whole number from 1 to 11"]
    import dataclasses
    assert set(lines) == {f.name for f in dataclasses.fields(GAMES["sixty-six"].Options)}
    three = invoke("options", "three-hand-sixty-six").output
    assert re.search(r"^\s*dealer_cap\s+null\s+a whole number from 0 to 99, or null \(target - 1\)$", three,
                     re.M)


def test_options_of_an_unknown_game():
    result = invoke("options", "whist")
    assert result.exit_code == 2
    assert "unknown game 'whist'" in result.output


def test_bots_lists_the_registry():
    result = invoke("bots")
    assert result.exit_code == 0
    assert re.search(r"^heuristic\s+a sensible casual player", result.output, re.M)
    assert re.search(r"^random\s+", result.output, re.M)
    # Each declared parameter under its bot, with its default and its range.
    assert re.search(r"^strong\s+.*\n\s+seconds=0\.2\s+thinking time per move: a number from "
                     r"0\.001 to 3600$", result.output, re.M)
    assert re.search(r"^\s+iterations=\s+iterations per move \(instead of seconds\): a whole "
                     r"number from 1 to 10,000,000$", result.output, re.M)
    assert re.search(r"^\s+endgame=false\s+value playouts exactly", result.output, re.M)
    assert re.search(r"^master\s+.*\n\s+seconds=1\s", result.output, re.M)
    assert re.search(r"^casual\s+.*\n\S", result.output, re.M)  # it takes none


def test_every_declared_parameter_has_its_factory_default():
    # What `sixtysix bots` shows as a default is what the bot is built with.
    checked = 0
    for name in bot_names():
        bot = make_bot(name)
        for p in bot_params(name):
            assert getattr(bot, p.name) == bot_defaults(name)[p.name], (name, p.name)
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hint_words_are_read_back_as_the_same_move(game_id: str):
    # What hints print ('exchange 9♦', 'trump ♦', 'marry K♦', 'play 10♥') is what one types: the
    # terminal's reader turns it back into the very action, for every legal action met in play.
    from sixtysix.analysis import move_text
    rng = random.Random(5)
    met = set()
    for _ in range(6):
        game = make_game(game_id)
        m = Match(game, dealer=rng.randrange(game.n_seats))
        s = m.deal_hand(seed=rng.randrange(10**6))
        while not s.over:
            view = s.view(s.to_act)
            for a in s.legal_actions():
                text = move_text(a, view)
                label = action_label(a, view).plain  # as offered: 'announce tertz K♠ Q♠ J♠ (20)'
                # (In a double pack either copy of a card is the same move.)
                for typed in (text, label):
                    assert action_str(s.parse(normalize_input(typed, view))) == action_str(a), typed
                met.add(text.split()[0])
                if is_meld(a) and a != BELLA:
                    assert "♠" in label or "♥" in label or "♦" in label or "♣" in label \
                        or "four " in label, label
            m.apply(rng.choice(s.legal_actions()))
    assert "play" in met
    if game_id in ("sixty-six", "schnapsen"):
        assert {"exchange", "marry", "close"} <= met
    if game_id == "terts":
        assert "announce" in met


def test_an_exchange_must_name_the_low_trump():
    m = Match(make_game("sixty-six"), dealer=1)
    view = m.deal_hand(seed=7).view(0)  # trumps are diamonds
    assert normalize_input("exchange 9♦", view) == "exchange"
    assert normalize_input("EXCHANGE 9d", view) == "exchange"
    with pytest.raises(IllegalActionError, match="the exchange gives the low trump 9♦, not K♦"):
        normalize_input("exchange K♦", view)
    with pytest.raises(ValueError):
        normalize_input("exchange xyz", view)


def test_the_other_sides_running_points_show_only_when_the_hand_is_over():
    # rules/sixty-six.md: tricks may not be looked back at, so a side's running points are its own.
    from sixtysix.cli.render import seats_table

    def cells(view: Any) -> list[str]:
        console = Console(width=100, record=True)
        console.print(seats_table(view, ["Ann", "Bob"], [0, 0]))
        return [line.split() for line in console.export_text().splitlines()[1:]]

    m = Match(make_game("sixty-six"), dealer=1)
    s = m.deal_hand(seed=3)
    rng = random.Random(3)
    while not (s.points[0] and s.points[1]) or any(s.pending):
        m.apply(rng.choice(s.legal_actions()))
    assert not s.over
    ann, bob = cells(s.view(0))
    # Columns: seat (and its marks), cards, tricks, points, match.
    assert ann[-2] == str(s.points[0]) and bob[-2] == "?"
    ann, bob = cells(s.view(1))
    assert ann[-2] == "?" and bob[-2] == str(s.points[1])
    while not s.over:
        m.apply(rng.choice(s.legal_actions()))
    ann, bob = cells(s.view(0))
    assert ann[-2] == str(s.points[0]) and bob[-2] == str(s.points[1])


# ---------------------------------------------------------------------------------- words


def test_the_terminal_counts_in_words_and_names_the_players():
    # Three-Player at seed 4: the second hand's payer with one trick, seats by name, chips.
    result = invoke("play", "--game", "three-player-sixty-six", "--seed", "4", "--opponent",
                    "random", input="1\n" * 8 + "\n" + "1\n" * 8 + "quit\n")
    out = result.output
    assert result.exit_code == 0, out[-3000:]
    assert "Random 2 (6 points, 1 trick) pays You 2 chips" in out
    assert "You win the hand (played out): 4 chips" in out
    assert "Random 2 6 points in 1 trick" in out and "Chips: You 23 · " in out
    assert not re.search(r"\bseat \d|\b1 (trick|point|chip)s\b|game points?\b", out)
    assert "— chips: 9 hands, the most chips win" in out  # the table's title
    assert re.search(r"seat +cards +tricks +points +chips", out)  # its column


def test_schnapsen_says_that_its_count_runs_down():
    out = invoke("play", "--game", "schnapsen", "--seed", "4", input="quit\n").output
    assert "Schnapsen — hand 1 — each counts down from 7 to 0 (Bummerl)" in out
    assert re.search(r"seat +cards +tricks +points +to go", out)


def test_the_kontra_round_says_what_is_passed():
    out = invoke("play", "--game", "bauernschnapsen", "--seed", "4", "--opponent", "random",
                 input="1\n" * 4 + "quit\n").output
    assert "1) pass (no kontra)  2) kontra" in out
    assert "You pass: no kontra" in out and "Random 3 passes: no rekontra" in out


def test_no_move_list_is_broken_inside_a_move():
    # At 44 columns the offered moves, the tricks and the scores take several lines: each line
    # breaks between two items, never inside one ('play' at the end of one line, '10♥' on the
    # next).
    g = make_game("bauernschnapsen")
    m = Match(g, dealer=3, players=["You", "Random 1", "Random 2", "Random 3"])
    out = io.StringIO()
    console = Console(file=out, width=44, highlight=False)
    answers = iter(["1"] * 30)
    bots = {p: make_bot("random") for p in range(1, 4)}
    TerminalPlay(m, 0, bots, seed=4, console=console,
                 read=lambda prompt: next(answers, "quit")).run()
    lines = [line.strip("│ ") for line in out.getvalue().splitlines()]
    for line in lines:
        assert not re.search(r"((^|\s)\d+\)|play|bid|points in|\d points)$", line.rstrip(" ·")), line
        assert not re.match(r"(\d+ )?(points|tricks?|[AKQJ]|10)?[♣♦♥♠]", line), line
    assert any(line.startswith("2) ") for line in lines)  # a list of moves did break


def test_tournament_intervals_read_low_to_high():
    from sixtysix.research.tournament import BotStats, Summary
    stats = {"casual": BotStats(matches=3, match_score=0.0, game_points=[-29.0, -39.0, -20.0],
                                hands=27, hands_won=5),
             "random": BotStats(matches=1, match_score=1.0, game_points=[4.0], hands=9,
                                hands_won=4)}
    text = Summary("three-player-sixty-six", ["casual", "random"], 1, stats).text()
    assert text.startswith("three-player-sixty-six: 1 match\n")
    assert "chips/match (95% CI)" in text
    assert "−29.33 (−40.09 to −18.58)" in text and "0.0% (0.0% to 56.1%)" in text
    assert "[-" not in text and "--" not in text and not re.search(r"\d-\d", text)
