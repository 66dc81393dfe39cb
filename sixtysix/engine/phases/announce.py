"""Terts' combinations (rules/terts.md#combinations): runs and four-of-a-kinds announced at a player's turn,
the opponent's answer (``PH_ANSWER``), the comparison and the scoring; and the bella.

A player about to play (leading or following) may ``announce`` one combination a turn that could
score; the opponent then answers with ``show`` — his best-ranked combination, scored before or
not, where it strictly outranks the announced one — or ``pass``, and the announcer goes on with
his turn. The winner of the comparison scores the combination he showed (if it can still score);
the announcer who wins also scores, best first, his other combinations that could score and share
no card with those taken (the responder too under ``loser_side_extra``). The ``bella`` (trump K
and Q, 20) is never compared and is not the turn's one announcement.

Combinations are indices into ``actions.COMBOS``: 84 runs (by suit, length, top), then the
four-of-a-kinds of the eight ranks, of which Terts counts only jacks, aces, kings and queens.

>>> from sixtysix.cards import parse_cards
>>> [describe(i) for i in held(parse_cards("KS QS JS TS 9H"))]
['tertz KS QS JS', 'tertz QS JS TS', 'fifty KS QS JS TS']
>>> from sixtysix.engine.actions import parse_action, ANNOUNCE
>>> key(parse_action("announce ks qs js") - ANNOUNCE) == key(parse_action("announce kh qh jh") - ANNOUNCE)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import ACE, JACK, KING, QUEEN, RANK_NAMES, card_str, mask_str
from .. import actions
from ..actions import ANNOUNCE, BELLA, COMBOS, PASS, SEQUENCE_ORDER, SHOW
from ..legal import trick_winner
from . import PH_ANSWER, PH_PLAY, Phase, register

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..state import State

__all__ = ["N_RUNS", "KEY", "VALUE", "held", "eligible", "key", "describe", "turn_actions",
           "apply_turn", "explain_turn", "announced_this_turn", "may_bella", "played_by",
           "best_held", "BELLA_VALUE", "combination_key", "could_score", "worth",
           "shown_unnamed"]

N_RUNS = 84
"""COMBOS[:N_RUNS] are the runs; COMBOS[N_RUNS + rank] the four cards of ``rank``."""
BELLA_VALUE = 20
_QUAD_RANKS = {JACK: 5000, ACE: 4003, KING: 4002, QUEEN: 4001}
"""Four-of-a-kinds that count, with their rank keys: jacks 200, then aces > kings > queens."""


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    keys, values, lengths, tops = [], [], [], []
    for i, m in enumerate(COMBOS):
        if i < N_RUNS:
            ranks = [c & 7 for c in range(32) if (m >> c) & 1]
            length = len(ranks)
            top = min(SEQUENCE_ORDER.index(r) for r in ranks)  # 0 = ace, the highest top
            cls = 1 if length == 3 else 2 if length == 4 else 3
            keys.append(cls * 1000 + length * 10 + (8 - top))
            values.append(20 if length == 3 else 50 if length == 4 else 100)
            lengths.append(length)
            tops.append(top)
        else:
            rank = i - N_RUNS
            keys.append(_QUAD_RANKS.get(rank, 0))
            values.append(200 if rank == JACK else 100 if rank in _QUAD_RANKS else 0)
            lengths.append(4)
            tops.append(0)
    return tuple(keys), tuple(values), tuple(lengths), tuple(tops)


KEY, VALUE, _LENGTH, _TOP = _tables()
"""Per combination: its rank key (higher outranks; equal is an exact tie), its value, and for
runs the length and the top card's place in the sequence order A K Q J T 9 8 7."""

_RUNS_OF = tuple(
    tuple(tuple(i for i in range(N_RUNS) if (COMBOS[i] >> (suit * 8)) & 0xFF
                and (COMBOS[i] >> (suit * 8)) & 0xFF & ~pattern == 0)
          for pattern in range(256))
    for suit in range(4))
