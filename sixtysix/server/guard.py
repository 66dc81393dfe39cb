"""What keeps a request from hurting the server: strict JSON and per-client rate limits.

``parse_json`` reads a request body or a WebSocket message the strict way: valid UTF-8, no
``NaN``/``Infinity`` (not JSON, though Python's parser takes them), no key given twice, and no
nesting deeper than a limit (a deeply nested body would otherwise exhaust the parser's stack).
Every refusal is a ``TableError`` with a message, answered as a 400.

>>> parse_json(b'{"action": "play AS", "version": 3}', max_depth=4)
{'action': 'play AS', 'version': 3}
>>> parse_json(b'{"target": NaN}', max_depth=4)
Traceback (most recent call last):
...
sixtysix.server.errors.TableError: NaN is not a JSON number: send a number such as 7
>>> parse_json(b'[[[[[1]]]]]', max_depth=4)
Traceback (most recent call last):
...
sixtysix.server.errors.TableError: the JSON is nested more than 4 levels deep

``TokenBuckets`` limits how often one client may do something (create a table, open a
WebSocket): a bucket of ``burst`` tokens per client, refilled at ``per_minute``.

>>> clock = [0.0]
>>> b = TokenBuckets(per_minute=6, burst=2, clock=lambda: clock[0])
>>> b.take("1.2.3.4"), b.take("1.2.3.4"), b.take("1.2.3.4")
(0.0, 0.0, 10.0)
>>> clock[0] = 10.0; b.take("1.2.3.4"), b.take("5.6.7.8")
(0.0, 0.0)
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from .table import TableError

__all__ = ["parse_json", "json_depth", "TokenBuckets"]

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_DEPTH = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (strings are skipped; 0 for a scalar).

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    outside = _STRING.sub("", text)
    steps = (_DEPTH.get(ord(c), 0) for c in outside if c in "[]{}")
    return max(accumulate(steps, initial=0))


def _no_constant(name: str) -> Any:
    raise TableError("bad_json", f"{name} is not a JSON number: send a number such as 7", 400)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise TableError("bad_json", f"the key {k!r} is given twice", 400)
        out[k] = v
    return out


def parse_json(data: bytes | str, *, max_depth: int) -> Any:
    """The JSON value in ``data``, parsed strictly; TableError (400) with a message if it is not."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise TableError("bad_json", "the request is not UTF-8 text", 400) from None
    else:
        text = data
    if json_depth(text) > max_depth:
        raise TableError("bad_json", f"the JSON is nested more than {max_depth} levels deep", 400)
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except (ValueError, RecursionError) as e:
        # ValueError: bad syntax, or an integer too long to convert.
        where = f" (line {e.lineno}, column {e.colno})" if isinstance(e, json.JSONDecodeError) else ""
        raise TableError("bad_json", f"the request is not valid JSON{where}", 400) from None


class TokenBuckets:
    """One token bucket per key (a client's address)."""

    MAX_KEYS = 100_000
    """Beyond this many clients, full (idle) buckets are forgotten: memory stays bounded."""

    def __init__(self, per_minute: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0.0 if there was one, else the seconds until there is."""
        now = self.clock()
        tokens, then = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self.MAX_KEYS:
            self._forget_idle(now)
        return 0.0

    def _forget_idle(self, now: float) -> None:
        full = [k for k, (t, then) in self._buckets.items()
                if t + (now - then) * self.rate >= self.burst]
        for k in full:
            del self._buckets[k]
