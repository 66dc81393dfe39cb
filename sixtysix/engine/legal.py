"""The one parameterised legal-play rule (rules/index.md#what-the-games-share), and the trick winner.

Both work on bitmasks: ``beats[c]`` is the set of cards of c's suit that rank above c.

>>> from sixtysix.cards import parse_cards, parse_card, mask_str
>>> from sixtysix.engine.rules import Rules, STRICT2
>>> from sixtysix.cards import PACK_24
>>> beats = Rules(pack=PACK_24).beats_table(trump=2)
>>> hand = parse_cards("9S KS AH 9D")
>>> mask_str(legal_follow(hand, [parse_card("QS")], [0, 1], (0, 1), 2, STRICT2, beats))
'KS'
>>> mask_str(legal_follow(hand, [parse_card("AC")], [0, 1], (0, 1), 2, STRICT2, beats))
'AH'
"""

from __future__ import annotations

from ..cards import JACK, SUIT_MASK
from .rules import FOLLOW_ONLY, FOLLOW_OR_TRUMP, FOLLOW_TRUMP, FREE, STRICT2

__all__ = ["legal_follow", "trick_winner"]


def legal_follow(hand: int, trick: list[int], seats: list[int], sides: tuple[int, ...],
                 trump: int, mode: int, beats: tuple[int, ...],
                 must_beat_partner: bool = True,
                 must_trump_when_cannot_overtrump: bool = True,
                 trump_jack_free: bool = False) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (not empty) under follow rule ``mode``.

    ``seats[i]`` played ``trick[i]``; the follower is ``seats[len(trick)]``.

    ``trump_jack_free`` is Terts' privilege (rules/terts.md#play): the trump jack is never forced and
    always playable. Where the obligations allow exactly the trump jack, any card may be played;
    otherwise the trump jack is added to what they allow.

    >>> from sixtysix.cards import PACK_32, parse_card, parse_cards, mask_str
    >>> from sixtysix.engine.rules import Rules
    >>> b = Rules(pack=PACK_32, trump_order=(4, 5, 0, 1, 2, 3, 6, 7)).beats_table(trump=3)
    >>> hand = parse_cards("JS 8S AH")  # spades trumps; the 9 of spades is led
    >>> mask_str(legal_follow(hand, [parse_card("9S")], [0, 1], (0, 1), 3, STRICT2, b))
    'JS'
    >>> mask_str(legal_follow(hand, [parse_card("9S")], [0, 1], (0, 1), 3, STRICT2, b,
    ...                       trump_jack_free=True))
    'AH 8S JS'
    """
    if mode == FREE:
        return hand
    if trump_jack_free and trump >= 0:
        jack = hand & (1 << (trump * 8 + JACK))
        if jack:
            allowed = legal_follow(hand, trick, seats, sides, trump, mode, beats,
                                   must_beat_partner, must_trump_when_cannot_overtrump)
            return hand if allowed == jack else allowed | jack
    led = trick[0]
    led_suit = (led >> 3) & 3
    suit_led = SUIT_MASK[led_suit]  # (the masks go to locals, which the compiled core types)
    same = hand & suit_led
    if mode == FOLLOW_ONLY:
        return same or hand
    trump_suit = SUIT_MASK[trump] if trump >= 0 else 0
    trumps = hand & trump_suit
    if mode == FOLLOW_OR_TRUMP:
        return same or trumps or hand
    if mode == STRICT2:
        if same:
            above = beats[led]
            return same & above or same
        return trumps or hand
    if mode == FOLLOW_TRUMP:
        # Seed 002's literal Four-Hand rule: try to win only when trumps were led.
        if same:
            if led_suit == trump:
                w = trick[trick_winner(trick, trump, beats)]
                return same & beats[w] or same
            return same
        return trumps or hand
    # STRICT_MULTI: the obligations depend on the card now winning the trick.
    w = trick_winner(trick, trump, beats)
    win_card = trick[w]
    if not must_beat_partner and sides[seats[w]] == sides[seats[len(trick)]]:
        # Partner is winning (rules/index.md#what-the-games-share): follow suit, else trump, but need not beat
        # him.
        return same or trumps or hand
    return _strict_multi(hand, same, trumps, led_suit, win_card, (win_card >> 3) & 3, trump,
                         beats, must_trump_when_cannot_overtrump)


def _strict_multi(hand: int, same: int, trumps: int, led_suit: int, win_card: int,
                  win_suit: int, trump: int, beats: tuple[int, ...],
                  must_trump_when_cannot_overtrump: bool) -> int:
    if same:
        if win_suit == led_suit:
            return same & beats[win_card] or same
        return same  # already ruffed: any card of the suit led
    if trumps:
        if win_suit == trump:
            over = trumps & beats[win_card]
            if over:
                return over
            return trumps if must_trump_when_cannot_overtrump else hand
        return trumps
    return hand


def trick_winner(trick: list[int], trump: int, beats: tuple[int, ...]) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest of the suit led.

    Between identical cards (double pack) the one played first wins, since neither beats the other.
    """
    w = 0
    wc = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if (c >> 3) & 3 == (wc >> 3) & 3:
            if (beats[wc] >> c) & 1:
                w, wc = i, c
        elif (c >> 3) & 3 == trump:
            w, wc = i, c
    return w
