"""A table: one match, its seats (people with secret tokens, or computer players) and its events.

One person, one seat: the table's creator gets his own seat's secret (the first human seat's);
each other human seat gets an invitation, which the first to claim it exchanges for that seat's
own secret (``claim``), once. The server keeps only hashes of the secrets (``secret_hash``).

Deals come from a secret the server draws from ``secrets`` and keeps to itself until the match is
over; no request can choose it or see it before then. Each hand is published with a commitment to
its deal (``sixtysix.fairness``); the hand's key, revealed when the hand is over, lets each seat's
browser check it at once, and the secret, revealed at the end, lets anyone check the match.

The table is the authority: an action is accepted only from the seat's token, only when that seat
is to act, only at the state version the sender saw, and only when the rules allow it; then it is
stored and applied. Every check happens before anything changes, so a refused request changes
nothing. The table is plain synchronous code; ``app.py`` puts it on the network.

>>> from sixtysix.server.storage import Storage
>>> t = Table.create(Storage("sqlite://"), {"game": "sixty-six", "seats": [
...     {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
>>> seat = t.match.to_act
>>> action = t.message(seat)["view"]["legal"][0]["action"]
>>> t.act(seat, action, version=t.version)
>>> t.version
2
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import logging
import random
import re
import secrets
import time
import typing
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ..bots.base import Bot, BotError
from ..bots.registry import make_bot
from ..engine.actions import action_str
from ..engine.match import Match
from ..engine.options import OptionValues, option_meanings
from ..errors import IllegalActionError, OptionError
from ..fairness import SCHEME, SECRET_BYTES, V1, commitment, deal_seed, fairness_block, hand_key
from ..games import DEFAULT_GAME, GAMES, Game, make_game
from ..games.base import options_to_dict
from ..games.meanings_de import LABELS as LABELS_DE
from ..records import match_from_record, seat_record
from .errors import TableError
from .ratings import Ratings
from .reveal import PastHandJSON, RevealJSON, hand_reveal, past_hand
from .storage import SeatSpec, Storage, StorageError, TableEvent, TableSpec
from .views import ResultJSON, ViewJSON, result_to_json, view_to_json

__all__ = ["Table", "TableError", "SeatInfo", "game_catalog", "option_label", "rematch_id",
           "secret_hash", "FORMER_PLAYER", "DEFAULT_TAKEOVER_BOT", "DEFAULT_TAKEOVER_SECONDS",
           "DEFAULT_NEXT_HAND_SECONDS"]

log = logging.getLogger("sixtysix.server")

DEFAULT_TAKEOVER_BOT = "casual"
"""Who plays for a person away (per table: takeover_bot): sensible play at once. Not ``random``,
which may show a marriage and claim 66 on its first lead and so throw the person's hand away."""
DEFAULT_TAKEOVER_SECONDS = 60
"""How long a person may be away before a computer plays for them (per table: takeover_seconds)."""
DEFAULT_NEXT_HAND_SECONDS = 30
"""Once a person has asked for the next hand, how long the others present have to read the hand's
summary before it is dealt anyway (per table: next_hand_seconds; 0: wait for everyone)."""
RECONNECT_SECONDS = 10.0
"""A person whose connection has just gone (a reload, a dropped line, the server started again) is
still waited for this long before the next hand is dealt without them."""
SEED_BITS = 52
"""Deal seeds of tables stored before secrets (``spec["seed"]``): still dealt the old way."""
MAX_NAME = 40
MAX_SECRET = 64
"""The longest seat secret or invitation looked at (they are 22 characters)."""


@dataclass
class SeatInfo:
    kind: str
    """'human' or 'bot'."""
    name: str
    bot: str | None = None
    token_hash: str | None = None
    """``secret_hash`` of the secret its person holds; None for a computer or while invited."""
    invite: str | None = None
    """Its invitation while nobody has claimed it."""


FORMER_PLAYER = "a former player"
"""The name shown for the seat of a player who deleted himself."""


def secret_hash(secret: str) -> str:
    """What the server keeps of a seat's secret or an invitation: its SHA-256 (hex). The secrets
    are 128 random bits: nobody can find one from its hash, so no slow hash is needed.

    >>> len(secret_hash("abc")), secret_hash("abc") == secret_hash("abc")
    (64, True)
    """
    return hashlib.sha256(secret.encode()).hexdigest()


def option_label(name: str, lang: str = "en") -> str:
    """A rule option's name as words for people (the name stays the option's identity); German
    labels are written out in ``games.meanings_de``.

    >>> option_label("phase2_follow"), option_label("close_min_stock"), option_label("target", "de")
    ('Phase 2 follow', 'Close min stock', 'Ziel')
    """
    if lang == "de" and name in LABELS_DE:
        return LABELS_DE[name]
    words = re.sub(r"(?<=[a-z])(?=\d)", " ", name).split("_")
    return " ".join(words).capitalize()


def game_catalog(lang: str = "en") -> list[dict[str, Any]]:
    """Every game with its options (name, readable label, meaning, kind, choices, default), for
    the lobby form and the help pages; labels and meanings in ``lang`` (en, de).

    >>> ss = next(g for g in game_catalog() if g["id"] == "sixty-six")
    >>> [o["name"] for o in ss["options"]][:2]
    ['next_dealer', 'phase2_follow']
    >>> {k: ss["options"][0][k] for k in ("label", "meaning")}
    {'label': 'Next dealer', 'meaning': 'who deals the next hand'}
    """
    out = []
    for gid, cls in sorted(GAMES.items()):
        hints = typing.get_type_hints(cls.Options)
        meanings = option_meanings(cls.Options, lang)
        defaults = cls.Options()
        opts = []
        for f in dataclasses.fields(cls.Options):
            hint = hints[f.name]
            about = {"name": f.name, "label": option_label(f.name, lang),
                     "meaning": meanings.get(f.name, ""),
                     "default": getattr(defaults, f.name)}
            if typing.get_origin(hint) is typing.Literal:
                opts.append({**about, "type": "choice", "choices": list(typing.get_args(hint))})
            elif hint is bool:
                opts.append({**about, "type": "bool"})
            elif hint is int:
                opts.append({**about, "type": "int"})
        out.append({"id": gid, "name": cls.name, "n_seats": cls.n_seats, "options": opts,
                    "default": gid == DEFAULT_GAME})
    return out


