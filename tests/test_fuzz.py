"""The fuzzer: a short run of every game finds nothing, and each of its checks catches a bug
planted in the engine (so none of them is a check that cannot fail)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sixtysix.cards import parse_card
from sixtysix.cli import app
from sixtysix.engine import state as state_module
from sixtysix.engine import view as view_module
from sixtysix.engine.actions import parse_action
from sixtysix.engine.match import Match
from sixtysix.engine.phases import APPLY, LEGAL, PH_PLAY, PHASES
from sixtysix.engine.phases import play as play_phase
from sixtysix.engine.state import Deal, State
from sixtysix.errors import IllegalActionError
from sixtysix.games import GAMES, make_game
from sixtysix.games.schnapsen import Schnapsen
from sixtysix.research import fuzz
from sixtysix.research.fuzz import check_record, fuzz_match, random_options, run_fuzz

runner = CliRunner()
Apply = Callable[[State, int], object]


REACHED = {
    # Random play reaches the rules worth checking, not only plain tricks.
    "sixty-six": ("close", "draw", "exchange", "marry", "declare", "end:claim", "end:false claim",
                  "end:played out", "end:closer failed"),
    "schnapsen": ("close", "exchange", "marry", "end:last trick"),
    "three-player-sixty-six": ("trump", "turn", "marry"),
    "four-hand-sixty-six": ("play",),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_short_run_of_each_game_holds_every_rule(game_id: str) -> None:
    summary = run_fuzz([game_id], 150, seed=12, chunk=150)
    tally = summary.games[game_id]
    assert tally.hands >= 150 and tally.actions > 5 * tally.hands, tally
    assert tally.found == [], tally.found[0].message
    for what in REACHED.get(game_id, ()):
        assert tally.seen.get(what), (what, tally.seen)
    assert "hands ended by" in summary.text()


def test_random_options_reach_every_choice() -> None:
    rng = random.Random(5)
    seen: dict[str, set[Any]] = {}
    for _ in range(300):
        for name, value in random_options(GAMES["sixty-six"], rng).items():
            seen.setdefault(name, set()).add(value)
    assert seen["unclaimed_end"] == {"seed", "pagat"}
    assert seen["close_requires"] == {"lead", "lead_and_own_trick", "lead_after_first_trick"}
    assert seen["auto_claim"] == {True, False}
    assert seen["target"] == set(range(1, 11))
    # Three-Hand's dealer_cap must stay below the target: combinations the game refuses are
    # drawn again, and None (the default, target - 1) is drawn too.
    caps = [random_options(GAMES["three-hand-sixty-six"], rng) for _ in range(200)]
    assert all(o["dealer_cap"] is None or o["dealer_cap"] < o["target"] for o in caps)
    assert any(o["dealer_cap"] is None for o in caps) and any(o["dealer_cap"] for o in caps)


def test_the_same_seed_plays_the_same_match() -> None:
    a = fuzz_match("schnapsen", "same")
    b = fuzz_match("schnapsen", "same")
    assert a == b and a[1] > 0


# ------------------------------------------------------------------ planted bugs are found


def _first_finding(game_id: str, matches: int = 40) -> fuzz.Found:
    for k in range(matches):
        found, _, _ = fuzz_match(game_id, f"planted/{k}")
        if found is not None:
            return found
    raise AssertionError("the planted bug was not found")


def _plant(monkeypatch: pytest.MonkeyPatch, bug: Callable[[State, int, Apply], None]) -> None:
    """Plant ``bug`` in the play phase: ``bug(s, a, apply)`` takes every action of it in place of
    ``apply``. Planted in the phase table that ``State.step`` dispatches through, so that it works
    on both cores (the compiled play phase calls its own functions directly)."""
    apply = APPLY[PH_PLAY]
    _replace(monkeypatch, "_APPLY", PH_PLAY, lambda s, a: bug(s, a, apply))


def _replace(monkeypatch: pytest.MonkeyPatch, table: str, phase: int, entry: object) -> None:
    """Give the state module a copy of one of its phase tables with ``entry`` for ``phase``."""
    copy = list(getattr(state_module, table))
    copy[phase] = entry
    monkeypatch.setattr(state_module, table, copy)
    state_module._dispatch_by_table(True)  # the play phase too (undone by _direct_play_again)


@pytest.fixture(autouse=True)
def _direct_play_again() -> Iterator[None]:
    """After each test, the play phase by its direct call again (``_replace`` turns it off)."""
    yield
    state_module._dispatch_by_table(False)


def test_a_lost_card_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    def lossy(s: State, a: int, apply: Apply) -> None:
        before = s.spos
        apply(s, a)
        if s.spos == 4 and before != 4:  # just drawn: drop the lowest card
            s.hands[s.leader] &= s.hands[s.leader] - 1
    _plant(monkeypatch, lossy)
    found = _first_finding("sixty-six")
    assert found.check == "cards" and "missing" in found.message


def test_a_wrongly_counted_trick_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    def generous(s: State, a: int, apply: Apply) -> None:
        before = s.trick_no
        apply(s, a)
        if before == 2 and s.trick_no == 3:
            s.points[0] += 1
    _plant(monkeypatch, generous)
    found = _first_finding("schnapsen")
    assert found.check == "points", found.message


def test_a_refused_legal_action_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    ace_of_spades = parse_card("AS")

    def picky(s: State, a: int, apply: Apply) -> None:
        if a == ace_of_spades:
            raise IllegalActionError("no aces of spades today")
        apply(s, a)
    _plant(monkeypatch, picky)
    found = _first_finding("four-hand-sixty-six")
    assert found.check == "legal" and "play AS" in found.message


def test_a_refusal_that_changes_the_state_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    explain = PHASES[PH_PLAY].explain  # type: ignore[union-attr]

    def forgetful(s: State, action: int, text: str) -> str:
        s.claim_seat = -1  # a side effect while explaining a refusal
        return explain(s, action, text)
    _replace(monkeypatch, "PHASES", PH_PLAY, dataclasses.replace(PHASES[PH_PLAY], explain=forgetful))
    found = _first_finding("sixty-six")
    assert found.check == "illegal" and "claim_seat" in found.message


def test_an_accepted_illegal_action_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    legal_now: list[int] = []
    for phase, legal in enumerate(LEGAL):
        def listed(s: State, legal: Callable[[State], list[int]] = legal) -> list[int]:
            legal_now[:] = legal(s)
            return legal_now[:]
        _replace(monkeypatch, "_LEGAL", phase, listed)

    def lax(text: str) -> int:
        if text.strip().lower() == "exchange as":
            return legal_now[0]  # junk taken for the first legal action
        return parse_action(text)
    monkeypatch.setattr(state_module, "parse_action", lax)
    monkeypatch.setattr(fuzz, "_JUNK", ("exchange AS",))
    found = _first_finding("schnapsen")
    assert found.check == "illegal" and "accepted" in found.message


def test_a_view_that_shows_an_opponents_card_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    make = view_module.make_view

    def leaky(s: State, seat: int) -> Any:
        v = make(s, seat)
        other = (seat + 1) % s.n
        low = s.hands[other] & -s.hands[other]
        known = list(v.known)
        known[other] |= low
        return view_module.View(**{**v.__dict__, "known": tuple(known)})
    monkeypatch.setattr(view_module, "make_view", leaky)
    found = _first_finding("sixty-six")
    assert found.check == "views", found.message


def test_a_view_that_shows_the_stock_order_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    make = view_module.make_view

    def leaky(s: State, seat: int) -> Any:
        v = make(s, seat)
        # The next card of the stock, hidden in a field that looks harmless.
        nxt = s.stock[s.spos] if s.spos < len(s.stock) else 0
        return view_module.View(**{**v.__dict__, "trick_no": v.trick_no + 100 * nxt})
    monkeypatch.setattr(view_module, "make_view", leaky)
    found = _first_finding("schnapsen")
    assert found.check == "views" and "dealt differently" in found.message


def test_game_points_outside_the_table_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    score = Schnapsen.score_hand

    def inflated(self: Schnapsen, state: State, claimant: int | None) -> Any:
        res = score(self, state, claimant)
        if res.winners and res.game_points[res.winners[0]] == 3:
            gp = list(res.game_points)
            gp[res.winners[0]] = 4
            return type(res)(res.end, res.winners, tuple(gp), res.points, res.tricks, res.detail)
        return res
    monkeypatch.setattr(Schnapsen, "score_hand", inflated)
    monkeypatch.setattr(Schnapsen, "hand_game_points",
                        lambda self, state, claimant: inflated(self, state, claimant).game_points)
    found = _first_finding("schnapsen")
    assert found.check == "game points" and "4 game points" in found.message


def test_a_record_that_does_not_replay_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    record = Match.record

    def short(self: Match) -> dict[str, Any]:
        rec = record(self)
        if rec["hands"] and len(rec["hands"][-1]["actions"]) > 5:
            rec["hands"][-1] = dict(rec["hands"][-1], actions=rec["hands"][-1]["actions"][:-1])
        return rec
    monkeypatch.setattr(Match, "record", short)
    found = _first_finding("three-player-sixty-six")
    assert found.check == "replay", found.message


def test_a_crash_is_reported_with_its_record(monkeypatch: pytest.MonkeyPatch) -> None:
    close = play_phase.close

    def broken(s: State) -> None:
        raise KeyError("boom")
    monkeypatch.setattr(play_phase, "close", broken)
    found = _first_finding("sixty-six")
    assert found.check in ("crash", "legal") and "boom" in found.message
    assert close is not None and found.record["game"] == "sixty-six"


# ------------------------------------------------------------------ records of findings


def test_a_finding_is_written_as_a_reduced_record_that_reproduces_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def generous(s: State, a: int, apply: Apply) -> None:
        before = s.trick_no
        apply(s, a)
        if before == 4 and s.trick_no == 5 and s.tricks[0]:
            s.points[0] += 1
    _plant(monkeypatch, generous)
    summary = run_fuzz(["sixty-six"], 60, seed=4, chunk=20)
    found = summary.games["sixty-six"].found
    assert found and found[0].check == "points"
    first = found[0]
    # One hand only (where a longer match was cut down, its deal is written out).
    assert len(first.record["hands"]) == 1
    assert "deal" in first.record["hands"][0] if first.reduced else first.hand == 0
    assert first.to_json() == dataclasses.asdict(first)  # every field, in order, as JSON
    assert list(first.to_json()) == [f.name for f in dataclasses.fields(fuzz.Found)]
    path = fuzz.write_found(first, tmp_path, 1)
    saved = json.loads(path.read_text())
    assert saved["fuzz"]["check"] == "points"
    again = check_record({k: v for k, v in saved.items() if k != "fuzz"})
    assert again is not None and again.check == "points"
    # The command line checks the file again, and says so in its exit status.
    result = runner.invoke(app, ["fuzz", "--check", str(path)])
    assert result.exit_code == 1 and "VIOLATION [points]" in result.output
    monkeypatch.undo()
    result = runner.invoke(app, ["fuzz", "--check", str(path)])
    assert result.exit_code == 0 and "every check holds" in result.output


def test_check_record_passes_a_good_record() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    s = m.deal_hand(seed=99)
    rng = random.Random(1)
    while not s.over:
        m.apply(rng.choice(s.legal_actions()))
    assert check_record(m.record()) is None


# ------------------------------------------------------------------ the command line


def test_the_command_reports_a_clean_run_in_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fuzz", "--game", "schnapsen,sixty-six", "--hands", "20",
                                 "--seed", "7", "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["games"]) == {"schnapsen", "sixty-six"}
    assert all(g["hands"] >= 20 and g["violations"] == [] for g in data["games"].values())
    assert data["files"] == [] and not list(tmp_path.iterdir())


def test_the_command_exits_1_on_a_violation_and_writes_the_record(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def generous(s: State, a: int, apply: Apply) -> None:
        before = s.trick_no
        apply(s, a)
        if s.trick_no > before:
            s.points[1] += 1
    _plant(monkeypatch, generous)
    result = runner.invoke(app, ["fuzz", "--game", "schnapsen", "--hands", "5", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 1
    assert "VIOLATION schnapsen [points]" in result.output
    files = list(tmp_path.glob("fuzz-schnapsen-*.json"))
    assert files and json.loads(files[0].read_text())["game"] == "schnapsen"


def test_the_command_refuses_an_unknown_game() -> None:
    result = runner.invoke(app, ["fuzz", "--game", "poker"])
    assert result.exit_code == 2 and "unknown game 'poker'" in result.output


# ------------------------------------------------------------------ regressions


def test_ten_of_trumps_in_the_last_trick_keeps_the_last_trick_bonus() -> None:
    """Found by the fuzzer: with ``ten_of_trumps_bonus``, a side one point from the target that
    took the trump ten in the last trick ended the hand before the last trick's 10 was counted,
    so the hand's points added up to 120 instead of 130 (rules/four-hand.md#cards-and-deal)."""
    game = make_game("four-hand-sixty-six", {"ten_of_trumps_bonus": True, "target": 2})
    m = Match(game, dealer=3)
    m.score = [1, 0, 1, 0]  # seats 0 and 2 one point from the target
    # Trumps are clubs (the dealer's last card). Seat 0 holds every club but the dealer's 7C, and
    # the AS: he wins every trick and leads the TC last.
    hands = ("AC KC QC JC 9C 8C AS TC", "AH TH KH QH JH 9H 8H 7H",
             "AD TD KD QD JD 9D 8D 7D", "TS KS QS JS 9S 8S 7S 7C")
    deal = Deal(hands=tuple(tuple(parse_card(c) for c in h.split()) for h in hands),
                turnup=parse_card("7C"), stock=())
    s = m.deal_hand(deal=deal)
    leads = iter(["AC", "KC", "QC", "JC", "9C", "8C", "AS", "TC"])
    while not s.over:
        m.apply(f"play {next(leads)}" if s.to_act == 0 else s.legal_actions()[0])
    res = m.results[-1]
    assert res.end == "ten of trumps" and m.winner == [0, 2]
    assert res.points == (130, 0, 130, 0) and res.tricks == (8, 0, 8, 0)
    assert check_record(m.record()) is None


