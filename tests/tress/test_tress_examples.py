"""The worked examples TR-01..TR-33 of docs/rules-tress.md, one test each, named after it.

Seats are 0-based in code; the rule book's P1 is seat 0.
"""

from __future__ import annotations

import pytest
from test_tress_helpers import assert_illegal, card, keys_for, kinds, lay_down, meld, melds, table

from rummytable.cards import cards_from_faces
from rummytable.game import Phase
from rummytable.melds import TRESS_RUNS, MeldError, RunRules, make_run, make_set
from rummytable.tress.game import TressGame
from rummytable.tress.options import TressOptions, round_deal
from rummytable.tress.scoring import hand_points

WRAP = RunRules(min_length=4, both_aces=True, wrap=True, rule="T-7")


def test_TR_01_deals_and_minimum_contract_sizes() -> None:
    opts = TressOptions()
    sizes = []
    for r in range(1, 8):
        c = opts.contract(r)
        sizes.append(3 * c.sets + 4 * c.runs)
        assert round_deal(r) == 6 + r
    assert sizes == [6, 7, 8, 9, 10, 11, 13]
    # The engine deals those sizes: round 1 by new(), the others by next_round.
    game = TressGame.new({}, seed=5)
    assert [len(h) for h in game.state.hands] == [7] * 4
    for r in range(2, 8):
        game = table([None] * 4, round_no=r - 1, phase="round_over", to_move=1, dealer=0)
        game.apply_json({"kind": "next_round", "seat": 3})
        assert game.state.round == r
        assert [len(h) for h in game.state.hands] == [6 + r] * 4


def test_TR_02_set_with_duplicate_suits() -> None:
    assert make_set(cards_from_faces("9H 9H 9S")).rank == 9
    game = table(["9H 9H 9S 5C 5D 5S 2C KD", None, None, None])
    game.apply_json(lay_down(0, meld("set", game, 0, "9H 9H 9S"), meld("set", game, 0, "5C 5D 5S")))
    assert game.state.down[0]
    assert sorted(m.meld.cards[0].key for m in game.state.melds.values()) == ["5C", "9H"]


def test_TR_03_run_length_and_suit() -> None:
    assert make_run(cards_from_faces("8S 9S 10S JS"), TRESS_RUNS).start == 8
    with pytest.raises(MeldError):
        make_run(cards_from_faces("8S 9S 10S"), TRESS_RUNS)
    with pytest.raises(MeldError):
        make_run(cards_from_faces("8S 9S 10H JS"), TRESS_RUNS)
    hand = "8S 9S 10S JS 10H 4C 4D 4H 2C"
    game = table([hand, None, None, None], round_no=2)
    assert_illegal(game, lay_down(0, meld("set", game, 0, "4C 4D 4H"), meld("run", game, 0, "8S 9S 10S")), "T-7")
    assert_illegal(game, lay_down(0, meld("set", game, 0, "4C 4D 4H"), meld("run", game, 0, "8S 9S 10H JS")),
                   "T-7")
    game.apply_json(lay_down(0, meld("set", game, 0, "4C 4D 4H"), meld("run", game, 0, "8S 9S 10S JS")))


@pytest.mark.parametrize("wrap", [False, True])
def test_TR_04_aces_low_high_and_wrap(wrap: bool) -> None:
    rules = WRAP if wrap else TRESS_RUNS
    assert make_run(cards_from_faces("AH 2H 3H 4H"), rules).start == 1
    assert make_run(cards_from_faces("JD QD KD AD"), rules).start == 11
    hand = "QC KC AC 2C 7D 7S 7H 5S 3D"
    game = table([hand, None, None, None], round_no=2, options={"wrap_runs": wrap})
    action = lay_down(0, meld("set", game, 0, "7D 7S 7H"), meld("run", game, 0, "QC KC AC 2C"))
    if wrap:
        game.apply_json(action)
        assert [m["faces"] for m in game.view(0)["melds"]][1] == ["QC", "KC", "AC", "2C"]
    else:
        assert_illegal(game, action, "T-7")


