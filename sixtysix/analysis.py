"""Hints and post-game analysis, built on the search bots and the exact solver.

``hint(view, rng)`` values every legal action for the view's seat in game points of the hand (a
won hand at 2 game points is worth 2, a lost one at 1 is worth -1); the values are exact once a
two-seat position is open (the stock exhausted), averaged over exactly solved worlds after a close,
and estimated by ISMCTS before. ``analyze(record)`` walks a finished game and lists the decisions
where a player lost value.

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

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from .bots import Limit, make_bot
from .bots.base import Bot
from .bots.search import Ismcts, _closed_open, exact_view, exclusions, solved_values
from .bots.solver import Solver
from .engine.actions import action_str
from .engine.match import Match
from .engine.view import View

__all__ = ["hint", "is_exact", "Decision", "Report", "analyze"]


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
    if _closed_open(view):
        worlds = 1 if exact_view(view) else 40
        solved, _ = solved_values(view, rng, Solver(), None, worlds, exclusions(view))
        return sorted(solved.items(), key=lambda av: (-av[1], av[0]))
    if isinstance(bot, str):
        bot = make_bot(bot)
    if bot is None or not hasattr(bot, "estimates") and not hasattr(bot, "action_values"):
        bot = Ismcts(seconds=seconds)
    limit = Limit(seconds=seconds)
    if isinstance(bot, Ismcts):
        est = bot.estimates(view, rng, limit)
        # The search's own preference (most visited) first: its mean values are noisy where
        # it spent few visits.
        order = sorted(est.items(), key=lambda kv: (-kv[1][1], -kv[1][0], kv[0]))
        return [(a, v) for a, (v, _) in order]
    values: dict[int, float] = getattr(bot, "action_values")(view, rng, limit)  # noqa: B009
    return sorted(values.items(), key=lambda av: (-av[1], av[0]))


@dataclass
class Decision:
    """One decision where the player lost value (game points of the hand)."""

    hand: int
    action: int
    """Zero-based index of the action in the hand's list."""
    seat: int
    played: str
    best: str
    loss: float
    exact: bool
    values: list[tuple[str, float]] = field(default_factory=list)


@dataclass
class Report:
    """The mistakes found in a game, per seat, with the number of decisions looked at."""

    game: str
    seats: list[int]
    checked: int
    mistakes: list[Decision]

    def total_loss(self, seat: int) -> float:
        return sum(d.loss for d in self.mistakes if d.seat == seat)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "decisions_checked": self.checked,
                "total_loss": {str(s): round(self.total_loss(s), 3) for s in self.seats},
                "mistakes": [asdict(d) | {"loss": round(d.loss, 3),
                                          "values": [[a, round(v, 3)] for a, v in d.values]}
                             for d in self.mistakes]}

    def text(self) -> str:
        lines = [f"{self.game}: {self.checked} decisions checked for seat(s) "
                 + ", ".join(map(str, self.seats))]
        if not self.mistakes:
            lines.append("no decision lost value")
        for d in self.mistakes:
            how = "exact" if d.exact else "estimated"
            lines.append(f"hand {d.hand + 1}, action {d.action + 1}, seat {d.seat}: played "
                         f"'{d.played}', better '{d.best}' — loses {d.loss:.2f} game points ({how})")
        for s in self.seats:
            lines.append(f"seat {s}: {self.total_loss(s):.2f} game points lost in all")
        return "\n".join(lines)


def analyze(record: dict[str, Any], seat: int | None = None, seconds: float = 0.3,
            threshold: float = 0.1, seed: int = 0) -> Report:
    """Walk a game record and report each decision of ``seat`` (every seat when None; a seat
    record's own seat) that lost at least ``threshold`` game points against the best action.

    Raises ``RecordError`` for a bad record (from ``match_from_record``).
    """
    from .records import match_from_record
    full = match_from_record(record)
    own = full.extra.get("seat_record")
    if isinstance(own, int):
        if seat is not None and seat != own:
            raise ValueError(f"this is seat {own}'s record: only its decisions can be analysed")
        seat = own
    seats = list(range(full.n)) if seat is None else [seat]
    if seat is not None and not 0 <= seat < full.n:
        raise ValueError(f"there is no seat {seat}")
    first = full.hand_records[0]["dealer"] if full.hand_records else 0
    m = Match(full.game, dealer=first, players=full.players)
    mistakes = []
    checked = 0
    for h, (deal, _active) in enumerate(full.deals):
        state = m.deal_hand(deal=deal)
        for i, text in enumerate(full.hand_records[h]["actions"]):
            p = state.to_act
            legal = state.legal_actions()
            if p in seats and len(legal) > 1:
                checked += 1
                view = state.view(p)
                rng = random.Random(seed * 1_000_003 + h * 1009 + i)
                values = hint(view, rng, seconds)
                chosen = state.parse(text)
                vals = dict(values)
                best_a, best_v = values[0]
                loss = best_v - vals.get(chosen, best_v)
                if loss >= threshold:
                    mistakes.append(Decision(
                        hand=h, action=i, seat=p, played=action_str(chosen), best=action_str(best_a),
                        loss=loss, exact=is_exact(view),
                        values=[(action_str(a), v) for a, v in values]))
            m.apply(text)
    return Report(game=full.game.id, seats=seats, checked=checked, mistakes=mistakes)
