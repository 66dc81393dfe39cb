"""The exact solver: hand-worked endgames, and agreement with plain minimax on small positions."""

from __future__ import annotations

import random

import pytest
from deal_helpers import cards, deal66, play_randomly_until
from test_kernel import VARIANTS as KERNEL_VARIANTS

from sixtysix.bots import solver as solver_mod
from sixtysix.bots.solver import SCALE, Solver, action_values, is_solvable, solve, terminal_value
from sixtysix.engine.actions import DECLARE, action_str
from sixtysix.engine.fastpath import PAIR
from sixtysix.engine.match import Match
from sixtysix.engine.state import PH_OVER, State
from sixtysix.games import GAMES, make_game


def _set_endgame(s: State, h0: str, h1: str, points: tuple[int, int], tricks: tuple[int, int],
                 to_act: int) -> State:
    """Turn a fresh hand into a phase-2 position with an exhausted stock and the given hands."""
    s.hands = [sum(1 << c for c in cards(h0)), sum(1 << c for c in cards(h1))]
    s.spos = len(s.stock)
    s.turnup_up = False
    s.strict_from = 0
    s.points = list(points)
    s.tricks = list(tricks)
    s.trick_no = 12 - len(cards(h0))
    s.leader = s.to_act = to_act
    return s


def test_all_trumps_against_no_trumps_takes_every_trick_after_a_close() -> None:
    # Seat 0 holds five hearts (trumps) and AS; seat 1 holds no heart and no spade. After seat
    # 0 closes, whatever he leads wins: 6 tricks, 41 + 30 = 71 points, seat 1 schwarz: 3 game
    # points; with the margin 71 - 0 the value is 3071 for every lead.
    g = make_game("sixty-six")
    m = Match(g, dealer=1)
    s = m.deal_hand(deal=deal66("AH TH KH QH JH AS", "AC TC KC QC JC 9C", "9H"))
    m.apply("close")
    value, best = solve(s)
    assert value == 3 * SCALE + 71
    assert sorted(map(action_str, best)) == sorted(f"play {c}" for c in ["AH", "TH", "KH", "QH", "JH", "AS"])


def test_two_card_endgame_worked_by_hand() -> None:
    # Trumps spades, stock exhausted, seat 0 to lead with 50 points and 1 trick against 40 and 1.
    # Leading AS: seat 1 must follow with KS (15 points, seat 0 at 65, no claim), then TH beats
    # 9H and seat 1 gets 10 + the last trick's 10 = 60: nobody reaches 66, a drawn hand: 0 game
    # points, margin 65 - 60 = 5.
    # Leading 9H: seat 1 must beat it with TH (50), then must lead KS; AS takes it, 15 + 10 for
    # the last trick = 75 against 50: seat 0 wins 1 game point (50 >= 33), margin 25.
    g = make_game("sixty-six")
    s = State.new(g, 1, deal66("AS 9H 9C JC QC KC", "TH KS AC TC JD QD", "9S"))
    _set_endgame(s, "AS 9H", "TH KS", (50, 40), (1, 1), 0)
    values = {action_str(a): v for a, v in action_values(s).items()}
    assert values == {"play AS": 0 * SCALE + 5, "play 9H": 1 * SCALE + 25}
    assert solve(s) == (1025, [cards("9H")[0]])
    assert solve(s, margin=False)[0] == SCALE


def test_claim_is_taken_when_waiting_loses() -> None:
    # Seat 0 has just won a trick and holds 66: claiming now wins 1 (seat 1 has 40 >= 33).
    # Playing on, seat 1 would win the last two tricks (seat 1 holds both trumps).
    g = make_game("sixty-six")
    s = State.new(g, 1, deal66("JH 9H 9C JC QC KC", "AS TS AC TC JD QD", "9S"))
    _set_endgame(s, "JH 9H", "AS TS", (66, 40), (3, 2), 0)
    s.claim_seat = 0
    values = action_values(s)
    assert values[DECLARE] == SCALE + 26
    assert solve(s)[1] == [DECLARE]


