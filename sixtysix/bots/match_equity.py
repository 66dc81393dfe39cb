"""Playing for the match, not the hand: a hand's outcome valued by the chance of winning the match.

A match to 7 game points makes the same hand worth different things at different scores: needing
3 against an opponent who needs 1, only a win by 3 saves the match, and losing by 1 is as bad as
losing by 3; needing 1, any win will do. ``match_equity`` is the chance of winning a two-seat
match from the points each side still needs, each hand won by either side alike with the game
points of ``Game.hand_points`` (shares of hands won by 1, 2 and 3 game points, measured in play);
``match_rewards`` turns a hand's game-point lead into the lead that is worth as much at the
start of a match, where equity is nearly linear in game points: the equity the hand leaves, less
the mean of those of winning and losing by one, over half their difference (so a win by one is
1, a loss by one -1); the search's reward is the per-hand one of that lead (``tanh(lead / 2)``,
``playout.scaled_reward``): at the start of a match the same as playing for the hand, late in it what the
score makes of each result.

>>> round(match_equity(7, 7, (0.6, 0.35, 0.05)), 3)
0.5
>>> round(match_equity(1, 7, (0.6, 0.35, 0.05)), 3)  # lost only if every hand is lost until 7
0.964
>>> rewards = match_rewards((1, 3), (0.6, 0.35, 0.05))  # seat 0 needs 1, seat 1 needs 3
>>> rewards(0, 1) == rewards(0, 3), rewards(1, 1) < rewards(1, 3)
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

__all__ = ["match_equity", "match_rewards"]


def match_equity(need: int, other: int, shares: Sequence[float]) -> float:
    """The chance that a side needing ``need`` game points wins the match against one needing
    ``other``, each hand won by either side with even chances and by ``k`` game points with
    chance ``shares[k - 1]`` (drawn hands and the dealer's side left out).

    >>> match_equity(0, 3, (1.0,)), match_equity(2, 0, (1.0,))
    (1.0, 0.0)
    >>> match_equity(2, 1, (1.0,))  # must win two hands running
    0.25
    """
    return _equity(need, other, tuple(shares))


@lru_cache(maxsize=4096)
def _equity(need: int, other: int, shares: tuple[float, ...]) -> float:
    if need <= 0:
        return 1.0
    if other <= 0:
        return 0.0
    total = sum(shares)
    return sum(p / total / 2 * (_equity(need - k, other, shares) + _equity(need, other - k, shares))
               for k, p in enumerate(shares, 1))


def match_rewards(to_go: Sequence[int], shares: Sequence[float]
                  ) -> Callable[[int, float], float]:
    """``reward(seat, lead)``: the search reward of a hand that ends with ``seat`` ahead by
    ``lead`` game points (behind where negative), the two seats needing ``to_go`` points to win
    the match: ``tanh(x / 2)`` of the lead ``x`` worth as much: the equity the hand leaves, less
    the mean of the equities of winning and losing by one, over half their difference. Zero-sum:
    the other seat's reward of the opposite lead is the opposite."""
    shares = tuple(shares)
    tables: list[dict[int, float]] = []
    for seat in (0, 1):
        need, other = to_go[seat], to_go[1 - seat]

        def after(d: int, need: int = need, other: int = other) -> float:
            if d > 0:
                return _equity(need - d, other, shares)
            if d < 0:
                return _equity(need, other + d, shares)
            return _equity(need, other, shares)

        win, loss = after(1), after(-1)
        mid, half = (win + loss) / 2, (win - loss) / 2
        tables.append({d: math.tanh((after(d) - mid) / half / 2) for d in range(-40, 41)})

    def reward(seat: int, lead: float) -> float:
        return tables[seat][max(-40, min(40, round(lead)))]
    return reward
