"""No message ever carries a card its receiver may not know.

Whole games are played over WebSockets with every seat a person (and a spectator watching). For
each message, the cards it names are checked against the true state at that moment: a card in
another seat's hand is secret unless everyone saw it go there (the face-up trump card taken by the
last draw or an exchange, the partner of a declared marriage), the face-down stock is secret, and
while trumps are being named from a first packet even the seat's own cards beyond it are secret
(not so after an auction: the high bidder names them holding his whole hand). This
oracle is worked out here from the actions, not taken from the engine's own bookkeeping.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import new_table, seat_tokens, seats

from sixtysix.cards import SUITS, card_str, cards_of, parse_card
from sixtysix.engine.actions import COMBOS
from sixtysix.engine.phases.meld import END_DISSLE_WON, five_low_watch
from sixtysix.engine.state import PH_TRUMP, State
from sixtysix.games import GAMES

CARD = re.compile(r"(?<![A-Za-z0-9_-])([AKQJT987][CDHS])(?![A-Za-z0-9_-])")


def secret_cards(state: State, seat: int | None, shown: set[int]) -> set[str]:
    """Cards ``seat`` (None: a spectator) may not know in ``state``: none once the hand is over
    (it is shown face up, and its key, sent then, gives its whole deal)."""
    if state.over:
        return set()
    secret = set()
    for p, hand in enumerate(state.hands):
        for c in cards_of(hand):
            if p == seat:
                if state.phase == PH_TRUMP and state.rules.trump_choice \
                        and not (state.first_packet[p] >> c) & 1:
                    secret.add(c)  # not yet picked up
            elif c not in shown:
                secret.add(c)
    secret.update(state.stock[state.spos:])
    # Two copies of a card are written alike: a secret copy is a leak only if no copy is known.
    names = {card_str(c) for c in secret}
    visible = {card_str(c) for p, h in enumerate(state.hands) for c in cards_of(h)
               if c not in secret}
    visible |= {card_str(c) for c in state.trick}
    visible |= {card_str(c) for won in state.won for c in cards_of(won)}  # played and turned
    if state.turnup >= 0 and state.turnup_up:
        visible.add(card_str(state.turnup))  # face up for all (Gaigel: its twin may be secret)
    # (A double pack has cards 32 and up: test the pack, not whether a secret copy happens to be one.)
    return names - visible if state.rules.pack >> 32 else names


def update_shown(before: State | None, after: State, action: str | None, shown: set[int]) -> None:
    """Cards now in a hand that everyone saw go there."""
    turnups = {after.turnup}
    if before is not None:
        turnups.add(before.turnup)
    if after.phase != PH_TRUMP:
        for c in turnups:
            if c >= 0 and any((h >> c) & 1 for h in after.hands):
                shown.add(c)
    c = after.contract  # Bauernschnapsen: a shown contract shows the declarer's hand; a solo's
    if c is not None:   # partner's cards lie face down, face up only under solo_partner_open
        for p in ([(after.declarer + 2) % 4] if c.partner_open else []) + (
                [after.declarer] if c.shown else []):
            shown.update(cards_of(after.hands[p]))
    if after.over and five_low_watch(after) >= 0 and after.end_kind == END_DISSLE_WON:
        shown.update(cards_of(after.hands[five_low_watch(after)]))  # Auf Dissle won: shown
    if before is not None:  # Terts: every combination scored is shown (rules/terts.md#combinations)
        for _, j in after.scored[len(before.scored):]:
            shown.update(cards_of(COMBOS[j]))
    if action and before is not None:
        verb, _, arg = action.partition(" ")
        if verb in ("marry", "declare") and arg:
            card = parse_card(arg)
            for c in (card, card ^ 1, card | 32, (card ^ 1) | 32):
                # The marriage's king and queen, in whichever copy the declarer holds.
                if (before.hands[before.to_act] >> c) & 1:
                    shown.add(c)
        # Terts: an announced or shown combination names its cards; bella shows the trump K, Q.
        names = arg.split() if verb in ("announce", "show") else \
            [f"K{SUITS[before.trump]}", f"Q{SUITS[before.trump]}"] if verb == "bella" else []
        for name in names:
            card = parse_card(name)
            for c in (card, card | 32):
                if (before.hands[before.to_act] >> c) & 1:
                    shown.add(c)


def dealt_cards(match: Any) -> set[str]:
    """Every card of the current hand's deal, by name."""
    deal, _ = match.deals[-1]
    cards = [c for h in deal.hands for c in h] + list(deal.stock)
    return {card_str(c) for c in cards + ([deal.turnup] if deal.turnup is not None else [])}