def test_search_scoring_that_disagrees_with_the_result_is_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lean = Schnapsen.hand_game_points

    def off_by_one(self: Schnapsen, state: State, claimant: int | None) -> Any:
        gp = list(lean(self, state, claimant))
        if claimant is not None:
            gp[claimant] += 1
        return gp
    monkeypatch.setattr(Schnapsen, "hand_game_points", off_by_one)
    found = _first_finding("schnapsen")
    assert found.check == "game points" and "for search" in found.message


def test_parallel_workers_play_the_same_share_as_one() -> None:
    one = run_fuzz(["schnapsen", "sixty-six"], 30, seed=8, chunk=10)
    two = run_fuzz(["schnapsen", "sixty-six"], 30, seed=8, chunk=10, workers=2)
    # The same tasks from the same seeds: the same matches, whichever process played them.
    for g in ("schnapsen", "sixty-six"):
        a, b = one.games[g], two.games[g]
        assert (a.hands, a.matches, a.actions, a.seen) == (b.hands, b.matches, b.actions, b.seen)
        assert a.hands >= 30 and not a.found


def test_auf_dissle_lost_in_the_last_trick_keeps_the_last_trick_bonus() -> None:
    """Found by the fuzzer (Gaigel, seed 127): forehand playing Auf Dissle won the last trick;
    the hand ended as lost before the last trick's bonus (here 6) was counted, so the points
    came to 240, not 246."""
    played = ("exchange; open auf-dissle QS; play TS; play 9H; play KS; play AC; play TD; "
               "play 9C; play JC; play QS; play 9H; play KH; play 9D; play TH; play QH; play AS; "
               "play AH; play KC; play TD; play QC; play JS; play AD; play QC; play TC; play KH; "
               "play AC; play JH; play QD; play JD; play KS; play AS; play 9S; play TS; play QD; "
               "play KD; play KD; play AD; play 9D; play TH; play JD; play 9S; play 9C; play JS; "
               "play KC; play TC; play QH; play JC; play AH; play JH")
    actions = played.split("; ")
    record = {"game": "gaigel", "options": {
        "low_rank": "9", "direction": "counterclockwise", "auf_dissle_award": 1,
        "last_trick_bonus": 6, "partner_may_meld": False, "five_low": "instant_win",
        "rob_requires_team_trick": False, "overplayed_loses": True, "target": 5, "deals": 7},
        "hands": [{"dealer": 2, "seed": 349022324126581, "actions": actions}]}
    from sixtysix.records import replay
    hand = replay(record)["hands"][0]
    assert hand["end"] == "auf dissle lost" and hand["complete"]
    assert hand["points"][0] + hand["points"][1] == 240 + 6
    assert hand["game_points"] == [1, 0, 1, 0]
    assert check_record(record) is None


