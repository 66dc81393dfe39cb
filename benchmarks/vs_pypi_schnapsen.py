"""Our computer players against the PyPI ``schnapsen`` package's bots, in its engine and by its rules.

Run:  .venv/bin/python benchmarks/vs_pypi_schnapsen.py [--ours master:seconds=0.5]
      [--theirs rdeep:samples=16,depth=4] [--hands 200] [--seed 1]

Needs the PyPI package (``pip install --no-deps schnapsen``: the bots played here need nothing
else; it is not a dependency of this project). Each deal is played twice, once with each program
leading the first trick (their engine's "game" is one hand; its first player leads). Their engine
runs the hand, asks for the moves and scores it; our bot sits in it through an adapter that keeps
one of our ``State`` objects in step with their game (the same deal, every move of both sides) and
gives our bot that state's view of its own seat only: it never sees the other hand or the talon.

Their rules, and ours set to match them: no closing of the talon (ours: closing needs a talon of
10 and a trick won, which never happens), a hand ends at once at 66 (``auto_claim``), a marriage
may be shown before one's first trick (``marriage_before_first_trick``), the trump jack may be
exchanged by the leader while the talon has cards (our defaults). Where their rules differ and the
adapter has to bend:

* their marriage always leads the king: when our bot marries by leading the queen, the king is
  led instead (counted, "queen marriages");
* their marriage points stay pending until the marrier wins a trick, even after his first, while
  ours count at once. Where ours would end the hand at the marriage (66 with it), theirs plays on
  to the marrier's next trick won (or to the end, if he wins none): our state is then shown the
  king led without the marriage, which scores as theirs does until that trick, and that trick
  ends their hand (counted, "marriages to 66 shown as the king led"). Should our state end a hand
  that theirs plays on all the same, our bot plays the rest by a plain rule (``plain_rule``;
  counted, with how often both engines gave that hand to the same side);
* ours has claims, theirs not: a false claim (which our bot may make to lose 2 game points
  rather than 3) is replaced by the plain rule's move (counted).

Opponents (``--theirs``): ``rand``, ``bully`` (its BullyBot), ``rdeep:samples=S,depth=D`` (random
rollouts of D tricks, S a move), ``rdeep-ab:samples=S,depth=D`` (rdeep until the talon is gone,
then its AlphaBetaBot, which searches the rest of the hand exactly: the package's own advice for
a strong bot). Prints hands won, game points a hand (their scoring: 1, 2 or 3) with 95% intervals,
seconds a move for each side and the machine; never asserts.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import types
from abc import abstractmethod
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import header

from sixtysix.bots import make_bot  # noqa: E402
from sixtysix.cards import parse_card  # noqa: E402
from sixtysix.engine.actions import (  # noqa: E402
    DECLARE,
    EXCHANGE,
    MARRY,
    PLAY,
    action_str,
    is_declaration,
    is_marriage,
    is_play,
    named_card,
)
from sixtysix.engine.state import Deal, State  # noqa: E402
from sixtysix.games import make_game  # noqa: E402
from sixtysix.research.tournament import wilson  # noqa: E402

try:
    import schnapsen
    from schnapsen import game as sg
    from schnapsen.deck import Card, Rank, Suit
except ImportError:
    sys.exit("needs the PyPI package: pip install --no-deps schnapsen")

if "schnapsen.bots" not in sys.modules:
    # The package's bots/__init__ imports its machine-learning and web bots (scikit-learn, flask);
    # the bots played here need neither, so their package is entered without it.
    _bots = types.ModuleType("schnapsen.bots")
    _bots.__path__ = [str(Path(schnapsen.__file__).parent / "bots")]
    sys.modules["schnapsen.bots"] = _bots
from schnapsen.bots.alphabeta import AlphaBetaBot  # noqa: E402
from schnapsen.bots.bully_bot import BullyBot  # noqa: E402
from schnapsen.bots.rand import RandBot  # noqa: E402
from schnapsen.bots.rdeep import RdeepBot  # noqa: E402

OPTIONS = {"auto_claim": True, "marriage_before_first_trick": True, "close_min_talon": 10,
           "close_requires": "lead_and_own_trick"}
"""Our Schnapsen set to their rules (see the module's text)."""

RANKS = {Rank.ACE: "A", Rank.TEN: "T", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}
SUITS = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}
OURS = {card: parse_card(RANKS[card.rank] + SUITS[card.suit])
        for card in sg.SchnapsenDeckGenerator().get_initial_deck().get_cards()}
THEIRS = {v: k for k, v in OURS.items()}
VALUE = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


