"""The play phase: leads, follows, marriages, the trump exchange, closing, claims and drawing.

Also the two small rooms next to it: the trick winner's choice to draw or to close before drawing
(``PH_DRAW``), and a partner's answer when the leader deferred a marriage to him (``PH_DEFER``).
The hot paths are here, on bitmasks and precomputed tables: ``legal`` and ``apply`` are what
search calls at every node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import KING, QUEEN, SUIT_MASK, SUIT_NAMES, card_list, card_str, mask_str
from .. import actions
from ..actions import (
    BELLA,
    CLOSE,
    DECLARE,
    DECLARE_SHOW,
    DEFER,
    DRAW,
    EXCHANGE,
    MARRY,
    PASS,
)
from ..legal import legal_follow, trick_winner
from ..rules import (
    CLOSE_AFTER_FIRST_TRICK,
    CLOSE_WITH_TRICK,
    EXCHANGE_ON_CLOSE_EITHER,
    EXCHANGE_ON_CLOSE_OPPONENT,
    FREE,
    STRICT2,
    STRICT_MULTI,
)
from . import PH_DEFER, PH_DRAW, PH_OVER, PH_PLAY, Phase, register
from . import announce as _announce

if TYPE_CHECKING:
    from ..state import State

__all__ = ["legal", "apply", "explain", "partner", "end", "stock_open", "facedown"]

_KINGS = sum(1 << (copy * 32 + suit * 8 + KING) for suit in range(4) for copy in range(2))


# ------------------------------------------------------------------ legal actions

def stock_open(s: State) -> bool:
    """``State.stock_open``: phase 1, the stock can still be drawn from. A function here so that
    the compiled phases call it directly (play.pxd); the property calls it too."""
    return s.turnup_up and s.closed_by < 0


def facedown(s: State) -> int:
    """``State.facedown``: face-down cards left in the stock (the turn-up not counted)."""
    return len(s.stock) - s.spos


def legal(s: State) -> list[int]:
    """A lead (with what a leader may do first) or a follow."""
    seat = s.to_act
    r = s.play_rules
    hand = s.hands[seat]
    if s.trick:
        mode = r.phase1_follow if stock_open(s) else r.phase2_follow
        # Only STRICT_MULTI asks who follows (to spare a partner), so only it gets the list.
        seats = s.tseats + [seat] if mode == STRICT_MULTI else s.tseats
        acts = card_list(hand) if mode == FREE else card_list(legal_follow(
            hand, s.trick, seats, r.sides, s.trump, mode, s.beats, r.must_beat_partner,
            r.must_trump_when_cannot_overtrump, r.trump_jack_free))
        # A follower exchanges only under "any_time", or in his window at a close.
        if (r.exchange_any_time or s.close_window) and may_exchange(s, seat):
            acts.append(EXCHANGE)
        if r.combinations:
            acts += _announce.turn_actions(s, seat)
        if r.claims and r.claim_any_own_turn:
            acts.append(DECLARE)
        if r.partner_marriage:
            acts = keep_promise(s, seat, acts)
        return acts
    acts = card_list(hand)
    if r.partner_marriage and deferred(s):
        return acts  # one marriage per lead: the partner has had his turn
    if r.marriages and hand & (hand >> 1) & _KINGS:
        for q in marriage_queens(s, seat):
            acts.append(MARRY + q - 1)
            acts.append(MARRY + q)
            if r.claims and r.show_marriage_to_go_out and (
                    r.claim_side < 0 or r.sides[seat] == r.claim_side):
                acts.append(DECLARE_SHOW + q)
    if r.exchange_rank >= 0 and may_exchange(s, seat):
        acts.append(EXCHANGE)
    if r.close_allowed and may_close(s, seat):
        acts.append(CLOSE)
    if r.claims and (seat == s.claim_seat or r.claim_any_own_turn) and (
            r.claim_side < 0 or r.sides[seat] == r.claim_side):
        acts.append(DECLARE)
    if r.partner_marriage:
        acts.append(DEFER)
    if r.combinations:
        acts += _announce.turn_actions(s, seat)
    return acts


def legal_defer(s: State) -> list[int]:
    """The partner the leader deferred to: one of his marriages, or pass."""
    acts = []
    for q in marriage_queens(s, s.to_act):
        acts.append(MARRY + q - 1)
        acts.append(MARRY + q)
    acts.append(PASS)
    return acts


def partner(s: State, seat: int) -> int:
    """The next seat in playing order on ``seat``'s side (his partner in a partnership)."""
    p = s.nxt[seat]
    while s.rules.sides[p] != s.rules.sides[seat]:
        p = s.nxt[p]
    return p