def test_the_promised_second_copy_of_a_card_can_be_played_by_its_text() -> None:
    """Found by the fuzzer (Gaigel): a partner holding both kings of diamonds melded for the
    leader naming the second copy; 'play KD' then read as the first copy, which the promise
    forbids, and was refused although playing a king of diamonds was the one legal action."""
    from sixtysix.engine.actions import action_str as text_of
    from sixtysix.records import match_from_record
    actions = ("play 9H; play TD; play AC; play AC; play QS; play TS; play QC; play KH; play QS; "
               "play JS; play JC; play JC; play JD; play JH; play 9D; play 9S; play 9D; play KC; "
               "play 9C; play AH; play QH; play JH; play 9H; play KS; defer")
    record = {"game": "gaigel", "options": {
        "low_rank": "9", "opening": "free", "last_trick_bonus": 9, "melds_in_phase2": False,
        "five_low": "instant_win", "overplayed_loses": True},
        "hands": [{"dealer": 1, "seed": 2632714130965576, "actions": actions.split("; ")}]}
    m = match_from_record(record)
    s = m.hand
    assert s is not None and s.to_act == 2
    king = parse_card("KD")
    assert (s.hands[2] >> king) & 1 and (s.hands[2] >> (king | 32)) & 1  # both copies
    second = [a for a in s.legal_actions() if text_of(a) == "marry KD" and a & 32]
    assert second, [text_of(a) for a in s.legal_actions()]
    m.apply(second[0])
    m.apply("play AH")
    m.apply("play JS")
    assert [text_of(a) for a in s.legal_actions()] == ["play KD"]
    m.apply("play KD")  # refused before the fix
    assert s.trick[-1] == king | 32 or s.last_trick[-1][1] == king | 32
