"""Tournaments between computer players: seat-swapped duplicate deals, confidence intervals, ratings.

A bot given twice (``casual,casual``) plays as two entrants, ``casual#1`` and ``casual#2``, each
with a row of its own.

Every *deal* (a match seed) is played once per seating: in a two-seat game bot A sits at seat 0 and
then at seat 1 with the same seeds for every hand, so each bot plays the other's cards and luck of
the deal cancels out. Games with more seats rotate the line-up (two bots in four seats sit as
partners). Each match is written as a record (records.md) so it can be replayed later.

>>> summary = run_tournament("sixty-six", ["random", "heuristic"], matches=2, seed=1, workers=1,
...                          progress=False)
>>> summary.matches, sorted(summary.stats)
(2, ['heuristic', 'random'])
>>> round(sum(s.match_score for s in summary.stats.values()), 6)  # one match point per match
2.0
"""

from __future__ import annotations

import json
import math
import random
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ..bots import make_bot
from ..engine.actions import action_str
from ..engine.match import Match
from ..engine.options import OptionValues
from ..engine.shapes import MatchRecord
from ..errors import IllegalActionError
from ..games import GAMES, make_game
from ..words import plural
from .backends import Backend, run_tasks

if TYPE_CHECKING:
    from ..engine.state import State
    from ..games import Game

__all__ = ["split_bots", "entrant_names", "MatchOutcome", "BotStats", "Summary", "deal_match",
           "play_match", "seatings", "run_tournament", "wilson", "mean_ci", "RATING_SCALE", "INTERVALS",
           "StandingRow", "SummaryJSON"]

MAX_HANDS = 500
"""A match that has not ended after this many hands is stopped, without a winner: drawn hands
could do that, and so do random players of North American Sixty-Six, whose failed bids keep both
sides' totals below zero."""

RATING_SCALE = ("rating = mu - 3*sigma of an OpenSkill Plackett-Luce model over the match results "
                "(every bot starts at mu 25, sigma 8.33, i.e. rating 0): a conservative skill "
                "estimate; only differences between bots of the same tournament mean anything")
"""What the rating column means, printed under the table and written with it."""

INTERVALS = ("95% intervals: match and hand win rates by the Wilson score interval (ties count "
             "half); game points per match by the normal approximation, clipped at 0 where no "
             "match scored below 0")
"""How the intervals are computed, printed under the table and written with it."""


def split_bots(text: str) -> list[str]:
    """Bot specs from one comma-separated text: a part ``key=value`` belongs to the bot before it.

    >>> split_bots("ismcts:seconds=0.1,c=0.5,heuristic,random")
    ['ismcts:seconds=0.1,c=0.5', 'heuristic', 'random']
    """
    out: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


@dataclass
class MatchOutcome:
    """One match: who sat where, the match winners, game points and hands won per seat."""

    deal: int
    seating: list[str]
    winners: list[int]
    game_points: list[int]
    hands_won: list[int]
    hands: int
    score: list[int]
    record: MatchRecord


def entrant_names(bots: list[str]) -> list[str]:
    """The entrants' names: each spec, numbered ``#1``, ``#2``… where the same spec is given
    more than once (two copies of a bot are two entrants, with a row each).

    >>> entrant_names(["casual", "random", "casual"])
    ['casual#1', 'random', 'casual#2']
    """
    counts = {b: bots.count(b) for b in bots}
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        if counts[b] == 1:
            out.append(b)
        else:
            seen[b] = seen.get(b, 0) + 1
            out.append(f"{b}#{seen[b]}")
    return out


def deal_match(game: Game, deal: int, names: list[str]) -> tuple[Match, Iterator[State],
                                                                list[random.Random]]:
    """A match of ``game`` from the deal seed ``deal`` with a seat for each of ``names``: the
    match, its hands as each is dealt (until the match ends or ``MAX_HANDS``; play each out
    before taking the next), and each seat's generator for its bot. The first dealer and the
    hand seeds come from ``deal`` alone, so every seating gets the same cards."""
    rng = random.Random(deal)
    m = Match(game, dealer=game.first_dealer(rng), players=names)

    def hands() -> Iterator[State]:
        while not m.complete and len(m.results) < MAX_HANDS:
            yield m.deal_hand(seed=rng.randrange(2**31))

    return m, hands(), [random.Random(deal * 31 + 7 * p + 1) for p in range(len(names))]


