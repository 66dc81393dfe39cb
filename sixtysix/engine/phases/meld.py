"""The meld games' play phase (Gaigel, rules/gaigel.md; records.md §5 "the meld games").

One room for the whole hand: forehand's opening of trick 1 (``open O C``), free play while the
stock lasts and strict multi-player play after it (rules/index.md#what-the-games-share), the leader's business
before his lead
(``exchange``: robbing the turn-up with the low trump; ``declare``: the knock; ``reverse``: the
reverse knock; one meld: ``marry C`` / ``marry double C`` with the lead, ``meld low``, or
``defer`` to the partner), and drawing by itself after each trick of phase 1. A second small room
(``PH_MELD_DEFER``) holds the partner's answer to ``defer``.

Trick 1 under Andere Alte and Höher is played face down: the cards are *turned* when the trick
is complete, at the end of trick 1. Until then a seat knows only its own card and the opening
(``face_down`` says which plays it cannot see; views and seat records hide them).

Cards of the double pack: ``beats`` never puts a card above its identical copy, so of two
identical cards the one played first wins, and an identical copy never satisfies "must win".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import ACE, KING, QUEEN, SUIT_MASK, SUIT_NAMES, card_list, card_str, mask_str
from .. import actions
from ..actions import (
    DECLARE,
    DEFER,
    EXCHANGE,
    MARRY,
    MARRY_DOUBLE,
    MELD_LOW,
    OPEN,
    OPENINGS,
    PASS,
    REVERSE,
)
from ..legal import legal_follow, trick_winner
from . import PH_MELD, PH_MELD_DEFER, Phase, register
from .play import draw_all, end, partner, stock_open, take_trick

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply", "explain", "face_down", "forehand", "low_mask", "opening_winner",
           "FACE_DOWN",
           "ANDERE_ALTE", "GE_ELFEN", "HOEHER", "AUF_DISSLE", "MELD_USED", "LOW_SHOWN",
           "END_PLAYED_OUT",
           "END_KNOCK", "END_REVERSE", "END_DISSLE_LOST", "END_DISSLE_WON", "END_FIVE_LOW",
           "holds_five_low", "five_low_watch"]

ANDERE_ALTE, GE_ELFEN, HOEHER, AUF_DISSLE = range(4)  # indices into OPENINGS
_FACE_DOWN_OPENINGS = (ANDERE_ALTE, HOEHER)

MELD_USED = 1
"""``lead_flags``: the leader has used this lead's one meld by ``meld low`` or ``defer``."""
LOW_SHOWN = 2
"""``lead_flags``: the leader showed five low cards: he must lead one of them (not a card he
took by robbing the turn-up afterwards)."""

END_PLAYED_OUT, END_KNOCK, END_REVERSE, END_DISSLE_LOST, END_DISSLE_WON, END_FIVE_LOW = range(6)
"""``State.end_kind``: how the hand ended (the claimant is the knocker / the melder)."""

FACE_DOWN = 1 << 12
"""In a view's history, a play this seat cannot see yet is ``FACE_DOWN + (action - card)``: the
verb (and opening) stay public, the card does not. Not an action: nothing can take it."""

_RANK_MASK = tuple(sum(1 << (k * 32 + s * 8 + r) for s in range(4) for k in range(2))
                   for r in range(8))
"""Every card of a rank, both copies of each suit."""


def low_mask(s: State) -> int:
    return _RANK_MASK[s.rules.low_rank]


def forehand(s: State) -> int:
    """The seat after the dealer: he opens trick 1 (and plays Auf Dissle)."""
    return s.nxt[s.dealer]


def _five_low(s: State, seat: int) -> bool:
    return holds_five_low(s, s.hands[seat])


def holds_five_low(s: State, hand: int) -> bool:
    """``hand`` is five low cards: Auf Dissle is won when forehand holds them."""
    return hand.bit_count() == 5 and not hand & ~low_mask(s)


def five_low_watch(s: State) -> int:
    """The seat whose holding five low cards ends the hand (Auf Dissle's forehand: the engine looks
    at the announcement and after each round of drawing), -1 where none. A seat record's replay
    keeps it in mind: the cards it does not know must not end the hand by themselves."""
    return forehand(s) if s.opening == AUF_DISSLE else -1


