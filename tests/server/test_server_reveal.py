"""The end of a hand face up (``reveal``) and the match's Bummerl (``bummerl``) in the state
message: every card of the deal accounted for once, tricks and points that add up to the hand's
result, who claimed or closed, and nothing of it while the hand runs. In process, no browser."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from fastapi.testclient import TestClient
from server_util import new_table, seats

from sixtysix.cards import card_str, cards_of
from sixtysix.engine import Match
from sixtysix.games import GAMES, make_game
from sixtysix.records import legal_strings
from sixtysix.server.reveal import hand_reveal
from sixtysix.server.storage import Storage
from sixtysix.server.table import Table, rematch_id


def random_hand(game: str, seed: int) -> Match:
    """A match of ``game`` with one hand played to its end by random legal actions."""
    rng = random.Random(seed)
    m = Match(make_game(game), dealer=seed % GAMES[game].n_seats)
    m.deal_hand(seed=rng.getrandbits(40))
    while m.in_hand:
        m.apply(rng.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_is_dealt_once_and_ends_in_one_place(game: str) -> None:
    for seed in range(12):
        m = random_hand(game, seed)
        r = hand_reveal(m)
        assert r is not None and m.hand is not None and m.hand.result is not None
        deal, _ = m.deals[-1]
        assert [Counter(h) for h in r["dealt"]] == [Counter(map(card_str, h)) for h in deal.hands]
        assert r["stock"] == [card_str(c) for c in deal.stock]
        # The whole pack, once (Four-Hand's trump card is the dealer's last card, in his hand).
        cards = [c for h in deal.hands for c in h] + list(deal.stock)
        if deal.turnup is not None and deal.turnup not in cards:
            cards.append(deal.turnup)
        assert sorted(cards) == list(cards_of(m.game.rules.pack))
        dealt = Counter(map(card_str, cards))
        # Each card of the pack lies in exactly one place at the end: a trick, a hand, the stock.
        ended = Counter(t["card"] for trick in r["tricks"] for t in trick["cards"]) + \
            Counter(c for h in r["held"] for c in h) + Counter(r["undrawn"])
        assert ended == dealt, (game, seed)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tricks_and_points_add_up_to_the_result(game: str) -> None:
    for seed in range(12):
        m = random_hand(game, seed)
        r = hand_reveal(m)
        assert r is not None and m.hand is not None
        result, sides = m.hand.result, m.hand.rules.sides
        assert result is not None
        n = m.n
        won = Counter(sides[t["winner"]] for t in r["tricks"])
        taken = Counter()  # type: Counter[int]
        for t in r["tricks"]:
            taken[sides[t["winner"]]] += t["points"]
        for p in range(n):
            if p in m.hand.active or m.hand.rules.partnership:
                assert won[sides[p]] == result.tricks[p] == m.hand.tricks[sides[p]]
                assert taken[sides[p]] == r["card_points"][p]
                assert r["card_points"][p] + r["melds"][p] == result.points[p]
        # A trick's winner leads the next one.
        for a, b in zip(r["tricks"], r["tricks"][1:], strict=False):
            assert b["cards"][0]["seat"] == a["winner"]
            assert a["winner"] in {c["seat"] for c in a["cards"]}


def play(m: Match, actions: list[str]) -> None:
    for a in actions:
        m.apply(a)


def test_a_false_claim_names_its_claimant_and_shows_what_was_still_held() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    m.deal_hand(seed=7)
    play(m, ["play AD", "play TD", "draw", "declare"])
    r = hand_reveal(m)
    assert r is not None
    assert r["why"] == {"end": "false claim", "claimant": 0, "closer": None, "target": 66}
    assert r["tricks"] == [{"cards": [{"seat": 0, "card": "AD"}, {"seat": 1, "card": "TD"}],
                            "winner": 0, "points": 21}]
    # Both drew after the trick: seat 0 the stock's top card (AC), seat 1 the next (QD).
    assert "AC" in r["held"][0] and "QD" in r["held"][1] and len(r["held"][0]) == 6
    assert r["undrawn"][-1] == r["turnup"] == "KD"


def test_a_close_names_its_closer() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    m.deal_hand(seed=7)
    play(m, ["close"])
    while m.in_hand:
        m.apply(m.legal_actions()[0])
    r = hand_reveal(m)
    assert r is not None and r["why"]["closer"] == 0 and r["why"]["claimant"] is None
    assert r["why"]["end"] in ("closed and made", "closer failed", "closer beaten")
    assert len(r["undrawn"]) == 12  # the whole stock and the trump card stay where they were


def test_a_marriage_shown_and_never_credited_is_told_apart() -> None:
    # Seat 0 leads a marriage's card before it has a trick, seat 1 takes that trick and claims
    # at once: seat 0 took no trick, and its marriage never counted.
    for seed in range(300):
        m = Match(make_game("sixty-six"), dealer=1)
        m.deal_hand(seed=seed)
        assert m.hand is not None
        marry = [a for a in legal_strings(m.hand) if a.startswith("marry")]
        if not marry:
            continue
        m.apply(marry[0])
        taking = [a for a in legal_strings(m.hand) if beats(m, a)]
        if not taking:
            continue
        play(m, [taking[0], "draw", "declare"])
        r = hand_reveal(m)
        assert r is not None and m.hand.result is not None
        assert r["why"]["claimant"] == 1 and len(r["tricks"]) == 1
        assert r["uncredited"][0] in (20, 40) and r["melds"][0] == 0
        assert r["card_points"][0] == m.hand.result.points[0] == 0
        return
    pytest.fail("no deal in 300 gave seat 0 a marriage and seat 1 a card to take its lead")


def beats(m: Match, action: str) -> bool:
    """Whether ``action`` wins the trick for the seat to act."""
    assert m.hand is not None
    trial = m.hand.copy()
    trial.apply(action)
    return trial.leader == m.hand.to_act


def test_the_table_sends_the_reveal_only_once_the_hand_is_over_and_to_everyone() -> None:
    t = Table.create(Storage("sqlite://"), {"game": "schnapsen", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    rng = random.Random(3)
    while not t.match.complete:
        for viewer in (0, 1, None):
            msg = t.message(viewer)
            assert (msg["reveal"] is None) == t.match.in_hand
            assert msg["bummerl"] is None
        if t.match.in_hand:
            seat = t.match.to_act
            assert seat is not None
            legal = [a["action"] for a in t.message(seat)["view"]["legal"]]
            t.act(seat, rng.choice(legal), version=t.version)
        else:
            over = t.message(None)["reveal"]
            assert over == t.message(0)["reveal"] == hand_reveal(t.match)
            t.deal()
    msg = t.message(0)
    losers = [p for p in (0, 1) if p not in (t.match.winner or [])]
    assert msg["reveal"] is not None
    assert msg["bummerl"]["seats"] == losers and msg["bummerl"]["count"] in (1, 2)
    assert msg["bummerl"]["kind"] == ("Schneider" if msg["bummerl"]["count"] == 2 else "Bummerl")


def finish(t: Table, rng: random.Random) -> None:
    """Play ``t``'s match to its end with random legal actions."""
    while not t.match.complete:
        if t.match.in_hand:
            seat = t.match.to_act
            assert seat is not None
            legal = [a["action"] for a in t.message(seat)["view"]["legal"]]
            t.act(seat, rng.choice(legal), version=t.version)
        else:
            t.deal()


