"""Players' ratings per game, from rated matches between people (OpenSkill, Plackett-Luce).

One library and one model for all the games: OpenSkill's Plackett-Luce model (Weng and Lin's
Bayesian approximation) rates two players, three each for himself, and two partnerships alike,
and it rates partners apart (each partner's change is in proportion to his own uncertainty, so a
newcomer moves more than his well-known partner). Glicko-2 rates only one against one: the
partnership and three-player games would need a second system, with a scale of its own.

The scale is OpenSkill's own times 60, so that a new player starts at 1500 with an uncertainty
(sigma) of 500, the numbers people know from Elo and Glicko. A player's rating is his mean (``mu``);
it is *provisional* while sigma is above ``PROVISIONAL_SIGMA`` (a player's first ten matches or so).

What a rated match says (``places``): the seats held by players, grouped by side (partners
together). The sides of the match's winners place first, the others second. A player who left the
match before it was over (he left his seat, or was away so long that the computer played for him:
``Table`` keeps these in ``Storage.leaves``) lost it, whatever the computer then made of his cards:
his side places last, and his partners who stayed are not rated by that match. Computer players'
seats are not rated; a player holding seats on two sides is not rated; with fewer than two sides
left the match rates nobody.

A player who keeps leaving matches between people waits before his next one: ``cooldown_for``.

Ann beat Bob; Cy left, so his side lost although the computer won it for Ann and him (Ann, who
stayed, is not rated by it):

>>> places([0, 1], [0], {0: "ann", 1: "bob"}, set())
[(['ann'], 0), (['bob'], 1)]
>>> places([0, 1, 0, 1], [0, 2], {0: "ann", 1: "bob", 2: "cy", 3: "dee"}, {2})
[(['cy'], 2), (['bob', 'dee'], 1)]
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from openskill.models import PlackettLuce

from ..games import GAMES
from .errors import TableError
from .storage import Storage

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.match import Match

__all__ = ["Rating", "Ratings", "player_page", "leaderboard", "MODEL", "DEFAULT_RATING",
           "PROVISIONAL_SIGMA", "places", "LEAVE_WINDOW", "FREE_LEAVES", "COOLDOWN_FIRST", "COOLDOWN_MAX"]

SCALE = 60.0
MODEL = PlackettLuce(mu=25.0 * SCALE, sigma=25.0 / 3 * SCALE, beta=25.0 / 6 * SCALE,
                     tau=25.0 / 300 * SCALE)
"""OpenSkill's default model, every parameter times ``SCALE``: the same updates on the 1500 scale."""
DEFAULT_RATING = float(MODEL.mu)
"""A player's rating in a game before his first rated match of it."""
PROVISIONAL_SIGMA = 400.0
"""A rating is provisional while its uncertainty is above this (a new one's is 500)."""

