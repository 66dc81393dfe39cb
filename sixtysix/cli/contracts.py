"""What the terminal shows of an auction of contracts and the contract in play (Bauernschnapsen):
the high bid and who passed, the contract with its declarer and doubling, a solo partner's cards
lying face up, each side's first trick face up (``first_trick_visible``). The words for the deal
choice, bids and doublings are ``sixtysix.words``'. Everything reads the human seat's ``View``.

>>> from sixtysix.engine import Match
>>> from sixtysix.games import make_game
>>> m = Match(make_game("bauernschnapsen"), dealer=3)
>>> state = m.deal_hand(seed=1)
>>> m.apply("cut"); m.apply("turn"); m.apply("bid normal")
>>> [t.plain for t in contract_lines(state.view(1), ["A", "B", "C", "D"])]
['Auction: high bid normal by A (partner of C)']
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..engine.actions import CONTRACTS
from ..engine.phases import PH_CONTRACTS, PH_DOUBLING, PH_OVER
from ..engine.view import View
from ..words import DOUBLING_NAMES as _DOUBLED
from .cardtext import cards_text

__all__ = ["contract_lines"]


def _name(seat: int, names: Sequence[str], view: View) -> str:
    """The seat's name, marked as the viewer's partner or with its own partners, by the sides
    of the rules in force (a contract may set them: two defenders against one)."""
    sides = (view.rules or view.game.rules).sides
    if seat == view.seat:
        return names[seat]
    if sides[seat] == sides[view.seat]:
        return f"{names[seat]} (partner)"
    partners = [names[p] for p in range(len(names)) if p != seat and sides[p] == sides[seat]]
    return f"{names[seat]} (partner of {' and '.join(partners)})" if partners else names[seat]


def contract_lines(view: View, names: Sequence[str]) -> list[Text]:
    """Lines about the auction or the contract, empty for games without contracts."""
    out: list[Text] = []
    if view.phase == PH_CONTRACTS and view.bidding:
        high, bidder, passed = view.bidding
        t = Text("Auction: ", style="bold")
        t.append(f"high bid {CONTRACTS[high]} by {_name(bidder, names, view)}")
        gone = [names[p] for p in range(len(names)) if (passed >> p) & 1]
        if gone:
            t.append(f"; passed: {', '.join(gone)}", style="dim")
        out.append(t)
    c = view.contract
    if c is None:
        return out
    t = Text("Contract: ", style="bold")
    t.append(f"{c.name} by {_name(view.declarer, names, view)}", style="bold yellow")
    t.append(f" ({c.value}")
    if view.factor > 1:
        t.append(f", {_DOUBLED[view.factor]} ×{view.factor} = {c.value * view.factor}")
    t.append(")")
    if c.solo:
        t.append(", played alone")
    if not c.trumps:
        t.append(", no trumps" + (" (10 K Q J A)" if c.name == "zehnergang" else ""))
    out.append(t)
    if view.phase == PH_DOUBLING and view.bidding:
        word = _DOUBLED.get(view.factor * 2, "")
        out.append(Text(f"Doubling: {word} or pass", style="dim"))
    for p in range(len(names)):
        if p in view.active or view.phase == PH_OVER:
            continue
        if view.known[p]:
            out.append(Text(f"{names[p]}'s cards, face up: ").append_text(
                cards_text(sorted(_bits(view.known[p])), view.trump)))
        else:  # face down (rules/bauernschnapsen.md#the-auction): only he knows them
            out.append(Text(f"{names[p]} sits out, his cards face down", style="dim"))
    for side, mask in enumerate(view.first_tricks):
        if mask:
            who = " and ".join(names[p] for p in range(len(names))
                               if (view.rules or view.game.rules).sides[p] == side)
            out.append(Text(f"First trick of {who}: ", style="dim").append_text(
                cards_text(sorted(_bits(mask)), view.trump)))
    return out


def _bits(mask: int) -> list[int]:
    return [c for c in range(64) if (mask >> c) & 1]
