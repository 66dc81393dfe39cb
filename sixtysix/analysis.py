"""Hints and post-game analysis, built on the search bots and the exact solver.

``hint(view, rng)`` values every legal action for the view's seat in game points of the hand (a
won hand at 2 game points is worth 2, a lost one at 1 is worth -1); the values are exact once a
two-seat position is open (the stock exhausted), averaged over exactly solved worlds after a close,
and estimated by ISMCTS before.

``evaluate(view, rng)`` values every legal action with a 95% interval on its difference from the
best, and ``analyze(record)`` walks a game (a full record or a seat record) and reports the
*mistakes*: moves whose value is below the best move's beyond that interval. Values are compared,
not visit counts; the search is bounded by iterations, not seconds, so that a seed gives the same
report on any machine, and it samples enough that another seed reports the same mistakes.
``move_text`` writes actions as players type them (``play 10♥``, ``exchange 9♦``).

>>> import random
>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> from sixtysix.engine.actions import action_str
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=7)
>>> values = hint(state.view(0), random.Random(1), seconds=0.05)
>>> sorted(a for a, _ in values) == sorted(state.legal_actions())
True
>>> m.apply("close")  # closed with 11 dead cards: values average exactly solved worlds
>>> best, value = hint(state.view(0), random.Random(1))[0]
>>> is_exact(state.view(0)), action_str(best) in ("play AD", "play AS")
(False, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from .bots import Limit, make_bot
from .bots.base import Bot
from .bots.exact import closed_open, exact_view, solved_values
from .bots.ismcts import Ismcts
from .bots.playout import outcome
from .bots.solver import SCALE, Solver
from .bots.worlds import determinize, exclusions
from .cards import SUIT_SYMBOLS
from .engine.actions import (
    DECLARE,
    DRAW,
    EXCHANGE,
    action_str,
    is_declaration,
    is_marriage,
    is_play,
    is_trump_choice,
    named_card,
    trump_suit,
)
from .engine.match import Match
from .engine.phases import (
    PH_ANSWER,
    PH_AUCTION,
    PH_CONTRACTS,
    PH_DEAL_CHOICE,
    PH_DEFER,
    PH_DOUBLING,
    PH_MELD_DEFER,
    PH_TRUMP,
)
from .engine.state import PH_DRAW, State
from .engine.view import View
from .words import DOUBLING_NAMES, marriage_value, plural

__all__ = ["hint", "ranked", "claim_floor", "situation", "is_exact", "evaluate", "Valuation",
           "move_text", "card_words", "Decision", "Report", "analyze", "claim_points",
           "false_claim_points"]


def is_exact(view: View) -> bool:
    """Whether ``hint`` gives exact values for this view (a two-seat position with no unknown but
    the opponent's hand)."""
    return exact_view(view)


def hint(view: View, rng: random.Random, seconds: float = 1.0,
         bot: Bot | str | None = None) -> list[tuple[int, float]]:
    """Every legal action of the view's seat with its value in game points, best first.

    ``bot``: a search bot (spec or object) whose estimates to use before the position is open;
    the default is ISMCTS for ``seconds``. Bots that do not value actions (the heuristic) are
    valued by the default search instead.
    """
    if not view.legal:
        raise ValueError(f"seat {view.seat} is not to act: there is nothing to hint")
    if len(view.legal) == 1:
        return [(view.legal[0], 0.0)]
    if closed_open(view):
        worlds = 1 if exact_view(view) else 40
        solved, _ = solved_values(view, rng, Solver(), None, worlds, exclusions(view))
        return sorted(solved.items(), key=lambda av: (-av[1], av[0]))
    if isinstance(bot, str):
        bot = make_bot(bot)
    if bot is None or not hasattr(bot, "estimates") and not hasattr(bot, "action_values"):
        bot = Ismcts(seconds=seconds)
    limit = Limit(seconds=seconds)
    if isinstance(bot, Ismcts):
        return ranked(view, bot.estimates(view, rng, limit))
    values: dict[int, float] = getattr(bot, "action_values")(view, rng, limit)  # noqa: B009
    return sorted(values.items(), key=lambda av: (-av[1], av[0]))


def ranked(view: View, estimates: dict[int, tuple[float, int]]) -> list[tuple[int, float]]:
    """A search's estimates (mean value and visits of each action) as values, best first
    (among equal values the more visited first), each raised to ``claim_floor``'s."""
    floor = claim_floor(view)
    order = sorted(((a, max(v, floor.get(a, v)), n) for a, (v, n) in estimates.items()),
                   key=lambda avn: (-avn[1], -avn[2], avn[0]))
    return [(a, v) for a, v, _ in order]


def claim_floor(view: View) -> dict[int, float]:
    """For each legal action after which the same side may claim at once, what that claim is
    worth (game points of the hand for the view's seat): the action is worth at least that.

    A search's mean value of an action averages the moves it tried after it, the weaker ones
    too, so it undervalues an action whose best continuation is a sure claim, and the more so
    the more moves follow it: a draw, after which the new card's moves are tried too, came out
    0.1-0.2 game points below a close, although with 66 points in hand either is followed by the
    same claim and worth exactly the same. A claim's value depends only on the points and tricks
    already made, never on the hidden cards, so one world gives it.

    >>> from sixtysix.records import match_from_record
    >>> from sixtysix.engine.actions import CLOSE, DRAW
    >>> rec = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 137, "actions": [
    ...     "play 9H", "play AH", "draw", "play JC", "play TC", "draw", "marry QS", "play TS",
    ...     "draw", "exchange", "marry QD", "play 9S"]}]}
    >>> state = match_from_record(rec).hand
    >>> state.points, claim_floor(state.view(1)) == {DRAW: 2.0, CLOSE: 2.0}
    ([32, 67], True)
    """
    world = determinize(view, random.Random(0))
    rules = view.rules or view.game.rules
    out: dict[int, float] = {}
    for a in view.legal:
        s = world.copy()
        s.step(a)
        if s.over or rules.sides[s.to_act] != rules.sides[view.seat] or \
                DECLARE not in s.legal_actions():
            continue
        s.step(DECLARE)
        if s.over:  # a claim ends the hand in every game that has one
            out[a] = outcome(s)[view.seat]
    return out


# ---------------------------------------------------------------------- a claim that would be false


def claim_points(action: int, view: View) -> int | None:
    """The card points a claim by ``action`` (``declare``, ``declare QH``: Gaigel's knock too)
    would be made with, whether it holds or not; None for any other action. Read from the seat's
    own view: its side's points, and for ``declare QH`` the marriage shown (credited only with a
    trick, where marriages need one).

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> view = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=7).view(0)
    >>> claim_points(DECLARE, view), claim_points(view.legal[0], view)
    (0, None)
    """
    r = view.rules or view.game.rules  # a contract's rules where one is in force
    side = r.sides[view.seat]
    points = view.points[side]
    if is_declaration(action):
        if view.tricks[side] or not r.marriage_needs_trick:
            points += marriage_value(named_card(action), view.trump)
    elif action != DECLARE:
        return None
    return points


def false_claim_points(action: int, view: View) -> int | None:
    """The card points a claim by ``action`` would be made with when they fall short of the
    target, so that the claim would be false and lose the hand; None for any other action and
    for a claim that holds (``claim_points``). The terminal and the browser ask before such a
    claim.

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> view = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=7).view(0)
    >>> false_claim_points(DECLARE, view), false_claim_points(view.legal[0], view)
    (0, None)
    """
    points = claim_points(action, view)
    target = (view.rules or view.game.rules).claim_target
    return points if points is not None and points < target else None

# ---------------------------------------------------------------------- words a player types


def move_text(action: int, view: View) -> str:
    """``action`` in the words a player types at the terminal game: ``play 10♥``, ``marry K♦``,
    ``declare Q♥``, ``exchange 9♦`` (the low trump given), ``trump ♦``, ``close``, ``draw``.

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> from sixtysix.engine.actions import EXCHANGE, TRUMP, parse_action
    >>> s = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=7)
    >>> move_text(parse_action("play TH"), s.view(0)), move_text(parse_action("marry KD"), s.view(0))
    ('play 10♥', 'marry K♦')
    >>> move_text(EXCHANGE, s.view(0)), move_text(TRUMP + 1, s.view(0))
    ('exchange 9♦', 'trump ♦')
    """
    text = action_str(action)
    verb = text.split()[0]
    if is_play(action) or is_marriage(action) or is_declaration(action):
        return f"{verb} {card_words(action & 63)}"
    if is_trump_choice(action):
        return f"trump {SUIT_SYMBOLS[trump_suit(action)]}"
    low = view.game.rules.exchange_rank
    if action == EXCHANGE and low is not None and view.trump >= 0:
        return f"exchange {card_words(view.trump * 8 + low)}"
    return text


def card_words(card: int) -> str:
    """A card as people write it: ``10♥``, ``K♦``."""
    return ("A", "10", "K", "Q", "J", "9", "8", "7")[card & 7] + SUIT_SYMBOLS[(card >> 3) & 3]


# ---------------------------------------------------------------------- values with intervals


# Two-sided 95% quantiles of Student's t by degrees of freedom (1.96 beyond the table).
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04, 40: 2.02, 60: 2.00}


