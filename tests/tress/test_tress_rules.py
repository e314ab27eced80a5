"""Rules T-1..T-15 and T-20..T-21 where no worked example covers them (claims: test_tress_claims.py)."""

from __future__ import annotations

import pytest
from test_tress_helpers import all_cards, assert_illegal, card, full_deck, kinds, lay_down, melds, table

from rummytable.cards import cards_from_faces, joker
from rummytable.game import Phase
from rummytable.tress.game import TressGame
from rummytable.tress.scoring import card_points, hand_points, match_winners


@pytest.mark.parametrize(("players", "jokers"), [(3, 4), (4, 4), (5, 5), (6, 6)])
def test_T_01_deck_of_two_packs_and_jokers(players: int, jokers: int) -> None:
    game = TressGame.new({"players": players}, seed=players)
    assert game.options.joker_count == jokers
    assert sum(all_cards(game).values()) == 104 + jokers
    assert all_cards(game) == full_deck(game)
    assert sum(1 for c in all_cards(game) if c.is_joker) == jokers


def test_T_02_card_values() -> None:
    expected = {2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, 10: 10, 11: 10, 12: 10, 13: 10, 14: 20}
    for face, points in expected.items():
        for suit in "SHDC":
            assert card_points(cards_from_faces(f"{'JQKA'[face - 11] if face > 10 else face}{suit}")[0]) == points
    assert card_points(joker()) == 50


def test_T_03_ties_share_the_win() -> None:
    assert match_winners([100, 80, 80]) == [1, 2]
    assert match_winners([100, 80, 80], round7=[0, 30, 10]) == [2]
    assert match_winners([80, 80], round7=[5, 5]) == [0, 1]


def test_T_04_contract_of_each_round() -> None:
    expected = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (3, 1)]
    for round_no, (sets, runs) in enumerate(expected, start=1):
        game = table([None] * 4, round_no=round_no, phase="draw")
        assert game.view(0)["contract"] == {"sets": sets, "runs": runs, "all_cards": round_no == 7}


def test_T_05_random_first_dealer_and_first_card_turned_up() -> None:
    dealers = set()
    for seed in range(40):
        game = TressGame.new({}, seed)
        dealers.add(game.state.dealer)
        assert game.to_move == (game.state.dealer + 1) % 4
        assert len(game.state.discard) == 1
        assert len(game.state.stock) == 108 - 28 - 1
        assert game.phase is Phase.DRAW
        assert not game.state.discard_dead
        assert TressGame.new({}, seed).save() == game.save()
    assert dealers == {0, 1, 2, 3}


def test_T_06_set_has_no_upper_size() -> None:
    game = table(["9H 9S 9D 9C JK 2C", None, None, None], melds=[(0, "9H 9S 9D"), (0, "KD KS KC")])
    for face in ("9H", "9S", "9D", "9C", "JK"):
        game.apply_json({"kind": "lay_off", "seat": 0, "card": card(game, 0, face), "meld": 0, "end": "high"})
    assert len(game.state.melds[0].meld.cards) == 8


def test_T_07_nothing_below_a_low_ace() -> None:
    game = table(["JK KH 2C", None, None, None], round_no=2, melds=[(0, "AH 2H 3H 4H"), (0, "7C 7H 7S")])
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "JK", "meld": 0, "end": "low"}, "T-7")
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "KH", "meld": 0, "end": "low"}, "T-7")


def test_T_08_every_meld_needs_a_natural_card() -> None:
    game = table(["JK JK JK 5D 5S 5H 2C 3C", None, None, None], options={"joker_ratio": "at_least_one_natural"})
    action = lay_down(0, {"kind": "set", "cards": ["JK", "JK.1", "JK.2"]},
                      *melds(game, 0, ("set", "5D 5S 5H")))
    assert_illegal(game, action, "T-8")


def test_T_09_joker_lay_offs_are_unrestricted() -> None:
    game = table(["JK JK 2C", None, None, None], melds=[(0, "9C 9D JK(9)"), (0, "KD KS KC")])
    for key in [c.key for c in game.hand(0) if c.is_joker]:
        game.apply_json({"kind": "lay_off", "seat": 0, "card": key, "meld": 0, "end": "high"})
    assert game.state.melds[0].meld.jokers == 3
    assert game.state.melds[0].meld.naturals == 2


def test_T_11_draw_once_before_playing() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    assert_illegal(game, {"kind": "discard", "seat": 1, "card": game.hand(1)[0].key}, "T-11")
    game.apply_json({"kind": "draw_stock", "seat": 1})
    assert_illegal(game, {"kind": "draw_stock", "seat": 1}, "T-11")
    assert_illegal(game, {"kind": "draw_stock", "seat": 2}, "turn")


