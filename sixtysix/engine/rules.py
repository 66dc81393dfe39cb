"""Rules: the parameters of the generic trick-and-draw machine.

A game turns its options (named as in rules.md) into one ``Rules`` value; the machine reads only
this. Rank and value tables are precomputed per trump suit so that the hot paths are lookups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..cards import SUIT_MASK, cards_of

__all__ = ["Rules", "PlayRules", "FREE", "FOLLOW_ONLY", "STRICT2", "STRICT_MULTI", "FOLLOW_TRUMP",
           "FOLLOW_OR_TRUMP", "NATURAL_VALUES"]

# Follow rules (the obligation of a player who is not leading).
FREE = 0          # any card
FOLLOW_ONLY = 1   # follow suit if possible, else any card
STRICT2 = 2       # two players: follow and beat, else follow, else trump, else any
                  # (rules/index.md#what-the-games-share)
STRICT_MULTI = 3  # three or more players: rules/index.md#what-the-games-share with the current winning card
FOLLOW_TRUMP = 4  # follow suit (beating the trick only when trumps were led), else trump, else any
FOLLOW_OR_TRUMP = 5  # follow suit (any card of it), else trump (any trump), else any card

NATURAL_VALUES = (11, 10, 4, 3, 2, 0, 0, 0)
"""Card points by rank index A T K Q J 9 8 7."""


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Everything the generic machine needs to know about a game's play."""

    n_seats: int = 2
    sides: tuple[int, ...] = (0, 1)
    """Side of each seat; points and tricks are counted per side."""
    pack: int
    values_by_rank: tuple[int, ...] = NATURAL_VALUES
    trump_order: tuple[int, ...] | None = None
    """Rank indices of trumps from the highest, where they differ from the natural order."""
    trump_values: tuple[int, ...] | None = None
    """Card points of trumps by rank index, where they differ from ``values_by_rank``."""

    hand_size: int = 6
    """Cards each playing seat holds after the deal."""
    stock: bool = True
    phase1_follow: int = FREE
    phase2_follow: int = STRICT2
    must_beat_partner: bool = True
    must_trump_when_cannot_overtrump: bool = True

    exchange_rank: int | None = None
    exchange_needs_trick: bool = True
    exchange_any_time: bool = False
    """Also while following, not only when about to lead."""
    exchange_min_facedown: int = 1
    exchange_on_close: str = "none"
    """'opponent_any', 'either_with_trick' or 'none': who may still exchange when the stock is closed."""

    marriages: bool = False
    marriage_credit: str = "any_later_trick"
    """'any_later_trick', 'same_trick_only' or 'needs_trick_before' (may only declare with a trick)."""
    marriages_after_close: bool = False
    marriage_needs_trick: bool = True
    """Melds count only once the side has a trick (pending until then)."""
    show_marriage_to_go_out: bool = True

    close_allowed: bool = False
    close_requires: str = "lead"
    close_before_draw: bool = False
    close_min_facedown: int = 1

    claims: bool = False
    claim_timing: str = "after_trick_or_meld"
    claim_target: int = 66
    auto_claim: bool = False

    last_trick_bonus: int = 10
    trump_choice: bool = False
    """Forehand names trumps from his first packet, or turns (Three-Player Sixty-Six)."""
    trump_must_be_held: bool = False
    first_packet: int = 3
    partner_marriage: bool = False
    """The leader may ``defer``: his partner then declares one marriage (``marry C``) or passes."""
    trick_hook: bool = False
    """Ask ``game.trick_ends_hand(state)`` after every trick whether the hand stops there."""

    # North American Sixty-Six: the auction of units (phases/auction.py, listed in ``phases``);
    # the high bidder then names trumps (phases/trump.py, any suit, no turn) and leads.
    min_bid: int = 1
    max_bid: int = 1
    all_pass: str = "dealer_forced"
    """'dealer_forced' (the dealer must bid when all the others passed) or 'redeal' (his pass
    ends the hand with no score)."""
    # Bauernschnapsen and North American Sixty-Six: phases before play as data; Bauernschnapsen:
    # contract rank orders, who may claim.
    phases: tuple[int, ...] = ()
    """The phases a hand goes through before play, in order (ids of ``engine/phases``); empty:
    straight to play, or to naming trumps where ``trump_choice`` says so. A game with an auction
    lists it here (``PH_AUCTION``, ``PH_CONTRACTS``)."""
    rank_order: tuple[int, ...] | None = None
    """Rank indices from the highest for every suit, where they differ from the natural order
    (Bauernschnapsen's Zehnergang: T K Q J A)."""
    first_trick_visible: bool = False
    """Each side's first trick stays face up for the rest of the hand (views show it)."""
    claim_side: int = -1
    """The only side whose seats may claim, -1 for either (Bauernschnapsen's
    ``enough_by_defenders = False`` makes it the declarer's)."""
    # Terts (rules/terts.md): the trump-jack privilege, the dix from the end of trick 1, and the
    # combinations announced and answered at each turn (engine/phases/announce.py).
    trump_jack_free: bool = False
    """The trump jack is never forced and always playable (``legal_follow``'s privilege)."""
    exchange_from_trick: int = 0
    """The exchange is allowed only once this many tricks are complete."""
    combinations: bool = False
    """Runs and four-of-a-kinds are announced (``announce``/``show``), and the bella declared."""
    loser_side_extra: bool = False
    """A responder whose shown combination wins also scores his other combinations."""
    # Gaigel (rules/gaigel.md): the meld games' play phase (engine/phases/meld.py) reads these.
    meld_phase: bool = False
    """The hand is played in ``PH_MELD`` (engine/phases/meld.py) rather than ``PH_PLAY``."""
    openings: bool = False
    """Forehand opens trick 1 with one of the openings (``open O C``) rather than a plain lead."""
    low_rank: int = 7
    """Rank index of the low card (7, or 9 as 5): five of them are ``meld low``; the trump one
    robs the turn-up (``exchange_rank`` is the same)."""
    melds_in_phase2: bool = True
    five_low: str = "meld_111"
    """``meld low`` scores 111 (``'meld_111'``) or ends the hand as a win (``'instant_win'``)."""

    @cached_property
    def pack_size(self) -> int:
        return self.pack.bit_count()

    @cached_property
    def n_sides(self) -> int:
        return max(self.sides) + 1

    @cached_property
    def partnership(self) -> bool:
        """Seats share sides (points and tricks count per side)."""
        return self.sides != tuple(range(self.n_seats))

    @cached_property
    def play(self) -> PlayRules:
        """What the play phase reads at every node, as small ints (``PlayRules``)."""
        return PlayRules(self)

    @cached_property
    def tables(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """(values, beats) for each trump suit, precomputed once per rules."""
        return tuple((self.value_table(t), self.beats_table(t)) for t in range(4))

    def beats_table(self, trump: int) -> tuple[int, ...]:
        """``beats[c]``: the mask of cards of c's suit that rank strictly above c, with ``trump``."""
        return _beats_cache(self.trump_order, trump, self.rank_order)

    def value_table(self, trump: int) -> tuple[int, ...]:
        """Card points of each card id, with ``trump``."""
        return _values_cache(self.values_by_rank, self.trump_values, trump)


# Codes of the string options the play phase compares at every node.
CLOSE_LEAD, CLOSE_WITH_TRICK, CLOSE_AFTER_FIRST_TRICK = 0, 1, 2
EXCHANGE_ON_CLOSE_NONE, EXCHANGE_ON_CLOSE_OPPONENT, EXCHANGE_ON_CLOSE_EITHER = 0, 1, 2


class PlayRules:
    """The options of a ``Rules`` that the play phase reads at every node, as small ints: compiled,
    a C struct (``rules.pxd``) read without a lookup; string options become the codes above.
    Built once per rules (``Rules.play``); nothing else may differ from the ``Rules`` it mirrors.
    """

    __slots__ = (
        "sides", "phase1_follow", "phase2_follow", "must_beat_partner",
        "must_trump_when_cannot_overtrump", "trump_jack_free", "stock", "exchange_rank",
        "exchange_needs_trick", "exchange_any_time", "exchange_min_facedown", "exchange_on_close",
        "exchange_from_trick", "marriages", "credit_needs_trick_before", "credit_same_trick_only",
        "marriages_after_close", "marriage_needs_trick", "show_marriage_to_go_out",
        "close_allowed", "close_requires", "close_before_draw", "close_min_facedown", "claims",
        "claim_any_own_turn", "claim_target", "claim_side", "auto_claim", "last_trick_bonus",
        "partner_marriage", "trick_hook", "combinations",
        # What ``State.new`` reads to set a hand up (one C read each, not a lookup).
        "n_seats", "n_sides", "trump_choice", "first_packet", "phases", "meld_phase", "tables",
    )

    sides: tuple[int, ...]
    phase1_follow: int
    phase2_follow: int
    must_beat_partner: bool
    must_trump_when_cannot_overtrump: bool
    trump_jack_free: bool
    stock: bool
    exchange_rank: int
    """-1 where there is no exchange."""
    exchange_needs_trick: bool
    exchange_any_time: bool
    exchange_min_facedown: int
    exchange_on_close: int
    exchange_from_trick: int
    marriages: bool
    credit_needs_trick_before: bool
    credit_same_trick_only: bool
    marriages_after_close: bool
    marriage_needs_trick: bool
    show_marriage_to_go_out: bool
    close_allowed: bool
    close_requires: int
    close_before_draw: bool
    close_min_facedown: int
    claims: bool
    claim_any_own_turn: bool
    claim_target: int
    claim_side: int
    auto_claim: bool
    last_trick_bonus: int
    partner_marriage: bool
    trick_hook: bool
    combinations: bool
    n_seats: int
    n_sides: int
    trump_choice: bool
    first_packet: int
    phases: tuple[int, ...]
    meld_phase: bool
    tables: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    def __init__(self, r: Rules) -> None:
        for name in _COPIED:  # once per rules: a loop is fast enough
            setattr(self, name, getattr(r, name))
        self.exchange_rank = -1 if r.exchange_rank is None else r.exchange_rank
        self.exchange_on_close = ("none", "opponent_any", "either_with_trick").index(
            r.exchange_on_close)
        self.credit_needs_trick_before = r.marriage_credit == "needs_trick_before"
        self.credit_same_trick_only = r.marriage_credit == "same_trick_only"
        self.close_requires = ("lead", "lead_and_own_trick", "lead_after_first_trick").index(
            r.close_requires)
        self.claim_any_own_turn = r.claim_timing == "any_own_turn"


_COPIED = tuple(n for n in PlayRules.__slots__ if n not in (
    "exchange_rank", "exchange_on_close", "credit_needs_trick_before", "credit_same_trick_only",
    "close_requires", "claim_any_own_turn"))
"""The fields of ``PlayRules`` that are the ``Rules`` field of the same name, as it is."""


_BEATS: dict[tuple[tuple[int, ...] | None, int, tuple[int, ...] | None], tuple[int, ...]] = {}
_VALUES: dict[tuple[tuple[int, ...], tuple[int, ...] | None, int], tuple[int, ...]] = {}


def _beats_cache(trump_order: tuple[int, ...] | None, trump: int,
                 rank_order: tuple[int, ...] | None = None) -> tuple[int, ...]:
    key = (trump_order, trump, rank_order)
    table = _BEATS.get(key)
    if table is None:
        beats = []
        for c in range(64):
            suit = (c >> 3) & 3
            order = trump_order if (trump_order is not None and suit == trump) else (
                rank_order if rank_order is not None else tuple(range(8)))
            pos = order.index(c & 7) if (c & 7) in order else 8
            higher = 0
            for r in order[:pos]:
                higher |= (1 << (suit * 8 + r)) | (1 << (32 + suit * 8 + r))
            beats.append(higher & SUIT_MASK[suit])
        table = _BEATS[key] = tuple(beats)
    return table


_AVERAGES: dict[tuple[tuple[int, ...], tuple[int, ...] | None, int, int], float] = {}


def average_value(values_by_rank: tuple[int, ...], trump_values: tuple[int, ...] | None,
                  pack: int, trump: int) -> float:
    """The average card points of a card of ``pack`` with ``trump`` as trumps, worked out once
    (the heuristic player's hand estimate reads it, on ``State`` and on the kernels alike).

    >>> average_value((11, 10, 4, 3, 2, 0, 0, 0), None, 0x3F3F3F3F, 0)  # 24 cards: 120 / 24
    5.0
    """
    key = (values_by_rank, trump_values, pack, trump)
    avg = _AVERAGES.get(key)
    if avg is None:
        values = _values_cache(values_by_rank, trump_values, trump)
        total = 0
        for c in range(64):
            if (pack >> c) & 1:
                total += values[c]
        avg = _AVERAGES[key] = total / pack.bit_count()
    return avg


def _values_cache(by_rank: tuple[int, ...], trump_values: tuple[int, ...] | None,
                  trump: int) -> tuple[int, ...]:
    key = (by_rank, trump_values, trump)
    table = _VALUES.get(key)
    if table is None:
        table = _VALUES[key] = tuple(
            (trump_values if trump_values is not None and (c >> 3) & 3 == trump else by_rank)[c & 7]
            for c in range(64))
    return table


def mask_points(mask: int, values: tuple[int, ...]) -> int:
    """Card points of a set of cards."""
    return sum(values[c] for c in cards_of(mask))
