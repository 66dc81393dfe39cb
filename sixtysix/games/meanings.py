"""What each rule option means, in a line: ``sixtysix options GAME`` prints it, and the
rules pages of docs/ hold the same words (a test keeps them equal)."""

from __future__ import annotations

__all__ = ["MEANINGS", "meaning"]

MEANINGS: dict[str, dict[str, str]] = {
    'sixty-six': {
        'next_dealer': 'who deals the next hand',
        'phase2_follow': 'once the stock is gone: beat if possible, or only follow suit',
        'nine_exchange_timing': 'the trump-nine exchange only when about to lead, or also while following',
        'nine_exchange_needs_trick': 'the exchange needs a trick already won',
        'nine_exchange_on_close': 'who may still exchange when the stock is closed',
        'first_trick_marriage': ("a marriage before one's first trick counts once any trick "
                                 'is won, or only if that very trick is won'),
        'marriages_after_close': 'marriages allowed once the stock is closed or exhausted',
        'show_marriage_to_go_out': 'showing a marriage to reach 66 and claiming without leading',
        'close_requires': 'what the closer needs besides the lead',
        'close_before_draw_allowed': 'the trick winner may close before anyone draws',
        'close_min_stock': 'face-down cards the stock must hold to be closed',
        'claim_timing': 'when a claim may be made',
        'false_claim_penalty': 'what a false claim costs',
        'closed_win_measured_at': ("a closer's win graded on the opponent's final count or his "
                                   'count at the close'),
        'closer_beaten_flat_2': 'a failed close always costs 2',
        'unclaimed_end': "a played-out hand: the old texts' rule, or the higher total wins",
        'draw_bonus': 'a drawn hand carries a bonus game point',
        'draw_bonus_accumulates': 'bonuses of drawn hands in a row add up',
        'target': 'game points that win the match',
        'shutout_counts_double': 'a 7–0 match counts double',
        'auto_claim': 'the engine claims for a player as soon as he may (for bots and casual play)',
    },
    'schnapsen': {
        'jack_exchange_needs_trick': 'the trump-jack exchange needs a trick already won',
        'exchange_min_talon': 'talon size (trump card included) needed to exchange',
        'close_min_talon': 'talon size (trump card included) needed to close',
        'close_requires': 'what the closer needs besides the lead',
        'marriage_before_first_trick': ("a marriage may be declared before one's first trick "
                                        '(pending until one is won)'),
        'marriages_after_close': 'marriages allowed once the talon is closed or exhausted',
        'false_claim_penalty': 'what a false claim costs',
        'last_trick_rule': 'a played-out hand: the last trick wins 1, or 1/2/3 graded',
        'start_score': "where each player's count starts",
        'schneider_bummerl': 'a loser who never scored gets two Bummerl',
        'next_dealer': 'who deals the next hand',
        'auto_claim': 'the engine claims for a player as soon as he may',
    },
    'three-hand-sixty-six': {
        'dealer_copies_bonus': "the dealer's copy includes a carried bonus point",
        'dealer_cap': 'the most the dealer can reach by copying',
        'playoff': 'after the first winner, the other two play on for second place',
    },
    'three-player-sixty-six': {
        'trump_must_be_held': 'forehand may only name a suit among his first three cards',
        'marriage_needs_trick': 'a marriage counts only if the declarer takes a trick',
        'tie_rule': 'tied winners: nobody pays, or each collects from the others',
        'hands': 'hands in a match',
        'starting_chips': "each player's chips at the start",
    },
    'four-hand-sixty-six': {
        'variant': "the American 32-card game, or pagat's 24-card game with marriages and claims",
        'follow_rule': 'must win whenever possible, or only when trumps are led',
        'must_trump_when_cannot_overtrump': 'a void player who cannot over-trump must still trump',
        'ten_of_trumps_bonus': 'winning the ten of trumps scores a game point',
        'draw_bonus': 'a 65–65 hand carries a bonus point',
        'draw_bonus_accumulates': 'bonuses of drawn hands in a row add up',
        'target': 'game points that win the match',
    },
    'north-american-sixty-six': {
        'players': 'seats at the table; four play in two partnerships',
        'min_bid': 'the lowest bid, in units',
        'max_bid': 'the highest bid; `null`: 5 with partners, 4 without',
        'all_pass': 'when all the others pass: the dealer must bid, or may pass and the hand is void',
        'unit': 'points in a unit',
        'last_trick_bonus': 'points for the last trick',
        'target': 'units that win the match',
        'deal_all': 'every card is dealt; there is no other value',
        'marriage_needs_trick': "a marriage counts only once the declarer's side has taken a trick",
    },
    'bauernschnapsen': {
        'trump_contracts_solo': 'the declarer of a Schnapser or Bauernschnapser contract plays alone',
        'enough_by_defenders': "either side may claim Genug in the Normal game, or only the declarer's",
        'false_enough': "a false Genug gives the opponents 1–3 on the claimant's count, or 2",
        'must_beat_partner': "beat the partner's winning card too, or only follow suit and trump",
        'retourschneider': 'losing after leading 23–0 counts four Bummerl',
        'target': 'game points that win the match',
        'score_direction': 'count game points up to the target, or down from it',
        'first_trick_visible': "each side's first trick stays face up",
        'allow_knock_deal': 'R chooses cut or knock; off: always dealt three and two, no choice',
        'solo_partner_open': "[R] a solo declarer's partner lays his cards face up, not face down",
    },
    'gaigel': {
        'low_rank': 'the low card of the pack (a string; the number 7 is refused)',
        'direction': 'how the players sit; seats are numbered in the order of play either way',
        'opening': 'forehand opens trick 1 with an opening, or leads any card',
        'auf_dissle_award': 'game points of Auf Dissle, and of five low cards under `"instant_win"`',
        'last_trick_bonus': 'points for the last trick',
        'partner_may_meld': "the leader may `defer` to his partner's meld",
        'melds_in_phase2': 'melds are allowed once the stock is gone',
        'five_low': 'five low cards are a meld of 111, or win the hand',
        'rob_requires_team_trick': "robbing the turn-up needs a trick won by one's side",
        'gaigel_test': 'what makes a knock a Gaigel',
        'overplayed_loses': 'reaching 101 without knocking loses 2',
        'match': 'play to a number of game points, or a number of hands',
        'target': 'game points that win the match',
        'deals': 'hands in a match of `match="deals"`',
    },
    'terts': {
        'values': 'card values',
        'next_leader': 'who leads (and deals) the next hand',
        'phase1_follow': 'obligations while the stock lasts',
        'trump_jack_free': 'the trump jack is never forced and always playable',
        'dix_before_first_trick': 'the dix is allowed before trick 1',
        'melds_need_trick': 'combinations and bella count only once the player takes a trick',
        'loser_side_extra': 'a winning responder also scores his other combinations',
        'target': 'the running total that wins',
        'tie_break': 'both past the target with equal totals',
    },
}
"""Game id -> option name -> its meaning (Three-Hand also takes those of Sixty-Six)."""


def meaning(game_id: str, option: str, lang: str = "en") -> str:
    """The meaning of ``option`` in ``game_id`` ("" where none is written), in English or, with
    ``lang="de"``, in German (``meanings_de``)."""
    table = MEANINGS
    if lang == "de":
        from .meanings_de import MEANINGS as table
    rows = table.get(game_id, {})
    if option not in rows and game_id == "three-hand-sixty-six":
        rows = table["sixty-six"]
    return rows.get(option, "")
