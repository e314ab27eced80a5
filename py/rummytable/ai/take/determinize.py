"""Determinization for Take: whole games consistent with what one seat knows, for look-ahead.

A seat sees its hand, the table and the discard top; it does not see the other hands
or the stock order. :func:`determinize` fills those in at random, consistently with
the view and with what the public log proves (a card an opponent took from the
discard pile and has not played since is in his hand; the discard pile's buried cards
are known when the log reaches back to the deal), and returns a playable game.

:func:`determinize_take` here; Tress's is :func:`rummytable.ai.tress.determinize.determinize`,
and :func:`rummytable.ai.determinize.determinize` picks one by the view's game.
"""

from __future__ import annotations

import random
from typing import Any

from rummytable.ai.take.knowledge import TakeKnowledge, knowledge, options_from_view, sequences_from_view
from rummytable.cards import Card, parse_card
from rummytable.game import Phase
from rummytable.take.game import TakeGame
from rummytable.take.state import HandResult, TakeState


def sample_hidden(know: TakeKnowledge, discard_count: int, rng: random.Random, weighted: bool = True
                  ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Deal the unseen cards: each opponent's hand, the buried discards and the stock (top last).

    Cards known to be in a hand stay there; the rest are dealt at random, each opponent's
    share weighted by :meth:`TakeKnowledge.weight` when ``weighted`` (what he picked up,
    threw away and passed over). The seat's own hand is its known hand. Returns
    ``(hands, buried, stock)``; ``buried`` goes under the known part of the discard pile.
    """
    pool = know.free()
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for seat, count in enumerate(know.hand_counts):
        mine = sorted(know.known[seat])
        if seat != know.seat:
            need = max(0, count - len(mine))
            if weighted:
                # Weighted sampling without replacement: the largest u ** (1 / w) win.
                keyed = sorted(pool, key=lambda c: -(rng.random() ** (1.0 / know.weight(seat, c))))
                chosen = set(keyed[:need])
                mine = mine + keyed[:need]
                pool = [c for c in pool if c not in chosen]
            else:
                mine = mine + pool[:need]
                del pool[:need]
        hands.append(mine)
    buried_count = max(0, discard_count - len(know.pile))
    buried = pool[:buried_count]
    stock = pool[buried_count:]
    return hands, buried, stock


def determinize_take(view: dict[str, Any], log: list[dict[str, Any]], rng: random.Random,
                     know: TakeKnowledge | None = None) -> TakeGame:
    """Return a :class:`TakeGame` consistent with a Take seat's ``view`` and ``log``.

    The game's own view for that seat equals ``view`` except ``"log"`` (the sampled game
    starts with an empty log) and ``"legal_actions"`` ordering of nothing hidden. Future
    chance (stock rebuilds) follows a seed drawn from ``rng``.

    :param know: the seat's card counting, when already computed.
    """
    know = know if know is not None else knowledge(view, log)
    options = options_from_view(view)
    hands, buried, stock = sample_hidden(know, int(view["discard_count"]), rng)
    seqs = sequences_from_view(view)
    phase = Phase(view["phase"])
    turn = view["to_move"] if view["to_move"] is not None else int(view["seat"])
    if phase is Phase.ROUND_OVER:
        turn = int(view["seat"])
    drawn = parse_card(view["drawn_from_discard"]) if view.get("drawn_from_discard") else None
    bottom = {int(b["meld_id"]): tuple(parse_card(k) for k in b["cards"]) for b in view.get("bottom_added", [])}
    state = TakeState(
        options=options, seed=rng.randrange(2**31), hand_no=int(view["round"]), dealer=int(view["dealer"]),
        phase=phase, turn=int(turn), hands=hands, stock=stock, discard=buried + list(know.pile),
        sequences=seqs, next_id=max(seqs, default=-1) + 1, drawn_from_discard=drawn, bottom_added=bottom,
        scores=list(view["scores"]), round_scores=[list(r) for r in view.get("round_scores", [])],
        winners=list(view.get("winners", [])), last_result=_last_result(view.get("last_result")))
    return TakeGame(state)


def _last_result(data: dict[str, Any] | None) -> HandResult | None:
    """Rebuild the last hand's result from its view form (shown on the score sheet)."""
    if not data:
        return None
    return HandResult(hand_no=int(data["round"]), hands=tuple(tuple(parse_card(k) for k in h) for h in data["hands"]),
                      table=tuple(data["table_points"]), held=tuple(data["hand_points"]),
                      points=tuple(data["points"]), out=data["out"])
