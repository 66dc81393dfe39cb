"""Tournaments: duplicate deals with seats exchanged, statistics, records that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sixtysix.cli import app
from sixtysix.records import replay
from sixtysix.research.tournament import mean_ci, play_match, run_tournament, seatings, split_bots, wilson


def test_seatings_swap_and_rotate() -> None:
    assert seatings(["a", "b"], 2) == [["a", "b"], ["b", "a"]]
    assert seatings(["a", "b", "c"], 3) == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    assert seatings(["a", "b"], 4) == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]
    with pytest.raises(ValueError, match="at least two"):
        seatings(["a"], 2)
    with pytest.raises(ValueError, match="divides"):
        seatings(["a", "b"], 3)


def test_intervals() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28  # the Wilson bound for 0/10 is 0.2775
    assert wilson(5, 10)[0] == pytest.approx(1 - wilson(5, 10)[1])
    m, lo2, hi2 = mean_ci([2.0, 2.0, 2.0])
    assert (m, lo2, hi2) == (2.0, 2.0, 2.0)


def test_split_bots_keeps_parameters_with_their_bot() -> None:
    assert split_bots("strong, ismcts:seconds=0.1,c=1 ,random") == \
        ["strong", "ismcts:seconds=0.1,c=1", "random"]


def test_a_duplicate_pair_deals_the_same_cards_to_the_other_bot() -> None:
    a = play_match("sixty-six", {}, ["casual", "random"], 99)
    b = play_match("sixty-six", {}, ["random", "casual"], 99)
    first_a, first_b = a.record["hands"][0], b.record["hands"][0]
    assert first_a["seed"] == first_b["seed"] and first_a["dealer"] == first_b["dealer"]
    assert a.record["players"] == ["casual", "random"] and b.record["players"] == ["random", "casual"]


def test_tiny_tournament_writes_replayable_records(tmp_path: Path) -> None:
    out = tmp_path / "t"
    summary = run_tournament("sixty-six", ["casual", "random"], matches=4, seed=3, workers=2,
                             out=out, progress=False)
    assert summary.matches == 4
    files = sorted(out.glob("match-*.json"))
    assert len(files) == 4
    wins = 0.0
    for f in files:
        rec = json.loads(f.read_text())
        result = replay(rec)
        assert result["match"]["complete"]
        winner = result["match"]["winner"]
        wins += sum(1 for w in winner if rec["players"][w] == "casual") / len(winner)
    assert summary.stats["casual"].match_score == pytest.approx(wins)
    table = json.loads((out / "summary.json").read_text())["table"]
    assert {row["bot"] for row in table} == {"casual", "random"}
    assert all(0 <= row["win_ci"][0] <= row["win_rate"] <= row["win_ci"][1] <= 1 for row in table)


def test_an_interrupted_tournament_keeps_the_records_of_the_matches_it_finished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sixtysix.research.tournament as tournament

    played: list[object] = []
    real_task = tournament._task

    def task_that_stops_at_the_third(task: tuple) -> object:  # type: ignore[type-arg]
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(task)
        return real_task(task)

    monkeypatch.setattr(tournament, "_task", task_that_stops_at_the_third)
    out = tmp_path / "t"
    with pytest.raises(KeyboardInterrupt):
        run_tournament("sixty-six", ["casual", "random"], matches=4, seed=3, out=out,
                       progress=False)
    files = sorted(p.name for p in out.glob("match-*.json"))
    assert files == ["match-0001.json", "match-0002.json"]
    assert replay(json.loads((out / files[0]).read_text()))["match"]["complete"]


def test_four_seat_tournament_seats_partners() -> None:
    summary = run_tournament("four-hand-sixty-six", ["casual", "random"], matches=2, seed=1,
                             progress=False)
    assert summary.stats["casual"].matches == 2 and summary.stats["random"].matches == 2


def test_cli_tournament(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["tournament", "--game", "sixty-six", "--bots", "casual,random",
                                      "--matches", "2", "--seed", "1", "--json",
                                      "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["matches"] == 2
    bad = CliRunner().invoke(app, ["tournament", "--bots", "nobody,random", "--json"])
    assert bad.exit_code == 2 and "unknown computer player" in bad.output
