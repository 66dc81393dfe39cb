"""A computer player for sixtysix, from the docs' "Writing a bot": takes tricks cheaply."""

from __future__ import annotations

import random

from sixtysix.bots import Limit, Param
from sixtysix.engine import View
from sixtysix.engine.actions import ActionKind, card_of, is_play, kind


class Greedy:
    """Declares marriages, leads its best card, takes tricks cheaply, else throws its cheapest."""

    name = "greedy"
    # Every keyword parameter is declared here, with its type and range: the command line
    # passes it as text (greedy:marry=false) and sixtysix checks it before building the bot.
    params = (Param("marry", bool, help="declare a marriage whenever one is legal"),)

    def __init__(self, marry: bool = True) -> None:
        self.marry = marry

    def choose(self, view: View, rng: random.Random, limit: Limit | None = None) -> int:
        # Card points and ranks with this trump (view.trump is -1 where none is named, as in
        # Bauernschnapsen's Bettler and Gang: any suit's table then ranks the cards of a suit).
        values, beats = view.game.rules.tables[max(view.trump, 0)]
        marriages = [a for a in view.legal if kind(a) is ActionKind.MARRY]
        if self.marry and marriages:  # leads a card of the marriage and scores its points
            return max(marriages, key=lambda a: values[card_of(a)])
        cards = [a for a in view.legal if is_play(a)]
        if not cards:  # naming trumps, bidding, drawing, ...: anything legal
            return rng.choice(view.legal)
        if not view.trick:  # leading: the most valuable card
            return max(cards, key=lambda a: values[card_of(a)])
        led = view.trick[0][1]  # the card led: (seat, card) pairs, in the order played

        def beats_led(card: int) -> bool:
            same_suit_higher = (beats[led] >> card) & 1
            trumps_it = view.trump >= 0 and card >> 3 & 3 == view.trump != led >> 3 & 3
            return bool(same_suit_higher or trumps_it)

        winners = [a for a in cards if beats_led(card_of(a))]
        return min(winners or cards, key=lambda a: values[card_of(a)])
