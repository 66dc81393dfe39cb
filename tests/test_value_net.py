"""The learned value of Sixty-Six worlds (bots/value_net.py) and the search's use of it."""

from __future__ import annotations

import random
from array import array

import pytest
from deal_helpers import act, match66

from sixtysix.bots import BotError, make_bot
from sixtysix.bots.ismcts import Ismcts
from sixtysix.bots.value_net import (
    DIM,
    ValueNet,
    load,
    net_for,
    read,
    save,
    weight_count,
)
from sixtysix.engine import kernel
from sixtysix.engine.match import Match
from sixtysix.engine.state import State
from sixtysix.games import make_game

CH = 8
G = 24 * CH  # the first of the seven numbers after the cards' channels


def reader(inputs: dict[int, float]) -> ValueNet:
    """A network of one unit a layer whose output is the sum of ``inputs`` (index: weight), so
    long as that is not negative (the hidden units are ReLUs)."""
    w1 = [0.0] * DIM
    for i, v in inputs.items():
        w1[i] = v
    return ValueNet(1, 1, [*w1, 0.0, 1.0, 0.0, 1.0, 0.0])


def channel(k: int) -> dict[int, float]:
    """Channel ``k`` of every card."""
    return {c * CH + k: 1.0 for c in range(24)}


def fresh() -> Match:
    # Seat 0 (to lead, the dealer being seat 1) holds 9C AD 9S JS QS AS; trumps are hearts.
    return match66("9C AD 9S JS QS AS", "TC KC JD QD KD TD", "9H")


def lead_of(net: ValueNet, m: Match) -> float:
    assert m.hand is not None
    h = kernel.pack(m.hand)
    assert h is not None
    return net.lead(h)


def test_the_channels_of_a_fresh_deal_worked_by_hand() -> None:
    m = fresh()
    assert lead_of(reader(channel(0)), m) == 6.0  # six cards in the hand of the seat to act
    assert lead_of(reader(channel(1)), m) == 6.0  # six in the other
    assert lead_of(reader(channel(2)), m) == 12.0  # eleven face down and the turn-up
    # Draws: pairs 1/6 .. 5/6 twice, the eleventh card 6/6 alone, the turn-up with it (11 // 2 + 1).
    assert lead_of(reader(channel(3)), m) == pytest.approx(2 * (1 + 2 + 3 + 4 + 5) / 6 + 1 + 1)
    assert lead_of(reader(channel(4)), m) == 6.0  # the first of each pair: 1st, 3rd .. 11th
    assert lead_of(reader(channel(5)), m) == 1.0  # one turn-up
    assert lead_of(reader(channel(6)), m) == 0.0  # nothing gone
    assert lead_of(reader(channel(7)), m) == 0.0  # nothing led
    assert lead_of(reader({G + 5: 1.0, G + 6: 1.0}), m) == 2.0  # a full stock; seat 0 leads
    # Suits turned so that trumps come first (clubs, diamonds, hearts, spades from hearts: hearts,
    # spades, clubs, diamonds), ranks A T K Q J 9 in each: the 9 of hearts is the sixth card.
    assert lead_of(reader({(0 * 6 + 5) * CH + 5: 1.0}), m) == 1.0  # the turn-up
    assert lead_of(reader({(3 * 6 + 0) * CH + 0: 1.0}), m) == 1.0  # AD in seat 0's hand
    assert lead_of(reader({(2 * 6 + 1) * CH + 1: 1.0}), m) == 1.0  # TC in seat 1's


