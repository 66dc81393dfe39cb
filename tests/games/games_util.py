"""Shared helpers for the game tests: explicit deals from text, playing action strings, perft."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from deal_helpers import hand_str as hand_of
from deal_helpers import legal, perft

from sixtysix.cards import pack_cards, parse_card
from sixtysix.engine.match import Match
from sixtysix.engine.state import Deal, HandResult, State
from sixtysix.errors import IllegalActionError

__all__ = ["act", "cards", "hand_of", "legal", "make_deal", "perft", "random_hands", "refused",
           "result", "state"]


def cards(text: str) -> tuple[int, ...]:
    """Cards from text such as ``"AS TS 9D"``, in the order written."""
    return tuple(parse_card(w) for w in text.split())


def make_deal(pack: int, hands: list[str], turnup: str | None, stock: str = "",
              fill_stock: bool = True) -> Deal:
    """A deal from text; with ``fill_stock`` the cards not named go to the end of the stock in the
    pack's fixed order, so a test writes only the draws it depends on."""
    hs = tuple(cards(h) for h in hands)
    named = [c for h in hs for c in h] + list(cards(stock))
    up = parse_card(turnup) if turnup is not None else None
    if up is not None and up not in named:
        named.append(up)
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice in the deal")
    rest = tuple(c for c in pack_cards(pack) if c not in named) if fill_stock else ()
    return Deal(hands=hs, turnup=up, stock=cards(stock) + rest)


def act(m: Match | State, *actions: str) -> None:
    """Apply actions in order; ``"a / b / …"`` plays those cards as one trick, leader first."""
    for a in actions:
        if "/" in a:
            for c in a.split("/"):
                m.apply("play " + c.strip())
        else:
            m.apply(a)




def state(m: Match) -> State:
    """The hand in play."""
    assert m.hand is not None
    return m.hand


def result(m: Match) -> HandResult:
    """The last hand's result."""
    return m.results[-1]


def refused(m: Match, action: str, words: str) -> None:
    """``action`` is refused with a message matching ``words``, and the hand is as it was."""
    s = state(m)
    before = (s.phase, s.to_act, list(s.history), s.bidding, s.factor, list(s.hands))
    with pytest.raises(IllegalActionError, match=words):
        m.apply(action)
    assert (s.phase, s.to_act, list(s.history), s.bidding, s.factor, list(s.hands)) == before


def random_hands(m: Match, rng: random.Random) -> Iterator[HandResult]:
    """Plays match ``m`` to its end by random legal actions, each hand dealt from ``rng``:
    each hand's result as it ends."""
    while not m.complete:
        m.deal_hand(rng=rng)
        while m.in_hand:
            m.apply(rng.choice(m.legal_actions()))
        yield m.results[-1]
