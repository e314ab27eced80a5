"""The Take position format (docs/formats.md, "Take"): save, strict load, and a builder from face notation.

:func:`state_to_json` writes the whole match; :func:`state_from_json` reads it back and
rejects anything inconsistent with :class:`~rummytable.game.PositionError` (the exact set
of keys, every one of the 54 cards exactly once, valid sequences, owners and seats in
range, scores that add up ...); :func:`load_game` also replays the history, which must lead
to exactly this position (:mod:`rummytable.position_checks`), and requires a legal action
for the player to move. :func:`state_from_faces` builds a situation from the rule book's
notation, for tests and bug reports.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummytable.cards import ACE, LOW_ACE, Card, build_deck, cards_from_faces, parse_faces
from rummytable.game import (
    POSITION_SCHEMA,
    Event,
    MalformedActionError,
    OptionsError,
    Phase,
    PositionError,
    require,
    require_cards,
    require_int,
)
from rummytable.jsontext import quote
from rummytable.melds import TAKE_SEQUENCES, MeldError, check_joker_ratio, make_run
from rummytable.position_checks import difference, replay_history, require_a_move, require_set_up
from rummytable.take.actions import Discard, DrawStock, NextHand, action_from_json
from rummytable.take.options import TakeOptions, TieRule
from rummytable.take.state import HandResult, TakeState
from rummytable.take.table import TableSequence

if TYPE_CHECKING:
    from rummytable.game import Action
    from rummytable.take.game import TakeGame

__all__ = ["load_game", "state_from_faces", "state_from_json", "state_to_json"]

_PHASES = (Phase.DRAW, Phase.PLAY, Phase.ROUND_OVER, Phase.MATCH_OVER)

_KEYS = frozenset({
    "game", "schema", "options", "seed", "round", "dealer", "phase", "to_move", "hands", "stock", "discard",
    "melds", "next_meld_id", "drawn_from_discard", "bottom_added", "restocks", "melded_since_restock", "scores",
    "round_scores", "last_result", "winners", "history", "log"})
"""Every key of a Take position; ``start`` may be added (saves of earlier versions lack it).

