"""The cards a seat has not seen, as a consistent model: how a seat record (records.md §7) replays.

A seat record writes ``??`` for every card its seat cannot know. To replay it through the one
engine, the hand still needs a full deal; the question is which cards to put in the ``??`` places
so that every action of the record stays legal. Guessing once and "repairing" the guess by swapping
cards when a later action contradicts it can break what an earlier action proved (a swap hands a
player a card of a suit he has shown he lacks), so it fails on rare lines of play.

The model here is a **constraint view**. The deal is a set of *slots* (each seat's dealt cards,
the turn-up, the stock places); a slot the seat has seen holds its known card, every other slot
holds one of the unseen cards. Each action by another seat adds constraints on which card may lie
in which slot, read off the engine's own legal-play rule (no game is named here):

* the cards the action needs (the card played, both cards of a marriage shown, the low trump
  exchanged) lie in a slot the actor held at that moment (dealt, or drawn from the stock before);
* every other card ``d`` whose holding would have made the action illegal — the engine is asked
  with the actor's hand set to the needed cards plus ``d`` — lies in none of those slots, unless
  the actor had already played it (this is how a failure to follow suit, to beat or to trump, and
  a trump refusal, become voids);
* where the needed cards alone do not make the action legal but one more card would (naming a
  trump suit one must hold), at least one of those cards lies in one of those slots.

Legality in these games is "hold the needed cards, and none of the cards that oblige another
play" (the follow rule is a ladder of obligations: follow and beat, follow, trump, any), so these
constraints are exact: an action of another seat is accepted if and only if some placing of the
unseen cards satisfies all of them, which is a bipartite matching of cards to slots with per-slot
candidate sets — at most 48 of each, quick to check. The engine's state always holds one such
placing. When an action is illegal in the placing at hand, a new placing is drawn from the
constraints of the whole hand (every earlier action included) and the hand is replayed on it from
the deal; nothing is ever swapped after the fact, so nothing proven before can be undone.

Four things go beyond one card at a time, each asked of the engine:

* **Copies and unwritten cards.** A double pack (Gaigel) holds two copies of each card, written
  alike; a face-down play of trick 1 is written ``play ??`` / ``open hoeher ??`` until the trick
  is complete. The text then stands for several action ids (either copy; any card the opening
  allows): one legal in the placing at hand is taken, else the first some placing makes legal,
  and the card chosen is pinned to the actor's slots, so that later re-placings keep it. An
  exchange is the exception: the engine gives whichever copy of the low trump the robber holds,
  so it proves only that one of them was his (and a robber who later plays the other held both).
* **Checks on a whole hand.** Where the probes one card at a time do not make the action legal
  whatever else is held, the action is also kept as a check: a placing must give the actor, at
  that moment, a hand in which the engine still allows it. A Terts ``show`` needs this (his
  best combination bounds his hand: four jacks are three cards away from any one card). A
  placing that fails a check is searched again with one more of that hand's unseen cards
  elsewhere, each in turn.
* **Scores no action names.** Terts scores the winner's other combinations automatically and
  shows them (rules/terts.md#combinations); a seat record writes their cards (records.md §7), but no action
  says which scored. Where the answer to an announcement would score, beside the combination
  it names, one holding a card the record does not write, the placing scores what the game did
  not, so a placing that does not is looked for (kept as a soft check: the game's own placing
  meets them all; a record that does not write the shown cards keeps the score where no
  placing avoids it).

* **A hand that ends by itself.** Under Gaigel's Auf Dissle the engine ends the hand when
  forehand holds five low cards; the record would then show them. Each moment he holds five
  cards is a check that those the seat has not seen are not five low (``_watch``).

The game-specific knowledge is the engine's; hidden.py names two of its facts, marked where
used: the bella's cards (``_needed``) and that combinations score at the answer (``_keep_quiet``).

What the seat itself does is checked by the engine on its own (known) cards, as in a full record.
Bots and hints read ``state.view(seat)``, which holds only public facts and the seat's own hand, so
which consistent placing is in the state never shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import KING, card_str
from .engine.actions import (
    BELLA,
    COMBOS,
    EXCHANGE,
    PASS,
    combo_index,
    is_combination,
    is_declaration,
    is_double_marriage,
    is_marriage,
    is_opening,
    is_play,
    named_card,
    names_card,
    parse_action,
)
from .engine.phases import PH_ANSWER, PH_DEAL_CHOICE
from .engine.phases.announce import played_by
from .engine.phases.meld import five_low_watch, holds_five_low
from .engine.state import PH_OVER, PH_TRUMP, Deal, State
from .errors import IllegalActionError

if TYPE_CHECKING:
    from .engine.match import Match

__all__ = ["HiddenCards", "Slot"]

_SEARCH = 2000
"""How many matchings a search for a placing may try where checks on whole hands (and the
preference for hidden scores) send it back."""

UNKNOWN = "??"
"""A card the seat has not seen, as a seat record writes it."""


@dataclass(frozen=True, slots=True)
class Slot:
    """A place a card was dealt to: ``where`` is 'hand' (seat ``seat``, index ``index``), 'turnup'
    or 'stock' (``index`` from the top)."""

    where: str
    seat: int
    index: int

    def words(self) -> str:
        if self.where == "hand":
            return f"seat {self.seat}'s card {self.index + 1}"
        if self.where == "stock":
            return f"stock place {self.index + 1}"
        return "the turn-up"


@dataclass
class _Constraints:
    """What the actions so far proved about the unseen cards (all masks: bit c = card c, bit s =
    slot s)."""

    forbid: list[int]
    """Per slot, the cards that cannot lie there."""
    within: dict[int, int] = field(default_factory=dict)
    """Per card that must lie in one of some slots, those slots."""
    some: list[tuple[int, int]] = field(default_factory=list)
    """(cards, slots): at least one of the cards lies in one of the slots."""
    checks: list[_Check] = field(default_factory=list)
    """Actions whose legality a placing must keep, checked on the whole hand (one card at a
    time does not tell all: a Terts ``show`` bounds the responder's best combination), and the
    moments a hand must not have ended by itself (``_Check.watch``)."""
    quiet: list[_Check] = field(default_factory=list)
    """Preferences kept where some placing allows (``_Check.quiet``)."""

    def copy(self) -> _Constraints:
        return _Constraints(self.forbid[:], dict(self.within), self.some[:], self.checks[:],
                            self.quiet[:])


@dataclass(frozen=True)
class _Check:
    """Seat ``p`` took ``action`` in ``state`` (a copy) holding the cards of ``slots`` but for
    ``left``, and ``gained``; ``need``: the cards it needs."""

    state: State
    p: int
    action: int
    slots: int
    left: int
    gained: int
    need: int
    trumping: bool
    quiet: bool = False
    """Not a legal action to keep but a preference: taking ``action`` scores nothing for seat
    ``p`` with a card the record does not write (Terts' automatic extras, rules/terts.md#combinations)."""
    watch: bool = False
    """Not an action but a moment: seat ``p``'s hand then must not end the hand by itself with
    cards the record's seat has not seen (Gaigel's Auf Dissle, won on five low cards)."""


class HiddenCards:
    """The unseen cards of one hand of a seat record: the slots, what each seat held when, the
    constraints proven so far, and the placing the engine's state uses now."""

    def __init__(self, match: Match, seat: int, slots: list[Slot], known: list[int],
                 turnup_in_hand: bool = False) -> None:
        """``slots`` in deal order (hands by seat, the turn-up, the stock from the top);
        ``known[s]`` the card in slot ``s``, -1 where the seat has not seen it.
        ``turnup_in_hand``: the trump card is the dealer's last card (Four-Hand Sixty-Six).
        Raises IllegalActionError where the unseen cards do not fill the unknown slots."""
        self.match = match
        self.turnup_in_hand = turnup_in_hand
        self.seat = seat
        self.slots = slots
        self.known = known
        n = match.n
        rules = match.game.rules
        self.n_slots = len(slots)
        self.unknown_slots = sum(1 << s for s, c in enumerate(known) if c < 0)
        seen = 0
        for c in known:
            if c >= 0:
                seen |= 1 << c
        self.unseen = rules.pack & ~seen
        """The cards whose place the deal does not show."""
        self.held = [0] * n
        """Per seat, the slots it has taken into its hand (dealt or drawn)."""
        self.first = [0] * n
        """Per seat, the slots of its first packet (where trumps are named from it)."""
        for s, slot in enumerate(slots):
            if slot.where == "hand":
                self.held[slot.seat] |= 1 << s
                if slot.index < rules.first_packet:
                    self.first[slot.seat] |= 1 << s
        self.taken = sum(self.held)
        """Slots some seat has taken (a card in an untaken slot is still in the stock or up)."""
        self.left = [0] * n
        """Per seat, the cards that have left its hand (played, or given in an exchange)."""
        self.gained = [0] * n
        """Per seat, cards it took that everyone saw (the exchanged low trump drawn as the last
        card), still in its hand."""
        self.cons = _Constraints([0] * self.n_slots)
        self.place = self._first_placing()
        self.robbers = 0
        """Seats (bits) that gave a low trump in an exchange this hand."""

    # ------------------------------------------------------------------ placings

    def _first_placing(self) -> list[int]:
        pool = _cards(self.unseen)
        holes = self.unknown_slots.bit_count()
        if len(pool) != holes:
            raise IllegalActionError(f"the deal has {holes} unknown places for {len(pool)} "
                                     f"unseen cards")
        it = iter(pool)
        return [c if c >= 0 else next(it) for c in self.known]

    def deal(self, place: list[int]) -> Deal:
        """The Deal that puts ``place[s]`` into slot ``s``."""
        n = self.match.n
        hands: list[list[int]] = [[] for _ in range(n)]
        stock: list[int] = []
        turnup: int | None = None
        for slot, c in zip(self.slots, place, strict=True):
            if slot.where == "hand":
                hands[slot.seat].append(c)
            elif slot.where == "stock":
                stock.append(c)
            else:
                turnup = c
        if self.turnup_in_hand and hands[self.match.dealer]:
            turnup = hands[self.match.dealer][-1]
        return Deal(tuple(tuple(h) for h in hands), turnup, tuple(stock))

    def _slot_of(self) -> dict[int, int]:
        return {c: s for s, c in enumerate(self.place)}

    # ------------------------------------------------------------------ acting

    def apply(self, text: str) -> None:
        """Take the action ``text`` of the seat to act in the match's hand, keeping the placing
        consistent. Raises IllegalActionError when no placing of the unseen cards makes it legal
        or, for the seat's own action, when the rules refuse it (the state unchanged then), and
        when it shows that the record hides a card its seat sees (a card it drew)."""
        match = self.match
        state = match.hand
        assert state is not None
        actor = state.to_act
        if actor == self.seat or state.phase == PH_OVER:
            if state.phase != PH_OVER:
                self.cons = self._keep_quiet(state, state.parse(text), self.cons)
            before = state.hands[:]
            match.apply(text)
            self._observe(state, before)
            self._watch(state)
            return
        action, cons = self._choose(state, actor, text)
        if action not in state.legal_actions():
            place = self._solve(cons)
            assert place is not None  # _choose solved it
            self._replace(place)
            if match.game.rules.pack_size > 32 and names_card(action) \
                    and action not in state.legal_actions():
                action ^= 32  # the engine's robbing gave the copy chosen: the other serves
        self.cons = self._keep_quiet(state, action, cons)
        if action == EXCHANGE:
            self.robbers |= 1 << actor
        before = state.hands[:]
        match.apply(action)
        self._observe(state, before)
        self._watch(state)

    def _watch(self, state: State) -> None:
        """Under Auf Dissle the engine ends the hand as soon as forehand holds five low cards.
        Had that happened in the game, he would have shown them, and the record would show them
        to this seat (records.md §7: shown cards are filled in at the end of a hand); so at every
        moment he holds five cards, those the seat has not seen must not be five low. Kept as a
        check on the whole hand, and the state placed again at once where the placing at hand
        ends the hand that way."""
        p = five_low_watch(state)
        if p < 0 or p == self.seat or state.hands[p].bit_count() != 5:
            return
        check = _Check(state, p, -1, self.held[p], self.left[p], self.gained[p], 0, False,
                       watch=True)
        last = self.cons.checks[-1] if self.cons.checks else None
        if last is not None and last.watch and last.p == p and (last.slots, last.left,
                                                                  last.gained) == \
                (check.slots, check.left, check.gained):
            return  # the same cards as at the moment before
        self.cons = self.cons.copy()
        self.cons.checks.append(check)
        if not self._holds(check, self._hand_at(check, self.place)):
            place = self._solve(self.cons)
            if place is None:
                raise IllegalActionError(f"seat {p} would hold five low cards that seat "
                                         f"{self.seat} has not seen: the hand would be over")
            self._replace(place)

    def _observe(self, state: State, before: list[int]) -> None:
        """Note who took which slot and which cards left which hand in the action just taken."""
        slot_of = self._slot_of()
        for p, (old, new) in enumerate(zip(before, state.hands, strict=True)):
            for c in _cards(new & ~old):
                s = slot_of[c]
                if not (self.taken >> s) & 1:
                    if p == self.seat and self.known[s] < 0:
                        raise IllegalActionError(
                            f"seat {p} took the card at {self.slots[s].words()}: a seat record "
                            f"shows the cards its seat draws")
                    self.taken |= 1 << s
                    self.held[p] |= 1 << s
                else:
                    self.gained[p] |= 1 << c
            for c in _cards(old & ~new):
                self.left[p] |= 1 << c
                self.gained[p] &= ~(1 << c)
        self.check(state)

    def check(self, state: State) -> None:
        """What a seat record must show: the seat's own hand as far as it has been dealt to it,
        and a card turned up for trumps. Raises IllegalActionError."""
        if state.turnup >= 0 and (state.turnup_up or self.match.game.rules.trump_choice):
            s = self._slot_of()[state.turnup]
            if self.known[s] < 0 and not (self._gone() >> state.turnup) & 1:
                raise IllegalActionError("the card turned up for trumps is seen by every seat: "
                                         "write it in the deal")
        own = self.first[self.seat] if _first_only(state) else self.held[self.seat]
        if own & self.unknown_slots:
            raise IllegalActionError(f"seat {self.seat} sees its own cards (all of them once "
                                     f"trumps are named): write them in the deal")

    def _gone(self) -> int:
        gone = 0
        for m in self.left:
            gone |= m
        return gone

    def _choose(self, state: State, actor: int, text: str) -> tuple[int, _Constraints]:
        """The action id another seat's ``text`` stands for, and the constraints it adds.

        Text names a card by its face. Where the card is not written (``play ??``: a face-down
        play, records.md §7) every card is a candidate, and where the pack holds two copies of
        each card (copies look alike, ``copy * 32 + suit * 8 + rank``) either copy is. A
        candidate legal in the placing at hand is taken first (nothing moves); else the first
        one that some placing makes legal, which is then pinned by the constraints, so that no
        later re-placing can take the card chosen out of the actor's hand."""
        words = text.strip().split()
        if len(words) >= 2 and words[-1] == UNKNOWN:
            prefix = " ".join(words[:-1])
            gone = self._gone()
            texts = [f"{prefix} {card_str(c)}"
                     for c in _cards(self.match.game.rules.pack & ~gone & 0xFFFFFFFF)]
        else:
            texts = [text]
        candidates: list[tuple[int, int]] = []  # (action, needed cards)
        for t in texts:
            try:
                action = parse_action(t)
            except ValueError as e:
                if len(texts) == 1:
                    raise IllegalActionError(str(e)) from None
                continue
            candidates += _copies(state, action)
        # Copies already proven to be the actor's come first: choosing the other copy would pin
        # both to him (a queen married, then "play QC": the married one, not its twin).
        slots = self._in_hand(actor, state)
        within = self.cons.within
        candidates.sort(key=lambda x: not all(c in within and not within[c] & ~slots
                                              for c in _cards(x[1])))
        legal = set(state.legal_actions())
        now = [x for x in candidates if x[0] in legal and not x[1] & ~state.hands[actor]]
        error: IllegalActionError | None = None
        for action, need in now + [x for x in candidates if x not in now]:
            try:
                cons = self._constrain(state, actor, action, text, need)
            except IllegalActionError as e:
                error = error or e
                continue
            if (action, need) in now or self._solve(cons) is not None:
                return action, cons
        if error is not None and len(candidates) == 1:
            raise error
        raise IllegalActionError(self._refusal(actor, text))

    # ------------------------------------------------------------------ hidden scores

    def _hidden_entries(self, state: State, action: int) -> list[tuple[int, int]]:
        """The combinations ``(seat, index)`` that the answer ``action`` would make score
        automatically in the placing at hand with a card the record does not write. Every
        combination scored is shown with the one named (rules/terts.md#combinations) and its cards written,
        so the game scored none such: a placing that does counts points the game did not."""
        if not state.rules.combinations:
            return []
        probe = state.copy()
        probe.step(action)
        named = combo_index(state.history[-1] if action == PASS else action)
        return [e for e in probe.scored[len(state.scored):]
                if e[1] != named and COMBOS[e[1]] & self.unseen]

    def _hidden_scores(self, state: State, action: int) -> int:
        """The seats (a mask) that ``action`` would make score something unseen."""
        seats = 0
        for q, _ in self._hidden_entries(state, action):
            seats |= 1 << q
        return seats

    def _keep_quiet(self, state: State, action: int, cons: _Constraints) -> _Constraints:
        """Before ``action``: the combinations another seat scores without naming them were
        shown, and a seat record writes their cards, so its replay scores none with a card it
        does not write where some placing allows. Where the placing at hand would, a placing
        that does not is looked for (and kept as a preference for later re-placings); where
        none exists (a record that does not write what was shown), the placing stays."""
        if not state.rules.combinations or state.phase != PH_ANSWER:
            # Game-specific (Terts): the answer to an announcement is where combinations score.
            return cons
        cons = cons.copy()
        for q in state.active:
            if q != self.seat:  # kept for later re-placings, whatever this placing does
                cons.quiet.append(_Check(state.copy(), q, action, self._in_hand(q, state),
                                         self.left[q], self.gained[q], 0, False, quiet=True))
        if self._hidden_scores(state, action):
            place = self._solve(cons)
            if place is not None and place != self.place:
                self._replace(place)
        return cons

    # ------------------------------------------------------------------ constraints

    def _in_hand(self, p: int, state: State) -> int:
        """The slots whose cards count as ``p``'s hand for an action now."""
        return self.first[p] if _first_only(state) else self.held[p]

    def _constrain(self, state: State, p: int, action: int, text: str,
                   need: int) -> _Constraints:
        """The constraints so far plus those ``p``'s ``action`` proves (a new object)."""
        slots = self._in_hand(p, state)
        gone = self._gone()
        # Cards certainly in p's hand: known cards of his slots not yet played, and those
        # everyone saw him take.
        sure = 0
        for s in _cards(slots & ~self.unknown_slots):
            sure |= 1 << self.known[s]
        sure = (sure & ~self.left[p]) | self.gained[p]
        cons = self.cons.copy()
        for c in _cards(need & ~sure):
            if (gone >> c) & 1 or not (self.unseen >> c) & 1:
                raise IllegalActionError(f"seat {p} cannot {text}: {card_str(c)} is not in "
                                         f"his hand")
            if action == EXCHANGE and self.match.game.rules.pack_size > 32:
                # A double pack: the engine gives whichever copy of the low trump he holds (the
                # first where both), so the exchange proves only that one of them not yet
                # played is his; which one left, each placing's replay tells.
                twin = 1 << (c ^ 32)
                cons.some.append(((1 << c) | (0 if gone & twin else twin), slots))
                continue
            cons.within[c] = cons.within.get(c, (1 << self.n_slots) - 1) & slots
        low = action & 31
        both = (1 << low) | (1 << (low | 32))
        if (self.robbers >> p) & 1 and is_play(action) and self.match.game.rules.pack_size > 32 \
                and state.trump >= 0 and low == state.trump * 8 + (state.rules.exchange_rank or 0) \
                and not sure & both:
            # He gave one copy of the low trump in his exchange and now plays the other: both
            # were his (the exchange alone proves only one), unless the one he gave came back
            # to him as the last card drawn (then it is among the cards he surely holds).
            for c in _cards(both):
                cons.within[c] = cons.within.get(c, (1 << self.n_slots) - 1) & slots
        base = sure | need
        probe = state.copy()
        trumping = _first_only(state)

        def legal(hand: int) -> bool:
            probe.hands[p] = hand
            if trumping:
                probe.first_packet[p] = hand
            return action in probe.legal_actions()

        free = self.unseen & ~gone & ~base
        if legal(base):
            # Where it stays legal whatever else he holds (a lead, a free follow, a draw),
            # nothing is proven; else each card that would oblige another play is excluded.
            forbidden = 0 if legal(base | free) else \
                sum(1 << d for d in _cards(free) if not legal(base | (1 << d)))
            if forbidden:
                for s in _cards(slots):
                    cons.forbid[s] |= forbidden
            if not legal(base | free):
                cons.checks.append(_Check(state.copy(), p, action, slots, self.left[p],
                                          self.gained[p], need, trumping))
        else:
            enough = sum(1 << d for d in _cards(free) if legal(base | (1 << d)))
            if not enough:
                raise IllegalActionError(self._refusal(p, text))
            cons.some.append((enough, slots))
        return cons

    def _refusal(self, p: int, text: str) -> str:
        return (f"seat {p} cannot {text} here: it contradicts what the earlier play showed seat "
                f"{self.seat} (no placing of the cards it has not seen makes every action legal)")

    # ------------------------------------------------------------------ solving

    def _solve(self, cons: _Constraints) -> list[int] | None:
        """A placing of the unseen cards that meets ``cons``, or None where there is none."""
        full = (1 << self.n_slots) - 1
        for s, c in enumerate(self.known):
            if c >= 0 and ((cons.forbid[s] >> c) & 1 or not (cons.within.get(c, full) >> s) & 1):
                return None
        some = [(cards & self.unseen, slots & self.unknown_slots) for cards, slots in cons.some
                if not self._some_met_by_known(cards, slots)]
        # The preferences for quiet answers, all of them where some placing allows, else the
        # earlier ones: an answer that scores an unseen combination early can make a later
        # announcement of it (or of a run it overlaps) illegal.
        for k in range(len(cons.quiet), 0, -1):
            found = self._search(cons, some, cons.checks + cons.quiet[:k], [_SEARCH])
            if found is not None:
                return found
        return self._search(cons, some, cons.checks, [_SEARCH])

    def _search(self, cons: _Constraints, some: list[tuple[int, int]], checks: list[_Check],
                budget: list[int]) -> list[int] | None:
        """A placing meeting ``cons`` and ``checks``: a matching, then, while a check fails, one
        of the unseen cards of that seat's hand then lies elsewhere (each tried in turn)."""
        budget[0] -= 1
        if budget[0] < 0:
            return None
        place = self._solve_some(cons, some, dict(cons.within))
        if place is None:
            return None
        for check in checks:
            hand = self._hand_at(check, place)
            if self._holds(check, hand):
                continue
            movable = hand & self.unseen & ~check.need & ~check.left
            if check.quiet:
                # An answer that scores an unseen combination: one of its cards must go (moving
                # the others only spends the search's budget, depth first, before them).
                movable &= self._hidden_cards(check, hand)
            for d in _cards(movable):
                tighter = cons.copy()
                for s in _cards(check.slots & self.unknown_slots):
                    tighter.forbid[s] |= 1 << d
                found = self._search(tighter, some, checks, budget)
                if found is not None:
                    return found
            return None
        return place

    def _hidden_cards(self, check: _Check, hand: int) -> int:
        """The cards of the combinations that seat ``check.p`` holding ``hand`` would score at
        the quiet check's answer with a card the record does not write."""
        probe = check.state.copy()
        probe.hands[check.p] = hand
        cards = 0
        for q, j in self._hidden_entries(probe, check.action):
            if q == check.p:
                cards |= COMBOS[j]
        return cards

    def _hand_at(self, check: _Check, place: list[int]) -> int:
        hand = check.gained
        for s in _cards(check.slots):
            hand |= 1 << place[s]
        return hand & ~check.left | check.gained

    def _holds(self, check: _Check, hand: int) -> bool:
        if check.watch:
            return not (holds_five_low(check.state, hand) and hand & self.unseen)
        if check.quiet:
            probe = check.state.copy()
            probe.hands[check.p] = hand
            return not (self._hidden_scores(probe, check.action) >> check.p) & 1
        return self._legal_with(check, hand)

    @staticmethod
    def _legal_with(check: _Check, hand: int) -> bool:
        probe = check.state
        saved = probe.hands[check.p], probe.first_packet[check.p]
        probe.hands[check.p] = hand
        if check.trumping:
            probe.first_packet[check.p] = hand
        try:
            return check.action in probe.legal_actions()
        finally:
            probe.hands[check.p], probe.first_packet[check.p] = saved

    def _some_met_by_known(self, cards: int, slots: int) -> bool:
        return any(self.known[s] >= 0 and (cards >> self.known[s]) & 1 for s in _cards(slots))

    def _solve_some(self, cons: _Constraints, some: list[tuple[int, int]],
                    within: dict[int, int]) -> list[int] | None:
        if not some:
            return self._match(cons, within)
        (cards, slots), rest = some[0], some[1:]
        for c in _cards(cards):
            w = dict(within)
            w[c] = w.get(c, (1 << self.n_slots) - 1) & slots
            if w[c]:
                found = self._solve_some(cons, rest, w)
                if found is not None:
                    return found
        return None

    def _match(self, cons: _Constraints, within: dict[int, int]) -> list[int] | None:
        """Augmenting paths (Kuhn), starting from the placing at hand where it still fits: every
        unknown slot gets an unseen card it may hold."""
        cand: dict[int, int] = {}
        for s in _cards(self.unknown_slots):
            m = self.unseen & ~cons.forbid[s]
            for c, w in within.items():
                if not (w >> s) & 1:
                    m &= ~(1 << c)
            cand[s] = m
        owner: dict[int, int] = {}  # card -> slot
        free = []
        for s, m in cand.items():
            c = self.place[s]
            if (m >> c) & 1:
                owner[c] = s
            else:
                free.append(s)
        seen = 0

        def augment(s: int) -> bool:
            nonlocal seen
            m = cand[s] & ~seen
            while m:
                low = m & -m
                m ^= low
                seen |= low
                c = low.bit_length() - 1
                if c not in owner or augment(owner[c]):
                    owner[c] = s
                    return True
            return False

        for s in free:
            seen = 0
            if not augment(s):
                return None
        place = list(self.known)
        for c, s in owner.items():
            place[s] = c
        return place

    def _replace(self, place: list[int]) -> None:
        """Put the hand's state on ``place``: deal it and take the hand's actions again."""
        match = self.match
        old = match.hand
        assert old is not None
        deal = self.deal(place)
        active = match.deals[-1][1]
        new = match.game.new_hand(match.dealer, deal, active, match.bonus, tuple(match.score))
        # Which cards left or joined a hand is read again: in a double pack the engine may move
        # the other copy (the low trump a robber gives) in the new placing.
        slot_of = {c: s for s, c in enumerate(place)}
        taken = sum(1 << s for s, slot in enumerate(self.slots) if slot.where == "hand")
        left = [0] * match.n
        gained = [0] * match.n
        double = match.game.rules.pack_size > 32
        for a in old.history:
            if double and names_card(a) and a not in new.legal_actions():
                # The engine chose the other copy before (the low trump a robber gave, of two
                # he held): the copies are alike, so the one he holds now serves.
                a ^= 32
            before = new.hands[:]
            new.apply(a)  # legal by construction; the engine checks it all the same
            for p, (was, now) in enumerate(zip(before, new.hands, strict=True)):
                for c in _cards(now & ~was):
                    if (taken >> slot_of[c]) & 1:
                        gained[p] |= 1 << c
                    else:
                        taken |= 1 << slot_of[c]
                for c in _cards(was & ~now):
                    left[p] |= 1 << c
                    gained[p] &= ~(1 << c)
        self.left, self.gained = left, gained
        for name in State.__slots__:
            setattr(old, name, getattr(new, name))
        match.deals[-1] = (deal, active)
        self.place = place


def _first_only(state: State) -> bool:
    """Trumps are still to be named from a first packet: each seat holds only that packet so far
    (its later cards are dealt, but neither seen nor playable)."""
    return state.rules.trump_choice and state.phase in (PH_TRUMP, PH_DEAL_CHOICE)


def _needed(state: State, action: int) -> int:
    """The cards ``action`` shows to be in the actor's hand: the card played or led, both cards of
    a marriage, the low trump given in an exchange, the cards of an announced combination.
    (What it does not name, such as a suit one must hold to name it trumps, the probes of
    ``_constrain`` find. In a double pack the copy is not told apart here.)"""
    if is_play(action):
        return 1 << action
    if is_marriage(action):
        c = named_card(action)
        return (1 << c) | (1 << (c ^ 1))
    if is_declaration(action):
        q = named_card(action)
        return (1 << q) | (1 << (q ^ 1))
    rank = state.rules.exchange_rank
    if action == EXCHANGE and rank is not None and state.trump >= 0:
        return 1 << (state.trump * 8 + rank)
    if is_opening(action):
        return 1 << named_card(action)
    if is_double_marriage(action):
        c = named_card(action)
        return sum(1 << x for x in (c, c ^ 1, c | 32, (c ^ 1) | 32))
    if is_combination(action):
        return COMBOS[combo_index(action)]
    if action == BELLA and state.trump >= 0:
        # Game-specific (Terts' bella, engine/phases/announce.py ``may_bella``): the trump king
        # and queen, but for the one he played himself before.
        k = state.trump * 8 + KING
        return ((1 << k) | (1 << (k + 1))) & ~played_by(state, state.to_act)
    return 0


def _copies(state: State, action: int) -> list[tuple[int, int]]:
    """``action`` with the cards it needs, once per choice of copies in a double pack (a card
    and its copy read the same; a marriage may join a king and a queen of different copies).
    In a single pack, the action itself."""
    need = _needed(state, action)
    if state.rules.pack_size <= 32:
        return [(action, need)]
    named = action & 63 if names_card(action) else -1
    out = [(action & ~32 if named >= 0 else action, 0)]
    for c in _cards(need & 0xFFFFFFFF):
        if (need >> (c | 32)) & 1:  # both copies needed (a double marriage)
            out = [(a, n | (1 << c) | (1 << (c | 32))) for a, n in out]
            continue
        nxt = []
        for a, n in out:
            for k in (c, c | 32):
                # The copy of the card the action names is the one in the action id.
                nxt.append((a | (k & 32) if c == named else a, n | (1 << k)))
        out = nxt
    return out


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

