"""A fuzzer that checks that the rules hold: random matches with random options, invariants after
every action.

Each match of a game draws its rule options at random from the game's ``Options`` (Literal
choices, bools, whole numbers in sensible ranges), deals by seed or by explicit deal, and plays
random legal actions through the public API (``Match.apply``, by id or by text in any accepted
spelling). Before and after every action it checks:

* **cards**: every card of the pack in exactly one place (hands, face-down stock, the turn-up on
  the table, the trick on the table, the won piles);
* **points**: each side's points are the card points it won plus its credited melds, plus the
  last-trick bonus where earned; a side has tricks exactly when it has won cards; declared
  marriages are worth 20 (40 in trumps) and count once credited;
* **legal**: the legal actions are non-empty until the hand ends, and every one is accepted (on a
  copy), by id and by its canonical text; a hand that a legal action ends scores within the table;
* **illegal**: sampled actions that are not legal (ids and texts, junk included) are refused with
  ``IllegalActionError`` and leave the match exactly as it was (a full snapshot, compared);
* **replay**: ``sixtysix.replay`` of the record reproduces the hands (points, tricks, game points,
  end), the match score, who acts next and the legal actions;
* **views**: a seat's view holds only what the seat may know: moving the cards it cannot see
  among the places it cannot see them (other hands, the face-down stock) leaves its view equal,
  a determinization of its view gives the same view back, and every card it claims to have seen
  was its own, played, named in an action or lay face up;
* **game points**: each hand's game points within the game's table (its ``fuzz_spec``), and the
  match score the sum of the hands' game points.

A violation stops the match; it is reported with a record that reproduces it (the record up to the
faulty moment, reduced to the one hand where that still reproduces it).

What a new game needs: its ``fuzz_spec`` (``engine.invariants.GameSpec``: its game-point table,
ranges for its whole-number options, the card points of its pack). The checks read the generic
engine API only: ``Match`` (``apply``, ``record``, ``results``, ``score``),
``State.legal_actions/parse/apply/copy/view``, ``View.seen/unseen/determinize`` and the state's
card places and counts (``hands``, ``stock`` and
``spos``, ``turnup`` and ``turnup_up``, ``trick``, ``won``, ``points``, ``melds``, ``pending``,
``tricks``, ``marriages``, ``last_trick``, ``closed_by``, ``claimant``, ``values``; while trumps
are named, ``first_packet`` and ``turn_card``).

>>> found, hands, actions = fuzz_match("sixty-six", "doc/1")
>>> found is None, hands > 0, actions > hands
(True, True, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import operator
import random
import re
import time
import traceback
import typing
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

from ..cards import SUIT_SYMBOLS, card_str, cards_of, parse_card
from ..engine.actions import COMBOS, N_ACTIONS, action_str, parse_action
from ..engine.invariants import GameSpec
from ..engine.match import Match
from ..engine.options import OptionValue, OptionValues
from ..engine.shapes import HandEntry, MatchRecord
from ..engine.state import HandResult, State
from ..errors import IllegalActionError, OptionError, RecordError
from ..games import GAMES, make_game
from ..games.base import Game, option_hints, options_to_dict

__all__ = ["Violation", "Found", "GameSpec", "spec_for", "random_options", "fuzz_match",
           "check_record", "minimize", "run_fuzz", "GameTally", "FuzzSummary", "write_found",
           "FoundJSON", "TallyJSON", "FuzzJSON"]

MAX_HANDS = 300
"""A match still running after this many hands is stopped (only drawn hands could do that)."""

MAX_ACTIONS = 2000
"""A hand that has not ended after this many actions is a violation: every hand must end."""

ENDING_VERBS = frozenset({"declare", "close", "reverse"})
"""Verbs that end or freeze a hand at once; the 'quiet' players choose them rarely, so that many
hands are played out to the last trick."""


class Violation(Exception):
    """A rule that did not hold. ``check`` names the invariant, the message says what was wrong."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message


@dataclass
class Found:
    """A violation with where it happened and a record that reproduces it."""

    game: str
    check: str
    message: str
    seed: str
    """The match seed: ``fuzz_match(game, seed)`` plays the same match again."""
    hand: int
    action: int
    """Zero-based hand, and the number of actions of that hand taken when the check failed."""
    record: MatchRecord
    reduced: bool = False
    """Whether ``record`` was reduced to the one faulty hand (it still reproduces the fault)."""

    def to_json(self) -> FoundJSON:
        return {"game": self.game, "check": self.check, "message": self.message, "seed": self.seed,
                "hand": self.hand, "action": self.action, "record": self.record,
                "reduced": self.reduced}


class FoundJSON(TypedDict):
    """A ``Found`` as JSON (``sixtysix fuzz --json``): its fields, in order."""

    game: str
    check: str
    message: str
    seed: str
    hand: int
    action: int
    record: MatchRecord
    reduced: bool


# ---------------------------------------------------------------------- per-game tables


def spec_for(game_id: str) -> GameSpec:
    """The game's table (``Game.fuzz_spec``), or a generic one (no game-point bounds) for an id
    that names no game."""
    cls = GAMES.get(game_id)
    return cls.fuzz_spec if cls is not None else GameSpec()