Saves written before the two games shared their key names call ``to_move`` ``turn``; the reader
takes either (:data:`_LEGACY_KEYS`), and :func:`state_to_json` writes the new name."""

_LEGACY_KEYS = {"turn": "to_move"}
"""Old key -> key of this version, for the saves of schema 1 written before the key was renamed."""


def _keys(cards: Sequence[Card]) -> list[str]:
    return [card.key for card in cards]


def state_to_json(state: TakeState) -> dict[str, Any]:
    """Return the position as JSON data (lists keep their order; tops of piles are last)."""
    return {
        "game": "take", "schema": POSITION_SCHEMA, "options": state.options.to_json(), "seed": state.seed,
        "round": state.hand_no, "dealer": state.dealer, "phase": state.phase.value, "to_move": state.turn,
        "hands": [_keys(sorted(hand)) for hand in state.hands], "stock": _keys(state.stock),
        "discard": _keys(state.discard),
        "melds": [{"id": seq.id, "owner": seq.owner, "kind": "run", "cards": _keys(seq.meld.cards),
                   "start": seq.meld.start}
                  for seq in state.sequences.values()],
        "next_meld_id": state.next_id,
        "drawn_from_discard": state.drawn_from_discard.key if state.drawn_from_discard else None,
        "bottom_added": [{"meld_id": meld_id, "cards": _keys(cards)}
                         for meld_id, cards in sorted(state.bottom_added.items())],
        "restocks": state.restocks, "melded_since_restock": state.melded_since_restock, "scores": list(state.scores),
        "round_scores": [list(points) for points in state.round_scores],
        "last_result": state.last_result.to_json() if state.last_result else None,
        "winners": list(state.winners),
        "history": [action.to_json() for action in state.history],
        "log": [{"kind": event.kind, "data": dict(event.data), "owner": event.owner, "secret": list(event.secret)}
                for event in state.log],
        "start": state_to_json(state.origin) if state.origin is not None and state.history else None,
    }


def load_game(cls: type[TakeGame], data: object) -> TakeGame:
    """Load a position as a game of class ``cls``: :func:`state_from_json`, then the history's replay.

    The history is replayed from ``start`` (or from the first deal of the seed) and must
    lead to exactly this position; the player to move must have a legal action.

    :raises PositionError: naming the first problem found (nothing is half loaded).
    """
    state = state_from_json(data)
    assert isinstance(data, dict)  # state_from_json accepts nothing else
    game = cls(state)
    history, start = data["history"], data.get("start")
    if start is not None:
        require_set_up(start, "position")
        if not history:
            raise PositionError("position: 'start' is given only with a history")
        try:
            base = cls.from_position(start)
        except PositionError as exc:
            raise PositionError(f"position start: {exc}") from None
        result = replay_history(base, history, "position")
    elif history:
        result = replay_history(cls.new(state.options, state.seed), history, "position")
    elif state.log:
        result = cls.new(state.options, state.seed)
        where = difference(result, game)
        if where:
            raise PositionError("position: a position with no history has no log, unless it is the first deal "
                                f"of its seed ({where} differs from that deal)")
    else:
        # A set-up position (state_from_json kept it as its own start), or the first deal of
        # the seed, which logs nothing in Take: then the history starts at that deal.
        fresh = cls.new(state.options, state.seed)
        result = game if difference(fresh, game) else fresh
    if result is not game:
        where = difference(result, game)
        if where:
            raise PositionError(f"position: the history does not lead to this position ({where} differs)")
    require_a_move(result, _quick_moves(result.state), "position")
    return result


def _quick_moves(state: TakeState) -> list[Action]:
    """A cheap legal action to try before listing them all: a discard, a draw or the next deal."""
    seat = state.turn
    if state.phase is Phase.PLAY:
        discards: list[Action] = [Discard(seat, c) for c in state.hands[seat][:2] if c != state.drawn_from_discard]
        return discards[:1]
    if state.phase is Phase.ROUND_OVER:
        return [NextHand(seat)]
    return [DrawStock(seat)]


def _int(data: dict[str, Any], key: str, where: str, low: int = 0, high: int | None = None) -> int:
    return require_int(data, key, where, low, high)


def _cards(value: object, where: str) -> list[Card]:
    return require_cards(value, where)


def _ints(value: object, count: int, where: str) -> list[int]:
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise PositionError(f"{where}: expected a list of {count} whole numbers, not {quote(value)}")
    return list(value)


def _seat(value: object, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(f"{where}: {quote(value)} is not a seat of a {players}-player match")
    return value


def _sequences(data: dict[str, Any], options: TakeOptions) -> dict[int, TableSequence]:
    raw = require(data, "melds", list, "position")
    sequences: dict[int, TableSequence] = {}
    for index, item in enumerate(raw):
        where = f"position melds[{index}]"
        # ``kind`` (always "run") is written since both games share the meld shape; older saves lack it.
        if (not isinstance(item, dict) or set(item) - {"kind"} != {"id", "owner", "cards", "start"}
                or item.get("kind", "run") != "run"):
            raise PositionError(f"{where}: expected {{id, owner, kind: 'run', cards, start}}, not {quote(item)}")
        meld_id = _int(item, "id", where)
        if meld_id in sequences:
            raise PositionError(f"{where}: sequence id {meld_id} is used twice")
        if sequences and meld_id < max(sequences):
            raise PositionError(f"{where}: sequences must be listed by increasing id")
        owner = _seat(item["owner"], options.players, f"{where} owner")
        start = require(item, "start", int, where)
        try:
            meld = make_run(_cards(item["cards"], where), TAKE_SEQUENCES, start)
            check_joker_ratio(meld, options.joker_ratio, "K-5")
        except MeldError as exc:
            raise PositionError(f"{where}: not a valid sequence: {exc}") from exc
        sequences[meld_id] = TableSequence(meld_id, owner, meld)
    return sequences


def _result(value: object, players: int) -> HandResult | None:
    if value is None:
        return None
    where = "position last_result"
    keys = {"round", "hands", "points", "out", "table_points", "hand_points"}
    if not isinstance(value, dict) or set(value) != keys:
        raise PositionError(f"{where}: expected {sorted(keys)}, not {quote(value)}")
    hands = value["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise PositionError(f"{where}: 'hands' must list {players} hands")
    out = value["out"]
    if out is not None:
        out = _seat(out, players, f"{where} out")
    result = HandResult(
        hand_no=_int(value, "round", where, 1), hands=tuple(tuple(sorted(_cards(h, where))) for h in hands),
        table=tuple(_ints(value["table_points"], players, where)),
        held=tuple(_ints(value["hand_points"], players, where)),
        points=tuple(_ints(value["points"], players, where)), out=out)
    if any(t - h != p for t, h, p in zip(result.table, result.held, result.points)):
        raise PositionError(f"{where}: points must be table_points minus hand_points")
    return result


def _log(value: object) -> list[Event]:
    if not isinstance(value, list):
        raise PositionError(f"position log: expected a list, not {quote(value)}")
    events = []
    for index, item in enumerate(value):
        where = f"position log[{index}]"
        if not isinstance(item, dict) or set(item) != {"kind", "data", "owner", "secret"}:
            raise PositionError(f"{where}: expected {{kind, data, owner, secret}}, not {quote(item)}")
        kind, data, owner, secret = item["kind"], item["data"], item["owner"], item["secret"]
        if not isinstance(kind, str) or not kind or not isinstance(data, dict):
            raise PositionError(f"{where}: an event needs a kind and a data object")
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int)):
            raise PositionError(f"{where}: owner must be a seat or null")
        if not isinstance(secret, list) or not all(isinstance(k, str) for k in secret):
            raise PositionError(f"{where}: secret must be a list of keys")
        events.append(Event(kind, data, owner, tuple(secret)))
    return events


def state_from_json(data: object) -> TakeState:
    """Load and check a position written by :func:`state_to_json`.

    :raises PositionError: for malformed data or an impossible position, naming what is wrong.
    """
    if not isinstance(data, dict):
        raise PositionError(f"a take position must be a JSON object, not {type(data).__name__}")
    if data.get("game") != "take":
        raise PositionError(f"not a take position (game {quote(data.get('game'))})")
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int) or schema != POSITION_SCHEMA:
        raise PositionError(f"unknown position schema {quote(schema)}; this version reads {POSITION_SCHEMA}")
    data = _renamed(data)
    keys = {str(key) for key in data}
    if keys - _KEYS - {"start"} or _KEYS - keys:
        raise PositionError(f"position keys: missing {sorted(_KEYS - keys)}, "
                            f"unknown {quote(sorted(keys - _KEYS - {'start'}))}")
    try:
        options = TakeOptions.from_json(data["options"])
    except OptionsError as exc:
        raise PositionError(f"position options: {exc}") from exc
    players = options.players
    phase_text = require(data, "phase", str, "position")
    phases = {p.value: p for p in _PHASES}
    if phase_text not in phases:
        raise PositionError(f"position: phase must be one of {sorted(phases)}, not {quote(phase_text)}")
    phase = phases[phase_text]
    hands_raw = require(data, "hands", list, "position")
    if len(hands_raw) != players:
        raise PositionError(f"position: {players} hands expected, not {len(hands_raw)}")
    state = TakeState(
        options=options, seed=require(data, "seed", int, "position"), hand_no=_int(data, "round", "position", 1),
        dealer=_seat(data["dealer"], players, "position dealer"), phase=phase,
        turn=_seat(data["to_move"], players, "position to_move"),
        hands=[_cards(h, f"position hands[{i}]") for i, h in enumerate(hands_raw)],
        stock=_cards(data["stock"], "position stock"), discard=_cards(data["discard"], "position discard"),
        sequences=_sequences(data, options), next_id=_int(data, "next_meld_id", "position"),
        restocks=_int(data, "restocks", "position"),
        melded_since_restock=require(data, "melded_since_restock", bool, "position"),
        scores=_ints(data["scores"], players, "position scores"))
    if state.sequences and state.next_id <= max(state.sequences):
        raise PositionError("position: next_meld_id must be above every sequence id")
    _check_cards(state)
    drawn = data["drawn_from_discard"]
    if drawn is not None:
        state.drawn_from_discard = _cards([drawn], "position drawn_from_discard")[0]
        on_table = any(state.drawn_from_discard in seq.meld.cards for seq in state.sequences.values())
        if phase is not Phase.PLAY or not (state.drawn_from_discard in state.hands[state.turn] or on_table):
            raise PositionError("position: drawn_from_discard must be a card the player to move holds or has "
                                "melded this turn, in the play phase")
    _bottom_added(state, data["bottom_added"])
    rounds = require(data, "round_scores", list, "position")
    state.round_scores = [_ints(r, players, f"position round_scores[{i}]") for i, r in enumerate(rounds)]
    sums = [sum(column) for column in zip(*state.round_scores)] if rounds else [0] * players
    if sums != state.scores:
        raise PositionError("position: scores must be the sums of round_scores")
    finished = state.hand_no if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) else state.hand_no - 1
    if len(rounds) != finished:
        raise PositionError(f"position: round {state.hand_no} in phase {phase.value} needs {finished} "
                            f"finished hands in round_scores, not {len(rounds)}")
    state.last_result = _result(data["last_result"], players)
    if (state.last_result is None) != (not rounds) or (
            state.last_result is not None and (list(state.last_result.points) != rounds[-1]
                                               or state.last_result.hand_no != len(rounds))):
        raise PositionError("position: last_result must be the last entry of round_scores")
    winners = data["winners"]
    if not isinstance(winners, list):
        raise PositionError("position: winners must be a list of seats")
    state.winners = [_seat(w, players, "position winners") for w in winners]
    _check_outcome(state)
    history = require(data, "history", list, "position")
    try:
        state.history = [action_from_json(item, players) for item in history]
    except MalformedActionError as exc:
        raise PositionError(f"position history: {exc}") from exc
    state.log = _log(data["log"])
    if phase in (Phase.DRAW, Phase.PLAY) and not all(state.hands):
        raise PositionError("position: a hand in play must not be empty (the hand ends when a player goes out)")
    if phase is Phase.DRAW and not state.stock:
        raise PositionError("position: in the draw phase the stock is never empty (K-19 rebuilds it first)")
    if not state.history and not state.log:
        state.origin = state.copy()  # a set-up position is the start of the match played on from it
    return state


def _renamed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the keys of older saves (:data:`_LEGACY_KEYS`) under their present names.

    :raises PositionError: when a position gives both the old and the new name.
    """
    old = [key for key in _LEGACY_KEYS if key in data]
    if not old:
        return data
    renamed = dict(data)
    for key in old:
        if _LEGACY_KEYS[key] in data:
            raise PositionError(f"position keys: {key!r} and {_LEGACY_KEYS[key]!r} name the same thing; give one")
        renamed[_LEGACY_KEYS[key]] = renamed.pop(key)
    return renamed