def test_refuses_finished_hands_and_more_than_two_sides() -> None:
    g = make_game("sixty-six")
    m = Match(g, dealer=1)
    s = m.deal_hand(seed=1)
    while not s.over:
        m.apply(s.legal_actions()[0])
    assert s.phase == PH_OVER
    with pytest.raises(ValueError, match="over"):
        solve(s)
    three = make_game("three-player-sixty-six")
    m3 = Match(three, dealer=0)
    s3 = m3.deal_hand(seed=1)
    assert not is_solvable(s3)


# ---------------------------------------------------------------------- against brute force


def _minimax(s: State, side: int) -> int:
    """Plain minimax over State.copy/step: no pruning, no table, no kernel."""
    best: int | None = None
    maximize = s.rules.sides[s.to_act] == side
    for a in s.legal_actions():
        c = s.copy()
        c.step(a)
        v = terminal_value(c, side) if c.phase == PH_OVER else _minimax(c, side)
        if best is None or (v > best if maximize else v < best):
            best = v
    assert best is not None
    return best


def _random_position(g: object, rng: random.Random, max_cards: int, close: bool) -> State:
    from sixtysix.games.base import Game
    assert isinstance(g, Game)
    while True:
        m = Match(g, dealer=rng.randrange(2))
        s = m.deal_hand(seed=rng.randrange(10**9))
        closed = False
        while not s.over:
            acts = s.legal_actions()
            if close and not closed and 194 in acts and s.trick_no >= 2:
                s.step(194)
                closed = True
                continue
            if (not s.stock_open and s.phase == 1 and max(h.bit_count() for h in s.hands) <= max_cards
                    and rng.random() < 0.6):
                return s
            # Avoid claims, so that positions reach the endgame.
            acts = [a for a in acts if a != DECLARE and not 128 <= a < 192] or acts
            s.step(rng.choice(acts))


@pytest.mark.parametrize("options", [{}, {"auto_claim": True}, {"phase2_follow": "follow_only"},
                                     {"claim_timing": "any_own_turn"},
                                     {"closed_win_measured_at": "close", "closer_beaten_flat_2": True}])
def test_agrees_with_brute_force_minimax(options: dict[str, object]) -> None:
    g = make_game("sixty-six", options)
    rng = random.Random(hash(tuple(sorted(options))) & 0xFFFF)
    for k in range(12):
        s = _random_position(g, rng, 4, close=k % 2 == 1)
        side = s.rules.sides[s.to_act]
        assert Solver().value(s) == _minimax(s, side), s


def test_marriage_still_pending_in_the_endgame() -> None:
    # A marriage declared before its side won a trick is credited with that side's next trick
    # (first_trick_marriage="any_later_trick"); here no trick came before the stock ran out, so
    # the kernel carries the pending 20 or 40 into phase 2.
    g = make_game("sixty-six")
    rng = random.Random(5)
    found = 0
    while found < 4:
        m = Match(g, dealer=rng.randrange(2))
        s = m.deal_hand(seed=rng.randrange(10**9))
        if not play_randomly_until(
                s, rng, lambda s: not s.stock_open and s.phase == 1 and any(s.pending)
                and max(h.bit_count() for h in s.hands) <= 4,
                allowed=lambda a: a != DECLARE and not 128 <= a < 192,  # no claim, no showing
                prefer=lambda a: 64 <= a < 128):  # marry whenever possible
            continue
        side = s.rules.sides[s.to_act]
        exact = _minimax(s, side)
        unmarried = s.copy()
        unmarried.pending = [0, 0]
        if exact != _minimax(unmarried, side):  # the credit changes the outcome
            assert solver_mod._kernel_ok(s)
            assert Solver().value(s) == exact, s
            found += 1


PAIR_GAMES = sorted(gid for gid, cls in GAMES.items()
                    if (fp := cls().fast_path) is not None and fp.kernel == PAIR)


def test_the_pair_kernel_games_are_the_two_handed_ones() -> None:
    assert PAIR_GAMES == ["schnapsen", "sixty-six", "three-hand-sixty-six"]


