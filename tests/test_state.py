"""``State.copy`` is written out field by field (state.py; compiled, ``State`` is a C struct that a
generated copy cannot patch in): it must copy every field, and no list may be shared."""

from __future__ import annotations

import dataclasses
import random

import pytest

from sixtysix.engine.match import Match
from sixtysix.engine.rules import _COPIED, PlayRules
from sixtysix.engine.state import State
from sixtysix.engine.view import View
from sixtysix.games import GAMES, make_game


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_copy_has_every_field_and_shares_no_list(game_id: str) -> None:
    rng = random.Random(game_id)
    match = Match(make_game(game_id), dealer=0)
    s = match.deal_hand(rng=rng)
    for _ in range(9):  # into the play, with tricks won and cards in the trick
        if s.over:
            break
        s.step(rng.choice(s.legal_actions()))
    c = s.copy()
    for name in State.__slots__:
        mine, theirs = getattr(s, name), getattr(c, name)
        assert theirs == mine, name
        if isinstance(mine, list):
            assert theirs is not mine, f"{name} is shared"
        if isinstance(mine, list | tuple):  # a copy one level deep copies all (fuzz.snapshot)
            assert not any(isinstance(x, list | dict | set) for x in mine), name
    assert c.rules is s.rules and c.play_rules is s.play_rules
    # Playing on in the copy leaves the original as it was.
    before = [repr(getattr(s, name)) for name in State.__slots__]
    while not c.over:
        c.step(rng.choice(c.legal_actions()))
    assert [repr(getattr(s, name)) for name in State.__slots__] == before


def test_a_state_never_set_up_raises_instead_of_crashing() -> None:
    # Compiled, the phases read the rules from the state's struct unchecked: a bare state must be
    # refused before it gets there (pure Python refuses the unset field by itself).
    bare = State.__new__(State)
    with pytest.raises((ValueError, AttributeError)):
        bare.legal_actions()
    with pytest.raises((ValueError, AttributeError)):
        bare.step(0)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_play_rules_mirror_the_rules(game_id: str) -> None:
    r = make_game(game_id).rules
    p = r.play
    for name in _COPIED:
        assert getattr(p, name) == getattr(r, name), name
    assert set(_COPIED) < set(PlayRules.__slots__)
    assert p.exchange_rank == (-1 if r.exchange_rank is None else r.exchange_rank)
    assert p.exchange_on_close == ("none", "opponent_any", "either_with_trick").index(
        r.exchange_on_close)
    assert p.close_requires == ("lead", "lead_and_own_trick", "lead_after_first_trick").index(
        r.close_requires)
    assert p.credit_needs_trick_before == (r.marriage_credit == "needs_trick_before")
    assert p.credit_same_trick_only == (r.marriage_credit == "same_trick_only")
    assert p.claim_any_own_turn == (r.claim_timing == "any_own_turn")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_view_sets_every_field_as_the_dataclass_would(game_id: str) -> None:
    # make_view fills the frozen View's __dict__ in one step (view.py, _view): it must give every
    # field, and be the object that View(...) makes from the same values.
    rng = random.Random(game_id)
    match = Match(make_game(game_id), dealer=0)
    s = match.deal_hand(rng=rng)
    for _ in range(7):
        if s.over:
            break
        s.step(rng.choice(s.legal_actions()))
    names = [f.name for f in dataclasses.fields(View)]
    for seat in range(s.n):
        v = s.view(seat)
        assert sorted(vars(v)) == sorted(names)
        made = View(**{name: getattr(v, name) for name in names})
        assert made == v and hash(made) == hash(v) and repr(made) == repr(v)
        with pytest.raises(dataclasses.FrozenInstanceError):
            v.hand = 0  # type: ignore[misc]


def test_a_deal_is_frozen_and_a_hand_needs_one() -> None:
    """``Deal`` is a frozen dataclass on both cores (compiled, an extension type with read-only
    fields): equal deals hash alike, a field cannot be set, and ``State.new`` refuses anything
    else with the same TypeError."""
    from sixtysix.engine.state import Deal
    game = make_game("schnapsen")
    deal = game.shuffled_deal(3, 0, (0, 1))
    again = Deal(hands=deal.hands, turnup=deal.turnup, stock=deal.stock)
    assert again == deal and hash(again) == hash(deal) and dataclasses.is_dataclass(deal)
    assert dataclasses.replace(deal, turnup=None) != deal
    with pytest.raises(AttributeError):
        deal.turnup = 0  # type: ignore[misc]
    for bad in (None, dataclasses.asdict(deal)):
        with pytest.raises(TypeError, match="a hand is dealt from a Deal, not"):
            State.new(game, 0, bad)  # type: ignore[arg-type]
