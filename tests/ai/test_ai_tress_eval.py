"""The Tress hand evaluator of the computer players: distance to the contract, outs, card counting.

Hand-worked examples first, then the evaluator checked against the shared solver:
distance 0 exactly when the solver finds a lay-down, and at distance 1 the outs are
exactly the cards with which the solver finds one.
"""

from __future__ import annotations

import random

import pytest
from pyodide_scale import scaled

from rummytable.ai.tress.eval import JOKER_OUT, CardCounter, EvalRules, HandShape, evaluate
from rummytable.cards import Card, build_deck, cards_from_faces, joker
from rummytable.melds import JokerRatio
from rummytable.tress import solver
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario


def shape(text: str) -> HandShape:
    return HandShape.of(cards_from_faces(text))


def expand(outs: frozenset[tuple[int, str | None]]) -> set[tuple[int, str]]:
    found: set[tuple[int, str]] = set()
    for rank, suit in outs:
        found |= {(rank, s) for s in "SHDC"} if suit is None else {(rank, suit)}
    return found


def test_TR_05_contract_held_means_distance_zero() -> None:
    found = evaluate(shape("4H 4S 4C KD KS JK 7C 2D"), 2, 0, False)
    assert found.distance == 0
    assert not found.outs
    assert {(4, "H"), (4, "S"), (4, "C"), (13, "D"), (13, "S")} <= found.useful
    assert (7, "C") not in found.useful


def test_two_pairs_are_two_cards_from_two_sets_and_any_four_or_king_is_an_out() -> None:
    found = evaluate(shape("4H 4S KD KS 7C 2D 9H"), 2, 0, False)
    assert found.distance == 2
    assert found.outs == {(4, None), (13, None)}
    assert found.joker_out


def test_a_joker_in_hand_fills_one_gap() -> None:
    assert evaluate(shape("4H 4S KD KS 7C 2D 9H JK"), 2, 0, False).distance == 1


def test_set_and_run_gaps_in_round_2() -> None:
    found = evaluate(shape("5H 6H 8H 9S 9D 2C 3C"), 1, 1, False)
    assert found.distance == 2
    assert found.outs == {(7, "H"), (9, None)}


def test_two_runs_in_round_3_have_outs_at_both_ends() -> None:
    found = evaluate(shape("5H 6H 7H 8H 9H 10H 3S 4S 6S 7S 8S"), 0, 2, False)
    assert found.distance == 1
    assert found.outs == {(5, "S"), (9, "S")}


def test_TR_06_joker_ratio_limits_the_jokers_a_set_may_use() -> None:
    hand = shape("9C JK JK 4H 4S 4C 2D")
    # The default needs one natural card (T-9); the Liverpool rule and naturals >= jokers refuse 9C JK JK.
    assert evaluate(hand, 2, 0, False).distance == 0
    assert evaluate(hand, 2, 0, False, EvalRules(JokerRatio.MORE_NATURALS)).distance == 1
    assert evaluate(hand, 2, 0, False, EvalRules(JokerRatio.NATURALS_AT_LEAST)).distance == 1
    assert evaluate(hand, 2, 0, False, EvalRules(JokerRatio.AT_LEAST_ONE_NATURAL)).distance == 0


def test_TR_29_joinable_runs_do_not_make_two_runs() -> None:
    hand = shape("3S 4S 5S 6S 7S 8S 9S 10S")
    assert evaluate(hand, 0, 2, False).distance == 1
    assert evaluate(hand, 0, 2, False, EvalRules(distinct=False)).distance == 0
    # The same runs from two decks may overlap (3S-6S with 5S-8S).
    assert evaluate(shape("3S 4S 5S 6S 5S 6S 7S 8S"), 0, 2, False).distance == 0


def test_TR_29_two_sets_may_not_share_a_rank() -> None:
    assert evaluate(shape("4H 4S 4C 4D 4H 4S 2C"), 2, 0, False).distance >= 1


def test_TR_14_round_7_hand_that_fits_entirely() -> None:
    # Before the draw: 13 cards that fit; one more fitting card (9S, or any 5, 9 or Q) goes out.
    found = evaluate(shape("5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S"), 3, 1, True)
    assert found.distance == 1
    assert {(9, "S"), (4, "S")} <= expand(found.outs)
    # After drawing 9S the whole hand fits: nothing is loose and no gap is left.
    after = evaluate(shape("5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 9S"), 3, 1, True)
    assert (after.fill, after.loose) == (0, 0)


def test_TR_15_round_7_loose_card_costs_a_draw() -> None:
    after = evaluate(shape("5H 5S 5D 2C 9C 9D 9H QS QH QD 6S 7S 8S 9S"), 3, 1, True)
    assert after.loose >= 1 or after.fill >= 1
    assert evaluate(shape("5H 5S 5D 2C 9C 9D 9H QS QH QD 6S 7S 8S"), 3, 1, True).distance == 2