def test_TR_05_round1_two_sets_one_joker_then_discard() -> None:
    game = table(["4H 4S 4C KD KS JK 7C 2D", None, None, None])
    events = game.apply_json(lay_down(0, meld("set", game, 0, "4H 4S 4C"), meld("set", game, 0, "KD KS JK")))
    assert kinds(events) == ["meld_created", "meld_created"]
    assert game.view(0)["melds"][1]["faces"] == ["KD", "KS", "K"]
    game.apply_json({"kind": "discard", "seat": 0, "card": "7C"})
    assert game.hand(0) == cards_from_faces("2D")
    assert (game.phase, game.to_move) == (Phase.DRAW, 1)


@pytest.mark.parametrize(("ratio", "set_ok", "run_ok"), [
    (None, True, True), ("more_naturals", False, False), ("naturals_at_least", False, True),
    ("at_least_one_natural", True, True)])
def test_TR_06_joker_ratio(ratio: str | None, set_ok: bool, run_ok: bool) -> None:
    # None: the default, one natural card per meld (docs/rules-tress.md, T-9); more_naturals is the
    # Liverpool rule the shared rule book took as its default.
    options = {} if ratio is None else {"joker_ratio": ratio}
    game = table(["9C JK JK 5D 5S 5H 2C 3C", None, None, None], options=options)
    action = lay_down(0, meld("set", game, 0, "9C JK JK"), meld("set", game, 0, "5D 5S 5H"))
    if set_ok:
        game.apply_json(action)
    else:
        assert_illegal(game, action, "T-9")
    game = table(["5H JK 7H 8H 5H JK JK 8H 9S 9D 9C 2C", None, None, None], round_no=2, options=options)
    one, two = keys_for(game, 0, "5H JK 7H 8H"), keys_for(game, 0, "5H 8H")
    jokers = [k for k in keys_for(game, 0, "JK JK JK") if k != one[1]]
    nine = meld("set", game, 0, "9S 9D 9C")
    game.copy().apply_json(lay_down(0, nine, {"kind": "run", "cards": one}))
    action = lay_down(0, nine, {"kind": "run", "cards": [two[0], jokers[0], jokers[1], two[1]]})
    if run_ok:
        game.apply_json(action)
    else:
        assert_illegal(game, action, "T-9")


def test_TR_07_round2_needs_a_set_and_a_run() -> None:
    game = table(["5C 5D 5H QS QH QC 2D 3D 4S", None, None, None], round_no=2)
    assert_illegal(game, lay_down(0, meld("set", game, 0, "5C 5D 5H"), meld("set", game, 0, "QS QH QC")), "T-12")


def test_TR_08_lay_four_and_three_then_discard_out() -> None:
    game = table(["6C 6D 6H 6S JS JH JD", None, None, None], phase="draw", stock="3D")
    game.apply_json({"kind": "draw_stock", "seat": 0})
    game.apply_json(lay_down(0, meld("set", game, 0, "6C 6D 6H 6S"), meld("set", game, 0, "JS JH JD")))
    events = game.apply_json({"kind": "discard", "seat": 0, "card": "3D"})
    assert kinds(events) == ["card_discarded", "round_scored"]
    assert game.phase is Phase.ROUND_OVER
    assert game.state.round_scores[0][0] == 0
    assert game.state.last_result is not None
    assert game.state.last_result["out"] == 0


def test_TR_09_lay_off_on_own_set_same_turn() -> None:
    game = table(["6C 6D 6H 6S JS JH JD", None, None, None], phase="draw", stock="3D")
    game.apply_json({"kind": "draw_stock", "seat": 0})
    game.apply_json(lay_down(0, meld("set", game, 0, "6C 6D 6H"), meld("set", game, 0, "JS JH JD")))
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "6S", "meld": 0, "end": "high"})
    game.apply_json({"kind": "discard", "seat": 0, "card": "3D"})
    assert game.phase is Phase.ROUND_OVER
    assert game.state.round_scores[0][0] == 0


def test_TR_10_not_down_may_not_lay_off() -> None:
    game = table(["4D 9C 9D 2H 3H 5S 8S QC", None, "2C 2D 2H 7S", None],
                 melds=[(2, "4H 4S 4C"), (2, "KD KS KH")])
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "4D", "meld": 0, "end": "high"}, "T-13")


def test_TR_11_lay_off_on_the_turn_of_going_down() -> None:
    game = table(["4D 9C 9D 9H KS KH KD 2C", None, "2C 2D 2H 7S", None],
                 melds=[(2, "4H 4S 4C"), (2, "8D 8S 8H")])
    game.apply_json(lay_down(0, meld("set", game, 0, "9C 9D 9H"), meld("set", game, 0, "KS KH KD")))
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "4D", "meld": 0, "end": "high"})
    assert len(game.state.melds[0].meld.cards) == 4
    game.apply_json({"kind": "discard", "seat": 0, "card": card(game, 0, "2C")})
    assert game.phase is Phase.ROUND_OVER


