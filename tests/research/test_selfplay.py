"""Self-play data: the Parquet rows, reproducibility across workers and backends, nothing hidden."""

from __future__ import annotations

import os
import pathlib

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from sixtysix.cli import app
from sixtysix.engine.actions import N_ACTIONS, parse_action
from sixtysix.research.plots import summary_plot
from sixtysix.research.selfplay import SCHEMA, generate


def test_rows_follow_the_schema_and_the_rules(tmp_path: pathlib.Path) -> None:
    info = generate("sixty-six", ["ismcts:iterations=30", "random"], hands=3, out=tmp_path,
                    seed=4, progress=False)
    table = pq.read_table(tmp_path)
    assert table.num_rows == info.decisions > 3 * 12
    assert set(table.column_names) == set(SCHEMA)
    rows = table.to_pylist()
    for row in rows:
        mask = np.array(row["legal_mask"])
        assert len(mask) == N_ACTIONS and mask[row["action"]] == 1
        assert parse_action(row["action_text"]) == row["action"]
        assert row["outcome"] == row["game_points"][row["seat"]]
        if row["bot"] == "random":
            assert row["policy_actions"] is None
    searched = [r for r in rows if r["policy_actions"] is not None]
    assert searched and all(set(r["policy_actions"]) == set(np.flatnonzero(r["legal_mask"]))
                            for r in searched)
    # Bots take turns at the seats: both sat at seat 0 in three hands.
    assert {r["bot"] for r in rows if r["seat"] == 0} == {"ismcts:iterations=30", "random"}


def test_same_seed_same_rows_on_one_or_two_workers(tmp_path: pathlib.Path) -> None:
    a = generate("schnapsen", ["casual", "random"], hands=6, out=tmp_path / "a", seed=9,
                 chunk=2, progress=False)
    b = generate("schnapsen", ["casual", "random"], hands=6, out=tmp_path / "b", seed=9,
                 chunk=2, workers=2, progress=False)
    assert len(a.files) == 3 and a.decisions == b.decisions
    assert pq.read_table(tmp_path / "a").equals(pq.read_table(tmp_path / "b"))


def test_ray_backend_gives_the_same_rows_and_leaves_nothing(tmp_path: pathlib.Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    local = generate("schnapsen", ["casual", "random"], hands=4, out=tmp_path / "local", seed=2,
                     chunk=2, progress=False)
    ray = generate("schnapsen", ["casual", "random"], hands=4, out=tmp_path / "ray", seed=2,
                   chunk=2, workers=2, backend="ray", progress=False)
    assert local.decisions == ray.decisions
    assert pq.read_table(tmp_path / "local").equals(pq.read_table(tmp_path / "ray"))
    assert list(home.iterdir()) == []  # no token, no session files in the home directory
    assert "RAY_AUTH_TOKEN_PATH" not in os.environ


def test_selfplay_command(tmp_path: pathlib.Path) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["selfplay", "--game", "schnapsen", "--bots", "casual,random",
                               "--hands", "2", "--out", str(tmp_path), "--seed", "1"])
    assert done.exit_code == 0, done.output
    assert "2 hands" in done.output and pq.read_table(tmp_path).num_rows > 0
    bad = runner.invoke(app, ["selfplay", "--game", "skat", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "unknown game" in bad.output
    bad = runner.invoke(app, ["selfplay", "--backend", "spark", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "'local' or 'ray'" in bad.output
    # --option is read as every command reads it: by the option's declared type.
    done = runner.invoke(app, ["selfplay", "--game", "schnapsen", "--bots", "random", "--hands", "1",
                               "--out", str(tmp_path / "opt"), "--option", "start_score=5"])
    assert done.exit_code == 0, done.output
    bad = runner.invoke(app, ["selfplay", "--game", "schnapsen", "--out", str(tmp_path),
                              "--option", "start_score=five"])
    assert bad.exit_code == 2 and "option 'start_score' takes a whole number" in bad.output


def test_tournament_on_ray_matches_the_local_pool_and_draws_its_plot(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same tournament on a local Ray (2 CPUs) and on the process pool: identical tables
    and pairwise scores; and its picture is written."""
    from sixtysix.research.tournament import run_tournament
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    args = dict(matches=6, seed=5, progress=False)
    local = run_tournament("schnapsen", ["casual", "random", "heuristic:miss=0.5"], workers=2,
                           **args)  # type: ignore[arg-type]
    ray = run_tournament("schnapsen", ["casual", "random", "heuristic:miss=0.5"], workers=2,
                         backend="ray", **args)  # type: ignore[arg-type]
    assert ray.table() == local.table() and ray.pairs == local.pairs
    # Every pair met: 3 bots in 2 seats, each line-up twice.
    assert local.pairs[("casual", "random")][1] + local.pairs[("random", "casual")][1] == 2 * \
        local.pairs[("casual", "random")][1] > 0
    assert list(home.iterdir()) == []  # Ray left nothing in the home directory
    summary_plot(local, tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"


def test_tournament_command_plot_and_bad_backend(tmp_path: pathlib.Path) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["tournament", "--game", "schnapsen", "--bots", "casual,random",
                               "--matches", "2", "--plot", str(tmp_path / "p.png")])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "p.png").stat().st_size > 1000
    bad = runner.invoke(app, ["tournament", "--backend", "dask"])
    assert bad.exit_code == 2 and "'local' or 'ray'" in bad.output