"""The runs held in each suit, by the suit's 8-bit pattern of cards (a table lookup per suit)."""
_QUADS = tuple((N_RUNS + r, COMBOS[N_RUNS + r]) for r in (JACK, ACE, KING, QUEEN))


def key(i: int) -> int:
    return KEY[i]


def held(hand: int) -> list[int]:
    """Every combination (index) that ``hand`` holds, the sub-runs of longer runs included."""
    out = [*_RUNS_OF[0][hand & 0xFF], *_RUNS_OF[1][(hand >> 8) & 0xFF],
           *_RUNS_OF[2][(hand >> 16) & 0xFF], *_RUNS_OF[3][(hand >> 24) & 0xFF]]
    for i, m in _QUADS:
        if hand & m == m:
            out.append(i)
    return out


def best_held(hand: int) -> tuple[int, list[int]]:
    """The highest rank key among the combinations ``hand`` holds (0 for none), and those that
    have it (several where equal runs lie in different suits)."""
    best = 0
    tops: list[int] = []
    for i in held(hand):
        k = KEY[i]
        if k > best:
            best, tops = k, [i]
        elif k == best:
            tops.append(i)
    return best, tops


def _better(i: int, j: int) -> bool:
    """Run ``i`` is strictly better than run ``j``: longer, or as long with a higher top."""
    return _LENGTH[i] > _LENGTH[j] or (_LENGTH[i] == _LENGTH[j] and _TOP[i] < _TOP[j])


def eligible(s: State, i: int) -> bool:
    """Whether combination ``i`` could still score (rules/terts.md#combinations re-use): a four-of-a-kind not
    scored before; a run strictly better than every scored run it shares a card with."""
    return could_score(s.scored, i)


def could_score(scored: tuple[tuple[int, int], ...], i: int) -> bool:
    """``eligible`` given the combinations scored so far (what a seat's view holds)."""
    if i >= N_RUNS:
        return all(j != i for _, j in scored)
    m = COMBOS[i]
    return not any(j < N_RUNS and COMBOS[j] & m and not _better(i, j) for _, j in scored)


def worth(hand: int, scored: tuple[tuple[int, int], ...], i: int) -> int:
    """What announcing ``i`` from ``hand`` brings if it wins: its value and the other
    combinations scored with it, best first, sharing no card (the rule of ``_win``)."""
    total = VALUE[i] if could_score(scored, i) else 0
    used = COMBOS[i]
    for j in sorted((j for j in held(hand) if j != i), key=lambda j: (-KEY[j], j)):
        if not COMBOS[j] & used and could_score(scored, j):
            used |= COMBOS[j]
            total += VALUE[j]
    return total


def announced_this_turn(s: State) -> bool:
    """The seat to act has announced since his turn began (read back to the last card played)."""
    for a in reversed(s.history):
        if actions.is_play(a):
            return False
        if actions.is_announcement(a):
            return True
    return False


def played_by(s: State, seat: int) -> int:
    """The cards ``seat`` has played this hand, read from the history (two seats: the forehand
    leads the first trick, the winner of each trick the next)."""
    leader = s.nxt[s.dealer]
    first = -1
    mine = 0
    for a in s.history:
        if a >= 64:
            continue
        if first < 0:
            first = a
            if leader == seat:
                mine |= 1 << a
            continue
        if leader != seat:
            mine |= 1 << a
        if trick_winner([first, a], s.trump, s.beats):
            leader = s.nxt[leader]
        first = -1
    return mine


def may_bella(s: State, seat: int) -> bool:
    """The bella is open to ``seat``: not yet declared this hand, and he holds the trump K and Q,
    or one of them having played the other himself."""
    if s.bella_by >= 0 or s.trump < 0:
        return False
    k = s.trump * 8 + KING
    q = k + 1
    hand = s.hands[seat]
    hk, hq = (hand >> k) & 1, (hand >> q) & 1
    if hk and hq:
        return True
    if not (hk or hq):
        return False
    other = q if hk else k
    gone = s.won[0] | s.won[1]
    for c in s.trick:
        gone |= 1 << c
    return bool((gone >> other) & 1) and bool((played_by(s, seat) >> other) & 1)