class Timed(sg.Bot):
    """Counts a bot's moves and the seconds it took over them."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.moves = 0
        self.seconds = 0.0

    def get_move(self, perspective: Any, leader_move: Any) -> Any:
        start = time.perf_counter()
        move = self.move(perspective, leader_move)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return move

    @abstractmethod
    def move(self, perspective: Any, leader_move: Any) -> Any:
        """The move itself (``get_move`` times it)."""


class Theirs(Timed):
    """One of the package's bots (rdeep-ab: rdeep, then alpha-beta once the talon is gone)."""

    def __init__(self, spec: str, rng: random.Random) -> None:
        super().__init__(spec)
        name, _, params = spec.partition(":")
        kw = {k: int(v) for k, v in (p.split("=") for p in params.split(",") if p)}
        samples, depth = kw.get("samples", 16), kw.get("depth", 4)
        self.phase2: Any = AlphaBetaBot() if name == "rdeep-ab" else None
        if name in ("rdeep", "rdeep-ab"):
            self.bot: Any = RdeepBot(num_samples=samples, depth=depth, rand=rng)
        elif name == "bully":
            self.bot = BullyBot(rng)
        elif name == "rand":
            self.bot = RandBot(rng)
        else:
            raise SystemExit(f"unknown opponent {spec!r}: rand, bully, rdeep, rdeep-ab")

    def move(self, perspective: Any, leader_move: Any) -> Any:
        if self.phase2 is not None and perspective.get_phase() == sg.GamePhase.TWO:
            return self.phase2.get_move(perspective, leader_move)
        return self.bot.get_move(perspective, leader_move)


class Ours(Timed):
    """Our bot in their engine: a State kept in step with their game, our bot shown its view."""

    def __init__(self, spec: str, rng: random.Random) -> None:
        super().__init__(spec)
        self.bot = make_bot(spec)
        self.rng = rng
        self.game = make_game("schnapsen", OPTIONS)
        self.queen_marriages = self.declared = self.hidden = self.by_rule = self.false_claims = 0

    def new_hand(self, cards: list[Any], leads: bool) -> None:
        """Their deal of ``cards`` (their order), ours to mirror; ``leads``: this bot leads first."""
        ours = [OURS[c] for c in cards]
        first, second = ours[0:10:2], ours[1:10:2]
        # Seat 0 leads (the dealer is seat 1); the talon's top is drawn first, its last card is
        # the face-up trump.
        self.seat = 0 if leads else 1
        deal = Deal(hands=(tuple(first), tuple(second)), turnup=ours[19], stock=tuple(ours[10:19]))
        self.state = State.new(self.game, 1, deal, active=(0, 1))
        self.seen = 0
        self.led = False
        """Whether the last trick's lead was applied already (this bot followed it)."""
        self.finished_by_rule = False

    def _apply(self, action: int) -> None:
        if not self.state.over:
            self.state.apply(action)

    def _lead(self, move: Any) -> int:
        if move.is_trump_exchange():
            return EXCHANGE
        king = PLAY + OURS[move.king_card if move.is_marriage() else move.card]
        if move.is_marriage():
            marry = MARRY + OURS[move.king_card]
            after = self.state.copy()
            after.apply(marry)
            if not after.over:
                return marry
            # Ours would end the hand here, the marriage making 66, while theirs holds its points
            # until the marrier's next trick: ours sees the king led and no marriage, which it
            # scores as theirs does until that trick, and then theirs ends the hand anyway.
            self.hidden += 1
        return king

    def move(self, perspective: Any, leader_move: Any) -> Any:
        history = perspective.get_game_history()[:-1]
        for _, trick in history[self.seen:]:
            if trick.is_trump_exchange():
                self._apply(EXCHANGE)
            else:
                if not self.led:  # the lead of a trick we followed is in already
                    self._apply(self._lead(trick.leader_move))
                self._apply(PLAY + OURS[trick.follower_move.card])
            self.led = False
        self.seen = len(history)
        if leader_move is not None:
            self._apply(self._lead(leader_move))
            self.led = True
        valid = perspective.valid_moves()
        if self.state.over:
            if not self.finished_by_rule:
                self.finished_by_rule = True
                self.by_rule += 1
            return plain_rule(valid, leader_move, perspective.get_trump_suit())
        s = self.state
        mine = sum(1 << OURS[c] for c in perspective.get_hand().get_cards())
        assert s.to_act == self.seat and s.hands[self.seat] == mine, \
            f"our state is out of step with their game: {s}"
        action = self.bot.choose(s.view(self.seat), self.rng)
        if is_declaration(action):
            # Showing a marriage to go out: theirs has no going out, only the marriage (pending
            # until the next trick won), so that is played.
            self.declared += 1
            return marriage(THEIRS[named_card(action)].suit)
        if is_marriage(action):
            led = THEIRS[named_card(action)]
            self.queen_marriages += led.rank is Rank.QUEEN  # theirs leads the king
            return marriage(led.suit)
        if action == DECLARE:
            # A false claim, to lose 2 rather than 3: theirs has no claims, so the plain rule plays.
            self.false_claims += 1
            return plain_rule(valid, leader_move, perspective.get_trump_suit())
        if action == EXCHANGE:
            return sg.TrumpExchange(Card.get_card(Rank.JACK, perspective.get_trump_suit()))
        if is_play(action):
            return sg.RegularMove(THEIRS[named_card(action)])
        raise AssertionError(f"our bot chose {action_str(action)}, which their rules do not have")


