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
from sixtysix.fairness import (
    SCHEME,
    commitment,
    deal_seed,
    fairness_block,
    hand_key,
    key_commitment,
    key_seed,
    verify_record,
)
from sixtysix.games import make_game
from sixtysix.records import match_from_record

runner = CliRunner()
SECRET = bytes.fromhex("00" * 31 + "2a")


def test_the_bytes_are_as_documented() -> None:
    # v2: the key is SHA-256 over b"sixtysix-hand", the 32 secret bytes and the hand number as 4
    # bytes, big-endian, from 1; the commitment hashes the key; the seed hashes b"sixtysix-deal"
    # and the key.
    key = hashlib.sha256(b"sixtysix-hand" + SECRET + b"\x00\x00\x01\x02").digest()
    assert hand_key(SECRET, 258) == key
    assert commitment(SECRET, 258) == hashlib.sha256(key).hexdigest() == key_commitment(key)
    digest = hashlib.sha256(b"sixtysix-deal" + key).digest()
    assert deal_seed(SECRET, 258) == int.from_bytes(digest[:8], "big") >> 12 == key_seed(key)
    assert all(0 <= deal_seed(SECRET, n) < 2**52 for n in range(1, 50))
    assert len({commitment(SECRET, n) for n in range(1, 50)}) == 49
    # v1, the scheme of tables stored before v2: no keys, the commitment over the secret itself.
    assert commitment(SECRET, 1, "sha256-v1") == hashlib.sha256(SECRET + b"\x00\x00\x00\x01").hexdigest()
    digest = hashlib.sha256(b"sixtysix-deal" + SECRET + b"\x00\x00\x00\x03").digest()
    assert deal_seed(SECRET, 3, "sha256-v1") == int.from_bytes(digest[:8], "big") >> 12
    with pytest.raises(ValueError, match="from 1"):
        commitment(SECRET, 0)


def committed_match(game: str = "sixty-six", seed: int = 3, scheme: str = SCHEME) -> dict[str, Any]:
    """A whole match dealt the way the server deals, with its fairness block, played at random."""
    rng = random.Random(seed)
    g = make_game(game)
    m = Match(g, dealer=0)
    n = 0
    while not m.complete:
        n += 1
        m.deal_hand(seed=deal_seed(SECRET, n, scheme))
        while m.in_hand:
            m.apply(rng.choice(m.legal_actions()))
    record = m.record()
    record["fairness"] = fairness_block(SECRET, n, reveal=True, scheme=scheme, table="tbl")
    return record


def saved_of(record: dict[str, Any]) -> dict[str, Any]:
    """The commitments a browser keeps ("Save my commitments"), of every hand of ``record``."""
    block = record["fairness"]
    return {"table": block.get("table"), "scheme": block["scheme"],
            "commitments": {str(n): c for n, c in enumerate(block["commitments"], start=1)}}


@pytest.mark.parametrize("scheme", ["sha256-v1", "sha256-v2"])
def test_an_honest_record_verifies(scheme: str) -> None:
    record = committed_match(scheme=scheme)
    assert ("keys" in record["fairness"]) == (scheme == "sha256-v2")
    result = verify_record(record)
    assert result.ok, result.lines
    assert result.first_failure is None
    assert len(result.lines) == len(record["hands"]) > 1
    assert all(line == f"hand {i}: commitment ok, deal ok" for i, line in enumerate(result.lines, 1))
    assert "the record's own commitments" in result.notes[0]
    mine = verify_record(record, saved_of(record))
    assert mine.ok and "the commitments you saved (hands 1-" in mine.notes[0]


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
    assert result.first_failure is not None and result.first_failure.startswith(
        "hand 2: the commitment in the record (0000")


def test_saved_commitments_that_differ_from_the_records_are_caught() -> None:
    # The server showed the player one commitment and wrote another (the right one) into the
    # record: only the saved one tells.
    record = committed_match()
    saved = saved_of(record)
    saved["commitments"]["2"] = "ab" * 32
    assert verify_record(record).ok
    result = verify_record(record, saved)
    assert not result.ok and result.lines[1].startswith("hand 2: commitment WRONG")
    assert result.first_failure is not None
    assert result.first_failure.startswith("hand 2: the commitment you saved (abab")
    # Hands the browser did not keep are checked against the record's, and it says so.
    del saved["commitments"]["1"]
    del saved["commitments"]["2"]
    partial = verify_record(record, saved)
    assert partial.ok and "against the record's own for hand(s) 1-2" in partial.notes[0]


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
    assert result.first_failure == "hand 1: the deal the record writes out is not the one the key gives"
    # A seed that differs from the secret's is caught even where the commitment is right.
    seeded = {**copy.deepcopy(record), "hands": [{"dealer": 0, "seed": deal_seed(SECRET, 1) + 1}]}
    seeded["fairness"]["commitments"] = seeded["fairness"]["commitments"][:1]
    result = verify_record(seeded)
    assert not result.ok and "hand 1: commitment ok, seed WRONG" in result.lines[0]
    assert result.first_failure is not None and "the key gives seed" in result.first_failure