@pytest.mark.parametrize("extra", [False, True])
def test_TR_12_no_new_melds_once_down(extra: bool) -> None:
    game = table(["8C 8D 8H 3S 4S", None, None, None], melds=[(0, "5H 5S 5C"), (0, "KD KS KH")],
                 options={"extra_melds": extra})
    action = lay_down(0, meld("set", game, 0, "8C 8D 8H"))
    if extra:
        game.apply_json(action)
        assert len(game.state.melds) == 3
    else:
        assert_illegal(game, action, "T-13")


def test_TR_13_must_keep_a_card_to_discard() -> None:
    game = table(["7H", None, None, None], round_no=2, phase="draw", stock="QC",
                 melds=[(0, "QS QH QD"), (0, "3H 4H 5H 6H")])
    game.apply_json({"kind": "draw_stock", "seat": 0})
    laid = game.copy()
    laid.apply_json({"kind": "lay_off", "seat": 0, "card": "QC", "meld": 0, "end": "high"})
    assert_illegal(laid, {"kind": "lay_off", "seat": 0, "card": "7H", "meld": 1, "end": "high"}, "T-14")
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "7H", "meld": 1, "end": "high"})
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "QC", "meld": 0, "end": "high"}, "T-14")
    game.apply_json({"kind": "discard", "seat": 0, "card": "QC"})
    assert game.phase is Phase.ROUND_OVER
    assert game.state.last_result is not None
    assert game.state.last_result["out"] == 0


ROUND7_OUT = "5H 5S 5D 5C 9C 9D 9H QS QH QD 6S 7S 8S 9S"


def _round7_melds(game: TressGame, seat: int = 0) -> list[dict[str, object]]:
    return [meld("set", game, seat, "5H 5S 5D 5C"), meld("set", game, seat, "9C 9D 9H"),
            meld("set", game, seat, "QS QH QD"), meld("run", game, seat, "6S 7S 8S 9S")]


def test_TR_14_round7_all_cards_out() -> None:
    game = table([ROUND7_OUT, None, None, None], round_no=7)
    events = game.apply_json(lay_down(0, *_round7_melds(game)))
    assert kinds(events)[-2:] == ["round_scored", "match_over"]
    assert game.phase is Phase.MATCH_OVER
    assert game.state.round_scores[-1][0] == 0
    assert not game.hand(0)
    assert all(game.state.round_scores[-1][s] == hand_points(game.hand(s)) for s in range(4))


def test_TR_15_round7_card_left_over_no_lay_down() -> None:
    game = table([ROUND7_OUT.replace("5C", "2C"), None, None, None], round_no=7)
    partial = melds(game, 0, ("set", "5H 5S 5D"), ("set", "9C 9D 9H"), ("set", "QS QH QD"),
                    ("run", "6S 7S 8S 9S"))
    assert_illegal(game, lay_down(0, *partial), "T-20")
    assert not [a for a in game.legal_actions(0) if a.KIND == "lay_down"]
    game.apply_json({"kind": "discard", "seat": 0, "card": "2C"})
    assert (game.phase, game.to_move) == (Phase.DRAW, 1)


@pytest.mark.parametrize("three_runs", [False, True])
def test_TR_16_round7_three_runs_only_with_option(three_runs: bool) -> None:
    hand = "2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 9D 10D JD QD"
    game = table([hand, None, None, None], round_no=7,
                 options={"round7": "three_runs" if three_runs else "sets_and_run"})
    action = lay_down(0, meld("run", game, 0, "2H 3H 4H 5H 6H"), meld("run", game, 0, "2S 3S 4S 5S 6S"),
                      meld("run", game, 0, "9D 10D JD QD"))
    if three_runs:
        game.apply_json(action)
        assert game.phase is Phase.MATCH_OVER
    else:
        assert_illegal(game, action, "T-12")


