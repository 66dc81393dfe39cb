"""Cards as coloured terminal text: ``10♥`` red for hearts and diamonds, trumps underlined.

Both the table (``render``) and the contract lines (``contracts``) print cards this way.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, card_label

__all__ = ["suit_style", "card_text", "suit_text", "cards_text"]


def suit_style(suit: int) -> str:
    return "bold red" if suit in (1, 2) else "bold"


def card_text(card: int, trump: int = -1) -> Text:
    """A card as ``10♥``, red for hearts and diamonds; trumps underlined (-1: face down)."""
    if card < 0:
        return Text("??", style="dim")
    suit = (card >> 3) & 3
    style = suit_style(suit) + (" underline" if suit == trump else "")
    return Text(card_label(card), style=style)


def suit_text(suit: int) -> Text:
    return Text(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}", style=suit_style(suit))


def cards_text(cards: Sequence[int], trump: int = -1, sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, trump))
    return out
