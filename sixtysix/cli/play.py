"""``sixtysix play``: a whole match against the computer at the terminal.

The human seat is shown its view only; the computer seats choose from their own views. The match
itself (the referee) is a ``Match``; its record is written after every action with ``--save``, so
``sixtysix replay`` reproduces the game.

>>> from sixtysix.games import make_game
>>> from sixtysix.engine import Match
>>> m = Match(make_game("sixty-six"), dealer=1)
>>> state = m.deal_hand(seed=7)
>>> normalize_input("10h", state.view(0))
'play TH'
>>> normalize_input("trump hearts", state.view(0))
'trump H'
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from .. import analysis
from ..bots import SECONDS, Bot, BotError, bot_names, make_bot
from ..cards import SUIT_NAMES, card_label, parse_card, parse_suit
from ..engine.actions import (
    CLOSE,
    DECLARE,
    DEFER,
    DRAW,
    EXCHANGE,
    OPENINGS,
    PASS,
    TURN,
    action_str,
    is_declaration,
    is_marriage,
    is_opening,
    is_play,
    is_trump_choice,
    named_card,
    opening_index,
    parse_action,
    trump_suit,
)
from ..engine.match import Match
from ..engine.phases import PH_ANSWER, PH_DOUBLING, PH_DRAW, PHASES
from ..engine.phases.meld import FACE_DOWN
from ..engine.state import PH_TRUMP
from ..engine.view import View
from ..errors import IllegalActionError, SixtySixError
from ..games import DEFAULT_GAME, make_game
from ..words import action_words, detail_words, plural
from . import app, parse_option_values
from .melds import answer_outcome
from .render import (
    Flow,
    action_label,
    card_text,
    false_claim_points,
    match_words,
    next_doubling,
    offered,
    render_view,
    seat_label,
    suit_text,
    trick_items,
    trick_points,
    trick_text,
)

__all__ = ["play", "TerminalPlay", "normalize_input", "parse_option_values", "NotUnderstood"]

HELP = """\
Type an action, or the number of one of the offered actions:
  AS, as, 10h, play AS   play a card (rank then suit: A 10 K Q J 9 8 7 and C D H S or ♣ ♦ ♥ ♠)
  marry KH               declare the marriage of hearts and lead the king
  declare                claim the hand (you have the points)
  declare QH             show the marriage of hearts and claim without leading
  exchange               swap the low trump for the turn-up card
  close                  close the stock (turn the trump card down)
  draw                   draw (when you could close before drawing instead)
  trump H, turn          name trumps, or turn a card for them
  defer, pass            let the partner show a marriage; decline
  cut, knock             how the cards are dealt (Bauernschnapsen)
  bid gang, kontra       bid a contract, double it (Bauernschnapsen; see the offered list)
  announce KS QS JS      Terts: announce a combination (show … or pass to answer one); bella
