"""Commands of the computer players: ``solve``, ``hint``, ``analyze`` and ``tournament``.

``hint`` and ``analyze`` accept full records and seat records (records.md §7), so any program can
use a computer player through them. A bad record or a bad option prints a message (JSON with
``--json``) and exits with status 2, never a traceback.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Annotated, TypedDict

import typer

from ..errors import RecordError, SixtySixError
from ..games import DEFAULT_GAME
from . import app, parse_option_values, read_text

__all__ = ["solve_command", "hint_command", "analyze_command", "tournament_command",
           "solve_record", "hint_record", "SolveJSON", "HintJSON", "HintMove"]


class SolveJSON(TypedDict):
    """``sixtysix solve --json``: the seat to act, the exact value (game points of the hand, the
    card-point margin in the fraction), the best actions and every action's value."""

    to_act: int
    value: float
    game_points: int
    margin: int
    best: list[str]
    values: dict[str, float]


class HintMove(TypedDict):
    """One legal action in a hint: its record text, as a player types it, and its value (null
    where the search never tried it)."""

    action: str
    move: str
    value: float | None


class HintJSON(TypedDict):
    """``sixtysix hint --json``: the seat to act, the computer player asked, its choice, whether
    the values are exact, and every legal action's value, best first."""

    seat: int
    bot: str
    action: str
    move: str
    exact: bool
    values: list[HintMove]


def _read(file: str) -> dict[str, object]:
    from ..records import load_record
    return load_record(read_text(file))


def _fail(message: str, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"error": {"message": message}}))
    else:
        typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _player(record: Mapping[str, object], seat: int) -> str:
    """The name of ``seat`` in a record that has been read (its players, else 'Seat N')."""
    players = record.get("players")
    return players[seat] if isinstance(players, list) and seat < len(players) else f"Seat {seat}"


def solve_record(record: Mapping[str, object]) -> SolveJSON:
    """Exact values after the record's last action (a full record, a two-seat hand in progress).

    >>> rec = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": ["close"]}]}
    >>> out = solve_record(rec)
    >>> out["to_act"], out["value"], out["best"]
    (0, 3.066, ['play AD', 'play AS'])
    """
    from ..bots.solver import SCALE, Solver, is_solvable
    from ..engine.actions import action_str
    from ..records import match_from_record
    match = match_from_record(record)
    if match.seat_record is not None:
        raise RecordError("the solver needs every card: give the full record, not a seat record")
    state = match.hand
    if state is None or not match.in_hand:
        raise RecordError("no hand is in progress at the end of the record: nothing to solve")
    if not is_solvable(state):
        raise RecordError("the exact solver handles positions of play between two sides only")
    values = Solver().action_values(state)
    best = max(values.values())
    return {"to_act": state.to_act, "value": best / SCALE, "game_points": round(best / SCALE),
            "margin": best - round(best / SCALE) * SCALE,
            "best": sorted(action_str(a) for a, v in values.items() if v == best),
            "values": {action_str(a): v / SCALE for a, v in sorted(values.items(), key=lambda x: -x[1])}}


def hint_record(record: Mapping[str, object], bot: str | None = None, seconds: float = 1.0,
                seed: int = 0) -> HintJSON:
    """The action a computer player chooses after the record's last action, and every legal
    action's value for the seat to act (game points of the hand).

    >>> rec = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}]}
    >>> out = hint_record(rec, bot="casual")
    >>> out["seat"], out["action"] in [v["action"] for v in out["values"]]
    (0, True)
    """
    from ..analysis import hint, is_exact, move_text
    from ..bots import Limit, make_bot
    from ..engine.actions import action_str
    from ..records import view_to_act
    from .engine_cmd import json_value
    view = view_to_act(record)
    seat = view.seat
    rng = random.Random(seed)
    name = bot if bot is not None else "master"
    player = make_bot(name)
    values = hint(view, rng, seconds, player)
    if hasattr(player, "estimates") or hasattr(player, "action_values"):
        # One search: a searching bot's choice is the first of the values it gave (best first).
        action = values[0][0]
    else:
        # A bot that does not value actions (rules of thumb) chooses; the values are the search's.
        action = player.choose(view, random.Random(seed), Limit(seconds=seconds))
    return {"seat": seat, "bot": name, "action": action_str(action), "move": move_text(action, view),
            "exact": is_exact(view),
            "values": [{"action": action_str(a), "move": move_text(a, view), "value": json_value(v)}
                       for a, v in values]}


@app.command("solve")
def solve_command(
    record: Annotated[str, typer.Argument(help="a full record (JSON); '-' reads standard input")],
    as_json: Annotated[bool, typer.Option("--json", help="answer in JSON")] = False,
) -> None:
    """Exact value and best actions after the record's last action (every card known).

    Values are game points of the hand for the seat to act, the card-point margin as the
    fraction. Quick once the stock is closed or exhausted (milliseconds) or from the fourth trick
    on (under a second); earlier in a hand the tree is too large to solve in reasonable time.
    """
    try:
        data = _read(record)
        out = solve_record(data)
    except (RecordError, ValueError) as e:
        _fail(str(e), as_json)
        return
    if as_json:
        typer.echo(json.dumps(out))
        return
    typer.echo(f"{_player(data, out['to_act'])} to act: value {out['value']:+.3f} "
               f"({out['game_points']:+d} game points, margin {out['margin']:+d})")
    typer.echo("best: " + ", ".join(out["best"]))
    for a, v in out["values"].items():
        typer.echo(f"  {a:<14} {v:+.3f}")


