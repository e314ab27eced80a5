"""What one seat sees of a Tress match: :func:`build_view` (docs/formats.md, "view").

The view holds the seat's own hand and everything public, never another seat's cards
or the stock order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummytable.game import POSITION_SCHEMA, Phase
from rummytable.tress.options import ClaimWindow
from rummytable.tress.table import LOG_IN_VIEW, meld_view

if TYPE_CHECKING:
    from rummytable.tress.game import TressGame


def build_view(game: TressGame, seat: int) -> dict[str, Any]:
    """Return ``seat``'s view of ``game`` as JSON-ready data.

    Common keys (shared with Take): game, schema, seat, players, phase, to_move, dealer,
    round, hand, hand_counts, stock_count, discard_top, discard_count, discard_dead,
    drawn_from_discard, melds, scores, round_scores, last_result, winners,
    legal_actions, options, log. Tress keys: contract ``{"sets", "runs", "all_cards"}``,
    down (bool per seat), claims (pending callers in serving order), claims_used (per
    seat), penalty_cards (int), stale_restocks (stock rebuilds since a card was last laid
    on the table, T-22), take_window (the "take it" window open now, see :func:`take_window`).

    :raises ValueError: for a seat outside the table.
    """
    game.require_seat(seat)
    contract = game.contract
    wrap = game.options.wrap_runs
    mine = game.state.drawn_from_discard if seat == game.to_move else None
    return {
        "game": game.NAME,
        "schema": POSITION_SCHEMA,
        "seat": seat,
        "players": game.num_players,
        "phase": game.phase.value,
        "to_move": game.to_move,
        "dealer": game.state.dealer,
        "round": game.state.round,
        "hand": [c.key for c in sorted(game.state.hands[seat])],
        "hand_counts": [len(h) for h in game.state.hands],
        "stock_count": len(game.state.stock),
        "discard_top": game.state.discard[-1].key if game.state.discard else None,
        "discard_count": len(game.state.discard),
        "discard_dead": game.state.discard_dead,
        "drawn_from_discard": mine.key if mine is not None else None,
        "melds": [meld_view(t, wrap) for _, t in sorted(game.state.melds.items())],
        "scores": list(game.scores),
        "round_scores": [list(r) for r in game.state.round_scores],
        "last_result": _copy_result(game.state.last_result),
        "winners": list(game.state.winners),
        "legal_actions": [a.to_json() for a in game.legal_actions(seat)],
        "options": game.options.to_json(),
        "log": [e.for_seat(seat) for e in game.state.log[-LOG_IN_VIEW:]],
        "contract": {"sets": contract.sets, "runs": contract.runs, "all_cards": contract.all_cards},
        "down": list(game.state.down),
        "claims": game.claim_order(),
        "claims_used": list(game.state.claims_used),
        "penalty_cards": game.options.penalty_cards,
        "stale_restocks": game.state.stale_restocks,
        "take_window": take_window(game),
    }


def take_window(game: TressGame) -> dict[str, Any] | None:
    """The "take it" window open now (T-15 to T-19), or None when no card may be called.

    A window is open while the newest discard is live and the player due to draw has not drawn
    (or, with the ``until_discard`` option of T-19, has not discarded); which seats may call is
    :meth:`TressGame.legal_actions`' business.

    :returns: ``{"id": str, "card": card key, "until": "draw" | "discard"}``. ``id`` names the card
        on the pile by the round, the stock rebuilds so far, the pile's size and its top card: each
        window differs from the one before it (a new discard grows the pile; one laid after a
        draw from the pile is another card, T-14), and any position, saved or set up, gives it.
    """
    until_discard = game.options.claim_window is ClaimWindow.UNTIL_DISCARD
    phase = game.phase
    state = game.state
    if not state.discard or state.discard_dead:
        return None
    if not (phase in (Phase.DRAW, Phase.CLAIM) or (phase is Phase.PLAY and until_discard)):
        return None
    top = state.discard[-1].key
    return {"id": f"{state.round}.{state.restocks}.{len(state.discard)}.{top}", "card": top,
            "until": "discard" if until_discard else "draw"}


def _copy_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"round": result["round"], "hands": [list(h) for h in result["hands"]],
            "points": list(result["points"]), "out": result["out"]}
