"""The worked examples TK-01..TK-29 of docs/rules-take.md, one test each (P1 is seat 0)."""

from __future__ import annotations

import pytest
from _take_helpers import dis, ext, held, kinds, lay, rejects, situation, table

from rummytable.cards import cards_from_faces
from rummytable.game import MalformedActionError, Phase, chance_rng
from rummytable.melds import End, MeldError
from rummytable.take.actions import DrawDiscard, DrawStock, Extend, LayDown
from rummytable.take.game import TakeGame
from rummytable.take.options import TakeOptions
from rummytable.take.table import new_sequence

DEFAULTS = TakeOptions()


def meld_of(text: str) -> str:
    return new_sequence(cards_from_faces(text), DEFAULTS).notation()


def test_TK_01_valid_sequences() -> None:
    assert meld_of("4S 5S 6S") == "4S 5S 6S"
    assert meld_of("8H 9H 10H JH") == "8H 9H 10H JH"
    game = situation(hands=["4S 5S 6S 8H 9H 10H JH 2C", "3D"])
    game.apply(lay(game, 0, "4S 5S 6S"))
    game.apply(lay(game, 0, "8H 9H 10H JH"))
    assert table(game) == [(0, "4S 5S 6S"), (0, "8H 9H 10H JH")]


@pytest.mark.parametrize("text", ["5C 6C", "7H 8H 9D", "7H 7S 7D"])
def test_TK_02_invalid_sequences(text: str) -> None:
    with pytest.raises(MeldError) as info:
        new_sequence(cards_from_faces(text), DEFAULTS)
    assert info.value.rule == "K-4"
    game = situation(hands=["5C 6C 7H 8H 9D 7S 7D 2C", "3D"])
    rejects(game, lay(game, 0, text), "K-4")


def test_TK_03_ace_low_or_high_never_in_the_middle() -> None:
    low = new_sequence(cards_from_faces("AD 2D 3D"), DEFAULTS)
    high = new_sequence(cards_from_faces("QD KD AD"), DEFAULTS)
    assert (low.start, high.start) == (1, 12)
    with pytest.raises(MeldError) as info:
        new_sequence(cards_from_faces("KD AD 2D"), DEFAULTS)
    assert info.value.rule == "K-4" and "middle" in info.value.reason


def test_TK_04_joker_identity_fixed_no_swap() -> None:
    assert meld_of("5C JK 7C") == "5C JK(6C) 7C"
    game = situation(hands=["5C JK 7C 6C 2D", "3D"])
    game.apply(lay(game, 0, "5C JK 7C"))
    # No action ever gives the joker back; 6C fits at neither end; "swap" is no Take action.
    six = held(game, 0, "6C")
    rejects(game, Extend(0, 0, six, End.LOW), "K-4")
    rejects(game, Extend(0, 0, six, End.HIGH), "K-4")
    assert all(six[0] not in getattr(a, "cards", ()) for a in game.legal_actions(0))
    with pytest.raises(MalformedActionError):
        game.action_from_json({"kind": "swap_joker", "seat": 0, "card": "6C", "meld": 0})


def test_TK_05_joker_ace_beside_natural_ace() -> None:
    game = situation(hands=["JK 2H 3H QH KH AH 4C", "3D"])
    game.apply(lay(game, 0, "JK 2H 3H"))
    game.apply(lay(game, 0, "QH KH AH"))
    assert table(game) == [(0, "JK(AH) 2H 3H"), (0, "QH KH AH")]


def test_TK_06_joker_ace_bottom_king_top_cannot_be_taken() -> None:
    game = situation(melds=[(1, "JK(AC) 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")], hands=["AC JK 5D", "3D"])
    seq = game.sequences()[0]
    assert seq.locked and len(seq.meld.cards) == 13
    rejects(game, ext(game, 0, 0, "AC", "high"), "K-14")
    rejects(game, ext(game, 0, 0, "JK", "high"), "K-14")
    rejects(game, ext(game, 0, 0, "AC", "low"), "K-4")
    assert not [a for a in game.legal_actions(0) if isinstance(a, Extend)]


