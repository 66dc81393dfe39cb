"""Action text: parsing and printing round trips (records.md §4)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from sixtysix.cards import SUITS, make_card, parse_card
from sixtysix.engine import actions
from sixtysix.engine.actions import (
    CLOSE,
    COMBOS,
    CONTRACTS,
    DECLARE,
    DECLARE_SHOW,
    DEFER,
    DRAW,
    EXCHANGE,
    MARRY,
    N_ACTIONS,
    OPENINGS,
    PASS,
    PLAY,
    TRUMP,
    TURN,
    ActionKind,
    action_str,
    bid_units,
    card_of,
    combo_index,
    contract_index,
    is_announcement,
    is_bid,
    is_contract_bid,
    is_declaration,
    is_double_marriage,
    is_marriage,
    is_opening,
    is_play,
    is_show,
    is_trump_choice,
    kind,
    lays_card,
    named_card,
    names_card,
    opening_index,
    parse_action,
    trump_suit,
)

CANONICAL = (
    [f"play {r}{s}" for r in "ATKQJ987" for s in "CDHS"]
    + [f"marry {r}{s}" for r in "KQ" for s in "CDHS"]
    + [f"declare Q{s}" for s in "CDHS"]
    + ["draw", "exchange", "close", "declare", "turn", "defer", "pass"]
    + [f"trump {s}" for s in "CDHS"]
)


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_round_trips(text: str) -> None:
    a = parse_action(text)
    assert 0 <= a < N_ACTIONS
    assert action_str(a) == text
    assert parse_action(text.upper()) == a


def test_ids() -> None:
    assert parse_action("play AS") == PLAY + parse_card("AS")
    assert parse_action("marry QH") == MARRY + parse_card("QH")
    assert parse_action("draw") == DRAW
    assert parse_action("exchange") == EXCHANGE
    assert parse_action("close") == CLOSE
    assert parse_action("declare") == DECLARE
    assert parse_action("turn") == TURN
    assert parse_action("defer") == DEFER
    assert parse_action("pass") == PASS
    assert parse_action("trump h") == TRUMP + 2
    assert is_play(parse_action("play 9D")) and not is_play(parse_action("marry KD"))


def test_second_copy_prints_like_the_first() -> None:
    assert action_str(PLAY + make_card(3, 0, copy=1)) == "play AS"


@pytest.mark.parametrize("text,canonical", [
    ("PLAY 10h", "play TH"), ("Play t♥", "play TH"), ("  marry  k♠ ", "marry KS"),
    ("declare KH", "declare QH"), ("declare qh", "declare QH"), ("DECLARE", "declare"),
    ("Trump ♦", "trump D"), ("DRAW", "draw"), ("Exchange", "exchange"),
])
def test_input_is_case_insensitive_and_output_canonical(text: str, canonical: str) -> None:
    assert action_str(parse_action(text)) == canonical


def test_declare_with_king_or_queen_is_the_same_action() -> None:
    assert parse_action("declare KS") == parse_action("declare QS") == DECLARE_SHOW + parse_card("QS")


@pytest.mark.parametrize("text,message", [
    ("", "empty action"),
    ("   ", "empty action"),
    ("jump AS", "unknown action"),
    ("play", "takes one card"),
    ("play AS KS", "takes one card"),
    ("play XY", "not a card"),
    ("marry AS", "king or a queen"),
    ("marry 9H", "king or a queen"),
    ("declare JH", "king or a queen"),
    ("declare KH QH", "at most one card"),
    ("draw AS", "takes no argument"),
    ("close now", "takes no argument"),
    ("trump", "takes one suit"),
    ("trump X", "not a suit"),
])
def test_malformed_actions_are_refused_with_a_readable_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_action(text)


@pytest.mark.parametrize("action", [-1, 199, N_ACTIONS, 10**6])
def test_ints_that_name_no_action(action: int) -> None:
    with pytest.raises(ValueError, match="not an action"):
        action_str(action)


@pytest.mark.parametrize("action", [-1, 199, N_ACTIONS])
def test_state_refuses_ints_that_name_no_action(action: int) -> None:
    from sixtysix.engine.match import Match
    from sixtysix.errors import IllegalActionError
    from sixtysix.games import make_game

    state = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=1)
    before = (state.view(0), state.view(1), state.legal_actions())
    with pytest.raises(IllegalActionError, match="not an action"):
        state.apply(action)
    assert (state.view(0), state.view(1), state.legal_actions()) == before


def test_every_action_id_round_trips() -> None:
    """Each id of the dense table that names an action prints to text that parses back to it
    (cards of the second copy print as the first: text names the first copy)."""
    named = 0
    for a in range(N_ACTIONS):
        try:
            text = action_str(a)
        except ValueError:
            continue
        named += 1
        back = parse_action(text)
        assert back == a or (back | 32) == a, (a, text)
        # Canonical texts come from a table; other spellings are parsed word by word.
        assert parse_action(f" {text.lower()} ") == back, text
    # 64 plays, 8 marriages... every card id is a play or a marriage block entry; 92 combos twice.
    assert named > 64 + 64 + 64 + 92 * 2


@pytest.mark.parametrize(("text", "canonical"), [
    ("bid 2", "bid 2"), ("BID 5", "bid 5"), ("bid Herrenschnapser", "bid herrenschnapser"),
    ("cut", "cut"), ("knock", "knock"), ("kontra", "kontra"), ("Rekontra", "rekontra"),
    ("subkontra", "subkontra"), ("open andere-alte ah", "open andere-alte AH"),
    ("open auf-dissle 7c", "open auf-dissle 7C"), ("marry double kh", "marry double KH"),
    ("meld low", "meld low"), ("reverse", "reverse"), ("bella", "bella"),
    # records.md §4: cards of a combination in pack order (A T K Q J 9 8 7), not sequence order.
    ("announce js ks qs ts", "announce TS KS QS JS"), ("show 7h 9h 8h", "show 9H 8H 7H"),
    ("announce jc jd jh js", "announce JC JD JH JS"),
    ("announce AS KS QS JS TS 9S 8S 7S", "announce AS TS KS QS JS 9S 8S 7S"),
])
def test_bidding_and_meld_actions_parse(text: str, canonical: str) -> None:
    assert action_str(parse_action(text)) == canonical


@pytest.mark.parametrize(("text", "message"), [
    ("bid 0", "from 1"), ("bid 64", "from 1"), ("bid grand", "not a bid"), ("bid", "takes"),
    ("open hoeher", "takes an opening"), ("open sideways AC", "takes an opening"),
    ("meld high", "meld low"), ("marry double 9h", "king or a queen"),
    # Runs follow A K Q J T 9 8 7: A-T-K is no run, K-Q-J-T is one.
    ("announce AS TS KS", "run of 3 to 8"), ("announce KS QS", "run of 3 to 8"),
    ("announce KS KS QS", "named twice"),
])
def test_bad_bidding_and_meld_actions_say_why(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_action(text)


def test_every_action_has_a_kind_and_the_card_its_text_names() -> None:
    """``kind`` is the verb of the action's text, ``card_of`` the card it lays (the last word of
    the text) for exactly the actions that lay one; a bot needs no id ranges."""
    seen = set()
    for a in range(N_ACTIONS):
        try:
            text = action_str(a)
        except ValueError:
            with pytest.raises(ValueError, match="not an action"):
                kind(a)
            continue
        k = kind(a)
        seen.add(k)
        assert text.startswith(k) and not text[len(k):len(k) + 1].strip()
        if k in (ActionKind.PLAY, ActionKind.MARRY, ActionKind.MARRY_DOUBLE, ActionKind.OPEN):
            assert parse_card(text.split()[-1]) == card_of(a) % 32  # the text names the first copy
            assert card_of(a) == a % 64
        else:
            with pytest.raises(ValueError, match="plays no card"):
                card_of(a)
        assert is_play(a) == (k is ActionKind.PLAY)
    assert seen == set(ActionKind)


VALID = [a for a in range(N_ACTIONS) if actions._TEXTS.get(a) is not None]

BLOCKS: tuple[tuple[ActionKind, Callable[[int], bool]], ...] = (
    (ActionKind.PLAY, is_play), (ActionKind.MARRY, is_marriage), (ActionKind.DECLARE, is_declaration),
    (ActionKind.TRUMP, is_trump_choice), (ActionKind.BID, is_bid), (ActionKind.BID, is_contract_bid),
    (ActionKind.OPEN, is_opening), (ActionKind.MARRY_DOUBLE, is_double_marriage),
    (ActionKind.ANNOUNCE, is_announcement), (ActionKind.SHOW, is_show),
)
"""The named tests of the blocks of ids, each with the kind of its actions."""


def test_every_action_is_of_one_block_or_a_verb_alone() -> None:
    """Each valid id is in exactly one block, one of its kind; or in none, when its text is a verb
    alone (``draw``, ``meld low``); and the parts after the verb are read back by name."""
    for a in VALID:
        text = action_str(a)
        words = text.split()
        found = [(k, test) for k, test in BLOCKS if test(a)]
        if text in {k.value for k in ActionKind}:
            assert found == [] and not names_card(a) and not lays_card(a), text
            continue
        assert len(found) == 1, (text, found)
        k, test = found[0]
        assert kind(a) is k
        assert names_card(a) == (k in (ActionKind.PLAY, ActionKind.MARRY, ActionKind.DECLARE,
                                       ActionKind.OPEN, ActionKind.MARRY_DOUBLE))
        assert lays_card(a) == (k in (ActionKind.PLAY, ActionKind.MARRY, ActionKind.OPEN,
                                      ActionKind.MARRY_DOUBLE))
        if names_card(a):
            assert parse_card(words[-1]) == named_card(a) % 32, text  # the first copy's text
        if test is is_trump_choice:
            assert words[1] == SUITS[trump_suit(a)]
        if test is is_bid:
            assert words[1] == str(bid_units(a))
        if test is is_contract_bid:
            assert words[1] == CONTRACTS[contract_index(a)]
        if test is is_opening:
            assert words[1] == OPENINGS[opening_index(a)]
        if k in (ActionKind.ANNOUNCE, ActionKind.SHOW):
            assert sorted(parse_card(w) for w in words[1:]) == \
                [c for c in range(32) if COMBOS[combo_index(a)] >> c & 1], text


PXD = Path(actions.__file__).with_suffix(".pxd")


def _pxd_constants() -> dict[str, int]:
    block = re.search(r"^cdef enum:\n((?:    .*\n)+)", PXD.read_text(encoding="utf-8"), re.M)
    assert block is not None
    return {name: int(value) for name, value in re.findall(r"(\w+) = (-?\d+)", block.group(1))}


def test_the_pxd_constants_are_the_tables() -> None:
    """actions.pxd's C constants (the compiled modules' bounds) are actions.py's values."""
    consts = _pxd_constants()
    sizes = {"N_CONTRACTS": len(CONTRACTS), "N_COMBOS": len(COMBOS)}
    assert consts == {name: sizes[name] if name in sizes else getattr(actions, name)
                      for name in consts}
    assert {"MARRY", "DRAW", "N_ACTIONS"} <= consts.keys()


def test_the_pxd_functions_are_the_named_tests() -> None:
    """actions.pxd's inline functions (what the compiled modules call) give what actions.py's do
    for every action id: their bodies, read as Python with the pxd's constants."""
    source = PXD.read_text(encoding="utf-8")
    header = re.compile(r"^cdef inline \w+ (\w+)\(long action\) noexcept:$", re.M)
    names = header.findall(source)
    assert len(names) >= 18
    python = header.sub(r"def \1(action):", source[source.index("cdef inline"):])
    scope: dict[str, object] = dict(_pxd_constants())
    exec(python, scope)
    for name in names:
        assert name in actions.__all__, name
        c_version, py_version = scope[name], getattr(actions, name)
        assert callable(c_version)
        assert [c_version(a) for a in VALID] == [py_version(a) for a in VALID], name
