"""Self-play data: every decision of computer players, with what the deciding seat saw, as Parquet.

>>> import tempfile, pyarrow.parquet as pq
>>> out = tempfile.mkdtemp()
>>> info = generate("schnapsen", ["casual", "random"], hands=2, out=out, seed=1, progress=False)
>>> table = pq.read_table(out)
>>> table.num_rows == info.decisions, table.column("game")[0].as_py()
(True, 'schnapsen')

Each hand ``i`` is dealt from its own seed (``seed`` and ``i``), with the bots seated in turn so
that each plays every seat, so the data depend only on the arguments: the same call gives the same
rows, on any number of workers and on either backend. One row per decision (documented in
``SCHEMA``):

* ``game``, ``hand`` (the hand's index), ``seed`` (the hand's deal seed), ``dealer``,
  ``decision`` (its index in the hand), ``seat``, ``bot`` (the deciding bot's specification);
* ``observation``: the seat's view as a vector (``ObservationEncoder``; its length is fixed per
  game), ``legal_mask``: 1 for each legal action id (``N_ACTIONS`` entries);
* ``action`` (the id chosen) and ``action_text`` (its record text);
* ``policy_actions`` / ``policy_values``: the searcher's value of each legal action where the bot
  has them (ISMCTS and PIMC: visit counts, or mean game points in solved positions), else null;
* ``outcome``: the game points the hand awarded this seat, ``game_points``: those of every seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from ..bots import make_bot
from ..bots.choices import best_action
from ..engine.actions import N_ACTIONS, action_str
from ..engine.match import Match
from ..engine.options import OptionValue, OptionValues
from ..extras import needs
from ..games import make_game
from .backends import Backend, run_tasks
from .encoding import ObservationEncoder, legal_mask

__all__ = ["SCHEMA", "SelfPlayInfo", "generate", "play_hands", "DecisionRow"]


def _schema() -> Any:
    with needs("sixtysix.research.selfplay"):
        import pyarrow as pa
    return pa.schema([
        ("game", pa.string()), ("hand", pa.int64()), ("seed", pa.int64()), ("dealer", pa.int8()),
        ("decision", pa.int32()), ("seat", pa.int8()), ("bot", pa.string()),
        ("observation", pa.list_(pa.float32())), ("legal_mask", pa.list_(pa.int8(), N_ACTIONS)),
        ("action", pa.int16()), ("action_text", pa.string()),
        ("policy_actions", pa.list_(pa.int16())), ("policy_values", pa.list_(pa.float32())),
        ("outcome", pa.float32()), ("game_points", pa.list_(pa.int16())),
    ])


SCHEMA_DOC = {
    "game": "game id", "hand": "index of the hand in the run", "seed": "the hand's deal seed",
    "dealer": "the dealer's seat", "decision": "index of the decision in the hand",
    "seat": "the deciding seat", "bot": "the deciding bot's specification",
    "observation": "the seat's view as a vector (ObservationEncoder)",
    "legal_mask": "1 for each legal action id", "action": "the action id chosen",
    "action_text": "its record text", "policy_actions": "action ids the searcher valued",
    "policy_values": "their values", "outcome": "game points of the hand for this seat",
    "game_points": "game points of the hand for every seat",
}
SCHEMA = SCHEMA_DOC
"""Column name -> meaning (the Arrow types are ``_schema()``'s)."""


class DecisionRow(TypedDict):
    """One decision of a self-play run: a row of its Parquet files (``SCHEMA``)."""

    game: str
    hand: int
    seed: int
    dealer: int
    decision: int
    seat: int
    bot: str
    observation: list[float]
    legal_mask: list[int]
    action: int
    action_text: str
    policy_actions: list[int] | None
    policy_values: list[float] | None
    outcome: float
    game_points: list[int]


Task = tuple[str, OptionValues, list[str], int, int, int]
"""A share of a run: game, options, bots, seed, the first hand and the number of hands."""


@dataclass
class SelfPlayInfo:
    """What a run wrote."""

    hands: int
    decisions: int
    files: list[str]


def _hand_seed(seed: int, hand: int) -> int:
    return (seed * 1_000_003 + hand) % 2**62


def play_hands(task: Task) -> list[DecisionRow]:
    """The rows of hands ``first`` … ``first + count - 1`` (one task of a run)."""
    game_id, options, bots, seed, first, count = task
    game = make_game(game_id, options)
    encoder = ObservationEncoder(game)
    players = [make_bot(b) for b in bots]
    n = game.rules.n_seats
    rows: list[DecisionRow] = []
    for hand in range(first, first + count):
        hseed = _hand_seed(seed, hand)
        rng = random.Random(hseed)
        seating = [bots[(p + hand) % len(bots)] for p in range(n)]
        bot_of = [players[(p + hand) % len(bots)] for p in range(n)]
        match = Match(game, dealer=hand % n)
        state = match.deal_hand(seed=hseed)
        actors: list[int] = []
        start = len(rows)
        decision = 0
        while not state.over:
            seat = state.to_act
            view = state.view(seat)
            bot = bot_of[seat]
            values = getattr(bot, "action_values", None)
            policy = values(view, rng) if values is not None and len(view.legal) > 1 else None
            # The bot's own choice from its values (what choose() returns), or its choice.
            action = best_action(policy) if policy is not None else bot.choose(view, rng)
            rows.append({
                "game": game_id, "hand": hand, "seed": hseed, "dealer": state.dealer,
                "decision": decision, "seat": seat, "bot": seating[seat],
                "observation": encoder.encode(view, actors).tolist(),
                "legal_mask": legal_mask(view).tolist(), "action": action,
                "action_text": action_str(action),
                "policy_actions": list(policy) if policy is not None else None,
                "policy_values": [float(v) for v in policy.values()] if policy is not None else None,
                "outcome": 0.0, "game_points": [],  # once the hand is over (below)
            })
            match.apply(action)
            actors.append(seat)
            decision += 1
        gp = [int(g) for g in state.game_points()]
        for row in rows[start:]:
            row["outcome"] = float(gp[row["seat"]])
            row["game_points"] = gp
    return rows


def generate(game_id: str, bots: list[str], *, hands: int, out: str | Path, seed: int = 0,
             workers: int = 1, backend: Backend = "local", address: str | None = None,
             options: Mapping[str, OptionValue] | None = None, chunk: int = 50,
             progress: bool = True) -> SelfPlayInfo:
    """Play ``hands`` hands between ``bots`` and write every decision to Parquet files in ``out``
    (one file per chunk of hands: ``part-00000.parquet``, …)."""
    with needs("sixtysix.research.selfplay"):
        import pyarrow as pa
        import pyarrow.parquet as pq
    if hands < 1:
        raise ValueError(f"hands must be 1 or more, not {hands}")
    if not bots:
        raise ValueError("name at least one bot")
    checked = dict(options or {})
    make_game(game_id, checked)  # a bad game or option fails before anything runs
    for b in bots:
        make_bot(b)
    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)
    tasks: list[Task] = [(game_id, checked, list(bots), seed, first, min(chunk, hands - first))
             for first in range(0, hands, chunk)]
    schema = _schema()
    files, decisions = [], 0
    results = run_tasks(play_hands, tasks, workers=workers, backend=backend, address=address)
    bar = None
    if progress:
        from rich.progress import Progress
        bar = Progress()
        bar.start()
        job = bar.add_task("hands", total=hands)
    try:
        for i, (task, rows) in enumerate(zip(tasks, results, strict=True)):
            path = outdir / f"part-{i:05d}.parquet"
            pq.write_table(pa.Table.from_pylist(rows, schema=schema), path)
            files.append(str(path))
            decisions += len(rows)
            if bar is not None:
                bar.advance(job, task[5])
    finally:
        if bar is not None:
            bar.stop()
    return SelfPlayInfo(hands=hands, decisions=decisions, files=files)