def face_down(s: State, seat: int) -> list[int]:
    """Indices into ``s.history`` of the plays ``seat`` cannot see yet: the other seats' cards of
    a trick 1 opened face down (Andere Alte, Höher), until that trick is complete."""
    if s.trick_no or s.opening not in _FACE_DOWN_OPENINGS or not s.trick:
        return []
    h = s.history
    start = len(h) - len(s.trick)  # the opening and the plays after it, one card each
    return [start + i for i, p in enumerate(s.tseats) if p != seat]


# ------------------------------------------------------------------ legal actions

def legal(s: State) -> list[int]:
    seat = s.to_act
    r = s.rules
    hand = s.hands[seat]
    if s.trick:
        if s.promise >= 0 and s.promise >> 6 == seat:
            return [s.promise & 63]  # the partner plays the meld card he named (phase 1: free)
        if s.trick_no == 0 or stock_open(s):
            return card_list(hand)
        return card_list(legal_follow(hand, s.trick, s.tseats + [seat], r.sides, s.trump,
                                      r.phase2_follow, s.beats, r.must_beat_partner,
                                      r.must_trump_when_cannot_overtrump))
    if s.trick_no == 0 and r.openings:
        acts = _openings(s, hand)
    elif s.lead_flags & LOW_SHOWN:
        acts = card_list(hand & low_mask(s))  # he leads one of the five low cards he showed
    else:
        acts = card_list(hand)
    if s.trick_no:
        if not s.lead_flags & MELD_USED and may_meld(s):
            acts += _marriages(s, seat)
            if _five_low(s, seat) and not (s.melded >> (16 + seat)) & 1:
                acts.append(MELD_LOW)
            if r.partner_marriage and s.turnup_up:
                acts.append(DEFER)
        acts.append(DECLARE)
        acts.append(REVERSE)
    if may_rob(s, seat):
        acts.append(EXCHANGE)
    return acts


def _openings(s: State, hand: int) -> list[int]:
    """``open O C`` for every card C that opening O allows (rules/gaigel.md#the-first-trick-the-openings)."""
    trumps = SUIT_MASK[s.trump]
    aces = hand & _RANK_MASK[ACE] & ~trumps
    acts = [OPEN + ANDERE_ALTE * 64 + c for c in card_list(aces)]
    acts += [OPEN + GE_ELFEN * 64 + c for c in card_list(aces)]
    acts += [OPEN + HOEHER * 64 + c for c in card_list(hand & ~_RANK_MASK[ACE] & ~trumps)]
    acts += [OPEN + AUF_DISSLE * 64 + c for c in card_list(hand)]
    return acts


def may_meld(s: State) -> bool:
    """Melds are shown by a leader after his team has won a trick (from trick 2 on), in phase 1,
    and in phase 2 where ``melds_in_phase2`` allows."""
    return s.trick_no > 0 and (s.turnup_up or s.rules.melds_in_phase2)


def _marriages(s: State, seat: int) -> list[int]:
    """``marry C`` and ``marry double C`` for the suits ``seat`` has not melded yet."""
    hand = s.hands[seat]
    acts = []
    for suit in range(4):
        if (s.melded >> (seat * 4 + suit)) & 1:
            continue
        ks = hand & _RANK_MASK[KING] & SUIT_MASK[suit]
        qs = hand & _RANK_MASK[QUEEN] & SUIT_MASK[suit]
        if ks and qs:
            acts += [MARRY + c for c in card_list(ks | qs)]
            if ks.bit_count() == 2 and qs.bit_count() == 2:
                acts += [MARRY_DOUBLE + c for c in card_list(ks | qs)]
    return acts


def _held_low_trump(s: State, seat: int) -> int:
    """The copy of the low trump ``seat`` holds (the first where both), or -1."""
    low = s.trump * 8 + s.rules.low_rank
    hand = s.hands[seat]
    if (hand >> low) & 1:
        return low
    return low | 32 if (hand >> (low | 32)) & 1 else -1


def may_rob(s: State, seat: int) -> bool:
    """The leader may take the turn-up for the low trump once a hand while it lies under the
    stock; from trick 2 (after his team's trick), or from trick 1 without
    ``rob_requires_team_trick`` (rules/gaigel.md#before-the-lead-robbing-melds-knocking)."""
    r = s.rules
    if s.exchanged or not s.turnup_up or s.trick or (s.turnup & 7) == r.low_rank:
        return False
    if r.exchange_needs_trick and not s.tricks[r.sides[seat]]:
        return False
    if s.trick_no == 0 and s.opening >= 0:
        return False
    return _held_low_trump(s, seat) >= 0


