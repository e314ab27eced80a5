"""Quick readings of a model hand against the contract (shortfall, builds, usefulness), and the play-out
policy's draws, calls and discards that use them."""

from __future__ import annotations

import random

from rummytable.ai import make_bot
from rummytable.ai.tress.eval import HandShape, evaluate
from rummytable.ai.tress.model.convert import card_id, model_from_state
from rummytable.ai.tress.model.hand import new_hand
from rummytable.ai.tress.model.moves import DISCARD_MOVES
from rummytable.ai.tress.model.policy import choose_discard, wants_top
from rummytable.ai.tress.model.shape import JOKER_USE, builds, shortfall, usefulness
from rummytable.ai.tress.model.state import SET, TressModel
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.tools.autoplay import bot_steps
from rummytable.tress.game import TressGame


def _ids(keys: str) -> list[int]:
    """Model cards of space-separated card keys (``"AS 10H.1 JK"``)."""
    return [card_id(parse_card(key)) for key in keys.split()]


def _hand(keys: str) -> list[int]:
    """A model hand (suit rows) of space-separated card keys."""
    return new_hand(_ids(keys))


def test_shortfall_of_sets_counts_the_cards_missing_from_the_best_ranks_T_6() -> None:
    """T-6: a set is three cards of a rank; the best-held ranks are filled first, jokers fill any."""
    assert shortfall(_hand("8C 8C.1 8H AC AD 4C"), 2, 0) == 1
    assert shortfall(_hand("8C 8C.1 8H AC AD JK"), 2, 0) == 0
    assert shortfall(_hand("8C 8H AC AD 4C 9S"), 2, 0) == 2
    assert shortfall(_hand("8C AC 4C"), 3, 0) == 6
    assert shortfall(_hand("2S"), 3, 0) == 8


def test_shortfall_of_runs_counts_each_suits_best_window_of_four_T_7() -> None:
    """T-7: a run is four cards in a row of one suit; the ace is high or low; a gap costs a card."""
    assert shortfall(_hand("5H 6H 7H 9S 10S KD"), 0, 2) == 3
    assert shortfall(_hand("5H 6H 7H 8H 9S 10S"), 0, 2) == 2
    assert shortfall(_hand("AH 2H 3H 9S JS"), 0, 1) == 1
    assert shortfall(_hand("5H 7H 8H 5S 5D 5C"), 1, 1) == 1


def test_builds_is_a_card_that_brings_the_contract_closer_T_11_T_16() -> None:
    """A card builds only on what the round's contract asks for, and never on a complete one."""
    sets_hand = _hand("8C 8H AC 5D 9S")
    assert builds(sets_hand, card_id(parse_card("8D")), 2, 0)
    assert builds(sets_hand, card_id(parse_card("5S")), 2, 0)
    # A card next to another of its suit does nothing for two sets.
    assert not builds(sets_hand, card_id(parse_card("10S")), 2, 0)
    runs_hand = _hand("5H 6H 9S 10S KD")
    assert builds(runs_hand, card_id(parse_card("7H")), 0, 2)
    assert not builds(runs_hand, card_id(parse_card("KS")), 0, 2)
    assert builds(runs_hand, card_id(parse_card("JK")), 0, 2)
    assert not builds(_hand("8C 8H 8D AC AD AS"), card_id(parse_card("8S")), 2, 0)


def test_usefulness_weighs_only_what_the_contract_asks_for_T_6_T_7() -> None:
    """A pair counts towards sets, suit neighbours towards runs (both copies of a card next to it: 7H
    with 8H and 8H.1); a joker most; a copy of itself nothing."""
    hand = _hand("AC AD 7H 8H 8H.1 KS JK")
    ace, seven, eight, king, joker = (card_id(parse_card(k)) for k in ("AC", "7H", "8H", "KS", "JK"))
    assert usefulness(hand, ace, 2, 0) == 2
    assert usefulness(hand, seven, 2, 0) == 0
    assert usefulness(hand, eight, 2, 0) == 2
    assert usefulness(hand, ace, 0, 2) == 0
    assert usefulness(hand, seven, 0, 2) == 4
    assert usefulness(hand, eight, 0, 2) == 2
    assert usefulness(hand, king, 2, 2) == 0
    assert usefulness(hand, joker, 2, 0) == JOKER_USE


def test_builds_agrees_with_the_normal_levels_evaluation_on_played_positions() -> None:
    """Over top discards met in seeded games, :func:`builds` says what the normal level's evaluator
    says (the contract's distance falls with the card) in at least 9 cases of 10 (measured: 94.6 %)."""
    agree = total = 0
    for match in range(8):
        game = TressGame.new({"players": 4}, seed=700 + match)
        bots = [make_bot("tress", "easy", seed=match * 10 + s, safety_ms=float("inf")) for s in range(4)]
        for steps, _ in enumerate(bot_steps(game, bots)):
            state = game.state
            if steps > 2000:
                break
            seat = state.to_move
            if game.phase is not Phase.DRAW or not state.discard or seat is None or state.down[seat]:
                continue
            contract = state.options.contract(state.round)
            if contract.all_cards:
                continue
            hand, top = list(state.hands[seat]), state.discard[-1]
            closer = (evaluate(HandShape.of([*hand, top]), contract.sets, contract.runs, False).distance
                      < evaluate(HandShape.of(hand), contract.sets, contract.runs, False).distance)
            agree += builds(new_hand([card_id(c) for c in hand]), card_id(top), contract.sets, contract.runs) == closer
            total += 1
    assert total > 1000
    assert agree >= 0.9 * total


def _round_one(hand: str) -> TressModel:
    """Round 1 (two sets) of a 4-player game, seat 0 to discard from ``hand``."""
    model = model_from_state(TressGame.new({"players": 4}, seed=11).state)
    assert (model.sets, model.runs, model.all_cards) == (2, 0, False)
    model.turn = 0
    model.hands = (_hand(hand), *model.hands[1:])
    return model


def test_policy_discard_keeps_a_pair_for_a_set_and_throws_the_loose_card_T_14() -> None:
    """T-6, T-14: of two aces and a loose king, the king goes, though an ace scores more."""
    model = _round_one("AC AD KS 5H 5D 5S")
    moves = [DISCARD_MOVES[c] for c in _ids("AC AD KS 5H 5D 5S")]
    assert choose_discard(model, moves, random.Random(0), 0.0) == DISCARD_MOVES[card_id(parse_card("KS"))]


def test_policy_discard_gives_no_free_lay_off_to_a_player_who_is_down_T_13() -> None:
    """T-13: with a set of aces on the table and its owner down, the loose ace stays and the king goes;
    with nobody down the ace, worth more points, goes."""
    keys = "AS KC 5H 5D 9S 9H"
    moves = [DISCARD_MOVES[c] for c in _ids(keys)]
    model = _round_one(keys)
    assert choose_discard(model, moves, random.Random(0), 0.0) == DISCARD_MOVES[card_id(parse_card("AS"))]
    model.melds = [(1, SET, 14, 0, tuple(_ids("AC AD AH")), 0)]
    model.ids = [1]
    model.down = (False, True, False, False)
    assert choose_discard(model, moves, random.Random(0), 0.0) == DISCARD_MOVES[card_id(parse_card("KC"))]


def test_policy_takes_the_discard_only_when_it_brings_the_contract_closer_T_11() -> None:
    """T-11: in a round of two sets, a third eight is taken; a card next to one of its suit is not."""
    model = _round_one("8C 8H AC 5D 9S KH")
    assert wants_top(model, 0, card_id(parse_card("8D")))
    assert not wants_top(model, 0, card_id(parse_card("10S")))