def _t95(df: int) -> float:
    best = 1.96
    for k in sorted(_T95, reverse=True):
        if df <= k:
            best = _T95[k]
    return best


@dataclass
class Valuation:
    """Every legal action of one decision valued, in game points of the hand for the seat to act.

    ``values`` are means over the samples; ``margin[a]`` is the half-width of the 95% interval of
    ``values[best] - values[a]``, from the spread of that difference over the samples (paired:
    every sample values all actions on the same cards). Zero where the values are exact."""

    values: dict[int, float]
    margin: dict[int, float]
    best: int
    exact: bool
    samples: int

    def loss(self, action: int) -> float:
        """Expected game points lost by ``action`` against the best."""
        return self.values[self.best] - self.values[action]

    def worse(self, action: int) -> bool:
        """Whether ``action`` is worse than the best beyond the interval of the search."""
        return self.loss(action) - self.margin[action] > 1e-9


def evaluate(view: View, rng: random.Random, samples: int = 4000, runs: int = 5,
             worlds: int = 60, played: int | None = None, threshold: float = 0.0,
             more: int = 5) -> Valuation:
    """Value every legal action of the view's seat, with intervals (``Valuation``).

    Where two seats play with the stock closed or exhausted, each sampled world (unseen cards
    dealt consistently with what play has shown) is solved exactly, ``worlds`` of them, or the
    single world there is once the stock is exhausted (exact). Before, ``runs`` independent
    ISMCTS searches of ``samples // runs`` iterations each (every root action visited equally)
    give each action its mean value, raised to what a claim right after it is worth where the
    same side may claim then (``claim_floor``); the spread between the runs is the search's own
    uncertainty. Values are game points only (no card-point margin). Iterations, not seconds,
    bound the work, so that a seed gives the same answer on any machine.

    With ``played``: while it is a close call whether that action is a mistake (its loss between
    half and twice its interval's half-width, or within half of it from ``threshold``), up to
    ``more`` times as many samples again are drawn, so that another seed comes to the same
    verdict.
    """
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat} is not to act: there is nothing to value")
    if len(legal) == 1:
        return Valuation({legal[0]: 0.0}, {legal[0]: 0.0}, legal[0], True, 0)
    rows: list[dict[int, float]] = []
    exact = closed_open(view) and exact_view(view)
    if closed_open(view):
        excluded = exclusions(view)
        # Game points only: two moves that win the same game points are equally good, whatever
        # card points they win by (the margin would part them by up to 0.12).
        solver = Solver(margin=False)

        def sample() -> None:
            for _ in range(1 if exact else worlds):
                world = determinize(view, rng, excluded)
                rows.append({a: v / SCALE for a, v in solver.action_values(world).items()})
    else:
        per_run = max(1, samples // runs)
        floor = claim_floor(view)

        def sample() -> None:
            for _ in range(runs):
                bot = Ismcts(iterations=per_run, seconds=None, even_root=True)
                est = bot.estimates(view, random.Random(rng.getrandbits(64)),
                                    Limit(iterations=per_run))
                low = min((v for v, _ in est.values() if math.isfinite(v)), default=0.0)
                rows.append({a: max(v if math.isfinite(v) else low, floor.get(a, -math.inf))
                             for a, (v, _) in est.items()})

    sample()
    val = _valuation(legal, rows, exact)
    for _ in range(more if played is not None and not exact else 0):
        assert played is not None
        loss, margin = val.loss(played), val.margin[played]
        if played == val.best or not (margin / 2 < loss < 2 * margin
                                      or abs(loss - threshold) < margin / 2):
            break
        sample()
        val = _valuation(legal, rows, exact)
    return val


def _valuation(legal: list[int], rows: list[dict[int, float]], exact: bool) -> Valuation:
    """Means over the samples, and the 95% interval of each difference from the best (paired)."""
    k = len(rows)
    values = {a: sum(r[a] for r in rows) / k for a in legal}
    best = max(legal, key=lambda a: (values[a], -a))
    margin = {}
    for a in legal:
        if exact or k < 2 or a == best:
            margin[a] = 0.0
            continue
        diffs = [r[best] - r[a] for r in rows]
        mean = sum(diffs) / k
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1))
        margin[a] = _t95(k - 1) * sd / math.sqrt(k)
    return Valuation(values, margin, best, exact, k)


