"""The contract solver on the rule book's examples and rules (T-6..T-9, T-12, T-20) and its options."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from oracles.solver_extras import best_lay_down, distance, full_partition

from rummytable.cards import Card, cards_from_faces
from rummytable.melds import TRESS_RUNS, JokerRatio, Meld, MeldError, RunRules, make_run, make_set
from rummytable.tress.solver import (
    ROUND7_THREE_RUNS,
    TRESS_CONTRACTS,
    Contract,
    MeldRules,
    arrangements,
    can_meet,
    check_lay_down,
    lay_downs,
    runs_joinable,
)

DEFAULT = MeldRules()
WRAP = MeldRules(runs=RunRules(min_length=4, both_aces=True, wrap=True))
NATURALS_AT_LEAST = MeldRules(ratio=JokerRatio.NATURALS_AT_LEAST)
UNLIMITED = MeldRules(ratio=JokerRatio.AT_LEAST_ONE_NATURAL)
LIVERPOOL = MeldRules(ratio=JokerRatio.MORE_NATURALS)
NO_ADJACENT = MeldRules(ratio=JokerRatio.AT_LEAST_ONE_NATURAL, no_adjacent_jokers=True)
NOT_DISTINCT = MeldRules(distinct=False)


def hand(text: str) -> list[Card]:
    return cards_from_faces(text)


def points(card: Card) -> int:
    """T-2 penalty points."""
    if card.is_joker:
        return 50
    if card.rank == 14:
        return 20
    return 5 if card.rank <= 7 else 10


def notations(lay: Sequence[Meld]) -> list[str]:
    return [m.notation() for m in lay]


def run_of(cards: Sequence[Card], start: int | None = None, rules: RunRules = TRESS_RUNS) -> Meld:
    return make_run(cards, rules, start=start)


def left_points(cards: Sequence[Card], lay: Sequence[Meld]) -> int:
    used = {c for m in lay for c in m.cards}
    return sum(points(c) for c in cards if c not in used)


# ----------------------------------------------------------------------------- worked examples


def test_TR_01_minimum_contract_sizes() -> None:
    sizes = [3 * c.sets + 4 * c.runs for c in TRESS_CONTRACTS.values()]
    assert sizes[:6] == [6, 7, 8, 9, 10, 11]
    # Round 7 uses all 14 cards of deal + draw, but its minimal melds hold 13.
    assert sizes[6] == 13
    assert TRESS_CONTRACTS[7].all_cards


def test_TR_02_set_with_duplicate_suits() -> None:
    cards = hand("9H 9H 9S KD KS KC")
    check_lay_down([make_set(cards[:3]), make_set(cards[3:])], TRESS_CONTRACTS[1], DEFAULT, cards)
    assert can_meet(cards, TRESS_CONTRACTS[1], DEFAULT)


def test_TR_03_run_needs_four_of_one_suit() -> None:
    assert can_meet(hand("8S 9S 10S JS 5D 5C 5H"), TRESS_CONTRACTS[2], DEFAULT)
    assert not can_meet(hand("8S 9S 10S 5D 5C 5H"), TRESS_CONTRACTS[2], DEFAULT)
    assert not can_meet(hand("8S 9S 10H JS 5D 5C 5H"), TRESS_CONTRACTS[2], DEFAULT)


def test_TR_04_ace_low_or_high_never_round_the_corner() -> None:
    assert can_meet(hand("AH 2H 3H 4H JD QD KD AD"), TRESS_CONTRACTS[3], DEFAULT)
    assert not can_meet(hand("QC KC AC 2C JD QD KD AD"), TRESS_CONTRACTS[3], DEFAULT)
    assert can_meet(hand("QC KC AC 2C JD QD KD AD"), TRESS_CONTRACTS[3], WRAP)


def test_TR_05_round1_sets_with_a_joker() -> None:
    cards = hand("4H 4S 4C KD KS JK 7C 2D")
    found = lay_downs(cards, TRESS_CONTRACTS[1], DEFAULT)
    assert [notations(lay) for lay in found] == [["4S 4H 4C", "KS KD JK(K)"]]
    best = best_lay_down(cards, TRESS_CONTRACTS[1], DEFAULT, points)
    assert best is not None
    assert left_points(cards, best) == 10  # 7C and 2D stay for the discard


def test_TR_06_joker_ratio_and_its_options() -> None:
    two_jokers = hand("9C JK JK 4H 4S 4C")
    assert DEFAULT == UNLIMITED  # the default needs one natural card only (docs/rules-tress.md, T-9)
    for rules, legal in ((LIVERPOOL, False), (NATURALS_AT_LEAST, False), (UNLIMITED, True)):
        assert can_meet(two_jokers, TRESS_CONTRACTS[1], rules) is legal
        melds = [make_set(two_jokers[:3]), make_set(two_jokers[3:])]
        if legal:
            check_lay_down(melds, TRESS_CONTRACTS[1], rules, two_jokers)
        else:
            with pytest.raises(MeldError) as err:
                check_lay_down(melds, TRESS_CONTRACTS[1], rules, two_jokers)
            assert err.value.rule == "T-9"
    one_gap = hand("5H JK 7H 8H QS QD QC")
    two_gaps = hand("5H JK JK 8H QS QD QC")
    assert can_meet(one_gap, TRESS_CONTRACTS[2], LIVERPOOL)
    assert not can_meet(two_gaps, TRESS_CONTRACTS[2], LIVERPOOL)
    assert can_meet(two_gaps, TRESS_CONTRACTS[2], NATURALS_AT_LEAST)
    assert can_meet(two_gaps, TRESS_CONTRACTS[2], DEFAULT)
    check_lay_down([run_of(two_gaps[:4]), make_set(two_gaps[4:])], TRESS_CONTRACTS[2], NATURALS_AT_LEAST)


def test_TR_07_round2_two_sets_are_not_a_set_and_a_run() -> None:
    cards = hand("5C 5D 5H QS QH QC")
    with pytest.raises(MeldError) as err:
        check_lay_down([make_set(cards[:3]), make_set(cards[3:])], TRESS_CONTRACTS[2], DEFAULT, cards)
    assert err.value.rule == "T-12"
    assert not can_meet(cards, TRESS_CONTRACTS[2], DEFAULT)


def test_TR_08_longer_set_laid_at_once() -> None:
    cards = hand("6C 6D 6H 6S JS JH JD 3D")
    best = best_lay_down(cards, TRESS_CONTRACTS[1], DEFAULT, points)
    assert best is not None
    assert sorted(len(m.cards) for m in best) == [3, 4]
    assert left_points(cards, best) == 5


def test_TR_14_round7_all_cards_out() -> None:
    cards = hand("5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 9S")
    lay = full_partition(cards, TRESS_CONTRACTS[7], DEFAULT)
    assert lay is not None
    check_lay_down(lay, TRESS_CONTRACTS[7], DEFAULT, cards)
    assert sum(len(m.cards) for m in lay) == 14
    # Three ways: 5S and 9S each go to their set or to an end of the run (not both).
    assert sorted(tuple(notations(a)) for a in arrangements(cards, TRESS_CONTRACTS[7], DEFAULT)) == [
        ("5H 5D 5C", "9H 9D 9C", "QS QH QD", "5S 6S 7S 8S 9S"),
        ("5H 5D 5C", "9S 9H 9D 9C", "QS QH QD", "5S 6S 7S 8S"),
        ("5S 5H 5D 5C", "9H 9D 9C", "QS QH QD", "6S 7S 8S 9S"),
    ]


def test_TR_15_round7_one_stray_card_blocks_going_down() -> None:
    cards = hand("5H 5S 5D 2C 9C 9D 9H QS QH QD 6S 7S 8S 9S")
    assert not can_meet(cards, TRESS_CONTRACTS[7], DEFAULT)
    assert full_partition(cards, TRESS_CONTRACTS[7], DEFAULT) is None
    assert lay_downs(cards, TRESS_CONTRACTS[7], DEFAULT) == []


def test_TR_16_round7_three_runs_only_with_the_option() -> None:
    cards = hand("2H 3H 4H 5H 6H 7D 8D 9D 10D JD QC KC AC JC")
    assert not can_meet(cards, TRESS_CONTRACTS[7], DEFAULT)
    assert can_meet(cards, ROUND7_THREE_RUNS, DEFAULT)
    lay = full_partition(cards, ROUND7_THREE_RUNS, DEFAULT)
    assert lay is not None
    check_lay_down(lay, ROUND7_THREE_RUNS, DEFAULT, cards)


def test_TR_17_round7_after_a_claim_all_sixteen_cards() -> None:
    cards = hand("5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 9S 10S JK")
    assert can_meet(cards, TRESS_CONTRACTS[7], DEFAULT)
    lay = full_partition(cards, TRESS_CONTRACTS[7], DEFAULT)
    assert lay is not None
    assert sum(len(m.cards) for m in lay) == 16
    assert not can_meet(cards + hand("3D"), TRESS_CONTRACTS[7], DEFAULT)


def test_TR_29_distinct_melds_in_one_lay_down() -> None:
    runs = hand("3S 4S 5S 6S 7S 8S 9S 10S")
    joined = [run_of(runs[:4]), run_of(runs[4:])]
    with pytest.raises(MeldError) as err:
        check_lay_down(joined, TRESS_CONTRACTS[3], DEFAULT)
    assert err.value.rule == "T-12"
    check_lay_down(joined, TRESS_CONTRACTS[3], NOT_DISTINCT)
    gap = hand("3S 4S 5S 6S 9S 10S JS QS")
    check_lay_down([run_of(gap[:4]), run_of(gap[4:])], TRESS_CONTRACTS[3], DEFAULT)
    overlap = hand("3S 4S 5S 6S 5S 6S 7S 8S")
    check_lay_down([run_of(overlap[:4]), run_of(overlap[4:])], TRESS_CONTRACTS[3], DEFAULT)
    fours = hand("4H 4S 4C 4D 4H 4S")
    with pytest.raises(MeldError) as err:
        check_lay_down([make_set(fours[:3]), make_set(fours[3:])], TRESS_CONTRACTS[1], DEFAULT)
    assert err.value.rule == "T-12"
    check_lay_down([make_set(fours[:3]), make_set(fours[3:])], TRESS_CONTRACTS[1], NOT_DISTINCT)
    assert not can_meet(fours, TRESS_CONTRACTS[1], DEFAULT)
    assert can_meet(fours, TRESS_CONTRACTS[1], NOT_DISTINCT)
    assert not can_meet(runs, TRESS_CONTRACTS[3], DEFAULT)
    assert can_meet(runs, TRESS_CONTRACTS[3], NOT_DISTINCT)


def test_TR_30_fourteen_card_run_from_ace_to_ace() -> None:
    cards = hand("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 7C 7S 7H")
    lay = best_lay_down(cards, TRESS_CONTRACTS[2], DEFAULT, points)
    assert lay is not None
    assert left_points(cards, lay) == 0
    assert max(len(m.cards) for m in lay) == 14
    # One ace only: the run stops at KD or starts at 2D; nothing goes past an ace.
    short = [c for c in cards if c != cards[13]]
    lay = best_lay_down(short, TRESS_CONTRACTS[2], DEFAULT, points)
    assert lay is not None
    assert max(len(m.cards) for m in lay) == 13


# ----------------------------------------------------------------------------- rules


def test_T_6_set_needs_three_cards() -> None:
    assert not can_meet(hand("9H 9S KD KS KC"), TRESS_CONTRACTS[1], DEFAULT)
    assert can_meet(hand("9H 9S 9D KD KS KC"), TRESS_CONTRACTS[1], DEFAULT)


def test_T_7_ace_never_in_the_middle() -> None:
    assert not can_meet(hand("KH AH 2H 3H"), Contract(0, 1), DEFAULT)
    assert can_meet(hand("KH AH 2H 3H"), Contract(0, 1), WRAP)
    assert can_meet(hand("JH QH KH AH"), Contract(0, 1), DEFAULT)


def test_T_8_every_meld_needs_a_natural() -> None:
    assert not can_meet(hand("JK JK JK 5S 5D 5C"), TRESS_CONTRACTS[1], UNLIMITED)
    assert can_meet(hand("JK JK 4H 5S 5D 5C"), TRESS_CONTRACTS[1], UNLIMITED)


def test_T_9_no_adjacent_jokers_option() -> None:
    cards = hand("5H JK JK 8H")
    assert can_meet(cards, Contract(0, 1), NATURALS_AT_LEAST)
    assert not can_meet(cards, Contract(0, 1), MeldRules(ratio=JokerRatio.NATURALS_AT_LEAST, no_adjacent_jokers=True))
    spread = hand("5H JK 7H JK 9H")
    assert can_meet(spread, Contract(0, 1), NO_ADJACENT)
    lay = [run_of(cards[:4])]
    with pytest.raises(MeldError) as err:
        check_lay_down(lay, Contract(0, 1), NO_ADJACENT)
    assert err.value.rule == "T-9"


def test_T_9_long_run_can_carry_more_jokers() -> None:
    # No four in a row holds three naturals, but five cards hold 3 naturals + 2 jokers.
    cards = hand("5H 7H 9H JK JK")
    assert can_meet(cards, Contract(0, 1), LIVERPOOL)
    assert [notations(lay) for lay in lay_downs(cards, Contract(0, 1), LIVERPOOL)] == [["5H JK(6H) 7H JK(8H) 9H"]]


def test_T_12_check_lay_down_rejects_bad_input() -> None:
    cards = hand("4H 4S 4C KD KS KC 2D")
    good = [make_set(cards[:3]), make_set(cards[3:6])]
    check_lay_down(good, TRESS_CONTRACTS[1], DEFAULT, cards)
    with pytest.raises(MeldError, match="used twice"):
        check_lay_down([good[0], good[0]], TRESS_CONTRACTS[1], NOT_DISTINCT)
    with pytest.raises(MeldError, match="not in the hand"):
        check_lay_down(good, TRESS_CONTRACTS[1], DEFAULT, cards[:5])
    with pytest.raises(MeldError) as err:
        check_lay_down(good[:1], TRESS_CONTRACTS[1], DEFAULT, cards)
    assert err.value.rule == "T-12"


def test_T_20_round7_every_card_used() -> None:
    cards = hand("5H 5S 5D 9C 9D 9H QS QH QD 6S 7S 8S 9S 2C")
    melds = [make_set(cards[0:3]), make_set(cards[3:6]), make_set(cards[6:9]), run_of(cards[9:13])]
    check_lay_down(melds, TRESS_CONTRACTS[7], DEFAULT)
    with pytest.raises(MeldError) as err:
        check_lay_down(melds, TRESS_CONTRACTS[7], DEFAULT, cards)
    assert err.value.rule == "T-20"


def test_wrap_option_joins_round_the_corner() -> None:
    cards = hand("10S JS QS KS AS 2S 3S 4S")
    high, low = run_of(cards[:4], rules=WRAP.runs), run_of(cards[4:], rules=WRAP.runs)
    assert runs_joinable(high, low, WRAP.runs)
    assert not runs_joinable(high, low, TRESS_RUNS)
    with pytest.raises(MeldError):
        check_lay_down([high, low], TRESS_CONTRACTS[3], WRAP)


# ----------------------------------------------------------------------------- API behaviour


def test_lay_downs_sorted_distinct_and_limit_is_a_prefix() -> None:
    cards = hand("4H 4S 4C 4D 4H KD KS JK 7C 7S 7D")
    everything = lay_downs(cards, TRESS_CONTRACTS[1], DEFAULT)
    assert len(everything) > 20
    keys = [tuple(notations(lay)) for lay in everything]
    assert len(set(keys)) == len(keys)
    for limit in (1, 5, 17):
        assert lay_downs(cards, TRESS_CONTRACTS[1], DEFAULT, limit=limit) == everything[:limit]
    assert lay_downs(cards, TRESS_CONTRACTS[1], DEFAULT, limit=0) == []
    for lay in everything:
        check_lay_down(lay, TRESS_CONTRACTS[1], DEFAULT, cards)


def test_copies_are_chosen_canonically() -> None:
    cards = hand("9H 9H 9S 9S 9C")
    found = lay_downs(cards, Contract(1, 0), DEFAULT)
    # 9H 9S 9C and 9H 9H 9S are different; which 9H is used is not.
    assert len({tuple(notations(lay)) for lay in found}) == len(found)
    for lay in found:
        used = [c for c in lay[0].cards if c.rank == 9 and c.suit == "H"]
        assert [c.copy for c in used] == list(range(len(used)))


def test_arrangements_of_a_selection() -> None:
    cards = hand("4H 4S 4C KD KS JK")
    found = arrangements(cards, TRESS_CONTRACTS[1], DEFAULT)
    assert [notations(lay) for lay in found] == [["4S 4H 4C", "KS KD JK(K)"]]
    assert arrangements(cards + hand("2D"), TRESS_CONTRACTS[1], DEFAULT) == []


def test_best_lay_down_prefers_the_joker_and_the_ace() -> None:
    cards = hand("AS AH AD 5C 5D 5H 5S JK 2D")
    best = best_lay_down(cards, TRESS_CONTRACTS[1], DEFAULT, points)
    assert best is not None
    assert left_points(cards, best) == 5  # only 2D; the joker joins a set
    assert best_lay_down(hand("AS AH 2D 3C"), TRESS_CONTRACTS[1], DEFAULT, points) is None


def test_duplicate_physical_card_is_rejected() -> None:
    card = hand("9H")[0]
    with pytest.raises(MeldError):
        can_meet([card, card, card], Contract(1, 0), DEFAULT)


def test_distance_counts_missing_cards() -> None:
    assert distance(hand("4H 4S 4C KD KS KC 2D"), TRESS_CONTRACTS[1], DEFAULT) == 0
    assert distance(hand("4H 4S 4C KD KS 7C 2D"), TRESS_CONTRACTS[1], DEFAULT) == 1
    assert distance(hand("4H 4S 7C KD 2S 7D 2D 9S"), TRESS_CONTRACTS[1], DEFAULT) == 2
    assert distance(hand("2H 5S 8C JD AS 3D 6C 10S"), TRESS_CONTRACTS[1], DEFAULT) == 3
    assert distance(hand("2H 5S 8C JD AS 3D 6C 10S"), TRESS_CONTRACTS[1], DEFAULT, most=1) == 2