@functools.lru_cache(maxsize=256)
def _cached_game(game_id: str, options_json: str) -> Game:
    return make_game(game_id, json.loads(options_json))


def shared_game(game_id: str, options: dict[str, Any]) -> Game:
    """``make_game``, shared between tables with the same rules (games are immutable values;
    building one reads type hints, which costs milliseconds per table)."""
    return _cached_game(game_id, json.dumps(options, sort_keys=True))


def _spec_error(message: str) -> TableError:
    return TableError("bad_table", message, 400)


def check_bot(text: Any, where: str, limits: dict[str, float] | None) -> str:
    """A computer player's text, checked: a known bot with parameters in its declared ranges,
    and within this server's ``limits`` (caps on the bot's ``seconds``, ``iterations``, ...)."""
    if not isinstance(text, str):
        raise _spec_error(f"{where}: a computer player is named by text, e.g. 'random' or 'strong'")
    try:
        bot = make_bot(text)
    except BotError as e:
        raise _spec_error(f"{where}: {e}") from None
    for attr, cap in (limits or {}).items():
        value = getattr(bot, attr, None)
        if isinstance(value, int | float) and not isinstance(value, bool) and value > cap:
            raise _spec_error(f"{where}: {bot.name}: {attr}={value:g} is over this server's limit "
                              f"of {cap:g}")
    return text