def legal_defer(s: State) -> list[int]:
    return _marriages(s, s.to_act) + [PASS]


# ------------------------------------------------------------------ acting

def apply(s: State, a: int) -> None:
    if actions.is_play(a):
        play(s, a)
    elif actions.is_marriage(a):
        meld(s, s.to_act, actions.named_card(a), False)
        play(s, actions.named_card(a))
    elif actions.is_opening(a):
        s.opening = actions.opening_index(a)
        if s.opening == AUF_DISSLE and _five_low(s, s.to_act):
            finish(s, END_DISSLE_WON, s.to_act)  # five low cards on the announcement
            return
        play(s, actions.named_card(a))
    elif actions.is_double_marriage(a):
        meld(s, s.to_act, actions.named_card(a), True)
        play(s, actions.named_card(a))
    elif a == EXCHANGE:
        rob(s)
    elif a == DECLARE:
        finish(s, END_KNOCK, s.to_act)
    elif a == REVERSE:
        finish(s, END_REVERSE, s.to_act)
    elif a == MELD_LOW:
        meld_low(s)
    elif a == DEFER:
        s.lead_flags |= MELD_USED
        s.phase = PH_MELD_DEFER
        s.to_act = partner(s, s.leader)
    else:
        raise ValueError(f"action {a} is not part of the meld games' play")


def apply_defer(s: State, a: int) -> None:
    """The partner melds (and will play the card he named) or passes; the leader goes on."""
    if a != PASS:
        card = actions.named_card(a)
        meld(s, s.to_act, card, actions.is_double_marriage(a))
        s.promise = s.to_act << 6 | card
    s.phase = PH_MELD
    s.to_act = s.leader


def finish(s: State, kind: int, claimant: int | None) -> None:
    s.end_kind = kind
    end(s, claimant)


def play(s: State, card: int) -> None:
    seat = s.to_act
    known = s.known[seat]
    if known >> (card ^ 32) & 1 and not known >> card & 1:
        # The double pack's two copies look alike: of two held, one of them seen by the others
        # (shown in a meld, taken as the turn-up), the others cannot tell which one is played.
        # So the seen one counts as gone, and whether its twin is held stays unknown to them;
        # the card played is the one the action names (a seat record's replay pins copies by
        # the actions' ids, hidden.py).
        known ^= 1 << (card ^ 32)
        s.known[seat] = known
        if s.turnup == card ^ 32:
            s.turnup = card  # the turn-up he took, seen by all: it is the one that went
    bit = 1 << card
    s.hands[seat] ^= bit
    if known & bit:
        s.known[seat] = known ^ bit
    if s.promise >= 0 and s.promise >> 6 == seat:
        s.promise = -1
    s.trick.append(card)
    s.tseats.append(seat)
    if len(s.trick) < 4:
        s.to_act = s.nxt[seat]
        return
    finish_trick(s)


def trick1_winner(s: State) -> int:
    """Index of the winning card of trick 1 under forehand's opening
    (rules/gaigel.md#the-first-trick-the-openings)."""
    return opening_winner(s.opening, s.trick, s.trump, s.beats)


def opening_winner(opening: int, trick: list[int], trump: int, beats: tuple[int, ...]) -> int:
    """Index of the winning card of a first trick opened with ``opening`` (-1: none)."""
    if opening == ANDERE_ALTE:
        for i in range(1, 4):
            if trick[i] & 31 == trick[0] & 31:
                return i  # the first to play the other ace
        return 0
    if opening == GE_ELFEN:
        return 0
    if opening == HOEHER:
        return trick_winner(trick, -1, beats)  # trumps have no power; ties to the first
    return trick_winner(trick, trump, beats)


