"""The wire view of the bidding and meld games, in process: phase names, the log with who did
what, the auction and contract, and what a spectator is not shown; a claim that would be false,
and where Schnapsen's count down starts."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from sixtysix.engine import Match
from sixtysix.engine.actions import action_str, parse_action
from sixtysix.engine.phases import PHASES, PhaseId
from sixtysix.engine.state import State
from sixtysix.games import make_game
from sixtysix.server.views import PHASE_NAMES, view_to_json

CARD = re.compile(r"\b[AKQJT987][CDHS]\b")


def test_every_phase_of_the_engine_has_its_name() -> None:
    registered = {i for i, p in enumerate(PHASES) if p is not None}
    assert set(PHASE_NAMES) == registered == set(PhaseId)
    assert PHASE_NAMES[5] == "deal choice" and PHASE_NAMES[7] == "doubling"
    assert PHASE_NAMES[8] == "answer" and PHASE_NAMES[9] == "auction"


def play(m: Match, texts: list[str], actors: list[int]) -> None:
    for t in texts:
        assert m.hand is not None
        actors.append(m.hand.to_act)
        m.apply(t)


def test_a_bauernschnapsen_auction_and_doubling_are_told_with_who_said_what() -> None:
    m = Match(make_game("bauernschnapsen"), dealer=3)  # forehand: seat 0; dealer's right: 2
    state = m.deal_hand(seed=1)
    actors: list[int] = []
    play(m, ["cut", "turn", "bid normal", "pass", "pass", "pass", "kontra"], actors)
    v = view_to_json(state.view(2), actors=actors)
    assert v["phase"] == "doubling"
    assert [(e["seat"], e["action"]) for e in v["log"]] == [
        (2, "cut"), (0, "turn"), (0, "bid normal"), (1, "pass"), (2, "pass"), (3, "pass"),
        (1, "kontra")]
    assert v["log"][-1]["words"] == "says kontra" and v["log"][2]["words"] == "bids normal"
    # The doubling's pass is no call of the auction, which ended with the third pass.
    assert v["auction"] == {"kind": "contracts", "open": False, "high": "normal", "bidder": 0,
                            "passed": [1, 2, 3], "calls": [
                                {"seat": 0, "call": "bid normal"}, {"seat": 1, "call": "pass"},
                                {"seat": 2, "call": "pass"}, {"seat": 3, "call": "pass"}]}
    c = v["contract"]
    assert (c["name"], c["declarer"], c["factor"], c["doubling"], c["worth"]) == (
        "normal", 0, 2, "kontra", c["value"] * 2)
    assert c["next_doubling"] == "rekontra"  # the declarer's side may answer


def test_a_contract_bid_carries_what_the_contract_is_worth() -> None:
    # The table's button reads "Bid Bettler (4)": the value is the game's, contract by contract.
    game = make_game("bauernschnapsen")
    m = Match(game, dealer=3)
    state = m.deal_hand(seed=1)
    play(m, ["cut", "turn"], [])
    bids = [a for a in view_to_json(state.view(0))["legal"] if a["verb"] == "bid"]
    worth = {c.name: c.value for c in game.contracts}
    assert bids and all(a["value"] == worth[a["action"].split()[1]] for a in bids)
    assert next(a["value"] for a in bids if a["action"] == "bid bettler") == 4


def test_north_american_bid_becomes_the_contract_in_units() -> None:
    m = Match(make_game("north-american-sixty-six", {"players": 3}), dealer=2)
    state = m.deal_hand(seed=4)
    actors: list[int] = []
    play(m, ["bid 3", "pass", "bid 4", "pass"], actors)
    v = view_to_json(state.view(1), actors=actors)
    assert v["auction"]["calls"] == [{"seat": 0, "call": "bid 3"}, {"seat": 1, "call": "pass"},
                                     {"seat": 2, "call": "bid 4"}, {"seat": 0, "call": "pass"}]
    assert v["contract"]["name"] == "4 units" and v["contract"]["declarer"] == 2
    assert v["targets"] == {"claim": None, "match": 10, "race": 10, "start": None, "unit": 33}


def test_gaigel_face_down_opening_is_hidden_from_others_and_spectators() -> None:
    m = Match(make_game("gaigel"), dealer=3)  # forehand: seat 0
    for seed in range(50):
        state = m.deal_hand(seed=seed)
        opens = [a for a in state.legal_actions() if action_str(a).startswith("open hoeher")]
        if opens:
            break
        m = Match(make_game("gaigel"), dealer=3)
    text = action_str(opens[0])
    card = text.split()[-1]
    m.apply(opens[0])
    own = view_to_json(state.view(0), actors=[0])
    assert own["trick"] == [{"seat": 0, "card": card}] and own["log"][0]["action"] == text
    assert own["opening"] == "Höher"
    for v in (view_to_json(state.view(1), actors=[0]),
              view_to_json(state.view(0), spectator=True, actors=[0])):
        assert v["trick"] == [{"seat": 0, "card": "??"}]
        assert v["log"] == [{"seat": 0, "action": "open hoeher ??",
                             "words": "opens Höher, face down", "points": None}]
        # No card of seat 0's hand anywhere in what the others are sent (but in their own hands
        # and the turn-up: a double pack has two of each card).
        public = {k: v[k] for k in v if k not in ("hand", "legal", "turnup")}
        assert not (set(own["hand"]) | {card}) & set(CARD.findall(str(public)))


def test_a_claim_that_would_be_false_carries_its_points() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    state = m.deal_hand(seed=7)
    while "declare" not in [action_str(a) for a in state.legal_actions()]:
        m.apply(next(a for a in state.legal_actions() if action_str(a).split()[0] in ("play", "draw")))
    seat = state.to_act
    own = view_to_json(state.view(seat))
    points = own["points"][seat]
    assert 0 < points < 66  # a trick won, far from 66: the claim would lose the hand
    declare = next(a for a in own["legal"] if a["action"] == "declare")
    # What a false claim costs: 2 game points here (the other side has a trick).
    assert declare == {"action": "declare", "verb": "declare", "false_claim": points,
                       "points": points, "cost": 2}
    assert all("false_claim" not in a for a in own["legal"] if a["verb"] == "play")
    assert view_to_json(state.view(seat), spectator=True)["legal"] == []


def test_schnapsen_counts_down_from_its_start() -> None:
    state = Match(make_game("schnapsen", {"start_score": 9}), dealer=1).deal_hand(seed=3)
    assert view_to_json(state.view(0))["targets"]["start"] == 9
    assert view_to_json(Match(make_game("sixty-six"), dealer=1).deal_hand(seed=3).view(0))[
        "targets"]["start"] is None


def positions(game: str, seeds: range, choose: Callable[[list[str]], list[str]],
              options: dict[str, Any] | None = None, dealer: Callable[[int], int] = lambda seed: 1,
              ) -> Iterator[tuple[int, State]]:
    """Each position (its seed and state) of a hand of ``game`` per seed, played on at random
    among the legal actions (as text) that ``choose`` keeps."""
    for seed in seeds:
        m = Match(make_game(game, options or {}), dealer=dealer(seed))
        state = m.deal_hand(seed=seed)
        rng = random.Random(seed)
        while not state.over:
            yield seed, state
            m.apply(rng.choice(choose([action_str(a) for a in state.legal_actions()])))


def verbs(*words: str) -> Callable[[list[str]], list[str]]:
    """A ``choose`` for ``positions``: the actions whose verb is one of ``words``."""
    return lambda texts: [t for t in texts if t.split()[0] in words]


def test_closing_carries_the_closers_points_and_what_a_failed_close_costs() -> None:
    costs = set()
    for _, state in positions("sixty-six", range(10), verbs("play", "draw")):
        seat = state.to_act
        view = view_to_json(state.view(seat))
        close = next((a for a in view["legal"] if a["action"] == "close"), None)
        if close:
            # The closer's own points; 3 game points to a trickless opponent, else 2.
            cost = 2 if view["tricks"][1 - seat] else 3
            assert close == {"action": "close", "verb": "close",
                             "points": view["points"][seat], "cost": cost}
            costs.add(cost)
    assert costs == {2, 3}


def test_a_true_claim_carries_its_points_and_no_false_claim() -> None:
    for _, state in positions("sixty-six", range(200), verbs("play", "draw")):
        seat = state.to_act
        legal = [action_str(a) for a in state.legal_actions()]
        if "declare" in legal and state.points[seat] >= 66:
            declare = next(a for a in view_to_json(state.view(seat))["legal"]
                           if a["action"] == "declare")
            assert declare == {"action": "declare", "verb": "declare",
                               "points": state.points[seat], "cost": 2}
            return
    raise AssertionError("no claim of 66 reached")


def test_the_reverse_knock_carries_the_most_the_other_side_can_have() -> None:
    """Gaigel: ``their_most`` never falls short of what the other side really has (an upper
    bound, so a right reverse knock is always offered), starts far below 101, and reaches it."""
    early, reached = set(), False
    for seed, state in positions("gaigel", range(12), verbs("play", "open", "marry"),
                                 dealer=lambda seed: 0):
        seat = state.to_act
        if "reverse" in [action_str(a) for a in state.legal_actions()]:
            view = view_to_json(state.view(seat))
            reverse = next(a for a in view["legal"] if a["action"] == "reverse")
            side = state.rules.sides[seat]
            theirs = state.points[1 - side]
            assert reverse["cost"] == 2 and reverse["their_most"] >= theirs, (seed, reverse)
            # ... and no more than their cards at 11 each (an ace's) and their melds.
            cards = 4 * state.tricks[1 - side]
            assert reverse["their_most"] <= 11 * cards + state.melds[1 - side], (seed, reverse)
            if state.trick_no == 1:
                early.add(reverse["their_most"])
            reached |= reverse["their_most"] >= 101
    assert early and max(early) < 101 and reached


def test_the_seats_own_actions_are_told_in_the_second_person() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    state = m.deal_hand(seed=7)
    m.apply("close")  # seat 0 leads first: closing is allowed at once
    entry = {"seat": 0, "action": "close", "words": "closes the stock", "points": None}
    assert view_to_json(state.view(0), actors=[0])["log"] == [{**entry, "you_words": "close the stock"}]
    assert view_to_json(state.view(1), actors=[0])["log"] == [entry]
    assert view_to_json(state.view(0), spectator=True, actors=[0])["log"] == [entry]


def test_auf_dissle_carries_the_low_cards_held_and_the_bet() -> None:
    for low, rank in (("7", "7"), ("9", "9")):
        state = Match(make_game("gaigel", {"low_rank": low, "auf_dissle_award": 3}),
                      dealer=3).deal_hand(seed=1)
        view = view_to_json(state.view(0))  # forehand: seat 0 opens trick 1
        held = sum(c[0] == rank for c in view["hand"])
        bets = [a for a in view["legal"] if a["action"].startswith("open auf-dissle")]
        assert bets and all(a["low"] == rank and a["low_held"] == held and a["cost"] == 3
                            for a in bets)
        assert all("low_held" not in a for a in view["legal"] if a not in bets)


def test_what_a_false_claim_or_a_wrong_reverse_knock_costs_is_what_it_costs() -> None:
    """Every game with claims, random play: at each false claim offered (and each reverse knock
    that would be wrong), the ``cost`` the seat is told is what the other side scores when it is
    made (the hand played on a copy)."""
    games = [("sixty-six", {}), ("sixty-six", {"false_claim_penalty": "2_or_3_if_opponent_trickless"}),
             ("schnapsen", {}), ("three-hand-sixty-six", {}), ("four-hand-sixty-six", {"variant": "pagat"}),
             ("bauernschnapsen", {}), ("gaigel", {})]
    for name, options in games:
        checked = 0
        for seed, state in positions(name, range(6), quiet, options, dealer=lambda seed: seed % 2):
            seat = state.to_act
            for a in view_to_json(state.view(seat))["legal"]:
                wrong = "false_claim" in a or (
                    a["verb"] == "reverse" and
                    state.points[1 - state.rules.sides[seat]] < 101)
                if wrong:
                    after = state.copy()
                    after.step(parse_action(a["action"]))
                    gp = after.game_points()
                    others = [p for p in after.active if after.rules.sides[p] != after.rules.sides[seat]]
                    assert max(gp[p] for p in others) == a["cost"], (name, seed, a, gp)
                    checked += 1
        assert checked, name


def quiet(texts: list[str]) -> list[str]:
    """A ``choose`` for ``positions`` that plays on without ending the hand at once
    (Bauernschnapsen: the Normal game)."""
    keep = [t for t in texts if t in ("bid normal", "pass")] or [
        t for t in texts if t.split()[0] not in ("declare", "reverse", "close")]
    return keep or texts


def test_the_scores_words_and_the_race_are_what_each_game_declares() -> None:
    # The client names no game: it reads what a hand counts in, what a claim is called, whether
    # the match counts down and the score that wins it from the view.
    def scoring(game: str, **options: Any) -> tuple[dict[str, Any], Any]:
        v = view_to_json(Match(make_game(game, options), dealer=1).deal_hand(seed=2).view(0))
        return v["scoring"], v["targets"]["race"]

    assert scoring("sixty-six") == ({"unit": "game point", "claim": "claim", "down": False}, 7)
    assert scoring("gaigel") == ({"unit": "game point", "claim": "knock", "down": False}, 7)
    assert scoring("gaigel", match="deals")[1] is None  # a number of hands is no race
    assert scoring("terts") == ({"unit": "point", "claim": "claim", "down": False}, 501)
    assert scoring("three-player-sixty-six")[0]["unit"] == "chip"
    assert scoring("three-player-sixty-six")[1] is None
    assert scoring("north-american-sixty-six")[0]["unit"] == "unit"
    assert scoring("schnapsen")[0]["down"]
    assert scoring("bauernschnapsen", score_direction="down")[0]["down"]
    assert not scoring("bauernschnapsen", score_direction="up")[0]["down"]
