"""``sixtysix engine``: a whole match played through the JSON-lines protocol by a subprocess,
and the errors that answer bad requests without ending the process."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from sixtysix.bots import make_bot
from sixtysix.cli.engine_cmd import Engine, serve
from sixtysix.engine.actions import action_str
from sixtysix.engine.match import Match
from sixtysix.games import make_game
from sixtysix.records import legal_strings, seat_record


class EngineProcess:
    """The engine in a child process, spoken to one line at a time."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sixtysix.cli", "engine", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.hello = self.read()

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, "the engine ended: " + (self.proc.stderr.read() if self.proc.stderr else "")
        out: dict[str, Any] = json.loads(line)
        return out

    def ask(self, request: dict[str, Any] | str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write((request if isinstance(request, str) else json.dumps(request)) + "\n")
        self.proc.stdin.flush()
        return self.read()

    def close(self) -> int:
        if self.proc.poll() is None:
            self.proc.kill()
        return self.proc.wait(timeout=10)


@pytest.fixture
def engine() -> Any:
    p = EngineProcess("--bot", "casual", "--time", "0.05")
    yield p
    p.close()


def test_a_whole_match_through_the_engine(engine: EngineProcess) -> None:
    """Seat 0 is the engine, asked with seat 0's record at each of its turns; seat 1 a local
    computer player. Every answer echoes the id and names a legal action; the match ends."""
    assert engine.hello == {"engine": "sixtysix", "protocol": 1, "version": "0.1.0",
                            "ready": True}
    m = Match(make_game("sixty-six", {"target": 3}), dealer=1)
    rng = random.Random(4)
    local = make_bot("casual")
    asked = 0
    while not m.complete:
        s = m.deal_hand(rng=rng)
        while not s.over:
            if s.to_act == 1:
                m.apply(local.choose(s.view(1), rng))
                continue
            asked += 1
            request: dict[str, Any] = {"id": f"q{asked}", "record": seat_record(m.record(), 0)}
            if asked % 5 == 0:  # now and then with every action valued by a short search
                request.update(bot="strong", time=0.05, seed=asked)
            else:
                request["values"] = False
            answer = engine.ask(request)
            assert answer["id"] == f"q{asked}" and answer["seat"] == 0, answer
            legal = legal_strings(s)
            assert answer["action"] in legal
            if request.get("values") is False:
                assert answer["values"] == [] and answer["bot"] == "casual"
            else:
                assert sorted(v["action"] for v in answer["values"]) == sorted(legal)
                assert answer["action"] == answer["values"][0]["action"]
            m.apply(answer["action"])
    assert asked > 10 and m.winner
    assert engine.ask({"id": "end", "cmd": "quit"}) == {"id": "end", "bye": True}
    assert engine.proc.wait(timeout=10) == 0


def test_bad_requests_get_errors_and_the_engine_goes_on(engine: EngineProcess) -> None:
    rec = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}]}
    cases: list[tuple[dict[str, Any] | str, str]] = [
        ("{not json", "a request is one JSON object a line"),
        ("[1, 2]", "a request is a JSON object"),
        ({"id": 1}, "the request needs 'record'"),
        ({"id": 2, "record": rec, "time": -1}, "'time' must be a number above 0"),
        ({"id": 3, "record": rec, "iterations": 2.5}, "'iterations' must be a whole number"),
        ({"id": 3.5, "record": rec, "time": None}, "'time' must be a number above 0, not None"),
        ({"id": 3.7, "record": rec, "seed": "x"}, "'seed' must be a whole number, not 'x'"),
        ({"id": 4, "record": rec, "bot": "nobody"}, "unknown computer player 'nobody'"),
        ({"id": 5, "record": rec, "colour": "red"}, "unknown request field(s): colour"),
        ({"id": 6, "cmd": "go"}, "unknown cmd 'go'"),
        ({"id": 7, "record": {"game": "chess", "hands": []}}, "unknown game 'chess'"),
        ({"id": 8, "record": seat_record(rec, 1)}, "it is seat 0's turn, not seat 1's"),
        ({"id": 9, "record": {"game": "sixty-six", "hands": [
            {"dealer": 1, "seed": 7, "actions": ["play 9H"]}]}}, "you do not hold 9H"),
    ]
    for request, message in cases:
        answer = engine.ask(request)
        assert "error" in answer, answer
        assert message in answer["error"]["message"], answer
        if isinstance(request, dict) and "id" in request:
            assert answer["id"] == request["id"]
    # A record error says where the record went wrong, as 'sixtysix replay' does.
    assert engine.ask(cases[-1][0])["error"]["action"] == 0
    ok = engine.ask({"id": 10, "record": rec, "values": False, "seed": 0})
    assert ok["id"] == 10 and ok["action"] in legal_strings(
        Match(make_game("sixty-six"), dealer=1).deal_hand(seed=7))
    assert engine.ask({"id": 11, "cmd": "ping"})["pong"] is True


def test_the_end_of_input_ends_the_engine(engine: EngineProcess) -> None:
    assert engine.proc.stdin is not None
    engine.proc.stdin.close()
    assert engine.proc.wait(timeout=10) == 0


def test_an_iteration_budget_and_a_seed_repeat_the_answer() -> None:
    rec = {"game": "schnapsen", "hands": [{"dealer": 0, "seed": 11, "actions": []}]}
    req = json.dumps({"id": 1, "record": rec, "bot": "strong", "iterations": 200, "seed": 3})
    out = io.StringIO()
    serve(io.StringIO(req + "\n" + req + "\n"), out, Engine(), hello=False)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    for a in (first, second):
        del a["ms"]
    assert first == second and len(first["values"]) > 1
    s = Match(make_game("schnapsen"), dealer=0).deal_hand(seed=11)
    assert sorted(v["action"] for v in first["values"]) == sorted(
        action_str(a) for a in s.legal_actions())


def test_a_bad_default_bot_is_refused_at_start() -> None:
    proc = subprocess.run([sys.executable, "-m", "sixtysix.cli", "engine", "--bot", "nobody"],
                          input="", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "unknown computer player" in proc.stdout


def test_the_client_of_the_protocol_document_runs() -> None:
    """The ten-line Python client of docs/engine-protocol.md, run as it is written."""
    import os
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "engine-protocol.md").read_text()
    section = doc.split("## A client in Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    lines = code.group(1).strip("\n").splitlines()
    assert len(lines) <= 10
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep
               + os.environ.get("PATH", ""))
    proc = subprocess.run([sys.executable, "-c", code.group(1)], capture_output=True, text=True,
                          timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    hello, move = proc.stdout.splitlines()
    assert "'ready': True" in hello and move.split()[0] in ("play", "close", "exchange")