def test_TK_07_no_lay_down_before_drawing() -> None:
    game = situation(hands=["4S 5S 6S 2C", "3D"], phase=Phase.DRAW)
    rejects(game, lay(game, 0, "4S 5S 6S"), "K-8")


def test_TK_08_card_from_discard_pile_not_discarded() -> None:
    game = situation(hands=["4S 5S", "3D"], discard="2C 9S", phase=Phase.DRAW)
    game.apply(DrawDiscard(0))
    rejects(game, dis(game, 0, "9S"), "K-10")
    assert game.state.drawn_from_discard is not None and game.state.drawn_from_discard.key == "9S"
    game.apply(dis(game, 0, "4S"))


def test_TK_09_adding_above_the_top_takes_over() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["9H 2C", "3D"])
    events = game.apply(ext(game, 0, 0, "9H", "high"))
    assert table(game) == [(0, "6H 7H 8H 9H")]
    taken = next(e for e in events if e.kind == "sequence_taken_over")
    assert (taken.data["meld_id"], taken.data["from"], taken.data["to"]) == (0, 1, 0)


def test_TK_10_adding_below_keeps_the_owner() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["5H 2C", "3D"])
    events = game.apply(ext(game, 0, 0, "5H", "low"))
    assert table(game) == [(1, "5H 6H 7H 8H")]
    assert "sequence_taken_over" not in kinds(events)
    forbidden = situation(melds=[(1, "6H 7H 8H")], hands=["5H 2C", "3D"], options={"below_others": False})
    rejects(forbidden, ext(forbidden, 0, 0, "5H", "low"), "K-13")


def test_TK_11_bottom_then_top_same_turn_takes_all() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["5H 9H 2C", "3D"])
    game.apply(ext(game, 0, 0, "5H", "low"))
    assert table(game) == [(1, "5H 6H 7H 8H")]
    events = game.apply(ext(game, 0, 0, "9H", "high"))
    assert table(game) == [(0, "5H 6H 7H 8H 9H")]
    taken = next(e for e in events if e.kind == "sequence_taken_over")
    assert taken.data["bottom_added"] == ["5H"]


def test_TK_12_owner_adds_at_both_ends() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["2C", "5H 9H 3D"], to_move=1)
    events = game.apply(ext(game, 1, 0, "5H", "low")) + game.apply(ext(game, 1, 0, "9H", "high"))
    assert table(game) == [(1, "5H 6H 7H 8H 9H")]
    assert "sequence_taken_over" not in kinds(events)


def test_TK_13_takeover_chain_and_lock() -> None:
    game = situation(players=3, melds=[(1, "9D 10D JD")], hands=["JK AD 2S 3S 4S", "8D 5S 6S 7S", "KD 8C 9C 10C"],
                     stock="6H 5H 4H 3H 2H")
    game.apply(ext(game, 0, 0, "JK", "high"))
    assert table(game) == [(0, "9D 10D JD JK(QD)")]
    game.apply(dis(game, 0, "2S"))
    game.apply(DrawStock(1))
    game.apply(dis(game, 1, "5S"))
    game.apply(DrawStock(2))
    game.apply(ext(game, 2, 0, "KD", "high"))
    assert table(game) == [(2, "9D 10D JD JK(QD) KD")]
    game.apply(dis(game, 2, "8C"))
    game.apply(DrawStock(0))
    events = game.apply(ext(game, 0, 0, "AD", "high"))
    assert table(game) == [(0, "9D 10D JD JK(QD) KD AD")]
    assert game.sequences()[0].locked
    locked = next(e for e in events if e.kind == "sequence_locked")
    assert locked.data == {"meld_id": 0, "seat": 0, "owner": 0}
    game.apply(dis(game, 0, "3S"))
    game.apply(DrawStock(1))
    game.apply(ext(game, 1, 0, "8D", "low"))
    assert table(game) == [(0, "8D 9D 10D JD JK(QD) KD AD")]