def finish_trick(s: State) -> None:
    r = s.rules
    trick = s.trick
    w = trick1_winner(s) if s.trick_no == 0 else trick_winner(trick, s.trump, s.beats)
    winner = take_trick(s, w)
    side = r.sides[winner]
    s.last_trick = tuple(zip(s.tseats, trick, strict=True))
    s.trick = []
    s.tseats = []
    s.trick_no += 1
    s.leader = s.to_act = winner
    s.claim_seat = winner
    s.lead_flags = 0
    s.promise = -1
    last = not s.hands[winner] and not s.turnup_up
    if last:  # counted also when Auf Dissle is lost in that very trick
        s.points[side] += r.last_trick_bonus
    if s.opening == AUF_DISSLE and winner == forehand(s):
        finish(s, END_DISSLE_LOST, None)
        return
    if last:
        finish(s, END_PLAYED_OUT, None)
        return
    if s.turnup_up:
        draw_all(s)
        if s.opening == AUF_DISSLE and _five_low(s, forehand(s)):
            finish(s, END_DISSLE_WON, forehand(s))


def meld(s: State, seat: int, card: int, double: bool) -> None:
    """Show a marriage of ``card``'s suit (both pairs if ``double``) and credit it: melds are
    shown only by a team that has won a trick, so they count at once."""
    suit = (card >> 3) & 3
    value = (40 if suit == s.trump else 20) * (2 if double else 1)
    side = s.rules.sides[seat]
    hand = s.hands[seat]
    pairs = hand & (_RANK_MASK[KING] | _RANK_MASK[QUEEN]) & SUIT_MASK[suit]
    if double:
        shown = pairs
    else:  # the card named, and one card of the other rank (the first copy where both)
        other = pairs & _RANK_MASK[(card & 7) ^ 1]
        shown = (1 << card) | (other & -other)
    s.known[seat] |= shown
    s.points[side] += value
    s.melds[side] += value
    s.marriages.append((seat, suit, value))
    s.melded |= 1 << (seat * 4 + suit)
    s.lead_flags |= MELD_USED


def meld_low(s: State) -> None:
    seat = s.to_act
    s.melded |= 1 << (16 + seat)
    s.lead_flags |= MELD_USED | LOW_SHOWN
    s.known[seat] |= s.hands[seat]
    if s.rules.five_low == "instant_win":
        finish(s, END_FIVE_LOW, seat)
        return
    side = s.rules.sides[seat]
    s.points[side] += 111
    s.melds[side] += 111


def rob(s: State) -> None:
    seat = s.to_act
    low = _held_low_trump(s, seat)
    up = s.turnup
    s.hands[seat] ^= (1 << low) | (1 << up)
    # The low trump lies face up now: the others know it is no longer in this hand (one shown
    # with five low cards and left in ``known`` made the views deal it to him again). Both
    # copies are known or neither: only 'meld low' shows a low card, and it shows the hand.
    s.known[seat] = (s.known[seat] | 1 << up) & ~(1 << low)
    s.turnup = low
    s.exchanged = True


# ------------------------------------------------------------------ people

_OPENING_NAMES = ("Andere Alte", "Ge-Elfen", "Höher", "Auf Dissle")


def explain(s: State, action: int, text: str) -> str:
    """Why an action is refused now, in a player's words."""
    seat = s.to_act
    hand = s.hands[seat]
    r = s.rules
    leading = not s.trick
    if actions.is_play(action):
        if not (hand >> action) & 1:
            return f"you do not hold {card_str(action)}"
        if leading and s.trick_no == 0 and r.openings:
            return "forehand opens the first trick: 'open O C' with O one of " + ", ".join(OPENINGS)
        if s.promise >= 0 and s.promise >> 6 == seat:
            return (f"you melded for your partner and named {card_str(s.promise & 63)}: "
                    f"you must play it to this trick")
        if leading and s.lead_flags & LOW_SHOWN:
            return "you showed five low cards: lead one of them"
        return _follow_reason(s, action)
    if actions.is_opening(action):
        opening, card = actions.opening_index(action), actions.named_card(action)
        if not r.openings:
            return "openings are not played under opening='free': lead with 'play C'"
        if not leading or s.trick_no:
            return "only forehand opens, at the start of the first trick"
        if not (hand >> card) & 1:
            return f"you do not hold {card_str(card)}"
        trump = SUIT_NAMES[s.trump]
        if opening in (ANDERE_ALTE, GE_ELFEN):
            return f"{_OPENING_NAMES[opening]} is opened with an ace that is not a trump ({trump})"
        return f"Höher is opened with a card that is neither an ace nor a trump ({trump})"
    if action in (MELD_LOW, DEFER) or actions.is_marriage(action) or \
            actions.is_double_marriage(action):
        return _meld_reason(s, action, text)
    if action == PASS:
        return "'pass' answers a partner's 'defer'; nothing was deferred to you"
    if action == EXCHANGE:
        low = card_str(s.trump * 8 + r.low_rank)
        if not leading:
            return "only the leader robs the turn-up, before he leads"
        if s.exchanged:
            return "the turn-up has already been robbed this hand"
        if not s.turnup_up:
            return "the turn-up card has been drawn: robbing is no longer possible"
        if (s.turnup & 7) == r.low_rank:
            return f"the turn-up card is {low} itself: there is nothing to rob"
        if _held_low_trump(s, seat) < 0:
            return f"you can rob the turn-up only holding {low}"
        if s.trick_no == 0 and s.opening >= 0:
            return "robbing is done before the opening, not during the first trick"
        return "you may rob only on lead after your team has won a trick"
    if action in (DECLARE, REVERSE):
        if not leading:
            return f"only the leader may {text}, before he leads"
        return f"you may {text} only from the second trick on, before you lead"
    return f"{text} is not possible now"