def deferred(s: State) -> bool:
    """The leader has deferred this lead and his partner has answered (read from the history,
    which views and determinizations carry, so no extra field is needed)."""
    h = s.history
    return bool(h) and (h[-1] == PASS or (len(h) >= 2 and h[-2] == DEFER))

def keep_promise(s: State, seat: int, acts: list[int]) -> list[int]:
    """A partner who declared a marriage for the leader named the card of it he plays to this
    trick (records.md §5): he must play it, where the obligations allow it."""
    h = s.history
    k = len(s.trick)
    if len(h) >= k + 2 and h[-k - 2] == DEFER and actions.is_marriage(h[-k - 1]):
        card = actions.named_card(h[-k - 1])
        if seat == partner(s, s.tseats[0]) and card in acts:
            return [card]
    return acts

def marriage_queens(s: State, seat: int) -> list[int]:
    """Queens of the marriages the leader may declare now (rules/index.md#what-the-games-share,
    rules/sixty-six.md#marriages)."""
    r = s.play_rules
    if not stock_open(s) and r.stock and not r.marriages_after_close:
        return []
    if r.credit_needs_trick_before and not s.tricks[r.sides[seat]]:
        return []
    hand = s.hands[seat]
    out = []
    for suit in range(4):
        q = suit * 8 + QUEEN
        if (hand >> q) & 1 and (hand >> (q - 1)) & 1:
            out.append(q)
    return out

def may_exchange(s: State, seat: int) -> bool:
    r = s.play_rules
    if r.exchange_rank < 0 or s.turnup < 0 or s.trump < 0:
        return False
    low = s.trump * 8 + r.exchange_rank
    hand = s.hands[seat]
    if not (hand >> low) & 1:
        return False
    if s.trick_no < r.exchange_from_trick:
        return False
    has_trick = s.tricks[r.sides[seat]] > 0
    if s.closed_by >= 0:
        if not (s.close_window >> seat) & 1:
            return False
        return r.exchange_on_close == EXCHANGE_ON_CLOSE_OPPONENT or has_trick
    if not s.turnup_up or facedown(s) < r.exchange_min_facedown:
        return False
    if r.exchange_needs_trick and not has_trick:
        return False
    return not s.trick or r.exchange_any_time

def may_close(s: State, seat: int) -> bool:
    r = s.play_rules
    if not r.close_allowed or not s.turnup_up or s.closed_by >= 0:
        return False
    if facedown(s) < r.close_min_facedown:
        return False
    if r.close_requires == CLOSE_WITH_TRICK:
        return s.tricks[r.sides[seat]] > 0
    if r.close_requires == CLOSE_AFTER_FIRST_TRICK:
        return s.trick_no > 0
    return True


# ------------------------------------------------------------------ acting

def apply(s: State, a: int) -> None:
    """A lead, a follow, or what a leader does before his lead."""
    if actions.is_play(a):
        play(s, a)
    elif actions.is_marriage(a):
        marry(s, actions.named_card(a))
        if s.phase != PH_OVER:  # an automatic claim may have ended the hand
            play(s, actions.named_card(a))
    elif actions.is_declaration(a):
        declare_show(s, actions.named_card(a))
    elif a == EXCHANGE:
        exchange(s)
    elif a == CLOSE:
        close(s)
    elif a == DECLARE:
        end(s, s.to_act)
    elif a == DEFER:
        s.phase = PH_DEFER
        s.to_act = partner(s, s.leader)
    elif a == BELLA or actions.is_combination(a):
        _announce.apply_turn(s, a)
    else:
        raise ValueError(f"action {a} is not part of the play phase")


