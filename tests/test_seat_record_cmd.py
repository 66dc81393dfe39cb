"""``sixtysix seat-record FILE --seat N``: a full record as one seat knows it (records.md §7), the
same as ``sixtysix.records.seat_record``; bad input is answered in JSON with status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sixtysix.cli import app
from sixtysix.records import replay, seat_record
from sixtysix.research.tournament import run_tournament


@pytest.fixture(scope="module")
def full_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("matches")
    run_tournament("schnapsen", ["casual", "random"], matches=1, seed=4, progress=False, out=out)
    return out / "match-0001.json"


def test_it_prints_the_seat_record_that_replays(full_record: Path) -> None:
    record = json.loads(full_record.read_text())
    result = CliRunner().invoke(app, ["seat-record", str(full_record), "--seat", "1"])
    assert result.exit_code == 0, result.output
    mine = json.loads(result.output)
    assert mine == seat_record(record, 1)
    # The seat record replays to the full record's public results.
    assert replay(mine)["match"] == replay(record)["match"]


def test_it_reads_standard_input_and_hides_what_the_seat_cannot_see(full_record: Path) -> None:
    record = json.loads(full_record.read_text())
    record["hands"] = [dict(record["hands"][0], actions=[])]  # the first deal, nothing played
    result = CliRunner().invoke(app, ["seat-record", "-", "--seat", "0"], input=json.dumps(record))
    assert result.exit_code == 0, result.output
    mine = json.loads(result.output)
    deal = mine["hands"][0]["deal"]
    assert mine["seat"] == 0
    assert len(deal["hands"][0]) == 5 and "??" not in deal["hands"][0]  # its own hand
    assert set(deal["hands"][1]) == set(deal["stock"]) == {"??"}  # the other hand, the stock


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "2"], "there is no seat 2"),
    (["--seat", "-1"], "there is no seat -1"),
])
def test_a_seat_the_game_has_not_is_refused(full_record: Path, args: list[str],
                                            message: str) -> None:
    result = CliRunner().invoke(app, ["seat-record", str(full_record), *args])
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["message"] == message


def test_bad_input_is_answered_in_json(full_record: Path, tmp_path: Path) -> None:
    other = tmp_path / "seat1.json"
    other.write_text(json.dumps(seat_record(json.loads(full_record.read_text()), 1)))
    for path, message in [
        (tmp_path / "missing.json", "cannot read"),
        (other, "this is seat 1's record: it does not show what seat 0 knows"),
    ]:
        result = CliRunner().invoke(app, ["seat-record", str(path), "--seat", "0"])
        assert result.exit_code == 2, result.output
        assert message in json.loads(result.output)["error"]["message"]
    assert CliRunner().invoke(app, ["seat-record", str(full_record)]).exit_code == 2  # no --seat
