"""The JSON that records and replays are made of (records.md), as the shapes this package writes.

Each ``TypedDict`` states one object of records.md: what ``Match.record``, ``deal_to_json``,
``records.summarize`` and ``fairness.fairness_block`` build, so that a writer cannot leave a key
out or misspell it. They are ``dict``s: JSON, comparisons and copies see exactly what they saw.
What arrives from outside is not of these shapes until ``records.match_from_record`` has checked
it: readers take a ``Mapping[str, object]`` and check each value they read.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from .options import OptionValues

__all__ = ["DealJSON", "HandEntry", "MatchRecord", "FairnessBlock", "HandSummary",
           "MatchStanding", "NextAction", "ReplayResult"]


class DealJSON(TypedDict):
    """A hand's ``deal`` (records.md §3): each seat's cards, the turn-up card, the stock top
    first (cards as 'AS', '??' where a seat record hides one)."""

    hands: list[list[str]]
    turnup: NotRequired[str | None]
    stock: list[str]


class HandEntry(TypedDict):
    """One hand of a record: its dealer, its deal (or the seed it is dealt from), its actions."""

    dealer: int
    deal: NotRequired[DealJSON]
    seed: NotRequired[int]
    actions: list[str]


class FairnessBlock(TypedDict):
    """A committing server's ``fairness`` entry (fairness.py): the scheme, the table, each hand's
    commitment, the keys of the hands over (v2) and the secret once the match is over."""

    scheme: str
    table: NotRequired[str]
    commitments: list[str]
    keys: NotRequired[list[str]]
    secret: NotRequired[str]


class MatchRecord(TypedDict):
    """A record (records.md §3); with ``seat``, a seat record (records.md §7)."""

    game: str
    options: NotRequired[OptionValues]
    players: NotRequired[list[str]]
    hands: list[HandEntry]
    seat: NotRequired[int]
    fairness: NotRequired[FairnessBlock]


class HandSummary(TypedDict):
    """A hand in a replay's result (records.md §6): per-seat arrays, and how it ended (None while
    it is in play)."""

    complete: bool
    points: list[int]
    tricks: list[int]
    game_points: list[int]
    end: str | None


class MatchStanding(TypedDict):
    """A replay's ``match``: the score in the game's terms, and the winners once it is over."""

    score: list[int]
    complete: bool
    winner: list[int] | None


class NextAction(TypedDict):
    """A replay's ``next``: who decides, and what he may do (None where a seat record cannot
    know another seat's choices)."""

    to_act: int
    legal: list[str] | None


class ReplayResult(TypedDict):
    """What ``replay`` answers (records.md §6); ``next`` only when asked for the legal actions."""

    game: str
    hands: list[HandSummary]
    match: MatchStanding
    next: NotRequired[NextAction | None]
