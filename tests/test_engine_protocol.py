"""``sixtysix engine``: a whole match played through the JSON-lines protocol by a subprocess,
and the errors that answer bad requests without ending the process."""

from __future__ import annotations

import io
import json
import queue
import random
import subprocess
import sys
import threading
from typing import Any

import pytest
from cli_helpers import invoke

from sixtysix.bots import make_bot
from sixtysix.cli.engine_cmd import Engine, serve
from sixtysix.engine.actions import action_str
from sixtysix.engine.match import Match
from sixtysix.games import make_game
from sixtysix.records import legal_strings, seat_record


class EngineProcess:
    """The engine in a child process, spoken to one line at a time. Each answer is awaited at
    most ``TIMEOUT`` seconds, so an engine that never answers fails a test instead of hanging it."""

    TIMEOUT = 60.0

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sixtysix.cli", "engine", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.hello = self.read()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put("")

    def read(self, timeout: float | None = None) -> dict[str, Any]:
        try:
            line = self.lines.get(timeout=timeout or self.TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"no answer in {timeout or self.TIMEOUT:g} s") from None
        assert line, "the engine ended: " + (self.proc.stderr.read() if self.proc.stderr else "")
        out: dict[str, Any] = json.loads(line)
        return out

    def ask(self, request: dict[str, Any] | str, timeout: float | None = None) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write((request if isinstance(request, str) else json.dumps(request)) + "\n")
        self.proc.stdin.flush()
        return self.read(timeout)

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
        ({"id": 2, "record": rec, "time": -1}, "'time' must be a number from 0.001 to 3600, not -1"),
        ({"id": 3, "record": rec, "iterations": 2.5}, "'iterations' must be a whole number"),
        ({"id": 3.5, "record": rec, "time": None}, "'time' must be a number from 0.001 to 3600, "
                                                   "not null"),
        ({"id": 3.7, "record": rec, "seed": "x"}, "'seed' must be a whole number, not 'x'"),
        ({"id": 4, "record": rec, "bot": "nobody"}, "unknown computer player 'nobody'"),
        ({"id": 5, "record": rec, "colour": "red"}, "unknown request field(s): colour"),
        ({"id": 6, "cmd": "go"}, "unknown cmd 'go'"),
        ({"id": 6.5, "cmd": None}, "unknown cmd null"),
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


REC = {"game": "sixty-six", "hands": [{"dealer": 1, "seed": 7, "actions": []}]}
TEXT = json.dumps(REC)
SURE = {"id": "sure", "record": REC, "bot": "strong", "iterations": 60, "seed": 3}
"""A request whose answer is the same each time (an iteration budget and a seed)."""


def _answer(engine: EngineProcess, request: dict[str, Any]) -> dict[str, Any]:
    out = engine.ask(request)
    out.pop("ms", None)
    return out


def _line(fields: str) -> str:
    """A request line for the record above with ``fields`` (JSON text) added as they are."""
    return '{"id": 1, "record": ' + TEXT + ", " + fields + "}"