def play_match(game_id: str, options: OptionValues, seating: list[str], deal: int,
               names: list[str] | None = None) -> MatchOutcome:
    """Play one match of ``seating`` (a bot spec per seat) from the deal seed ``deal``;
    ``names``: the entrants' names per seat (default: the specs), as the record and the outcome
    show them.

    The hand seeds and the first dealer come from ``deal`` alone, so the same deal with another
    seating gives every seat the same cards (as long as the matches run alike); each seat's bot
    draws its own random numbers from ``deal`` and its seat. A bot that chooses an illegal
    action stops the tournament with an IllegalActionError naming the bot, where it happened
    (deal, hand, action number, the hand's actions so far) and the action.
    """
    game = make_game(game_id, options)
    names = list(names) if names is not None else list(seating)
    m, hands, brng = deal_match(game, deal, names)
    bots = [make_bot(spec) for spec in seating]
    for hand in hands:
        while m.in_hand:
            p = hand.to_act
            try:
                action = bots[p].choose(hand.view(p), brng[p])
            except Exception as e:
                e.add_note(f"in bot {names[p]!r} (seat {p}) choosing in the match of deal seed "
                           f"{deal}, hand {len(m.hand_records)}")
                raise
            # A bot's answer is not trusted: the engine takes a string, or an int it checks.
            if type(action) is not int:
                raise IllegalActionError(_where(m, names[p], p, action, deal, "not an action"))
            try:
                m.apply(action)
            except IllegalActionError as e:
                raise IllegalActionError(_where(m, names[p], p, action, deal, str(e))) from None
    gp, hands_won = match_tallies(m)
    return MatchOutcome(deal=deal, seating=names, winners=list(m.winner or []),
                        game_points=gp, hands_won=hands_won, hands=len(m.results),
                        score=list(m.score), record=m.record())


def match_tallies(m: Match) -> tuple[list[int], list[int]]:
    """Per seat, the game points and the hands won over the hands ``m`` has played so far."""
    gp = [0] * m.n
    won = [0] * m.n
    for res in m.results:
        for w in res.winners:
            won[w] += 1
        for p, g in enumerate(res.game_points):
            gp[p] += g
    return gp, won


def _where(m: Match, name: str, seat: int, action: object, deal: int, reason: str) -> str:
    """An illegal action of a bot, in words: who, where (enough to find the position again:
    the deal seed, the hand, the actions so far) and what."""
    try:
        shown = repr(action_str(action)) if type(action) is int else repr(action)
    except (KeyError, IndexError, ValueError):
        shown = repr(action)
    hand = m.hand_records[-1]
    done = list(hand["actions"])
    return (f"bot {name!r} (seat {seat}) chose the illegal action {shown} in the match of deal "
            f"seed {deal} (seats: {', '.join(m.players)}), hand {len(m.hand_records)} (dealer "
            f"seat {hand['dealer']}), action {len(done) + 1}, after {done or 'no action'}: {reason}")