@pytest.mark.parametrize("last", ["10S", "2C"])
def test_TR_17_round7_after_a_claim_all_sixteen_must_fit(last: str) -> None:
    hand = "5H 5S 5D 9C 9D 9H QS QH QD 6S 7S 8S 9S"
    game = table([None, None, hand, None],
                 round_no=7, phase="draw", to_move=0, discard="4S 5C", discarder=3,
                 stock=f"QC 3C 4C {last}")
    game.apply_json({"kind": "call", "seat": 2})
    game.apply_json({"kind": "grant", "seat": 0})
    assert len(game.state.hands[2]) == 15
    for seat, face in ((0, "3C"), (1, "4C")):
        game.apply_json({"kind": "draw_stock", "seat": seat})
        game.apply_json({"kind": "discard", "seat": seat, "card": card(game, seat, face)})
    game.apply_json({"kind": "draw_stock", "seat": 2})
    assert len(game.state.hands[2]) == 16
    melds = [meld("set", game, 2, "5H 5S 5D 5C"), meld("set", game, 2, "9C 9D 9H"),
             meld("set", game, 2, "QS QH QD QC")]
    if last == "10S":
        game.apply_json(lay_down(2, *melds, meld("run", game, 2, "6S 7S 8S 9S 10S")))
        assert game.phase is Phase.MATCH_OVER
        assert game.state.last_result is not None
        assert game.state.last_result["out"] == 2
    else:
        assert_illegal(game, lay_down(2, *melds, meld("run", game, 2, "6S 7S 8S 9S")), "T-20")


def _tr18(**options: object) -> TressGame:
    """P1 has discarded 10H onto 4C; P2 is due to draw; P4 calls first, then P3."""
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0, stock="2S 3S",
                 options=dict(options))
    game.apply_json({"kind": "call", "seat": 3})
    game.apply_json({"kind": "call", "seat": 2})
    return game


def test_TR_18_drawer_takes_it_or_first_caller_gets_it() -> None:
    game = _tr18()
    assert game.phase is Phase.CLAIM
    assert game.view(1)["claims"] == [3, 2]
    kept = game.copy()
    kept.apply_json({"kind": "draw_discard", "seat": 1})
    assert card(kept, 1, "10H")
    assert len(kept.state.hands[1]) == 8
    assert kept.phase is Phase.PLAY
    assert [len(h) for h in kept.state.hands] == [7, 8, 7, 7]
    events = game.apply_json({"kind": "grant", "seat": 1})
    assert kinds(events) == ["claim_granted", "card_drawn"]
    assert events[0].data["seat"] == 3
    assert events[1].for_seat(0)["card"] is None
    assert events[1].for_seat(3)["card"] == "2S"
    assert [len(h) for h in game.state.hands] == [7, 7, 7, 9]
    assert_illegal(game, {"kind": "draw_discard", "seat": 1}, "T-17")
    game.apply_json({"kind": "draw_stock", "seat": 1})
    assert game.hand(1).count(cards_from_faces("3S")[0]) == 1
    assert game.view(1)["phase"] == "play"
    by_seat = _tr18(claim_priority="seat_order")
    assert by_seat.view(0)["claims"] == [2, 3]
    by_seat.apply_json({"kind": "grant", "seat": 1})
    assert len(by_seat.state.hands[2]) == 9
    assert len(by_seat.state.hands[3]) == 7