# ---------------------------------------------------------------------- analysis of a game


_SITUATIONS = {PH_DEAL_CHOICE: "to choose the deal (cut or knock)", PH_TRUMP: "to name trumps",
               PH_CONTRACTS: "to bid", PH_AUCTION: "to bid", PH_DRAW: "to draw or close",
               PH_DEFER: "to meld for the partner or pass",
               PH_MELD_DEFER: "to meld for the partner or pass",
               PH_ANSWER: "to answer the announcement"}


_BEFORE_PLAY = {_SITUATIONS[PH_DEAL_CHOICE], _SITUATIONS[PH_CONTRACTS], _SITUATIONS[PH_TRUMP]}
"""Decisions taken before the first trick (the doubling's words vary: 'to say ...')."""


def situation(view: View) -> str:
    """The decision the view's seat faces, in words: 'to lead', 'to follow', or, before the
    play and between tricks, its kind ('to bid', 'to name trumps', 'to say kontra or pass').

    >>> from sixtysix.engine import Match
    >>> from sixtysix.games import make_game
    >>> state = Match(make_game("bauernschnapsen"), dealer=3).deal_hand(seed=1)
    >>> situation(state.view(state.to_act))
    'to choose the deal (cut or knock)'
    """
    if view.phase == PH_DOUBLING:
        return f"to say {DOUBLING_NAMES.get(view.factor * 2, 'kontra')} or pass"
    if view.phase in _SITUATIONS:
        return _SITUATIONS[view.phase]
    return "to follow" if view.trick else "to lead"


