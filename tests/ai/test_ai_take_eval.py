"""The Take evaluator and planner against hand-worked situations (K-2, K-10, K-12..K-14, K-16, K-17)."""

from __future__ import annotations

from typing import Any

import pytest

from rummytable.ai import make_bot
from rummytable.ai.take.eval import EASY, NORMAL, Evaluator, next_above, next_below, turn_from_view
from rummytable.ai.take.knowledge import knowledge, options_from_view, sequences_from_view
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.take.game import TakeGame
from rummytable.take.scoring import sequence_points


def situation(**kwargs: Any) -> TakeGame:
    return TakeGame.from_faces(**kwargs)


def decide(game: TakeGame, level: str, seat: int = 0) -> dict[str, Any]:
    view = game.view(seat)
    return make_bot("take", level, seed=1, safety_ms=float("inf")).decide(view, game.public_log).action


def play_turn(game: TakeGame, level: str, seat: int = 0) -> list[dict[str, Any]]:
    """Let the bot finish its turn; return the actions it made."""
    made = []
    while game.phase is Phase.PLAY and game.to_move == seat:
        action = decide(game, level, seat)
        made.append(action)
        game.apply_json(action)
    return made


def evaluator(game: TakeGame, seat: int = 0, weights: Any = NORMAL) -> tuple[Evaluator, Any]:
    view = game.view(seat)
    know = knowledge(view, game.public_log)
    return Evaluator(seat, options_from_view(view), know, weights), view


def test_sequence_points_match_TK_22_and_TK_24() -> None:
    game = situation(melds=[(0, "4S 5S 6S"), (0, "QH KH AH"), (1, "JK(AC) 2C 3C")], hands=["9C", "2D"])
    points = [sequence_points(seq, game.options) for seq in game.sequences()]
    assert points == [15, 35, 30]


def test_next_cards_above_and_below_a_sequence() -> None:
    game = situation(melds=[(0, "6H 7H 8H"), (0, "QC KC AC"), (1, "AD 2D 3D"), (1, "JK(AS) 2S 3S")],
                     hands=["9C", "2H"])
    seqs = {s.id: s for s in game.sequences()}
    assert (next_above(seqs[0]), next_below(seqs[0])) == (parse_card("9H"), parse_card("5H"))
    assert (next_above(seqs[1]), next_below(seqs[1])) == (None, parse_card("JC"))  # K-14: a top ace locks
    assert (next_above(seqs[2]), next_below(seqs[2])) == (parse_card("4D"), None)  # nothing below a low ace


def test_knowledge_counts_cards_from_the_log() -> None:
    # P2 takes 9H from the discard pile (K-8), so P1 knows he holds it until he plays it.
    game = situation(hands=["2C 3C 4C KD", "10H JH 5S 7S"], discard="4D 9H", stock="8D 6D",
                     to_move=1, phase=Phase.DRAW)
    game.apply_json({"kind": "draw_discard", "seat": 1})
    know = knowledge(game.view(0), game.public_log)
    assert parse_card("9H") in know.known[1]
    assert know.holds(1, parse_card("9H")) == 1.0
    # Unseen: 54 cards less P1's 4 and the discard pile's 4D (9H is unseen: it is in P2's hand).
    assert len(know.unseen) == 54 - 4 - 1
    game.apply_json({"kind": "lay_down", "seat": 1, "cards": ["9H", "10H", "JH"]})
    know = knowledge(game.view(0), game.public_log)
    assert parse_card("9H") not in know.known[1]
    assert know.holds(1, parse_card("9H")) == 0.0


def test_knowledge_pile_follows_discards_and_pickups() -> None:
    game = TakeGame.new({"players": 2}, seed=3)
    for _ in range(12):
        seat = game.to_move
        assert seat is not None
        game.apply_json(make_bot("take", "easy", 0).decide(game.view(seat), game.public_log).action)
    know = knowledge(game.view(0), game.public_log)
    assert know.pile_complete
    assert [c.key for c in know.pile] == [c.key for c in game.state.discard]
    hidden = set(game.state.stock) | set(game.state.hands[1])
    assert set(know.unseen) == hidden


def test_threat_is_zero_when_the_card_above_is_held_and_both_jokers_are_seen() -> None:
    game = situation(melds=[(0, "6H 7H 8H"), (1, "2C JK 4C"), (1, "5D JK 7D")], hands=["9H 2S KD", "3S 4S 9C"])
    ev, view = evaluator(game)
    seq = sequences_from_view(view)[0]
    assert ev.threat(seq, tuple(parse_card(k) for k in view["hand"])) == 0.0
    # Without 9H in hand it is unseen: P2 (3 of the 43 free unseen cards) may hold or draw it.
    game = situation(melds=[(0, "6H 7H 8H"), (1, "2C JK 4C"), (1, "5D JK 7D")], hands=["2S KD", "3S 4S 9C"])
    ev, view = evaluator(game)
    hand = tuple(parse_card(k) for k in view["hand"])
    threat = ev.threat(sequences_from_view(view)[0], hand)
    held = 3 / 43
    # ... and may draw it: the stock holds 40 of the 43, weighted 0.35 for "before the hand ends".
    assert threat == pytest.approx(held + (1 - held) * (40 / 43) * 0.35)