def seatings(bots: list[str], n_seats: int) -> list[list[str]]:
    """The line-ups each deal is played with.

    >>> seatings(["a", "b"], 2)
    [['a', 'b'], ['b', 'a']]
    >>> seatings(["a", "b"], 4)
    [['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']]
    >>> seatings(["a", "b", "c"], 2)
    [['a', 'b'], ['b', 'a'], ['a', 'c'], ['c', 'a'], ['b', 'c'], ['c', 'b']]
    """
    k = len(bots)
    if k < 2:
        raise ValueError("a tournament needs at least two bots")
    if n_seats % k == 0:
        return [[bots[(p + r) % k] for p in range(n_seats)] for r in range(k)]
    if n_seats == 2:
        out = []
        for i in range(k):
            for j in range(i + 1, k):
                out += [[bots[i], bots[j]], [bots[j], bots[i]]]
        return out
    raise ValueError(f"give {n_seats} bots, or a number of bots that divides {n_seats}")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (ties count half).

    >>> tuple(round(x, 3) for x in wilson(90, 100))
    (0.826, 0.945)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # Exact arithmetic puts p inside; rounding can leave it a hair outside at 0 or 1.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean with a normal 95% interval, clipped at 0 when no value is negative.

    >>> [round(x, 3) for x in mean_ci([1.0, 2.0, 3.0])]
    [2.0, 0.868, 3.132]
    >>> [round(x, 3) for x in mean_ci([0.0, 0.0, 0.0, 3.0])]
    [0.75, 0.0, 2.22]
    >>> [round(x, 3) for x in mean_ci([-3.0, 0.0, 0.0, 0.0])]
    [-0.75, -2.22, 0.72]
    """
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = z * sd / math.sqrt(n)
    # Game points are counts: where none is negative (every game but Three-Player's chips) the
    # interval is clipped at 0, which a small sample's normal interval would otherwise cross.
    lo = m - h if min(xs) < 0 else max(0.0, m - h)
    return (m, lo, m + h)


class StandingRow(TypedDict):
    """One entrant's row of a tournament's table (``summary.json``, ``--json``)."""

    bot: str
    matches: int
    match_wins: float
    win_rate: float
    win_ci: list[float]
    game_points_per_match: float
    game_points_ci: list[float]
    hands: int
    hands_won: int
    hand_win_rate: float
    hand_win_ci: list[float]
    rating: float
    mu: float
    sigma: float
    spec: str


class SummaryJSON(TypedDict):
    """A tournament's ``summary.json``: what was played, the table, and what its numbers mean."""

    game: str
    options: NotRequired[OptionValues]
    bots: list[str]
    matches: int
    seed: NotRequired[int]
    table: list[StandingRow]
    intervals: str
    rating_scale: str


@dataclass
class BotStats:
    """One bot's results over the tournament (per seat it occupied: a partnership counts once)."""

    matches: int = 0
    match_score: float = 0.0
    """Match wins, a shared win counting as a fraction."""
    game_points: list[float] = field(default_factory=list)
    """Game points won per match."""
    hands: int = 0
    hands_won: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3

    def win_ci(self) -> tuple[float, float]:
        return wilson(self.match_score, self.matches)

    def hand_ci(self) -> tuple[float, float]:
        return wilson(self.hands_won, self.hands)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Summary:
    game: str
    bots: list[str]
    matches: int
    stats: dict[str, BotStats]
    """By entrant name (the spec, numbered when given more than once)."""
    out: str | None = None
    specs: dict[str, str] = field(default_factory=dict)
    """Each entrant's bot spec, where it differs from its name."""
    pairs: dict[tuple[str, str], tuple[float, int]] = field(default_factory=dict)
    """(a, b) -> a's match score against b and the matches they met on opposite sides."""

    def table(self) -> list[StandingRow]:
        """One row per bot, best rated first (JSON-ready)."""
        rows: list[StandingRow] = []
        for name, s in self.stats.items():
            lo, hi = s.win_ci()
            gp, gplo, gphi = mean_ci(s.game_points)
            hlo, hhi = s.hand_ci()
            rows.append({"bot": name, "matches": s.matches, "match_wins": round(s.match_score, 2),
                         "win_rate": round(s.match_score / s.matches, 4) if s.matches else 0.0,
                         "win_ci": [round(lo, 4), round(hi, 4)],
                         "game_points_per_match": round(gp, 3),
                         "game_points_ci": [round(gplo, 3), round(gphi, 3)],
                         "hands": s.hands, "hands_won": s.hands_won,
                         "hand_win_rate": round(s.hands_won / s.hands, 4) if s.hands else 0.0,
                         "hand_win_ci": [round(hlo, 4), round(hhi, 4)],
                         "rating": round(s.ordinal, 2), "mu": round(s.mu, 2),
                         "sigma": round(s.sigma, 2), "spec": self.specs.get(name, name)})
        rows.sort(key=lambda r: -r["rating"])
        return rows

    def to_json(self, options: OptionValues | None = None, seed: int | None = None) -> SummaryJSON:
        """The summary as JSON: the table, with what its intervals and rating mean."""
        # Built in the order summary.json has always had: the game, the options, the bots…
        out: SummaryJSON = {"game": self.game, "options": options or {}, "bots": self.bots,
                            "matches": self.matches, "seed": seed or 0, "table": self.table(),
                            "intervals": INTERVALS, "rating_scale": RATING_SCALE}
        if options is None:
            del out["options"]
        if seed is None:
            del out["seed"]
        return out

    def text(self) -> str:
        """The table for people: each interval written 'low to high', negative numbers with a
        minus sign ('−39.3 to −19.7'), columns as wide as their widest cell."""
        head = f"{self.game}: {plural(self.matches, 'match', 'matches')}" + \
            (f", records in {self.out}" if self.out else "")
        game = GAMES.get(self.game)
        per = {"chip": "chips", "unit": "units"}.get(game.score_unit if game else "", "GP")
        rows = [["bot", "matches", "match wins (95% CI)", f"{per}/match (95% CI)",
                 "hands won (95% CI)", "rating"]]
        for r in self.table():
            rows.append([r["bot"], str(r["matches"]),
                         _estimate(r["win_rate"], r["win_ci"], percent=True),
                         _estimate(r["game_points_per_match"], r["game_points_ci"]),
                         _estimate(r["hand_win_rate"], r["hand_win_ci"], percent=True),
                         _number(r["rating"])])
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        right = {1, 5}  # the counts and the rating
        lines = [head] + ["  ".join(c.rjust(w) if i in right else c.ljust(w)
                                    for i, (c, w) in enumerate(zip(row, widths, strict=True))
                                    ).rstrip() for row in rows]
        lines += ["", *textwrap.wrap(INTERVALS + ".", 100), *textwrap.wrap(RATING_SCALE + ".", 100)]
        return "\n".join(lines)