class DecisionJSON(TypedDict):
    """A ``Decision`` as JSON (``sixtysix analyze --json``, the server's mistakes report): its
    fields in order, the numbers rounded, pairs as lists."""

    hand: int
    action: int
    seat: int
    trick: int
    table: list[list[int | str]]
    played: str
    best: str
    loss: float
    margin: float
    exact: bool
    values: list[list[str | float]]
    situation: str


class ReportJSON(TypedDict):
    """A ``Report`` as JSON: the seats looked at, the decisions checked, each seat's total loss
    (by the seat's number as text) and the mistakes."""

    game: str
    seats: list[int]
    decisions_checked: int
    total_loss: dict[str, float]
    mistakes: list[DecisionJSON]


@dataclass
class Decision:
    """One decision where the player lost value (expected game points of the hand)."""

    hand: int
    action: int
    """Zero-based index of the action in the hand's list."""
    seat: int
    trick: int
    """One-based number of the trick the decision belongs to."""
    table: list[tuple[int, str]]
    """The cards on the table when the decision was taken: (seat, card as people write it)."""
    played: str
    """What was done, as the player types it ('play 10♥', 'marry K♦')."""
    best: str
    loss: float
    """Expected game points lost against ``best``."""
    margin: float
    """Half-width of the 95% interval of ``loss``; 0 where exact."""
    exact: bool
    values: list[tuple[str, float]] = field(default_factory=list)
    situation: str = "to lead"
    """What the decision was, where no card is on the table: 'to lead', 'to bid', 'to name
    trumps' (``situation``)."""

    def to_json(self) -> DecisionJSON:
        return {"hand": self.hand, "action": self.action, "seat": self.seat, "trick": self.trick,
                "table": [[p, c] for p, c in self.table], "played": self.played,
                "best": self.best, "loss": round(self.loss, 3), "margin": round(self.margin, 3),
                "exact": self.exact, "values": [[a, round(v, 3)] for a, v in self.values],
                "situation": self.situation}