def test_TK_14_top_ace_locks_but_bottom_stays_open() -> None:
    game = situation(hands=["JC JK 5D", "QC KC AC 3D 4D"], to_move=1)
    events = game.apply(lay(game, 1, "QC KC AC"))
    assert "sequence_locked" in kinds(events)
    game.apply(dis(game, 1, "3D"))
    game.apply(DrawStock(0))
    rejects(game, ext(game, 0, 0, "JK", "high"), "K-14")
    game.apply(ext(game, 0, 0, "JC", "low"))
    assert table(game) == [(1, "JC QC KC AC")]


def test_TK_15_low_ace_does_not_lock() -> None:
    game = situation(melds=[(1, "AS 2S 3S")], hands=["4S 2C", "3D"])
    assert not game.sequences()[0].locked
    game.apply(ext(game, 0, 0, "4S", "high"))
    assert table(game) == [(0, "AS 2S 3S 4S")]


def test_TK_16_joker_above_takes_joker_below_does_not() -> None:
    game = situation(players=3, melds=[(1, "6H 7H 8H"), (2, "9H 10H JH")], hands=["JK 2C 3C", "4D", "5D"])
    plays = [a for a in game.legal_actions(0) if isinstance(a, Extend) and a.meld == 0]
    assert {(a.end.value, a.cards) for a in plays} == {("low", held(game, 0, "JK")), ("high", held(game, 0, "JK"))}
    below = game.copy()
    below.apply(ext(below, 0, 0, "JK", "low"))
    assert table(below)[0] == (1, "JK(5H) 6H 7H 8H")
    game.apply(ext(game, 0, 0, "JK", "high"))
    assert table(game)[0] == (0, "6H 7H 8H JK(9H)")


def test_TK_17_joker_ace_on_top_takes_and_locks() -> None:
    game = situation(players=3, melds=[(1, "JH QH KH"), (2, "AH 2H 3H")], hands=["JK 2C 3C", "4D", "5D"])
    events = game.apply(ext(game, 0, 0, "JK", "high"))
    assert table(game)[0] == (0, "JH QH KH JK(AH)")
    assert kinds(events) == ["meld_extended", "sequence_taken_over", "sequence_locked"]


def test_TK_18_one_card_in_one_sequence() -> None:
    game = situation(hands=["5H 6H 7H 8H 9H 2C", "3D"])
    seven = held(game, 0, "7H")
    game.apply(lay(game, 0, "5H 6H 7H"))
    rejects(game, LayDown(0, (*seven, *held(game, 0, "8H 9H"))), "K-7")
    fresh = situation(hands=["5H 6H 7H 8H 9H 2C", "3D"])
    rejects(fresh, LayDown(0, held(fresh, 0, "5H 6H 7H") + held(fresh, 0, "7H")), "K-7")


def test_TK_19_new_sequence_beside_stays_separate() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["9H 10H JH 2C", "3D"])
    events = game.apply(lay(game, 0, "9H 10H JH"))
    assert table(game) == [(1, "6H 7H 8H"), (0, "9H 10H JH")]
    assert kinds(events) == ["meld_created"]


def test_TK_20_going_out_ends_the_hand_at_once() -> None:
    game = situation(hands=["7D 8D 9D 3S", "3D 4C"])
    game.apply(lay(game, 0, "7D 8D 9D"))
    events = game.apply(dis(game, 0, "3S"))
    assert kinds(events) == ["card_discarded", "round_scored"]
    assert game.phase is Phase.ROUND_OVER
    assert game.state.last_result is not None and game.state.last_result.out == 0
    assert game.state.last_result.points == (15, -10)


