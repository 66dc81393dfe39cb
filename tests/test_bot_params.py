"""Bot parameters are checked against the ranges each bot declares, with a message that says
what is allowed: nothing out of range reaches a search (``iterations=0`` used to hang,
``pimc:worlds=0`` to divide by zero)."""

from __future__ import annotations

import random

import pytest

from sixtysix.bots import BotError, bot_names, bot_params, make_bot, parse_bot
from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.pimc import Pimc
from sixtysix.engine import Match
from sixtysix.games import make_game


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:iterations=0", "ismcts: iterations must be a whole number from 1 to 10,000,000, not 0"),
    ("ismcts:iterations=-5", "ismcts: iterations must be a whole number from 1 to 10,000,000, not -5"),
    ("ismcts:iterations=10000001", "from 1 to 10,000,000, not 10000001"),
    ("ismcts:iterations=2.5", "iterations must be a whole number"),
    ("ismcts:iterations=", "iterations must be a whole number from 1 to 10,000,000, not ''"),
    ("ismcts:seconds=0", "ismcts: seconds must be a number from 0.001 to 3600, not 0"),
    ("ismcts:seconds=-1", "ismcts: seconds must be a number from 0.001 to 3600, not -1"),
    ("ismcts:seconds=nan", "seconds must be a number from 0.001 to 3600, not nan"),
    ("ismcts:seconds=inf", "seconds must be a number from 0.001 to 3600, not inf"),
    ("ismcts:c=-0.1", "ismcts: c must be a number from 0 to 100"),
    ("ismcts:workers=0", "ismcts: workers must be a whole number from 1 to 256, not 0"),
    ("ismcts:workers=-2", "workers must be a whole number from 1 to 256, not -2"),
    ("ismcts:worlds=0", "ismcts: worlds must be a whole number from 1 to 100,000, not 0"),
    ("ismcts:endgame=maybe", "ismcts: endgame must be true or false, not maybe"),
    ("ismcts:cards=13", "ismcts: cards must be a whole number from 0 to 12, not 13"),
    ("pimc:worlds=0", "pimc: worlds must be a whole number from 1 to 100,000, not 0"),
    ("pimc:worlds=-1", "pimc: worlds must be a whole number from 1 to 100,000, not -1"),
    ("pimc:playouts=0", "pimc: playouts must be a whole number from 1 to 10,000, not 0"),
    ("pimc:solve_facedown=-1", "pimc: solve_facedown must be a whole number from 0 to 32, not -1"),
    ("pimc:seconds=1e9", "pimc: seconds must be a number from 0.001 to 3600, not 1e9"),
    ("heuristic:forget=2", "heuristic: forget must be a number from 0 to 1, not 2"),
    ("heuristic:miss=-0.1", "heuristic: miss must be a number from 0 to 1, not -0.1"),
    ("master:seconds=0", "master: seconds must be a number from 0.001 to 3600, not 0"),
    ("strong:seconds=-3", "strong: seconds must be a number from 0.001 to 3600, not -3"),
])
def test_a_value_out_of_range_is_refused_with_the_range(spec: str, message: str) -> None:
    with pytest.raises(BotError) as e:
        make_bot(spec)
    assert message in str(e.value)


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:wokers=2", "ismcts: unknown parameter 'wokers' (ismcts takes c, cards, endgame, "
                        "exact, iterations, match, net, particles, seconds, stock, workers, worlds)"),
    ("random:seconds=1", "random: unknown parameter 'seconds' (random takes no parameters)"),
    ("casual:seconds=1", "casual: unknown parameter 'seconds' (casual takes no parameters)"),
    ("heuristic:name=x", "heuristic: unknown parameter 'name'"),
    ("pimc:solver=1", "pimc: unknown parameter 'solver'"),
    ("ismcts:c", "ismcts: parameter 'c' must look like key=value"),
    ("ismcts:c=1,c=2", "ismcts: c is given twice"),
    ("nobody", "unknown computer player 'nobody'"),
    ("x" * 201, "at most 200 characters"),
])
def test_unknown_or_malformed_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotError) as e:
        make_bot(spec)
    assert message in str(e.value)


def test_values_in_range_are_converted_to_their_type() -> None:
    assert parse_bot("ismcts:iterations=600, c=1, endgame=yes, exact=0") == \
        ("ismcts", {"iterations": 600, "c": 1.0, "endgame": True, "exact": False})
    bot = make_bot("pimc:worlds=3,playouts=1,solve_facedown=0")
    assert isinstance(bot, Pimc) and (bot.worlds, bot.playouts, bot.solve_facedown) == (3, 1, 0)
    # The ends of each range are allowed.
    assert make_bot("ismcts:iterations=1").iterations == 1  # type: ignore[attr-defined]
    assert make_bot("heuristic:forget=0,miss=1") is not None


def test_every_registered_bot_declares_its_parameters() -> None:
    for name in bot_names():
        for p in bot_params(name):
            assert p.kind in (int, float, bool), (name, p)
            if p.kind is not bool:
                assert p.low is not None and p.high is not None and p.low <= p.high, (name, p)


def test_bots_built_from_python_are_held_to_the_same_ranges() -> None:
    with pytest.raises(BotError, match="iterations must be a whole number from 1"):
        Ismcts(iterations=0)
    with pytest.raises(BotError, match="worlds must be a whole number from 1"):
        Pimc(worlds=0)


def test_the_smallest_budgets_still_choose_a_legal_move() -> None:
    m = Match(make_game("sixty-six"), dealer=1)
    state = m.deal_hand(seed=11)
    view = state.view(state.to_act)
    for spec in ("ismcts:iterations=1", "pimc:worlds=1,playouts=1", "ismcts:iterations=1,exact=false"):
        assert make_bot(spec).choose(view, random.Random(0)) in view.legal