BAD_LINES = [
    (_line('"time": NaN'), "NaN is not a number JSON allows"),
    (_line('"time": Infinity'), "Infinity is not a number JSON allows"),
    (_line('"time": -Infinity'), "-Infinity is not a number JSON allows"),
    (_line('"time": 1e400'), "1e400 is too large a number"),
    (_line('"time": 1e308'), "'time' must be a number from 0.001 to 3600, not 1e+308"),
    (_line('"time": 3601'), "'time' must be a number from 0.001 to 3600, not 3601"),
    (_line('"time": 0'), "'time' must be a number from 0.001 to 3600, not 0"),
    (_line('"time": "1"'), "'time' must be a number from 0.001 to 3600, not '1'"),
    (_line('"time": true'), "'time' must be a number from 0.001 to 3600, not true"),
    # A search player: the others do not count iterations.
    (_line('"bot": "strong", "iterations": 1e22'),
     "'iterations' must be a whole number from 1 to 10,000,000, not 1e+22"),
    (_line(f'"bot": "strong", "iterations": {10**22}'),
     "'iterations' must be a whole number from 1 to 10,000,000, not 10000000000000000000000"),
    (_line('"bot": "strong", "iterations": 0'), "'iterations' must be a whole number from 1"),
    (_line('"iterations": null'), "'iterations' must be a whole number from 1 to 10,000,000, "
                                  "not null"),
    (_line('"seed": false'), "'seed' must be a whole number, not false"),
    ('{"id": 1, "id": 2, "cmd": "ping"}', 'the key "id" is given twice'),
    ('{"id": 1, "record": {"game": "sixty-six", "game": "schnapsen", "hands": []}}',
     'the key "game" is given twice'),
    ('{"id": 1, "record": ' + "[" * 5000 + "]" * 5000 + "}", "nested at most 101 deep"),
    ('{"id": 1, "record": {"game": "sixty-six", "hands": ' + "[" * 150 + "]" * 150 + "}}",
     "a request nests arrays and objects at most 101 deep"),
    ('{"id": ' + "[" * 5000 + "]" * 5000 + ', "cmd": "ping"}', "nested at most 101 deep"),
    ('{"id": 1, "seed": ' + "9" * 5000 + "}", "a number too long to read"),
]
"""Request lines that thought forever or failed obscurely, and what the engine says to each."""


def test_bad_budgets_and_values_are_answered_at_once(engine: EngineProcess) -> None:
    """Every one answered with an error within seconds (a NaN deadline is never past, an
    infinite or astronomic one or an astronomic iteration count is never reached), and the
    engine goes on as it was: the request it answered before answers the same after."""
    before = _answer(engine, SURE)
    for line, message in BAD_LINES:
        answer = engine.ask(line, timeout=30)
        assert "error" in answer and message in answer["error"]["message"], (line[:80], answer)
        assert answer["id"] in (1, None), answer  # null where the id could not be read
    assert _answer(engine, SURE) == before




def test_a_bad_default_time_is_refused_at_start() -> None:
    for bad, shown in (("nan", "NaN"), ("inf", "Infinity"), ("0", "0.0"), ("1e308", "1e+308")):
        result = invoke("engine", "--time", bad, input="")
        assert result.exit_code == 2, result.output
        assert json.loads(result.output) == {"error": {
            "message": f"--time must be a number from 0.001 to 3600, not {shown}"}}
    with pytest.raises(ValueError, match="the engine's time must be a number from 0.001 to 3600"):
        Engine(seconds=float("nan"))


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


def _strict(text: str) -> Any:
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON: {text[:200]}")
    return json.loads(text, parse_constant=refuse)


class _Untried:
    """A search that tried one action: the others' mean value is -inf, as ISMCTS gives it."""

    name = "untried"

    def estimates(self, view: Any, rng: random.Random, limit: Any = None) -> dict[int, tuple[float, int]]:
        first = min(view.legal)
        return {a: (0.5, 1) if a == first else (float("-inf"), 0) for a in view.legal}

    def choose(self, view: Any, rng: random.Random, limit: Any = None) -> int:
        return int(min(view.legal))


def test_answers_are_strict_json_and_an_action_not_tried_is_null() -> None:
    """An action a search never tried was written -Infinity, which JSON does not have (a
    strict client could not read the line): its value is null."""
    engine = Engine()
    engine._bots["untried"] = _Untried()
    out = io.StringIO()
    req = {"id": 1, "record": REC, "bot": "untried", "iterations": 1}
    serve(io.StringIO(json.dumps(req) + "\n"), out, engine, hello=False)
    answer = _strict(out.getvalue())
    values = [v["value"] for v in answer["values"]]
    assert values[0] == 0.5 and values[1:] == [None] * 6, answer
