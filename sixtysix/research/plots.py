"""Pictures of tournaments and of strength against thinking time (matplotlib, drawn off-screen).

``tournament_plot`` (``summary_plot`` for a ``Summary``) draws two panels: each bot's rating
with its uncertainty (the openskill ``mu`` ± 2 ``sigma``; the bar's centre is ``mu``, the dot the
conservative rating ``mu - 3 sigma`` that ranks the table), and the matrix of pairwise match win
rates (row bot against column bot, over the matches where both played on opposite sides).
``strength_plot`` draws a win rate with its 95% interval against time per move on a log axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..extras import needs
from .tournament import StandingRow, Summary

__all__ = ["tournament_plot", "summary_plot", "strength_plot"]


def _pyplot() -> Any:
    with needs("sixtysix.research.plots"):
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    return plt


def summary_plot(summary: Summary, path: str | Path) -> None:
    """Draw a tournament's ratings with their intervals and its pairwise win rates (PNG)."""
    tournament_plot(summary.table(), summary.pairs, path,
                    title=f"{summary.game}: {summary.matches} matches")


def tournament_plot(table: Sequence[StandingRow], pairs: dict[tuple[str, str], tuple[float, int]],
                    path: str | Path, title: str = "") -> None:
    """Write the tournament picture to ``path`` (PNG). ``table``: the rows of
    ``Summary.table()``; ``pairs[(a, b)]``: a's match score against b and the matches played."""
    plt = _pyplot()
    bots = [r["bot"] for r in table]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.6 * len(bots) + 2.6),
                                      gridspec_kw={"width_ratios": [1.1, 1]})
    ys = list(range(len(bots)))[::-1]
    for y, r in zip(ys, table, strict=True):
        mu, sigma = float(r["mu"]), float(r["sigma"])
        left.errorbar([mu], [y], xerr=[[2 * sigma], [2 * sigma]], fmt="|", color="tab:blue",
                      capsize=4, lw=2)
        left.plot([float(r["rating"])], [y], "o", color="tab:orange")
    left.set_yticks(ys, bots)
    left.set_xlabel("rating: mu ± 2 sigma (bar), mu − 3 sigma (dot)")
    left.set_title("openskill ratings")
    left.grid(axis="x", alpha=0.3)
    n = len(bots)
    grid = [[float("nan")] * n for _ in range(n)]
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            score, played = pairs.get((a, b), (0.0, 0))
            if played:
                grid[i][j] = score / played
    image = right.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    right.set_xticks(range(n), bots, rotation=30, ha="right")
    right.set_yticks(range(n), bots)
    for i in range(n):
        for j in range(n):
            played = pairs.get((bots[i], bots[j]), (0.0, 0))[1]
            if played:
                right.text(j, i, f"{grid[i][j]:.0%}\n({played})", ha="center", va="center",
                           fontsize=8)
    right.set_title("match win rate, row against column (matches)")
    fig.colorbar(image, ax=right, fraction=0.046)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def strength_plot(points: Sequence[tuple[float, float, float, float]], path: str | Path,
                  title: str, ylabel: str = "match win rate (95% CI)") -> None:
    """``points``: (seconds per move, rate, low, high) for each time; written to ``path``."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    xs = [p[0] for p in points]
    rates = [p[1] for p in points]
    ax.errorbar(xs, rates, yerr=[[p[1] - p[2] for p in points], [p[3] - p[1] for p in points]],
                fmt="o-", capsize=4)
    ax.set_xscale("log")
    ax.minorticks_off()
    ax.set_xticks(xs, [f"{x:g}" for x in xs])
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("seconds per move")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
