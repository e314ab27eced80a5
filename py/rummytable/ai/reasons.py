"""Why a computer player chose its move: a :class:`Reason` is an id from a closed set and its params.

A reason travels as data, ``{"id", "params", "text"}`` (docs/formats.md, "Reasons"): the page
words it in the person's language from the id and the params; :attr:`Reason.text` is the plain
English form for logs, tools and the command line. Params are JSON values only:

* ``card`` - a card key (``"9D"``, ``"JK.1"``); ``cards`` - a list of card keys;
  ``melds`` - a list of card-key lists (the melds of a lay-down);
* ``caller``, ``owner`` - a seat number, from 0; ``meld`` - a table meld's id;
  ``end`` - ``"low"`` or ``"high"``;
* ``points``, ``margin`` - points; ``away``, ``outs``, ``size``, ``count``, ``options``,
  ``worlds`` - counts (cards still missing from the contract, live outs, cards in a
  sequence, moves, options compared, sampled deals);
* ``reason`` - another reason as ``{"id", "params"}`` (what the look-ahead confirmed or chose).

:data:`CATALOG` is the set: every id with its params and its English text. Building a reason
with an unknown id or other params raises :class:`ReasonError`, so a bot cannot send the page
an id it has no words for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Params = Mapping[str, Any]


class ReasonError(ValueError):
    """A reason with an id outside :data:`CATALOG`, or params other than its id's."""


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def _keys(keys: list[str]) -> str:
    return " ".join(keys)


def _end(end: str) -> str:
    return "on top of" if end == "high" else "below"


def _inner(params: Params) -> str:
    return from_json(params["reason"]).text


CATALOG: dict[str, tuple[tuple[str, ...], Callable[[Params], str]]] = {
    # Any game.
    "move.only": ((), lambda p: "the only legal move"),
    "move.first": ((), lambda p: "the first legal move"),
    "move.random": (("count",), lambda p: f"random choice among {p['count']} legal moves"),
    "round.next": ((), lambda p: "deals the next round"),
    # Drawing (T-11, K-8).
    "draw.stock": ((), lambda p: "draws from the stock"),
    "draw.stock_no_help": (("card",), lambda p: f"draws from the stock: {p['card']} does not help"),
    "draw.stock_not_enough": (("card",), lambda p: f"draws from the stock: {p['card']} does not help enough"),
    "draw.stock_empty": (("card",), lambda p: f"takes {p['card']} from the discard pile: the stock is empty"),
    "draw.discard": (("card",), lambda p: f"takes {p['card']} from the discard pile"),
    "draw.discard_helps": (("card",), lambda p: f"takes {p['card']} from the discard pile: it helps"),
    "draw.discard_keep": (("card",), lambda p: f"takes {p['card']} from the discard pile to keep"),
    "draw.discard_lay": (("card", "cards"),
                         lambda p: f"takes {p['card']} from the discard pile to lay {_keys(p['cards'])}"),
    "draw.discard_extend": (("card", "cards", "meld", "end"),
                            lambda p: f"takes {p['card']} from the discard pile to add {_keys(p['cards'])} "
                                      f"{_end(p['end'])} #{p['meld']}"),
    # Tress "take it" (T-16..T-18): the drawer's answer, then a caller's decision.
    "claim.keep_helps": (("card", "caller"),
                         lambda p: f"keeps {p['card']} from {_seat(p['caller'])}: it helps"),
    "claim.keep_deny": (("card", "caller"),
                        lambda p: f"takes {p['card']} himself to keep it from {_seat(p['caller'])}"),
    "claim.grant": (("card", "caller"),
                    lambda p: f"lets {_seat(p['caller'])} have {p['card']} and draws from the stock"),
    "claim.none": ((), lambda p: "no call"),
    "claim.outranked": (("caller",), lambda p: f"{_seat(p['caller'])} has called and is served first: "
                                                 "a call now would not get the card"),
    "claim.down": ((), lambda p: "already down: a claim would only add cards"),
    "claim.all_cards": ((), lambda p: "round 7: every claimed card must fit as well"),
    "claim.no_help": (("card",), lambda p: f"{p['card']} does not bring the contract closer"),
    "claim.not_enough": (("card",), lambda p: f"{p['card']} helps, but not enough to pay a penalty card"),
    "claim.completes": (("card",), lambda p: f"{p['card']} completes the contract"),
    "claim.closer": (("card", "away"),
                     lambda p: f"{p['card']} brings the contract to {_cards(p['away'])} away"),
    # Tress melds (T-12, T-13, T-20).
    "lay_down.contract": (("melds",), lambda p: "goes down with " + " | ".join(_keys(m) for m in p["melds"])),
    "lay_down.out": (("melds",), lambda p: "goes out with " + " | ".join(_keys(m) for m in p["melds"])),
    "lay_off.card": (("card", "meld", "cards"),
                     lambda p: f"lays off {p['card']} on {_keys(p['cards']) if p['cards'] else '#' + str(p['meld'])}"),
    # Take melds (K-9, K-12).
    "play.lay": (("cards",), lambda p: f"lays {_keys(p['cards'])}"),
    "play.extend": (("cards", "meld", "end"), lambda p: f"adds {_keys(p['cards'])} {_end(p['end'])} #{p['meld']}"),
    "play.take_over": (("cards", "meld", "owner", "size"),
                       lambda p: f"adds {_keys(p['cards'])} on top of #{p['meld']}: takes {_seat(p['owner'])}'s "
                                 f"sequence ({p['size']} cards)"),
    # Discards (T-14, K-10, K-16).
    "discard.card": (("card",), lambda p: f"discards {p['card']}"),
    "discard.down": (("card", "points"),
                     lambda p: f"down: discards {p['card']}, {p['points']} points that cannot be laid off"),
    "discard.complete": (("card", "points"),
                         lambda p: f"discards {p['card']} ({p['points']} points); the contract is complete"),
    "discard.cost": (("card", "points", "away", "outs"),
                     lambda p: f"discards {p['card']} ({p['points']} points); the contract is {_cards(p['away'])} "
                               f"away, with {p['outs']} cards left that would help"),
    "discard.points": (("card", "points"), lambda p: f"discards {p['card']}, {p['points']} points"),
    "discard.out": (("card",), lambda p: f"discards {p['card']}: goes out"),
    "discard.highest": (("card",), lambda p: f"discards {p['card']}, the highest card"),
    # The hard level's look-ahead over sampled deals, around the reason it weighed.
    "lookahead.confirmed": (("reason",), lambda p: f"{_inner(p)}, confirmed by look-ahead"),
    "lookahead.chosen": (("reason",), lambda p: f"{_inner(p)}, chosen by look-ahead"),
    "lookahead.kept": (("reason", "options", "worlds"),
                       lambda p: f"{_inner(p)} (best of {p['options']} in {p['worlds']} sampled deals)"),
    "lookahead.switched": (("reason", "worlds", "margin"),
                           lambda p: f"{_inner(p)} (look-ahead over {p['worlds']} deals: +{p['margin']} points)"),
}
"""Every reason id: its param names and its English text (a function of the params)."""