@pytest.mark.parametrize("game_id", PAIR_GAMES)
def test_kernel_agrees_with_the_generic_search(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The phase-2 bitmask search (three-hand's two active seats; the two-player games under
    # kernel=False) against the search through State: the game without its fast path.
    g = make_game(game_id)
    rng = random.Random(3)
    for k in range(10):
        s = _random_position(g, rng, 6, close=k % 2 == 0)
        fast = Solver(kernel=False).action_values(s)
        fast_path = g.fast_path
        monkeypatch.setattr(g, "fast_path", None)
        slow = Solver(kernel=False).action_values(s)
        monkeypatch.setattr(g, "fast_path", fast_path)
        assert fast == slow


@pytest.mark.parametrize(("game_id", "options"), KERNEL_VARIANTS,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(KERNEL_VARIANTS)])
@pytest.mark.parametrize("margin", [True, False])
def test_packed_search_agrees_with_the_state_search(game_id: str, options: dict[str, object],
                                                    margin: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # engine.kernel.Search (the playout kernel's ints, null-window bisection) against the
    # alpha-beta through State.copy/step, on phase-1 positions with a few face-down cards left
    # (drawing, closing, the exchange, marriages and claims are moves) and on closed ones: the
    # value of every legal action, game points and margin.
    # On the pure core too (which keeps its own phase-2 search by default).
    monkeypatch.setattr(solver_mod, "KERNEL_COMPILED", True)
    g = make_game(game_id, options)
    rng = random.Random(f"{game_id}{sorted(options.items())}{margin}")
    done = 0
    while done < 6:
        s = Match(g, dealer=rng.randrange(2)).deal_hand(seed=rng.randrange(10**9))
        closing = done % 3 == 2  # a third of the positions may close (and stop once closed)

        def reached(s: State, closing: bool = closing) -> bool:
            return s.facedown <= 2 and s.phase == 1 or (closing and not s.stock_open)

        if not play_randomly_until(s, rng, reached,
                                   allowed=lambda a, c=closing: a != DECLARE and (c or a != 194)):
            continue
        packed = Solver(margin=margin)
        assert packed.action_values(s) == Solver(margin=margin, kernel=False).action_values(s), s
        assert packed.searches, "the kernel searched it"
        done += 1


def _memo_minimax(s: State, side: int, memo: dict[tuple[object, ...], int]) -> int:
    """Minimax without pruning, remembering positions by everything that decides their future."""
    key = solver_mod._key(s)
    if key in memo:
        return memo[key]
    maximize = s.rules.sides[s.to_act] == side
    best: int | None = None
    for a in s.legal_actions():
        c = s.copy()
        c.step(a)
        v = terminal_value(c, side) if c.phase == PH_OVER else _memo_minimax(c, side, memo)
        if best is None or (v > best if maximize else v < best):
            best = v
    assert best is not None
    memo[key] = best
    return best


def test_phase_one_position_with_the_stock_order_known() -> None:
    # Phase 1 with one face-down card and the turn-up left: drawing, closing before or after the
    # draw, the exchange, marriages and claims are all moves of the search.
    g = make_game("sixty-six")
    rng = random.Random(11)
    done = 0
    while done < 2:
        m = Match(g, dealer=1)
        s = m.deal_hand(seed=rng.randrange(10**9))
        if not play_randomly_until(
                s, rng, lambda s: s.stock_open and s.facedown <= 1 and bool(s.trick)
                and s.phase == 1, allowed=lambda a: a != DECLARE):
            continue
        side = s.rules.sides[s.to_act]
        assert Solver().value(s) == _memo_minimax(s, side, {})
        done += 1


def _closer_short(s: State) -> bool:
    """The closer cannot reach the target: his points and pending marriage, every card left
    and every marriage he holds add up to less (kernel.Hand._short's bound, written again).
    Once no exchange can come, neither the turn-up nor the other side's trumps above the
    closer's best trump (in hand, or led by him to this trick) are left to him."""
    c = s.closed_by
    side = s.rules.sides[c]
    left = sum(s.hands) | sum(1 << x for x in s.trick)
    if s.close_window:
        left |= (1 << s.turnup) if s.turnup_up else 0
    else:
        def trumps(cards: list[int]) -> list[int]:
            return [x for x in cards if x >> 3 == s.trump]

        mine = trumps([x for x in range(32) if s.hands[c] >> x & 1]
                      + (s.trick[:1] if s.trick and s.leader == c else []))
        best = min((x & 7 for x in mine), default=8)  # rank 0 is the ace
        theirs = trumps([x for x in range(32) if s.hands[1 - c] >> x & 1])
        left &= ~sum(1 << x for x in theirs if x & 7 < best)
    most = s.points[side] + s.pending[side] + sum(s.values[x] for x in range(32) if left >> x & 1)
    h = s.hands[c]
    for suit in range(4):
        if h >> (suit * 8 + 2) & 1 and h >> (suit * 8 + 3) & 1:  # king and queen
            most += 40 if suit == s.trump else 20
    return most < s.rules.claim_target


@pytest.mark.parametrize(("game_id", "options"), KERNEL_VARIANTS,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(KERNEL_VARIANTS)])
def test_a_closer_who_cannot_reach_the_target_is_cut_off_exactly(
        game_id: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    # The kernel's search cuts a closed hand where the closer can no longer reach the target
    # (the other side gets 2 or 3). Closed early, such hands come up often inside the tree and
    # at its root: every action's value, game points and margin, must stay the state search's.
    monkeypatch.setattr(solver_mod, "KERNEL_COMPILED", True)
    g = make_game(game_id, options)
    rng = random.Random(f"short/{game_id}/{sorted(options.items())}")
    short_roots = done = 0
    while done < 8:
        s = Match(g, dealer=rng.randrange(2)).deal_hand(seed=rng.randrange(10**9))
        if not play_randomly_until(s, rng, lambda s: s.closed_by >= 0 and s.phase == 1 and (
                sum(h.bit_count() for h in s.hands) <= 6),
                allowed=lambda a: a != DECLARE and not 128 <= a < 192,
                prefer=lambda a: a == 194):  # close as soon as the rules allow
            continue
        short_roots += _closer_short(s)
        for margin in (True, False):
            packed = Solver(margin=margin)
            assert packed.action_values(s) == \
                Solver(margin=margin, kernel=False).action_values(s), s
            assert packed.searches, "the kernel searched it"
        done += 1
    assert short_roots, "no position where the closer is already short"


def test_terts_answers_to_different_announcements_are_told_apart() -> None:
    # Seat 0 (to act, six cards) may announce TS QS JS, TS JS 9S or TS QS JS 9S: each leaves
    # the same hands, points and scored combinations, seat 1 to answer; only the combination
    # announced differs, and the table must tell them apart (it did not: every action was
    # valued -48 where the truth is -18, play TD -70 for -40).
    m = Match(make_game("terts"), dealer=1)
    s = m.deal_hand(seed=330001191)
    for a in ("play 7C", "announce 9S 8S 7S", "pass", "play AC", "play 7S", "play AS", "exchange",
              "play 7H", "play TH", "play 8C", "announce AH KH QH JH", "pass", "play QC",
              "play 8H", "play 9H", "announce TS JS 9S 8S", "show AH KH QH JH", "play 8S",
              "play KS", "play JC", "announce TS QS JS 9S", "show AH KH QH JH", "play KC",
              "announce TS QS JS 9S", "show AH KH QH JH", "play JD", "play 7D",
              "announce TS QS JS 9S", "show AH KH QH JH", "play 9C", "play TC", "play 9D",
              "announce TS QS JS 9S", "show AH KH QH JH", "play 8D", "play AD"):
        m.apply(a)
    for kernel in (False, True):
        values = {action_str(a): v for a, v in Solver(kernel=kernel).action_values(s).items()}
        assert values == {"play TD": -40040, "play QD": -18018, "announce TS QS JS": -18018,
                          "announce TS JS 9S": -18018, "announce TS QS JS 9S": -18018}