def _check_cards(state: TakeState) -> None:
    everything = [card for hand in state.hands for card in hand] + state.stock + state.discard
    for seq in state.sequences.values():
        everything.extend(seq.meld.cards)
    counts = Counter(everything)
    deck = Counter(build_deck(1, 2))
    if counts == deck:
        return  # the usual case, checked without the two subtractions
    extra = sorted((counts - deck).elements())
    missing = sorted((deck - counts).elements())
    if extra or missing:
        raise PositionError("position: every one of the 54 cards must be in exactly one place; "
                            f"doubled or foreign: {_keys(extra)}, missing: {_keys(missing)}")


def _bottom_added(state: TakeState, value: object) -> None:
    if not isinstance(value, list):
        raise PositionError("position: bottom_added must be a list")
    if value and state.phase is not Phase.PLAY:
        raise PositionError("position: bottom_added is only kept during a turn's play phase")
    for index, item in enumerate(value):
        where = f"position bottom_added[{index}]"
        if not isinstance(item, dict) or set(item) != {"meld_id", "cards"}:
            raise PositionError(f"{where}: expected {{meld_id, cards}}, not {quote(item)}")
        meld_id = _int(item, "meld_id", where)
        seq = state.sequences.get(meld_id)
        cards = tuple(_cards(item["cards"], where))
        if seq is None or not cards or meld_id in state.bottom_added:
            raise PositionError(f"{where}: needs a sequence on the table, once, and at least one card")
        if any(card not in seq.meld.cards for card in cards):
            raise PositionError(f"{where}: the cards must be in sequence #{meld_id}")
        state.bottom_added[meld_id] = cards


