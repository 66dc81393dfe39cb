"""``sixtysix engine``: a computer player for outside programs, one JSON line in, one JSON line out.

The process stays up between requests, as a chess engine does under UCI, so a program that asks
for many moves pays the start-up (imports, tables, a search bot's worker pool) once instead of on
every ``sixtysix hint``. The protocol is described in docs/engine-protocol.md:

* on start the engine writes ``{"engine": "sixtysix", "protocol": 1, "version": …, "ready": true}``;
* a request ``{"id": 1, "record": {…}, "bot": "master", "time": 0.5}`` (a full or seat record
  where it is the seat's turn; ``iterations`` instead of ``time`` for a search bot; ``seed``;
  ``"values": false`` to skip valuing every action) is answered by
  ``{"id": 1, "seat": 0, "bot": "master", "action": "play AS", "exact": false,
  "values": [{"action": "play AS", "value": 0.81}, …], "ms": 503}``;
* ``{"cmd": "ping"}`` answers ``{"pong": true, …}``, ``{"cmd": "quit"}`` answers
  ``{"bye": true}`` and ends the process (so does the end of the input);
* anything wrong answers ``{"id": …, "error": {"message": …}}`` and the engine goes on, as it
  was: a request is strict JSON (no NaN or Infinity, no key twice, at most ``MAX_DEPTH`` deep)
  and its budget is checked against the library's one range (``SECONDS``, ``ITERATIONS``).

>>> import io
>>> out = io.StringIO()
>>> serve(io.StringIO('{"id": 1, "cmd": "ping"}\\nnot json\\n{"cmd": "quit"}\\n'), out, hello=False)
>>> print(out.getvalue().strip())
{"id": 1, "pong": true, "protocol": 1, "version": "0.1.0"}
{"id": null, "error": {"message": "a request is one JSON object a line: Expecting value at column 1"}}
{"id": null, "bye": true}
>>> out = io.StringIO()
>>> bad = '{"id": 2, "time": NaN}\\n{"id": 3, "record": {}, "time": 0}\\n'
>>> serve(io.StringIO(bad), out, hello=False)
>>> print(out.getvalue().strip())
{"id": null, "error": {"message": "a request is one JSON object a line: NaN is not a number JSON allows"}}
{"id": 3, "error": {"message": "'time' must be a number from 0.001 to 3600, not 0"}}
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import sys
import time
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Annotated, Any

if TYPE_CHECKING:
    from ..bots.base import Bot, BotArg, Param

import typer

from ..errors import shown
from . import app

__all__ = ["engine_command", "serve", "decode", "Engine", "PROTOCOL", "MAX_DEPTH"]

PROTOCOL = 1
"""The protocol's version: it changes only when a request or answer changes incompatibly."""

DEFAULT_BOT = "master"

MAX_DEPTH = 101
"""How deep a request may nest arrays and objects: a record's limit (records.MAX_DEPTH) and the
request around it."""


class RequestError(ValueError):
    """A request the engine cannot answer; ``extra`` goes into the error object."""

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


Answer = dict[str, object]
"""An answer line: the hint's answer (see the module's docstring), a pong, a bye or an error."""