def test_TR_19_granted_caller_does_not_discard() -> None:
    game = table([None] * 4, round_no=2, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    game.apply_json({"kind": "call", "seat": 3})
    game.apply_json({"kind": "grant", "seat": 1})
    assert len(game.state.hands[3]) == 10
    assert_illegal(game, {"kind": "discard", "seat": 3, "card": "10H"}, "turn")
    assert game.to_move == 1
    assert game.phase is Phase.DRAW


def test_TR_20_no_call_after_the_draw() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    game.apply_json({"kind": "draw_stock", "seat": 1})
    assert_illegal(game, {"kind": "call", "seat": 2}, "T-16")


@pytest.mark.parametrize("how", ["kept", "granted"])
def test_TR_21_exposed_card_is_dead(how: str) -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    if how == "kept":
        game.apply_json({"kind": "draw_discard", "seat": 1})
    else:
        game.apply_json({"kind": "call", "seat": 3})
        game.apply_json({"kind": "grant", "seat": 1})
        assert_illegal(game, {"kind": "draw_discard", "seat": 1}, "T-17")
    assert game.view(2)["discard_top"] == "4C"
    assert game.view(2)["discard_dead"]
    assert_illegal(game, {"kind": "call", "seat": 2}, "T-17" if how == "granted" else "T-16")
    assert not [a for a in game.legal_actions(2) if a.KIND == "call"]


@pytest.mark.parametrize("answer", ["draw_discard", "grant"])
def test_TR_22_first_turned_card_may_be_claimed(answer: str) -> None:
    game = table([None] * 4, round_no=3, phase="draw", dealer=3, to_move=0, discard="7S")
    game.apply_json({"kind": "call", "seat": 1})
    game.apply_json({"kind": answer, "seat": 0})
    holder = 0 if answer == "draw_discard" else 1
    assert card(game, holder, "7S")
    assert [len(h) for h in game.state.hands] == ([10, 9, 9, 9] if holder == 0 else [9, 11, 9, 9])


def test_TR_23_no_claim_on_own_discard() -> None:
    game = table([None] * 4, phase="draw", to_move=1, discard="4C KD", discarder=0)
    assert_illegal(game, {"kind": "call", "seat": 0}, "T-16")


@pytest.mark.parametrize("down_may_claim", [True, False])
def test_TR_24_down_player_may_call(down_may_claim: bool) -> None:
    game = table([None, "2C 3C", None, None], round_no=4, phase="draw", to_move=2, discard="9C 4D", discarder=0,
                 melds=[(1, "5H 5S 5C"), (1, "8D 8S 8H"), (1, "KD KS KH")],
                 options={"down_may_claim": down_may_claim})
    action = {"kind": "call", "seat": 1}
    if down_may_claim:
        game.apply_json(action)
        game.apply_json({"kind": "grant", "seat": 2})
        assert card(game, 1, "4D")
        assert len(game.state.hands[1]) == 4
    else:
        assert_illegal(game, action, "T-16")


def _score_when_out(held: str) -> list[int]:
    """P1 goes out by discarding; P2 (down) holds ``held``; returns the round's points."""
    game = table(["3D", held, None, None], melds=[(0, "4H 4S 4C"), (0, "KD KS KC"), (1, "9H 9S 9C"),
                                                  (1, "10H 10S 10C")])
    game.apply_json({"kind": "discard", "seat": 0, "card": "3D"})
    assert game.phase is Phase.ROUND_OVER
    return game.state.round_scores[-1]


def test_TR_25_hand_scores_100_and_out_scores_0() -> None:
    points = _score_when_out("3C 7D 8H KS AS JK")
    assert points[:2] == [0, 100]


def test_TR_26_duplicate_twos_and_ace() -> None:
    assert _score_when_out("2D 2D 8C QH")[1] == 30
    assert _score_when_out("2D 2D 8C QH AH")[1] == 50


def test_TR_27_lowest_total_wins() -> None:
    low = "2C 2D 3C 3D 4C 4D 6C 6D 7C 7D 2H 3H 4H"
    assert hand_points(cards_from_faces(low)) == 65
    rows = [[80, 90, 145]] + [[0, 0, 0]] * 5
    game = table([low, ROUND7_OUT, low], round_no=7, to_move=1, round_scores=rows)
    game.apply_json(lay_down(1, *_round7_melds(game, 1)))
    assert game.scores == [145, 90, 210]
    assert game.state.winners == [1]
    assert game.view(0)["winners"] == [1]


def test_TR_28_dealer_rotates_left() -> None:
    seed = next(s for s in range(100) if TressGame.new({}, s).state.dealer == 0)
    game = TressGame.new({}, seed)
    assert (game.state.dealer, game.to_move) == (0, 1)
    over = table([None] * 4, phase="round_over", dealer=0, to_move=1)
    over.apply_json({"kind": "next_round", "seat": 1})
    assert (over.state.round, over.state.dealer, over.to_move) == (2, 1, 2)


def test_TR_29_distinct_melds() -> None:
    runs = "3S 4S 5S 6S 7S 8S 9S 10S JS QS 5S 6S 7S 8S 2C"
    cases = [(3, [("run", "3S 4S 5S 6S"), ("run", "7S 8S 9S 10S")], False),
             (3, [("run", "3S 4S 5S 6S"), ("run", "9S 10S JS QS")], True),
             (3, [("run", "3S 4S 5S 6S"), ("run", "5S 6S 7S 8S")], True)]
    for round_no, specs, legal in cases:
        for distinct in (True, False):
            game = table([runs, None, None, None], round_no=round_no, options={"distinct_melds": distinct})
            action = lay_down(0, *melds(game, 0, *specs))
            if legal or not distinct:
                game.apply_json(action)
            else:
                assert_illegal(game, action, "T-12")
    for distinct in (True, False):
        game = table(["4H 4S 4C 4D 4H 4S 2C 9D", None, None, None], options={"distinct_melds": distinct})
        action = lay_down(0, *melds(game, 0, ("set", "4H 4S 4C"), ("set", "4D 4H 4S")))
        if distinct:
            assert_illegal(game, action, "T-12")
        else:
            game.apply_json(action)


def test_TR_30_nothing_past_a_high_ace_and_the_14_card_run() -> None:
    game = table(["10D JK 5C", None, None, None], round_no=2, melds=[(0, "JD QD KD AD"), (0, "7C 7H 7S")])
    assert_illegal(game, {"kind": "lay_off", "seat": 0, "card": "JK", "meld": 0, "end": "high"}, "T-7")
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "10D", "meld": 0, "end": "low"})
    assert game.view(0)["melds"][0]["start"] == 10
    full = make_run(cards_from_faces("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"), TRESS_RUNS)
    assert (full.start, full.end) == (1, 14)
    game = table(["AD AD 5C", None, None, None], round_no=2,
                 melds=[(0, "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"), (0, "7C 7H 7S")])
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "AD", "meld": 0, "end": "low"})
    game.apply_json({"kind": "lay_off", "seat": 0, "card": "AD.1", "meld": 0, "end": "high"})
    assert len(game.state.melds[0].meld.cards) == 14
    assert not [a for a in game.legal_actions(0) if a.KIND == "lay_off"]


