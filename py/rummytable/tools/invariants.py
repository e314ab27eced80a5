"""Invariants every position of every match must keep, as checks that raise :class:`InvariantError`.

The property tests (tests/test_*_properties.py) and ``python -m rummytable simulate``
call these after applied actions. Each check takes a live game and returns ``None``
when the invariant holds; a broken one raises :class:`InvariantError` naming the
check (one of :data:`CHECKS`) and what is wrong. The checks read the engines' state
directly (hands, stock, table) but never change it.

:func:`check_step` runs the cheap checks that hold after every action;
:func:`check_save_load` costs time in proportion to the match's history and
:func:`check_view_hides` (Take) in proportion to the log shown, so callers choose
how often to run those.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from rummytable.cards import Card, build_deck, parse_card
from rummytable.game import Event, Game, Phase
from rummytable.melds import TAKE_SEQUENCES, MeldError, check_joker_ratio, make_run
from rummytable.take.game import TakeGame
from rummytable.take.scoring import hand_points as take_hand_points
from rummytable.take.scoring import table_points
from rummytable.take.table import TableSequence
from rummytable.take.view import LOG_IN_VIEW
from rummytable.tress.game import TressGame
from rummytable.tress.options import DECKS, ROUNDS
from rummytable.tress.scoring import hand_points as tress_hand_points

__all__ = [
    "CHECKS",
    "InvariantError",
    "check_can_act",
    "check_cards",
    "check_hand_scored",
    "check_phase",
    "check_replay",
    "check_save_load",
    "check_step",
    "check_table",
    "check_totals",
    "check_view_hides",
    "deck_of",
]

CHECKS = ("cards", "save_load", "can_act", "totals", "hand_scored", "phase", "table", "view", "replay")
"""Names of the checks, as :attr:`InvariantError.check` gives them."""


class InvariantError(AssertionError):
    """A position breaks an invariant: a bug in the engine (or in what drove it there).

    An :class:`AssertionError`, so that pytest reports it as a failed assertion.

    :ivar check: which check failed, one of :data:`CHECKS`.
    :ivar detail: what is wrong, in words.
    """

    def __init__(self, check: str, detail: str) -> None:
        super().__init__(f"{check}: {detail}")
        self.check = check
        self.detail = detail


def _fail(check: str, detail: str) -> InvariantError:
    return InvariantError(check, detail)


def deck_of(game: Game) -> list[Card]:
    """Return every physical card ``game`` is played with: Tress 2 decks and its jokers (T-1), Take 1 deck and 2 (K-1).

    :raises TypeError: for a game that is neither Tress nor Take.
    """
    if isinstance(game, TressGame):
        return build_deck(DECKS, game.options.joker_count)
    if isinstance(game, TakeGame):
        return build_deck(1, 2)
    raise TypeError(f"no invariants known for {type(game).__name__}")


def _places(game: Game) -> list[tuple[str, Sequence[Card]]]:
    if isinstance(game, TressGame):
        places: list[tuple[str, Sequence[Card]]] = [(f"hand of P{s + 1}", h) for s, h in enumerate(game.state.hands)]
        places += [("stock", game.state.stock), ("discard pile", game.state.discard)]
        places += [(f"meld #{t.id}", t.meld.cards) for t in game.state.melds.values()]
        return places
    if isinstance(game, TakeGame):
        state = game.state
        places = [(f"hand of P{s + 1}", h) for s, h in enumerate(state.hands)]
        places += [("stock", state.stock), ("discard pile", state.discard)]
        places += [(f"sequence #{seq.id}", seq.meld.cards) for seq in state.sequences.values()]
        return places
    raise TypeError(f"no invariants known for {type(game).__name__}")


T = TypeVar("T")

_DECKS: dict[tuple[str, int], frozenset[Card]] = {}


def check_cards(game: Game) -> None:
    """Every physical card of the deck is in exactly one place: a hand, the stock, the discard pile or a meld.

    :raises InvariantError: ``"cards"``, naming a missing, doubled or foreign card and where it is.
    :raises TypeError: for a game that is neither Tress nor Take.
    """
    places = _places(game)
    key = (game.NAME, game.options.joker_count if isinstance(game, TressGame) else 0)
    if key not in _DECKS:
        _DECKS[key] = frozenset(deck_of(game))
    deck = _DECKS[key]
    cards = [card for _, held in places for card in held]
    if len(cards) == len(deck) and set(cards) == deck:
        return
    # Slow path only on failure: say exactly which card is wrong.
    where: dict[Card, list[str]] = {}
    for name, held in places:
        for card in held:
            where.setdefault(card, []).append(name)
    doubled = sorted(c for c, names in where.items() if len(names) > 1)
    if doubled:
        raise _fail("cards", f"{doubled[0].key} is in {len(where[doubled[0]])} places: {', '.join(where[doubled[0]])}")
    foreign = sorted(c for c in where if c not in deck)
    if foreign:
        raise _fail("cards", f"{foreign[0].key} is not a card of this deck (in {where[foreign[0]][0]})")
    missing = sorted(deck - set(where))
    raise _fail("cards", f"{missing[0].key} is nowhere ({len(missing)} cards missing of {len(deck)})")


def check_save_load(game: Game, tail: int | None = None) -> None:
    """Saving, loading the save and saving again gives the same text.

    :param tail: ``None`` round-trips the whole position. A number round-trips a copy
        whose history and event log are cut to their last ``tail`` entries: everything
        else exactly, at a cost that does not grow with the match (the history and the
        log only ever grow at their end, so a full round trip now and then covers
        their older entries).
    :raises InvariantError: ``"save_load"`` when loading fails or the second save differs
        (the message shows where the two texts first part).
    """
    subject = game if tail is None else _short_history(game, tail)
    text = subject.save()
    try:
        again = type(subject).load(text).save()
    except ValueError as exc:
        raise _fail("save_load", f"the game's own save does not load: {exc}") from exc
    if again != text:
        at = next((i for i, (a, b) in enumerate(zip(text, again)) if a != b), min(len(text), len(again)))
        raise _fail("save_load", f"the reloaded game saves differently from character {at}: "
                                 f"{text[max(0, at - 40):at + 40]!r} became {again[max(0, at - 40):at + 40]!r}")


def _short_history(game: Game, tail: int) -> Game:
    if isinstance(game, TressGame):
        tress = game.copy()
        tress.state.history, tress.state.log = _last(tress.state.history, tail), _last(tress.state.log, tail)
        tress.history = tress.state.history
        return tress
    if isinstance(game, TakeGame):
        take = game.copy()
        take.state.history, take.state.log = _last(take.state.history, tail), _last(take.state.log, tail)
        take.history = take.state.history
        return take
    raise TypeError(f"no invariants known for {type(game).__name__}")


def _last(items: list[T], count: int) -> list[T]:
    return items[max(0, len(items) - count):]


def check_replay(game: Game) -> None:
    """Replaying the match from its options, seed and history rebuilds exactly the same game.

    Costs a whole replay: meant for the end of a match.

    :raises InvariantError: ``"replay"`` when an action of the history is refused on replay,
        or the replayed game saves differently.
    """
    data = game.to_position()
    replayed: Game
    try:
        if isinstance(game, TressGame):
            replayed = TressGame.replay(data["options"], data["seed"], data["history"])
        elif isinstance(game, TakeGame):
            replayed = TakeGame.replay(data["options"], data["seed"], data["history"])
        else:
            raise TypeError(f"no invariants known for {type(game).__name__}")
    except ValueError as exc:
        raise _fail("replay", f"the history does not replay: {exc}") from exc
    if replayed.save() != game.save():
        raise _fail("replay", f"replaying {len(data['history'])} actions gives a different game")


def check_can_act(game: Game) -> None:
    """Whenever the match is not over, the seat to move has at least one legal action.

    :raises InvariantError: ``"can_act"`` when nobody is to move before the match is over,
        or the seat to move has no legal action.
    """
    if game.phase is Phase.MATCH_OVER:
        return
    seat = game.to_move
    if seat is None:
        raise _fail("can_act", f"nobody is to move in phase {game.phase.value}")
    if not game.legal_actions(seat):
        raise _fail("can_act", f"P{seat + 1} must act in phase {game.phase.value} but has no legal action")


def _totals(game: Game) -> tuple[list[int], list[list[int]]]:
    if isinstance(game, TressGame):
        return list(game.scores), game.state.round_scores
    if isinstance(game, TakeGame):
        return list(game.state.scores), game.state.round_scores
    raise TypeError(f"no invariants known for {type(game).__name__}")


def check_totals(game: Game) -> None:
    """Each seat's match total is the sum of its round (Tress) or hand (Take) scores.

    :raises InvariantError: ``"totals"`` naming the first seat whose total does not add up.
    """
    totals, rows = _totals(game)
    for seat in range(game.num_players):
        summed = sum(row[seat] for row in rows)
        if summed != totals[seat]:
            raise _fail("totals", f"P{seat + 1} has {totals[seat]} points but the {len(rows)} scored "
                                  f"rounds add up to {summed}")


def check_phase(game: Game) -> None:
    """The phase fits the rest: a finished match has winners and nobody to move; a match in play has neither.

    Tress: a finished match has played all seven rounds (T-3). Take: the winners hold the
    best total, at least the target (K-18).

    :raises InvariantError: ``"phase"`` saying what does not fit.
    """
    winners = game.state.winners if isinstance(game, (TressGame, TakeGame)) else []
    if game.phase is not Phase.MATCH_OVER:
        if game.to_move is None or winners:
            raise _fail("phase", f"phase {game.phase.value} with to_move {game.to_move} and winners {winners}")
        return
    if game.to_move is not None or not winners:
        raise _fail("phase", f"the match is over but to_move is {game.to_move} and winners are {winners}")
    if isinstance(game, TressGame) and len(game.state.round_scores) != ROUNDS:
        raise _fail("phase", f"the match ended after {len(game.state.round_scores)} rounds, not {ROUNDS} (T-3)")
    if isinstance(game, TakeGame):
        scores = game.state.scores
        best = max(scores)
        if best < game.options.target or winners != [s for s, t in enumerate(scores) if t == best]:
            raise _fail("phase", f"winners {winners} with totals {scores} and target {game.options.target} (K-18)")


def check_hand_scored(game: Game, events: Iterable[Event]) -> None:
    """After a round (Tress) or hand (Take) is scored, its points are a recount of the final position.

    Tress (T-2, T-15): each seat's points are its cards left in hand, and whoever went
    out holds none. Take (K-17): each seat's points are its sequences on the table less
    its cards in hand. Does nothing when ``events`` (those of the last applied action)
    hold no ``round_scored`` event.

    :raises InvariantError: ``"hand_scored"`` naming the seat whose points are wrong.
    """
    scored = [e for e in events if e.kind == "round_scored"]
    if not scored:
        return
    data = scored[-1].data
    if isinstance(game, TressGame):
        expected = [tress_hand_points(h) for h in game.state.hands]
        if list(data["points"]) != expected:
            raise _fail("hand_scored", f"round {data['round']} scored {data['points']}, the hands left hold {expected}")
        out = data["out"]
        if out is not None and game.state.hands[out]:
            raise _fail("hand_scored", f"P{out + 1} went out but holds {len(game.state.hands[out])} cards")
        return
    if isinstance(game, TakeGame):
        state = game.state
        result = state.last_result
        if result is None:
            raise _fail("hand_scored", "a hand was scored but there is no last result")
        for seat in range(game.num_players):
            expected_points = (table_points(state.sequences.values(), seat, state.options)
                               - take_hand_points(state.hands[seat]))
            if result.points[seat] != expected_points:
                raise _fail("hand_scored", f"hand {result.hand_no}: P{seat + 1} scored {result.points[seat]}, "
                                           f"the table and hand give {expected_points}")


_VALIDATED: dict[int, tuple[TableSequence, Any]] = {}
_VALIDATED_MAX = 50_000


def check_table(game: Game) -> None:
    """Take's table: every sequence is a valid run (K-4, K-5) with one owner at the table (K-11),
    and the stock is never empty when a card must be drawn (K-19). Tress: nothing to add.

    Sequences are immutable, so each object is validated once (remembered by identity).

    :raises InvariantError: ``"table"`` naming the sequence or the empty stock.
    """
    if not isinstance(game, TakeGame):
        return
    state = game.state
    ratio = state.options.joker_ratio
    for seq in state.sequences.values():
        if not isinstance(seq.owner, int) or not 0 <= seq.owner < game.num_players:
            raise _fail("table", f"sequence #{seq.id} has owner {seq.owner!r} at a {game.num_players}-player table")
        seen = _VALIDATED.get(id(seq))
        if seen is not None and seen[0] is seq and seen[1] is ratio:
            continue
        try:
            rebuilt = make_run(seq.meld.cards, TAKE_SEQUENCES, seq.meld.start)
            check_joker_ratio(rebuilt, ratio, "K-5")
        except MeldError as exc:
            raise _fail("table", f"sequence #{seq.id} {seq.meld.notation()} is no valid sequence: {exc}") from exc
        if len(_VALIDATED) >= _VALIDATED_MAX:
            _VALIDATED.clear()
        _VALIDATED[id(seq)] = (seq, ratio)
    if game.phase is Phase.DRAW and not state.stock:
        raise _fail("table", "K-19: the stock is empty when a card must be drawn")


def check_step(game: Game, events: Iterable[Event] = ()) -> None:
    """Run every cheap check after an action: cards, someone can act, totals, phase, scored hands, table.

    :param events: the events of the action just applied (for :func:`check_hand_scored`).
    :raises InvariantError: from the first check that fails.
    """
    check_cards(game)
    check_can_act(game)
    check_totals(game)
    check_phase(game)
    check_hand_scored(game, events)
    check_table(game)


def check_view_hides(game: Game, seat: int) -> None:
    """Take: ``view(seat)`` names no card that seat cannot know; other hands and the stock stay hidden.

    Known to the seat: its hand, the discard pile, the table, the last scored hands, and
    the cards in the events the view shows (their secret parts only when the seat owns them).

    :raises InvariantError: ``"view"`` naming a card the view leaks.
    """
    if not isinstance(game, TakeGame):
        return
    view = game.view(seat)
    state = game.state
    known = {c.key for c in state.hands[seat]} | {c.key for c in state.discard}
    known |= {c.key for seq in state.sequences.values() for c in seq.meld.cards}
    if state.last_result is not None:
        known |= {c.key for hand in state.last_result.hands for c in hand}
    for event in state.log[-LOG_IN_VIEW:]:
        known |= _keys_in(event.for_seat(None))
        if event.owner == seat:
            known |= _keys_in(event.to_json())
    leaked = sorted(_keys_in(view) - known)
    if leaked:
        raise _fail("view", f"P{seat + 1}'s view shows {', '.join(leaked)}, which that seat cannot know")
    if view["hand"] != [c.key for c in sorted(state.hands[seat])]:
        raise _fail("view", f"P{seat + 1}'s view shows a hand that is not the seat's")
    if "stock" in view or "hands" in view:
        raise _fail("view", f"P{seat + 1}'s view has the stock or the hands in it")


def _keys_in(data: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(data, dict):
        # "faces" name what jokers stand for, not physical cards.
        for key, value in data.items():
            if key != "faces":
                found |= _keys_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= _keys_in(value)
    elif isinstance(data, str):
        with contextlib.suppress(ValueError):
            found.add(parse_card(data).key)
    return found