# ---------------------------------------------------------------------- random options


def random_options(game_cls: type[Game], rng: random.Random,
                   spec: GameSpec | None = None) -> OptionValues:
    """Options for ``game_cls`` drawn at random from its ``Options``: each Literal choice, bool and
    whole number (in the spec's range) equally likely; an option that may be None is None a
    quarter of the time. Draws again (up to 50 times) when the game refuses the combination.

    >>> from sixtysix.games import GAMES
    >>> opts = random_options(GAMES["schnapsen"], random.Random(3))
    >>> set(opts) <= {f.name for f in dataclasses.fields(GAMES["schnapsen"].Options)}
    True
    """
    spec = spec or spec_for(game_cls.id)
    hints = option_hints(game_cls.Options)
    for _ in range(50):
        out: OptionValues = {}
        for f in dataclasses.fields(game_cls.Options):
            drawn = _draw(hints[f.name], spec.int_ranges.get(f.name, (1, 10)), rng)
            if drawn is not _KEEP:
                out[f.name] = drawn
        try:
            game_cls(game_cls.Options(**out))
        except (OptionError, ValueError, TypeError):
            continue
        return out
    return {}


class _Keep(Enum):
    KEEP = 0


_KEEP = _Keep.KEEP
"""What ``_draw`` gives for an option it draws no value of (text): the default stays."""


def _draw(hint: object, ints: tuple[int, int], rng: random.Random) -> OptionValue | _Keep:
    origin = typing.get_origin(hint)
    if origin is Literal:
        choices: tuple[OptionValue, ...] = typing.get_args(hint)
        return rng.choice(choices)
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.randint(*ints)
    args = typing.get_args(hint)
    if type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if rng.random() < 0.25 or len(rest) != 1:
            return None
        return _draw(rest[0], ints, rng)
    return _KEEP


# ---------------------------------------------------------------------- snapshots


def _freeze(x: Any) -> Any:
    if isinstance(x, list | tuple):
        return tuple(_freeze(i) for i in x)
    if isinstance(x, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in x.items()))
    if isinstance(x, set | frozenset):
        return frozenset(_freeze(i) for i in x)
    return x


