"""The Take model's play-out policy: deterministic for a seed, legal and played as the engine plays it."""

from __future__ import annotations

import random

from test_ai_take_model import OPTION_VALUES, engine_signature, model_signature

from rummytable.ai.take.model.convert import model_from_state, to_action
from rummytable.ai.take.model.moves import legal_moves
from rummytable.ai.take.model.policy import choose_play, playout, policy_turn, standing
from rummytable.ai.take.model.state import DRAW, EXTEND, LAY, PLAY, Move, TakeModel
from rummytable.game import Phase
from rummytable.take.game import TakeGame


def positions(count: int, seed: int) -> list[TakeGame]:
    """``count`` positions (draw and play phase) from seeded random matches over random option sets."""
    found: list[TakeGame] = []
    match = 0
    while len(found) < count:
        rng = random.Random(seed * 7 + match)
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        game = TakeGame.new(options, seed=seed * 100 + match)
        match += 1
        for _ in range(120):
            seat = game.to_move
            if seat is None or len(found) >= count:
                break
            if game.phase in (Phase.DRAW, Phase.PLAY) and rng.random() < 0.3:
                found.append(game.copy())
            game.apply(rng.choice(game.legal_actions(seat)))
    return found


class RecordingModel(TakeModel):
    """A model that records each move it is given, with its engine action, before applying it."""

    __slots__ = ("record",)

    def apply(self, move: Move) -> None:
        """Record ``(move, legal now?, engine action)``, then apply ``move``."""
        self.record.append((move, move in legal_moves(self), to_action(self, move)))
        super().apply(move)


def recording(game: TakeGame) -> RecordingModel:
    """A :class:`RecordingModel` of ``game``'s position."""
    plain = model_from_state(game.state)
    model = RecordingModel.__new__(RecordingModel)
    for name in TakeModel.__slots__:
        setattr(model, name, getattr(plain, name))
    model.record = []
    return model


def test_policy_plays_legal_moves_with_the_engines_result() -> None:
    """K-8..K-19: every policy move is in the model's legal list, the engine accepts it, and the results agree."""
    games = positions(150, seed=3)
    moves = 0
    plays = 0
    for game in games:
        model = recording(game)
        for _ in range(4):
            if model.phase not in (DRAW, PLAY):
                break
            policy_turn(model, random.Random(moves))
        for move, legal, action in model.record:
            assert legal, move
            game.apply(action)
            moves += 1
            plays += move[0] in (LAY, EXTEND)
        assert model_signature(model) == engine_signature(game.state)
    assert moves > 1000 and plays > 50


def test_playout_is_deterministic_for_a_seed_and_leaves_the_state_alone() -> None:
    """The same seed gives the same deltas; the state played from is unchanged; seeds matter."""
    games = positions(60, seed=5)
    differ = 0
    for number, game in enumerate(games):
        model = model_from_state(game.state)
        before = model.signature()
        first = playout(model, random.Random(number), 8)
        assert playout(model, random.Random(number), 8) == first
        assert model.signature() == before
        assert len(first) == model.rules.players
        differ += playout(model, random.Random(number + 1000), 8) != first
    assert differ > 0


def test_playout_delta_is_the_hands_score_change() -> None:
    """K-17: a play-out's delta is each seat's standing after minus before (exact when the hand ends)."""
    ended = 0
    for number, game in enumerate(positions(80, seed=9)):
        model = model_from_state(game.state)
        start = standing(model)
        work = model.copy()
        rng = random.Random(number)
        for _ in range(12):
            if work.phase not in (DRAW, PLAY):
                break
            policy_turn(work, rng)
        delta = playout(model, random.Random(number), 12)
        assert delta == [after - s for after, s in zip(standing(work), start)]
        if work.phase not in (DRAW, PLAY):
            ended += 1
            assert work.last_points is not None
            assert standing(work) == work.scores
    assert ended > 0


def test_choose_play_takes_over_when_it_scores() -> None:
    """K-12: with 9H in hand and 6H 7H 8H owned by the other player, the policy takes the sequence over."""
    game = TakeGame.from_faces(melds=[(1, "6H 7H 8H")], hands=["9H 2C 4D", "3S"])
    model = model_from_state(game.state)
    move = choose_play(model)
    assert move is not None and move[0] == EXTEND and move[2] == 1
    model.apply(move)
    assert model.seqs[0][0] == 0