@dataclass(frozen=True)
class Reason:
    """Why a bot made a move: an id of :data:`CATALOG` and its params (JSON values).

    :ivar id: e.g. ``"discard.cost"``.
    :ivar params: e.g. ``{"card": "KS", "points": 10, "away": 2, "outs": 7}``.
    :raises ReasonError: for an id outside :data:`CATALOG` or params other than its id's.
    """

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        spec = CATALOG.get(self.id)
        if spec is None:
            raise ReasonError(f"unknown reason id {self.id!r}")
        if set(self.params) != set(spec[0]):
            raise ReasonError(f"reason {self.id!r} takes params {sorted(spec[0])}, not {sorted(self.params)}")

    def __hash__(self) -> int:
        return hash((self.id, json.dumps(self.params, sort_keys=True)))

    @property
    def text(self) -> str:
        """The plain English form, for logs and tools: ``"discards KS (10 points); ..."``."""
        return CATALOG[self.id][1](self.params)

    def data(self) -> dict[str, Any]:
        """``{"id", "params"}``: the reason as JSON data (nested inside another reason's params)."""
        return {"id": self.id, "params": dict(self.params)}

    def to_json(self) -> dict[str, Any]:
        """``{"id", "params", "text"}``: what the bridge sends the page."""
        return {**self.data(), "text": self.text}


def from_json(data: Mapping[str, Any]) -> Reason:
    """Rebuild a reason from ``{"id", "params"}`` (``"text"``, when present, is ignored).

    :raises ReasonError: for an unknown id or other params.
    """
    return Reason(str(data["id"]), dict(data.get("params", {})))


def around(reason_id: str, inner: Reason, **params: Any) -> Reason:
    """A look-ahead reason (``"lookahead.*"``) wrapped round the reason ``inner`` it weighed."""
    return Reason(reason_id, {"reason": inner.data(), **params})
