"""Dealing that several games share: packets round the table, and who deals next."""

from __future__ import annotations

from ..engine.state import HandResult

__all__ = ["deal_packets", "next_dealer"]


def deal_packets(deck: list[int], dealer: int, n: int,
                 packets: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Deal packets of the given sizes round the table from the dealer's left, the dealer last.

    >>> deal_packets(list(range(24)), 2, 3, (3, 2, 3))[0]
    (0, 1, 2, 9, 10, 15, 16, 17)
    """
    order = [(dealer + k) % n for k in range(1, n + 1)]
    hands: list[list[int]] = [[] for _ in range(n)]
    i = 0
    for size in packets:
        for p in order:
            hands[p] += deck[i:i + size]
            i += size
    return tuple(tuple(h) for h in hands)


def next_dealer(rule: str, dealer: int, result: HandResult, n: int) -> int:
    """The next dealer under ``next_dealer`` (rules/sixty-six.md#cards-and-deal,
    rules/schnapsen.md#cards-and-deal); after a draw the deal stays put unless it alternates."""
    if rule == "alternate":
        return (dealer + 1) % n
    if not result.winners:
        return dealer
    w = result.winners[0]
    return w if rule == "winner" else (w + 1) % n