LEAVE_WINDOW = 3600.0
"""Leaves counted for the cooldown: those of the last hour."""
FREE_LEAVES = 2
"""Leaves in the window that cost no wait (a lost connection, a call away)."""
COOLDOWN_FIRST = 60.0
"""The wait after the first leave beyond the free ones; each further one doubles it..."""
COOLDOWN_MAX = 1800.0
"""...up to this."""


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game."""

    game: str
    mu: float
    sigma: float
    matches: int

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    def to_json(self) -> RatingJSON:
        return {"game": self.game, "rating": round(self.mu), "sigma": round(self.sigma),
                "matches": self.matches, "provisional": self.provisional}


class RatingJSON(TypedDict):
    """A rating as pages show it: rounded, with its matches and whether it is still provisional."""

    game: str
    rating: int
    sigma: int
    matches: int
    provisional: bool


class LeaderRow(RatingJSON):
    """A line of the leaderboard: the place, the player, his rating."""

    rank: int
    id: str
    name: str


class HistoryRow(TypedDict):
    """A rated match in a player's history: the table, the game, when, the result and the rating
    after it (and its change)."""

    table: str
    game: str
    at: float
    result: str
    rating: int
    change: int
    sigma: int


class LeaderboardJSON(TypedDict):
    """``GET /api/leaderboard``."""

    game: str
    game_name: str
    provisional_sigma: float
    players: list[LeaderRow]


def places(sides: list[int] | tuple[int, ...], winners: list[int], players: dict[int, str],
           left: set[int]) -> list[tuple[list[str], int]]:
    """The rated sides of a finished match, each as (its players, its place: 0 first): ``sides``
    gives each seat's side, ``winners`` the seats that won the match, ``players`` the seats held
    by players and ``left`` the seats whose players left it."""
    side_of: dict[str, set[int]] = {}
    for seat, pid in players.items():
        side_of.setdefault(pid, set()).add(sides[seat])
    won = {sides[w] for w in winners}
    lost = {sides[s] for s in left if s in players}
    out = []
    for side in sorted(set(sides)):
        seats = [s for s in sorted(players) if sides[s] == side and len(side_of[players[s]]) == 1]
        if side in lost:
            # The side lost by leaving: only those who left are rated by it.
            seats = [s for s in seats if s in left]
        members = list(dict.fromkeys(players[s] for s in seats))
        if members:
            out.append((members, 2 if side in lost else 0 if side in won else 1))
    return out if len(out) > 1 else []


def _result(place: int, all_places: set[int], left: bool) -> str:
    if left:
        return "left"
    if len(all_places) == 1:
        return "drew"
    return "won" if place == min(all_places) else "lost"


class FinishedTable(Protocol):
    """What rating a match reads of its table (``server.table.Table`` is one)."""

    id: str
    game: Game
    match: Match
    player_ids: dict[int, str]


class Ratings:
    """The ratings' operations on a ``Storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def rating(self, player_id: str, game: str) -> Rating:
        got = self.storage.rating(player_id, game)
        if got is None:
            return Rating(game, DEFAULT_RATING, float(MODEL.sigma), 0)
        return Rating(game, *got)

    def rating_of(self, player_id: str, game: str) -> float:
        """The player's rating in ``game`` (``DEFAULT_RATING`` before his first rated match):
        what quick pairing pairs by."""
        return self.rating(player_id, game).mu

    def ratings_of(self, player_id: str) -> list[Rating]:
        """The player's ratings, the game he played most first."""
        got = [Rating(g, mu, sigma, n) for g, (mu, sigma, n) in
               self.storage.ratings_of(player_id).items()]
        return sorted(got, key=lambda r: (-r.matches, r.game))

    def settle(self, table: FinishedTable) -> bool:
        """Rate a finished rated match (once: False if it was rated before, or rates nobody)."""
        match = table.match
        assert match.complete
        players = dict(table.player_ids)
        left = self.storage.leaves(table.id) & set(players)
        rated = places(table.game.rules.sides, list(match.winner or []), players, left)
        if not rated:
            return False
        leavers = {players[s] for s in left}
        all_places = {place for _, place in rated}
        everyone = [p for members, _ in rated for p in members]

        def rate(current: dict[str, tuple[float, float] | None]) -> dict[str, tuple[float, float,
                                                                                   float, str]]:
            teams = [[MODEL.rating(*(current[p] or (MODEL.mu, MODEL.sigma))) for p in members]
                     for members, _ in rated]
            new = MODEL.rate(teams, ranks=[float(place) for _, place in rated])
            out = {}
            for (members, place), before, after in zip(rated, teams, new, strict=True):
                for p, b, a in zip(members, before, after, strict=True):
                    out[p] = (b.mu, a.mu, a.sigma, _result(place, all_places, p in leavers))
            return out

        return self.storage.settle_ratings(table.id, table.game.id, everyone, rate)

    def leaderboard(self, game: str, limit: int) -> list[LeaderRow]:
        """The best ratings in ``game``: established ones by rating, then provisional ones."""
        rows = self.storage.leaderboard(game, limit, PROVISIONAL_SIGMA)
        return [{"rank": i, "id": r["id"], "name": r["name"],
                 **Rating(game, r["mu"], r["sigma"], r["matches"]).to_json()}
                for i, r in enumerate(rows, 1)]

    def history(self, player_id: str, limit: int = 500) -> list[HistoryRow]:
        """The player's last ``limit`` rated matches, oldest first: the table, the game, when,
        the result and the rating after it (and its change)."""
        return [{"table": h["table"], "game": h["game"], "at": h["at"], "result": h["result"],
                 "rating": round(h["mu"]), "change": round(h["mu"] - h["before"]),
                 "sigma": round(h["sigma"])}
                for h in self.storage.rating_history(player_id, limit)]

    def cooldown_for(self, player_id: str, now: float | None = None) -> float:
        """Seconds the player must wait before his next match (0: none), for leaving matches
        between people: past ``FREE_LEAVES`` in the last hour, ``COOLDOWN_FIRST`` after his last
        leave, doubled for each further one, at most ``COOLDOWN_MAX``."""
        now = time.time() if now is None else now
        times = self.storage.leaves_since(player_id, now - LEAVE_WINDOW)
        extra = len(times) - FREE_LEAVES
        if extra <= 0:
            return 0.0
        wait = min(COOLDOWN_MAX, COOLDOWN_FIRST * 2 ** (extra - 1))
        return max(0.0, float(math.ceil(times[-1] + wait - now)))


