"""Matches that play themselves, one applied action at a time: by computer players or at random.

:func:`bot_steps` is the loop shared by ``tournament`` (which times the decisions) and
``simulate`` (which checks invariants after every action); :func:`uniform_steps` plays
uniformly random legal actions of every seat (claims included), the engines' fuzzer.

Each bot sees only
``game.view(seat)`` and the public log, as at the page. In Tress, out-of-turn "take it"
calls (T-16) are offered to every seat that may call, once per discard, before the
seat to move acts; the calls made are applied in order of the bots' reaction delays
(ties: the seat nearer the drawer first), as a race at the table would order them (T-18).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rummytable.ai import Bot
from rummytable.game import Action, Event, Game, Phase

CALL = "call"
"""Action kind of a Tress "take it" call (T-16)."""


class IllegalBotAction(RuntimeError):
    """A bot returned an action that is not among the seat's legal actions (a bug in the bot)."""


@dataclass(frozen=True)
class Step:
    """One action made, already applied to the game.

    :ivar seat: the acting seat.
    :ivar action: the action JSON.
    :ivar events: the events the game returned for it.
    :ivar decision_ms: wall-clock time of the bot's ``decide`` call in milliseconds; ``None``
        for a "take it" call (its ``claim`` decision is not timed) and for random play.
    :ivar cut_short: the bot's decision (or its claim) was cut short by the safety clock.
    """

    seat: int
    action: dict[str, Any]
    events: list[Event]
    decision_ms: float | None
    cut_short: bool = False


def bot_steps(game: Game, bots: list[Bot]) -> Iterator[Step]:
    """Play ``game`` with ``bots[seat]`` deciding for each seat; yield each action once applied.

    Stops when the match is over (or nobody is to move). The caller may stop iterating
    at any time, e.g. after a number of actions.

    :raises IllegalBotAction: when a bot picks an action that is not legal now.
    """
    asked: set[tuple[int, str]] = set()
    log = game.public_log
    while game.phase is not Phase.MATCH_OVER:
        yield from _claims(game, bots, asked, log)
        seat = game.to_move
        if seat is None:
            return
        view = game.view(seat)
        start = time.perf_counter()
        decision = bots[seat].decide(view, log)
        took = (time.perf_counter() - start) * 1000.0
        if decision.action not in view["legal_actions"]:
            raise IllegalBotAction(
                f"{bots[seat]!r} chose {decision.action} ({decision.reason}), not legal in phase {view['phase']}")
        events = game.apply_json(decision.action)
        log.extend(event.for_seat(None) for event in events)
        yield Step(seat, decision.action, events, took, decision.cut_short)


def _claims(game: Game, bots: list[Bot], asked: set[tuple[int, str]],
            log: list[dict[str, Any]]) -> Iterator[Step]:
    calls: list[tuple[int, int, int, bool]] = []
    drawer = game.to_move if game.to_move is not None else 0
    for seat, bot in enumerate(bots):
        if seat == game.to_move:
            continue
        view = game.view(seat)
        if not any(a.get("kind") == CALL for a in view["legal_actions"]):
            continue
        key = (seat, json.dumps([view.get("round"), view.get("discard_count"), view.get("discard_top")]))
        if key in asked:
            continue
        asked.add(key)
        answer = bot.claim(view, log)
        if answer.call:
            calls.append((answer.delay_ms, (seat - drawer) % len(bots), seat, answer.cut_short))
    for _, _, seat, cut in sorted(calls):
        action = {"kind": CALL, "seat": seat}
        if action in game.view(seat)["legal_actions"]:
            events = game.apply_json(action)
            log.extend(event.for_seat(None) for event in events)
            yield Step(seat, action, events, None, cut)


def uniform_action(game: Game, rng: random.Random) -> Action:
    """Return one action drawn uniformly from every seat's legal actions now (Tress claims included).

    :raises IndexError: when no seat has a legal action (the match is over, or a bug).
    """
    actions = [a for seat in range(game.num_players) for a in game.legal_actions(seat)]
    return rng.choice(actions)


def uniform_steps(game: Game, rng: random.Random) -> Iterator[Step]:
    """Play uniformly random legal actions (:func:`uniform_action`) until the match is over; yield each one applied.

    :raises IndexError: when no seat has a legal action before the match is over.
    """
    while game.phase is not Phase.MATCH_OVER:
        action = uniform_action(game, rng)
        events = game.apply(action)
        yield Step(action.seat, action.to_json(), events, None)