def test_T_12_going_down_is_optional_and_never_partial() -> None:
    game = table(["4H 4S 4C KD KS KH 7C 2D", None, None, None])
    assert_illegal(game, lay_down(0, *melds(game, 0, ("set", "4H 4S 4C"))), "T-12")
    assert [a.KIND for a in game.legal_actions(0)].count("lay_down") >= 1
    game.apply_json({"kind": "discard", "seat": 0, "card": "7C"})
    assert not game.state.down[0]
    assert game.phase is Phase.DRAW


def test_T_12_cards_must_come_from_the_hand() -> None:
    game = table(["4H 4S 4C KD KS 7C 2D 3D", None, None, None])
    action = lay_down(0, *melds(game, 0, ("set", "4H 4S 4C")), {"kind": "set", "cards": ["KD", "KS", "KH"]})
    assert_illegal(game, action, "T-12")


def test_T_14_may_not_discard_the_card_taken_from_the_pile() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    game.apply_json({"kind": "draw_discard", "seat": 1})
    assert game.view(1)["drawn_from_discard"] == "10H"
    assert game.view(0)["drawn_from_discard"] is None
    assert_illegal(game, {"kind": "discard", "seat": 1, "card": "10H"}, "T-14")
    assert {"kind": "discard", "seat": 1, "card": "10H"} not in game.view(1)["legal_actions"]


def test_T_14_may_not_keep_only_the_card_from_the_pile() -> None:
    game = table(["5C", None, None, None], phase="draw", discard="2C 9D", discarder=3,
                 melds=[(0, "5H 5S 5D"), (0, "KD KS KC")])
    game.apply_json({"kind": "draw_discard", "seat": 0})
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "5C", "meld": 0, "end": "high"}, "T-14")
    game.apply_json({"kind": "discard", "seat": 0, "card": "5C"})
    assert game.hand(0) == cards_from_faces("9D")


def test_T_15_others_score_their_hands_when_one_goes_out() -> None:
    game = table(["3D", "2C 3C 4C 5C 6C 7C 8C", None, None], melds=[(0, "4H 4S 4C"), (0, "KD KS KC")])
    events = game.apply_json({"kind": "discard", "seat": 0, "card": "3D"})
    scored = events[-1]
    assert scored.kind == "round_scored"
    assert scored.data["out"] == 0
    assert scored.data["points"] == [0, 40, hand_points(game.hand(2)), hand_points(game.hand(3))]
    assert game.phase is Phase.ROUND_OVER
    assert game.to_move == (game.state.dealer + 1) % 4


def test_T_20_nobody_lays_off_in_round7() -> None:
    game = table(["5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 2C", None, None, None], round_no=7)
    assert not game.state.down[0]
    assert not [a for a in game.legal_actions(0) if a.KIND in ("lay_off", "swap_joker")]


def test_T_21_round_ends_when_nothing_is_left_to_rebuild() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="9C", rest_to=0)
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert kinds(events) == ["round_scored"]
    assert events[0].data["out"] is None
    assert game.phase is Phase.ROUND_OVER


def test_T_21_rebuilt_stock_keeps_the_dead_top_card() -> None:
    pile = "2C 3C 4C 5C 6C 7C 8C 4D 10H"
    game = table([None] * 4, phase="draw", to_move=1, discard=pile, discarder=0, rest_to=0)
    game.apply_json({"kind": "call", "seat": 3})
    events = game.apply_json({"kind": "grant", "seat": 1})
    assert kinds(events) == ["claim_granted", "stock_rebuilt", "card_drawn"]
    assert events[1].data["count"] == 7
    view = game.view(1)
    assert (view["discard_top"], view["discard_dead"], view["stock_count"]) == ("4D", True, 6)
    assert_illegal(game, {"kind": "draw_discard", "seat": 1}, "T-17")


def test_T_21_restock_is_seeded_and_replayable() -> None:
    pile = "2C 3C 4C 5C 6C 7C 8C 10C JC QC 9C"
    first = table([None] * 4, phase="draw", to_move=1, discard=pile, discarder=0, rest_to=0, seed=7)
    second = table([None] * 4, phase="draw", to_move=1, discard=pile, discarder=0, rest_to=0, seed=7)
    first.apply_json({"kind": "draw_stock", "seat": 1})
    second.apply_json({"kind": "draw_stock", "seat": 1})
    assert first.state.stock == second.state.stock
    assert first.save() == second.save()
