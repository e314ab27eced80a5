"""Sampled deals of the cards a Tress seat cannot see ("determinization").

From one seat's view and the public log, :func:`sample_world` deals the unseen cards
(the other hands and the stock) at random, consistent with everything the seat knows:

* hand sizes, the stock count and the discard pile count;
* cards seen in melds or in the discard pile are not dealt again;
* a card an opponent took from the discard pile (or was granted by a claim) and has not
  melded is in his hand (T-11, T-17);
* the rest is weighted by what each opponent did: cards near what he took are more
  likely in his hand, cards near what he threw away less likely.

:func:`determinize` turns a sample into a full :class:`~rummytable.tress.game.TressGame`
through the position format (docs/formats.md), for look-ahead and for tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rummytable.ai.tress.eval import CardCounter
from rummytable.cards import Card, build_deck, parse_card
from rummytable.game import POSITION_SCHEMA
from rummytable.tress.game import TressGame
from rummytable.tress.options import DECKS


@dataclass
class World:
    """One sampled deal of the unseen cards.

    :ivar hands: per seat; the viewing seat's own hand is its real one.
    :ivar stock: the stock, bottom to top (the next card drawn is the last).
    :ivar pile: the discard pile, bottom to top (its top is the view's top).
    """

    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]


def _near(a: Card, b: Card) -> int:
    """2 for the same rank, 1 for the same suit within two ranks, else 0."""
    if a.is_joker or b.is_joker:
        return 0
    if a.rank == b.rank:
        return 2
    if a.suit == b.suit and abs(a.rank - b.rank) <= 2:
        return 1
    return 0


def card_weight(card: Card, taken: Sequence[Card], thrown: Sequence[Card]) -> float:
    """How likely (relative, > 0) ``card`` is in a hand that took ``taken`` and threw ``thrown``."""
    weight = 1.0
    for other in taken:
        near = _near(card, other)
        weight *= 1.6 if near == 2 else 1.3 if near == 1 else 1.0
    for other in thrown:
        near = _near(card, other)
        weight *= 0.6 if near == 2 else 0.8 if near == 1 else 1.0
    return weight


def sample_world(view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], rng: random.Random,
                 counter: CardCounter | None = None) -> World:
    """Deal the cards ``view["seat"]`` cannot see, at random but consistent with what it knows.

    :param counter: a :class:`CardCounter` of the same view and log (built when None).
    :returns: a :class:`World` whose hand sizes, stock count and pile count match the view.
    """
    counter = counter or CardCounter(view, log)
    seat = counter.seat
    players = counter.players
    counts: list[int] = list(view["hand_counts"])
    deck = build_deck(DECKS, counter.total_jokers)
    placed: set[Card] = set()
    own = [parse_card(k) for k in view["hand"]]
    placed.update(own)
    for meld in view.get("melds", []):
        placed.update(parse_card(k) for k in meld["cards"])
    pile_count = int(view.get("discard_count", 0))
    known_pile = [parse_card(k) for k in counter.pile][-pile_count:] if pile_count else []
    known_pile = [c for c in known_pile if c not in placed]
    placed.update(known_pile)
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[seat] = own
    for other in range(players):
        if other == seat:
            continue
        for key in counter.held.get(other, []):
            card = parse_card(key)
            if card not in placed and len(hands[other]) < counts[other]:
                hands[other].append(card)
                placed.add(card)
    pool = [c for c in deck if c not in placed]
    rng.shuffle(pool)
    # The buried part of the pile that the log does not show is unseen too.
    missing_pile = max(0, pile_count - len(known_pile))
    pile = pool[:missing_pile] + known_pile
    pool = pool[missing_pile:]
    for other in range(players):
        if other == seat:
            continue
        need = max(0, counts[other] - len(hands[other]))
        if not need:
            continue
        taken = [parse_card(k) for k in counter.taken.get(other, [])]
        thrown = [parse_card(k) for k in counter.thrown.get(other, [])]
        weights: dict[tuple[int, str | None], float] = {}
        for card in pool:
            if (card.rank, card.suit) not in weights:
                weights[(card.rank, card.suit)] = card_weight(card, taken, thrown)
        # Weighted sampling without replacement (Efraimidis-Spirakis keys).
        keyed = sorted(((rng.random() ** (1.0 / weights[(c.rank, c.suit)]), i) for i, c in enumerate(pool)),
                       reverse=True)
        chosen = {i for _, i in keyed[:need]}
        hands[other].extend(pool[i] for i in sorted(chosen))
        pool = [c for i, c in enumerate(pool) if i not in chosen]
    return World(hands, pool, pile)


def world_position(view: Mapping[str, Any], world: World, seed: int = 0) -> dict[str, Any]:
    """Return position JSON (docs/formats.md) for ``world`` seen from ``view``.

    History and log start empty: the sampled game begins at the viewed moment.
    """
    players = int(view["players"])
    melds = []
    for meld in view.get("melds", []):
        data: dict[str, Any] = {"id": meld["id"], "owner": meld["owner"], "kind": meld["kind"],
                                "cards": list(meld["cards"])}
        if meld["kind"] == "run":
            data["start"] = meld["start"]
        else:
            ranks = {parse_card(k).rank for k in meld["cards"] if not parse_card(k).is_joker}
            data["rank"] = ranks.pop()
        melds.append(data)
    drawn = view.get("drawn_from_discard")
    discarder = None
    for event in reversed(view.get("log", [])):
        if event.get("kind") == "dealt":
            break
        if event.get("kind") == "card_discarded":
            discarder = event.get("seat")
            break
    return {
        "schema": POSITION_SCHEMA, "game": "tress", "options": dict(view["options"]), "seed": seed,
        "round": view["round"], "dealer": view["dealer"], "phase": view["phase"], "to_move": view["to_move"],
        "hands": [sorted(c.key for c in hand) for hand in world.hands],
        "stock": [c.key for c in world.stock], "discard": [c.key for c in world.pile],
        "discard_dead": bool(view.get("discard_dead", False)),
        "discarder": discarder if not view.get("discard_dead") else None,
        "melds": melds, "next_meld_id": max((m["id"] for m in melds), default=-1) + 1,
        "down": list(view.get("down", [False] * players)), "claims": list(view.get("claims", [])),
        "claims_used": list(view.get("claims_used", [0] * players)),
        # The rebuild count only labels shuffles, so a sampled world may restart it; the count
        # since the last meld is public and decides when the round ends (T-22).
        "drawn_from_discard": drawn if drawn in view["hand"] else None,
        "restocks": int(view.get("stale_restocks", 0)), "stale_restocks": int(view.get("stale_restocks", 0)),
        "scores": list(view["scores"]), "round_scores": [list(r) for r in view["round_scores"]],
        "last_result": view.get("last_result"), "winners": list(view.get("winners", [])),
        "history": [], "log": [],
    }


def determinize(view: Mapping[str, Any], log: Sequence[Mapping[str, Any]], rng: random.Random) -> TressGame:
    """Return a full game consistent with ``view`` and ``log``, the unseen cards sampled with ``rng``.

    :raises PositionError: only if the view itself is inconsistent.
    """
    world = sample_world(view, log, rng)
    return TressGame.from_position(world_position(view, world, seed=rng.randrange(2**31)))