def test_a_rematch_tallies_the_matches_before_it() -> None:
    storage, rng = Storage("sqlite://"), random.Random(5)
    t = Table.create(storage, {"game": "schnapsen", "options": {"start_score": 2}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    assert t.message(0)["series"] == []
    tally = []
    for n in (2, 3):
        finish(t, rng)
        tally.append({"table": t.id, "winner": t.match.winner, "score": t.match.score,
                      "bummerl": t.message(0)["bummerl"]})
        t = Table.create(storage, t.rematch_request(0), table_id=rematch_id(t.id),
                         token_hashes=t.rematch_keys())
        assert t.id.endswith(f".{n}")
        assert t.message(None)["series"] == tally
    assert tally[0]["bummerl"]["seats"] == [p for p in (0, 1) if p not in tally[0]["winner"]]


def test_an_earlier_match_that_does_not_replay_is_left_out_of_the_tally() -> None:
    storage = Storage("sqlite://")
    spec = {"game": "schnapsen", "seats": [{"kind": "human", "name": "Ann"},
                                           {"kind": "human", "name": "Bob"}]}
    t = Table.create(storage, spec)
    storage.append_event(t.id, len(t.events), {"seat": 0, "action": "play ZZ"})
    later = Table.create(storage, spec, table_id=rematch_id(t.id))
    assert later.message(0)["series"] == []


def test_a_hand_over_can_be_asked_for_again_face_up_and_only_once_over(client: TestClient) -> None:
    t = new_table(client, game="gaigel", seats=seats("human", "human", "human", "human"))
    tid, table = t["table"], client.app.state.hub.tables[t["table"]].table  # type: ignore[attr-defined]
    rng, sent = random.Random(2), []
    while len(sent) < 2:
        if table.match.in_hand:
            seat = table.match.to_act
            legal = [a["action"] for a in table.message(seat)["view"]["legal"]]
            table.act(seat, rng.choice(legal), version=table.version)
        else:
            sent.append({k: table.message(None)[k] for k in ("result", "reveal")})
            table.deal()
    for n, over in enumerate(sent, 1):
        r = client.get(f"/api/tables/{tid}/hands/{n}")
        assert r.status_code == 200 and r.json() == {"hand": n, **over}
        # What everyone saw of it: its log, the seats in it, and the sides, as the view said.
        assert over["reveal"]["log"] and over["reveal"]["active"] == [0, 1, 2, 3]
    # The hand being played, one not dealt, and no number at all are refused.
    for bad, status, code in (("3", 404, "no_hand"), ("0", 404, "no_hand"), ("x", 400, "bad_request")):
        r = client.get(f"/api/tables/{tid}/hands/{bad}")
        assert r.status_code == status and r.json()["error"]["code"] == code, r.text
    assert client.get("/api/tables/nope/hands/1").json()["error"]["code"] == "no_table"
