"""Checkable deals: a secret per table, a commitment per hand published before it is played, the
hand's key revealed when the hand is over and the secret when the match is over, so that each
player can check each deal alone (docs/fairness.md explains it for players).

The scheme of new tables (``sha256-v2``), byte for byte:

* The server draws a **secret** of 32 bytes from ``secrets`` when a table is made. It is written
  as 64 lowercase hexadecimal digits.
* Hands are numbered from 1 (the first hand of the match is hand 1). ``N`` below is the hand
  number as 4 bytes, unsigned, big-endian.
* The **key** of hand N is ``K = SHA-256(b"sixtysix-hand" || secret || N)``: 32 bytes, written
  as 64 hex digits.
* The **commitment** to hand N is ``SHA-256(K)`` (over the key's 32 bytes), written as 64 hex
  digits. The server publishes it when it deals hand N, before anyone acts in that hand.
* The **deal seed** of hand N is ``SHA-256(b"sixtysix-deal" || K)``: its first 8 bytes read as
  an unsigned big-endian integer, shifted right by 12 bits (52 bits, exact in JavaScript's
  numbers). The engine deals hand N from it as from any record's ``"seed"`` (records.md §3).
* The server reveals K in the table's state (``deal_keys``) as soon as hand N is over, and the
  secret when the match is over.

A commitment is a hash of the key, and the seed a hash of the key with other bytes, so the
commitment tells nothing about the deal, and the key of one hand nothing about another's (each
is a hash of the secret, 256 bits, that cannot be found by trying).

The older scheme ``sha256-v1`` (tables stored before v2 keep it): commitment
``SHA-256(secret || N)``, deal seed from ``SHA-256(b"sixtysix-deal" || secret || N)`` as above, no
keys; only the secret, at the end of the match, lets anyone check.

When the match is over the full record carries everything needed to check it::

    "fairness": {"scheme": "sha256-v2", "table": "<id>", "commitments": ["<hex>", ...],
                 "keys": ["<hex>", ...], "secret": "<hex>"}

(while it runs, a seat's record carries the commitments and the keys of the hands that are over,
without the secret). ``verify_record`` checks the commitments first (against the ones a player's
browser kept, when given), then each hand's deal: ``sixtysix verify RECORD`` runs it.

>>> secret = bytes(range(32))
>>> commitment(secret, 1, "sha256-v1")[:16], deal_seed(secret, 1, "sha256-v1")
('04a6950a06d3e330', 906930077299375)
>>> key = hand_key(secret, 1)
>>> commitment(secret, 1) == hashlib.sha256(key).hexdigest()
True
>>> commitment(secret, 1) == commitment(secret, 2)
False
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine.shapes import FairnessBlock
from .errors import RecordError

__all__ = ["SCHEME", "SCHEMES", "SECRET_BYTES", "hand_key", "commitment", "deal_seed",
           "key_commitment", "key_seed", "fairness_block", "verify_record", "Verification"]

V1 = "sha256-v1"
V2 = "sha256-v2"
SCHEME = V2
"""The scheme of new tables."""
SCHEMES = (V1, V2)
SECRET_BYTES = 32
SEED_BITS = 52
_HEX64 = re.compile(r"[0-9a-f]{64}")


def _number(hand_no: int) -> bytes:
    if not 1 <= hand_no < 2**32:
        raise ValueError(f"hand numbers run from 1, not {hand_no}")
    return hand_no.to_bytes(4, "big")


def _seed_of(digest: bytes) -> int:
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def hand_key(secret: bytes, hand_no: int) -> bytes:
    """v2: hand ``hand_no``'s key, ``SHA-256(b"sixtysix-hand" || secret || N)``."""
    return hashlib.sha256(b"sixtysix-hand" + secret + _number(hand_no)).digest()


def key_commitment(key: bytes) -> str:
    """v2: the commitment a hand's key answers to, ``SHA-256(K)`` in hex."""
    return hashlib.sha256(key).hexdigest()


def key_seed(key: bytes) -> int:
    """v2: the deal seed a hand's key gives: 52 bits of ``SHA-256(b"sixtysix-deal" || K)``."""
    return _seed_of(hashlib.sha256(b"sixtysix-deal" + key).digest())


def commitment(secret: bytes, hand_no: int, scheme: str = SCHEME) -> str:
    """The commitment to hand ``hand_no`` (from 1) in hex: published with the deal."""
    if scheme == V1:
        return hashlib.sha256(secret + _number(hand_no)).hexdigest()
    return key_commitment(hand_key(secret, hand_no))