Other commands:
  last   the last trick      table   show the table again      ?   a hint
  help   this text           quit    leave the match"""

QUIT_WORDS = {"quit", "q", "exit"}
_SUIT_WORDS = {name: name[0].upper() for name in SUIT_NAMES} | {
    name[:-1]: name[0].upper() for name in SUIT_NAMES}


_BASE_FORMS = {"passes": "pass", "closes": "close", "exchanges": "exchange"}
"""Verbs whose form with 'you' is not the third person without its final 's'."""


class NotUnderstood(ValueError):
    """Input that names no action at all."""


def normalize_input(text: str, view: View) -> str:
    """Turn what a person types into an action string (``AS`` → ``play AS``, suit words to
    letters, ``exchange 9♦`` → ``exchange``). Raises NotUnderstood when it cannot be an action,
    IllegalActionError when an exchange names another card than the low trump."""
    typed = " ".join(text.split()).lower()
    for a in view.legal:  # an offered action as it is shown: 'announce fifty K♠ Q♠ J♠ 10♠ (50)'
        label = action_label(a, view).plain.lower()
        if typed in (label, label.split(" (")[0]):
            return action_str(a)
    words = text.strip().split()
    words = [_SUIT_WORDS.get(w.lower(), w) for w in words]
    if not words:
        raise NotUnderstood(text)
    if len(words) == 1:
        w = words[0]
        with contextlib.suppress(ValueError):
            return "play " + action_str(parse_card(w))[5:]
        if view.phase == PH_TRUMP:
            with contextlib.suppress(ValueError):
                return "trump " + "CDHS"[parse_suit(w)]
    if len(words) == 2 and words[0].lower() == "exchange":
        # 'exchange 9♦', as hints write it: the card named must be the low trump given.
        try:
            card = parse_card(words[1])
        except ValueError:
            raise NotUnderstood(text) from None
        low = view.game.rules.exchange_rank
        if low is not None and view.trump >= 0 and card != view.trump * 8 + low:
            raise IllegalActionError(f"the exchange gives the low trump "
                                     f"{card_label(view.trump * 8 + low)}, not {card_label(card)}")
        return "exchange"
    candidate = " ".join(words)
    try:
        return action_str(parse_action(candidate))
    except ValueError:
        raise NotUnderstood(text) from None


class TerminalPlay:
    """A match between one human seat (at ``read``/``console``) and computer seats."""

    def __init__(self, match: Match, human: int, bots: dict[int, Bot], *, seed: int,
                 console: Console, read: Callable[[str], str], save: Path | None = None,
                 hint_seconds: float = 1.0) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.deal_rng = random.Random(seed)
        self.bot_rng = random.Random(f"bots-{seed}")
        self.console = console
        self.read = read
        self.save_path = save
        self.hint_seconds = hint_seconds
        self.names = match.players
        self._save_failed = False

    # ------------------------------------------------------------------ flow

    def run(self) -> int:
        """Play until the match is over or the human quits; the exit status."""
        m = self.match
        self.console.print(Text(f"{m.game.name}: ", style="bold").append(" vs ".join(self.names)))
        while not m.complete:
            state = m.deal_hand(seed=self.deal_rng.randrange(2**31))
            self.save()
            self.console.rule(f"Hand {len(m.results) + 1} — "
                              f"{self.names[m.hand_records[-1]['dealer']]} "
                              f"{self.verb(m.hand_records[-1]['dealer'], 'deals')}")
            if self.human not in state.active:
                self.console.print(f"{self.names[self.human]} {self.verb(self.human, 'sits')} out "
                                   "this hand.")
            while m.in_hand:
                seat = m.to_act
                assert seat is not None
                if seat == self.human:
                    action = self.ask_human()
                    if action is None:
                        return self.quit()
                else:
                    action = self.bots[seat].choose(state.view(seat), self.bot_rng)
                    if type(action) is not int or action not in state.legal_actions():
                        return self.bot_broke_the_rules(seat, action)
                self.act(seat, action)
            self.hand_summary()
            if not m.complete and not self.pause():
                return self.quit()
        self.match_summary()
        return 0

    def act(self, seat: int, action: int) -> None:
        """Apply an action and tell the human what happened, as far as he may know it."""
        m = self.match
        assert m.hand is not None
        before = m.hand.view(self.human)
        who = seat_label(seat, before, self.names)
        you = self.is_you(seat)
        m.apply(action)
        self.save()
        after = m.hand.view(self.human)
        k = len(before.history)
        if k < len(after.history) and after.history[k] >= FACE_DOWN:
            # Gaigel's face-down first trick: the card stays unseen until the trick is turned.
            hidden = Text(who + " ", style="bold")
            if is_opening(action):
                hidden.append(f"opens {OPENINGS[opening_index(action)]} and leads face down")
            else:
                hidden.append(f"{'play' if you else 'plays'} a card face down")
            self.console.print(hidden)
        else:
            self.console.print(self.describe(who, action, before, after, you))
        if before.phase == PH_ANSWER:  # Terts: the comparison is decided
            names = [seat_label(p, after, self.names) for p in range(len(after.points))]
            self.console.print(answer_outcome(
                names, [a + b for a, b in zip(before.points, before.pending, strict=True)],
                [a + b for a, b in zip(after.points, after.pending, strict=True)]))
        if after.trick_no > before.trick_no and after.last_trick:
            winner = after.leader
            pts = trick_points(after.last_trick, after)
            items = trick_items(after.last_trick, after, self.names, show_winner=True)
            items[0] = Text(f"  Trick {after.trick_no}: ").append_text(items[0])
            items[-1].append(f"  → {seat_label(winner, after, self.names)} "
                             f"{self.verb(winner, 'takes')} {pts}")
            self.console.print(Flow(items, " · "))
        drawn = after.hand & ~before.hand
        if drawn and action != EXCHANGE and after.phase != PH_TRUMP and before.phase != PH_TRUMP:
            cards = [c for c in range(64) if drawn >> c & 1]
            line = Text("  You draw ")
            for i, c in enumerate(cards):
                line.append(" " if i else "").append_text(card_text(c, after.trump))
            self.console.print(line)

    def is_you(self, seat: int) -> bool:
        return seat == self.human and self.names[seat].lower() == "you"

    def verb(self, seat: int, word: str) -> str:
        """``word`` (third person) as it goes with the seat's name: 'You take', 'Bob takes'."""
        return _BASE_FORMS.get(word, word[:-1]) if self.is_you(seat) else word

    def describe(self, who: str, action: int, before: View, after: View, you: bool) -> Text:
        """One line for an action, in words: 'Bob declares 20 in ♥ hearts and leads K♥'."""
        def v(word: str) -> str:
            return _BASE_FORMS.get(word, word[:-1]) if you else word

        t = Text(who + " ", style="bold")
        trump = before.trump
        if is_play(action):
            t.append(v("leads") + " " if not before.trick else v("plays") + " ")
            return t.append_text(card_text(action, trump))
        if is_marriage(action):
            c = named_card(action)
            value = 40 if (c >> 3) & 3 == trump else 20
            t.append(f"{v('declares')} {value} in ").append_text(suit_text((c >> 3) & 3))
            return t.append(f" and {v('leads')} ").append_text(card_text(c, trump))
        if is_declaration(action):
            q = named_card(action)
            value = 40 if (q >> 3) & 3 == trump else 20
            return t.append(f"{v('shows')} {value} in ").append_text(suit_text((q >> 3) & 3)).append(
                f" and {v('claims')} the hand")
        if action == DRAW and before.phase == PH_DRAW:
            return t.append(f"{v('keeps')} the stock open: both draw")
        if action == DRAW:  # a phase of its own that draws (a talon)
            phase = PHASES[before.phase]
            return t.append(f"{v('takes')} the {phase.name if phase else 'cards'}")
        if action == CLOSE:
            return t.append(f"{v('closes')} the stock")
        if action == EXCHANGE:
            t.append(f"{v('exchanges')} ").append_text(card_text(after.turnup, trump))
            return t.append(" for the turn-up ").append_text(card_text(before.turnup, trump))
        if action == DECLARE:
            return t.append(f"{v('claims')} the hand")
        if is_trump_choice(action):
            return t.append(f"{v('names')} trumps: ").append_text(suit_text(trump_suit(action)))
        if action == TURN:
            t.append(f"{v('turns')} up a card for trumps")
            if after.turnup >= 0:
                t.append(": ").append_text(card_text(after.turnup, after.trump))
            return t
        if action == DEFER:
            return t.append(f"{v('lets')} the partner show a marriage")
        if action == PASS and before.phase == PH_DOUBLING:  # 'Bob passes: no kontra'
            return t.append(f"{v('passes')}: no {next_doubling(before)}")
        if action == PASS:
            return t.append(v("passes"))
        # Bids, doubling, openings, melds, announcements, knocks: the words the browser uses.
        words = action_words(action, trump, you=you)
        if words is not None:
            return t.append(words)
        return t.append_text(action_label(action, before))

    # ------------------------------------------------------------------ the human seat

    def ask_human(self) -> int | None:
        """Show the table and read until a legal action (None: the human quits)."""
        m = self.match
        assert m.hand is not None
        view = m.hand.view(self.human)
        self.show_table(view)
        while True:
            try:
                text = self.read("> ").strip()
            except EOFError:
                return None
            cmd = text.lower()
            if not cmd:
                continue
            if cmd in QUIT_WORDS:
                return None
            if cmd in ("help", "h"):
                self.console.print(HELP, markup=False, highlight=False)
                continue
            if cmd in ("table", "t", "show"):
                self.show_table(view)
                continue
            if cmd == "last":
                self.show_last(view)
                continue
            if cmd in ("?", "hint"):
                self.show_hint(view)
                continue
            try:
                action = self.parse(text, view)
            except NotUnderstood:
                self.console.print(f"not understood: {text!r}; type help", markup=False,
                                   style="yellow")
            except IllegalActionError as e:  # the engine's reason, seats by name
                self.console.print(detail_words(str(e), self.names), markup=False,
                                   style="yellow")
            else:
                if self.confirm(action, view):
                    return action

    def confirm(self, action: int, view: View) -> bool:
        """Ask before a claim that would be false (it loses the hand); True to go ahead."""
        points = false_claim_points(action, view)
        if points is None:
            return True
        target = (view.rules or view.game.rules).claim_target
        self.console.print(f"You have {plural(points, 'point')}, not {target}: this claim is false and "
                           "loses the hand.", markup=False, style="yellow")
        try:
            answer = self.read("Claim anyway? [y/N] ").strip().lower()
        except EOFError:
            return False
        return answer in ("y", "yes")

    def parse(self, text: str, view: View) -> int:
        """The legal action that ``text`` names (IllegalActionError with the engine's reason)."""
        choices = offered(view)
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(choices):
                raise IllegalActionError(f"choose a number from 1 to {len(choices)}")
            return choices[k - 1]
        canonical = normalize_input(text, view)
        assert self.match.hand is not None
        return self.match.hand.parse(canonical)

    def show_table(self, view: View) -> None:
        m = self.match
        title = f"{m.game.name} — hand {len(m.results) + 1}"
        about = match_words(m.game)[1]  # 'match to 7', Schnapsen's count down from 7, chips
        if about:
            title += f" — {about}"
        self.console.print(render_view(view, self.names, m.score, title=title))

    def show_last(self, view: View) -> None:
        if not view.last_trick:
            self.console.print("No trick has been completed in this hand yet.")
            return
        self.console.print(trick_text(view.last_trick, view, self.names, show_winner=True,
                                      head="Last trick: "))

    def show_hint(self, view: View) -> None:
        self.console.print(f"thinking for {self.hint_seconds:g} s…", style="dim")
        try:
            ranked = analysis.hint(view, random.Random(self.bot_rng.random()),
                                   seconds=self.hint_seconds)
        except SixtySixError as e:
            self.console.print(f"no hint here: {e}", markup=False)
            return
        # In the words one types ('exchange 9♦', 'trump ♦'), so the hint can be typed back; not
        # numbered, because a number typed at the prompt picks from the list of legal actions.
        # Best first: the two next best follow.
        (best, value), others = ranked[0], ranked[1:3]
        out = Text("Hint: ", style="bold").append(analysis.move_text(best, view))
        out.append(f" ({value:+.2f} game points)", style="dim")
        if others:
            out.append("   then: ", style="dim").append(", ".join(
                f"{analysis.move_text(a, view)} ({v:+.2f})" for a, v in others), style="dim")
        self.console.print(out)

    # ------------------------------------------------------------------ between hands

    def hand_summary(self) -> None:
        m = self.match
        result = m.results[-1]
        assert m.hand is not None
        view = m.hand.view(self.human)
        if result.winners:
            names = " and ".join(self.names[p] for p in result.winners
                                 if p in m.hand.active or m.game.rules.sides != tuple(range(m.n)))
            gp = max(result.game_points[p] for p in result.winners)
            head = f"{names} win{'s' if len(result.winners) == 1 and names != 'You' else ''}" \
                   f" the hand ({result.end}): {plural(gp, m.game.score_unit)}"
        else:
            head = f"Nobody wins the hand ({result.end})"
        self.console.print(Text(head, style="bold green"))
        if result.detail:  # the engine's words, seats by name ('Bob (40 points, 1 trick) pays…')
            detail = re.sub(r"\bYou (\([^)]*\) )?pays\b", r"You \1pay",
                            detail_words(result.detail, self.names))
            self.console.print(self.line("  ", detail.split("; "), "; "))
        self.console.print(self.line("  Card points: ", [
            f"{seat_label(p, view, self.names)} {plural(result.points[p], 'point')} in "
            f"{plural(result.tricks[p], 'trick')}" for p in m.hand.active]))
        label = {"chips": "Chips", "to go": "To go"}.get(match_words(m.game)[0], "Match")
        self.console.print(self.score_line(f"  {label}: "))

    def line(self, head: str, items: list[str], sep: str = " · ") -> Flow:
        """``head`` and ``items`` joined by ``sep``, a line breaking only between two items."""
        parts = [Text(item) for item in items]
        parts[0] = Text(head).append_text(parts[0])
        return Flow(parts, sep)

    def score_line(self, head: str) -> Flow:
        m = self.match
        return self.line(head, [f"{self.names[p]} {m.score[p]}" for p in range(m.n)])

    def pause(self) -> bool:
        """Wait for Enter before the next hand; False if the human quits."""
        while True:
            try:
                text = self.read("Enter for the next hand (or quit) > ").strip().lower()
            except EOFError:
                return False
            if text in QUIT_WORDS:
                return False
            if text in ("help", "h"):
                self.console.print(HELP, markup=False, highlight=False)
                continue
            return True

    def match_summary(self) -> None:
        m = self.match
        winners = m.winner or []
        names = " and ".join(self.names[p] for p in winners) or "nobody"
        self.console.rule("Match over")
        self.console.print(Text(f"{names} win{'s' if len(winners) == 1 and names != 'You' else ''}"
                                " the match.", style="bold green"))
        self.console.print(self.score_line("Final score: "))
        if self.save_path is not None:
            self.console.print(f"The record is in {self.save_path}.", markup=False)

    def bot_broke_the_rules(self, seat: int, action: object) -> int:
        """A computer player chose an action the rules do not allow (a bot of one's own, or a
        plugin's): say which, where and what, keep the record so far, and stop with status 1."""
        m = self.match
        try:
            shown = action_str(action) if type(action) is int else repr(action)
        except (KeyError, IndexError, ValueError):
            shown = repr(action)
        self.console.print(
            f"The computer player {self.bots[seat].name!r} ({self.names[seat]}, seat {seat}) chose "
            f"{shown!r}, which the rules do not allow here (hand {len(m.hand_records)}, action "
            f"{len(m.hand_records[-1]['actions']) + 1}); the match stops.", markup=False,
            style="red")
        self.quit()
        return 1

    def quit(self) -> int:
        self.console.print(self.score_line("Leaving the match. Score: "))
        if self.save_path is not None and self.save_path.exists():
            try:
                keep = self.read(f"Keep the record in {self.save_path}? [Y/n] ").strip().lower()
            except EOFError:
                keep = "y"
            if keep in ("n", "no"):
                self.save_path.unlink()
                self.console.print("Record removed.")
            else:
                self.console.print(f"Saved: sixtysix replay {self.save_path}", markup=False)
        return 0

    def save(self) -> None:
        """Write the match record (written whole to a temporary file, then moved into place)."""
        if self.save_path is None or self._save_failed:
            return
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(self.match.record(), indent=1) + "\n")
            os.replace(tmp, self.save_path)
        except OSError as e:
            self._save_failed = True
            self.console.print(f"could not save to {self.save_path}: {e.strerror}; playing on "
                               "without saving", markup=False, style="red")


