"""What one seat sees of a Take match: :func:`build_view` (docs/formats.md, "View keys").

The view holds the seat's own hand and everything public, never another seat's cards or the
stock order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummytable.game import POSITION_SCHEMA, Phase
from rummytable.take.scoring import hand_points, table_points
from rummytable.take.table import sequence_view

if TYPE_CHECKING:
    from rummytable.take.game import TakeGame

__all__ = ["LOG_IN_VIEW", "build_view"]

LOG_IN_VIEW = 20
"""How many of the latest public events ``view`` includes as ``"log"``."""


def build_view(game: TakeGame, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of ``game``, JSON-ready: the common view shape plus Take keys
    (``"target"``, ``"bottom_added"``, ``"log"``, and the hand's running score: ``"table_points"``,
    per seat the points of the sequences it owns now, and ``"hand_points"``, the points of this
    seat's own cards; K-17). Other hands and the stock are never shown.

    :raises ValueError: for a seat that is not in the match.
    """
    game.require_seat(seat)
    state = game.state
    drawn = state.drawn_from_discard if state.turn == seat and state.phase is Phase.PLAY else None
    return {
        "game": game.NAME, "schema": POSITION_SCHEMA, "seat": seat, "players": game.num_players,
        "phase": state.phase.value, "to_move": game.to_move, "dealer": state.dealer,
        "round": state.hand_no, "hand": [c.key for c in sorted(state.hands[seat])],
        "hand_counts": [len(h) for h in state.hands], "stock_count": len(state.stock),
        "discard_top": state.discard[-1].key if state.discard else None,
        "discard_count": len(state.discard), "discard_dead": False,
        "drawn_from_discard": drawn.key if drawn else None,
        "melds": [sequence_view(seq) for seq in state.sequences.values()],
        "scores": list(state.scores), "round_scores": [list(r) for r in state.round_scores],
        "last_result": state.last_result.to_json() if state.last_result else None,
        "winners": list(state.winners),
        "legal_actions": [a.to_json() for a in game.legal_actions(seat)],
        "options": state.options.to_json(),
        "target": state.options.target,
        "bottom_added": [{"meld_id": meld_id, "cards": [c.key for c in cards]}
                         for meld_id, cards in sorted(state.bottom_added.items())],
        "log": [event.for_seat(seat) for event in state.log[-LOG_IN_VIEW:]],
        "table_points": [table_points(state.sequences.values(), s, state.options) for s in range(game.num_players)],
        "hand_points": hand_points(state.hands[seat]),
    }
