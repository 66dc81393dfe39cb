"""Terts (rules/terts.md): every edge case of §9.8 on explicit deals, worked out by hand, and the
options of rules/terts.md#options.

Most positions are reached by ``scripted``: seat 0 (the non-dealer) leads the 7 tricks of the
stock and wins each (seat 1 discards a lower card or another plain suit), drawing first, so the
hands at trick 8 are exactly the ones a test asks for.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from games_util import act, cards, hand_of, legal, make_deal, state

import sixtysix
from sixtysix.cards import PACK_32, card_str, parse_card, parse_cards
from sixtysix.engine.actions import ANNOUNCE, EXCHANGE, action_str, parse_action
from sixtysix.engine.legal import legal_follow, trick_winner
from sixtysix.engine.match import Match
from sixtysix.engine.phases import PH_ANSWER, PH_PLAY
from sixtysix.engine.phases.announce import eligible
from sixtysix.engine.rules import FOLLOW_OR_TRUMP, STRICT2
from sixtysix.engine.state import Deal, State
from sixtysix.errors import IllegalActionError, OptionError
from sixtysix.games import make_game
from sixtysix.games.terts import Terts

C, D, H, S = range(4)


def match(h0: str, h1: str, turnup: str, stock: str = "", *, dealer: int = 1,
          **options: Any) -> Match:
    m = Match(make_game("terts", options), dealer=dealer)
    m.deal_hand(deal=make_deal(PACK_32, [h0, h1], turnup, stock))
    return m


def scripted(h0: str, h1: str, turnup: str) -> tuple[Deal, list[str]]:
    """A deal and the 7 phase-1 tricks after which seat 0 holds ``h0`` and seat 1 ``h1`` (with
    the turn-up, which seat 1 draws last). The first two cards of each are held from the deal;
    seat 0 wins every trick, so he leads trick 8."""
    h0f, h1f, up = cards(h0), cards(h1), parse_card(turnup)
    assert len(h0f) == len(h1f) == 9 and up in h1f
    trump = up >> 3
    beats = make_game("terts").rules.beats_table(trump)
    rest = [c for c in range(32) if c not in h0f and c not in h1f]
    trumps = [c for c in rest if c >> 3 == trump]
    plain = [c for c in rest if c >> 3 != trump]
    rng = random.Random(0)
    for _ in range(2000):
        rng.shuffle(plain)
        leads = trumps + plain[:7 - len(trumps)]
        discards = plain[7 - len(trumps):]
        pairs = _pairing(leads, discards, trump, beats)
        if pairs is not None:
            break
    else:
        raise AssertionError("no phase-1 script for these hands")
    drawn0 = list(h0f[2:])
    drawn1 = [c for c in h1f[2:] if c != up]
    stock = []
    for k in range(7):
        stock.append(drawn0[k])
        if k < 6:
            stock.append(drawn1[k])
    deal = Deal(hands=(tuple(leads) + h0f[:2], tuple(discards) + h1f[:2]), turnup=up,
                stock=tuple(stock))
    return deal, [f"{card_str(a)} / {card_str(b)}" for a, b in pairs]


def _pairing(leads: list[int], discards: list[int], trump: int,
             beats: tuple[int, ...]) -> list[tuple[int, int]] | None:
    """Each lead matched with a discard that loses to it (Kuhn's augmenting paths)."""
    match_of: dict[int, int] = {}

    def ok(lead: int, d: int) -> bool:
        return trick_winner([lead, d], trump, beats) == 0

    def augment(lead: int, seen: set[int]) -> bool:
        for d in discards:
            if d not in seen and ok(lead, d):
                seen.add(d)
                if d not in match_of or augment(match_of[d], seen):
                    match_of[d] = lead
                    return True
        return False

    for lead in leads:
        if not augment(lead, set()):
            return None
    by_lead = {lead: d for d, lead in match_of.items()}
    return [(lead, by_lead[lead]) for lead in leads]


def phase2(h0: str, h1: str, turnup: str, **options: Any) -> Match:
    """A match at trick 8 with seat 0 to lead ``h0`` against ``h1``."""
    deal, tricks = scripted(h0, h1, turnup)
    m = Match(make_game("terts", options), dealer=1)
    m.deal_hand(deal=deal)
    act(m, *tricks)
    s = m.hand
    assert s is not None and s.trick_no == 7 and not s.turnup_up and s.to_act == 0
    assert hand_of(s, 0) == set(h0.split()) and hand_of(s, 1) == set(h1.split())
    return m


def plays(m: Match | State) -> set[str]:
    return {t[5:] for t in legal(m) if t.startswith("play ")}


def announces(m: Match | State) -> set[str]:
    return {t for t in legal(m) if t.startswith("announce")}


# ---------------------------------------------------------------------- 1. totals


def test_totals_seed_and_klaberjass() -> None:
    # §9.8.1. Seed: a plain suit A 11 + T 10 + K 3 + Q 2 + J 1 = 27, three of them 81; trumps
    # A 11 + T 10 + K 3 + Q 2 + J 20 + 9 13 = 59; 81 + 59 = 140, and 150 with the last trick.
    # Klaberjass: a plain suit 11 + 10 + 4 + 3 + 2 = 30 (×3 = 90); trumps 11 + 10 + 4 + 3 + 20 +
    # 14 = 62; 152, and 162 with the last trick.
    for values, total in (("seed", 140), ("klaberjass", 152)):
        g = make_game("terts", {"values": values})
        for trump in range(4):
            assert sum(g.rules.value_table(trump)[c] for c in range(32)) == total
        # Whole hands played at random without melds: the two hand scores add up to total + 10.
        rng = random.Random(values)
        for _ in range(5):
            m = Match(g, dealer=rng.randrange(2))
            s = m.deal_hand(rng=rng)
            while not s.over:
                acts = [a for a in s.legal_actions() if a < 64 or a == EXCHANGE]
                m.apply(rng.choice(acts))
            assert s.trick_no == 16 and sum(s.tricks) == 16
            assert sum(s.points) == total + 10 and s.melds == [0, 0]


def test_values_of_the_trump_jack_and_nine() -> None:
    seed = make_game("terts").rules.value_table(S)
    kl = make_game("terts", {"values": "klaberjass"}).rules.value_table(S)
    assert [seed[parse_card(c)] for c in ("JS", "9S", "JH", "9H", "KS", "QS")] == [20, 13, 1, 0, 3, 2]
    assert [kl[parse_card(c)] for c in ("JS", "9S", "JH", "9H", "KH", "QH")] == [20, 14, 2, 0, 4, 3]


# ---------------------------------------------------------------------- 2. trump order


def test_trump_order() -> None:
    # §9.8.2: trumps rank J 9 A T K Q 8 7; plain suits A T K Q J 9 8 7.
    beats = make_game("terts").rules.beats_table(S)
    cs = list(cards("JS 9S AS TS KS QS 8S 7S"))
    for i, hi in enumerate(cs):
        for lo in cs[i + 1:]:
            assert trick_winner([lo, hi], S, beats) == 1 and trick_winner([hi, lo], S, beats) == 0
    plain = list(cards("AH TH KH QH JH 9H 8H 7H"))
    for i, hi in enumerate(plain):
        for lo in plain[i + 1:]:
            assert trick_winner([lo, hi], S, beats) == 1
    # In play: seat 0 leads AS, seat 1's 9S takes it: 11 + 13 = 24 to seat 1. Seat 1 leads AD,
    # seat 0 takes it with the JS: 11 + 20 = 31.
    m = match("AS JS QD 9C 7H 8D TC 7C 8H", "9S KH AD KD 9H JH AC 8C 7D", "8S")
    act(m, "AS / 9S")
    assert state(m).points == [0, 24] and state(m).to_act == 1
    act(m, "AD / JS")
    assert state(m).points == [31, 24]


# ---------------------------------------------------------------------- 3. phase 1


def test_phase1_free_and_follow_then_trump() -> None:
    # §9.8.3: seat 1 holds hearts (9H JH) but may discard anything while the stock lasts.
    h0, h1 = "AH JS QD 9C 7H 8D TC 7C 8H", "9S KD AD 9H JH AC 8C 7D QS"
    m = match(h0, h1, "8S")
    act(m, "play AH")
    assert plays(m) == set(h1.split())
    act(m, "play 8C")  # a discard of a club: seat 0 wins 11 + 0
    assert state(m).points == [11, 0]
    # phase1_follow="follow_then_trump": he must follow with a heart ...
    m = match(h0, h1, "8S", phase1_follow="follow_then_trump")
    act(m, "play AH")
    assert plays(m) == {"9H", "JH"}  # either heart: no obligation to beat
    with pytest.raises(IllegalActionError, match="must follow suit"):
        m.apply("play 8C")
    # ... and void in the suit led, trump (any trump).
    m = match("AH JS QD 9C 7H 8D TC 7C 8H", "9S KD AD 9D JD AC 8C 7D QS", "8S",
              phase1_follow="follow_then_trump")
    act(m, "play AH")
    assert plays(m) == {"9S", "QS"}
    assert make_game("terts", {"phase1_follow": "follow_then_trump"}) \
        .rules.phase1_follow == FOLLOW_OR_TRUMP


# ---------------------------------------------------------------------- 4. phase 2


def test_phase2_must_beat_in_suit() -> None:
    # §9.8.4 first point. Seat 1 holds AH 7H: KH led, he must play the AH (the only higher heart).
    m = phase2("KH QH AD TD 8D 9D 8H 9S 7S", "AH 7H AC TC KC QC JC TS 8S", "8S")
    act(m, "play KH")
    assert plays(m) == {"AH"}
    with pytest.raises(IllegalActionError, match="must beat"):
        m.apply("play 7H")
    # Seat 1 wins with the AH and leads AC; seat 0 holds no club but 9S 7S.
    act(m, "play AH", "play AC")
    assert plays(m) == {"9S", "7S"}  # §9.8.4 second point: void, he must trump
    with pytest.raises(IllegalActionError, match="must trump"):
        m.apply("play AD")


def test_phase2_must_overtrump() -> None:
    # §9.8.4 third point: KS (trump) led; seat 1 holds AS, 8S: A > K, so AS only.
    m = phase2("KS QH 9C 8C AD TD 8D 9H 7H", "AS 8S AC TC KC QC JC TH 7S", "7S")
    act(m, "play KS")
    assert plays(m) == {"AS"}
    # Trump led that he cannot beat: any trump (8S, 7S).
    m = phase2("9S QH 9C 8C AD TD 8D 9H 7H", "AS 8S AC TC KC QC JC TH 7S", "7S")
    act(m, "play 9S")
    assert plays(m) == {"AS", "8S", "7S"}


def test_trump_jack_privilege() -> None:
    # §9.8.4 fourth point: seat 1 is void in clubs and his only trump is the JS (the turn-up he
    # drew last): the obligation allows exactly the jack, so any card may be played.
    m = phase2("AC QH 9C 8C AD TD 8D 9H 7H", "KH 7D QD 9D AH TH KD JD JS", "JS")
    act(m, "play AC")
    assert plays(m) == {"KH", "7D", "QD", "9D", "AH", "TH", "KD", "JD", "JS"}
    # Without the privilege he must play the jack.
    m = phase2("AC QH 9C 8C AD TD 8D 9H 7H", "KH 7D QD 9D AH TH KD JD JS", "JS",
               trump_jack_free=False)
    act(m, "play AC")
    assert plays(m) == {"JS"}
    # Fifth point: 9S led; the JS is his only higher trump, and he holds 8S 7S too: any card.
    m = phase2("9S QH 9C 8C AD TD 8D 9H 7H", "8S 7S KH QD AH TH KD JD JS", "JS")
    act(m, "play 9S")
    assert plays(m) == {"8S", "7S", "KH", "QD", "AH", "TH", "KD", "JD", "JS"}
    # Following suit with a higher card available: the jack is added to what he must play.
    m = phase2("KH QH 9C 8C AD TD 8D 9H 7H", "AH 7D AC TC KC QC JC JS 8S", "8S")
    act(m, "play KH")
    assert plays(m) == {"AH", "JS"}


def test_legal_follow_trump_jack_parameter_alone() -> None:
    # The privilege as a parameter of the one legal-play function (rules/index.md#what-the-games-share).
    beats = make_game("terts").rules.beats_table(H)  # hearts trumps

    def follow(hand: str, led: str, free: bool) -> set[str]:
        allowed = legal_follow(parse_cards(hand), [parse_card(led)], [0, 1], (0, 1), H,
                               STRICT2, beats, trump_jack_free=free)
        return {card_str(c) for c in range(32) if (allowed >> c) & 1}

    assert follow("JH AC 7S", "KC", False) == {"AC"}           # beat in suit
    assert follow("JH AC 7S", "KC", True) == {"AC", "JH"}      # the jack is added
    assert follow("JH TC 7S", "AC", True) == {"TC", "JH"}      # follow, cannot beat; + jack
    assert follow("JH 7S 8D", "AC", False) == {"JH"}           # void: trump, only the jack
    assert follow("JH 7S 8D", "AC", True) == {"JH", "7S", "8D"}  # exactly the jack: anything
    assert follow("JH 8H 7S", "9H", False) == {"JH"}           # 9H led: only the jack beats
    assert follow("JH 8H 7S", "9H", True) == {"JH", "8H", "7S"}  # exactly the jack: anything
    assert follow("JH AH 7S", "8H", True) == {"AH", "JH"}      # AH beats 8H too
    assert follow("8H AC 7S", "KC", True) == {"AC"}            # no jack held: no change


# ---------------------------------------------------------------------- 5. the dix


def test_dix_timing() -> None:
    # §9.8.5. Seat 1 keeps the 7S from the deal (trumps spades, turn-up AS).
    h0 = "KH QH 9C 8C AD TD 8D 9H 7H"
    h1 = "7S 8S AC TC KC QC JC TH AS"
    deal, tricks = scripted(h0, h1, "AS")
    m = Match(make_game("terts"), dealer=1)
    m.deal_hand(deal=deal)
    s = state(m)
    # Before trick 1, following: rejected by default.
    lead, reply = tricks[0].split(" / ")
    act(m, "play " + lead)
    assert "exchange" not in legal(m)
    with pytest.raises(IllegalActionError, match="from the end of the first trick"):
        m.apply("exchange")
    act(m, "play " + reply)
    # Trick 2, by the follower before he plays: allowed.
    act(m, "play " + tricks[1].split(" / ")[0])
    assert "exchange" in legal(m)
    act(m, "play " + tricks[1].split(" / ")[1], *tricks[2:6])
    # Trick 7, after the 6th draw: one face-down card and the turn-up left. Allowed.
    assert s.trick_no == 6 and s.facedown == 1 and s.turnup_up
    act(m, "play " + tricks[6].split(" / ")[0])
    assert "exchange" in legal(m)
    act(m, "play " + tricks[6].split(" / ")[1])
    # After the 7th draw (seat 1 took the turn-up): rejected.
    assert not s.turnup_up and "AS" in hand_of(s, 1) and "7S" in hand_of(s, 1)
    act(m, "play KH")
    with pytest.raises(IllegalActionError, match="no longer possible"):
        m.apply("exchange")


def test_dix_swaps_and_before_first_trick_option() -> None:
    h0 = "7S KH QH 9C 8C AD TD 8D 9H"
    h1 = "AC TC KC QC JC TH 8S 7H AS"
    deal, tricks = scripted(h0, h1, "AS")
    # dix_before_first_trick: the leader may exchange before his first lead.
    m = Match(make_game("terts", {"dix_before_first_trick": True}), dealer=1)
    m.deal_hand(deal=deal)
    assert "exchange" in legal(m)
    act(m, "exchange")
    s = state(m)
    assert "AS" in hand_of(s, 0) and "7S" not in hand_of(s, 0)
    assert card_str(s.turnup) == "7S" and s.turnup_up  # the 7 lies in its place, drawn last
    assert "exchange" not in legal(m)  # it scores nothing and happens once
    assert s.points == [0, 0]
    # By default the leader may not before trick 1, but may at trick 2.
    m = Match(make_game("terts"), dealer=1)
    m.deal_hand(deal=deal)
    assert "exchange" not in legal(m)
    act(m, tricks[0])
    assert "exchange" in legal(m)


def test_no_dix_when_the_turnup_is_the_seven() -> None:
    m = match("AH JS QD 9C 7H 8D TC 7C 8H", "9S KD AD 9H JH AC 8C 7D QS", "7S")
    act(m, "AH / 8C")
    with pytest.raises(IllegalActionError, match="itself"):
        m.apply("exchange")


# ---------------------------------------------------------------------- 6. comparison


def test_announcer_scores_when_the_answer_does_not_outrank() -> None:
    # §9.8.6 first point. Seat 0 announces KQJ♠ (tertz, 20; top K). Seat 1's best is T98♥
    # (tertz, top T): it does not outrank, so he must pass; seat 0 also scores his disjoint
    # 987♣ (20): 40.
    m = match("KS QS JS 9C 8C 7C AD 8D 7D", "TH 9H 8H AC KD QD 9D AH 7S", "TD", dealer=1)
    assert "announce KS QS JS" in legal(m)
    act(m, "announce KS QS JS")
    s = state(m)
    assert s.phase == PH_ANSWER and s.to_act == 1
    assert legal(m) == ["pass"]
    with pytest.raises(IllegalActionError, match="does not outrank"):
        m.apply("show TH 9H 8H")
    act(m, "pass")
    assert s.points == [40, 0] and s.melds == [40, 0]
    assert s.phase == PH_PLAY and s.to_act == 0
    # The announcer goes on with his turn: no second announcement, then his card.
    assert not announces(m) and "play KS" in legal(m)


def test_responder_shows_four_queens() -> None:
    # Second point: seat 0 announces JT9♠ (20); seat 1 shows four queens (100): he scores 100,
    # seat 0 nothing.
    m = match("JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS KD 9D 7H AC TH", "TD")
    act(m, "announce TS JS 9S")
    assert legal(m) == ["show QC QD QH QS", "pass"]
    act(m, "show QS QH QD QC")
    s = state(m)
    assert s.points == [0, 100] and s.melds == [0, 100]
    assert s.to_act == 0 and s.phase == PH_PLAY
    # The shown cards are public now: seat 0's view knows them in seat 1's hand.
    assert s.view(0).known[1] == parse_cards("QC QD QH QS")
    with pytest.raises(IllegalActionError, match="nothing has been announced"):
        m.apply("pass")
    with pytest.raises(IllegalActionError, match="nothing has been announced"):
        m.apply("show QC QD QH QS")
    # A responder may also pass: then the announcer scores.
    m = match("JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS KD 9D 7H AC TH", "TD")
    act(m, "announce TS JS 9S", "pass")
    assert state(m).points == [20, 0]


def test_exact_tie_goes_to_the_announcer() -> None:
    # Third point: KQJ♠ announced, seat 1's best is KQJ♥: same class, length and top; trumps
    # (hearts) carry no priority. He cannot show; seat 0 scores 20.
    m = match("KS QS JS 9C 8C AD 8D 7D AH", "KH QH JH AC TD 9D 7H 7C 8S", "8H")
    act(m, "announce KS QS JS")
    assert legal(m) == ["pass"]
    with pytest.raises(IllegalActionError):
        m.apply("show KH QH JH")
    act(m, "pass")
    assert state(m).points == [20, 0]


def test_only_the_best_may_be_shown_and_a_scored_best_wins_for_nothing() -> None:
    # Fourth point. Seat 1 holds four queens and KQJ♥; seat 0 announces JT9♠ (20).
    h0, h1 = "JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS KH JH 9D 7H AC"
    m = match(h0, h1, "TC")
    act(m, "announce TS JS 9S")
    assert legal(m) == ["show QC QD QH QS", "pass"]
    with pytest.raises(IllegalActionError, match="only your best"):
        m.apply("show KH QH JH")
    # Seat 1 announces his four queens first, at his own turn (following AD): 100, and seat 0
    # passes. Next trick seat 0 announces JT9♠: seat 1's best is still the four queens, already
    # scored: they win the comparison and score nothing; seat 0 scores nothing either.
    m = match(h0, h1, "TC")
    act(m, "play AD", "announce QC QD QH QS", "pass", "play 9D")
    s = state(m)
    assert s.points == [11, 100]  # AD + 9D (clubs are trumps): 11 + 0 to seat 0
    assert s.to_act == 0
    act(m, "announce TS JS 9S")
    assert legal(m) == ["show QC QD QH QS", "pass"]
    act(m, "show QC QD QH QS")
    assert s.points == [11, 100] and s.melds == [0, 100]


def test_automatic_extras_best_first_without_shared_cards() -> None:
    # §9.8.6 fifth point. Seat 0 announces 987♥ (20); seat 1 holds nothing and passes. His other
    # combinations, best first: four kings (100) are taken; AKQ♠ (20) shares the KS with them
    # and is left out: 20 + 100 = 120 (worst first would have given 20 + 20 = 40).
    m = match("KC KD KH KS AS QS 9H 8H 7H", "AC TC QC 9C AD TD QD 9D 8S", "7D")
    act(m, "announce 9H 8H 7H")
    assert legal(m) == ["pass"]
    act(m, "pass")
    s = state(m)
    assert s.points == [120, 0]
    assert [action_str(ANNOUNCE + j) for _, j in s.scored] == [
        "announce 9H 8H 7H", "announce KC KD KH KS"]
    # QJT♠ announced from KQJT♠ does not also score KQJ♠ or KQJT♠: 20 only.
    m = match("KS QS JS TS 8C 7C AD 8D 7D", "AC TC QC 9C AH TH QH 9H 8S", "9D")
    act(m, "announce QS JS TS", "pass")
    assert state(m).points == [20, 0] and len(state(m).scored) == 1


def test_loser_side_extra_for_the_responder() -> None:
    # With loser_side_extra, seat 1's winning four queens (100) bring his disjoint 987♥ (20):
    # 120. By default only the 100.
    h0, h1 = "JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS 9H 8H 7H AC TC"
    m = match(h0, h1, "KD", loser_side_extra=True)
    act(m, "announce TS JS 9S", "show QC QD QH QS")
    assert state(m).points == [0, 120]
    m = match(h0, h1, "KD")
    act(m, "announce TS JS 9S", "show QC QD QH QS")
    assert state(m).points == [0, 100]


# ---------------------------------------------------------------------- 7. progressive runs


def test_progressive_runs_and_the_reuse_rule() -> None:
    # §9.8.7: QJT♠ (20), then KQJ♠ (20: as long, higher top), then KQJT♠ (50: longer) are all
    # scored, one a turn; QJT♠ again is rejected. Seat 1 has no combination and passes.
    m = match("KS QS JS TS 8C 7C AD 8D 7D", "AC TC QC 9C AH TH QH 9H 8S", "9D")
    s = state(m)
    act(m, "announce QS JS TS", "pass", "7D / 8S")   # 20; the 7D (trump) takes the 8S: 0
    assert announces(m) == {"announce KS QS JS", "announce TS KS QS JS"}
    act(m, "announce KS QS JS", "pass", "8D / 9C")   # 20 + 20 = 40; 8D (trump) takes 9C: 0
    assert announces(m) == {"announce TS KS QS JS"}
    with pytest.raises(IllegalActionError, match="already been scored"):
        m.apply("announce QS JS TS")
    act(m, "announce TS KS QS JS", "pass")           # 40 + 50 = 90
    assert s.points == [90, 0] and s.melds == [90, 0]
    assert announces(m) == set()
    for text in ("announce TS KS QS JS", "announce KS QS JS", "announce QS JS TS"):
        assert not eligible(s, parse_action(text) - ANNOUNCE)


def test_reuse_example_of_the_rules() -> None:
    # rules/terts.md#combinations: after T987♠ (50) is scored, JT9♠ is illegal but JT98♠ and JT987♠ are legal.
    m = match("JS TS 9S 8S 7S AC KC AD KD", "AH TH QH 8H TC 9C 8C QD 9D", "7D")
    act(m, "announce TS 9S 8S 7S", "pass")
    assert state(m).points == [50, 0]  # no disjoint extra: every other run overlaps it
    act(m, "AC / 8C")                  # seat 0 wins 11 + 0 = 11
    assert state(m).points == [61, 0]
    assert announces(m) == {"announce TS JS 9S 8S", "announce TS JS 9S 8S 7S"}
    with pytest.raises(IllegalActionError, match="shares cards with the scored"):
        m.apply("announce TS JS 9S")


# ---------------------------------------------------------------------- 8, 9, 13. bella


def test_bella_is_absolute_and_not_the_turns_announcement() -> None:
    # §9.8.8: seat 0 declares the bella (KS QS, spades trumps) although seat 1 holds four jacks:
    # no answer, 20 at once, and the turn goes on.
    m = match("KS QS AH TH KH 8C 7C AD 8D", "JC JD JH JS 9C TC 9D 7D 7H", "9S")
    assert "bella" in legal(m)
    act(m, "bella")
    s = state(m)
    assert s.points == [20, 0] and s.phase == PH_PLAY and s.to_act == 0 and s.bella_by == 0
    assert "bella" not in legal(m)
    # Once a hand: after leading the KS he may not declare it again.
    act(m, "KS / 7D")
    assert "bella" not in legal(m)
    with pytest.raises(IllegalActionError, match="once a hand"):
        m.apply("bella")
    # The bella and an announcement in the same turn: KQJ♠ then bella.
    m = match("KS QS JS 9C 8C AD 8D 7D AH", "JC JD JH 7S TC 9D TD 7H 8H", "9S")
    act(m, "announce KS QS JS", "pass")
    assert "bella" in legal(m)
    act(m, "bella")
    assert state(m).points == [40, 0]


def test_bella_with_the_queen_after_playing_the_king() -> None:
    # §9.8.13: seat 0 leads the KS (trumps spades) without declaring; at his next turn he holds
    # only the QS, having played the K himself: the bella is still his. 3 (KS) + 0 (7D), + 20.
    m = match("KS QS AH TH 9H 8C 7C AD 8D", "JC JD 7H JS 9C TC 9D 7D 8H", "9S")
    act(m, "KS / 7D")
    assert "bella" in legal(m)
    act(m, "bella")
    assert state(m).points == [23, 0]
    # Seat 1 holding the QS after seat 0 played the KS: no bella for him.
    m = match("KS AH TH 9H 8C 7C AD 8D 7S", "QS JC JD 7H JS 9C TC 9D 7D", "9S")
    act(m, "play KS")
    assert "bella" not in legal(m)
    with pytest.raises(IllegalActionError, match="was not played by you"):
        m.apply("bella")


def test_one_announcement_per_card() -> None:
    # §9.8.9: after his announcement and the answer, seat 0 may not announce again before his
    # card (KQJ♠ won with 987♣ scored besides: 40).
    m = match("KS QS JS 9C 8C 7C AD 8D 7D", "TH 9H 8H AC KD QD 9D AH 7S", "TD")
    act(m, "announce KS QS JS", "pass")
    assert state(m).points == [40, 0]
    assert announces(m) == set()
    with pytest.raises(IllegalActionError, match="one announcement a turn"):
        m.apply("announce KS QS JS")
    # Following is a turn too: seat 1 may announce T98♥ before his card; seat 0's best, KQJ♠,
    # outranks it (top K above top T): he shows it and scores 20; seat 1 then plays.
    m = match("KS QS JS 9C 8C 7C AD 8D 7D", "TH 9H 8H AC KD QD 9D AH 7S", "TD")
    act(m, "play AD")
    assert announces(m) == {"announce TH 9H 8H"}
    act(m, "announce TH 9H 8H")
    assert legal(m) == ["show KS QS JS", "pass"]
    act(m, "show KS QS JS")
    s = state(m)
    assert s.points == [20, 0] and s.to_act == 1 and not announces(m)
    act(m, "play 7S")
    # Seat 0 won (AD 11) and drew TC (the stock's first card in pack order): at his next turn
    # he may announce again, T987♣ or its tertzes (KQJ♠ is scored).
    assert s.points == [31, 0] and "TC" in hand_of(s, 0)
    assert announces(m) == {"announce TC 9C 8C 7C", "announce TC 9C 8C", "announce 9C 8C 7C"}


# ---------------------------------------------------------------------- 12. could not score


def test_combinations_that_could_not_score_are_rejected() -> None:
    # §9.8.12. Four kings (100) scored; KQJ♠ shares the KS with them so it is not scored at
    # the same time, but overlaps no scored run and may be announced later.
    m = match("KC KD KH KS QS JS 8C 7C 8D", "AC TC QC 9C AH TH QH 9H 8S", "9D")
    act(m, "announce KC KD KH KS", "pass")
    assert state(m).points == [100, 0]
    act(m, "8D / 8S")                       # 8D (trump) takes 8S: 0
    assert announces(m) == {"announce KS QS JS"}
    with pytest.raises(IllegalActionError, match="already been scored"):
        m.apply("announce KC KD KH KS")
    with pytest.raises(IllegalActionError, match="not a combination"):
        m.apply("announce TC TD TH TS")
    with pytest.raises(IllegalActionError, match="do not hold"):
        m.apply("announce AC KC QC")
    act(m, "announce KS QS JS", "pass")     # 100 + 20
    assert state(m).points == [120, 0]


def test_same_run_again_is_rejected_next_turn() -> None:
    m = match("KS QS JS 9C 8C AD 8D 7D AH", "TH 9H 7H AC TC 9D TD 7S 8H", "7C")
    act(m, "announce KS QS JS", "pass", "AD / 7S")
    assert announces(m) == set()
    with pytest.raises(IllegalActionError, match="already been scored"):
        m.apply("announce KS QS JS")


# ---------------------------------------------------------------------- 10, 11, 15. match


def play_out(m: Match) -> State:
    """Finish the hand playing the first legal card each time (no melds)."""
    s = state(m)
    while not s.over:
        m.apply(next(a for a in s.legal_actions() if a < 64))
    return s


def test_running_totals_and_the_end_of_the_match() -> None:
    # §9.8.10. One deterministic hand gives (x0, x1) with x0 + x1 = 150 (no melds).
    def hand(before: list[int], **options: Any) -> tuple[Match, State]:
        m = Match(make_game("terts", options), dealer=1)
        m.score = list(before)
        m.deal_hand(seed=5)
        return m, play_out(m)

    m, s = hand([0, 0])
    x0, x1 = s.points
    assert x0 + x1 == 150 and m.score == [x0, x1] and not m.complete
    last = s.leader
    # Seat 0 reaches exactly 501, seat 1 stays below: seat 0 wins.
    m, _ = hand([501 - x0, 0])
    assert m.complete and m.winner == [0] and m.score == [501, x1]
    # Both cross in the same hand: the higher total wins (506 against 501).
    m, _ = hand([506 - x0, 501 - x1])
    assert m.complete and m.winner == [0] and m.score == [506, 501]
    m, _ = hand([501 - x0, 502 - x1])
    assert m.complete and m.winner == [1]
    # An exact tie (510 each): another hand is played by default ...
    m, _ = hand([510 - x0, 510 - x1])
    assert not m.complete and m.winner is None and m.score == [510, 510]
    m.deal_hand(seed=6)  # the next hand is dealt
    # ... or the last trick's winner takes the match.
    m, _ = hand([510 - x0, 510 - x1], tie_break="last_trick_winner")
    assert m.complete and m.winner == [last]
    # The target is an option.
    m, _ = hand([0, 0], target=max(x0, x1))
    assert m.complete and m.winner == [0 if x0 > x1 else 1]
    with pytest.raises(OptionError):
        make_game("terts", {"target": 0})


def test_match_end_only_when_the_hand_is_complete() -> None:
    # §9.8.15: seat 1 stands at 480 and takes 24 in the first trick (AS/9S): 504 in all, but the
    # match goes on until the 16th trick; then it ends at 480 + his hand score.
    m = Match(make_game("terts"), dealer=1)
    m.score = [0, 480]
    m.deal_hand(deal=make_deal(PACK_32, ["AS JS QD 9C 7H 8D TC 7C 8H",
                                         "9S KH AD KD 9H JH AC 8C 7D"], "8S"))
    act(m, "AS / 9S")
    s = state(m)
    assert s.points == [0, 24] and m.score == [0, 480] and not m.complete and m.in_hand
    play_out(m)
    assert m.complete and m.winner == [1] and m.score == [s.points[0], 480 + s.points[1]]


def test_next_hand_leader_is_the_last_trick_winner() -> None:
    # §9.8.11: the winner of the last trick leads the next hand; the other deals.
    for seed in range(4):
        m = Match(make_game("terts"), dealer=seed % 2)
        m.deal_hand(seed=seed)
        last = play_out(m).leader
        assert m.dealer == 1 - last
        assert m.deal_hand(seed=seed + 10).to_act == last
        m = Match(make_game("terts", {"next_leader": "last_trick_winner_deals"}), dealer=1)
        m.deal_hand(seed=seed)
        last = play_out(m).leader
        assert m.dealer == last
        assert m.deal_hand(seed=seed + 10).to_act == 1 - last


# ---------------------------------------------------------------------- 14. melds need a trick


def test_melds_need_trick_pending_then_credited() -> None:
    # §9.8.14: seat 1, still without a trick, announces T98♥ (20, seat 0 passes) and declares
    # the bella (20) while following: 40 pending. He takes the trick with the AC (11 + 0):
    # 11 + 40 = 51.
    m = match("8C 7C AD TD 9D 7S 8S TC QH", "TH 9H 8H AC KS QS 7D 8D 9C", "JS",
              melds_need_trick=True)
    act(m, "play 8C", "announce TH 9H 8H", "pass", "bella")
    s = state(m)
    assert s.points == [0, 0] and s.pending == [0, 40]
    act(m, "play AC")
    assert s.points == [0, 51] and s.pending == [0, 0] and s.melds == [0, 40]
    # By default they count at once.
    m = match("8C 7C AD TD 9D 7S 8S TC QH", "TH 9H 8H AC KS QS 7D 8D 9C", "JS")
    act(m, "play 8C", "announce TH 9H 8H", "pass", "bella")
    assert state(m).points == [0, 40]


def test_melds_need_trick_void_without_a_trick() -> None:
    # Seat 0 wins all 16 tricks: the 7 of the stock (scripted) and, holding J 9 A T K Q 8 of
    # trumps and two aces, the last 9. Seat 1's 987♥ and KQJ♦ (40) stay pending and are lost:
    # 150 (all 140 card points and the last trick) against 0.
    m = phase2("JS 9S AS TS KS QS 8S AH AC", "KD QD JD 9H 8H 7H TC 9C 7S", "7S",
               melds_need_trick=True)
    act(m, "play JS", "announce 9H 8H 7H", "pass")
    s = state(m)
    assert s.pending == [0, 40] and s.points[1] == 0
    play_out(m)
    assert s.tricks == [16, 0] and s.points == [150, 0] and s.pending == [0, 40]
    assert m.results[-1].game_points == (150, 0) and m.score == [150, 0]


# ---------------------------------------------------------------------- 16. text, records


def test_canonical_announcement_text() -> None:
    # §9.8.16: pack order A T K Q J 9 8 7 within a suit: K-Q-J-T♠ reads 'announce TS KS QS JS'.
    assert action_str(parse_action("announce KS QS JS TS")) == "announce TS KS QS JS"
    assert action_str(parse_action("Announce js ts ks qs")) == "announce TS KS QS JS"
    m = match("KS QS JS TS 8C 7C AD 8D 7D", "AC TC QC 9C AH TH QH 9H 8S", "9D")
    assert "announce TS KS QS JS" in sixtysix.records.legal_strings(state(m))


def test_first_lead_perft_by_hand() -> None:
    # Seat 0 to lead: 9 cards + announce KQJ♠ + announce 987♣ = 11 (no dix before trick 1, no
    # bella). Depth 2: after each of the 9 leads seat 1 may play any of his 9 cards, announce
    # T98♥ or declare the bella (KD QD, diamonds trumps): 11 each, 99; after 'announce KS QS JS'
    # his best T98♥ does not outrank: pass only (1); after 'announce 9C 8C 7C' T98♥ (top T)
    # outranks 987♣ (top 9): show or pass (2). 99 + 1 + 2 = 102.
    from games_util import perft
    m = match("KS QS JS 9C 8C 7C AD 8D 7D", "TH 9H 8H AC KD QD 9D AH 7S", "TD")
    assert perft(state(m), 1) == 11 and perft(state(m), 2) == 102


def test_replay_record_results() -> None:
    # records.md §6 for Terts: 'points' the hand score so far, 'game_points' the points added to
    # the running total, 'match.score' the running totals; 'next' offers the answer.
    deal = {"hands": [["KS", "QS", "JS", "9C", "8C", "7C", "AD", "8D", "7D"],
                      ["TH", "9H", "8H", "AC", "KD", "QD", "9D", "AH", "7S"]],
            "turnup": "TD",
            "stock": ["AS", "TS", "9S", "8S", "KH", "QH", "JH", "7H", "TC", "KC", "QC", "JC", "JD"]}
    rec = {"game": "terts", "hands": [{"dealer": 1, "deal": deal,
                                       "actions": ["announce 9C 8C 7C"]}]}
    out = sixtysix.replay(rec, legal=True)
    assert out["next"] == {"to_act": 1, "legal": ["pass", "show TH 9H 8H"]}
    rec["hands"][0]["actions"] += ["show TH 9H 8H", "play AD", "bella", "play 9D"]
    out = sixtysix.replay(rec, legal=True)
    # Seat 1: T98♥ 20 + bella 20 + the trick AD/9D (9D trump 13 + AD 11 = 24): 64.
    assert out["hands"][0] == {"complete": False, "points": [0, 64], "tricks": [0, 1],
                               "game_points": [0, 0], "end": None}
    assert out["match"] == {"score": [0, 0], "complete": False, "winner": None}
    # A finished hand: game points are the hand scores, added to the running totals.
    m = Match(make_game("terts"), dealer=0)
    m.deal_hand(seed=11)
    s = play_out(m)
    out = sixtysix.replay(m.record())
    assert out["hands"][0]["game_points"] == list(s.points) == out["match"]["score"]
    assert sum(out["hands"][0]["tricks"]) == 16 and out["hands"][0]["complete"]
    # Errors in words.
    bad = {"game": "terts", "hands": [{"dealer": 1, "deal": deal, "actions": ["close"]}]}
    with pytest.raises(sixtysix.RecordError):
        sixtysix.replay(bad)
    bad["hands"][0]["actions"] = ["announce 9C 8C 7C", "show TH 9H 8H", "announce KS QS JS"]
    with pytest.raises(sixtysix.RecordError, match="one announcement a turn"):
        sixtysix.replay(bad)


def test_views_show_only_what_was_shown() -> None:
    # An announcement and a show reveal their cards, and so do the combinations scored
    # automatically beside a winning one (rules/terts.md#combinations); the bella reveals none.
    m = match("KC KD KH KS AS QS 9H 8H 7H", "AC TC QC 9C AD TD QD 9D 8S", "7D")
    act(m, "announce 9H 8H 7H", "pass")
    s = state(m)
    v = s.view(1)
    assert v.known[0] == parse_cards("9H 8H 7H KC KD KH KS")  # the kings, shown as they scored
    assert v.hand == s.hands[1] and len(s.scored) == 2
    assert v.points == (120, 0)
    assert [action_str(ANNOUNCE + j) for _, j in v.scored] == ["announce 9H 8H 7H",
                                                                 "announce KC KD KH KS"]
    assert s.view(0).scored == s.scored
    # Determinizations agree with the view.
    rng = random.Random(1)
    for _ in range(20):
        d = v.determinize(rng)
        assert d.view(1) == v


def test_options_and_dealing() -> None:
    g = Terts()
    assert g.options.values == "seed" and g.options.target == 501
    assert g.options.tie_break == "play_on" and g.options.trump_jack_free is True
    assert not g.options.dix_before_first_trick and not g.options.melds_need_trick
    assert not g.options.loser_side_extra and g.options.phase1_follow == "free"
    assert g.options.next_leader == "last_trick_winner"
    with pytest.raises(OptionError):
        make_game("terts", {"values": "deberc"})
    # Three packets of three, non-dealer first; the next card is turned up; 13 face down.
    deck = list(range(32))
    d = g.deal_from_deck(deck, 1, (0, 1))
    assert d.hands[0] == (0, 1, 2, 6, 7, 8, 12, 13, 14)
    assert d.hands[1] == (3, 4, 5, 9, 10, 11, 15, 16, 17)
    assert d.turnup == 18 and d.stock == tuple(range(19, 32))
    # The non-dealer leads the first hand.
    m = Match(g, dealer=1)
    assert m.deal_hand(seed=3).to_act == 0


# ---------------------------------------------------------------------- computer players


def test_heuristic_announces_what_is_worth_most_and_shows() -> None:
    from sixtysix.bots import make_bot
    # Worth of each announcement from KC KD KH KS AS QS 9H 8H 7H (what it brings if it wins):
    #   987♥: 20 + four kings 100 (AKQ♠ shares KS with them) = 120;
    #   four kings: 100 + 987♥ 20 = 120;   AKQ♠: 20 + 987♥ 20 = 40 (the kings share KS).
    # Equal worth: the higher-ranked, four kings, which T98-type runs cannot outrank.
    m = match("KC KD KH KS AS QS 9H 8H 7H", "AC TC QC 9C AD TD QD 9D 8S", "7D")
    bot = make_bot("casual")
    rng = random.Random(0)
    s = state(m)
    a = bot.choose(s.view(0), rng)
    assert action_str(a) == "announce KC KD KH KS"
    # Seat 1 answering with a better combination shows it.
    m = match("JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS KD 9D 7H AC TH", "TC")
    act(m, "announce TS JS 9S")
    assert action_str(bot.choose(state(m).view(1), rng)) == "show QC QD QH QS"


@pytest.mark.parametrize("spec", ["random", "beginner", "casual", "ismcts:iterations=60",
                                  "pimc:worlds=2,playouts=1"])
def test_bots_play_terts_through_views(spec: str) -> None:
    from sixtysix.bots import make_bot
    bot = make_bot(spec)
    rng = random.Random(7)
    m = Match(make_game("terts"), dealer=1)
    s = m.deal_hand(seed=21)
    kinds = set()
    while not s.over:
        v = s.view(s.to_act)
        a = bot.choose(v, rng)
        assert a in s.legal_actions()
        kinds.add(action_str(a).split()[0])
        m.apply(a)
    assert s.trick_no == 16 and "play" in kinds


def test_solver_table_tells_announcement_states_apart() -> None:
    # The same hands and points before an announcement and after a show that scored nothing
    # (seat 1's four queens, scored before) differ in what may follow: the solver's key says so.
    from sixtysix.bots.solver import _key
    h0, h1 = "JS TS 9S 8C 7C AD 8D 7D AH", "QC QD QH QS KH JH 9D 7H AC"
    m = match(h0, h1, "TC")
    act(m, "play AD", "announce QC QD QH QS", "pass", "play 9D")
    s = state(m)
    before = _key(s)
    act(m, "announce TS JS 9S", "show QC QD QH QS")
    assert s.points == [11, 100] and _key(s) != before


def test_an_announced_seven_exchanged_is_no_longer_in_the_hand() -> None:
    # Seat 1 announces 987♣ (clubs trumps: the 9C, 8C and 7C become known in his hand), then
    # exchanges the 7C for the turn-up: the 7C lies face up, known to be nowhere in his hand.
    m = match("TS 8D KD TD AD 9H AH JS AS", "9C 8C 7C JC KC AC JH 7S 8S", "QC")
    # Trick 1: TS / 9C (trump) to seat 1; trick 2: 7S / AS to seat 0; trick 3: seat 0 leads 8D
    # and seat 1 exchanges before he follows.
    act(m, "play TS", "announce 9C 8C 7C", "pass", "play 9C", "7S / AS", "play 8D", "exchange")
    s = state(m)
    v = s.view(0)
    assert card_str(s.turnup) == "7C" and s.turnup_up
    assert v.known[1] == parse_cards("8C QC")
    for seed in range(10):
        d = v.determinize(random.Random(seed))
        assert d.view(0) == v and card_str(d.turnup) == "7C"
        assert not (d.hands[1] >> parse_card("7C")) & 1


@pytest.mark.parametrize("options", [{}, {"next_leader": "last_trick_winner_deals",
                                          "tie_break": "last_trick_winner", "target": 300},
                                     {"values": "klaberjass", "melds_need_trick": True,
                                      "loser_side_extra": True, "phase1_follow": "follow_then_trump",
                                      "dix_before_first_trick": True, "trump_jack_free": False}])
def test_random_matches_keep_the_running_totals(options: dict[str, Any]) -> None:
    # Whole matches at random: after each hand the running totals grow by the hand scores
    # (credited points only), the match ends exactly when a hand ends with someone at the target
    # and no exact tie (or the tie broken by the last trick), and the next hand's leader is the
    # last trick's winner (or the other seat, when the winner deals).
    g = make_game("terts", options)
    o = g.options
    cards_total = 150 if o.values == "seed" else 162
    for seed in range(3):
        rng = random.Random(seed)
        m = Match(g, dealer=seed % 2)
        totals = [0, 0]
        while not m.complete:
            s = m.deal_hand(rng=rng)
            while not s.over:
                m.apply(rng.choice(s.legal_actions()))
            pts = list(s.points)
            assert sum(pts) == cards_total + sum(s.melds)
            totals = [totals[0] + pts[0], totals[1] + pts[1]]
            assert m.score == totals and list(m.results[-1].game_points) == pts
            last = s.leader
            assert m.dealer == (last if o.next_leader == "last_trick_winner_deals" else 1 - last)
            top = max(totals)
            if top < o.target:
                assert not m.complete
            elif totals[0] != totals[1]:
                assert m.complete and m.winner == [totals.index(top)]
            else:
                assert m.complete == (o.tie_break == "last_trick_winner")
        record = m.record()
        out = sixtysix.replay(record)
        assert out["match"] == {"score": totals, "complete": True, "winner": m.winner}


def test_terminal_tells_announcements_and_what_they_scored() -> None:
    # The computer (casual, seed 3) announces four queens at trick 3 and declares the bella at
    # trick 5; the human passes; the screen says who scored what.
    from typer.testing import CliRunner

    from sixtysix.cli import app
    result = CliRunner().invoke(app, ["play", "--game", "terts", "--seed", "3", "--opponent",
                                      "casual"], input="1\n" * 8 + "quit\ny\n")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out
    assert "Computer announces four queens (100)" in out
    assert "You pass" in out and "→ scored: Computer 100" in out
    assert "Computer declares the bella (20)" in out