@dataclass
class Report:
    """The mistakes found in a game, per seat, with the number of decisions looked at."""

    game: str
    seats: list[int]
    checked: int
    mistakes: list[Decision]
    players: list[str] = field(default_factory=list)

    def total_loss(self, seat: int) -> float:
        return sum(d.loss for d in self.mistakes if d.seat == seat)

    def name(self, seat: int) -> str:
        return self.players[seat] if seat < len(self.players) else f"seat {seat}"

    def to_json(self) -> ReportJSON:
        return {"game": self.game, "seats": self.seats, "decisions_checked": self.checked,
                "total_loss": {str(s): round(self.total_loss(s), 3) for s in self.seats},
                "mistakes": [d.to_json() for d in self.mistakes]}

    def text(self) -> str:
        who = ", ".join(self.name(s) for s in self.seats)
        lines = [f"{self.game}: {plural(self.checked, 'decision')} of {who} checked"]
        if not self.mistakes:
            lines.append("no mistake found: no move was worse than the best beyond the "
                         "search's uncertainty")
        for d in self.mistakes:
            if d.table:  # the cards on the table, in the order they were played
                table = "to follow " + ", ".join(f"{c} ({self.name(p)})" for p, c in d.table)
            else:
                table = d.situation
            how = "exact" if d.exact else f"± {d.margin:.2f}, estimated"
            # A deal choice, a bid or a doubling comes before the first trick: no trick to name.
            trick = "" if d.situation in _BEFORE_PLAY or d.situation.startswith("to say ") \
                else f"trick {d.trick}, "
            lines.append(f"hand {d.hand + 1}, {trick}{self.name(d.seat)} {table}: "
                         f"played '{d.played}', better '{d.best}' — costs {d.loss:.2f} "
                         f"expected game points ({how})")
        for s in self.seats:
            lines.append(f"{self.name(s)}: {self.total_loss(s):.2f} expected game points lost "
                         f"in all")
        return "\n".join(lines)


def analyze(record: Mapping[str, object], seat: int | None = None, samples: int = 4000,
            runs: int = 5, worlds: int = 60, threshold: float = 0.1, seed: int = 0,
            progress: Callable[[int, int], None] | None = None) -> Report:
    """Walk a game record and report each decision of ``seat`` (every seat when None; a seat
    record's own seat) where the move played is worse than the best by at least ``threshold``
    expected game points, beyond the 95% interval of the search (``evaluate`` with ``samples``,
    ``runs`` and ``worlds``). ``progress(done, total)`` is called after each decision valued.

    A seat record is walked on a placing of the cards that seat did not see that is consistent
    with the whole record (``sixtysix.hidden``); decisions are valued from the seat's view only.
    Raises ``RecordError`` for a bad record (from ``match_from_record``).
    """
    from .records import match_from_record
    full = match_from_record(record)
    own = full.seat_record
    if isinstance(own, int):
        if seat is not None and seat != own:
            raise ValueError(f"this is seat {own}'s record: only its decisions can be analysed")
        seat = own
    if seat is not None and not 0 <= seat < full.n:
        raise ValueError(f"there is no seat {seat}")
    seats = list(range(full.n)) if seat is None else [seat]
    first = full.hand_records[0]["dealer"] if full.hand_records else 0
    todo: list[tuple[int, int, State]] = []
    m = Match(full.game, dealer=first, players=full.players)
    for h, (deal, _active) in enumerate(full.deals):
        state = m.deal_hand(deal=deal)
        for i, text in enumerate(full.hand_records[h]["actions"]):
            if state.phase == PH_DRAW and text.split()[0].lower() not in ("draw", "close"):
                m.apply(DRAW)  # records.md §5.1: 'draw' may be left out
            if state.to_act in seats and len(state.legal_actions()) > 1:
                todo.append((h, i, state.copy()))
            m.apply(text)
    mistakes = []
    for k, (h, i, state) in enumerate(todo):
        p = state.to_act
        view = state.view(p)
        rng = random.Random(seed * 1_000_003 + h * 1009 + i)
        chosen = state.parse(full.hand_records[h]["actions"][i])
        val = evaluate(view, rng, samples, runs, worlds, played=chosen, threshold=threshold)
        if chosen != val.best and val.loss(chosen) >= threshold and val.worse(chosen):
            mistakes.append(Decision(
                hand=h, action=i, seat=p, trick=view.trick_no + 1,
                table=[(q, card_words(c)) for q, c in view.trick],
                played=move_text(chosen, view), best=move_text(val.best, view),
                loss=val.loss(chosen), margin=val.margin[chosen], exact=val.exact,
                values=[(move_text(a, view), v) for a, v in
                        sorted(val.values.items(), key=lambda av: (-av[1], av[0]))],
                situation=situation(view)))
        if progress is not None:
            progress(k + 1, len(todo))
    return Report(game=full.game.id, seats=seats, checked=len(todo), mistakes=mistakes,
                  players=list(full.players))