def test_a_run_card_left_to_a_set_lets_a_joker_take_its_place() -> None:
    # Set 9D 9H JK and run 7D 8D JK(9D) 10D: the 9D is better in the set.
    assert evaluate(shape("7D 8D 9D 10D 9H JK JK 2S"), 1, 1, False).distance == 0


def _oracle_outs(hand: list[Card], contract: solver.Contract) -> tuple[set[tuple[int, str]], bool]:
    rules = solver.MeldRules()
    faces = {(r, s) for r in range(2, 15) for s in "SHDC"}
    good = {f for f in faces if solver.can_meet([*hand, Card(f[0], f[1], 7)], contract, rules)}
    return good, solver.can_meet([*hand, joker(9)], contract, rules)


@pytest.mark.parametrize("seed", range(4))
def test_distance_and_outs_agree_with_the_solver(seed: int) -> None:
    rng = random.Random(seed)
    deck = build_deck(2, 4)
    rules = solver.MeldRules()
    checked_outs = 0
    hands, wanted = scaled(120), 2
    # Hands one card away are rare: sample on (within a cap) until some outs were compared.
    for tried in range(50 * hands):
        if tried >= hands and checked_outs >= wanted:
            break
        round_no = rng.randint(1, 6)
        contract = solver.TRESS_CONTRACTS[round_no]
        hand = rng.sample(deck, 6 + round_no + rng.randint(0, 1))
        found = evaluate(HandShape.of(hand), contract.sets, contract.runs, False)
        assert (found.distance == 0) == solver.can_meet(hand, contract, rules), [c.key for c in hand]
        if found.distance == 1:
            good, joker_good = _oracle_outs(hand, contract)
            assert expand(found.outs) == good, [c.key for c in hand]
            assert found.joker_out == joker_good
            checked_outs += 1
    assert checked_outs >= wanted


def test_every_out_cuts_the_distance() -> None:
    rng = random.Random(9)
    deck = build_deck(2, 4)
    for _ in range(scaled(150)):
        round_no = rng.randint(1, 6)
        contract = solver.TRESS_CONTRACTS[round_no]
        cards = rng.sample(deck, 6 + round_no)
        hand = HandShape.of(cards)
        found = evaluate(hand, contract.sets, contract.runs, False)
        for rank, suit in found.outs:
            # A set takes any suit: try one of which a copy is still out of the hand.
            suit = suit or next(s for s in "SHDC" if hand.counts.get((rank, s), 0) < 2)
            better = evaluate(hand.plus((rank, suit)), contract.sets, contract.runs, False)
            assert better.distance <= found.distance - 1, ([c.key for c in cards], rank, suit)
        if found.joker_out:
            assert evaluate(hand.plus(None), contract.sets, contract.runs, False).distance <= found.distance - 1


def _counter_game() -> TressGame:
    game = TressGame.from_position(scenario(
        ["4H 4S KD KS 7C 2D 9H", "9S 9D 9C QH 3C 3D 8S", None, None],
        to_move=0, phase="draw", discard="KH", discarder=3, round_no=1))
    return game


def test_card_counter_knows_a_card_taken_from_the_discard_pile() -> None:
    game = _counter_game()
    log = game.public_log
    for action in ({"kind": "draw_stock", "seat": 0}, {"kind": "discard", "seat": 0, "card": "2D"},
                   {"kind": "draw_discard", "seat": 1}):
        log.extend(e.for_seat(None) for e in game.apply_json(action))
    counter = CardCounter(game.view(2), log)
    assert counter.held[1] == ["2D"]
    assert counter.taken[1] == ["2D"]
    assert counter.thrown[0] == ["2D"]
    # Seat 2 sees the 2D in seat 1's hand: one copy of the two deuces of diamonds is gone.
    assert counter.live((2, "D")) == 2 - counter.seen.get((2, "D"), 0)
    assert counter.seen.get((2, "D"), 0) >= 1


def test_card_counter_counts_melds_pile_and_own_hand_as_seen() -> None:
    game = TressGame.from_position(scenario(
        ["4H 4S KD KS 7C 2D 9H", None, None, None], to_move=0, phase="draw",
        melds=[(1, "KC KH KD"), (1, "5C 5D 5H")], discard="KS 4D", round_no=1,
        down=[False, True, False, False]))
    counter = CardCounter(game.view(0), game.public_log)
    # Kings: KD KS in hand, KC KH KD in a meld; with no log only the pile's top (4D) is known.
    assert counter.live((13, None)) == 8 - 5
    assert counter.live((4, "D")) == 1
    assert counter.live(JOKER_OUT) == 4