def test_K_12_normal_and_easy_take_over_with_the_card_above_the_top() -> None:
    for level in ("easy", "normal"):
        game = situation(melds=[(1, "6H 7H 8H")], hands=["9H 2C 5D KS", "3S 4S 9C"])
        made = play_turn(game, level)
        assert made[0] == {"kind": "extend", "seat": 0, "meld": 0, "cards": ["9H"], "end": "high"}
        assert game.sequences()[0].owner == 0


def test_K_14_normal_locks_with_the_ace() -> None:
    # P2 owns JD QD KD; P1's AD on top takes it and locks it (TK-13): 45 points nobody can take.
    game = situation(melds=[(1, "JD QD KD")], hands=["AD 4C 9S", "3S 4S 9C"])
    made = play_turn(game, "normal")
    assert made[0] == {"kind": "extend", "seat": 0, "meld": 0, "cards": ["AD"], "end": "high"}
    seq = game.sequences()[0]
    assert seq.owner == 0
    assert seq.locked


def test_K_13_normal_does_not_add_below_another_players_sequence() -> None:
    # 5H below P2's 6H 7H 8H gives P2 5 points (TK-26) for 5 points out of P1's hand: no gain heads-up.
    game = situation(melds=[(1, "6H 7H 8H")], hands=["5H 2C 9S KD", "3S 4S 9C 10D JD QS KC"])
    made = play_turn(game, "normal")
    assert all(a["kind"] == "discard" for a in made)
    assert game.sequences()[0].meld.start == 6


def test_normal_avoids_feeding_the_next_player_easy_does_not() -> None:
    # P2 owns QC KC AC (locked). JC is P1's highest card, but discarded it would let P2 add it
    # below his own sequence for 10 more points (K-13).
    def fresh() -> TakeGame:
        return situation(melds=[(1, "QC KC AC")], hands=["JC 9D 4S 2H", "3S 4H 9C 10D JD QS KH"])

    assert play_turn(fresh(), "easy") == [{"kind": "discard", "seat": 0, "card": "JC"}]
    made = play_turn(fresh(), "normal")
    assert len(made) == 1
    assert made[0]["kind"] == "discard"
    assert made[0]["card"] != "JC"


def test_K_16_TK_20_every_level_goes_out_when_it_can() -> None:
    for level in ("easy", "normal", "hard"):
        game = situation(hands=["7D 8D 9D 3S", "3C 4H 9C"])
        made = play_turn(game, level)
        assert made == [{"kind": "lay_down", "seat": 0, "cards": ["7D", "8D", "9D"]},
                        {"kind": "discard", "seat": 0, "card": "3S"}]
        assert game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def test_K_10_TK_21_keeps_a_card_to_discard() -> None:
    game = situation(hands=["7D 8D 9D 10D", "3C 4H 9C"])
    made = play_turn(game, "normal")
    assert made[-1]["kind"] == "discard"
    assert game.phase is Phase.ROUND_OVER or game.phase is Phase.MATCH_OVER


def test_normal_takes_a_discard_that_completes_a_sequence() -> None:
    game = situation(hands=["7D 8D 2S 3C KH", "3S 4H 9C"], discard="9D", stock="QH 4S 6C 5C",
                     phase=Phase.DRAW)
    assert decide(game, "normal") == {"kind": "draw_discard", "seat": 0}
    assert decide(game, "easy") == {"kind": "draw_discard", "seat": 0}


def test_normal_leaves_a_useless_discard() -> None:
    game = situation(hands=["7D 8D 2S 3C KH", "3S 4H 9C"], discard="QS", stock="QH 4S 6C 5C",
                     phase=Phase.DRAW)
    assert decide(game, "normal") == {"kind": "draw_stock", "seat": 0}


def test_plan_values_a_take_over_above_holding() -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["9H 2C 5D KS", "3S 4S 9C"])
    for weights in (EASY, NORMAL):
        ev, view = evaluator(game, weights=weights)
        turn = turn_from_view(view, sequences_from_view(view))
        value, plays, discard = ev.plan(turn)
        assert plays
        assert plays[0].cards == (parse_card("9H"),)
        assert discard == parse_card("KS")
        assert value > ev.best_discard(turn)[0]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_reason_is_short_plain_text(level: str) -> None:
    game = situation(melds=[(1, "6H 7H 8H")], hands=["9H 2C 5D KS", "3S 4S 9C"])
    view = game.view(0)
    decision = make_bot("take", level, seed=1, safety_ms=float("inf")).decide(view, game.public_log)
    assert 0 < len(decision.reason) <= 120
    assert "takes P2's sequence" in decision.reason
