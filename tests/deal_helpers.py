"""Helpers for building explicit deals and playing them through ``Match`` with action strings.

Imported by name (``from deal_helpers import ...``): ``from conftest import`` is ambiguous once
several conftest.py files exist (tests/server has one), since they all load as module ``conftest``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.pimc import Pimc
from sixtysix.bots.playout import outcome, play_reference
from sixtysix.bots.worlds import determinize, exclusions
from sixtysix.cards import PACK_24, card_list, card_str, cards_of, pack_cards, parse_card
from sixtysix.engine.actions import action_str
from sixtysix.engine.kernel import POLICY, RANDOM, KernelRandom, seed_state
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_DRAW, Deal, State
from sixtysix.engine.view import View
from sixtysix.games import make_game


def cards(text: str) -> tuple[int, ...]:
    """Cards from text such as ``"AS TS 9D"``, in the order written."""
    return tuple(parse_card(w) for w in text.split())


def deal66(h0: str, h1: str, turnup: str, stock: str = "") -> Deal:
    """A Sixty-Six deal: seat 0's and seat 1's hands, the turn-up, and the stock from the top.

    ``stock`` may name only its first cards: the rest follow in the pack's fixed order, so a test
    writes down just the draws it depends on.
    """
    given = cards(h0) + cards(h1) + cards(turnup) + cards(stock)
    if len(set(given)) != len(given):
        raise ValueError(f"a card is named twice in the deal: {h0} | {h1} | {turnup} | {stock}")
    rest = tuple(c for c in pack_cards(PACK_24) if c not in given)
    return Deal(hands=(cards(h0), cards(h1)), turnup=parse_card(turnup), stock=cards(stock) + rest)


def match66(h0: str, h1: str, turnup: str, stock: str = "", *, dealer: int = 1,
            **options: Any) -> Match:
    """A Sixty-Six match with the given options, its first hand dealt from the explicit deal.

    The dealer defaults to seat 1, so seat 0 is the non-dealer who leads to trick 1.
    """
    m = Match(make_game("sixty-six", options), dealer=dealer)
    m.deal_hand(deal=deal66(h0, h1, turnup, stock))
    return m


def act(m: Match, *actions: str) -> None:
    """Apply actions (text) in order. A ``"AS / 9S"`` string is a whole trick, leader's card first
    (a bare card means ``play``; ``"marry KS / 9S"`` leads with a marriage), followed by ``draw``
    when the winner is offered the choice between drawing and closing."""
    for a in actions:
        if "/" in a:
            for part in a.split("/"):
                part = part.strip()
                m.apply(part if " " in part else "play " + part)
            if m.hand is not None and m.hand.phase == PH_DRAW:
                m.apply("draw")
        else:
            m.apply(a)


def legal(state: State | Match) -> list[str]:
    """The legal actions as canonical text."""
    return [action_str(a) for a in state.legal_actions()]


def perft(state: State, depth: int) -> int:
    """Leaves of the action tree ``depth`` actions deep (a finished hand is a leaf)."""
    if depth == 0 or state.over:
        return 1
    total = 0
    for a in state.legal_actions():
        s = state.copy()
        s.step(a)
        total += perft(s, depth - 1)
    return total


# The example record of records.md §3, whose replay result records.md §6 gives.
RECORDS_MD_EXAMPLE: dict[str, Any] = {
    "game": "sixty-six",
    "options": {"nine_exchange_timing": "any_time"},
    "players": ["Ann", "Bob"],
    "hands": [{
        "dealer": 1,
        "deal": {
            "hands": [["AS", "TS", "KS", "QS", "JS", "9D"], ["AH", "TH", "KH", "QH", "JH", "9H"]],
            "turnup": "JD",
            "stock": ["AD", "TD", "KD", "QD", "9S", "AC", "TC", "KC", "QC", "JC", "9C"],
        },
        "actions": ["play AS", "play 9H", "draw", "exchange", "marry KS"],
    }],
}


def hand_str(state: State, seat: int) -> set[str]:
    return {card_str(c) for c in range(64) if (state.hands[seat] >> c) & 1}


def play_randomly_until(s: State, rng: random.Random, stop: Callable[[State], bool],
                        allowed: Callable[[int], bool] = lambda a: True,
                        prefer: Callable[[int], bool] = lambda a: False) -> bool:
    """Step ``s`` with random legal actions (a preferred one where there is one, else an allowed
    one, else any) until ``stop(s)``; False if the hand ended first."""
    while not s.over:
        if stop(s):
            return True
        acts = s.legal_actions()
        s.step(rng.choice([a for a in acts if prefer(a)] or [a for a in acts if allowed(a)]
                          or acts))
    return False


def trees_agree(view: View, seed: int, endgame: bool, **params: Any) -> bool:
    """Whether ISMCTS (with ``params`` besides) grows the same tree (the same root visits and
    values) walking the kernel's packed hands as walking ``State``, from the same worlds
    (``determinize``, as the State path draws them) and the same seed."""
    trees = [Ismcts(iterations=200, seconds=None, packed=packed, endgame=endgame,
                    sample=partial(determinize, view, excluded=exclusions(view)), **params)
             for packed in (True, False)]
    packed, ref = (t.estimates(view, random.Random(seed)) for t in trees)
    return packed == ref


def worlds_fit(view: View, excluded: list[int], h: Any, origin: Any, sizes: list[int],
               rng: random.Random, each: Callable[[Any], None] = lambda h: None,
               draws: int = 80) -> None:
    """Deal ``draws`` worlds of ``view`` with ``h.redeal(origin)`` (``packed.multi_dealer``'s
    pair) and assert that each fits it: every seat keeps what it is known to hold (its own hand
    for the view's seat) and has its number of cards (``sizes``), none a card it has shown it
    cannot hold, the unseen cards all dealt once; and that every card a seat may hold reaches it
    about as often as it should where only that seat's exclusions bind. ``each`` checks each
    world (``h``) further."""
    n = len(sizes)
    unseen = view.unseen()
    known = list(view.known)
    known[view.seat] = view.hand
    binding = [p for p in range(n) if p != view.seat and excluded[p] & unseen]
    counts = [dict.fromkeys(cards_of(unseen), 0) for _ in range(n)]
    for _ in range(draws):
        h.rng = seed_state(rng.randrange(2**63))
        h.redeal(origin)
        dealt = 0
        hands = [h.hand(p) for p in range(n)]
        for p, hand in enumerate(hands):
            assert hand & known[p] == known[p] and hand.bit_count() == sizes[p]
            assert hand & ~known[p] & excluded[p] == 0 and dealt & hand == 0
            dealt |= hand & ~known[p]
            for c in cards_of(hand & ~known[p]):
                counts[p][c] += 1
        assert dealt == unseen
        each(h)
    for p in range(n):
        need = sizes[p] - known[p].bit_count()
        allowed = card_list(unseen & ~excluded[p])
        if need and not [q for q in binding if q != p]:  # only p's exclusions bind
            expect = draws * need / len(allowed)
            assert all(abs(counts[p][c] - expect) < 6 * expect ** 0.5 + 2
                       for c in allowed), counts[p]


def kernel_plays_as_state(s: State, h: Any, pack: Callable[[State], Any],
                          playouts: Callable[..., Any], rng: random.Random) -> list[State]:
    """Assert that packed hand ``h`` (``pack(s)``) plays out from ``s`` as ``State`` does, with
    random choices and with the searches' policy: the same game points, the same number of
    actions, the same random numbers used; and that at the end its leads are ``outcome``'s.
    Returns the two finished states (random, policy) for the caller's own checks."""
    done = []
    for policy in (RANDOM, POLICY):
        x = seed_state(rng.randrange(2**63))
        t = s.copy()
        ref = KernelRandom(x)
        steps = play_reference(t, ref, policy)
        assert playouts(h, 1, x, policy) == (list(t.game_points()), steps, ref.state), t.history
        t_packed = pack(t)
        assert t_packed is not None and t_packed.leads() == outcome(t)
        done.append(t)
    return done


def searches_agree(view: View, seed: int, iterations: int,
                   bots: tuple[str, ...] = ("ismcts", "master", "pimc")) -> bool:
    """Whether ISMCTS, ISMCTS with ``endgame=true`` (``master``) and PIMC (those of ``bots``) give
    the very same values with their playouts on the games' own kernels as through ``State``."""
    for bot in bots:
        fast, ref = ((Ismcts(iterations=iterations, endgame=bot == "master", kernel=k)
                      if bot != "pimc" else Pimc(worlds=2, playouts=2, kernel=k))
                     .action_values(view, random.Random(seed)) for k in (True, False))
        if fast != ref:
            return False
    return True