def _meld_reason(s: State, action: int, text: str) -> str:
    seat = s.to_act
    if s.trick:
        return "melds are shown only by the leader, before his lead"
    if s.trick_no == 0:
        return "no melds in the first trick: melding needs a trick won by your team"
    if not may_meld(s):
        return "no melds once the stock is exhausted (melds_in_phase2 is off)"
    if s.lead_flags & MELD_USED and action != MELD_LOW:
        return "one meld per lead: this lead's meld is used ('meld low' or 'defer')"
    if action == DEFER:
        if not s.rules.partner_marriage:
            return "the partner may not meld instead (partner_may_meld is off)"
        if s.lead_flags & MELD_USED:
            return "one meld per lead: this lead's meld is used"
        return "the partner may meld instead only while the stock lasts"
    if action == MELD_LOW:
        if (s.melded >> (16 + seat)) & 1:
            return "you have already shown five low cards this hand"
        if s.lead_flags & MELD_USED:
            return "one meld per lead: this lead's meld is used"
        return "'meld low' needs a hand of five low cards"
    return _marriage_reason(s, action)


def _marriage_reason(s: State, action: int) -> str:
    seat = s.to_act
    double = actions.is_double_marriage(action)
    card = actions.named_card(action)
    suit = (card >> 3) & 3
    if (card & 7) not in (KING, QUEEN):
        return f"a marriage is a king and a queen, not {card_str(card)}"
    if (s.melded >> (seat * 4 + suit)) & 1:
        return f"you have already melded {SUIT_NAMES[suit]} this hand (each suit once)"
    held = s.hands[seat] & (_RANK_MASK[KING] | _RANK_MASK[QUEEN]) & SUIT_MASK[suit]
    if double:
        return (f"a double marriage needs both kings and both queens of {SUIT_NAMES[suit]}: "
                f"you hold {mask_str(held) or 'none'}")
    return (f"a marriage needs the king and the queen of {SUIT_NAMES[suit]}: "
            f"you hold {mask_str(held) or 'neither'}")


def _follow_reason(s: State, card: int) -> str:
    hand = s.hands[s.to_act]
    suit = (s.trick[0] >> 3) & 3
    same = hand & SUIT_MASK[suit]
    allowed = 0
    for a in legal(s):
        if actions.is_play(a):
            allowed |= 1 << a
    if same and (card >> 3) & 3 != suit:
        return f"must follow suit: {SUIT_NAMES[suit]} were led and you hold {mask_str(same)}"
    if same:
        return f"must beat the card winning the trick if you can: play {mask_str(allowed)}"
    return f"must trump, and over-trump if you can: play {mask_str(allowed)}"


def _explain_defer(s: State, action: int, text: str) -> str:
    base = "your partner deferred to you: meld with 'marry C' or 'marry double C', or 'pass'"
    if actions.is_marriage(action) or actions.is_double_marriage(action):
        return _marriage_reason(s, action)
    return f"{text} is not possible now: {base}"


register(PH_MELD, Phase("play", legal, apply, explain))
register(PH_MELD_DEFER, Phase("defer", legal_defer, apply_defer, _explain_defer))