def check_spec(raw: Any, bot_limits: dict[str, float] | None = None) -> TableSpec:
    """Validate a table request and return the normalized spec (the deal secret and the dealer
    added). ``bot_limits`` caps computer players' budgets (the server's configuration)."""
    if not isinstance(raw, dict):
        raise _spec_error("the table request must be a JSON object")
    if "seed" in raw:
        raise _spec_error("'seed' cannot be chosen: the server deals from a secret of its own, "
                          "commits to each deal and reveals the secret when the match is over")
    known = {"game", "options", "seats", "hints", "hint_seconds", "takeover_seconds", "takeover_bot",
             "bot_delay", "next_hand_seconds", "rated"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise _spec_error(f"unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    game_id = raw.get("game", DEFAULT_GAME)
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise _spec_error(f"unknown game {game_id!r} (choose from {', '.join(sorted(GAMES))})")
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise _spec_error("'options' must be an object of rule options")
    try:
        game = shared_game(game_id, options)
    except (OptionError, TypeError, ValueError, OverflowError) as e:
        raise _spec_error(f"options: {e}") from None
    seats_raw = raw.get("seats")
    n = game.n_seats
    if seats_raw is None:
        seats_raw = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
    if not isinstance(seats_raw, list) or len(seats_raw) != n:
        raise _spec_error(f"{game.name} needs 'seats': a list of {n} seats")
    seats: list[SeatSpec] = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict):
            raise _spec_error(f"seat {i} must be an object like {{'kind': 'human'}}")
        kind = s.get("kind")
        name = s.get("name") or (f"Seat {i}" if kind == "human" else None)
        if kind not in ("human", "bot"):
            raise _spec_error(f"seat {i}: 'kind' must be 'human' or 'bot', not {kind!r}")
        if not isinstance(name, str | None) or (name and len(name) > MAX_NAME):
            raise _spec_error(f"seat {i}: 'name' must be text of at most {MAX_NAME} characters")
        if kind == "bot":
            bot = check_bot(s.get("bot", "random"), f"seat {i}", bot_limits)
            seats.append({"kind": "bot", "bot": bot, "name": name or f"Computer {i + 1} ({bot})"})
        else:
            seats.append({"kind": "human", "name": name or f"Seat {i}"})
    takeover = raw.get("takeover_seconds", DEFAULT_TAKEOVER_SECONDS)
    if isinstance(takeover, bool) or not isinstance(takeover, int | float) \
            or not 0 <= takeover <= 86_400:
        raise _spec_error("'takeover_seconds' must be a number of seconds up to 86400 (0: never)")
    next_seconds = raw.get("next_hand_seconds", DEFAULT_NEXT_HAND_SECONDS)
    if isinstance(next_seconds, bool) or not isinstance(next_seconds, int | float) \
            or not 0 <= next_seconds <= 3600:
        raise _spec_error("'next_hand_seconds' (how long the others have to press Next hand once "
                          "one person has) must be a number of seconds up to 3600 (0: no limit)")
    takeover_bot = check_bot(raw.get("takeover_bot", DEFAULT_TAKEOVER_BOT), "takeover_bot",
                             bot_limits)
    delay = raw.get("bot_delay", 0.6)
    if isinstance(delay, bool) or not isinstance(delay, int | float) or not 0 <= delay <= 10:
        raise _spec_error("'bot_delay' must be between 0 and 10 seconds")
    rated = raw.get("rated", False)
    if not isinstance(rated, bool):
        raise _spec_error("'rated' must be true or false")
    if rated and sum(s["kind"] == "human" for s in seats) < 2:
        raise _spec_error("a rated match is between people: give it two or more human seats")
    if rated and not takeover:
        raise _spec_error("a rated match needs 'takeover_seconds' above 0: the computer plays for "
                          "a player who leaves, and the others need not wait for him")
    # Hints help whoever asks: fair between people only where all agreed, so not by default.
    hints = raw.get("hints", sum(s["kind"] == "human" for s in seats) <= 1)
    if not isinstance(hints, bool):
        raise _spec_error("'hints' must be true or false")
    if rated and hints:
        raise _spec_error("a rated match has no hints: they would play for whoever asks")
    hint_seconds = raw.get("hint_seconds", 1.0)
    if isinstance(hint_seconds, bool) or not isinstance(hint_seconds, int | float) \
            or not 0.05 <= hint_seconds <= 10:
        raise _spec_error("'hint_seconds' (how long a hint may think) must be between 0.05 and 10")
    cap = (bot_limits or {}).get("seconds")
    if hints and cap is not None and hint_seconds > cap:
        raise _spec_error(f"'hint_seconds' is over this server's limit of {cap:g}")
    # The first dealer is public at once; it is drawn from the system's randomness all the same.
    dealer = game.first_dealer(random.SystemRandom())
    return {"game": game_id, "options": options_to_dict(game.options), "seats": seats,
            "hints": hints, "hint_seconds": float(hint_seconds), "takeover_seconds": takeover,
            "takeover_bot": str(takeover_bot), "next_hand_seconds": next_seconds,
            "bot_delay": float(delay), "rated": rated, "dealer": dealer,
            "secret": secrets.token_bytes(SECRET_BYTES).hex(), "scheme": SCHEME,
            "bot_seed": secrets.randbits(64)}


class BummerlJSON(TypedDict):
    """Who gets the Bummerl, how many (``_bummerl``)."""

    seats: list[int]
    kind: str
    count: int


class SeriesEntry(TypedDict):
    """An earlier match of the table's rematch chain, as the score pad tallies it."""

    table: str
    winner: list[int] | None
    score: list[int]
    bummerl: BummerlJSON | None


class NextJSON(TypedDict):
    """Between hands: who asked for the next hand, who is still reading, when it is dealt."""

    ready: list[int]
    waiting: list[int]
    deal_in: float | None


class InviteJSON(TypedDict):
    seat: int
    link: str


class RematchLink(TypedDict):
    table: str
    link: str


class SeatState(TypedDict):
    """A seat as the state message shows it."""

    name: str
    kind: str
    bot: str | None
    player: str | None
    left: bool
    invited: bool
    connected: bool
    computer: bool
    takeover_in: float | None


class ScoredResult(ResultJSON):
    """A hand's result on the score sheet, with the match score after it."""

    score: list[int]


class StateMessage(TypedDict):
    """The table's state as a seat (or a spectator) may see it (``Table.message``)."""

    type: Literal["state"]
    table: str
    version: int
    seat: int | None
    game: str
    game_name: str
    options: OptionValues
    seats: list[SeatState]
    score: list[int]
    hand_no: int
    score_start: list[int]
    complete: bool
    winner: list[int] | None
    rated: bool
    view: ViewJSON
    result: ResultJSON | None
    results: list[ScoredResult]
    reveal: RevealJSON | None
    bummerl: BummerlJSON | None
    series: list[SeriesEntry]
    can_next: bool
    next: NextJSON | None
    hints: bool
    commitment: str | None
    scheme: str | None
    deal_keys: list[str]
    secret: str | None
    rematch: RematchLink | None
    invites: list[InviteJSON]


@functools.lru_cache(maxsize=4096)
def _commitment_of(secret: bytes, number: int, scheme: str) -> str:
    """``fairness.commitment``, kept: every state message of a table carries it, and a hash a
    message (twice a move at two seats) took 14 of the 175 µs of building one."""
    return commitment(secret, number, scheme)


@functools.lru_cache(maxsize=4096)
def _key_of(secret: bytes, number: int) -> str:
    """``fairness.hand_key`` as text, kept: every state message carries the key of every hand
    over so far, a hash each."""
    return hand_key(secret, number).hex()


def _bummerl(match: Match) -> BummerlJSON | None:
    """Who lost the match and gets the Bummerl, once it is over, where the game counts them:
    ``{"seats", "kind", "count"}`` ('Bummerl' 1, 'Schneider' 2, 'Retourschneider' 4); None
    otherwise. Schnapsen's count comes from the engine as a number, Bauernschnapsen's with its
    seats and kind.

    >>> m = Match(make_game("schnapsen"), dealer=0)
    >>> m.complete, m.winner, m.extra["bummerl"] = True, [1], 2
    >>> _bummerl(m)
    {'seats': [0], 'kind': 'Schneider', 'count': 2}
    """
    got = match.extra.get("bummerl")
    if not match.complete or got is None:
        return None
    if isinstance(got, dict):
        return {"seats": list(got["seats"]), "kind": got["kind"], "count": got["count"]}
    assert isinstance(got, int)  # Schnapsen's: a number
    losers = [p for p in range(match.n) if p not in (match.winner or [])]
    return {"seats": losers, "kind": "Schneider" if got == 2 else "Bummerl", "count": got}


def rematch_id(table_id: str) -> str:
    """The id of a table's rematch: its id with the rematch's number. Derived, not drawn, so that
    every seat and every server process asking for the rematch finds the same table, and two
    requests at once make one table (the second finds the id taken).

    >>> rematch_id("Xy_12-ab"), rematch_id("Xy_12-ab.2")
    ('Xy_12-ab.2', 'Xy_12-ab.3')
    """
    base, dot, n = table_id.rpartition(".")
    return f"{base}.{int(n) + 1}" if dot and n.isdigit() else f"{table_id}.2"


def earlier_matches(table_id: str) -> list[str]:
    """The tables of the matches before ``table_id`` in its rematch chain, first first, the last
    ``MAX_SERIES`` of them (table ids have no dot of their own: ``rematch_id`` adds the only one).

    >>> earlier_matches("Xy_12-ab.3"), earlier_matches("Xy_12-ab")
    (['Xy_12-ab', 'Xy_12-ab.2'], [])
    """
    base, dot, n = table_id.rpartition(".")
    if not dot or not n.isdigit():
        return []
    chain = [base] + [f"{base}.{k}" for k in range(2, int(n))]
    return chain[-MAX_SERIES:]


MAX_SERIES = 30
"""The most earlier matches a table tallies (each is read and replayed once per table)."""


REMATCH_FIELDS = ("hints", "hint_seconds", "takeover_seconds", "takeover_bot", "bot_delay",
                  "next_hand_seconds", "rated")
"""The table settings a rematch keeps (with the game, its options and the seats)."""


class Table:
    """One match at one table. Build with ``create`` (new) or ``load`` (from storage)."""

    def __init__(self, table_id: str, spec: TableSpec, storage: Storage) -> None:
        self.id = table_id
        self.spec = spec
        self.storage = storage
        self.game = shared_game(spec["game"], spec["options"])
        # A table stored before seat keys has its seats' tokens in the spec.
        self.seats = [SeatInfo(kind=s["kind"], name=s["name"], bot=s.get("bot"),
                               token_hash=secret_hash(s["token"]) if s.get("token") else None)
                      for s in spec["seats"]]
        self.match = Match(self.game, dealer=spec["dealer"], players=[s.name for s in self.seats])
        self.events: list[TableEvent] = []
        self.finished = False
        self.away_since: dict[int, float] = {i: time.monotonic() for i, s in enumerate(self.seats)
                                             if s.kind == "human"}
        """Human seats with no open connection, and since when (for the computer takeover)."""
        self.taken_over: set[int] = set()
        """Seats away whose computer takeover another player asked for at once (until they return)."""
        self.ready: set[int] = set()
        """Human seats that asked for the next hand since the current one ended (kept in memory
        only, like presence: after a restart each browser asks again)."""
        self.ready_since: float | None = None
        """When the first of them asked: the countdown to the deal runs from then."""
        self.left_at: dict[int, float] = {}
        """When each person's connection went (or the server started again): for
        RECONNECT_SECONDS they are still waited for."""
        self._bots: dict[int, Bot] = {}
        self.presence = 0
        """Bumped when a seat connects or leaves: part of the message's identity with the version."""
        self._cache: dict[int | None, tuple[tuple[int, int], str, float]] = {}
        self.rematch: str | None = None
        """The rematch's table id once asked for."""
        self._past: dict[int, PastHandJSON] = {}
        """``past_hand``'s answers so far (a hand over does not change)."""
        self._series: list[SeriesEntry] | None = None
        """``series``, once read."""
        self._revealed: tuple[int, RevealJSON | None] | None = None
        """The number of the last hand over and its ``hand_reveal``."""
        self.new_token: str | None = None
        """The creator's secret, made by ``create`` for the creation's answer (never stored)."""
        self.players: dict[int, str | None] = {}
        """Seats held by a player (``storage.seat_players``): his name, None once he is deleted."""
        self.player_ids: dict[int, str] = {}
        """Seats held by a player: his id."""
        self.left: set[int] = set()
        """Seats whose players left the match before it was over (``storage.leaves``)."""

    # ------------------------------------------------------------------ building

    @classmethod
    def create(cls, storage: Storage, raw: Any, table_id: str | None = None,
               bot_limits: dict[str, float] | None = None,
               token_hashes: dict[int, str] | None = None) -> Table:
        """A new table from the request ``raw``. Its first human seat is the creator's: a new
        secret for it (``new_token``); every other human seat gets an invitation. A rematch
        passes ``token_hashes``: its seats held already, by the same secrets as before."""
        spec = check_spec(raw, bot_limits)
        table_id = table_id or secrets.token_urlsafe(6)
        held = dict(token_hashes or {})
        humans = [i for i, s in enumerate(spec["seats"]) if s["kind"] == "human"]
        new_token = None
        if humans and token_hashes is None:
            new_token = secrets.token_urlsafe(16)
            held[humans[0]] = secret_hash(new_token)
        keys: dict[int, dict[str, str | None]] = {}
        for i in humans:
            if i in held:
                keys[i] = {"token_hash": held[i], "invite_hash": None, "invite": None}
            else:
                invite = secrets.token_urlsafe(16)
                keys[i] = {"token_hash": None, "invite_hash": secret_hash(invite), "invite": invite}
        storage.create_table(table_id, spec, keys)
        t = cls(table_id, spec, storage)
        t._set_keys({i: (k["token_hash"], k["invite"]) for i, k in keys.items()})
        t.new_token = new_token
        t.deal()
        return t

    @classmethod
    def load(cls, storage: Storage, table_id: str) -> Table | None:
        """Rebuild a stored table by replaying its events."""
        stored = storage.load_table(table_id)
        if stored is None:
            return None
        spec, events, finished = stored
        t = cls(table_id, spec, storage)
        t._set_keys(storage.load_keys(table_id))
        t.players = storage.seat_players(table_id)
        t.player_ids = storage.seat_player_ids(table_id)
        if t.player_ids:
            t.left = storage.leaves(table_id)
        t.match = t._replay(events)
        t.events = events
        t.finished = finished or t.match.complete
        if t.finished and storage.load_table(rematch_id(table_id)) is not None:
            t.set_rematch(rematch_id(table_id))
        return t

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat: its player's when a player holds it."""
        if seat in self.players:
            return self.players[seat] or FORMER_PLAYER
        return self.seats[seat].name

    def set_player(self, seat: int, player_id: str) -> None:
        """``player_id`` holds ``seat`` from now on."""
        self.storage.set_seat_player(self.id, seat, player_id)
        self.reload_players()

    def reload_players(self) -> None:
        """Read the seats' players' names again (one renamed or deleted himself)."""
        self.players = self.storage.seat_players(self.id)
        self.player_ids = self.storage.seat_player_ids(self.id)
        self.presence += 1

    @property
    def rated(self) -> bool:
        return bool(self.spec.get("rated"))

    def _left_match(self, seat: int) -> None:
        """The player of ``seat`` left the match before it was over (he left the seat, or the
        computer played for him): kept where it matters, at a match between players (a rated
        one counts it as lost; ``Ratings.cooldown_for`` counts leaves)."""
        if seat in self.left or seat not in self.player_ids or self.match.complete \
                or len(set(self.player_ids.values())) < 2:
            return
        self.storage.add_leave(self.id, seat, self.player_ids[seat])
        self.left.add(seat)

    def _set_keys(self, keys: dict[int, tuple[str | None, str | None]]) -> None:
        for i, (token_hash, invite) in keys.items():
            self.seats[i].token_hash = token_hash
            self.seats[i].invite = invite

    def reload_keys(self) -> bool:
        """Read the seats' keys again (another server process may have seen an invitation
        claimed); whether any changed."""
        before = [(s.token_hash, s.invite) for s in self.seats]
        self._set_keys(self.storage.load_keys(self.id))
        changed = before != [(s.token_hash, s.invite) for s in self.seats]
        if changed:
            self.presence += 1
        return changed

    def _replay(self, events: list[TableEvent]) -> Match:
        # The record is the persistence format: the same replay as any other tool's.
        return match_from_record(self.record_of(events))

    def record_of(self, events: list[TableEvent]) -> dict[str, Any]:
        """The record (records.md §3) of this table's events."""
        hands: list[dict[str, Any]] = []
        for ev in events:
            if "deal" in ev:
                entry: dict[str, Any] = {"seed": ev["deal"], "actions": []}
                if not hands:
                    entry = {"dealer": self.spec["dealer"], **entry}
                hands.append(entry)
            else:
                hands[-1]["actions"].append(ev["action"])
        return {"game": self.spec["game"], "options": dict(self.spec["options"]),
                "players": [self.seat_name(i) for i in range(len(self.seats))], "hands": hands}

    # ------------------------------------------------------------------ state

    @property
    def version(self) -> int:
        """The number of events so far; a client's action must name the version it saw."""
        return len(self.events)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def creator(self) -> int | None:
        """The creator's seat: the first human one."""
        return self.humans[0] if self.humans else None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; None (a spectator) without a token; TableError if wrong."""
        if token is None or token == "":
            return None
        digest = secret_hash(str(token)[:MAX_SECRET + 1])
        for attempt in range(2):
            for i, s in enumerate(self.seats):
                if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                    return i
            # A seat claimed at another server process sharing the database is not known here
            # until its news comes: look once in the database (only where a seat is invited).
            if attempt or not any(s.invite for s in self.seats) or not self.reload_keys():
                break
        raise TableError("bad_token", "this token belongs to no seat at this table", 403)

    def claim(self, invite: Any) -> tuple[int, str]:
        """Spend an invitation: its seat and the new secret that holds the seat from now on.
        TableError ``no_invite`` (unknown), ``invite_spent`` (claimed before) changes nothing."""
        if not isinstance(invite, str) or not 0 < len(invite) <= MAX_SECRET:
            raise TableError("bad_request", "'invite' must be the invitation's code (text)", 400)
        invite_hash = secret_hash(invite)
        token = secrets.token_urlsafe(16)
        seat = self.storage.claim_invite(self.id, invite_hash, secret_hash(token))
        if seat is None:
            taken = self.storage.invite_seat(self.id, invite_hash)
            if taken is None:
                raise TableError("no_invite", "this table has no such invitation: check the link "
                                 "you were sent", 404)
            raise TableError("invite_spent", f"this invitation was used already: seat "
                             f"{taken + 1} ({self.seats[taken].name}) is taken. Ask the table's "
                             "creator for a link to watch, or start a table of your own", 410,
                             {"seat": taken + 1, "name": self.seats[taken].name})
        self.reload_keys()
        return seat, token

    def _store(self, ev: TableEvent) -> None:
        # Stored first: if the database refuses, nothing has changed and the request fails.
        version = self.version
        try:
            self.storage.append_event(self.id, version, ev)
        except StorageError:
            # Another server process sharing the database stored this event number first.
            if self.refresh():
                raise self._stale(version) from None
            raise
        self.events.append(ev)

    def refresh(self, seq: int | None = None, event: TableEvent | None = None) -> bool:
        """Catch up with the events another server process stored (on a shared database);
        whether there were any. ``event``, number ``seq``, is one of them as announced: when it
        is the next one, the database need not be asked."""
        if seq is not None and seq < self.version:
            return False  # known already
        if seq == self.version and event is not None:
            new = [event]
        else:
            new = self.storage.load_events(self.id, self.version)
        for ev in new:
            if "deal" in ev:
                self.match.deal_hand(seed=ev["deal"])
                self._dealt()
            else:
                self.match.apply(ev["action"])
            self.events.append(ev)
        self.finished = self.finished or self.match.complete
        return bool(new)

    @property
    def secret(self) -> bytes | None:
        """The table's deal secret (None for a table stored before secrets)."""
        text = self.spec.get("secret")
        return bytes.fromhex(text) if text else None

    @property
    def scheme(self) -> str:
        """The fairness scheme of the table's deals: tables stored before ``sha256-v2`` keep v1."""
        return str(self.spec.get("scheme", V1))

    def deal(self) -> None:
        """Deal the next hand from the seed the secret gives for its number (``fairness``).

        Seeds have 52 bits: a player who knows his own cards could otherwise try every seed
        (2**31 shuffles take minutes in C) and find the other hands and the stock."""
        hand_no = len(self.match.hand_records) + 1
        secret = self.secret
        if secret is not None:
            seed = deal_seed(secret, hand_no, self.scheme)
        else:
            seed = random.Random(f"{self.spec['seed']}:hand:{hand_no - 1}").getrandbits(SEED_BITS)
        self._store({"deal": seed})
        self.match.deal_hand(seed=seed)
        self._dealt()

    def _dealt(self) -> None:
        if self.ready:
            self.presence += 1
        self.ready.clear()
        self.ready_since = None

    def _check_version(self, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise TableError("bad_request", "an action must carry 'version': the state version "
                             "it was chosen at (a whole number)", 400)
        if version != self.version:
            raise self._stale(version)

    def _stale(self, version: int) -> TableError:
        return TableError("stale", f"the table has moved on (version {self.version}, "
                          f"you sent {version}): look again and choose again", 409)

    def act(self, seat: int | None, action: Any, *, version: Any, by: str = "human") -> None:
        """Take ``action`` (text) for ``seat`` (already identified by its token; None for a
        spectator). Raises TableError, changing nothing, if refused."""
        if seat is None:
            raise TableError("bad_token", "spectators cannot act: use a seat's link", 403)
        if self.match.complete:
            raise TableError("match_over", "the match is over", 409)
        self._check_version(version)
        hand = self.match.hand
        if hand is None or hand.over:
            raise TableError("hand_over", "the hand is over: deal the next hand first", 409)
        if seat != hand.to_act:
            raise TableError("not_your_turn", f"it is not your turn: seat {hand.to_act} is to act", 409)
        if not isinstance(action, str) or len(action) > 40:
            raise TableError("bad_request", "'action' must be an action's text, e.g. 'play AS'", 400)
        try:
            code = hand.parse(action)
        except (IllegalActionError, ValueError) as e:
            raise TableError("illegal", str(e), 422) from None
        self._store({"seat": seat, "action": action_str(code), "by": by})
        if by == "takeover":
            self._left_match(seat)  # before the action: it may end the match
        self.match.apply(code)
        self._after_change()

    def next_hand(self, seat: int | None, *, version: Any) -> None:
        """``seat`` is ready for the next hand, once the current one is over. It is dealt at once
        when no other person present is still reading the hand's summary; else when they have
        all asked too, or the countdown runs out (``deal_due``: the hub deals). Asking twice is
        asking once."""
        if seat is None:
            raise TableError("bad_token", "only a seat at the table may ask for the next hand", 403)
        if self.match.complete:
            raise TableError("match_over", "the match is over", 409)
        self._check_version(version)
        if self.match.in_hand:
            raise TableError("hand_in_progress", "the current hand is still being played", 409)
        self.join_ready([seat], self.version)
        if not self.waiting(time.monotonic()):
            self.deal()

    def join_ready(self, seats: Any, version: Any) -> None:
        """Count ``seats`` as ready at ``version`` (a seat's request, or another server process's
        news of its own); news of an earlier hand is ignored."""
        new = {s for s in seats if s in self.humans} - self.ready if version == self.version else set()
        if new and not self.match.in_hand and not self.match.complete:
            if not self.ready:
                self.ready_since = time.monotonic()
            self.ready |= new
            self.presence += 1

    def waiting(self, now: float) -> list[int]:
        """The people present who have not asked for the next hand yet: a seat away (but for a
        moment: RECONNECT_SECONDS), or played by the computer, is not waited for."""
        return [p for p in self.humans if p not in self.ready and not self._computer_controls(p, now)[0]
                and (p not in self.away_since or self._reconnecting(p, now) > 0)]

    def _reconnecting(self, seat: int, now: float) -> float:
        """How much longer ``seat``'s person, whose connection has just gone, is waited for."""
        return self.left_at.get(seat, -RECONNECT_SECONDS) + RECONNECT_SECONDS - now

    def deal_due(self, now: float) -> tuple[bool, float | None]:
        """With the hand over: whether the next hand is to be dealt now; if not, in how many
        seconds it will be (None: not by the clock)."""
        if all(self._computer_controls(p, now)[0] for p in self.humans):
            return True, None  # nobody to ask
        if not self.ready or self.ready_since is None:
            return False, None  # nobody has asked: the summary stays
        waiting = self.waiting(now)
        if not waiting:
            return True, None
        waits = [self._reconnecting(p, now) for p in waiting if p in self.away_since]
        limit = self.spec.get("next_hand_seconds", DEFAULT_NEXT_HAND_SECONDS)
        if limit:
            waits.append(self.ready_since + limit - now)
        if not waits:
            return False, None
        return (True, None) if min(waits) <= 0 else (False, min(waits))

    def deal_next(self, version: int) -> None:
        """The server deals the next hand (``deal_due``), at the version it decided at."""
        self._check_version(version)
        if self.match.complete or self.match.in_hand:
            raise self._stale(version)
        self.deal()

    def _after_change(self) -> None:
        if self.match.complete and not self.finished:
            self.finished = True
            if self.rated:
                try:
                    Ratings(self.storage).settle(self)
                except Exception:
                    # The match is stored and over whatever happens to its rating.
                    log.exception("the rated match at table %s could not be rated", self.id)
            self.storage.set_finished(self.id)

    # ------------------------------------------------------------------ computer players

    def bot_for(self, seat: int) -> Bot:
        if seat not in self._bots:
            s = self.seats[seat]
            self._bots[seat] = make_bot(s.bot if s.kind == "bot" and s.bot else self.spec["takeover_bot"])
        return self._bots[seat]

    def bot_rng(self) -> random.Random:
        """The generator for the computer's choice at this version: replays choose the same."""
        return random.Random(f"{self.spec.get('bot_seed', self.spec.get('seed'))}:bot:{self.version}")

    def computer_seat(self, now: float) -> tuple[int | None, float | None]:
        """(seat, None) when a computer should act for ``seat`` now; (None, wait) when a human seat
        will be taken over after ``wait`` seconds; (None, None) when no computer has to act."""
        hand = self.match.hand
        if self.match.complete or hand is None:
            return None, None
        if hand.over:
            due, wait = self.deal_due(now)  # -1 means "deal"
            return (-1, None) if due else (None, wait)
        seat = hand.to_act
        ctl, wait = self._computer_controls(seat, now)
        return (seat, None) if ctl else (None, wait)

    def _computer_controls(self, seat: int, now: float) -> tuple[bool, float | None]:
        if self.seats[seat].kind == "bot":
            return True, None
        limit = self.spec["takeover_seconds"]
        since = self.away_since.get(seat)
        if since is not None and seat in self.taken_over:
            return True, None
        if self.seats[seat].invite is not None:
            # Invited and not come yet: the table waits for the person (an invitation may take
            # a while to reach him), unless a player asks for the computer at once.
            return False, None
        if not limit or since is None:
            return False, None
        away = now - since
        return (True, None) if away >= limit else (False, limit - away)

    def take_over(self, asker: int | None, seat: Any) -> None:
        """A player asks for the computer to play at once for ``seat``, whose person is away.
        The person takes the seat back by connecting again with the seat's link."""
        if asker is None:
            raise TableError("bad_token", "only a player at the table may ask for this", 403)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("bad_request", f"'seat' must be a seat number from 0 to "
                             f"{len(self.seats) - 1}", 400)
        if self.match.complete:
            raise TableError("match_over", "the match is over", 409)
        if self.seats[seat].kind != "human" or seat == asker:
            raise TableError("bad_request", "ask for the computer for another person's seat", 400)
        if seat not in self.away_since:
            raise TableError("not_away", f"{self.seats[seat].name} is here: the computer plays only "
                             "for a seat whose player is away", 409)
        if self._computer_controls(seat, time.monotonic())[0]:
            raise TableError("already", f"the computer already plays for {self.seats[seat].name}", 409)
        self.taken_over.add(seat)
        self.presence += 1

    def leave(self, seat: int | None) -> None:
        """The person of ``seat`` leaves it: away from now, and the computer plays for it at once
        (until the person connects again)."""
        if seat is None:
            raise TableError("bad_token", "spectators have no seat to leave", 403)
        self.away_since[seat] = time.monotonic()
        if not self.match.complete:
            self.taken_over.add(seat)
            self._left_match(seat)
        self.presence += 1

    def came_back(self, seat: int) -> None:
        """The person of ``seat`` connected: the seat is theirs again."""
        self.away_since.pop(seat, None)
        self.taken_over.discard(seat)

    # ------------------------------------------------------------------ rematch

    def rematch_request(self, seat: int | None) -> dict[str, Any]:
        """The table request of this match's rematch: the same game, options, seats and settings.
        Its deals come from a new secret, like any table's. Only a seat may ask, once the match
        is over."""
        if seat is None:
            raise TableError("bad_token", "only a seat at the table may ask for a rematch "
                             "(use your seat's link)", 403)
        if not self.match.complete:
            raise TableError("match_not_over", "a rematch can be asked for once the match is over", 409)
        seats = [{"kind": s.kind, "name": s.name, **({"bot": s.bot} if s.kind == "bot" else {})}
                 for s in self.seats]
        settings: dict[str, object] = dict(self.spec)
        kept = {k: settings[k] for k in REMATCH_FIELDS if k in settings}
        return {"game": self.spec["game"], "options": dict(self.spec["options"]), "seats": seats,
                **kept}

    def rematch_keys(self) -> dict[int, str]:
        """The seats' keys at the rematch: each seat held there by the secret that holds it
        here (as stored now: claimed at any process), so that nobody is told a new secret."""
        self.reload_keys()
        return {i: s.token_hash for i, s in enumerate(self.seats) if s.token_hash is not None}

    def set_rematch(self, table_id: str) -> None:
        """Remember the rematch: every seat is told of it."""
        self.rematch = table_id
        self.presence += 1  # a new message for every connection

    def rematch_for(self, seat: int | None) -> RematchLink | None:
        """What anyone may know of the rematch: its table and plain link. A seat's person
        holds his seat there with the secret he holds here."""
        if self.rematch is None:
            return None
        return {"table": self.rematch, "link": f"/t/{self.rematch}"}

    # ------------------------------------------------------------------ messages

    def message(self, seat: int | None) -> StateMessage:
        """The state as ``seat`` (None: a spectator) may see it."""
        m = self.match
        hand = m.hand
        assert hand is not None
        viewer = seat if seat is not None else 0
        view = view_to_json(hand.view(viewer), spectator=seat is None, actors=self.actors())
        now = time.monotonic()
        seats: list[SeatState] = []
        for i, s in enumerate(self.seats):
            away = i in self.away_since
            computer, wait = self._computer_controls(i, now)
            seats.append({"name": self.seat_name(i), "kind": s.kind, "bot": s.bot,
                          # The player holding the seat (his page: /p/<id>), and whether he left.
                          "player": self.player_ids.get(i) if self.players.get(i) else None,
                          "left": i in self.left,
                          # Its invitation not claimed yet: nobody holds the seat.
                          "invited": s.kind == "human" and s.token_hash is None,
                          "connected": s.kind == "bot" or not away, "computer": computer,
                          # Seconds until the computer takes the seat over (when it is to act).
                          "takeover_in": None if wait is None else round(wait, 1)})
        return {
            "type": "state", "table": self.id, "version": self.version, "seat": seat,
            "game": self.game.id, "game_name": self.game.name, "options": dict(self.spec["options"]),
            "seats": seats, "score": list(m.score), "hand_no": len(m.hand_records),
            # The match score before the first hand: the score pad's first line.
            "score_start": self.game.initial_score(),
            "complete": m.complete, "winner": m.winner, "rated": self.rated, "view": view,
            "result": result_to_json(hand.result) if hand.result is not None else None,
            # Each hand's result with the match score after it: the score sheet.
            "results": [{**result_to_json(r), "score": score}
                        for r, score in zip(m.results, m.scores, strict=True)],
            # The hand face up, once it is over (None while it runs): the same for everyone.
            "reveal": self._reveal(),
            # Schnapsen's and Bauernschnapsen's match, once lost: who gets the Bummerl, how many.
            "bummerl": _bummerl(m),
            # The matches played before this one at the same seats (its rematch chain): the tally.
            "series": self.series(),
            "can_next": hand.over and not m.complete and seat is not None and seat not in self.ready,
            "next": self._next_json(now),
            "hints": bool(self.spec["hints"]),
            "commitment": self._commitment(),
            "scheme": self.scheme if self.secret is not None else None,
            # The keys of the hands that are over (sha256-v2): each browser checks each hand
            # against the commitment it was shown (fairness.js).
            "deal_keys": self._keys(),
            "secret": self.spec.get("secret") if m.complete else None,
            "rematch": self.rematch_for(seat),
            "invites": self.invites_for(seat),
        }

    def series(self) -> list[SeriesEntry]:
        """The earlier matches of this table's rematch chain, first first, as the score pad
        tallies them: each one's ``table``, ``winner``, final ``score`` and ``bummerl``. Read once
        from storage (they are over: they do not change); a match that cannot be read is left
        out."""
        if self._series is None:
            self._series = []
            for table_id in earlier_matches(self.id):
                stored = self.storage.load_table(table_id)
                if stored is None:
                    continue
                spec, events, _ = stored
                try:
                    m = Table(table_id, spec, self.storage)._replay(events)
                except (ValueError, KeyError):  # a record replay refuses (RecordError), or an old spec
                    continue
                if m.complete:
                    self._series.append({"table": table_id, "winner": m.winner,
                                         "score": list(m.score), "bummerl": _bummerl(m)})
        return self._series

    def past_hand(self, number: int) -> PastHandJSON:
        """Hand ``number`` (from 1) face up, once it is over (``reveal.past_hand``): anyone at
        the table or watching may see it, as the hand's key, sent when it ended, gives its deal
        anyway. Worked out once per hand."""
        over = len(self.match.results)
        if not 1 <= number <= over:
            raise TableError("no_hand", f"hand {number} is not over: the hands over are "
                             + (f"1 to {over}" if over else "none yet"), 404)
        if number not in self._past:
            self._past[number] = past_hand(self.record_of(self.events), number)
        return self._past[number]

    def _reveal(self) -> RevealJSON | None:
        """``hand_reveal`` of the hand just over, worked out once per hand."""
        if not self.match.hand or not self.match.hand.over:
            return None
        n = len(self.match.hand_records)
        if self._revealed is None or self._revealed[0] != n:
            self._revealed = (n, hand_reveal(self.match))
        return self._revealed[1]

    def _next_json(self, now: float) -> NextJSON | None:
        """Between hands: who asked for the next hand, who is still reading the summary, and in
        how many seconds the hand is dealt anyway (None: not by the clock)."""
        if self.match.in_hand or self.match.complete:
            return None
        due, wait = self.deal_due(now)
        return {"ready": sorted(self.ready), "waiting": self.waiting(now),
                "deal_in": 0.0 if due else None if wait is None else round(wait, 1)}

    def invites_for(self, seat: int | None) -> list[InviteJSON]:
        """The unclaimed invitations (seat, link), for the creator's seat only: he shares them."""
        if seat is None or seat != self.creator:
            return []
        return [{"seat": i, "link": f"/t/{self.id}?invite={s.invite}"}
                for i, s in enumerate(self.seats) if s.invite]

    def actors(self) -> list[int]:
        """The seat that took each action of the current hand, in order (public: everyone at
        the table sees who acts), for the view's log of bids, melds and announcements."""
        out: list[int] = []
        for ev in reversed(self.events):
            if "deal" in ev:
                break
            if "action" in ev:
                out.append(ev["seat"])
        return out[::-1]

    def _commitment(self) -> str | None:
        """The commitment to the current hand's deal (None for a table without a secret)."""
        secret = self.secret
        return _commitment_of(secret, len(self.match.hand_records), self.scheme) \
            if secret is not None else None

    def _keys(self) -> list[str]:
        """The keys of the hands that are over, hand 1 first (none in v1: it has no keys). A
        hand's key gives its whole deal: it is revealed only once nothing is left to play."""
        secret = self.secret
        if secret is None or self.scheme == V1:
            return []
        return [_key_of(secret, n) for n in range(1, len(self.match.results) + 1)]

    def message_text(self, seat: int | None) -> str:
        """``message`` as JSON text, computed once per version and seat (and again after a
        second while a seat's takeover counts down: ``takeover_in`` is counted from now)."""
        key = (self.version, self.presence)
        now = time.monotonic()
        cached = self._cache.get(seat)
        # Counting down (to a takeover, or to the next hand's deal): seconds left from now.
        counting = bool(self.ready) or (bool(self.away_since) and bool(self.spec["takeover_seconds"]))
        if cached is not None and cached[0] == key and (not counting or now - cached[2] < 1):
            return cached[1]
        text = json.dumps(self.message(seat), separators=(",", ":"))
        self._cache[seat] = (key, text, now)
        return text

    def record_for(self, seat: int | None) -> dict[str, Any]:
        """The full record with the revealed secret once the match is over; while it runs,
        exactly ``seat``'s seat record (records.md §7) with the commitments so far."""
        record = self.record_of(self.events)
        complete = self.match.complete
        if not complete:
            if seat is None:
                raise TableError("forbidden", "while the match runs its record is given only to its "
                                 "seats (use your seat's link)", 403)
            record = seat_record(record, seat)
        secret = self.secret
        if secret is not None:
            record["fairness"] = fairness_block(secret, len(self.match.hand_records),
                                                reveal=complete, scheme=self.scheme,
                                                over=len(self.match.results), table=self.id)
        return record

