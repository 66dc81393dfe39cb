# cython: cdivision=True
"""The heuristic player's rules of thumb for the cards, on a kernel's ints.

The bidding searches (``bots.bidding``) value a bid or a double by playing each sampled world to
the end with ``bots.heuristic.HeuristicBot`` choosing for every seat from that seat's own view.
Building a ``View`` and reading it costs microseconds a card; here the same rules of thumb for
leading and following a trick — strict play, no stock — are one function over bit sets, which
a kernel calls for the seat to act with what that seat knows: its hand, the cards it has not
seen (the other hands less the cards shown to all), and the trick. ``MultiHand.judge`` (North
American Sixty-Six and the other games that deal every card) and ``BauernHand.judge`` add the
marriages, the claims and the Bettler around it. They choose what ``HeuristicBot`` chooses
(without ``forget`` or ``miss``), position for position (``tests/test_kernel_judge.py``).

The card tables are ``kernel.suit_tables``' words (8 bits a rank, the ace lowest): card points
and the cards of its suit above a card, for plain suits and for trumps.

>>> from sixtysix.cards import card_str, parse_card, parse_cards
>>> tables = (0x000203040A0B, 0x000203040A0B, 0x1F0F07030100, 0x1F0F07030100)  # A T K Q J 9
>>> hand, outside = parse_cards("AS 9S KH"), parse_cards("TS AH")
>>> plays = parse_cards("AS 9S")  # spades led: follow suit
>>> card_str(judge_card(hand, plays, outside, parse_card("JS"), 1, 0, 0, 2, *tables, 0))
'AS'
>>> card_str(judge_card(hand, hand, outside, 0, 0, 0, 0, 2, *tables, 0))  # lead: nothing sure
'9S'
"""

from __future__ import annotations

__all__ = ["judge_card", "MISERE_DEFENDER", "MISERE_DECLARER"]

from .kernel import above8, count32, lowest, value8

_SUIT = 0xFF
_ONE = 1
MISERE_DEFENDER, MISERE_DECLARER = 1, 2
"""``judge_card``'s roles in a Bettler (a misère): defending it, or declaring it."""
_DECLARER = MISERE_DECLARER
_CHEAP, _STRENGTH, _VALUE_STRENGTH, _GIVE, _STRENGTH_VALUE = 0, 1, 2, 3, 4
"""The heuristic's orders of cards (``_key``)."""


def _key(c: int, kind: int, trump: int, pvals: int, tvals: int, pbeats: int, tbeats: int) -> int:
    """Card ``c``'s place in one of the heuristic's orders, as an int: ``_CHEAP`` its
    ``cheap_key`` (plain before trump, few points, weak; no marriage cards in strict play),
    ``_STRENGTH`` its ``strength`` (trumps above plain cards, then the rank), ``_VALUE_STRENGTH``
    points then strength, ``_GIVE`` what it gives a partner's trick (plain, points, weak),
    ``_STRENGTH_VALUE`` strength then points."""
    trumps = 1 if (c >> 3) & 3 == trump else 0
    strength = trumps * 16 + 8 - count32(above8(pbeats, tbeats, trump, c))
    value = value8(pvals, tvals, trump, c)
    if kind == _CHEAP:
        return trumps << 16 | value << 6 | strength
    if kind == _STRENGTH:
        return strength
    if kind == _VALUE_STRENGTH:
        return value << 6 | strength
    if kind == _GIVE:
        return (1 - trumps) << 16 | value << 6 | (63 - strength)
    return strength << 10 | value


def _pick(m: int, kind: int, most: int, trump: int, pvals: int, tvals: int, pbeats: int,
          tbeats: int) -> int:
    """The card of ``m`` first in order ``kind`` (the highest where ``most``, else the lowest),
    the lowest card among equals: Python's ``max``/``min`` over the cards in order."""
    best = -1
    best_key = 0
    while m:
        c = lowest(m)
        m &= m - 1
        k = _key(c, kind, trump, pvals, tvals, pbeats, tbeats)
        if best < 0 or (k > best_key if most else k < best_key):
            best = c
            best_key = k
    return best


