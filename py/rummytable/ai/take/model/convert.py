"""Between the Take engine and its search model: states to models, model moves to engine actions.

:func:`model_from_state` reads a :class:`~rummytable.take_state.TakeState` — a real match or
a determinized deal (:func:`rummytable.ai.determinize.determinize_take`, hidden cards filled
in) — into a :class:`~rummytable.ai.take.model.state.TakeModel`; :func:`to_action` turns a model
move into the engine action that does the same, so the move finally played is validated by
the engine (``TakeGame.apply``).
"""

from __future__ import annotations

from rummytable.ai.take.model.state import (
    DISCARD,
    DRAW_DISCARD,
    EXTEND,
    LAY,
    RATIO_AT_LEAST_ONE,
    RATIO_MORE,
    RATIO_NOT_FEWER,
    STOCK,
    ModelRules,
    Move,
    Seq,
    TakeModel,
    make_seq,
    new_hand,
)
from rummytable.cards import SUITS, Card
from rummytable.game import Action, Phase
from rummytable.melds import End, JokerRatio
from rummytable.take.actions import Discard, DrawDiscard, DrawStock, Extend, LayDown, NextHand
from rummytable.take.options import JokerValue, StockRule, TakeOptions, TieRule
from rummytable.take.state import TakeState

__all__ = ["CARDS", "PHASES", "card_id", "model_from_state", "rules_from_options", "to_action"]

CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit) for suit in SUITS for rank in range(2, 15)] + [Card(0, None, 0), Card(0, None, 1)])
"""The engine card of each model card 0..53 (``CARDS[52]`` is ``JK``, ``CARDS[53]`` ``JK.1``)."""

_IDS: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}

PHASES: dict[Phase, int] = {Phase.DRAW: 0, Phase.PLAY: 1, Phase.ROUND_OVER: 2, Phase.MATCH_OVER: 3}
"""The model phase of each engine phase."""

_RATIOS = {JokerRatio.AT_LEAST_ONE_NATURAL: RATIO_AT_LEAST_ONE, JokerRatio.MORE_NATURALS: RATIO_MORE,
           JokerRatio.NATURALS_AT_LEAST: RATIO_NOT_FEWER}


def card_id(card: Card) -> int:
    """The model card (0..53) of an engine card of Take's one deck and two jokers (K-1).

    :raises KeyError: for a card that is not in a Take deck (a second copy, a bad suit).
    """
    return _IDS[card]


def rules_from_options(options: TakeOptions) -> ModelRules:
    """The model's form of a match's options (K-1, K-2, K-5, K-10, K-13, K-18, K-19)."""
    return ModelRules(players=options.players, target=options.target,
                      joker_twenty=options.joker_value is JokerValue.TWENTY, low_ace_five=options.low_ace_five,
                      ratio=_RATIOS[options.joker_ratio], below_others=options.below_others,
                      go_out=options.go_out_by_melding, tie_shared=options.tie is TieRule.SHARED,
                      end_on_empty=options.empty_stock is StockRule.END_HAND,
                      dead_stock=options.dead_stock_ends_hand)


def model_from_state(state: TakeState, rules: ModelRules | None = None) -> TakeModel:
    """A model of ``state`` (not linked to it: later changes to either do not reach the other).

    :param rules: the options already converted (to share them between many models), or None.
    :raises KeyError: for a card that is not in a Take deck.
    """
    hands = [new_hand([_IDS[card] for card in held]) for held in state.hands]
    seqs: list[Seq] = []
    ids: list[int] = []
    for seq_id, seq in state.sequences.items():
        meld = seq.meld
        assert meld.suit is not None
        cards = tuple(_IDS[c] for c in meld.cards)
        seqs.append(make_seq(seq.owner, SUITS.index(meld.suit), meld.start, cards, sum(1 for c in cards if c >= 52)))
        ids.append(seq_id)
    drawn = _IDS[state.drawn_from_discard] if state.drawn_from_discard is not None else -1
    last = state.last_result.points if state.last_result is not None else None
    return TakeModel(rules if rules is not None else rules_from_options(state.options), state.seed, state.hand_no,
                     state.dealer, PHASES[state.phase], state.turn, hands, [_IDS[c] for c in state.stock],
                     [_IDS[c] for c in state.discard], seqs, ids, state.next_id, drawn, state.restocks,
                     state.melded_since_restock, list(state.scores), tuple(last) if last is not None else None,
                     list(state.winners))


def to_action(model: TakeModel, move: Move) -> Action:
    """The engine action of ``move`` for the seat to move in ``model`` (before the move is applied).

    :returns: ``DrawStock``, ``DrawDiscard``, ``LayDown`` (cards only, as the engine lists it),
        ``Extend`` (with the sequence's engine id), ``Discard`` or ``NextHand``.
    """
    kind = move[0]
    seat = model.to_move
    if kind == STOCK:
        return DrawStock(seat)
    if kind == DRAW_DISCARD:
        return DrawDiscard(seat)
    if kind == LAY:
        return LayDown(seat, tuple(CARDS[c] for c in move[3]))
    if kind == EXTEND:
        return Extend(seat, model.ids[move[1]], tuple(CARDS[c] for c in move[3]), End.HIGH if move[2] else End.LOW)
    if kind == DISCARD:
        return Discard(seat, CARDS[move[1]])
    return NextHand(seat)