def apply_draw(s: State, a: int) -> None:
    """The trick winner draws (everyone draws) or closes before drawing."""
    if a == DRAW:
        s.phase = PH_PLAY
        draw_all(s)
    else:
        close(s)


def apply_defer(s: State, a: int) -> None:
    """The partner declares a marriage (he plays its card in his turn) or passes."""
    if a != PASS:
        marry(s, actions.named_card(a))
    s.phase = PH_PLAY
    s.to_act = s.leader


def play(s: State, card: int) -> None:
    seat = s.to_act
    bit = _ONE << card
    # Read into typed locals (play.pxd): compiled, the masks are C words, one int object a write.
    held = s.hands[seat]
    s.hands[seat] = held ^ bit
    seen = s.known[seat]
    if seen & bit:
        s.known[seat] = seen ^ bit
    if s.close_window:
        s.close_window &= ~(1 << seat)
    if seat == s.claim_seat:
        s.claim_seat = -1
    trick = s.trick
    trick.append(card)
    s.tseats.append(seat)
    if len(trick) < len(s.active):
        s.to_act = s.nxt[seat]
        return
    finish_trick(s)

def take_trick(s: State, w: int) -> int:
    """Credit the completed trick to the side of the seat that played its ``w``-th card: the
    cards, their points, one trick. Returns that seat (every play phase ends a trick this way)."""
    winner = s.tseats[w]
    side = s.play_rules.sides[winner]
    vals = s.values
    pts = 0
    mask = 0
    for c in s.trick:
        v = vals[c]  # a C int when compiled (play.pxd): the sum stays in C
        pts += v
        mask |= _ONE << c
    won = s.won[side]
    s.won[side] = won | mask
    s.points[side] += pts
    s.tricks[side] += 1
    return winner


def finish_trick(s: State) -> None:
    r = s.play_rules
    trick = s.trick
    if len(trick) == 2:  # two seats: the common case, without the general loop
        c0, c1 = trick
        s1 = (c1 >> 3) & 3
        if s1 == (c0 >> 3) & 3:
            beats = s.beats[c0]
            w = (beats >> c1) & 1
        else:
            w = int(s1 == s.trump)
        s.last_trick = ((s.tseats[0], c0), (s.tseats[1], c1))
    else:
        w = trick_winner(trick, s.trump, s.beats)
        s.last_trick = tuple(zip(s.tseats, trick))  # noqa: B905 - equal lengths by construction
    winner = take_trick(s, w)
    side = r.sides[winner]
    pending = s.pending
    if pending[side]:
        s.points[side] += pending[side]
        s.melds[side] += pending[side]
        pending[side] = 0
    if r.credit_same_trick_only:
        for sd in range(len(pending)):
            if pending[sd] and s.pending_trick[sd] <= s.trick_no:
                pending[sd] = 0  # it counted only if that very trick was won
    s.trick = []
    s.tseats = []
    s.trick_no += 1
    s.leader = s.to_act = winner
    s.claim_seat = winner
    # Every seat holds as many cards as the trick winner: nobody has any left. The last trick's
    # bonus counts before a game's hook may stop the hand on that same trick (Four-Hand's ten of
    # trumps, Gaigel's Auf Dissle lost in the last trick).
    last = not s.hands[winner] and (s.spos == len(s.stock) or not stock_open(s))
    if last and s.closed_by < 0:
        s.points[side] += r.last_trick_bonus
    hooked = r.trick_hook and s.game.trick_ends_hand(s)  # asked after every trick, as before
    if last or hooked:
        end(s, None)
        return
    if r.auto_claim and r.claims and s.points[side] >= r.claim_target:
        end(s, winner)
        return
    if stock_open(s):
        if r.close_before_draw and may_close(s, winner):
            s.phase = PH_DRAW
            return
        draw_all(s)