class Engine:
    """Answers requests, keeping its computer players (and their caches and pools) between them."""

    def __init__(self, bot: str = DEFAULT_BOT, seconds: float = 1.0) -> None:
        from ..bots import SECONDS
        self.default_bot = bot
        self.default_seconds = float(SECONDS.check("", seconds, "the engine's time"))
        self._bots: dict[str, Bot] = {}

    def bot(self, spec: str) -> Bot:
        """The bot of ``spec``, built once and kept warm."""
        from ..bots import make_bot
        b = self._bots.get(spec)
        if b is None:
            b = self._bots[spec] = make_bot(spec)
        return b

    def answer(self, req: object) -> Answer:
        """The answer to one decoded request (errors raised as RequestError/SixtySixError)."""
        if not isinstance(req, dict):
            raise RequestError("a request is a JSON object, e.g. {\"id\": 1, \"record\": {...}}")
        cmd = req.get("cmd", "hint")
        if cmd == "ping":
            from .. import __version__
            return {"pong": True, "protocol": PROTOCOL, "version": __version__}
        if cmd == "quit":
            return {"bye": True}
        if cmd != "hint":
            raise RequestError(f"unknown cmd {shown(cmd)}: 'hint' (the default), 'ping' or 'quit'")
        return self.hint(req)

    def hint(self, req: Mapping[str, object]) -> Answer:
        from ..analysis import hint, is_exact, ranked
        from ..bots import ITERATIONS, SECONDS, Limit
        from ..engine.actions import action_str
        from ..records import view_to_act
        unknown = set(req) - {"id", "cmd", "record", "bot", "time", "iterations", "seed",
                              "values"}
        if unknown:
            raise RequestError(f"unknown request field(s): {', '.join(sorted(unknown))}")
        record = req.get("record")
        if not isinstance(record, dict):
            raise RequestError("the request needs 'record': a full or seat record (JSON object)")
        spec = req.get("bot", self.default_bot)
        if not isinstance(spec, str) or not spec.strip():
            raise RequestError("'bot' is a computer player's name, e.g. \"master\"")
        budget = _budget(req, "time", SECONDS)
        seconds = float(budget) if budget is not None else self.default_seconds
        budget = _budget(req, "iterations", ITERATIONS)
        iterations = int(budget) if budget is not None else None
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RequestError(f"'seed' must be a whole number, not {shown(seed)}")
        with_values = req.get("values", True)
        if not isinstance(with_values, bool):
            raise RequestError("'values' is true or false")
        view = view_to_act(record)
        seat = view.seat
        player = self.bot(spec)
        searches = hasattr(player, "estimates") or hasattr(player, "action_values")
        rng = random.Random(seed)
        limit = Limit(seconds=None if iterations else seconds, iterations=iterations)
        values: list[tuple[int, float]] = []
        if iterations and searches and with_values and len(view.legal) > 1 and \
                hasattr(player, "estimates"):
            # An iteration budget: the search's own estimates, best first (the protocol's promise),
            # as hint ranks them.
            values = ranked(view, player.estimates(view, rng, limit))
        elif with_values:
            # The values of every action from the hint machinery; a bot that does not value
            # actions (the rules of thumb) is valued by the default search, kept warm here.
            valuer = player if searches else self.bot(DEFAULT_BOT)
            values = hint(view, rng, seconds, valuer)
        # A search's choice is its best-valued action: one search gives the move and the values.
        action = values[0][0] if values and searches else \
            player.choose(view, random.Random(seed), limit)
        return {"seat": seat, "bot": spec, "action": action_str(action), "exact": is_exact(view),
                "values": [{"action": action_str(a), "value": json_value(v)} for a, v in values]}


def json_value(value: float) -> float | None:
    """A value as an answer gives it: rounded, and null where the search has none (an action
    it never tried: -inf, which JSON cannot write).

    >>> json_value(0.81234), json_value(float("-inf"))
    (0.812, None)
    """
    return round(value, 3) if math.isfinite(value) else None