def deal_seed(secret: bytes, hand_no: int, scheme: str = SCHEME) -> int:
    """The engine's deal seed for hand ``hand_no`` (from 1)."""
    if scheme == V1:
        return _seed_of(hashlib.sha256(b"sixtysix-deal" + secret + _number(hand_no)).digest())
    return key_seed(hand_key(secret, hand_no))


def fairness_block(secret: bytes, hands: int, *, reveal: bool, scheme: str = SCHEME,
                   over: int = 0, table: str | None = None) -> FairnessBlock:
    """The record's ``"fairness"`` entry for a match of ``hands`` hands dealt so far, of which
    ``over`` are over (v2 reveals their keys); the secret only with ``reveal`` (the match is
    over)."""
    # Every key in the order records have always written them; then those that do not apply go.
    out: FairnessBlock = {
        "scheme": scheme, "table": table or "",
        "commitments": [commitment(secret, n, scheme) for n in range(1, hands + 1)],
        "keys": [hand_key(secret, n).hex() for n in range(1, (hands if reveal else over) + 1)],
        "secret": secret.hex()}
    if table is None:
        del out["table"]
    if scheme != V2:
        del out["keys"]
    if not reveal:
        del out["secret"]
    return out


@dataclass
class Verification:
    """What ``verify_record`` found: a line per hand, whether every check passed, and the first
    hand that failed (with why) when one did."""

    ok: bool
    lines: list[str]
    first_failure: str | None = None
    notes: list[str] = field(default_factory=list)


def read_commitments(saved: Any) -> tuple[str | None, str | None, dict[int, str]]:
    """A player's saved commitments (the JSON the table's "Save my commitments" writes:
    ``{"table": id, "scheme": s, "commitments": {"1": hex, ...}}``, or a plain list of hex in hand
    order): the table, the scheme and the commitment of each hand kept. RecordError if malformed."""
    table = scheme = None
    items: Any = saved
    if isinstance(saved, dict):
        table, scheme, items = saved.get("table"), saved.get("scheme"), saved.get("commitments")
        if table is not None and not isinstance(table, str):
            raise RecordError("the commitments file's 'table' must be the table's id (text)")
        if scheme is not None and scheme not in SCHEMES:
            raise RecordError(f"the commitments file names an unknown scheme {scheme!r}")
    if isinstance(items, list):
        items = {str(n): c for n, c in enumerate(items, start=1) if c is not None}
    if not isinstance(items, dict) or not items:
        raise RecordError("a commitments file is a JSON object with 'commitments': the hand "
                          "numbers and the commitment (64 hex digits) kept for each, as the "
                          "table's \"Save my commitments\" writes it")
    out: dict[int, str] = {}
    for n, c in items.items():
        if not (isinstance(n, str) and n.isdigit() and int(n) >= 1):
            raise RecordError(f"the commitments file names hand {n!r}: hands are numbered from 1")
        if not isinstance(c, str) or not _HEX64.fullmatch(c.lower()):
            raise RecordError(f"the commitments file gives hand {n} {c!r}, not 64 hex digits")
        out[int(n)] = c.lower()
    return table, scheme, out


def _hex_list(block: Mapping[str, object], name: str) -> list[str]:
    value = block.get(name, [])
    if not isinstance(value, list) or not all(isinstance(x, str) and _HEX64.fullmatch(x)
                                              for x in value):
        raise RecordError(f"'fairness.{name}' must be a list of 64 hex digits each")
    return value


