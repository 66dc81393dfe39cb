"""A finished match's analysis for the browser: ``sixtysix.analysis.analyze`` on the table's
record, worked out in the background, a few at a time, and kept in the database.

``POST /api/tables/{id}/analysis`` asks for it (202 while it is waited for or worked out, 200 once
it is there, 429 when too many are waiting: ``Retry-After`` says when to ask again);
``GET /api/tables/{id}/analysis`` tells how far it is, or gives it. Only for a match that is over:
the analysis values every seat's moves from the cards they held, which must stay hidden while it
runs; once it is over the whole record is anyone's who knows the table (``Table.record_for``),
and so is its analysis.

The work is bounded like the computer players' (``ServerConfig``): iterations, not seconds
(``analysis_samples``, ``analysis_worlds``, within ``max_bot_iterations``/``max_bot_worlds``), so
that a match's analysis is the same on any machine, from a fixed seed; ``max_analyses`` at once,
each in a thread of its own so that the server goes on answering meanwhile (like a hint), and at
most ``analyses_waiting`` more queued behind them. Each finished match is analysed once: the
result is stored (``Storage.save_analysis``) and served from there, to every server process.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from ..cards import SUIT_SYMBOLS
from ..engine.match import Match
from ..engine.state import PH_DRAW
from ..records import match_from_record
from .config import ServerConfig
from .storage import Storage
from .table import Table, TableError

if TYPE_CHECKING:
    from ..analysis import ReportJSON

__all__ = ["Analyses", "positions", "SEED"]

log = logging.getLogger("sixtysix.server")

SEED = 0
"""The seed of every analysis: the same record gives the same report."""


@dataclass
class _Job:
    """An analysis this process has been asked for and has not finished."""

    task: asyncio.Task[None]
    running: bool = False
    done: int = 0
    total: int = 0


class Analyses:
    """The analyses of one server process: queued, worked out and stored."""

    def __init__(self, store: Storage, config: ServerConfig) -> None:
        self.store = store
        self.samples = min(config.analysis_samples, config.max_bot_iterations)
        self.worlds = min(config.analysis_worlds, config.max_bot_worlds)
        self.room = config.max_analyses + config.analyses_waiting
        self._slots = asyncio.Semaphore(config.max_analyses)
        self._jobs: dict[str, _Job] = {}
        self._failed: dict[str, str] = {}

    @staticmethod
    def _record(table: Table) -> dict[str, Any]:
        if not table.match.complete:
            raise TableError("match_running", "a match is analysed once it is over: while it "
                             "runs, its analysis would show every seat's cards", 409)
        return table.record_for(None)

    def status(self, table: Table) -> dict[str, Any]:
        """Where the table's analysis stands: ``none`` (not asked for), ``queued``, ``running``
        (with ``done`` and ``total`` decisions), ``failed``, or ``done`` with the analysis."""
        record = self._record(table)
        stored = self.store.analysis(table.id)
        if stored is not None:
            return {"status": "done", "table": table.id, "players": record.get("players", []),
                    "analysis": stored}
        job = self._jobs.get(table.id)
        if job is not None:
            out: dict[str, Any] = {"status": "running" if job.running else "queued",
                                   "table": table.id}
            if job.running:
                out |= {"done": job.done, "total": job.total}
            return out
        if table.id in self._failed:
            return {"status": "failed", "table": table.id, "message": self._failed[table.id]}
        return {"status": "none", "table": table.id}

    def start(self, table: Table) -> tuple[int, dict[str, Any]]:
        """Ask for the table's analysis: (HTTP status, ``status``). 200 when it is there, 202
        when it is now waited for or worked out; 429 ``busy`` when the queue is full."""
        record = self._record(table)
        now = self.status(table)
        if now["status"] == "done":
            return 200, now
        if now["status"] in ("queued", "running"):
            return 202, now
        if len(self._jobs) >= self.room:  # the running ones and those queued behind them
            raise TableError("analyses_busy", "too many analyses are waiting: ask again in a minute", 429,
                             {"retry_after": 60})
        self._failed.pop(table.id, None)
        task = asyncio.get_running_loop().create_task(self._work(table.id, record))
        self._jobs[table.id] = _Job(task)
        return 202, self.status(table)

    async def _work(self, table_id: str, record: dict[str, Any]) -> None:
        from ..analysis import analyze
        job = self._jobs[table_id]

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        try:
            async with self._slots:
                job.running = True
                report = await asyncio.to_thread(
                    analyze, record, samples=self.samples, worlds=self.worlds, seed=SEED,
                    progress=progress)
                result = report.to_json() | {"hands": len(record.get("hands", [])),
                                             "positions": positions(record, report.to_json())}
                await asyncio.to_thread(self.store.save_analysis, table_id, result)
        except Exception as e:  # the record was checked when stored: this is the server's fault
            log.exception("the analysis of table %s failed", table_id, exc_info=e)
            self._failed[table_id] = "the analysis failed: ask again later"
        finally:
            del self._jobs[table_id]

    async def stop(self) -> None:
        """Cancel what is waiting or running (a thread already valuing goes on to its end,
        unstored)."""
        for job in list(self._jobs.values()):
            job.task.cancel()


def _cards(mask: int) -> list[str]:
    from ..analysis import card_words
    return [card_words(c) for c in range(64) if mask >> c & 1]


class PositionJSON(TypedDict):
    """Where a mistake was made, face up: every seat's cards, the trump suit and the cards on
    the table (seat and card, in words)."""

    hands: list[list[str]]
    trump: str | None
    table: list[list[int | str]]


def positions(record: dict[str, Any], report: ReportJSON) -> list[PositionJSON]:
    """For each mistake of ``report`` (an analysis of the full ``record``), the position it was
    made in, face up: every seat's cards, the trump suit and the cards on the table. The record
    is walked as ``analyze`` walks it."""
    wanted = {(d["hand"], d["action"]) for d in report["mistakes"]}
    full = match_from_record(record)
    first = full.hand_records[0]["dealer"] if full.hand_records else 0
    m = Match(full.game, dealer=first, players=full.players)
    found: dict[tuple[int, int], PositionJSON] = {}
    for h, (deal, _active) in enumerate(full.deals):
        state = m.deal_hand(deal=deal)
        for i, text in enumerate(full.hand_records[h]["actions"]):
            if state.phase == PH_DRAW and text.split()[0].lower() not in ("draw", "close"):
                m.apply("draw")  # records.md §5.1: 'draw' may be left out
            if (h, i) in wanted:
                from ..analysis import card_words
                found[(h, i)] = {
                    "hands": [_cards(state.hands[s]) for s in range(full.n)],
                    "trump": SUIT_SYMBOLS[state.trump] if state.trump >= 0 else None,
                    "table": [[s, card_words(c)] for s, c in state.view(state.to_act).trick]}
            m.apply(text)
    return [found[(d["hand"], d["action"])] for d in report["mistakes"]]