def test_after_a_trick_from_the_other_side() -> None:
    m = fresh()
    act(m, "AS / TC")  # seat 0 wins 21 points with the ace; draws; leads again
    m.apply("play 9S")  # seat 1 to follow
    assert m.hand is not None and m.hand.to_act == 1
    # Seen from seat 1, the network's value is seat 1's: ``lead`` gives seat 0's, the negative.
    assert lead_of(reader(channel(6)), m) == -2.0  # AS and TC gone
    assert lead_of(reader(channel(7)), m) == -1.0  # 9S led
    assert lead_of(reader({G + 1: 66.0}), m) == -21.0  # the other side's points, times 66
    assert lead_of(reader({G: 66.0, G + 4: -1.0}), m) == -1.0  # seat 1: no points, no trick
    assert lead_of(reader({G + 6: -1.0}), m) == -1.0  # seat 0 leads: -1 from seat 1's side
    assert lead_of(reader({G + 5: 11.0}), m) == pytest.approx(-9.0)  # nine cards face down


def encode(s: State) -> list[float]:
    """The network's inputs, read from the State (the reference the packed hand is read against)."""
    p = s.to_act
    o = next(q for q in s.active if q != p)
    x = [0.0] * DIM

    def at(c: int) -> int:
        return (((c >> 3) - s.trump) % 4 * 6 + (c & 7)) * CH

    for c in range(32):
        if c & 7 <= 5:
            if s.hands[p] >> c & 1:
                x[at(c)] = 1.0
            elif s.hands[o] >> c & 1:
                x[at(c) + 1] = 1.0
            elif (s.won[p] | s.won[o]) >> c & 1:
                x[at(c) + 6] = 1.0
    for k, c in enumerate(s.stock[s.spos:]):
        x[at(c) + 2] = 1.0
        x[at(c) + 3] = (k // 2 + 1) / 6
        x[at(c) + 4] = 1.0 if k % 2 == 0 else 0.0
    x[at(s.turnup) + 2] = 1.0
    x[at(s.turnup) + 3] = (s.facedown // 2 + 1) / 6
    x[at(s.turnup) + 5] = 1.0
    for c in s.trick:
        x[at(c) + 7] = 1.0
    x[G:G + 7] = [s.points[p] / 66, s.points[o] / 66, s.pending[p] / 40, s.pending[o] / 40,
                  float(s.tricks[p] > 0) - float(s.tricks[o] > 0), s.facedown / 11,
                  1.0 if s.leader == p else -1.0]
    return x


def forward(n1: int, n2: int, w: array[float], x: list[float]) -> float:
    a1 = [w[DIM * n1 + j] + sum(x[i] * w[i * n1 + j] for i in range(DIM) if x[i])
          for j in range(n1)]
    at = (DIM + 1) * n1
    a2 = [w[at + n1 * n2 + k] + sum(max(a1[j], 0.0) * w[at + j * n2 + k] for j in range(n1))
          for k in range(n2)]
    at += (n1 + 1) * n2
    return w[at + n2] + sum(max(a2[k], 0.0) * w[at + k] for k in range(n2))


def test_the_package_network_on_the_packed_hand_is_the_network_on_the_state() -> None:
    n1, n2, w = read("sixtysix/games/sixty_six/value.net")
    net = net_for(make_game("sixty-six"))
    assert net is not None
    rng = random.Random(3)
    compared = 0
    for deal in range(4):
        s = Match(make_game("sixty-six"), dealer=deal % 2).deal_hand(seed=rng.randrange(2**31))
        while not s.over:
            if s.stock_open and s.turnup_up:
                h = kernel.pack(s)
                assert h is not None
                v = forward(n1, n2, w, encode(s))
                assert net.lead(h) == pytest.approx(v if s.to_act == s.active[0] else -v, abs=1e-9)
                compared += 1
            s.step(rng.choice(s.legal_actions()))
    assert compared >= 20


def test_a_network_saved_loads_the_same(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    w = [rng.uniform(-1, 1) for _ in range(weight_count(3, 2))]
    path = str(tmp_path / "n.net")
    save(path, 3, 2, w)
    n1, n2, back = read(path)
    assert (n1, n2) == (3, 2)
    assert list(back) == list(array("f", w))  # stored as 32-bit floats
    h = kernel.pack(fresh().hand)  # type: ignore[arg-type]
    assert load(path).lead(h) == ValueNet(3, 2, array("f", w)).lead(h)


def test_a_bad_network_file_is_refused_clearly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.net"
    bad.write_bytes(b"PK\x03\x04 not a network")
    with pytest.raises(ValueError, match="not a value network"):
        read(str(bad))
    good = tmp_path / "good.net"
    save(str(good), 2, 2, [0.0] * weight_count(2, 2))
    bad.write_bytes(good.read_bytes()[:-8])
    with pytest.raises(ValueError, match=f"has {weight_count(2, 2)} weights, not {weight_count(2, 2) - 2}"):
        read(str(bad))
    with pytest.raises(ValueError, match="weights, not 5"):
        ValueNet(2, 2, [0.0] * 5)


def test_a_network_for_sixty_six_under_its_rules_of_play_only() -> None:
    sixty_six = net_for(make_game("sixty-six"))
    assert sixty_six is not None
    assert net_for(make_game("sixty-six", {"target": 11, "next_dealer": "loser"})) is sixty_six
    assert net_for(make_game("sixty-six", {"phase2_follow": "follow_only"})) is None
    assert net_for(make_game("sixty-six", {"close_min_stock": 3})) is None
    assert net_for(make_game("schnapsen")) is None
    assert net_for(make_game("three-hand-sixty-six")) is None


@pytest.mark.parametrize(("game_id", "options", "used"), [
    ("sixty-six", {}, True),
    ("sixty-six", {"marriages_after_close": True}, False),
    ("schnapsen", {}, False),
    ("three-hand-sixty-six", {}, False),
])
def test_the_search_takes_the_network_where_it_fits(game_id: str, options: dict[str, object],
                                                   used: bool) -> None:
    s = Match(make_game(game_id, options), dealer=1).deal_hand(seed=5)
    bot = Ismcts(iterations=40, endgame=True, net=1.0)
    a = bot.choose(s.view(s.to_act), random.Random(2))
    assert a in s.legal_actions()
    assert (bot._net is not None) == used


def test_a_world_is_valued_by_the_network_while_its_stock_is_open() -> None:
    m = fresh()
    assert m.hand is not None
    h = kernel.pack(m.hand)
    assert h is not None
    net = net_for(m.game)
    assert net is not None
    bot = Ismcts(iterations=10, endgame=True, net=1.0)
    bot._net = net
    assert bot._packed_lead(h) == net.lead(h)
    half = Ismcts(iterations=10, endgame=True, net=0.5)
    half._net = net
    half._kx = 12345
    solved, _ = kernel.solved_playout(h, 12345, kernel.POLICY, half.solver.search_for(h.t))
    assert half._packed_lead(h) == pytest.approx(0.5 * net.lead(h) + 0.5 * solved)
    # Closed, the stock is no longer open: the solver's exact value, as without the network.
    m.apply("close")
    closed = kernel.pack(m.hand)
    assert closed is not None
    plain = Ismcts(iterations=10, endgame=True)
    plain._kx = bot._kx = 777
    assert bot._packed_lead(closed) == plain._packed_lead(closed)


def test_the_share_is_checked() -> None:
    with pytest.raises(BotError, match="net"):
        make_bot("ismcts:net=1.5")
    assert make_bot("ismcts:endgame=true,net=0.5").net == 0.5  # type: ignore[attr-defined]


def test_root_parallel_workers_take_the_network_too() -> None:
    # The workers build their own searches: the share must reach them (the same seeds grow other
    # trees with the network than without).
    view = Match(make_game("sixty-six"), dealer=1).deal_hand(seed=3).view(0)
    with_net = make_bot("ismcts:iterations=400,workers=2,endgame=true,net=1")
    without = make_bot("ismcts:iterations=400,workers=2,endgame=true")
    est = with_net.estimates(view, random.Random(5))  # type: ignore[attr-defined]
    assert sum(n for _, n in est.values()) == 400
    assert est == with_net.estimates(view, random.Random(5))  # type: ignore[attr-defined]
    assert est != without.estimates(view, random.Random(5))  # type: ignore[attr-defined]
