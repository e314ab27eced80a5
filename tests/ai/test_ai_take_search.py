"""The hard Take bot's search on the model: options as model moves, the play-out policy, paired and bounded deals."""

from __future__ import annotations

import random
from typing import Any

from rummytable.ai import make_bot
from rummytable.ai.base import Budget
from rummytable.ai.take.bots import TakeHardBot
from rummytable.ai.take.eval import Play
from rummytable.ai.take.knowledge import knowledge
from rummytable.ai.take.model.convert import CARDS, model_from_state, to_action
from rummytable.ai.take.model.moves import legal_moves
from rummytable.ai.take.search import Option, TurnBudget, find_move, option_moves, policy_turn, safe_discard, search
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.melds import End
from rummytable.take.game import TakeGame


def _midgame(seed: int = 3, steps: int = 12) -> TakeGame:
    """A heads-up game some moves in, at a play phase of seat 0."""
    game = TakeGame.new({"players": 2}, seed)
    bots = [make_bot("take", "normal", seed * 10 + s, float("inf")) for s in range(2)]
    done = 0
    while done < steps or not (game.phase is Phase.PLAY and game.to_move == 0):
        seat = game.to_move
        assert seat is not None
        game.apply_json(bots[seat].decide(game.view(seat), game.public_log).action)
        done += 1
    return game


def _discard(card: str, seat: int = 0) -> dict[str, Any]:
    return {"kind": "discard", "seat": seat, "card": card}


def _take_over_position() -> TakeGame:
    # Seat 1 owns 8D 9D 10D JD; seat 0 holds QD, which takes the whole sequence over (K-12).
    return TakeGame.from_faces(melds=[(1, "8D 9D 10D JD")], hands=["QD 2C 5S 7H 3C", "4S 4H 9C KC 6C"])


def test_find_move_gives_the_model_move_of_every_legal_action() -> None:
    game = _midgame()
    model = model_from_state(game.state)
    for action in game.view(0)["legal_actions"]:
        move = find_move(model, action)
        assert move is not None
        assert to_action(model, move).to_json() == action
    assert find_move(model, {"kind": "draw_stock", "seat": 0}) is None  # not legal in the play phase


def test_option_moves_play_the_planned_turn_as_the_engine_does() -> None:
    game = _take_over_position()
    model = model_from_state(game.state)
    take_over = {"kind": "extend", "seat": 0, "meld": 0, "cards": ["QD"], "end": "high"}
    moves = option_moves(model, Option(take_over, (), parse_card("2C")))
    assert moves is not None and len(moves) == 2
    engine = game.copy()
    for move in moves:
        engine.apply(to_action(model, move))
        model.apply(move)
    assert engine.state.sequences[0].owner == 0
    assert model.signature() == model_from_state(engine.state).signature()
    assert option_moves(model_from_state(game.state), Option(_discard("KC"))) is None  # not seat 0's card


def test_option_moves_stop_at_a_play_the_position_refuses() -> None:
    game = _take_over_position()
    model = model_from_state(game.state)
    refused = Play("extend", (parse_card("5S"),), 0, End.HIGH)
    moves = option_moves(model, Option(_discard("2C"), (refused,), None))
    assert moves is not None and len(moves) == 1


def test_safe_discard_does_not_feed_a_sequence_while_another_card_may_go() -> None:
    # 9H would let seat 1 take over 6H 7H 8H (K-12); the policy's own choice would be 9H (loose, highest).
    game = TakeGame.from_faces(melds=[(0, "6H 7H 8H")], hands=["9H 2C", "4S 4H 9C KC 6C"])
    model = model_from_state(game.state)
    for seed in range(30):
        move = safe_discard(model, random.Random(seed))
        assert CARDS[move[1]] == parse_card("2C")
    # With nothing else to throw, the feeding card goes.
    only = TakeGame.from_faces(melds=[(0, "6H 7H 8H")], hands=["9H 9S", "4S 4H 9C KC 6C"])
    only_model = model_from_state(only.state)
    assert CARDS[safe_discard(only_model, random.Random(0))[1]] in (parse_card("9H"), parse_card("9S"))