def _number(x: float, percent: bool = False) -> str:
    """``x`` to two decimals (a percentage to one), a negative one with a minus sign."""
    text = f"{x:.1%}" if percent else f"{x:.2f}"
    return text.replace("-", "\u2212")


def _estimate(x: float, ci: list[float], percent: bool = False) -> str:
    """'6.33 (−9.72 to 22.39)': an estimate and its interval.

    >>> _estimate(-29.5, [-39.3, -19.7]), _estimate(0.5, [0.3, 0.7], percent=True)
    ('−29.50 (−39.30 to −19.70)', '50.0% (30.0% to 70.0%)')
    """
    lo, hi = (_number(v, percent) for v in ci)
    return f"{_number(x, percent)} ({lo} to {hi})"


Task = tuple[str, OptionValues, list[str], int, list[str]]
"""A match to play: game, options, bot spec per seat, deal seed, entrant name per seat."""


def _task(args: Task) -> MatchOutcome:
    return play_match(*args)


def _tasks(game_id: str, options: OptionValues, bots: list[str], matches: int,
           seed: int) -> list[Task]:
    """``matches`` matches in all: deals from ``seed``, each played with every seating in turn.
    ValueError when some bot would play no match at all."""
    names = entrant_names(bots)
    spec_of = dict(zip(names, bots, strict=True))
    lineups = seatings(names, make_game(game_id, options).n_seats)
    # Every entrant must sit in at least one of the first ``matches`` line-ups.
    needed, seen = 0, set()
    for needed, lineup in enumerate(lineups, 1):  # noqa: B007 - needed is read after the loop
        seen.update(lineup)
        if len(seen) == len(names):
            break
    if matches < needed:
        idle = [n for n in names if not any(n in lu for lu in lineups[:matches])]
        raise ValueError(f"with {matches} match{'es' if matches != 1 else ''}, "
                         f"{', '.join(idle)} would play no match: give --matches {needed} or "
                         f"more ({len(lineups)} make one full round of seatings)")
    rng = random.Random(seed)
    out: list[Task] = []
    while len(out) < matches:
        deal = rng.randrange(2**31)
        for lineup in lineups:
            if len(out) < matches:
                out.append((game_id, options, [spec_of[n] for n in lineup], deal, lineup))
    return out