def turn_actions(s: State, seat: int) -> list[int]:
    """What a player may do at his turn besides playing and exchanging: one announcement of a
    combination that could score (once a turn), and the bella."""
    out = []
    if not announced_this_turn(s):
        out = [ANNOUNCE + i for i in held(s.hands[seat]) if eligible(s, i)]
    if s.bella_by < 0 and may_bella(s, seat):
        out.append(BELLA)
    return out


def shown_unnamed(s: State) -> int:
    """The cards of the combinations scored automatically this hand (beside a winning one, so
    shown with it, rules/terts.md#combinations, though no action names them), played since or not."""
    cards = 0
    for (_, j), at in zip(s.scored, s.scored_at, strict=True):
        answer = s.history[at - 1]  # each scores at the answer to an announcement
        if j != actions.combo_index(s.history[at - 2] if answer == PASS else answer):
            cards |= COMBOS[j]
    return cards


def combination_key(s: State) -> tuple[object, ...]:
    """What decides the rest of a hand's announcements beyond hands and points (for the solver's
    table): the combinations scored, the bella and whether it is still open to either seat, and
    whether the seat to act has announced this turn."""
    bella = s.bella_by if s.bella_by >= 0 else -2 - sum(may_bella(s, p) << p for p in s.active)
    return (s.scored, bella, announced_this_turn(s))


# ------------------------------------------------------------------ acting

def credit(s: State, seat: int, value: int) -> None:
    """Add a combination's or the bella's value to the seat's side, or hold it pending until the
    side's first trick (``melds_need_trick``)."""
    side = s.rules.sides[seat]
    if s.tricks[side] or not s.rules.marriage_needs_trick:
        s.points[side] += value
        s.melds[side] += value
    else:
        s.pending[side] += value
        s.pending_trick[side] = s.trick_no


def score(s: State, seat: int, i: int) -> None:
    s.scored = (*s.scored, (seat, i))
    s.scored_at = (*s.scored_at, len(s.history))
    credit(s, seat, VALUE[i])


def apply_turn(s: State, a: int) -> None:
    """``bella``, or an announcement: the opponent is to answer."""
    seat = s.to_act
    if a == BELLA:
        s.bella_by = seat
        credit(s, seat, BELLA_VALUE)
        return
    s.known[seat] |= COMBOS[actions.combo_index(a)]  # the announcement names its cards
    s.phase = PH_ANSWER
    s.to_act = s.nxt[seat]


def _win(s: State, seat: int, i: int, extra: bool) -> None:
    """``seat`` wins the comparison with ``i``: it scores if it still can; with ``extra`` his
    other combinations that could score follow, best first, sharing no card with those taken,
    each shown with it (rules/terts.md#combinations: points are public, so are the cards that earn them)."""
    used = COMBOS[i]
    if eligible(s, i):
        score(s, seat, i)
    if not extra:
        return
    others = sorted((j for j in held(s.hands[seat]) if j != i), key=lambda j: (-KEY[j], j))
    for j in others:
        if not COMBOS[j] & used and eligible(s, j):
            used |= COMBOS[j]
            s.known[seat] |= COMBOS[j]
            score(s, seat, j)


def legal_answer(s: State) -> list[int]:
    """The responder: his best-ranked combination(s) where they outrank the announced one; pass."""
    announced = actions.combo_index(s.history[-1])
    best, tops = best_held(s.hands[s.to_act])
    if best > KEY[announced]:
        return [SHOW + j for j in tops] + [PASS]
    return [PASS]