RECENT_MATCHES = 20
"""The matches a player's page lists."""
LEADERBOARD_MAX = 100


def player_page(storage: Storage, player_id: str) -> dict[str, Any]:
    """What ``GET /api/players/{id}`` adds to the player's name: his ``ratings`` per game, each
    with its ``history`` (the rating after each rated match), and his recent ``matches`` (rated
    or not, newest first) with their links."""
    ratings = Ratings(storage)
    history = ratings.history(player_id)
    by_game: dict[str, list[dict[str, object]]] = {}
    for h in history:
        by_game.setdefault(h["game"], []).append({k: v for k, v in h.items() if k != "game"})
    rated = {h["table"]: h for h in history}
    matches = []
    for t in storage.recent_tables_of_player(player_id, RECENT_MATCHES):
        tid, game = t["id"], t["spec"]["game"]
        got = rated.get(tid)
        matches.append({"table": tid, "game": game, "game_name": _game_name(game),
                        "created": t["created"], "finished": t["finished"],
                        "rated": bool(t["spec"].get("rated")),
                        "result": got["result"] if got else None,
                        "change": got["change"] if got else None,
                        "link": f"/t/{tid}",
                        # The whole record is public once the match is over.
                        "record": f"/api/tables/{tid}/record" if t["finished"] else None})
    return {"ratings": [{**r.to_json(), "game_name": _game_name(r.game),
                         "history": by_game.get(r.game, [])} for r in ratings.ratings_of(player_id)],
            "matches": matches}


def leaderboard(storage: Storage, game: Any, limit: Any) -> LeaderboardJSON:
    """``GET /api/leaderboard``: the best ``limit`` players of ``game``."""
    if not isinstance(game, str) or game not in GAMES:
        raise TableError("no_game", f"unknown game {game!r} (choose from "
                         f"{', '.join(sorted(GAMES))})", 404)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= LEADERBOARD_MAX:
        raise TableError("bad_request", f"'limit' is a number from 1 to {LEADERBOARD_MAX}", 400)
    return {"game": game, "game_name": _game_name(game),
            "provisional_sigma": PROVISIONAL_SIGMA,
            "players": Ratings(storage).leaderboard(game, limit)}


def _game_name(game: str) -> str:
    cls = GAMES.get(game)
    return cls.name if cls is not None else game