@app.command("hint")
def hint_command(
    record: Annotated[str, typer.Argument(help="a full or seat record (JSON); '-' reads stdin")],
    as_json: Annotated[bool, typer.Option("--json", help="answer in JSON")] = False,
    bot: Annotated[str | None, typer.Option("--bot", help="computer player (default: master)")]
    = None,
    seconds: Annotated[float, typer.Option("--time", help="seconds to think (0.001 to 3600)")]
    = 1.0,
    seed: Annotated[int, typer.Option("--seed", help="random seed of the search")] = 0,
) -> None:
    """The action a computer player chooses now, and the value of every legal action."""
    from ..bots import SECONDS
    try:
        SECONDS.check("", seconds, "--time")
        data = _read(record)
        out = hint_record(data, bot, seconds, seed)
    except (SixtySixError, ValueError) as e:
        _fail(str(e), as_json)
        return
    if as_json:
        typer.echo(json.dumps(out))
        return
    exact = "exact" if out["exact"] else "estimated"
    typer.echo(f"{_player(data, out['seat'])} to act: {out['bot']} plays '{out['move']}' "
               f"(values {exact}, game points of the hand, best first)")
    for v in out["values"]:
        value = "not tried" if v["value"] is None else f"{v['value']:+.2f}"
        typer.echo(f"  {v['move']:<14} {value}")


@app.command("analyze")
def analyze_command(
    record: Annotated[str, typer.Argument(help="a full or seat record (JSON); '-' reads stdin")],
    seat: Annotated[int | None, typer.Option("--seat", help="only this seat's decisions")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="answer in JSON")] = False,
    samples: Annotated[int, typer.Option(
        "--samples", help="search iterations per decision while the stock is open (10 to "
                          "10,000,000)")] = 4000,
    worlds: Annotated[int, typer.Option(
        "--worlds", help="worlds solved per decision once the stock is closed (1 to "
                         "100,000)")] = 60,
    threshold: Annotated[float, typer.Option(
        "--threshold", help="smallest loss reported, in game points (0 or more)")] = 0.1,
    seed: Annotated[int, typer.Option("--seed", help="random seed of the search")] = 0,
) -> None:
    """List the mistakes of a game: the moves worse than the best one beyond the search's
    uncertainty, with the trick, the table, the better move and its cost in game points."""
    from ..analysis import analyze
    from ..bots import ITERATIONS, Param
    try:
        # Budgets are checked where they enter, with the ranges of the search's own parameters.
        Param("samples", int, 10, ITERATIONS.high).check("", samples, "--samples")
        Param("worlds", int, 1, 100_000).check("", worlds, "--worlds")
        Param("threshold", float, 0).check("", threshold, "--threshold")
        data = _read(record)
        if as_json:
            report = analyze(data, seat=seat, samples=samples, worlds=worlds,
                             threshold=threshold, seed=seed)
        else:
            from rich.progress import Progress
            with Progress(transient=True) as bar:
                job = bar.add_task("analysing decisions", total=None)

                def advance(done: int, total: int) -> None:
                    bar.update(job, completed=done, total=total)

                report = analyze(data, seat=seat, samples=samples, worlds=worlds,
                                 threshold=threshold, seed=seed, progress=advance)
    except (SixtySixError, ValueError) as e:
        _fail(str(e), as_json)
        return
    typer.echo(json.dumps(report.to_json()) if as_json else report.text())


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Option("--game", help="game id")] = DEFAULT_GAME,
    bots: Annotated[str, typer.Option("--bots", help="bots, comma-separated "
                                                     "(e.g. 'strong,ismcts:seconds=0.1,c=1,casual')")]
    = "casual,random",
    matches: Annotated[int, typer.Option("--matches", help="matches in all", min=1)] = 20,
    seed: Annotated[int, typer.Option("--seed", help="seed of the deals")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="parallel processes", min=1)] = 1,
    out: Annotated[str | None, typer.Option("--out", help="directory for the match records")]
    = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="rule option name=value (see 'sixtysix options GAME'); repeatable")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the table as JSON")] = False,
    plot: Annotated[str | None, typer.Option("--plot", help="draw ratings and pairwise win rates "
                                                            "to this PNG file")] = None,
    backend: Annotated[str, typer.Option("--backend", help="'local' (processes) or 'ray'")]
    = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address "
                                                                  "(default: a local Ray)")] = None,
) -> None:
    """Seat-swapped duplicate matches between computer players, with 95% intervals and ratings.

    A bot given twice plays as two entrants (casual#1, casual#2)."""
    from ..research.plots import summary_plot
    from ..research.tournament import run_tournament, split_bots
    if backend not in ("local", "ray"):
        _fail(f"--backend is 'local' or 'ray', not {backend!r}", as_json)
    try:
        opts = parse_option_values(option, game)
        summary = run_tournament(game, split_bots(bots), matches=matches, seed=seed,
                                 workers=workers, out=out, options=opts, progress=not as_json,
                                 backend="ray" if backend == "ray" else "local", address=address)
        if plot:
            summary_plot(summary, plot)
    except (SixtySixError, ValueError, OSError) as e:
        _fail(str(e), as_json)
        return
    if as_json:
        typer.echo(json.dumps(summary.to_json(opts, seed)))
    else:
        typer.echo(summary.text())