def draw_all(s: State) -> None:
    """Everyone draws, the trick winner first; the last drawer takes the turn-up card."""
    seat = s.leader
    for _ in range(len(s.active)):
        if s.spos < len(s.stock):
            card = s.stock[s.spos]
            held = s.hands[seat]
            s.hands[seat] = held | _ONE << card
            s.spos += 1
        elif s.turnup_up:
            s.hands[seat] |= 1 << s.turnup
            s.known[seat] |= 1 << s.turnup  # everyone saw who took it
            s.turnup_up = False
            if s.strict_from < 0:
                s.strict_from = len(s.history)
        seat = s.nxt[seat]

def marry(s: State, card: int) -> None:
    seat = s.to_act
    r = s.play_rules
    suit = card >> 3 & 3
    value = 40 if suit == s.trump else 20
    side = r.sides[seat]
    other = card ^ 1  # K <-> Q
    s.known[seat] |= 1 << other
    if s.tricks[side] or not r.marriage_needs_trick:
        s.points[side] += value
        s.melds[side] += value
    else:
        s.pending[side] += value
        s.pending_trick[side] = s.trick_no
    s.marriages.append((seat, suit, value))
    if r.auto_claim and r.claims and s.points[side] >= r.claim_target:
        end(s, seat)  # will end the hand; the led card stays unplayed

def declare_show(s: State, queen: int) -> None:
    seat = s.to_act
    r = s.rules
    suit = queen >> 3 & 3
    value = 40 if suit == s.trump else 20
    side = r.sides[seat]
    s.known[seat] |= (1 << queen) | (1 << (queen - 1))
    s.marriages.append((seat, suit, value))
    if s.tricks[side] or not r.marriage_needs_trick:
        s.points[side] += value
        s.melds[side] += value
    # Without a trick the marriage stays pending, so the claim below is a false claim.
    end(s, seat)

def exchange(s: State) -> None:
    seat = s.to_act
    low = s.trump * 8 + (s.rules.exchange_rank or 0)
    up = s.turnup
    s.hands[seat] ^= (1 << low) | (1 << up)
    s.known[seat] = (s.known[seat] | 1 << up) & ~(1 << low)  # the low trump lies face up now
    s.turnup = low
    s.exchanged = True
    s.close_window &= ~(1 << seat)

def close(s: State) -> None:
    seat = s.to_act
    r = s.play_rules
    s.closed_by = seat
    if s.strict_from < 0:
        s.strict_from = len(s.history)
    s.close_points = tuple(s.points)
    s.close_tricks = tuple(s.tricks)
    if s.phase == PH_DRAW:
        s.phase = PH_PLAY
    if r.exchange_on_close == EXCHANGE_ON_CLOSE_OPPONENT:
        s.close_window = sum(1 << p for p in s.active if p != seat)
    elif r.exchange_on_close == EXCHANGE_ON_CLOSE_EITHER:
        s.close_window = sum(1 << p for p in s.active)


def end(s: State, claimant: int | None) -> None:
    """The hand is over (``claimant``: the seat whose claim ended it)."""
    s.phase = PH_OVER
    s.to_act = -1
    s.claimant = -1 if claimant is None else claimant


# ------------------------------------------------------------------ people

