"""Drawing one seat's view at the terminal with rich: cards with suit symbols and colours, the trump
and the stock, every seat's count, the trick on the table, the scores and the offered actions.

Everything here reads a ``View`` (what the human seat may know) and public match facts (names,
the match score); it never sees the full state.

>>> from sixtysix.cards import parse_card
>>> card_text(parse_card("TH")).plain
'10♥'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..analysis import false_claim_points
from ..cards import RANK_LABELS, SUIT_MASK, SUIT_SYMBOLS, cards_of
from ..engine.actions import (
    CLOSE,
    DECLARE,
    DEFER,
    DRAW,
    EXCHANGE,
    MELD_LOW,
    PASS,
    REVERSE,
    TURN,
    action_str,
    is_declaration,
    is_marriage,
    is_play,
    is_trump_choice,
    named_card,
    trump_suit,
)
from ..engine.game import Game
from ..engine.legal import trick_winner
from ..engine.phases import PH_DOUBLING
from ..engine.phases.auction import standing
from ..engine.state import PH_AUCTION, PH_OVER, PH_TRUMP
from ..engine.view import View
from ..words import DOUBLING_NAMES, is_meld, meld_words, plural
from .cardtext import card_text, cards_text, suit_style, suit_text
from .contracts import contract_lines

__all__ = ["card_text", "cards_text", "hand_text", "action_label", "render_view", "trick_text",
           "seat_label", "suit_text", "offered", "false_claim_points", "RANK_LABELS", "Flow",
           "match_words", "trick_items"]



class Flow:
    """Items laid out in lines as wide as the console allows, a line breaking only between two
    items: rich wraps a long text at any space, the middle of 'play 10♥' or '28 points in 1
    trick' too. A line that breaks ends with the separator's mark ('·'), so that it reads on;
    only an item wider than a whole line is itself wrapped.

    >>> from rich.console import Console
    >>> Console(width=24).print(Flow([Text("You may:"), Text("1) play 10♥"), Text("2) play K♣")],
    ...                              "  "))
    You may:  1) play 10♥
      2) play K♣
    """

    def __init__(self, items: Sequence[Text], sep: str, indent: int = 2) -> None:
        self.items = list(items)
        self.sep = sep
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for i, item in enumerate(self.items):
            if i and line.cell_len + len(self.sep) + item.cell_len > width:
                yield line.append(self.sep.rstrip())
                line = Text(" " * self.indent)
            elif i:
                line.append(self.sep)
            line.append_text(item)
        yield line


def _order(view: View, suit: int) -> list[int]:
    """The cards of a suit in the hand, highest first (by the game's own rank in that suit)."""
    beats = (view.rules or view.game.rules).beats_table(view.trump if view.trump >= 0 else 0)
    cards = list(cards_of(view.hand & SUIT_MASK[suit]))
    return sorted(cards, key=lambda c: (beats[c].bit_count(), c))


def hand_text(view: View) -> Text:
    """The hand grouped by suit, trumps last, highest first inside a suit."""
    suits = [s for s in range(4) if s != view.trump] + ([view.trump] if view.trump >= 0 else [])
    out = Text()
    for s in suits:
        cards = _order(view, s)
        if not cards:
            continue
        if out:
            out.append("   ")
        out.append_text(cards_text(cards, view.trump))
    return out if out else Text("(no cards)", style="dim")


def seat_label(seat: int, view: View, names: Sequence[str]) -> str:
    """The seat's name, marked '(you)' or '(partner)' from the human seat's point of view, by
    the sides of the rules in force (a contract may set them: two defenders against one)."""
    sides = (view.rules or view.game.rules).sides
    name = names[seat]
    if seat == view.seat:
        return f"{name} (you)" if name.lower() != "you" else name
    if sides[seat] == sides[view.seat]:
        return f"{name} (partner)"
    return name


def marriage_value(view: View, card: int) -> int:
    return 40 if (card >> 3) & 3 == view.trump else 20


def action_label(action: int, view: View) -> Text:
    """The words for an offered action, cards drawn as cards."""
    if is_play(action):
        return Text("play ").append_text(card_text(action, view.trump))
    if is_marriage(action):
        c = named_card(action)
        return (Text("marry ").append_text(card_text(c, view.trump))
                .append(f" ({marriage_value(view, c)})"))
    if is_declaration(action):
        q = named_card(action)
        return (Text("declare ").append_text(card_text(q, view.trump))
                .append(f" (show {marriage_value(view, q)} and claim)"))
    if is_trump_choice(action):
        return Text("trump ").append_text(suit_text(trump_suit(action)))
    words = {DRAW: "draw", CLOSE: "close", DECLARE: "declare (claim the hand)",
             EXCHANGE: "exchange", TURN: "turn (a card sets trumps)",
             DEFER: "defer (let the partner marry)", PASS: "pass",
             REVERSE: "reverse (the opponents passed the target without knocking)",
             MELD_LOW: "meld low (five low cards)"}
    if action == EXCHANGE and view.turnup >= 0 and view.trump >= 0:
        low = view.game.rules.exchange_rank
        if low is not None:
            return (Text("exchange ").append_text(card_text(view.trump * 8 + low, view.trump))
                    .append(" for ").append_text(card_text(view.turnup, view.trump)))
    if action == PASS and view.phase == PH_DOUBLING:  # what is passed: 'pass (no kontra)'
        return Text(f"pass (no {next_doubling(view)})")
    if action in words:
        return Text(words[action])
    if is_meld(action):  # Terts: 'announce fifty K♠ Q♠ J♠ 10♠ (50)', cards as cards
        return Text(meld_words(action, you=True))
    try:
        return Text(action_str(action))
    except (KeyError, IndexError, ValueError):
        return Text(f"action {action}")


def next_doubling(view: View) -> str:
    """The doubling the doubling round offers now: 'kontra', 'rekontra' or 'subkontra'."""
    return DOUBLING_NAMES.get(view.factor * 2, "kontra")


def trick_text(trick: Sequence[tuple[int, int]], view: View, names: Sequence[str],
               show_winner: bool = False, head: str = "") -> Flow:
    """``head`` then ``Ann K♠ · Bob A♠`` with the winner marked when asked, a line breaking only
    between two cards."""
    items = trick_items(trick, view, names, show_winner)
    items[0] = Text(head).append_text(items[0])
    return Flow(items, " · ")


def trick_items(trick: Sequence[tuple[int, int]], view: View, names: Sequence[str],
                show_winner: bool = False) -> list[Text]:
    """Each card of a trick with who played it (``Bob A♠``), the winner marked when asked."""
    if not trick:
        return [Text("(empty)", style="dim")]
    cards = [c for _, c in trick]
    w = -1
    rules = view.rules or view.game.rules  # a contract's rank order (Zehnergang)
    if show_winner and tuple(trick) == view.last_trick:
        # The last trick's winner leads now (Gaigel's first trick has its own winner rules).
        w = next((i for i, (seat, _) in enumerate(trick) if seat == view.leader), -1)
    elif show_winner and (view.trump >= 0 or view.contract is not None):
        w = trick_winner(cards, view.trump, rules.beats_table(max(view.trump, 0)))
    out = []
    for i, (seat, card) in enumerate(trick):
        item = Text(f"{seat_label(seat, view, names)} ").append_text(card_text(card, view.trump))
        if i == w:
            item.append(" ✔", style="green")
        out.append(item)
    return out


def trick_points(trick: Sequence[tuple[int, int]], view: View) -> int:
    values = view.game.rules.value_table(view.trump if view.trump >= 0 else 0)
    return sum(values[c] for _, c in trick)


def stock_text(view: View, names: Sequence[str]) -> Text:
    r = view.game.rules
    out = Text()
    if view.trump >= 0:
        out.append("Trumps ").append_text(suit_text(view.trump))
    elif view.phase == PH_TRUMP:
        out.append("Trumps not named yet", style="yellow")
    elif view.contract is not None:
        out.append("No trumps", style="yellow")
    if not r.stock:
        if view.turnup >= 0 and view.phase != PH_TRUMP:
            out.append("   (card turned: ").append_text(card_text(view.turnup, view.trump)).append(")")
        if view.facedown:  # a talon set aside, never drawn
            out.append(f"   talon: {plural(view.facedown, 'card')} face down", style="dim")
        return out
    out.append("   ")
    if view.closed_by >= 0:
        out.append(f"stock closed by {seat_label(view.closed_by, view, names)}", style="yellow")
        if view.facedown:
            out.append(f" ({view.facedown} card{'s' if view.facedown != 1 else ''} dead)")
    elif view.turnup_up:
        out.append("turn-up ").append_text(card_text(view.turnup, view.trump))
        out.append(f" under {view.facedown} face-down card{'s' if view.facedown != 1 else ''}")
    else:
        out.append("stock exhausted", style="yellow")
    return out


def auction_text(view: View, names: Sequence[str]) -> Text:
    """North American Sixty-Six: the high bid, who made it and who has passed (the contract once
    the auction is over)."""
    out = Text()
    r = view.game.rules
    high, bidder, passed = standing(view.bidding)
    if bidder < 0:
        out.append(f"Auction: no bid yet (bids {r.min_bid} to {r.max_bid} units of "
                   f"{getattr(view.game.options, 'unit', 33)})")
    elif view.phase == PH_AUCTION:
        out.append(f"Auction: {seat_label(bidder, view, names)} bids {high}")
    else:
        out.append(f"Contract: {seat_label(bidder, view, names)} bid {high}",
                   style="bold")
    gone = [seat_label(p, view, names) for p in range(len(names)) if passed >> p & 1]
    if gone and view.phase == PH_AUCTION:
        out.append("; passed: " + ", ".join(gone), style="dim")
    return out


def match_words(game: Game) -> tuple[str, str]:
    """What the match score counts, in words: the heading of its column ('match', 'chips', 'to
    go' where it counts down) and a few words for the table's title ('' where none is needed).

    >>> from sixtysix.games import make_game
    >>> match_words(make_game("schnapsen"))
    ('to go', 'each counts down from 7 to 0 (Bummerl)')
    >>> match_words(make_game("three-player-sixty-six"))
    ('chips', 'chips: 9 hands, the most chips win')
    >>> match_words(make_game("sixty-six"))
    ('match', 'match to 7')
    """
    o = game.options
    start = getattr(o, "start_score", None)
    if start is not None:  # Schnapsen (rules/schnapsen.md#the-match)
        return "to go", f"each counts down from {start} to 0 (Bummerl)"
    if getattr(o, "starting_chips", None) is not None:  # Three-Player (rules/three-player.md#settlement)
        hands = getattr(o, "hands", None)
        return "chips", f"chips: {plural(hands, 'hand')}, the most chips win" if hands else "chips"
    target = getattr(o, "target", None)
    if target is None:
        return "match", ""
    if getattr(o, "score_direction", "up") == "down":  # Bauernschnapsen's regional count
        return "to go", f"each side counts down from {target} to 0"
    return "match", f"match to {target}"


def seats_table(view: View, names: Sequence[str], score: Sequence[int]) -> Table:
    r = view.rules or view.game.rules  # a contract's sides
    t = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
    t.add_column("seat")
    t.add_column("cards", justify="right")
    t.add_column("tricks", justify="right")
    t.add_column("points", justify="right")
    t.add_column(match_words(view.game)[0], justify="right")
    for p in range(len(names)):
        side = r.sides[p]
        label = seat_label(p, view, names)
        marks = []
        if p == view.dealer:
            marks.append("dealer")
        if p == view.to_act and view.phase != PH_OVER:
            marks.append("to act")
        style = "bold cyan" if p == view.seat else ""
        name = Text(label, style=style)
        if marks:
            name.append(f" [{', '.join(marks)}]", style="dim")
        if p not in view.active:
            t.add_row(name, "—", "—", Text("sits out", style="dim"), str(score[p]))
            continue
        # Running card points are not public (rules/sixty-six.md: tricks may not be looked back at):
        # the other sides' show once the hand is over, as in the browser.
        if side != r.sides[view.seat] and view.phase != PH_OVER:
            pts = Text("?", style="dim")
        else:
            pts = Text(str(view.points[side]))
            if view.pending[side]:
                pts.append(f" (+{view.pending[side]} pending)", style="dim")
        t.add_row(name, str(view.hand_sizes[p]), str(view.tricks[side]), pts, str(score[p]))
    return t


def render_view(view: View, names: Sequence[str], score: Sequence[int], *, title: str = "",
                show_actions: bool = True) -> RenderableType:
    """The whole table as the human seat sees it."""
    parts: list[RenderableType] = [stock_text(view, names), seats_table(view, names, score)]
    if PH_AUCTION in view.game.rules.phases:
        parts.insert(0, auction_text(view, names))
    if view.marriages:
        m = Text("Marriages: ")
        for i, (seat, suit, value) in enumerate(view.marriages):
            if i:
                m.append(", ")
            m.append(f"{seat_label(seat, view, names)} {value} in ").append_text(
                Text(SUIT_SYMBOLS[suit], style=suit_style(suit)))
        parts.append(m)
    parts += contract_lines(view, names)  # Bauernschnapsen: auction, contract, face-up cards
    if view.trick:
        parts.append(trick_text(view.trick, view, names, head="On the table: "))
    first = view.phase == PH_TRUMP and view.game.rules.trump_choice
    label = "Your first cards: " if first else "Your hand: "
    parts.append(Text(label, style="bold").append_text(hand_text(view)))
    if show_actions and view.legal:
        parts.append(actions_text(view, names))
    elif len(names) > 2 and view.phase != PH_OVER and 0 <= view.to_act < len(names):
        parts.append(Text(f"{seat_label(view.to_act, view, names)} to play", style="bold"))
    return Panel(Group(*parts), title=title or view.game.name, title_align="left")


def offered(view: View) -> list[int]:
    """The legal actions in the order they are shown and numbered: the cards as in the hand
    display, then the other actions. A claim that would be false is left out (it is legal, and
    can be typed, but it is no ordinary move: ``actions_text`` shows it apart)."""
    position: dict[int, int] = {}
    suits = [s for s in range(4) if s != view.trump] + ([view.trump] if view.trump >= 0 else [])
    for s in suits:
        for c in _order(view, s):
            position[c] = len(position)
    ordinary = [a for a in view.legal if false_claim_points(a, view) is None] or list(view.legal)
    return sorted(ordinary, key=lambda a: (not is_play(a), position.get(a, 0), a))


def actions_text(view: View, names: Sequence[str] = ()) -> RenderableType:
    """The numbered actions, a line breaking only between two of them; in a game of more than
    two seats, whose turn it is by name first; a claim that would be false shown apart, with the
    points it would be made with."""
    if len(names) > 2:
        who = names[view.seat]
        head = Text("Your turn" + (f", {who}" if who.lower() != "you" else "") + ". ",
                    style="bold cyan")
        head.append("You may: ", style="bold")
    else:
        head = Text("You may: ", style="bold")
    shown = offered(view)
    items = [Text(f"{i}) ", style="cyan").append_text(action_label(a, view))
             for i, a in enumerate(shown, 1)]
    items[0] = head.append_text(items[0])  # never 'You may:' alone at the end of a line
    flow = Flow(items, "  ")
    apart = [a for a in view.legal if a not in shown]
    if not apart:
        return flow
    points = min(p for a in apart if (p := false_claim_points(a, view)) is not None)
    target = (view.rules or view.game.rules).claim_target
    return Group(flow, Text(f"(You could also claim, by typing declare, but with {points} of "
                            f"{target} points the claim would be false and lose the hand.)",
                            style="dim"))