def judge_card(hand: int, plays: int, outside: int, trick: int, n: int, mine: int, last: int,
               trump: int, pvals: int, tvals: int, pbeats: int, tbeats: int, misere: int) -> int:
    """The card ``HeuristicBot`` plays from ``plays`` (the legal cards of ``hand``), knowing that
    the cards of ``outside`` may be in other hands: ``n`` cards on the ``trick`` (6 bits each, the
    leader's lowest), ``mine`` the bits of those played by the seat's own side, ``last`` whether
    the seat plays the trick's last card; ``trump`` -1 for none; ``misere`` 0, or the seat's role
    in a Bettler."""
    trumps = _SUIT << (trump * 8) if trump >= 0 else 0
    if n == 0:
        if misere:
            return _pick(plays, _STRENGTH, 0, trump, pvals, tvals, pbeats, tbeats)
        # Lead a card sure to win, drawing the trumps out first; else the cheapest card.
        sure = 0
        m = hand & trumps
        while m:
            c = lowest(m)
            m &= m - 1
            if not above8(pbeats, tbeats, trump, c) & outside:
                sure |= _ONE << c
        out_trumps = outside & trumps
        if count32(sure) >= count32(out_trumps):  # the sure trumps draw every trump out there
            m = hand & ~trumps
            while m:
                c = lowest(m)
                m &= m - 1
                if not above8(pbeats, tbeats, trump, c) & outside:
                    sure |= _ONE << c
        if plays & sure & trumps and out_trumps:
            return _pick(plays & sure & trumps, _STRENGTH, 1, trump, pvals, tvals, pbeats, tbeats)
        if plays & sure:
            return _pick(plays & sure, _VALUE_STRENGTH, 1, trump, pvals, tvals, pbeats, tbeats)
        return _pick(plays, _CHEAP, 0, trump, pvals, tvals, pbeats, tbeats)
    # The card winning the trick so far (``legal.trick_winner``), and the cards that beat it.
    w = 0
    wc = trick & 63
    for i in range(1, n):
        c = (trick >> (6 * i)) & 63
        if (c >> 3) & 3 == (wc >> 3) & 3:
            if (above8(pbeats, tbeats, trump, wc) >> c) & 1:
                w = i
                wc = c
        elif (c >> 3) & 3 == trump:
            w = i
            wc = c
    winners = plays & above8(pbeats, tbeats, trump, wc)
    if (wc >> 3) & 3 != trump:
        winners |= plays & trumps
    losers = plays & ~winners
    if misere == _DECLARER:  # never win a trick if it can be helped
        if losers:
            return _pick(losers, _STRENGTH_VALUE, 1, trump, pvals, tvals, pbeats, tbeats)
        return _pick(plays, _STRENGTH, 0, trump, pvals, tvals, pbeats, tbeats)
    if (mine >> w) & 1:
        # The partner is winning: give him points if the trick is safe, else stay cheap.
        safe = last or (not above8(pbeats, tbeats, trump, wc) & outside
                        and ((wc >> 3) & 3 == trump or not outside & trumps))
        pool = losers or plays
        if safe:
            return _pick(pool, _GIVE, 1, trump, pvals, tvals, pbeats, tbeats)
        return _pick(pool, _CHEAP, 0, trump, pvals, tvals, pbeats, tbeats)
    if not winners:
        return _pick(plays, _CHEAP, 0, trump, pvals, tvals, pbeats, tbeats)
    if last:
        # Win with a card that could be lost later; else with the cheapest winner.
        exposed = 0
        m = winners
        while m:
            c = lowest(m)
            m &= m - 1
            if above8(pbeats, tbeats, trump, c) & outside:
                exposed |= _ONE << c
        if exposed:
            return _pick(exposed, _VALUE_STRENGTH, 1, trump, pvals, tvals, pbeats, tbeats)
        return _pick(winners, _VALUE_STRENGTH, 0, trump, pvals, tvals, pbeats, tbeats)
    return _pick(winners, _STRENGTH, 1, trump, pvals, tvals, pbeats, tbeats)