def test_a_tampered_record_names_its_hand_not_a_rules_error() -> None:
    # Hand 2 dealt from another seed, its actions those of that other deal: today's record
    # replays, but not on the deal the key gives. The answer names hand 2 and the deal, not
    # only "you do not hold KS".
    record = committed_match()
    broken = copy.deepcopy(record)
    broken["hands"][1]["seed"] += 1
    result = verify_record(broken)
    assert not result.ok
    assert result.lines[0] == "hand 1: commitment ok, deal ok"
    assert result.lines[1] == "hand 2: commitment ok, seed WRONG"
    assert all(line.endswith("deal not checked (an earlier hand failed)") for line in result.lines[2:])
    assert result.first_failure is not None and result.first_failure.startswith("hand 2: the record deals")
    # Hand 1's cards written out as the key deals them, its actions those of another deal: the
    # record does not even replay ("you do not hold ..."), and verify says which hand and why.
    other = copy.deepcopy(record)
    m = Match(make_game("sixty-six"), dealer=0)
    m.deal_hand(seed=deal_seed(SECRET, 1) + 1)
    rng = random.Random(9)
    while m.in_hand:
        m.apply(rng.choice(m.legal_actions()))
    honest = match_from_record(record)
    other["hands"] = [{"dealer": 0, "deal": deal_to_json(honest.deals[0][0], 2),
                       "actions": m.record()["hands"][0]["actions"]}]
    other["fairness"]["commitments"] = other["fairness"]["commitments"][:1]
    with pytest.raises(RecordError):
        match_from_record(other)
    result = verify_record(other)
    assert not result.ok
    assert result.first_failure is not None
    assert result.first_failure.startswith(
        "hand 1: the record's actions do not fit the deal the key gives: action ")


def test_a_wrong_secret_fails_every_hand() -> None:
    record = committed_match()
    record["fairness"]["secret"] = "11" * 32
    result = verify_record(record)
    assert not result.ok
    assert all("commitment WRONG" in line for line in result.lines if line.startswith("hand"))


def test_a_revealed_key_that_is_not_the_secrets_is_caught() -> None:
    record = committed_match()
    record["fairness"]["keys"][0] = "22" * 32
    result = verify_record(record)
    assert not result.ok and result.lines[0].startswith("hand 1: key WRONG")


@pytest.mark.parametrize(("saved", "words"), [
    ({"commitments": {}}, "a commitments file is a JSON object"),
    ([], "a commitments file is a JSON object"),
    ({"commitments": {"0": "ab" * 32}}, "hands are numbered from 1"),
    ({"commitments": {"1": "xyz"}}, "not 64 hex digits"),
    ({"commitments": {"99": "ab" * 32}}, "name hand 99, but the record has"),
    ({"table": "other", "commitments": {"1": "ab" * 32}}, "of table other, the record is of table tbl"),
    ({"scheme": "sha256-v1", "commitments": {"1": "ab" * 32}}, "of scheme sha256-v1"),
])
def test_a_bad_commitments_file_says_why(saved: Any, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        verify_record(committed_match(), saved)


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
    assert r.exit_code == 1 and "THE DEALS DO NOT MATCH: first at hand 1: the commitment" in r.output
    # The commitments a player saved: used, and said so; a bad file is refused (exit 2).
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(saved_of(committed_match())))
    r = runner.invoke(app, ["verify", str(good), "--commitments", str(mine)])
    assert r.exit_code == 0 and "the commitments you saved" in r.output, r.output
    r = runner.invoke(app, ["verify", str(bad), "--commitments", str(mine)])
    assert r.exit_code == 1 and "differs from the one you saved" in r.output, r.output
    mine.write_text("{oops")
    r = runner.invoke(app, ["verify", str(good), "--commitments", str(mine)])
    assert r.exit_code == 2 and "the commitments file is not valid JSON" in r.output
    r = runner.invoke(app, ["verify", str(good), "--commitments", str(tmp_path / "none.json")])
    assert r.exit_code == 2 and "cannot read" in r.output
    r = runner.invoke(app, ["verify", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "cannot read" in r.output
    r = runner.invoke(app, ["verify", "-"], input="{oops")
    assert r.exit_code == 2 and "not valid JSON" in r.output


def test_a_tampered_v1_record_names_its_hand_too() -> None:
    # Tables stored before keys: the old verify answered this record "you do not hold ..." (exit 2).
    record = committed_match(scheme="sha256-v1")
    record["hands"][1]["seed"] += 1
    result = verify_record(record)
    assert not result.ok and result.first_failure is not None
    assert result.first_failure.startswith("hand 2: the record deals it from seed")
    assert "the secret gives seed" in result.first_failure
    r = runner.invoke(app, ["verify", "-"], input=json.dumps(record))
    assert r.exit_code == 1 and "first at hand 2" in r.output
