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
* anything wrong answers ``{"id": …, "error": {"message": …}}`` and the engine goes on.

>>> import io
>>> out = io.StringIO()
>>> serve(io.StringIO('{"id": 1, "cmd": "ping"}\\nnot json\\n{"cmd": "quit"}\\n'), out, hello=False)
>>> print(out.getvalue().strip())
{"id": 1, "pong": true, "protocol": 1, "version": "0.1.0"}
{"id": null, "error": {"message": "a request is one JSON object a line: Expecting value at column 1"}}
{"id": null, "bye": true}
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
from typing import IO, Annotated, Any

import typer

from . import app

__all__ = ["engine_command", "serve", "Engine", "PROTOCOL"]

PROTOCOL = 1
"""The protocol's version: it changes only when a request or answer changes incompatibly."""

DEFAULT_BOT = "master"


class RequestError(ValueError):
    """A request the engine cannot answer; ``extra`` goes into the error object."""

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


class Engine:
    """Answers requests, keeping its computer players (and their caches and pools) between them."""

    def __init__(self, bot: str = DEFAULT_BOT, seconds: float = 1.0) -> None:
        self.default_bot = bot
        self.default_seconds = seconds
        self._bots: dict[str, Any] = {}

    def bot(self, spec: str) -> Any:
        """The bot of ``spec``, built once and kept warm."""
        from ..bots import make_bot
        b = self._bots.get(spec)
        if b is None:
            b = self._bots[spec] = make_bot(spec)
        return b

    def answer(self, req: Any) -> dict[str, Any]:
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
            raise RequestError(f"unknown cmd {cmd!r}: 'hint' (the default), 'ping' or 'quit'")
        return self.hint(req)

    def hint(self, req: dict[str, Any]) -> dict[str, Any]:
        from ..analysis import hint, is_exact
        from ..bots import Limit
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
        seconds = _number(req, "time", self.default_seconds, float)
        iterations = _number(req, "iterations", None, int)
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RequestError(f"'seed' must be a whole number, not {seed!r}")
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
            # An iteration budget: the search's own estimates, best first (the protocol's promise;
            # among equal values the more visited first).
            est = player.estimates(view, rng, limit)
            values = [(a, v) for a, (v, _) in sorted(est.items(),
                                                     key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))]
        elif with_values:
            # The values of every action from the hint machinery; a bot that does not value
            # actions (the rules of thumb) is valued by the default search, kept warm here.
            valuer = player if searches else self.bot(DEFAULT_BOT)
            values = hint(view, rng, seconds, valuer)
        # A search's choice is its best-valued action: one search gives the move and the values.
        action = values[0][0] if values and searches else \
            player.choose(view, random.Random(seed), limit)
        return {"seat": seat, "bot": spec, "action": action_str(action), "exact": is_exact(view),
                "values": [{"action": action_str(a), "value": round(v, 3)} for a, v in values]}


def _number(req: dict[str, Any], key: str, default: Any, kind: type) -> Any:
    if key not in req:
        return default
    value = req[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0 or \
            (kind is int and not isinstance(value, int)):
        what = "a whole number" if kind is int else "a number"
        raise RequestError(f"'{key}' must be {what} above 0, not {value!r}")
    return kind(value)


def serve(inp: IO[str], out: IO[str], engine: Engine | None = None, hello: bool = True) -> None:
    """Answer every request line of ``inp`` on ``out`` until 'quit' or the end of the input."""
    from ..errors import RecordError, SixtySixError
    engine = engine or Engine()

    def send(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj) + "\n")
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
            req = json.loads(line)
            if isinstance(req, dict):
                rid = req.get("id")
            ans = engine.answer(req)
        except json.JSONDecodeError as e:
            send({"id": None, "error": {"message": f"a request is one JSON object a line: "
                                                   f"{e.msg} at column {e.colno}"}})
            continue
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
                                                          "gives no budget", min=0.01)] = 1.0,
) -> None:
    """Answer JSON requests on standard input, one a line, keeping the process warm.

    Each line is a request such as {"id": 1, "record": {...}, "time": 0.5}; each answer is one
    JSON line with the chosen action and the value of every legal action. See
    docs/engine-protocol.md.
    """
    from ..bots import BotError, make_bot
    try:
        make_bot(bot)
    except BotError as e:
        typer.echo(json.dumps({"error": {"message": str(e)}}))
        raise typer.Exit(2) from None
    with contextlib.suppress(KeyboardInterrupt):
        serve(sys.stdin, sys.stdout, Engine(bot, seconds))