def _budget(req: Mapping[str, object], key: str, param: Param) -> BotArg | None:
    """The request's ``key`` checked against ``param``, the library's one range of that budget
    (``Limit`` checks the same): a JSON number, not text or true; None where it gives none."""
    if key not in req:
        return None
    value = req[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RequestError(f"'{key}' must be {param.describe()}, not {shown(value)}")
    return param.check("", value, f"'{key}'")


def _refuse_constant(name: str) -> Any:
    raise RequestError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400: read as infinity
        raise RequestError(f"{text} is too large a number")
    return value


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise RequestError(f"the key {json.dumps(key)} is given twice in one object")
        out[key] = value
    return out


def decode(line: str) -> object:
    """One request line read as strict JSON: RequestError for anything else, for NaN and
    Infinity (Python's reader takes them, JSON does not), for a key given twice in an object
    (which would silently win), and for nesting deeper than ``MAX_DEPTH``.

    >>> decode('{"id": 1, "time": 0.5}')
    {'id': 1, 'time': 0.5}
    >>> try:
    ...     decode('{"time": 1, "time": 2}')
    ... except RequestError as e:
    ...     print(e)
    a request is one JSON object a line: the key "time" is given twice in one object
    """
    from ..errors import RecordError
    from ..records import check_depth
    what = "a request is one JSON object a line"
    try:
        req = json.loads(line, object_pairs_hook=_unique, parse_constant=_refuse_constant,
                         parse_float=_finite)
    except RequestError as e:
        raise RequestError(f"{what}: {e}") from None
    except json.JSONDecodeError as e:
        raise RequestError(f"{what}: {e.msg} at column {e.colno}") from None
    except RecursionError:  # JSON's reader recurses once a level, up to Python's limit
        raise RequestError(f"{what}, nested at most {MAX_DEPTH} deep") from None
    except ValueError:  # the one other: an integer longer than Python reads (4,300 digits)
        raise RequestError(f"{what}: a number too long to read") from None
    try:
        check_depth(req, "a request", MAX_DEPTH)
    except RecordError as e:
        raise RequestError(str(e)) from None
    return req


def serve(inp: IO[str], out: IO[str], engine: Engine | None = None, hello: bool = True) -> None:
    """Answer every request line of ``inp`` on ``out`` until 'quit' or the end of the input."""
    from ..errors import RecordError, SixtySixError
    engine = engine or Engine()

    def send(obj: Answer) -> None:
        try:
            text = json.dumps(obj, allow_nan=False)  # strict JSON out, as in
        except ValueError as e:  # a client must never get NaN or Infinity
            text = json.dumps({"id": obj.get("id"), "error": {"message": f"internal error: {e}"}})
        out.write(text + "\n")
        out.flush()

    if hello:
        from .. import __version__
        send({"engine": "sixtysix", "protocol": PROTOCOL, "version": __version__, "ready": True})
    for line in inp:
        if not line.strip():
            continue
        start = time.perf_counter()
        rid = None
        try:
            req = decode(line)
            if isinstance(req, dict):
                rid = req.get("id")
            ans = engine.answer(req)
        except RecordError as e:
            send({"id": rid, "error": e.to_json()["error"]})
            continue
        except RequestError as e:
            send({"id": rid, "error": {"message": str(e), **e.extra}})
            continue
        except (SixtySixError, ValueError) as e:
            send({"id": rid, "error": {"message": str(e)}})
            continue
        except Exception as e:  # noqa: BLE001 - the engine must outlive one bad request
            send({"id": rid, "error": {"message": f"internal error: {type(e).__name__}: {e}"}})
            continue
        if "action" in ans:
            ans["ms"] = round((time.perf_counter() - start) * 1000)
        send({"id": rid, **ans})
        if ans.get("bye"):
            return


@app.command("engine")
def engine_command(
    bot: Annotated[str, typer.Option("--bot", help="computer player when a request names none")]
    = DEFAULT_BOT,
    seconds: Annotated[float, typer.Option("--time", help="seconds to think when a request "
                                                          "gives no budget (0.001 to 3600)")]
    = 1.0,
) -> None:
    """Answer JSON requests on standard input, one a line, keeping the process warm.

    Each line is a request such as {"id": 1, "record": {...}, "time": 0.5}; each answer is one
    JSON line with the chosen action and the value of every legal action. See
    docs/engine-protocol.md.
    """
    from ..bots import SECONDS, BotError, make_bot
    try:
        make_bot(bot)
        SECONDS.check("", seconds, "--time")
    except BotError as e:
        typer.echo(json.dumps({"error": {"message": str(e)}}))
        raise typer.Exit(2) from None
    with contextlib.suppress(KeyboardInterrupt):
        serve(sys.stdin, sys.stdout, Engine(bot, seconds))