def run_tournament(game_id: str, bots: list[str], *, matches: int, seed: int = 0, workers: int = 1,
                   out: str | Path | None = None, options: OptionValues | None = None,
                   progress: bool = True, backend: Backend = "local",
                   address: str | None = None) -> Summary:
    """Play ``matches`` matches between ``bots`` (specs for ``make_bot``) and summarise them.

    ``out``: a directory that receives one record per match (``match-0001.json``…) and
    ``summary.json``. ``workers`` > 1 plays matches in parallel processes; ``backend="ray"``
    plays them as Ray tasks (a local Ray with ``workers`` CPUs, or the cluster at ``address``).
    The same seed gives the same results on every backend and any number of workers.
    """
    options = dict(options or {})
    if matches < 1:
        raise ValueError(f"a tournament plays at least 1 match, not {matches}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    for spec in bots:
        make_bot(spec)  # refuse a bad bot name before starting anything
    tasks = _tasks(game_id, options, bots, matches, seed)
    names = entrant_names(bots)
    outdir = Path(out) if out is not None else None
    if outdir is not None:
        try:
            outdir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ValueError(f"cannot write the records to {outdir}: {e.strerror or e}") from None
    stats = {b: BotStats() for b in names}
    from openskill.models import PlackettLuce
    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in names}
    results = []
    pairs: dict[tuple[str, str], tuple[float, int]] = {}
    for i, res in enumerate(_run(tasks, workers, progress, backend, address), 1):
        # Written as each match ends, so that an interrupted tournament keeps what it played.
        if outdir is not None:
            (outdir / f"match-{i:04d}.json").write_text(json.dumps(res.record, indent=1))
        results.append(res)
        _count(res, stats)
        _pair(res, pairs)
        teams = sorted(set(res.seating), key=res.seating.index)
        if len(teams) > 1:
            ranks = [float(_rank(res, t)) for t in teams]
            new = model.rate([[ratings[t]] for t in teams], ranks=ranks)
            for t, r in zip(teams, new, strict=True):
                ratings[t] = r[0]
    for b in names:
        stats[b].mu, stats[b].sigma = ratings[b].mu, ratings[b].sigma
    summary = Summary(game=game_id, bots=list(bots), matches=len(results), stats=stats,
                      out=str(outdir) if outdir is not None else None,
                      specs={n: b for n, b in zip(names, bots, strict=True)}, pairs=pairs)
    if outdir is not None:
        (outdir / "summary.json").write_text(json.dumps(summary.to_json(options, seed), indent=1))
    return summary


def _run(tasks: list[Task], workers: int, progress: bool, backend: Backend = "local",
         address: str | None = None) -> Iterator[MatchOutcome]:
    """The matches' outcomes in task order, as they are played."""
    def produce() -> Iterator[MatchOutcome]:
        yield from run_tasks(_task, tasks, workers=workers, backend=backend, address=address)

    if not progress:
        yield from produce()
        return
    from rich.progress import Progress
    with Progress() as bar:
        job = bar.add_task("matches", total=len(tasks))
        for res in produce():
            yield res
            bar.advance(job)


def _pair(res: MatchOutcome, pairs: dict[tuple[str, str], tuple[float, int]]) -> None:
    """Pairwise match scores: for two entrants on opposite sides of a match, 1 to the one that
    won it, half each when both or neither did."""
    sides = make_game(res.record["game"], res.record.get("options")).rules.sides
    side_of: dict[str, set[int]] = {}
    for p, b in enumerate(res.seating):
        side_of.setdefault(b, set()).add(sides[p])
    winning = {res.seating[w] for w in res.winners}
    for a in side_of:
        for b in side_of:
            if a != b and not side_of[a] & side_of[b]:
                score = 1.0 if a in winning and b not in winning else \
                    0.0 if b in winning and a not in winning else 0.5
                old = pairs.get((a, b), (0.0, 0))
                pairs[(a, b)] = (old[0] + score, old[1] + 1)


def _count(res: MatchOutcome, stats: dict[str, BotStats]) -> None:
    """Credit each bot once per match, however many seats it held (partners share one result)."""
    seats_of: dict[str, list[int]] = {}
    for p, b in enumerate(res.seating):
        seats_of.setdefault(b, []).append(p)
    winning_bots = {res.seating[w] for w in res.winners}
    for b, seats in seats_of.items():
        s = stats[b]
        s.matches += 1
        if b in winning_bots:
            s.match_score += 1 / len(winning_bots)
        # Partners show their side's game points at each seat: count one seat.
        s.game_points.append(float(res.game_points[seats[0]]))
        s.hands += res.hands
        s.hands_won += max(res.hands_won[q] for q in seats)


def _rank(res: MatchOutcome, bot: str) -> int:
    """1 for the match winners, 2 for everyone else."""
    return 1 if any(res.seating[w] == bot for w in res.winners) else 2
