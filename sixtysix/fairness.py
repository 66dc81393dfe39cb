"""Checkable deals: a secret seed, a commitment per hand published before it is played, and the
seed revealed at the end so that anyone can check every deal.

The scheme (``sha256-v1``), byte for byte:

* The server draws a **secret** of 32 bytes from ``secrets`` when a table is made. It is written
  as 64 lowercase hexadecimal digits.
* Hands are numbered from 1 (the first hand of the match is hand 1). ``N`` below is the hand
  number as 4 bytes, unsigned, big-endian.
* The **commitment** to hand N is ``SHA-256(secret || N)``, written as 64 lowercase hex digits.
  The server publishes it when it deals hand N, before anyone acts in that hand.
* The **deal seed** of hand N is ``SHA-256(b"sixtysix-deal" || secret || N)``: its first 8 bytes
  read as an unsigned big-endian integer, shifted right by 12 bits (52 bits, exact in
  JavaScript's numbers). The engine deals hand N from it as from any record's ``"seed"``
  (records.md §3).

The commitment and the deal seed hash different bytes, so a commitment tells nothing about the
deal; the secret is 256 bits, so it cannot be found from the commitments by trying secrets.

When the match is over the full record carries everything needed to check it::

    "fairness": {"scheme": "sha256-v1", "commitments": ["<hex>", ...], "secret": "<hex>"}

(while it runs, a seat's record carries the commitments without the secret). ``verify_record``
recomputes each commitment and each hand's deal from the secret and compares them with the
record: ``sixtysix verify RECORD`` runs it.

>>> secret = bytes(range(32))
>>> commitment(secret, 1)[:16], deal_seed(secret, 1)
('04a6950a06d3e330', 906930077299375)
>>> commitment(secret, 1) == commitment(secret, 2)
False
"""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass
from typing import Any

from .errors import RecordError

__all__ = ["SCHEME", "SECRET_BYTES", "commitment", "deal_seed", "fairness_block", "verify_record",
           "Verification"]

SCHEME = "sha256-v1"
SECRET_BYTES = 32
SEED_BITS = 52
_HEX64 = re.compile(r"[0-9a-f]{64}")


def _number(hand_no: int) -> bytes:
    if not 1 <= hand_no < 2**32:
        raise ValueError(f"hand numbers run from 1, not {hand_no}")
    return hand_no.to_bytes(4, "big")


def commitment(secret: bytes, hand_no: int) -> str:
    """``SHA-256(secret || hand number as 4 bytes big-endian)`` in hex: published with the deal."""
    return hashlib.sha256(secret + _number(hand_no)).hexdigest()


def deal_seed(secret: bytes, hand_no: int) -> int:
    """The engine's deal seed for hand ``hand_no`` (from 1): 52 bits of
    ``SHA-256(b"sixtysix-deal" || secret || hand number)``."""
    digest = hashlib.sha256(b"sixtysix-deal" + secret + _number(hand_no)).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def fairness_block(secret: bytes, hands: int, *, reveal: bool) -> dict[str, Any]:
    """The record's ``"fairness"`` entry for a match of ``hands`` hands dealt so far; the secret
    only with ``reveal`` (when the match is over)."""
    out: dict[str, Any] = {"scheme": SCHEME,
                           "commitments": [commitment(secret, n) for n in range(1, hands + 1)]}
    if reveal:
        out["secret"] = secret.hex()
    return out


@dataclass
class Verification:
    """What ``verify_record`` found: a line per hand, and whether every check passed."""

    ok: bool
    lines: list[str]


def verify_record(record: Any) -> Verification:
    """Check every hand of a finished table's record against its commitment: the commitment is
    ``SHA-256(secret || N)``, and the deal is the one the engine makes from the seed derived from
    the secret. RecordError if the record cannot be checked at all (no revealed secret, not a
    replayable record)."""
    from .records import match_from_record

    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    block = record.get("fairness")
    if not isinstance(block, dict):
        raise RecordError("the record has no 'fairness' entry: it was not dealt by a committing server")
    if block.get("scheme") != SCHEME:
        raise RecordError(f"unknown fairness scheme {block.get('scheme')!r} (this version checks {SCHEME})")
    secret_hex = block.get("secret")
    if not isinstance(secret_hex, str) or not _HEX64.fullmatch(secret_hex):
        raise RecordError("the record does not reveal the secret (64 hex digits): the match may still "
                          "be running; download the record once it is over")
    commitments = block.get("commitments")
    hands = record.get("hands")
    if not isinstance(commitments, list) or not isinstance(hands, list):
        raise RecordError("'fairness.commitments' and 'hands' must be lists")
    secret = bytes.fromhex(secret_hex)
    played = match_from_record(record)
    # The same record with every hand dealt from the seed the secret gives.
    rebuilt = copy.deepcopy(record)
    for n, entry in enumerate(rebuilt["hands"], start=1):
        if isinstance(entry, dict):
            entry.pop("deal", None)
            entry["seed"] = deal_seed(secret, n)
    try:
        dealt = match_from_record(rebuilt)
        redealt = [d[0] for d in dealt.deals]
    except RecordError as e:
        # The record's actions do not fit the deals the secret gives.
        redealt = []
        fail = str(e)
    else:
        fail = ""
    ok = len(commitments) == len(hands)
    lines = []
    if not ok:
        lines.append(f"the record has {len(hands)} hands but {len(commitments)} commitments")
    for n in range(1, len(hands) + 1):
        want = commitment(secret, n)
        got = commitments[n - 1] if n <= len(commitments) else None
        c_ok = got == want
        seed = deal_seed(secret, n)
        given = hands[n - 1].get("seed") if isinstance(hands[n - 1], dict) else None
        d_ok = n <= len(redealt) and redealt[n - 1] == played.deals[n - 1][0] \
            and (given is None or given == seed)
        ok = ok and c_ok and d_ok
        lines.append(f"hand {n}: commitment {'ok' if c_ok else 'WRONG'}"
                     f"{'' if c_ok else f' (record {got}, secret gives {want})'}, "
                     f"deal {'ok' if d_ok else 'WRONG'}"
                     f"{'' if d_ok else f' (the secret gives seed {seed})'}")
    if fail:
        ok = False
        lines.append(f"the actions do not replay on the deals the secret gives: {fail}")
    return Verification(ok, lines)