def explain(s: State, action: int, text: str) -> str:
    """Why a lead or follow (or what a leader does first) is refused."""
    if action == PASS and s.rules.combinations:
        return "'pass' answers an announcement, and nothing has been announced"
    if action in (DEFER, PASS):
        if not s.rules.partner_marriage:
            return f"{text} is not part of this game"
        return f"{text} is possible only for the leader, before his marriage or lead"
    seat = s.to_act
    hand = s.hands[seat]
    r = s.rules
    if actions.is_play(action) or actions.is_marriage(action) or actions.is_declaration(action):
        card = actions.named_card(action)
        if not actions.is_play(action) and card & 7 not in (KING, QUEEN):
            return f"a marriage is a king and a queen, not {card_str(card)}"
        if not (hand >> card) & 1:
            return f"you do not hold {card_str(card)}"
        if actions.is_play(action) and s.trick:
            led = s.trick[0]
            suit = (led >> 3) & 3
            same = hand & SUIT_MASK[suit]
            mode = r.phase1_follow if stock_open(s) else r.phase2_follow
            if same and (card >> 3) & 3 != suit:
                return (f"must follow suit: {SUIT_NAMES[suit]} were led and you hold "
                        f"{mask_str(same)}")
            if same:
                return f"must beat the trick if you can: play {mask_str(legal_cards(s))}"
            if mode == STRICT2 or mode > STRICT2:
                return f"must trump: play {mask_str(legal_cards(s))}"
            return f"{text} is not allowed here"
        if not actions.is_play(action):  # a marriage, led or shown
            other = card ^ 1
            if s.trick:
                return "a marriage can only be declared when leading"
            if not (hand >> other) & 1:
                return f"you need both the king and the queen: you do not hold {card_str(other)}"
            if not r.marriages:
                return "there are no marriages in this game" if s.contract is None else \
                    f"there are no marriages in a {s.contract.name}"
            if r.marriage_credit == "needs_trick_before" and not s.tricks[r.sides[seat]]:
                return "you must win a trick before declaring a marriage"
            if s.strict:
                return "no marriages once the stock is closed or exhausted"
            if actions.is_declaration(action) and not (r.claims and r.show_marriage_to_go_out):
                return "showing a marriage to go out without leading is not allowed in this game"
            return f"{text} is not allowed now"
        return f"{text} is not allowed now"
    if action == BELLA or actions.is_combination(action):
        return _announce.explain_turn(s, action, text)
    if action == EXCHANGE:
        if r.exchange_rank is None:
            return "there is no trump exchange in this game"
        low = s.trump * 8 + r.exchange_rank
        if s.turnup == low and s.turnup_up and not s.exchanged:
            return f"the turn-up card is {card_str(low)} itself: there is nothing to exchange"
        if not (hand >> low) & 1:
            return f"you can exchange only holding {card_str(low)}"
        if s.trick_no < r.exchange_from_trick:
            return "the exchange is allowed only from the end of the first trick"
        if r.exchange_needs_trick and not s.tricks[r.sides[seat]] and s.closed_by < 0:
            return "you must have won a trick before exchanging"
        if s.trick and not r.exchange_any_time:
            return "you may exchange only when you are about to lead"
        return "the exchange is no longer possible: the stock is closed or too small"
    if action == CLOSE:
        if not r.close_allowed:
            return "closing is not part of this game"
        if s.trick:
            return "only the player about to lead may close"
        if s.closed_by >= 0 or not s.turnup_up:
            return "the stock is already closed or exhausted"
        if r.close_requires == "lead_and_own_trick" and not s.tricks[r.sides[seat]]:
            return "you must have won a trick before closing"
        if r.close_requires == "lead_after_first_trick" and s.trick_no == 0:
            return "you may not close before the first trick"
        return "closing is not allowed now"
    if action == DECLARE or actions.is_declaration(action):
        if not r.claims:
            return "there are no claims in this game" if s.contract is None else \
                f"there are no claims in a {s.contract.name}"
        if r.claim_side >= 0 and r.sides[seat] != r.claim_side:
            return "only the declarer's side may claim 'Genug' in this game"
        return "you may claim only right after winning a trick or showing a marriage"
    if action == DRAW:
        return "there is nothing to draw now"
    return f"{text} is not allowed now"


def legal_cards(s: State) -> int:
    m = 0
    for a in s.legal_actions():
        if actions.is_play(a):
            m |= 1 << a
    return m


def _explain_draw(s: State, action: int, text: str) -> str:
    return f"{text} is not possible now: choose 'draw' or 'close'"


def _explain_defer(s: State, action: int, text: str) -> str:
    return (f"{text} is not possible now: your partner deferred to you; declare a "
            f"marriage ('marry C') or 'pass'")


register(PH_PLAY, Phase("play", legal, apply, explain))
register(PH_DRAW, Phase("draw", lambda s: [DRAW, CLOSE], apply_draw, _explain_draw))
register(PH_DEFER, Phase("defer", legal_defer, apply_defer, _explain_defer))


_ONE = 1
"""One, as a 64-bit word when compiled (play.pxd), so that shifts by a card stay in C."""
