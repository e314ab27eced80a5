"""Rules K-1..K-19 not covered by a worked example, and one test per option that changes play."""

from __future__ import annotations

import pytest
from _take_helpers import dis, ext, kinds, lay, rejects, situation, table

from rummytable.cards import build_deck, cards_from_faces
from rummytable.game import OptionsError, Phase, chance_rng
from rummytable.take.actions import DrawDiscard, DrawStock, NextHand
from rummytable.take.game import TakeGame
from rummytable.take.options import JokerValue, StockRule, TakeOptions, TieRule
from rummytable.take.scoring import card_points, sequence_points
from rummytable.take.table import TableSequence, new_sequence


def all_cards(game: TakeGame) -> list[str]:
    state = game.state
    cards = [c for h in state.hands for c in h] + state.stock + state.discard
    cards += [c for seq in state.sequences.values() for c in seq.meld.cards]
    return sorted(c.key for c in cards)


def points(text: str, **options: object) -> int:
    opts = TakeOptions.from_json(options)
    return sequence_points(TableSequence(0, 0, new_sequence(cards_from_faces(text), opts)), opts)


def test_K_1_players_and_deck() -> None:
    assert TakeOptions().players == 2 and TakeOptions().target == 500
    for players in (2, 3, 4):
        game = TakeGame.new({"players": players}, seed=players)
        assert all_cards(game) == sorted(c.key for c in build_deck(1, 2)) and len(all_cards(game)) == 54
    for bad in (1, 5, "3", True):
        with pytest.raises(OptionsError):
            TakeOptions.from_json({"players": bad})
    with pytest.raises(OptionsError):
        TakeOptions.from_json({"jokers": 4})


def test_K_2_card_values() -> None:
    values = [card_points(c) for c in cards_from_faces("JK AS KS QS JS 10S 9S 2S")]
    assert values == [20, 15, 10, 10, 10, 10, 5, 5]
    assert points("5C JK 7C") == 30
    assert points("AD 2D 3D") == 25 and points("QD KD AD") == 35


def test_option_joker_value_stand_in() -> None:
    assert points("5C JK 7C", joker_value="stand_in") == 15
    assert points("JK 2C 3C", joker_value="stand_in") == 25
    assert TakeOptions.from_json({"joker_value": "stand_in"}).joker_value is JokerValue.STAND_IN


def test_option_low_ace_five() -> None:
    assert points("AD 2D 3D", low_ace_five=True) == 15
    assert points("QD KD AD", low_ace_five=True) == 35
    assert points("JK 2D 3D", low_ace_five=True, joker_value="stand_in") == 15


def test_K_3_dealer_deal_and_rotation() -> None:
    seed = 11
    game = TakeGame.new({"players": 3}, seed)
    dealer = chance_rng(seed, "dealer").randrange(3)
    assert game.state.dealer == dealer and game.to_move == (dealer + 1) % 3
    deck = build_deck(1, 2)
    chance_rng(seed, "deal", 1).shuffle(deck)
    expected: list[list[str]] = [[], [], []]
    for i in range(21):
        expected[(dealer + 1 + i) % 3].append(deck.pop().key)
    assert [[c.key for c in h] for h in game.state.hands] == expected
    assert [c.key for c in game.state.discard] == [deck.pop().key]
    assert game.state.stock == deck and game.phase is Phase.DRAW
    # Finish the hand quickly: seat to move goes out from a built situation, then deal again.
    ended = situation(players=3, hands=["2C", "3D", "4D"], to_move=2, dealer=1, seed=seed)
    ended.apply(dis(ended, 2, "4D"))
    assert ended.phase is Phase.ROUND_OVER and ended.to_move == 2
    events = ended.apply(NextHand(0))
    assert ended.state.dealer == 2 and ended.state.hand_no == 2 and ended.to_move == 0
    assert kinds(events) == ["dealt"] and events[0].data["dealer"] == 2


def test_K_5_at_least_one_natural_and_option_more_naturals() -> None:
    assert new_sequence(cards_from_faces("5C JK JK"), TakeOptions()).notation() == "5C JK(6C) JK(7C)"
    game = situation(hands=["5C JK JK 2D", "3D"], options={"joker_ratio": "more_naturals"})
    rejects(game, lay(game, 0, "5C JK JK"), "K-5")
    game = situation(hands=["JK 2D", "3D"], melds=[(1, "5C JK(6C) 7C")], options={"joker_ratio": "more_naturals"})
    rejects(game, ext(game, 0, 0, "JK", "high"), "K-5")
    assert not any(getattr(a, "cards", None) for a in game.legal_actions(0))