def _check_outcome(state: TakeState) -> None:
    best = max(state.scores)
    top = [seat for seat, total in enumerate(state.scores) if total == best]
    decided = best >= state.options.target and (len(top) == 1 or state.options.tie is TieRule.SHARED)
    if state.phase is Phase.MATCH_OVER:
        if not decided or state.winners != top:
            raise PositionError(f"position: a finished match needs the top scorers {top} as winners "
                                f"with the target {state.options.target} reached")
    elif state.winners:
        raise PositionError("position: winners are only named once the match is over")
    elif state.phase is Phase.ROUND_OVER and decided:
        raise PositionError("position: the target is reached with a single leader, so the match is over")


def _run_start(text: str, cards: Sequence[Card]) -> int | None:
    """The start value implied by a ``JK(x)`` stand-in in ``text``, if any."""
    for index, token in enumerate(parse_faces(text)):
        if token.is_joker and token.stands_for is not None:
            value = token.stands_for.rank
            if value == ACE and index == 0 and len(cards) > 1:
                value = LOW_ACE
            return value - index
    return None


def state_from_faces(*, players: int = 2, hands: Sequence[str] = (), melds: Sequence[tuple[int, str]] = (),
                     discard: str = "", stock: str | None = None, to_move: int = 0, phase: Phase = Phase.PLAY,
                     drawn_from_discard: str | None = None, scores: Sequence[int] | None = None,
                     dealer: int | None = None, options: dict[str, Any] | None = None,
                     seed: int = 0) -> TakeState:
    """Build a position from the rule book's face notation (for tests and bug reports).

    :param hands: one text per seat, e.g. ``"7D 8D 9D 3S"`` (missing seats hold nothing).
    :param melds: ``(owner, "JK(AH) 2H 3H")`` per sequence, ids 0, 1, ... in this order; a
        ``JK(x)`` stand-in pins the joker's identity, else the order decides.
    :param discard: the discard pile, bottom first (top last).
    :param stock: the top cards of the stock, first = top (the next card drawn), as in
        :func:`rummytable.tress.position.scenario`; every card not placed anywhere goes below
        them in canonical order.
    :param to_move: the seat to move; ``phase`` DRAW or PLAY.
    :param drawn_from_discard: the card (face) the player to move took from the discard pile.
    :param scores: cumulative scores before this hand, recorded as one earlier hand.
    :param options: options as JSON (``players`` is set from ``players``).
    :raises PositionError: when the cards clash or the result is no valid position.
    :raises CardError: for text that is not face notation.
    """
    opts = TakeOptions.from_json({**(options or {}), "players": players})
    used: list[Card] = []

    def _take(text: str) -> list[Card]:
        cards = cards_from_faces(text, used)
        used.extend(cards)
        return cards

    sequences: dict[int, TableSequence] = {}
    for meld_id, (owner, text) in enumerate(melds):
        cards = _take(text)
        try:
            meld = make_run(cards, TAKE_SEQUENCES, _run_start(text, cards))
        except MeldError as exc:
            raise PositionError(f"sequence {text!r}: {exc}") from exc
        sequences[meld_id] = TableSequence(meld_id, owner, meld)
    hand_cards = [_take(text) for text in list(hands) + [""] * (players - len(hands))]
    pile = _take(discard)
    top = _take(stock or "")[::-1]  # the list keeps the top last
    rest = [card for card in build_deck(1, 2) if card not in set(used)]
    earlier = list(scores) if scores is not None and any(scores) else None
    hand_no = 2 if earlier else 1
    drawn = None
    if drawn_from_discard is not None:
        drawn = next((c for c in hand_cards[to_move] if str(c) == drawn_from_discard), None)
        if drawn is None:
            raise PositionError(f"{drawn_from_discard} is not in the hand of P{to_move + 1}")
    state = TakeState(
        options=opts, seed=seed, hand_no=hand_no, dealer=(to_move - 1) % players if dealer is None else dealer,
        phase=phase, turn=to_move, hands=hand_cards, stock=rest + top, discard=pile, sequences=sequences,
        next_id=len(sequences), drawn_from_discard=drawn, scores=list(earlier or [0] * players),
        round_scores=[earlier] if earlier else [])
    if earlier:
        zero = tuple(0 for _ in range(players))
        state.last_result = HandResult(1, tuple(() for _ in range(players)), tuple(earlier), zero,
                                       tuple(earlier), None)
    # A round trip through the strict reader checks the built position like any loaded one.
    return state_from_json(state_to_json(state))
