"""The Tress model's hands: suit rows of small numbers that hold the engine's cards (T-1, T-2).

No number the model keeps or keys one of its tables with may reach 2**30 (one digit of a Python
int): wider ones take a slow path in WebAssembly (Pyodide), where the hard player's search runs.
"""

from __future__ import annotations

import random

from pyodide_scale import scaled
from test_ai_tress_model import OPTION_VALUES, card_number

from rummytable.ai.tress.model import quick
from rummytable.ai.tress.model.convert import model_from_state
from rummytable.ai.tress.model.policy import policy_turn
from rummytable.ai.tress.model.state import BIT, JOKER0, PLAY, ROW, TressModel, cards_of, hand_points, new_hand
from rummytable.game import Phase
from rummytable.tress import scoring
from rummytable.tress.game import TressGame

LIMIT = 1 << 30
"""The first number that no longer fits in one digit of a Python int."""


def _numbers(model: TressModel) -> list[int]:
    """Every number a model keeps that a move reads or writes: hand rows, cards held, stock, pile, melds."""
    numbers = [row for hand in model.hands for row in hand]
    numbers += [card for cards in model.held for card in cards]
    numbers += [move[1] for moves in model.held_moves for move in moves]
    numbers += model.stock + model.discard
    for meld in model.melds:
        numbers += [meld[2], meld[3], meld[5], *meld[4]]
    return numbers


def _table_numbers() -> list[int]:
    """The keys and values of the quick lay-down test's tables (suit rows and rank counts as met)."""
    numbers: list[int] = []
    for row, info in quick.ROW_INFO.items():
        numbers += [row, *info]
    for table in (quick.LOW_LEVELS, quick.HIGH_LEVELS):
        for packed, levels in table.items():
            numbers += [packed, levels]
    return numbers


def test_tress_model_hands_are_suit_rows_of_small_ints() -> None:
    """T-1, T-2, T-15: a model hand holds the engine's cards and scores them as the engine does, and
    over many play-outs every number the model keeps or keys a table with stays below 2**30."""
    checked = played = 0
    matches = scaled(20)
    for match in range(matches):
        rng = random.Random(800 + match)
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        options = {k: v for k, v in options.items() if v is not None or k in ("claim_limit", "dead_stock_rebuilds")}
        game = TressGame.new(options, seed=8_000 + match)
        for _ in range(60):
            seat = game.to_move
            if seat is None or game.phase not in (Phase.DRAW, Phase.CLAIM, Phase.PLAY):
                break
            model = model_from_state(game.state)
            for hand, held in zip(model.hands, game.state.hands):
                assert len(hand) == 5 and cards_of(hand) == sorted(card_number(c) for c in held)
                assert hand_points(hand) == scoring.hand_points(held)
                checked += 1
            for _ in range(3 * model.players):
                if model.phase > PLAY:
                    break
                policy_turn(model, rng)
                played += 1
                numbers = _numbers(model)
                assert all(0 <= n < LIMIT for n in numbers), [n for n in numbers if not 0 <= n < LIMIT]
            game.apply(rng.choice(game.legal_actions(seat)))
    numbers = _table_numbers()
    assert numbers and all(0 <= n < LIMIT for n in numbers)
    assert checked > 80 * matches and played > 250 * matches


def test_rows_hold_each_card_at_its_bit() -> None:
    """T-1: card ``c`` is bit ``c % 26`` of row ``c // 26`` (the jokers row 4), one bit per physical card."""
    assert [ROW[c] for c in (0, 25, 26, 103, JOKER0, JOKER0 + 5)] == [0, 0, 1, 3, 4, 4]
    everything = new_hand(list(range(JOKER0 + 6)))
    assert everything == [(1 << 26) - 1] * 4 + [(1 << 6) - 1]
    assert cards_of(everything) == list(range(JOKER0 + 6))
    assert len({(ROW[c], BIT[c]) for c in range(JOKER0 + 6)}) == JOKER0 + 6
