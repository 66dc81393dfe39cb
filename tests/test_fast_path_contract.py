"""The fast path is a declared contract (engine/fastpath.py): each kernel names every field of
``Rules`` it implements, and the engine offers a game to its kernel only where every field of
the game's rules is one the kernel names, with a value it plays. A rule the kernel does not know
(here a dummy field added by a subclass of a game's rules) makes it refuse the game, which the
phases then play as before; and no option set of any game loses its kernel to the contract.
Runs in about 2 s.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from sixtysix.bots.base import Limit
from sixtysix.bots.levels import make_bot
from sixtysix.engine import Match
from sixtysix.engine.fastpath import MULTI, PAIR, RuleCoverage, coverage, kernel_module
from sixtysix.engine.options import option_specs
from sixtysix.engine.rules import Rules
from sixtysix.errors import OptionError
from sixtysix.games import GAMES, make_game

FIELDS = [f.name for f in dataclasses.fields(Rules)]

ONE_PER_KERNEL = {PAIR: "sixty-six", MULTI: "three-player-sixty-six",
                  "sixtysix.games.bauernschnapsen.kernel": "bauernschnapsen",
                  "sixtysix.games.gaigel.kernel": "gaigel", "sixtysix.games.terts.kernel": "terts"}
"""Each kernel (its module, as a fast path names it) and a game it plays."""
KERNELS = sorted(ONE_PER_KERNEL)


def _pack(k: str) -> Any:
    """Kernel ``k``'s ``pack``: a state as the kernel's hand, or None where it does not play it."""
    return kernel_module(k).pack


def test_every_declared_kernel_is_checked_here() -> None:
    """Each game's declared kernel is one of ``ONE_PER_KERNEL`` (so the tests below cover it),
    and the module a fast path names is the kernel that plays the game."""
    for gid in GAMES:
        fp = make_game(gid).make_fast_path()
        if fp is not None:
            assert fp.kernel in ONE_PER_KERNEL, (gid, fp.kernel)
            assert kernel_module(fp.kernel).__name__ == fp.kernel
    assert {make_game(g).fast_path.kernel for g in ONE_PER_KERNEL.values()} == set(KERNELS)  # type: ignore[union-attr]


@dataclasses.dataclass(frozen=True, kw_only=True)
class DummyRules(Rules):
    """A game's rules with one rule more, which no kernel implements and no phase reads."""

    dummy_rule: bool = True


def with_dummy_rule(game_id: str) -> Any:
    """``game_id``'s game whose rules carry ``dummy_rule`` besides the game's own."""
    base = type(make_game(game_id))

    class Dummy(base):  # type: ignore[misc, valid-type]
        def make_rules(self) -> Rules:
            r = super().make_rules()
            return DummyRules(**{name: getattr(r, name) for name in FIELDS})

    return Dummy()


def _first_packed(g: Any, pack: Any, seed: int) -> Any:
    """A state of a hand of ``g`` that ``pack`` takes, played at random up to it from the deal."""
    rng = random.Random(seed)
    s = Match(g, dealer=1).deal_hand(seed=seed)
    while pack(s) is None and not s.over:
        s.step(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("k", KERNELS)
def test_a_kernel_names_every_rule_field_once(k: str) -> None:
    cov = coverage(k)
    named = sorted([*cov.plays, *cov.only])
    assert named == sorted(FIELDS)


def test_a_coverage_names_only_rule_fields() -> None:
    with pytest.raises(ValueError, match="not_a_rule"):
        RuleCoverage(plays=("not_a_rule",), only={})
    with pytest.raises(ValueError, match="both"):
        RuleCoverage(plays=("stock",), only={"stock": (True,)})


@pytest.mark.parametrize("k", KERNELS)
def test_a_new_rule_field_makes_the_kernel_refuse(k: str) -> None:
    game_id = ONE_PER_KERNEL[k]
    plain, dummy = make_game(game_id), with_dummy_rule(game_id)
    assert plain.fast_path is not None and plain.fast_path.kernel == k
    assert dummy.fast_path is None
    assert coverage(k).refusal(dummy.rules) == \
        "the kernel does not implement the rule field 'dummy_rule'"
    # The kernel takes the plain game's hand and refuses the same hand of the dummy's.
    s = _first_packed(plain, _pack(k), seed=5)
    assert not s.over
    t = _first_packed(dummy, _pack(k), seed=5)
    assert t.over and _pack(k)(t) is None


def test_a_value_the_kernel_does_not_play_is_refused() -> None:
    g = make_game("sixty-six")
    r = dataclasses.replace(g.rules, hand_size=7)
    assert coverage(PAIR).refusal(r) == "the kernel does not play hand_size=7"
    assert coverage(PAIR).refusal(g.rules) is None


@pytest.mark.parametrize("k", KERNELS)
def test_the_phases_play_a_refused_game_as_before(k: str) -> None:
    """The dummy rule changes nothing in play: the same random actions make the same hands,
    the same results; and a search plays it through ``State`` (no kernel)."""
    game_id = ONE_PER_KERNEL[k]
    plain, dummy = make_game(game_id), with_dummy_rule(game_id)
    for seed in range(3):
        s = Match(plain, dealer=seed % plain.n_seats).deal_hand(seed=seed)
        t = Match(dummy, dealer=seed % plain.n_seats).deal_hand(seed=seed)
        rng = random.Random(seed)
        while not s.over:
            legal = s.legal_actions()
            assert t.legal_actions() == legal
            a = rng.choice(legal)
            s.step(a)
            t.step(a)
        assert t.over and t.result == s.result
    bot = make_bot("ismcts")
    t = Match(dummy, dealer=1).deal_hand(seed=9)
    rng = random.Random(9)
    for _ in range(4):
        if t.over:
            break
        seat = t.to_act
        a = bot.choose(t.view(seat), rng, Limit(iterations=30))
        assert a in t.legal_actions()
        t.step(a)


def _option_sets(game_id: str) -> list[dict[str, Any]]:
    """The defaults, and each option at each of its values (ints at both ends) in turn."""
    sets: list[dict[str, Any]] = [{}]
    for name, spec in option_specs(make_game(game_id).options).items():
        values: list[Any] = []
        if spec.kind == "choice":
            values = list(spec.choices)
        elif spec.kind == "bool":
            values = [True, False]
        elif spec.kind == "int":
            values = [spec.lo, spec.hi]
        if spec.nullable:
            values.append(None)
        sets += [{name: v} for v in values]
    return sets


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_set_keeps_its_kernel(game_id: str) -> None:
    """No option set that declares a fast path loses it to the contract (that would slow its
    searches down with no test failing)."""
    for options in _option_sets(game_id):
        try:
            g = make_game(game_id, options)
        except OptionError:  # an option that needs others: not a set a player can choose
            continue
        declared = g.make_fast_path()
        if declared is None:
            continue
        rules = (g.rules, *(r for c in g.contracts for r in c.rules))
        assert g.fast_path == declared, (options, [coverage(declared.kernel).refusal(r)
                                                   for r in rules])