def save_problem(path: Path) -> str | None:
    """Why the record could not be written to ``path``, found before the match starts (None if
    it can): a missing folder, a folder in its place, a folder one may not write to."""
    folder = path.parent
    if not folder.is_dir():
        return f"there is no folder {folder}" if not folder.exists() else f"{folder} is not a folder"
    if path.is_dir():
        return "that is a folder; give a file name"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "not allowed to write there"
    return None


def default_opponent() -> str:
    return "casual" if "casual" in bot_names() else "heuristic"


def seat_names(n: int, human: int, name: str, opponent: str) -> list[str]:
    """``name`` for the human seat; the computer seats by the bot's name and a number."""
    if n == 2:
        return [name if p == human else "Computer" for p in range(2)]
    label = opponent.partition(":")[0].capitalize()
    others = [p for p in range(n) if p != human]
    return [name if p == human else f"{label} {others.index(p) + 1}" for p in range(n)]


@app.command()
def play(
    game: Annotated[str, typer.Option("--game", "-g", help="game id (see 'sixtysix games')")]
    = DEFAULT_GAME,
    seed: Annotated[int | None, typer.Option(help="seed for the deals and the computer's "
                                             "choices (default: a fresh one, shown)")] = None,
    opponent: Annotated[str | None, typer.Option(help="computer player, e.g. 'heuristic' or "
                                                 "'heuristic:miss=0.3' (see 'sixtysix bots')")]
    = None,
    seat: Annotated[int, typer.Option(help="your seat, from 0")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="rule option name=value (see 'sixtysix options GAME'); repeatable")]
    = None,
    save: Annotated[Path | None, typer.Option(help="write the match record here after every "
                                              "action")] = None,
    name: Annotated[str, typer.Option(help="your name in the record")] = "You",
    hint_seconds: Annotated[float, typer.Option(help="thinking time for '?' hints (0.001 to "
                                                "3600)")] = 1.0,
) -> None:
    """Play a match against the computer at the terminal."""
    err = Console(stderr=True, soft_wrap=True)  # an error line is not cut to the terminal width
    try:
        SECONDS.check("", hint_seconds, "--hint-seconds")  # here, not at the first '?'
        g = make_game(game, parse_option_values(option, game))
    except SixtySixError as e:
        err.print(f"error: {e}", markup=False)
        raise typer.Exit(2) from None
    if not 0 <= seat < g.n_seats:
        err.print(f"error: --seat must be from 0 to {g.n_seats - 1} in {g.name}", markup=False)
        raise typer.Exit(2)
    if save is not None:
        problem = save_problem(save)
        if problem:
            err.print(f"error: --save {save}: {problem}", markup=False)
            raise typer.Exit(2)
    spec = opponent or default_opponent()
    try:
        bots: dict[int, Bot] = {p: make_bot(spec) for p in range(g.n_seats) if p != seat}
    except (BotError, ValueError) as e:
        err.print(f"error: {e}", markup=False)
        raise typer.Exit(2) from None
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    console = Console(highlight=False)
    rng = random.Random(seed)
    names = seat_names(g.n_seats, seat, name, spec)
    match = Match(g, dealer=g.first_dealer(rng), players=names)
    console.print(f"Seed {seed} (play the same deals again with --seed {seed}); "
                  "type help for the commands.", markup=False)
    session = TerminalPlay(match, seat, bots, seed=rng.randrange(2**31), console=console,
                           read=lambda prompt: console.input(Text(prompt)), save=save,
                           hint_seconds=hint_seconds)
    try:
        code = session.run()
    except KeyboardInterrupt:
        console.print()
        code = session.quit()
    raise typer.Exit(code)