def apply_answer(s: State, a: int) -> None:
    resp = s.to_act
    announcer = s.nxt[resp]
    announced = actions.combo_index(s.history[-2])  # the answer itself is already in the history
    if a == PASS:
        _win(s, announcer, announced, True)
    else:
        shown = actions.combo_index(a)
        s.known[resp] |= COMBOS[shown]
        _win(s, resp, shown, s.rules.loser_side_extra)
    s.phase = PH_PLAY
    s.to_act = announcer


# ------------------------------------------------------------------ people

def describe(i: int, card: Callable[[int], str] = card_str) -> str:
    """A combination in words with its cards in sequence order, each written by ``card``:
    'tertz KS QS JS', or with ``cards.card_label`` 'tertz K♠ Q♠ J♠'."""
    m = COMBOS[i]
    if i >= N_RUNS:
        return "four " + RANK_NAMES[i - N_RUNS] + "s"
    cards = sorted((c for c in range(32) if (m >> c) & 1), key=lambda c: SEQUENCE_ORDER.index(c & 7))
    length = len(cards)
    name = "tertz" if length == 3 else "fifty" if length == 4 else f"run of {length}"
    return name + " " + " ".join(card(c) for c in cards)


def explain_turn(s: State, action: int, text: str) -> str:
    """Why an announcement, a show or the bella is refused at a player's turn."""
    r = s.rules
    if not r.combinations:
        return f"{text.split()[0]} is not part of this game"
    if actions.is_show(action):
        return "'show' answers an announcement, and nothing has been announced"
    seat = s.to_act
    hand = s.hands[seat]
    if action == BELLA:
        if s.bella_by >= 0:
            return "the bella scores only once a hand"
        k = s.trump * 8 + KING
        q = k + 1
        if not (hand >> k) & 1 and not (hand >> q) & 1:
            return (f"the bella needs the trump king and queen ({card_str(k)} {card_str(q)}): "
                    f"you hold neither")
        held_card, other = (k, q) if (hand >> k) & 1 else (q, k)
        return (f"you hold {card_str(held_card)}, but {card_str(other)} was not played by you: "
                f"no bella")
    i = actions.combo_index(action)
    if KEY[i] == 0:
        return ("four " + RANK_NAMES[i - N_RUNS] + "s are not a combination: only four jacks, "
                "aces, kings or queens count")
    missing = COMBOS[i] & ~hand
    if missing:
        return f"you do not hold {mask_str(missing)}"
    if announced_this_turn(s):
        return "one announcement a turn: you have already announced before this card"
    if i >= N_RUNS:
        return f"{describe(i)} have already been scored this hand"
    for _, j in s.scored:
        if j == i:
            return f"{describe(i)} has already been scored this hand"
    for _, j in s.scored:
        if j < N_RUNS and COMBOS[j] & COMBOS[i] and not _better(i, j):
            return (f"{describe(i)} shares cards with the scored {describe(j)}: it counts only if "
                    f"longer, or as long with a higher top card")
    return f"{text} is not allowed now"


def _explain_answer(s: State, action: int, text: str) -> str:
    announced = actions.combo_index(s.history[-1])
    what = describe(announced)
    hand = s.hands[s.to_act]
    if actions.is_show(action):
        i = actions.combo_index(action)
        missing = COMBOS[i] & ~hand
        if KEY[i] == 0:
            return ("four " + RANK_NAMES[i - N_RUNS] + "s are not a combination: only four jacks, "
                    "aces, kings or queens count")
        if missing:
            return f"you do not hold {mask_str(missing)}"
        best, tops = best_held(hand)
        if best <= KEY[announced]:
            return (f"your best combination, {describe(tops[0])}, does not outrank the announced "
                    f"{what}: you must pass")
        return f"you may show only your best combination: {describe(tops[0])}"
    return (f"answer the announcement of {what}: 'show' your best combination if it outranks "
            f"it, or 'pass'")


register(PH_ANSWER, Phase("answer", legal_answer, apply_answer, _explain_answer))