def test_policy_turn_plays_only_legal_moves_to_the_end_of_the_hand() -> None:
    model = model_from_state(_midgame().state)
    rng = random.Random(4)
    hand_no = model.hand_no
    for _ in range(200):
        if model.hand_no != hand_no or model.phase not in (0, 1):
            break
        seat = model.turn
        before = model.copy()
        policy_turn(model, rng)
        assert model.turn != seat or model.phase not in (0, 1) or model.hand_no != hand_no
        assert legal_moves(before)  # the turn started from a position with moves
    assert model.hand_no != hand_no or model.phase not in (0, 1)


def test_search_is_deterministic_and_pairs_the_deals() -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    know = knowledge(view, log)
    hand = view["hand"]
    options = [Option(_discard(hand[0])), Option(_discard(hand[0])), Option(_discard(hand[1]))]
    first = search(view, log, know, options, random.Random(5), 30, TurnBudget(10**6, Budget()))
    again = search(view, log, know, options, random.Random(5), 30, TurnBudget(10**6, Budget()))
    assert first == again
    means, errors, worlds = first
    assert worlds == 30
    # The same option in the same deals scores exactly the same.
    assert means[0] == means[1] and errors[1] == 0.0


def test_search_finds_the_obviously_better_discard() -> None:
    game = _take_over_position()
    view, log = game.view(0), game.public_log
    # The first option throws QD, which lets seat 1 lengthen its sequence and ends seat 0's take-over;
    # the other keeps QD and throws 2C. Over two turns (seat 1's, then seat 0's take-over) the
    # difference is the sequence's points both ways; to the end of the hand it is noisier.
    options = [Option(_discard("QD")), Option(_discard("2C"))]
    means, errors, worlds = search(view, log, knowledge(view, log), options, random.Random(1), 60,
                                   TurnBudget(10**6, Budget()), horizon=2)
    assert worlds == 60
    assert means[1] - means[0] > 2.0 + 2.0 * errors[1]
    assert means[1] - means[0] > 40.0


def test_search_scores_a_refused_option_out() -> None:
    game = _take_over_position()
    view, log = game.view(0), game.public_log
    options = [Option(_discard("2C")), Option(_discard("KC"))]  # KC is seat 1's card
    means, _, worlds = search(view, log, knowledge(view, log), options, random.Random(1), 10,
                              TurnBudget(10**6, Budget()))
    assert worlds == 10 and means[1] == -1000.0


def test_the_work_budget_caps_the_turns_played() -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    know = knowledge(view, log)
    options = [Option(_discard(card)) for card in view["hand"][:3]]
    work = TurnBudget(400, Budget())
    _, _, worlds = search(view, log, know, options, random.Random(2), 200, work)
    assert 1 <= worlds < 200
    assert work.used <= 400
    bigger = TurnBudget(4000, Budget())
    _, _, more = search(view, log, know, options, random.Random(2), 200, bigger)
    assert worlds < more and bigger.used <= 4000


class _Checks(Budget):
    """A safety clock that fires after a fixed number of checks."""

    def __init__(self, checks: int) -> None:
        super().__init__(None)
        self.left = checks

    def clock_fired(self) -> bool:
        self.left -= 1
        if self.left < 0:
            self.cut_short = True
        return self.cut_short


def test_the_safety_clock_is_checked_before_every_deal() -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    options = [Option(_discard(card)) for card in view["hand"][:2]]
    clock = _Checks(3)
    _, _, worlds = search(view, log, knowledge(view, log), options, random.Random(2), 50, TurnBudget(10**6, clock))
    assert worlds == 3 and clock.cut_short


def test_hard_decides_the_same_twice_and_legally() -> None:
    game = _midgame()
    view, log = game.view(0), game.public_log
    first = TakeHardBot(7, float("inf")).decide(view, log)
    second = TakeHardBot(7, float("inf")).decide(view, log)
    assert first.action == second.action and first.why == second.why
    assert first.action in view["legal_actions"]
