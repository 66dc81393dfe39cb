"""The commitment scheme (``sixtysix.fairness``) and ``sixtysix verify``: every deal is checked
against the commitment published before it, and a record that was tampered with fails."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sixtysix.cli import app
from sixtysix.engine import Match
from sixtysix.engine.match import deal_to_json
from sixtysix.errors import RecordError
from sixtysix.fairness import commitment, deal_seed, fairness_block, verify_record
from sixtysix.games import make_game
from sixtysix.records import match_from_record

runner = CliRunner()
SECRET = bytes.fromhex("00" * 31 + "2a")


def test_the_bytes_are_as_documented() -> None:
    # SHA-256 over the 32 secret bytes and the hand number as 4 bytes, big-endian, from 1.
    assert commitment(SECRET, 1) == hashlib.sha256(SECRET + b"\x00\x00\x00\x01").hexdigest()
    assert commitment(SECRET, 258) == hashlib.sha256(SECRET + b"\x00\x00\x01\x02").hexdigest()
    digest = hashlib.sha256(b"sixtysix-deal" + SECRET + b"\x00\x00\x00\x03").digest()
    assert deal_seed(SECRET, 3) == int.from_bytes(digest[:8], "big") >> 12
    assert all(0 <= deal_seed(SECRET, n) < 2**52 for n in range(1, 50))
    # The commitment and the seed come from different bytes: one does not give the other.
    assert commitment(SECRET, 1)[:13] != f"{deal_seed(SECRET, 1):013x}"
    with pytest.raises(ValueError, match="from 1"):
        commitment(SECRET, 0)


def committed_match(game: str = "sixty-six", seed: int = 3) -> dict[str, Any]:
    """A whole match dealt the way the server deals, with its fairness block, played at random."""
    rng = random.Random(seed)
    g = make_game(game)
    m = Match(g, dealer=0)
    n = 0
    while not m.complete:
        n += 1
        m.deal_hand(seed=deal_seed(SECRET, n))
        while m.in_hand:
            m.apply(rng.choice(m.legal_actions()))
    record = m.record()
    record["fairness"] = fairness_block(SECRET, n, reveal=True)
    return record


def test_an_honest_record_verifies() -> None:
    record = committed_match()
    result = verify_record(record)
    assert result.ok, result.lines
    assert len(result.lines) == len(record["hands"]) > 1
    assert all(line == f"hand {i}: commitment ok, deal ok" for i, line in enumerate(result.lines, 1))


def test_a_record_with_the_deals_written_out_verifies_too() -> None:
    record = committed_match("schnapsen", 5)
    m = match_from_record(record)
    for i, (deal, _) in enumerate(m.deals):
        del record["hands"][i]["seed"]
        record["hands"][i]["deal"] = deal_to_json(deal, m.n)
    assert verify_record(record).ok


def test_a_changed_commitment_is_caught() -> None:
    record = committed_match()
    record["fairness"]["commitments"][1] = "0" * 64
    result = verify_record(record)
    assert not result.ok
    assert result.lines[1].startswith("hand 2: commitment WRONG") and "deal ok" in result.lines[1]
    assert result.lines[0] == "hand 1: commitment ok, deal ok"


def test_a_deal_other_than_the_committed_one_is_caught() -> None:
    record = committed_match()
    # The server dealt hand 1 from another seed: its record replays, but not from the secret.
    other = copy.deepcopy(record)
    m = Match(make_game("sixty-six"), dealer=0)
    m.deal_hand(seed=deal_seed(SECRET, 1) + 1)
    del other["hands"][0]["seed"]
    other["hands"][0]["deal"] = deal_to_json(m.deals[0][0], 2)
    other["hands"][0]["actions"] = []
    other["hands"] = other["hands"][:1]
    other["fairness"]["commitments"] = other["fairness"]["commitments"][:1]
    result = verify_record(other)
    assert not result.ok and "deal WRONG" in result.lines[0]
    # A seed that differs from the secret's is caught even where the commitment is right.
    seeded = {**copy.deepcopy(record), "hands": [{"dealer": 0, "seed": deal_seed(SECRET, 1) + 1}]}
    seeded["fairness"]["commitments"] = seeded["fairness"]["commitments"][:1]
    result = verify_record(seeded)
    assert not result.ok and "hand 1: commitment ok, deal WRONG" in result.lines[0]
    # A record whose own actions do not fit its deals is no record to check.
    broken = copy.deepcopy(record)
    broken["hands"][0]["seed"] += 1
    with pytest.raises(RecordError):
        verify_record(broken)


def test_a_wrong_secret_fails_every_hand() -> None:
    record = committed_match()
    record["fairness"]["secret"] = "11" * 32
    result = verify_record(record)
    assert not result.ok
    assert all("commitment WRONG" in line for line in result.lines if line.startswith("hand"))


@pytest.mark.parametrize(("change", "words"), [
    (lambda r: r.pop("fairness"), "no 'fairness' entry"),
    (lambda r: r["fairness"].pop("secret"), "does not reveal the secret"),
    (lambda r: r["fairness"].update(secret="xyz"), "does not reveal the secret"),
    (lambda r: r["fairness"].update(scheme="md5"), "unknown fairness scheme 'md5'"),
])
def test_records_that_cannot_be_checked_say_why(change: Any, words: str) -> None:
    record = committed_match()
    change(record)
    with pytest.raises(RecordError, match=words):
        verify_record(record)


def test_the_verify_command(tmp_path: Path) -> None:
    record = committed_match()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    r = runner.invoke(app, ["verify", str(good)])
    assert r.exit_code == 0, r.output
    assert "hand 1: commitment ok, deal ok" in r.output
    assert r.output.strip().endswith("every deal matches its commitment")
    record["fairness"]["commitments"][0] = "f" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    r = runner.invoke(app, ["verify", str(bad)])
    assert r.exit_code == 1 and "THE DEALS DO NOT MATCH" in r.output
    r = runner.invoke(app, ["verify", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "cannot read" in r.output
    r = runner.invoke(app, ["verify", "-"], input="{oops")
    assert r.exit_code == 2 and "not valid JSON" in r.output
