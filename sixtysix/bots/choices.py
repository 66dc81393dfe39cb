"""The actions a search weighs: the ones the rules settle in the meld games
(``meld_game_actions``), the tree's key of an action (``action_key``: equivalent actions are one
choice) and the best of valued actions (``best_action``)."""

from __future__ import annotations

from ..engine import actions
from ..engine.actions import (
    BELLA,
    CUT,
    DECLARE,
    EXCHANGE,
    KNOCK,
    MELD_LOW,
    REVERSE,
)
from ..engine.state import State

__all__ = ["meld_game_actions", "action_key", "best_action"]


def meld_game_actions(s: State, acts: list[int]) -> list[int]:
    """The actions of ``acts`` a search weighs in the meld games, where rules.md settles some
    choices: the one right action where there is one, else ``acts`` less those always wrong.

    Gaigel (rules/gaigel.md#before-the-lead-robbing-melds-knocking): the reverse knock when the opponents have
    passed 101 (2 game points, more
    than a knock's 1), else the knock when one's team has 101 (waiting can only lose it: a
    Gaigel needs opponents at 0 points, which they cannot fall back to); a knock or reverse
    knock below 101 is never right (2 to the opponents). Robbing the turn-up
    (rules/gaigel.md#before-the-lead-robbing-melds-knocking) and the
    dix (rules/terts.md#play) trade the low trump for a better one. A Gaigel leader who can meld melds (the
    search chooses which meld and which of its cards to lead): a meld is shown only at a lead
    after a won trick, so one passed up may never come again. Terts (rules/terts.md#combinations): the bella
    is absolute, 20
    that nothing can take away; a show always outranks (else it is not offered), so it beats
    passing; and at a turn with a combination that could score, some announcement is made (the
    search chooses which): it scores now or is outranked by what the opponent would have shown
    anyway. Other games: ``acts`` as they are.

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> s = Match(make_game("gaigel"), dealer=3).deal_hand(seed=1)
    >>> s.points = [101, 30]; s.trick_no = 2; s.to_act = s.leader = 0; s.trick = []
    >>> meld_game_actions(s, [3, 7, DECLARE, REVERSE])
    [195]
    """
    r = s.rules
    if r.meld_phase:
        side = r.sides[s.to_act]
        if DECLARE in acts or REVERSE in acts:
            if REVERSE in acts and any(p >= r.claim_target for sd, p in enumerate(s.points)
                                       if sd != side):
                return [REVERSE]
            if DECLARE in acts and s.points[side] >= r.claim_target:
                return [DECLARE]
            acts = [a for a in acts if a != DECLARE and a != REVERSE]
        if EXCHANGE in acts:
            return [EXCHANGE]
        melds = [a for a in acts if actions.is_marriage(a) or actions.is_double_marriage(a)
                 or a == MELD_LOW]
        return melds or acts
    if r.combinations:
        if BELLA in acts:
            return [BELLA]
        if EXCHANGE in acts:
            return [EXCHANGE]
        shows = [a for a in acts if actions.is_show(a)]
        if shows:
            return shows
        announces = [a for a in acts if actions.is_announcement(a)]
        if announces:
            return announces
    return acts


def action_key(a: int, double_pack: bool) -> int:
    """The tree's key of action ``a``: in the double pack (Gaigel) the two copies of a card are
    one choice (whoever holds either plays the same card: the first played of two identical
    cards wins), so actions naming a card key by its first copy; Bauernschnapsen's ``knock``
    deals the cards as ``cut`` does (rules/bauernschnapsen.md#cards-and-deal), so it keys as
    ``cut``: one node, one value for both; other actions are themselves.

    >>> action_key(32 + 5, True), action_key(actions.MARRY + 32 + 2, True), action_key(37, False)
    (5, 66, 37)
    >>> action_key(KNOCK, False) == CUT
    True
    """
    if double_pack and actions.names_card(a):
        return a & ~32  # card ids 32..63 are the second copies; verbs sit at multiples of 64
    return CUT if a == KNOCK else a


def best_action(values: dict[int, float]) -> int:
    """The action of highest value; ties go to the lowest action id, so choices are reproducible."""
    best = max(values.values())
    return min(a for a, v in values.items() if v == best)