def test_TR_31_empty_stock_rebuilt_top_card_stays() -> None:
    pile = "2C 3C 4C 5C 6C 7C 8C 10C JC QC KC 2D 3D 4D 5D 6D 7D 8D 10D JD 9C"
    game = table([None] * 4, phase="draw", to_move=1, discard=pile, discarder=0, rest_to=0,
                 options={"claim_window": "until_discard"})
    assert game.view(1)["stock_count"] == 0
    events = game.apply_json({"kind": "draw_stock", "seat": 1})
    assert kinds(events) == ["stock_rebuilt", "card_drawn"]
    assert events[0].data["count"] == 20
    view = game.view(2)
    assert (view["discard_top"], view["discard_count"], view["stock_count"]) == ("9C", 1, 19)
    game.apply_json({"kind": "call", "seat": 2, "card": "9C"})
    game.apply_json({"kind": "discard", "seat": 1, "card": game.hand(1)[0].key})
    assert card(game, 2, "9C")


@pytest.mark.parametrize("swap", [False, True])
def test_TR_32_joker_swap_option(swap: bool) -> None:
    game = table(["6H 9S 2C", None, None, None], round_no=2, melds=[(0, "5H JK(6H) 7H 8H"), (0, "9C 9D JK(9)")],
                 options={"joker_swap": swap})
    action = {"kind": "swap_joker", "seat": 0, "card": "6H", "meld": 0}
    if not swap:
        assert_illegal(game, action, "T-10")
        return
    events = game.apply_json(action)
    assert kinds(events) == ["joker_swapped"]
    assert game.view(0)["melds"][0]["cards"] == ["5H", "6H", "7H", "8H"]
    assert "JK" in game.view(0)["hand"]
    assert_illegal(game, {"kind": "swap_joker", "seat": 0, "card": card(game, 0, "9S"), "meld": 1}, "T-10")


def test_TR_33_joker_laid_off_at_either_end() -> None:
    game = table(["JK 2C", None, None, None], round_no=2, melds=[(0, "5H 6H 7H 8H"), (0, "9C 9D 9S")])
    offs = [a.to_json() for a in game.legal_actions(0) if a.KIND == "lay_off" and a.to_json()["meld"] == 0]
    assert [a["end"] for a in offs] == ["high", "low"]
    high, low = game.copy(), game.copy()
    high.apply_json(offs[0])
    low.apply_json(offs[1])
    assert high.view(0)["melds"][0]["faces"] == ["5H", "6H", "7H", "8H", "9H"]
    assert low.view(0)["melds"][0]["faces"] == ["4H", "5H", "6H", "7H", "8H"]
