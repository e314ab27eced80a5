"""The Tress model's play-out policy: deterministic for a seed, legal and played as the engine plays it."""

from __future__ import annotations

import random

from test_ai_tress_model import OPTION_VALUES, engine_signature

from rummytable.ai.tress.model.convert import model_from_state, to_action
from rummytable.ai.tress.model.moves import legal_moves
from rummytable.ai.tress.model.policy import playout, policy_turn, standing
from rummytable.ai.tress.model.state import CALL, LAY_DOWN, LAY_OFF, PLAY, Move, TressModel
from rummytable.game import Phase
from rummytable.tress.game import TressGame


def positions(count: int, seed: int) -> list[TressGame]:
    """``count`` positions (draw, claim and play phase) from seeded random matches over random option sets."""
    found: list[TressGame] = []
    match = 0
    while len(found) < count:
        rng = random.Random(seed * 7 + match)
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        game = TressGame.new({k: v for k, v in options.items() if k != "jokers"}, seed=seed * 100 + match)
        match += 1
        for _ in range(80):
            seat = game.to_move
            if seat is None or len(found) >= count or game.phase not in (Phase.DRAW, Phase.CLAIM, Phase.PLAY):
                break
            if rng.random() < 0.3:
                found.append(game.copy())
            game.apply(rng.choice(game.legal_actions(seat)))
    return found


class RecordingModel(TressModel):
    """A model that records each move it is given, with its engine action, before applying it."""

    __slots__ = ("record",)

    def apply(self, move: Move) -> None:
        """Record ``(move, legal now for its seat?, engine action)``, then apply ``move``."""
        seat = move[1] if move[0] == CALL else self.turn
        self.record.append((move, move in legal_moves(self, seat), to_action(self, move)))
        super().apply(move)


def recording(game: TressGame) -> RecordingModel:
    """A :class:`RecordingModel` of ``game``'s position."""
    plain = model_from_state(game.state)
    model = RecordingModel.__new__(RecordingModel)
    for name in TressModel.__slots__:
        setattr(model, name, getattr(plain, name))
    model.record = []
    return model


def test_policy_plays_legal_moves_with_the_engines_result() -> None:
    """T-10..T-22: every policy move is in the model's legal list, the engine accepts it, and the results agree."""
    moves = plays = calls = 0
    for number, game in enumerate(positions(120, seed=3)):
        model = recording(game)
        rng = random.Random(number)
        for _ in range(30):
            if model.phase > PLAY:
                break
            policy_turn(model, rng)
        for move, legal, action in model.record:
            assert legal, move
            game.apply(action)
            moves += 1
            plays += move[0] in (LAY_DOWN, LAY_OFF)
            calls += move[0] == CALL
        assert model.signature() == engine_signature(game.state)
    assert moves > 1000 and plays > 20 and calls > 20


def test_playout_is_deterministic_for_a_seed_and_leaves_the_state_alone() -> None:
    """The same seed gives the same deltas; the state played from is unchanged; seeds matter."""
    differ = 0
    for number, game in enumerate(positions(40, seed=5)):
        model = model_from_state(game.state)
        before = model.signature()
        first = playout(model, random.Random(number), 12)
        assert playout(model, random.Random(number), 12) == first
        assert model.signature() == before
        assert len(first) == model.rules.players
        differ += playout(model, random.Random(number + 1000), 12) != first
    assert differ > 0


def test_playout_delta_is_the_rounds_score_change() -> None:
    """T-2, T-15: a play-out's delta is each seat's standing after minus before; exact once the round ends."""
    ended = 0
    for number, game in enumerate(positions(40, seed=9)):
        model = model_from_state(game.state)
        start = standing(model)
        work = model.copy()
        rng = random.Random(number)
        for _ in range(200):
            if work.phase > PLAY:
                break
            policy_turn(work, rng)
        delta = playout(model, random.Random(number), 200)
        assert delta == [after - s for after, s in zip(standing(work), start)]
        if work.phase > PLAY:
            ended += 1
            assert work.points is not None
            assert standing(work) == work.scores
            assert work.scores == [a + b for a, b in zip(model.scores, work.points)]
    assert ended > 30
