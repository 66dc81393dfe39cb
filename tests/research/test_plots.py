"""The pictures: a tournament's ratings and pairwise win rates, strength against time."""

from __future__ import annotations

import pathlib

from sixtysix.research.plots import strength_plot, tournament_plot


def _png(path: pathlib.Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_tournament_plot(tmp_path: pathlib.Path) -> None:
    table = [{"bot": "casual", "mu": 27.0, "sigma": 3.0, "rating": 18.0},
             {"bot": "random", "mu": 22.0, "sigma": 3.5, "rating": 11.5}]
    pairs = {("casual", "random"): (9.0, 10), ("random", "casual"): (1.0, 10)}
    tournament_plot(table, pairs, tmp_path / "t.png", title="sixty-six: 10 matches")
    width, height = _png(tmp_path / "t.png")
    assert width > 800 and height > 200


def test_strength_plot(tmp_path: pathlib.Path) -> None:
    strength_plot([(0.05, 0.4, 0.3, 0.5), (0.2, 0.6, 0.5, 0.7)], tmp_path / "s.png", "x")
    width, height = _png(tmp_path / "s.png")
    assert width > 500 and height > 300


def test_the_training_example_runs(tmp_path: pathlib.Path) -> None:
    """examples/train_schnapsen.py as a user runs it, briefly: it trains, measures and plots."""
    import subprocess
    import sys
    root = pathlib.Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "examples" / "train_schnapsen.py"),
                           "--hands", "60", "--every", "30", "--eval", "10",
                           "--plot", str(tmp_path / "c.png")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("vs random") == 3 and _png(tmp_path / "c.png")[0] > 500