def marriage(suit: Any) -> Any:
    """Their marriage in ``suit`` (which leads the king)."""
    return sg.Marriage(Card.get_card(Rank.QUEEN, suit), Card.get_card(Rank.KING, suit))


def plain_rule(valid: list[Any], leader_move: Any, trump: Any) -> Any:
    """Leading, the highest trump, else the highest card; following, the cheapest card that
    wins the trick, else the cheapest card."""
    plays = [m for m in valid if m.is_regular_move()]
    if leader_move is None:
        return max(plays, key=lambda m: (m.card.suit == trump, VALUE[m.card.rank]))
    led = leader_move.king_card if leader_move.is_marriage() else leader_move.card

    def wins(c: Any) -> bool:
        if c.suit == led.suit:
            return VALUE[c.rank] > VALUE[led.rank]
        return bool(c.suit == trump)

    plays = [m for m in plays if wins(m.card)] or plays
    return min(plays, key=lambda m: (VALUE[m.card.rank], m.card.suit.value))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", default="master:seconds=0.5")
    ap.add_argument("--theirs", default="rdeep-ab:samples=16,depth=4")
    ap.add_argument("--hands", type=int, default=200, help="hands, both seatings counted (even)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(header())
    print(f"command: python benchmarks/vs_pypi_schnapsen.py --ours {args.ours} "
          f"--theirs {args.theirs} --hands {args.hands} --seed {args.seed}")
    engine = sg.SchnapsenGamePlayEngine()
    ours = Ours(args.ours, random.Random(args.seed * 7919 + 1))
    theirs = Theirs(args.theirs, random.Random(args.seed * 7919 + 2))
    won = points = lost_points = agree = 0
    deals = random.Random(args.seed)
    for i in range(args.hands // 2):
        deck = engine.deck_generator.shuffle_deck(engine.deck_generator.get_initial_deck(), deals)
        cards = list(deck.get_cards())
        for we_lead in (True, False):
            first, second = (ours, theirs) if we_lead else (theirs, ours)
            h1, h2, talon = engine.hand_generator.generateHands(deck)
            ours.new_hand(cards, we_lead)
            state = sg.GameState(leader=sg.BotState(implementation=first, hand=h1),
                                 follower=sg.BotState(implementation=second, hand=h2),
                                 talon=talon, previous=None)
            winner, gp, _ = engine.play_game_from_state(state, leader_move=None)
            result = ours.state.result
            if ours.finished_by_rule and result is not None:
                agree += (ours.seat in result.winners) == (winner is ours)
            if winner is ours:
                won += 1
                points += gp
            else:
                lost_points += gp
        played = 2 * (i + 1)
        if played % 20 == 0 or played == args.hands:
            lo, hi = wilson(won, played)
            print(f"{played} hands: ours won {won} ({won / played:.1%}, 95% CI {lo:.1%}-{hi:.1%}); "
                  f"game points a hand {points / played:.3f} vs {lost_points / played:.3f}",
                  flush=True)
    n = args.hands // 2 * 2
    lo, hi = wilson(won, n)
    print(f"\n{args.ours} against their {args.theirs}, {n} hands ({n // 2} deals, both seatings):")
    print(f"  hands won: {won} of {n}, {won / n:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    print(f"  game points a hand: {points / n:.3f} against {lost_points / n:.3f} "
          f"(share {points / max(1, points + lost_points):.1%})")
    print(f"  seconds a move: ours {ours.seconds / max(1, ours.moves):.3f} ({ours.moves} moves), "
          f"theirs {theirs.seconds / max(1, theirs.moves):.3f} ({theirs.moves} moves)")
    print(f"  queen marriages led as king: {ours.queen_marriages}; marriages shown to go out, "
          f"played as marriages: {ours.declared}; marriages to 66 shown as the king led: "
          f"{ours.hidden}; hands our state ended early (finished by the "
          f"plain rule): {ours.by_rule}, of which their engine gave the hand to the side ours "
          f"did in {agree}; false claims replaced: {ours.false_claims}")


if __name__ == "__main__":
    main()