def test_K_6_joker_ace_counts_as_ace() -> None:
    game = situation(melds=[(1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK(AH)")], hands=["AH JK 2C", "3D"])
    error = rejects(game, ext(game, 0, 0, "AH", "low"), "K-6")
    assert "both ends" in error.reason
    rejects(game, ext(game, 0, 0, "JK", "low"), "K-6")


def test_K_8_draw_exactly_once_before_playing() -> None:
    game = situation(hands=["4S 5S 6S 2C", "3D"], phase=Phase.DRAW)
    rejects(game, dis(game, 0, "2C"), "K-8")
    rejects(game, DrawStock(1), "turn")
    game.apply(DrawStock(0))
    rejects(game, DrawStock(0), "K-8")
    rejects(game, DrawDiscard(0), "K-8")


def test_K_9_any_number_of_plays_in_any_order() -> None:
    game = situation(players=3, melds=[(1, "6H 7H 8H"), (2, "2S 3S 4S")],
                     hands=["9H 10H 5S 6S 7C 8C 9C JD QD KD 2D", "3D", "4D"])
    game.apply(lay(game, 0, "7C 8C 9C"))
    game.apply(ext(game, 0, 0, "9H 10H", "high"))
    game.apply(lay(game, 0, "JD QD KD"))
    game.apply(ext(game, 0, 1, "5S 6S", "high"))
    assert table(game) == [(0, "6H 7H 8H 9H 10H"), (0, "2S 3S 4S 5S 6S"), (0, "7C 8C 9C"), (0, "JD QD KD")]
    game.apply(dis(game, 0, "2D"))
    assert game.phase is Phase.ROUND_OVER


def test_option_go_out_by_melding() -> None:
    game = situation(hands=["7D 8D 9D 10D", "3D"], options={"go_out_by_melding": True})
    events = game.apply(lay(game, 0, "7D 8D 9D 10D"))
    assert kinds(events) == ["meld_created", "round_scored"] and game.phase is Phase.ROUND_OVER
    result = game.state.last_result
    assert result is not None and result.out == 0 and result.points == (25, -5)
    # Even with the option the card taken from the discard pile may not be the last one left.
    game = situation(hands=["7D 8D 9D 2C", "3D"], drawn_from_discard="2C", options={"go_out_by_melding": True})
    rejects(game, lay(game, 0, "7D 8D 9D"), "K-10")


def test_K_12_several_takeovers_in_one_turn() -> None:
    game = situation(players=3, melds=[(1, "6H 7H 8H"), (2, "2S 3S 4S")], hands=["9H 5S 2C", "3D", "4D"])
    events = game.apply(ext(game, 0, 0, "9H", "high")) + game.apply(ext(game, 0, 1, "5S", "high"))
    assert [(e.data["from"], e.data["to"]) for e in events if e.kind == "sequence_taken_over"] == [(1, 0), (2, 0)]
    assert [owner for owner, _ in table(game)] == [0, 0]
    # The bottom record is per turn: it is cleared when the turn passes.
    game = situation(melds=[(1, "6H 7H 8H")], hands=["5H 2C 3C", "4D"])
    game.apply(ext(game, 0, 0, "5H", "low"))
    assert game.view(1)["bottom_added"] == [{"meld_id": 0, "cards": ["5H"]}]
    game.apply(dis(game, 0, "2C"))
    assert game.state.bottom_added == {} and game.view(1)["bottom_added"] == []


def _tied(**options: object) -> TakeGame:
    game = situation(hands=["2C", "2D"], melds=[(0, "3S 4S 5S 6S"), (1, "3H 4H 5H 6H 7H")], scores=[480, 480],
                     options=dict(options))
    game.apply(dis(game, 0, "2C"))
    return game


def test_K_18_tie_at_the_top_plays_another_hand() -> None:
    game = _tied()
    assert game.scores == [500, 500] and game.phase is Phase.ROUND_OVER and game.state.winners == []
    game.apply(NextHand(1))
    assert game.state.phase is Phase.DRAW
    assert game.state.hand_no == 3


def test_option_tie_shared() -> None:
    game = _tied(tie="shared")
    assert game.phase is Phase.MATCH_OVER and game.state.winners == [0, 1]
    assert TakeOptions.from_json({"tie": "shared"}).tie is TieRule.SHARED


def test_option_target() -> None:
    low = situation(hands=["2C", "2D"], melds=[(0, "3S 4S 5S 6S")], options={"target": 50}, scores=[40, 0])
    low.apply(dis(low, 0, "2C"))
    assert low.phase is Phase.MATCH_OVER and low.state.winners == [0]
    normal = situation(hands=["2C", "2D"], melds=[(0, "3S 4S 5S 6S")], scores=[40, 0])
    normal.apply(dis(normal, 0, "2C"))
    assert normal.phase is Phase.ROUND_OVER
    with pytest.raises(OptionsError):
        TakeOptions.from_json({"target": 0})


def test_K_19_nothing_left_to_rebuild_ends_the_hand() -> None:
    game = situation(hands=["QD 3C", "KD AD JK JK 2C 4C 5C"], stock="",
                     melds=[(1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
                            (1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
                            (0, "2D 3D 4D 5D 6D 7D 8D 9D 10D JD"), (0, "6C 7C 8C 9C 10C JC QC KC AC")])
    events = game.apply(dis(game, 0, "QD"))
    assert kinds(events) == ["card_discarded", "round_scored"] and events[-1].data["out"] is None
    assert game.phase is Phase.ROUND_OVER and game.state.last_result is not None


def test_option_empty_stock_ends_the_hand() -> None:
    game = situation(hands=["QD 3C", "10D JD KD AD JK JK 2C"], discard="4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
                     melds=[(1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
                            (1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), (1, "2D 3D 4D 5D 6D 7D 8D 9D")],
                     stock="", options={"empty_stock": "end_hand"})
    events = game.apply(dis(game, 0, "QD"))
    assert kinds(events) == ["card_discarded", "round_scored"] and game.phase is Phase.ROUND_OVER
    assert TakeOptions.from_json({"empty_stock": "end_hand"}).empty_stock is StockRule.END_HAND


def test_out_of_turn_and_after_the_hand() -> None:
    game = situation(hands=["2C 3C", "2D 3D"])
    rejects(game, dis(game, 1, "2D"), "turn")
    rejects(game, NextHand(0), "K-16")
    game = _tied()
    rejects(game, DrawStock(1), "K-16")
    assert [a.to_json() for a in game.legal_actions(0)] == [{"kind": "next_hand", "seat": 0}]
    over = _tied(tie="shared")
    rejects(over, NextHand(0), "K-18")
    assert over.legal_actions(0) == [] and over.to_move is None


def test_stock_draw_is_secret_discard_draw_is_public() -> None:
    game = situation(hands=["2C 3C", "2D 3D"], phase=Phase.DRAW, stock="9S", discard="8S")
    event = game.apply(DrawStock(0))[0]
    assert event.for_seat(0)["card"] == "9S" and event.for_seat(1)["card"] is None
    assert game.public_log[-1]["card"] is None
    assert game.view(0)["log"][-1]["card"] == "9S" and game.view(1)["log"][-1]["card"] is None
    game = situation(hands=["2C 3C", "2D 3D"], phase=Phase.DRAW, stock="9S", discard="8S")
    event = game.apply(DrawDiscard(0))[0]
    assert event.for_seat(1)["card"] == "8S" and game.view(0)["drawn_from_discard"] == "8S"
    assert game.view(1)["drawn_from_discard"] is None


def test_option_dead_stock_ends_hand() -> None:
    pile = "4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    kwargs: dict[str, object] = dict(
        hands=["QD 3C", "10D JD KD AD JK JK 2C"], discard=pile, stock="",
        melds=[(1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), (1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
               (1, "2D 3D 4D 5D 6D 7D 8D 9D")])
    literal = situation(**kwargs, options={"dead_stock_ends_hand": False})
    assert kinds(literal.apply(dis(literal, 0, "QD")))[-1] == "stock_rebuilt"
    assert situation(**kwargs).options.dead_stock_ends_hand  # on by default
    stale = situation(**kwargs, options={"dead_stock_ends_hand": True})
    events = stale.apply(dis(stale, 0, "QD"))
    assert kinds(events) == ["card_discarded", "round_scored"]
    assert events[-1].data["out"] is None
    fresh = situation(**kwargs, options={"dead_stock_ends_hand": True})
    fresh.state.melded_since_restock = True
    assert kinds(fresh.apply(dis(fresh, 0, "QD")))[-1] == "stock_rebuilt"
    assert fresh.state.melded_since_restock is False