_FIELDS: dict[type[Any], tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def _state_fields(s: State) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The state's field names (every slot but the game and its rules) and a getter of them all."""
    known = _FIELDS.get(type(s))
    if known is None:
        names: list[str] = []
        for cls in type(s).__mro__:
            names += [n for n in getattr(cls, "__slots__", ())
                      if n not in ("game", "_rules", "play_rules")]
        known = _FIELDS[type(s)] = (tuple(names), operator.attrgetter(*names))
    if hasattr(s, "__dict__"):  # a state class without slots: its fields, whatever they are
        names = sorted(vars(s))
        return tuple(names), operator.attrgetter(*names)
    return known


def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything about a match and its hand in progress, frozen for comparison (earlier hands'
    records are not copied: only the current hand's can change)."""
    s = match.hand
    state: tuple[Any, ...] = ()
    if s is not None:
        # The fields of a copy: ``State.copy`` copies every list (test_state checks it), and no
        # field holds a list inside a list, so nothing here changes when the match goes on.
        names, get = _state_fields(s)
        state = tuple(zip(names, get(s.copy()), strict=True))
    recs = match.hand_records
    last = (recs[-1].get("dealer"), recs[-1].get("seed"), tuple(recs[-1]["actions"])) \
        if recs else None
    return (state, tuple(match.score), match.dealer, match.bonus, match.complete,
            _freeze(match.winner), len(match.results), repr(match.extra), (len(recs), last),
            len(match.deals))


def _diff(a: tuple[Any, ...], b: tuple[Any, ...]) -> str:
    """The first fields that differ between two snapshots, for the report."""
    out = []
    for (na, va), (_, vb) in zip(a[0], b[0], strict=False):
        if va != vb:
            out.append(f"state.{na}: {va!r} -> {vb!r}")
    names = ("score", "dealer", "bonus", "complete", "winner", "results", "extra", "record", "deals")
    for name, x, y in zip(names, a[1:], b[1:], strict=True):
        if x != y:
            out.append(f"match.{name}: {x!r} -> {y!r}")
    return "; ".join(out[:4])


# ---------------------------------------------------------------------- texts

_CARD_TOKEN = re.compile(r"^[AKQJT987][CDHS]$")
_JUNK = ("", "   ", "play", "play ZZ", "play AS AS", "fly AS", "marry 9H", "marry", "declare AS KS",
         "trump", "trump X", "trump H S", "draw now", "exchange AS", "close 1", "play 1S",
         "play A", "bid", "bid -1", "open", "announce", "show", "pass pass", "♠", "play \x00",
         "PLAY 11H", "kontra AS", "defer 2", "turn S")


def _spelling(text: str, rng: random.Random) -> str:
    """Another accepted spelling of an action text: any case, '10' for T, suit symbols, spaces."""
    words = text.split(" ")
    out = []
    for i, w in enumerate(words):
        if i and _CARD_TOKEN.match(w):
            rank, suit = w[0], w[1]
            if rank == "T" and rng.random() < 0.5:
                rank = "10"
            if rng.random() < 0.3:
                suit = SUIT_SYMBOLS["CDHS".index(suit)]
            w = rank + suit
        r = rng.random()
        out.append(w.lower() if r < 0.4 else w.upper() if r < 0.6 else w)
    pad = " " if rng.random() < 0.2 else ""
    return pad + " ".join(out) + pad


def _named_cards(text: str, double: bool) -> int:
    """The cards an action text names or shows (a marriage shows its king and queen too)."""
    words = text.split()
    mask = 0
    for w in words[1:]:
        try:
            c = parse_card(w)
        except ValueError:
            continue
        names = [c]
        if words[0] in ("marry", "declare"):
            names.append(c ^ 1)  # K <-> Q
        for n in names:
            mask |= 1 << n
            if double:
                mask |= 1 << (n | 32)
    return mask


# ---------------------------------------------------------------------- the checks


class Checker:
    """The invariant checks on one match, called around every action as it is played.

    ``exhaustive``: probe every action id that is not legal (instead of a sample) and check the
    views of every seat (instead of one at random), as ``check_record`` does.
    """

    def __init__(self, match: Match, rng: random.Random, *, exhaustive: bool = False,
                 probes: int = 4, replay: float = 0.4) -> None:
        self.match = match
        self.game = match.game
        self.spec = spec_for(match.game.id)
        self.rng = rng
        self.exhaustive = exhaustive
        self.probes = probes
        self.replay = 1.0 if exhaustive else replay
        self.double = self.game.rules.pack_size > 32
        self.pack = self.game.rules.pack
        self.legit: list[int] = []
        self.replay_at = -1
        self.actions = 0
        self.named = 0
        self.pack_checked: set[int] = set()

    # -- per hand

    def new_hand(self) -> None:
        s = self._state()
        self.legit = [0] * s.n
        self.named = 0
        self.actions = 0
        # Replaying the whole match costs as much as the match: a share (``replay``) of the hands
        # replay it at a random action in their middle, as many at their end, and every match at
        # its end.
        self.replay_at = self.rng.randrange(40) if self.rng.random() < self._replay_share() else -1
        self.after_action(None)

    def _replay_share(self) -> float:
        """The share of hands that replay the match: ``replay``, less in long matches (a replay
        costs every hand so far), so that replaying stays a bounded part of the work."""
        return self.replay * min(1.0, 10 / max(1, len(self.match.hand_records)))

    def _state(self) -> State:
        s = self.match.hand
        assert s is not None
        return s

    # -- before an action: legal, illegal, views

    def before_action(self) -> list[int]:
        s = self._state()
        legal = s.legal_actions()
        if not legal:
            raise Violation("legal", f"no legal action while the hand runs (seat {s.to_act})")
        if len(set(legal)) != len(legal):
            raise Violation("legal", f"an action is listed twice: {[action_str(a) for a in legal]}")
        if s.to_act not in s.active:
            raise Violation("legal", f"seat {s.to_act} acts but does not play this hand")
        for a in legal:
            self._accepts(s, a)
        self._refuses(legal)
        self._views(s, legal)
        if self.actions == self.replay_at:
            self._replay()
        return legal

    def _accepts(self, s: State, a: int) -> None:
        text = action_str(a)
        try:
            b = s.parse(text)
        except IllegalActionError as e:
            raise Violation("legal", f"the legal action '{text}' is refused as text: {e}") from None
        if action_str(b) != text:
            raise Violation("legal", f"'{text}' parses as '{action_str(b)}'")
        s2 = s.copy()
        try:
            s2.apply(a)
        except IllegalActionError as e:
            raise Violation("legal", f"the legal action '{text}' is refused: {e}") from None
        if s2.over:
            # The lean scoring that search reads at every leaf agrees with the full result.
            lean = list(self.game.hand_game_points(s2, None if s2.claimant < 0 else s2.claimant))
            res = s2.result
            assert res is not None
            if lean != list(res.game_points):
                raise Violation("game points", f"after '{text}' the hand scores {lean} for search "
                                               f"but {list(res.game_points)} in its result")
            self._bounds(s2, res, f"after '{text}'")
            self._points(s2)

    def _refuses(self, legal: list[int]) -> None:
        """Actions that are not legal (sampled ids, other spellings, junk text; every id when
        exhaustive) are refused with IllegalActionError and change nothing."""
        legal_set = set(legal)
        legal_texts = {action_str(a) for a in legal}
        if self.exhaustive:
            ids: list[int] = [a for a in range(N_ACTIONS) if a not in legal_set]
            texts = list(_JUNK)
        else:
            ids = [a for a in (self.rng.randrange(N_ACTIONS) for _ in range(self.probes))
                   if a not in legal_set]
            texts = [self.rng.choice(_JUNK)]
            if self.rng.random() < 0.1:
                ids.append(self.rng.choice((-1, N_ACTIONS, 1 << 40)))
        probes: list[int | str] = list(ids)
        for a in ids[:2]:
            if 0 <= a < N_ACTIONS:  # another spelling of an id's text (ids are all valid here)
                with contextlib.suppress(ValueError):
                    probes.append(_spelling(action_str(a), self.rng))
        probes += texts
        before = snapshot(self.match)
        for probe in probes:
            if isinstance(probe, str):
                try:
                    parsed: str | None = action_str(parse_action(probe))  # copies read alike
                except ValueError:
                    parsed = None
                if parsed in legal_texts:
                    continue  # a legal action in another spelling
            try:
                self.match.apply(probe)
            except IllegalActionError:
                pass
            except Exception as e:  # noqa: BLE001 - any other exception is the finding
                raise Violation("illegal", f"{probe!r} raises {type(e).__name__}: {e} "
                                           f"instead of IllegalActionError") from None
            else:
                raise Violation("illegal", f"{probe!r} is accepted but is not a legal action")
            if self.exhaustive:
                after = snapshot(self.match)
                if after != before:
                    raise Violation("illegal", f"refusing {probe!r} changed the match: "
                                               f"{_diff(before, after)}")
        # Sampled probes are compared once, after all of them (a snapshot is the dear part);
        # check_record compares after each probe and names the culprit.
        after = snapshot(self.match)
        if after != before:
            raise Violation("illegal", f"refusing one of {probes!r} changed the match: "
                                       f"{_diff(before, after)}")

    def _views(self, s: State, legal: list[int]) -> None:
        """The seat to act and one other seat at random (every seat when exhaustive) must see
        their legal actions and nothing they may not know."""
        public = self._public(s)
        up = (1 << s.turnup) if s.turnup >= 0 and (s.turnup_up or not s.rules.stock) else 0
        for seat in range(s.n):
            # What a seat may know: what was named or lay face up, and (below) every card it
            # held: a card leaves a hand only to the table or face up, where all may see it.
            self.legit[seat] |= self.named | up
        if self.exhaustive:
            seats = list(range(s.n))
        else:
            seats = [s.to_act]
            other = self.rng.randrange(s.n)
            if other != s.to_act:
                seats.append(other)
        for seat in seats:
            v = s.view(seat)
            want = tuple(legal) if seat == s.to_act else ()
            if v.legal != want:
                raise Violation("views", f"seat {seat}'s view lists {v.legal}, not {want}")
            if v.hand & ~s.hands[seat]:
                wrong = " ".join(card_str(c) for c in cards_of(v.hand & ~s.hands[seat]))
                raise Violation("views", f"seat {seat}'s view shows cards it does not hold: {wrong}")
            self.legit[seat] |= v.hand
            extra = v.seen & ~self.legit[seat] & ~public
            if extra and not self.spec.unnamed_reveals(s.game):
                raise Violation("views", f"seat {seat} is shown cards it never saw: "
                                         f"{' '.join(card_str(c) for c in cards_of(extra))}")
            if seat == seats[-1]:
                self._hidden_moves(s, seat, v)
                world = v.determinize(self.rng)
                if world.view(seat) != v:
                    raise Violation("views", f"a determinization of seat {seat}'s view gives "
                                             f"another view")

    def _public(self, s: State) -> int:
        m = 0
        for w in s.won:
            m |= w
        for c in s.trick:
            m |= 1 << c
        if s.turnup >= 0 and s.turnup_up:
            m |= 1 << s.turnup
        return m

    def _hidden_moves(self, s: State, seat: int, v: Any) -> None:
        """Deal the cards ``seat`` cannot see differently among the places it cannot see (other
        hands, first packets kept apart while trumps are named, the face-down stock, cards played
        face down to the trick or won face down): its view must not change."""
        hidden = v.unseen()
        if not hidden:
            return
        s2 = s.copy()
        trumping = v.hand != s.hands[seat]  # only the first packet is seen so far
        slots: list[tuple[str, int]] = []   # ('fp'|'rest', seat), ('stock'|'trick', index), ('won', side)
        cards: list[int] = []
        fps = getattr(s, "first_packet", [0] * s.n)
        turn = getattr(s, "turn_card", -1)
        for p in range(s.n):
            held = s.hands[p] & hidden
            fp = fps[p] if trumping else 0
            # The card forehand would turn up goes first among his later cards: it keeps its role.
            rest = sorted(cards_of(held & ~fp), key=lambda c: c != turn)
            for c in cards_of(held & fp):
                slots.append(("fp", p))
                cards.append(c)
            for c in rest:
                slots.append(("rest", p))
                cards.append(c)
        stock = list(s.stock)
        for i in range(s.spos, len(stock)):
            if (hidden >> stock[i]) & 1:
                slots.append(("stock", i))
                cards.append(stock[i])
        trick = list(s.trick)
        for i, c in enumerate(trick):
            if (hidden >> c) & 1:
                slots.append(("trick", i))
                cards.append(c)
        won = list(s.won)
        for side, pile in enumerate(won):
            for c in cards_of(pile & hidden):
                slots.append(("won", side))
                cards.append(c)
            won[side] = pile & ~hidden
        if sorted(cards) != sorted(cards_of(hidden)):
            raise Violation("views", f"seat {seat} does not see cards that are in no hidden place: "
                            f"{' '.join(card_str(c) for c in cards_of(hidden & ~_mask(cards)))}")
        shuffled = cards[:]
        self.rng.shuffle(shuffled)
        hands = [h & ~hidden for h in s.hands]
        new_fp = [f & ~hidden for f in fps]
        turn_new = turn
        seen_rest: set[int] = set()
        for (kind, where), c in zip(slots, shuffled, strict=True):
            if kind in ("stock", "trick"):
                (stock if kind == "stock" else trick)[where] = c
                continue
            if kind == "won":
                won[where] |= 1 << c
                continue
            hands[where] |= 1 << c
            if kind == "fp":
                new_fp[where] |= 1 << c
            elif where not in seen_rest:
                seen_rest.add(where)
                if turn >= 0 and (s.hands[where] >> turn) & 1 and (hidden >> turn) & 1:
                    turn_new = c
        s2.hands = hands
        s2.stock = tuple(stock)
        s2.trick = trick
        s2.won = won
        if trumping:
            s2.first_packet = new_fp
            s2.turn_card = turn_new
        if s2.view(seat) != v:
            raise Violation("views", f"seat {seat}'s view changes when cards it cannot see are "
                                     f"dealt differently")

    # -- after an action: cards, points, knowledge

    def after_action(self, text: str | None) -> None:
        s = self._state()
        self._cards(s)
        self._points(s)
        self._learn(s, text)
        if text is not None:
            self.actions += 1

    def _learn(self, s: State, text: str | None) -> None:
        """Remember the cards an action named: every seat may know them from now on (the views
        are checked against this before the next action)."""
        if text:
            self.named |= _named_cards(text, self.double)
        for _, j in s.scored:  # Terts: a combination scored is shown (rules/terts.md#combinations), if
                               # unnamed
            self.named |= COMBOS[j]

    def _cards(self, s: State) -> None:
        parts = [("hand", h) for h in s.hands]
        parts += [("stock", 1 << c) for c in s.stock[s.spos:]]
        if s.turnup_up and s.turnup >= 0 and s.rules.stock:
            parts.append(("turn-up", 1 << s.turnup))
        parts += [("trick", 1 << c) for c in s.trick]
        parts += [("won", w) for w in s.won]
        total = 0
        for where, m in parts:
            if total & m:
                raise Violation("cards", f"{card_str((total & m).bit_length() - 1)} is in two "
                                         f"places (again in {where})")
            total |= m
        if total != self.pack:
            lost = self.pack & ~total
            extra = total & ~self.pack
            raise Violation("cards", "cards missing: " + " ".join(map(card_str, cards_of(lost)))
                            + (" and not of the pack: " + " ".join(map(card_str, cards_of(extra)))
                               if extra else ""))

    def _points(self, s: State) -> None:
        r = s.rules
        values = s.values
        if s.trump >= 0 and s.trump not in self.pack_checked:
            want = self.spec.pack_points(self.game)
            got = sum(values[c] for c in cards_of(self.pack))
            if want is not None and got != want:
                raise Violation("points", f"the pack holds {got} card points, not {want}")
            self.pack_checked.add(s.trump)
        played_out = s.over and not any(s.hands) and not s.trick and s.closed_by < 0 and \
            (not r.stock or s.spos == len(s.stock))
        last = {c for _, c in s.last_trick}
        bonus_sides = []
        for side in range(r.n_sides):
            won = s.won[side]
            cards = sum(values[c] for c in cards_of(won))
            rest = s.points[side] - cards - s.melds[side]
            if (s.tricks[side] > 0) != (won != 0):
                raise Violation("points", f"side {side} has {s.tricks[side]} tricks and won "
                                          f"{won.bit_count()} cards")
            if s.melds[side] < 0 or s.pending[side] < 0:
                raise Violation("points", f"side {side} has negative melds")
            if rest == 0:
                continue
            if played_out and rest == r.last_trick_bonus and last and \
                    all((won >> c) & 1 for c in last):
                bonus_sides.append(side)
                continue
            raise Violation("points", f"side {side} has {s.points[side]} points but won {cards} "
                                      f"in cards and {s.melds[side]} in melds")
        if len(bonus_sides) > 1:
            raise Violation("points", "the last-trick bonus went to two sides")
        if played_out and r.last_trick_bonus and not bonus_sides and s.last_trick and \
                s.claimant < 0:
            raise Violation("points", "the hand was played out but nobody got the last-trick bonus")
        if self.spec.marriage_melds:
            self._marriages(s)

    def _marriages(self, s: State) -> None:
        r = s.rules
        declared = [0] * r.n_sides
        for seat, suit, value in s.marriages:
            if value != (40 if suit == s.trump else 20):
                raise Violation("points", f"a marriage in {'CDHS'[suit]} is worth {value}")
            declared[r.sides[seat]] += value
        for side in range(r.n_sides):
            got = s.melds[side] + s.pending[side]
            if got > declared[side]:
                raise Violation("points", f"side {side} has {got} in melds but declared "
                                          f"{declared[side]}")
            credits_later = r.marriage_credit != "same_trick_only"
            if s.tricks[side] and credits_later and s.melds[side] != declared[side] and \
                    not (s.over and s.pending[side] == 0 and s.claimant >= 0):
                raise Violation("points", f"side {side} has a trick but {s.melds[side]} of the "
                                          f"{declared[side]} it declared are credited")

    # -- at the end of a hand: the table, the match, the replay

    def after_hand(self) -> None:
        m = self.match
        s = self._state()
        if s.legal_actions():
            raise Violation("legal", "legal actions remain after the hand ended")
        res = m.results[-1]
        self._bounds(s, res, "")
        sign = self.spec.score_sign(self.game)
        start = self.game.initial_score()
        want = [start[p] + sign * sum(r.game_points[p] for r in m.results) for p in range(m.n)]
        if list(m.score) != want:
            raise Violation("game points", f"the match score is {m.score}, the hands add up to "
                                           f"{want}")
        if m.complete and not m.winner:
            raise Violation("game points", "the match is over without a winner")
        if m.complete or self.rng.random() < self._replay_share():
            self._replay()

    def _bounds(self, s: State, res: HandResult, when: str) -> None:
        problem = self.spec.game_points(self.game, s, res)
        if problem:
            raise Violation("game points", problem + (f" ({when})" if when else "")
                            + f"; the hand ended: {res.end}, {res.detail}")

    def _replay(self) -> None:
        from ..records import hand_summary, legal_strings, replay
        m = self.match
        record = json.loads(json.dumps(m.record()))
        try:
            out = replay(record, legal=True)
        except RecordError as e:
            raise Violation("replay", f"the record does not replay: {e}") from None
        want = [hand_summary(m, i) for i in range(len(m.hand_records))]
        if out["hands"] != want:
            i = next(i for i, (a, b) in enumerate(zip(out["hands"], want, strict=False)) if a != b) \
                if len(out["hands"]) == len(want) else -1
            raise Violation("replay", f"hand {i} replays as {out['hands'][i]}, "
                                      f"played {want[i]}")
        winner = list(m.winner) if m.winner is not None else None
        if out["match"] != {"score": list(m.score), "complete": m.complete, "winner": winner}:
            raise Violation("replay", f"the match replays as {out['match']}, played "
                                      f"score {m.score}, complete {m.complete}, winner {winner}")
        if not m.complete:
            nxt = None
            if m.in_hand and m.hand is not None:
                nxt = {"to_act": m.hand.to_act, "legal": legal_strings(m.hand)}
            if out.get("next") != nxt:
                raise Violation("replay", f"next replays as {out.get('next')}, played {nxt}")


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# ---------------------------------------------------------------------- playing


def _policy(rng: random.Random) -> Callable[[list[int], list[str]], int]:
    """A random player: uniform over the legal actions, or 'quiet' (ending the hand rarely). In an
    auction both often pass or bid low, so that played contracts come up as well as high ones."""
    quiet = rng.random() < 0.7

    def choose(legal: list[int], texts: list[str]) -> int:
        verbs = [t.split()[0] for t in texts]
        if "bid" in verbs and rng.random() < 0.8:
            if "pass" in verbs and rng.random() < 0.5:
                return legal[verbs.index("pass")]
            return rng.choice([a for a, v in zip(legal, verbs, strict=True) if v == "bid"][:2])
        if quiet:
            calm = [a for a, v in zip(legal, verbs, strict=True) if v not in ENDING_VERBS]
            if calm and rng.random() < 0.93:
                return rng.choice(calm)
        return rng.choice(legal)
    return choose


def fuzz_match(game_id: str, seed: str | int, *, max_hands: int = MAX_HANDS,
               options: OptionValues | None = None,
               seen: dict[str, int] | None = None) -> tuple[Found | None, int, int]:
    """Play one random match of ``game_id`` from ``seed`` with every check:
    (the violation found or None, hands played, actions taken). ``seen`` counts, if given, the
    verbs played and the ways hands ended (``"play"``, ``"end:claim"``…): what the run reached."""
    rng = random.Random(f"{game_id}/{seed}")
    cls = GAMES[game_id]
    if options is None:
        options = random_options(cls, rng)
    game = make_game(game_id, options)
    match = Match(game, dealer=rng.randrange(game.n_seats))
    checker = Checker(match, rng)
    choose = _policy(rng)
    hands = actions = 0
    try:
        while not match.complete and hands < max_hands:
            if rng.random() < 0.8:
                match.deal_hand(seed=rng.getrandbits(52))
            else:
                deal = game.shuffled_deal(rng.getrandbits(52), match.dealer, match.active_seats())
                match.deal_hand(deal=deal)
            hands += 1
            checker.new_hand()
            taken = 0
            while match.in_hand:
                if taken >= MAX_ACTIONS:
                    raise Violation("legal", f"the hand has not ended after {taken} actions")
                legal = checker.before_action()
                texts = [action_str(a) for a in legal]
                a = choose(legal, texts)
                text = action_str(a)
                try:
                    match.apply(a if rng.random() < 0.5 else _spelling(text, rng))
                except IllegalActionError as e:
                    raise Violation("legal", f"the legal action '{text}' is refused: {e}") from None
                actions += 1
                taken += 1
                checker.after_action(text)
                if seen is not None:
                    verb = text.split()[0]
                    seen[verb] = seen.get(verb, 0) + 1
            checker.after_hand()
            if seen is not None:
                end = "end:" + match.results[-1].end
                seen[end] = seen.get(end, 0) + 1
    except Violation as v:
        return _found(match, game_id, str(seed), v.check, v.message), hands, actions
    except Exception as e:  # noqa: BLE001 - a crash is a finding, reported with its record
        tb = traceback.format_exc(limit=-3)
        return _found(match, game_id, str(seed), "crash", f"{type(e).__name__}: {e}\n{tb}"), \
            hands, actions
    return None, hands, actions


def _found(match: Match, game_id: str, seed: str, check: str, message: str) -> Found:
    record = json.loads(json.dumps(match.record(), default=str))
    hand = max(len(match.hand_records) - 1, 0)
    done = len(record["hands"][hand]["actions"]) if record["hands"] else 0
    return Found(game=game_id, check=check, message=message, seed=seed, hand=hand, action=done,
                 record=record)


def check_record(record: Mapping[str, object], seed: int = 0) -> Violation | None:
    """Replay ``record`` action by action with every check, the illegal probes exhaustive: the
    first violation, or None. A record that does not replay is a RecordError."""
    from ..records import match_from_record
    full = match_from_record(record)
    if full.seat_record is not None:
        raise RecordError("the fuzzer checks full records, not seat records")
    first = full.hand_records[0]["dealer"] if full.hand_records else 0
    match = Match(full.game, dealer=first, players=full.players)
    checker = Checker(match, random.Random(seed), exhaustive=True)
    try:
        for h, (deal, _active) in enumerate(full.deals):
            entry = full.hand_records[h]
            if "seed" in entry:
                match.deal_hand(seed=entry["seed"])
            else:
                match.deal_hand(deal=deal)
            checker.new_hand()
            for text in entry["actions"]:
                checker.before_action()
                match.apply(text)
                checker.after_action(text)
            if not match.in_hand:
                checker.after_hand()
        if match.in_hand:
            checker.before_action()
    except Violation as v:
        return v
    return None


def minimize(found: Found) -> Found:
    """The one faulty hand as a record of its own (its deal written out, no earlier hands), when
    that still shows the same violation; otherwise ``found`` as it is."""
    rec = found.record
    if len(rec["hands"]) <= 1:
        return found
    from ..records import match_from_record
    last = rec["hands"][-1]
    try:
        # The faulty hand's deal, written out: replay the hands before it to learn it.
        unplayed: HandEntry = last.copy()
        unplayed["actions"] = []
        probe = rec.copy()
        probe["hands"] = rec["hands"][:-1] + [unplayed]
        m = match_from_record(probe)
        deal, _ = m.deals[-1]
    except RecordError:
        return found
    from ..engine.match import deal_to_json
    single = rec.copy()  # its hands last, as the record writes them
    single["hands"] = [{"dealer": last["dealer"], "deal": deal_to_json(deal, m.n),
                        "actions": list(last["actions"])}]
    try:
        v = check_record(single)
    except RecordError:
        return found
    if v is not None and v.check == found.check:
        return dataclasses.replace(found, record=single, reduced=True)
    return found


# ---------------------------------------------------------------------- running many


@dataclass
class GameTally:
    """What was played of one game and what was found."""

    game: str
    hands: int = 0
    matches: int = 0
    actions: int = 0
    found: list[Found] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)
    """How often each verb was played and each way a hand ended ('end:…')."""

    def add(self, other: GameTally) -> None:
        self.hands += other.hands
        self.matches += other.matches
        self.actions += other.actions
        for k, v in other.seen.items():
            self.seen[k] = self.seen.get(k, 0) + v


@dataclass
class FuzzSummary:
    games: dict[str, GameTally]
    seed: int
    workers: int
    seconds: float

    @property
    def violations(self) -> int:
        return sum(len(t.found) for t in self.games.values())

    def text(self) -> str:
        lines = [f"{'game':<26} {'hands':>10} {'matches':>9} {'actions':>11} {'violations':>10}"]
        for t in self.games.values():
            lines.append(f"{t.game:<26} {t.hands:>10,} {t.matches:>9,} {t.actions:>11,} "
                         f"{len(t.found):>10}")
        for t in self.games.values():
            verbs = sorted((k, v) for k, v in t.seen.items() if not k.startswith("end:"))
            ends = sorted((k[4:], v) for k, v in t.seen.items() if k.startswith("end:"))
            lines.append(f"  {t.game}: actions " + ", ".join(f"{k} {v:,}" for k, v in verbs))
            lines.append(f"  {' ' * len(t.game)}  hands ended by " +
                         ", ".join(f"{k} {v:,}" for k, v in ends))
        total = sum(t.hands for t in self.games.values())
        lines.append(f"{total:,} hands in {self.seconds:.1f} s with {self.workers} worker(s): "
                     f"{total / max(self.seconds, 1e-9):,.0f} hands/s (seed {self.seed})")
        for t in self.games.values():
            for f in t.found:
                lines.append(f"VIOLATION {f.game} [{f.check}] seed {f.seed!r}, hand {f.hand}, "
                             f"after {f.action} actions: {f.message}")
        return "\n".join(lines)

    def to_json(self) -> FuzzJSON:
        return {"seed": self.seed, "workers": self.workers, "seconds": round(self.seconds, 3),
                "games": {g: {"hands": t.hands, "matches": t.matches, "actions": t.actions,
                              "seen": dict(sorted(t.seen.items())),
                              "violations": [f.to_json() for f in t.found]}
                          for g, t in self.games.items()}}


class TallyJSON(TypedDict):
    """One game of a fuzz run as JSON: what was played, reached and found."""

    hands: int
    matches: int
    actions: int
    seen: dict[str, int]
    violations: list[FoundJSON]


class FuzzJSON(TypedDict):
    """A fuzz run as JSON (``sixtysix fuzz --json``)."""

    seed: int
    workers: int
    seconds: float
    games: dict[str, TallyJSON]
    files: NotRequired[list[str]]
    """The reproducing records written (``--out``), where asked for."""


def _task(game_id: str, seed: int, index: int, hands: int) -> GameTally:
    """Play matches of ``game_id`` until ``hands`` hands are played (the task's share)."""
    tally = GameTally(game_id)
    k = 0
    while tally.hands < hands:
        # A match stops with the task's share (long matches, such as North American Sixty-Six's
        # under random bids, would otherwise overshoot a short run).
        found, h, a = fuzz_match(game_id, f"{seed}/{index}/{k}", seen=tally.seen,
                                 max_hands=min(MAX_HANDS, hands - tally.hands))
        k += 1
        tally.hands += h
        tally.matches += 1
        tally.actions += a
        if found is not None:
            tally.found.append(found)
            break  # one finding per task: the rest of it would start from a broken engine
    return tally


def run_fuzz(games: list[str], hands: int, *, seed: int = 0, workers: int = 1,
             seconds: float | None = None, chunk: int = 100,
             progress: Callable[[GameTally, int], None] | None = None,
             max_found: int = 5) -> FuzzSummary:
    """Fuzz each game until ``hands`` hands are played (or ``seconds`` have passed), in
    ``workers`` processes. ``progress(tally, hands_just_done)`` is called as work comes in."""
    for g in games:
        if g not in GAMES:
            raise OptionError(f"unknown game {g!r} (implemented: {', '.join(sorted(GAMES))})")
    tallies = {g: GameTally(g) for g in games}
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    todo = _schedule(games, hands, chunk)
    for res in _execute(todo, seed, workers, deadline):
        t = tallies[res.game]
        t.add(res)
        for f in res.found:
            if len(t.found) < max_found:
                t.found.append(minimize(f))
        if progress is not None:
            progress(t, res.hands)
    return FuzzSummary(tallies, seed, workers, time.perf_counter() - start)


def _schedule(games: list[str], hands: int, chunk: int) -> Iterator[tuple[str, int, int]]:
    """Tasks (game, index, hands) round robin over the games, so a time limit shares out."""
    n = max(1, -(-hands // chunk))
    for i in range(n):
        share = min(chunk, hands - i * chunk)
        for g in games:
            yield g, i, share


def _execute(todo: Iterator[tuple[str, int, int]], seed: int, workers: int,
             deadline: float | None) -> Iterator[GameTally]:
    if workers <= 1:
        for g, i, share in todo:
            if deadline is not None and time.perf_counter() > deadline:
                return
            yield _task(g, seed, i, share)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[GameTally]] = set()
        exhausted = False
        while True:
            while not exhausted and len(running) < 2 * workers and \
                    (deadline is None or time.perf_counter() < deadline):
                nxt = next(todo, None)
                if nxt is None:
                    exhausted = True
                    break
                running.add(pool.submit(_task, nxt[0], seed, nxt[1], nxt[2]))
            if not running:
                return
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()


def write_found(found: Found, directory: str | Path, n: int) -> Path:
    """Write the reproducing record (with a 'fuzz' entry saying what failed) to a file; the
    record replays with ``sixtysix replay`` and is checked again with ``sixtysix fuzz --check``."""
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    out = path / f"fuzz-{found.game}-{n}.json"
    record: dict[str, object] = {**found.record}  # and a "fuzz" entry: a record and more
    record["fuzz"] = {"check": found.check, "message": found.message, "seed": found.seed,
                      "hand": found.hand, "action": found.action, "reduced": found.reduced,
                      "options": options_to_dict(make_game(found.game,
                                                           found.record.get("options")).options)}
    out.write_text(json.dumps(record, indent=1))
    return out