def play_and_check(client: TestClient, game: str, seed: int, max_hands: int) -> int:
    n = GAMES[game].n_seats
    t = new_table(client, game=game, seats=seats(*["human"] * n))
    tid = t["table"]
    table = client.app.state.hub.tables[tid].table  # type: ignore[attr-defined]
    toks = seat_tokens(client, t)
    rng = random.Random(seed)
    checked = 0
    shown: set[int] = set()
    ctxs = [client.websocket_connect(f"/ws/{tid}?token={tok}") for tok in toks]
    ctxs.append(client.websocket_connect(f"/ws/{tid}"))
    viewers: list[int | None] = [*range(n), None]
    socks = []
    last: list[dict[str, Any]] = []
    try:
        for i, c in enumerate(ctxs):
            socks.append(c.__enter__())
            del i
        # Each connection is sent the state again whenever someone joins after it.
        for i, ws in enumerate(socks):
            for _ in range(len(socks) - i):
                m = ws.receive_json()
            last.append(m)
        state = table.match.hand
        update_shown(None, state, None, shown)
        hands = 1
        while True:
            for viewer, m_raw in zip(viewers, last, strict=True):
                assert m_raw["version"] == table.version
                text = repr(m_raw)
                leaked = set(CARD.findall(text)) & secret_cards(table.match.hand, viewer, shown)
                assert not leaked, f"seat {viewer} was sent {sorted(leaked)} (version {table.version})"
                # Once the hand is over, every card of its deal is shown to everyone.
                over = m_raw["view"]["phase"] == "over"
                assert (m_raw["reveal"] is not None) == over
                if over:
                    assert set(CARD.findall(repr(m_raw["reveal"]))) == dealt_cards(table.match)
                checked += 1
            m0 = last[0]
            if m0["complete"] or (m0["view"]["phase"] == "over" and hands >= max_hands):
                break
            before = table.match.hand.copy()
            if m0["view"]["phase"] == "over":
                # Each person asks for the next hand (all are here): the last one's asking deals.
                for seat in range(n - 1):
                    socks[seat].send_json({"type": "next", "version": m0["version"]})
                    for ws in socks:
                        assert ws.receive_json()["next"]["ready"] == list(range(seat + 1))
                socks[n - 1].send_json({"type": "next", "version": m0["version"]})
                hands += 1
                action = None
                shown.clear()
            else:
                seat = m0["view"]["to_act"]
                legal = [a["action"] for a in last[seat]["view"]["legal"]]
                plays = [a for a in legal if a.startswith("play")]
                # Mostly play cards, so that hands run long and reach the last draw and the close.
                action = rng.choice(plays if plays and rng.random() < 0.8 else legal)
                socks[seat].send_json({"type": "act", "action": action, "version": m0["version"]})
            last = [ws.receive_json() for ws in socks]
            for m in last:
                assert m["type"] == "state", m
            update_shown(before if action else None, table.match.hand, action, shown)
    finally:
        for c in reversed(ctxs[:len(socks)]):
            c.__exit__(None, None, None)
    return checked


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_sixty_six_matches_leak_nothing(client: TestClient, seed: int) -> None:
    # The deal is the server's secret, so the match's length is not fixed: it takes at least 3
    # hands (3 game points a hand at most, to 7), each of 2 actions or more, every action sending
    # one message to each of the 3 connections: more than 20 messages checked, whatever the deals.
    assert play_and_check(client, "sixty-six", seed, max_hands=100) > 20


@pytest.mark.parametrize("game", sorted(g for g in GAMES if g != "sixty-six"))
def test_other_games_leak_nothing(client: TestClient, game: str) -> None:
    assert play_and_check(client, game, 7, max_hands=3) > 20


def test_the_oracle_catches_a_leak() -> None:
    """The checker itself: the opponent's hand in a message is found."""
    from sixtysix.engine.match import Match
    from sixtysix.games import make_game
    m = Match(make_game("sixty-six"), dealer=1)
    s = m.deal_hand(seed=1)
    secret = secret_cards(s, 0, set())
    opp = {card_str(c) for c in cards_of(s.hands[1])}
    assert opp <= secret
    assert set(CARD.findall(repr({"x": sorted(opp)}))) & secret == opp
    assert not {card_str(c) for c in cards_of(s.hands[0])} & secret


def test_the_check_fails_on_a_leaking_server(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the whole harness against a server that sends one stock card too many: it must fail."""
    from sixtysix.server.table import Table
    honest = Table.message

    def leaky(self: Table, seat: int | None) -> dict[str, Any]:
        msg = honest(self, seat)
        hand = self.match.hand
        if hand is not None and hand.spos < len(hand.stock):
            msg["debug"] = card_str(hand.stock[-1])
        return msg

    monkeypatch.setattr(Table, "message", leaky)
    with pytest.raises(AssertionError, match="was sent"):
        play_and_check(client, "sixty-six", 1, max_hands=1)