def test_TK_21_must_keep_a_card_to_discard() -> None:
    game = situation(hands=["7D 8D 9D", "3D"], stock="10D", phase=Phase.DRAW)
    game.apply(DrawStock(0))
    rejects(game, lay(game, 0, "7D 8D 9D 10D"), "K-10")
    assert LayDown(0, held(game, 0, "7D 8D 9D 10D")) not in game.legal_actions(0)
    game.apply(lay(game, 0, "7D 8D 9D"))
    game.apply(dis(game, 0, "10D"))
    assert game.phase is Phase.ROUND_OVER


def _end_of_hand() -> TakeGame:
    game = situation(players=4, hands=["2C", "3D 4D", "9C JK", "AS KD 7C"],
                     melds=[(2, "4S 5S 6S"), (2, "QH KH AH")])
    game.apply(dis(game, 0, "2C"))
    return game


def test_TK_22_owned_minus_held() -> None:
    result = _end_of_hand().state.last_result
    assert result is not None
    assert (result.table[2], result.held[2], result.points[2]) == (50, 25, 25)


def test_TK_23_nothing_owned_negative() -> None:
    result = _end_of_hand().state.last_result
    assert result is not None and result.points[3] == -30


def test_TK_24_went_out_with_joker_ace() -> None:
    game = situation(hands=["5D", "3D"], melds=[(0, "8H 9H 10H JH"), (0, "JK(AC) 2C 3C")])
    game.apply(dis(game, 0, "5D"))
    assert game.state.last_result is not None and game.state.last_result.points[0] == 60


def test_TK_25_taken_sequence_scores_for_the_taker() -> None:
    game = situation(hands=["9H 5D", "3D"], melds=[(1, "6H 7H 8H")])
    game.apply(ext(game, 0, 0, "9H", "high"))
    game.apply(dis(game, 0, "5D"))
    result = game.state.last_result
    assert result is not None and result.table == (20, 0)


def test_TK_26_added_below_scores_for_the_owner() -> None:
    game = situation(hands=["5H 5D", "3D"], melds=[(1, "6H 7H 8H")])
    game.apply(ext(game, 0, 0, "5H", "low"))
    game.apply(dis(game, 0, "5D"))
    result = game.state.last_result
    assert result is not None and result.table == (0, 20)


def test_TK_27_reaching_the_target_highest_wins() -> None:
    game = situation(hands=["3C", "5C"], melds=[(0, "QH KH AH"), (1, "JD QD KD"), (1, "2S 3S 4S")],
                     scores=[470, 480])
    events = game.apply(dis(game, 0, "3C"))
    assert game.state.round_scores[-1] == [35, 40]
    assert game.scores == [505, 520]
    assert game.phase is Phase.MATCH_OVER and game.state.winners == [1]
    assert kinds(events)[-1] == "match_over"
    assert events[-1].data == {"winners": [1], "totals": [505, 520]}


def test_TK_28_rebuilt_stock_keeps_the_top_discard() -> None:
    pile = "4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    game = situation(hands=["QD 3C", "10D JD KD AD JK JK 2C"], discard=pile, seed=5,
                     melds=[(1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
                            (1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), (1, "2D 3D 4D 5D 6D 7D 8D 9D")],
                     stock="")
    assert game.state.stock == []
    game.state.melded_since_restock = True  # play has moved since the deal, so the stock is rebuilt
    below = list(game.state.discard)
    events = game.apply(dis(game, 0, "QD"))
    assert len(below) + 1 == 12
    assert kinds(events) == ["card_discarded", "stock_rebuilt"] and events[-1].data == {"count": 11}
    assert [c.key for c in game.state.discard] == ["QD"]
    expected = list(below)
    chance_rng(5, "restock", game.state.hand_no, 1).shuffle(expected)
    assert game.state.stock == expected and game.state.restocks == 1
    assert game.phase is Phase.DRAW and game.to_move == 1


def test_TK_29_four_player_deal() -> None:
    game = TakeGame.new({"players": 4}, seed=3)
    assert [len(h) for h in game.state.hands] == [7, 7, 7, 7]
    assert len(game.state.discard) == 1 and len(game.state.stock) == 25