def verify_record(record: Any, saved: Any = None) -> Verification:
    """Check every hand of a finished table's record: first each hand's commitment (against
    ``saved``, the commitments a player's browser kept, where it has the hand; else the record's)
    from the revealed secret and keys, then each hand's deal: the record's seed or deal against
    the one the key gives, and its actions replayed on that deal. The first hand that fails is
    named with the reason. RecordError if the record cannot be checked at all (no revealed secret,
    not a record, a malformed commitments file)."""
    from .records import match_from_record

    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    block = record.get("fairness")
    if not isinstance(block, dict):
        raise RecordError("the record has no 'fairness' entry: it was not dealt by a committing server")
    scheme = block.get("scheme")
    if scheme not in SCHEMES:
        raise RecordError(f"unknown fairness scheme {scheme!r} (this version checks "
                          f"{', '.join(SCHEMES)})")
    secret_hex = block.get("secret")
    if not isinstance(secret_hex, str) or not _HEX64.fullmatch(secret_hex):
        raise RecordError("the record does not reveal the secret (64 hex digits): the match may still "
                          "be running; download the record once it is over")
    recorded = _hex_list(block, "commitments")
    keys = _hex_list(block, "keys") if scheme == V2 else []
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise RecordError("the record needs 'hands', a list of the hands played")
    kept: dict[int, str] = {}
    notes: list[str] = []
    if saved is not None:
        table, saved_scheme, kept = read_commitments(saved)
        if table is not None and block.get("table") not in (None, table):
            raise RecordError(f"the commitments saved are of table {table}, the record is of table "
                              f"{block.get('table')}")
        if saved_scheme not in (None, scheme):
            raise RecordError(f"the commitments saved are of scheme {saved_scheme}, the record's "
                              f"of {scheme}")
        extra = sorted(n for n in kept if n > len(hands))
        if extra:
            raise RecordError(f"the commitments saved name hand {extra[0]}, but the record has "
                              f"{len(hands)} hand(s)")
        mine = sorted(kept)
        rest = [n for n in range(1, len(hands) + 1) if n not in kept]
        notes.append(f"checked against the commitments you saved (hands {_ranges(mine)})"
                     + (f"; against the record's own for hand(s) {_ranges(rest)}" if rest else ""))
    else:
        notes.append("checked against the record's own commitments (give --commitments FILE, the "
                     "commitments your browser kept, to check against what you were shown)")

    secret = bytes.fromhex(secret_hex)
    failures: list[tuple[int, str]] = []
    statuses: list[list[str]] = []
    if len(recorded) != len(hands):
        failures.append((min(len(recorded), len(hands)) + 1,
                         f"the record has {len(hands)} hands but {len(recorded)} commitments"))
    # First the commitments: what was published against what the secret (and keys) give.
    for n in range(1, len(hands) + 1):
        parts: list[str] = []
        want = commitment(secret, n, scheme)
        if scheme == V2 and n <= len(keys) and keys[n - 1] != hand_key(secret, n).hex():
            failures.append((n, f"the record's key {keys[n - 1]} is not the one the secret "
                                f"gives ({hand_key(secret, n).hex()})"))
            parts.append("key WRONG")
        got, source = (kept[n], "you saved") if n in kept else \
            (recorded[n - 1] if n <= len(recorded) else None, "in the record")
        if got == want:
            parts.append("commitment ok")
        else:
            failures.append((n, f"the commitment {source} ({got}) is not the one the secret gives "
                                f"({want})"))
            parts.append("commitment WRONG")
        if n in kept and n <= len(recorded) and recorded[n - 1] != kept[n]:
            failures.append((n, f"the record's commitment ({recorded[n - 1]}) differs from the one "
                                f"you saved ({kept[n]})"))
        statuses.append(parts)

    # Then each hand's deal: the seed the key gives, and the record's actions played on it.
    giver = "the key" if scheme == V2 else "the secret"  # v1 has no keys
    checked: list[dict[str, object]] = []  # the record's hands so far, each dealt from its seed
    rebuilt = {**record, "hands": checked}
    for n, entry in enumerate(hands, start=1):
        parts = statuses[n - 1]
        seed = deal_seed(secret, n, scheme)
        if not isinstance(entry, dict):
            raise RecordError(f"hand {n} of the record is not an object")
        if "seed" in entry and entry["seed"] != seed:
            failures.append((n, f"the record deals it from seed {entry['seed']!r}, {giver} gives "
                                f"seed {seed}"))
            parts.append("seed WRONG")
            break
        fixed = {k: v for k, v in entry.items() if k not in ("seed", "deal")}
        fixed["seed"] = seed
        checked.append(fixed)
        try:
            dealt = match_from_record(rebuilt)
        except RecordError as e:
            if e.hand is None:  # not about a hand: no record to check (no game, bad options)
                raise
            where = f"action {e.action + 1} ({e.text}): " if e.action is not None else ""
            failures.append((n, f"the record's actions do not fit the deal {giver} gives: "
                                f"{where}{e.message}"))
            parts.append("actions do NOT fit the deal")
            break
        if "deal" in entry:
            try:
                written = match_from_record({**record, "hands": hands[:n]}).deals[n - 1][0]
            except RecordError as e:
                written = None
                why = e.message
            if written != dealt.deals[n - 1][0]:
                failures.append((n, f"the deal the record writes out is not the one {giver} gives"
                                    + (f" ({why})" if written is None else "")))
                parts.append("deal WRONG")
                break
        parts.append("deal ok")
    for parts in statuses:
        if not any(p.startswith(("deal", "seed", "actions")) for p in parts):
            parts.append("deal not checked (an earlier hand failed)")
    lines = [f"hand {n}: {', '.join(p)}" for n, p in enumerate(statuses, start=1)]
    first = min(failures, key=lambda f: f[0]) if failures else None
    return Verification(not failures, lines,
                        f"hand {first[0]}: {first[1]}" if first else None, notes)


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5 as '1-3, 5'."""
    out: list[str] = []
    for n in numbers:
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)
