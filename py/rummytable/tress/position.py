"""Tress positions: save (:func:`position_of`), load with validation (:func:`load_position`)
and :func:`scenario`, which writes a position from face notation for tests and bug reports.

The format is documented in docs/formats.md ("Tress position"). Loading checks the exact
set of keys, that every physical card of the deck is in exactly one place, that hand sizes,
melds, seats, claims, scores and the phase fit together, that the history replays to exactly
this position (:mod:`rummytable.position_checks`) and that the player to act can act; it
rejects anything else with :class:`~rummytable.game.PositionError` and never returns a
half-loaded game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rummytable.cards import Card, CardError, build_deck, cards_from_faces, parse_faces
from rummytable.game import (
    POSITION_SCHEMA,
    Action,
    Event,
    MalformedActionError,
    OptionsError,
    Phase,
    PositionError,
    chance_rng,
    require,
    require_cards,
    require_int,
)
from rummytable.jsontext import quote
from rummytable.melds import Meld, MeldError, MeldKind, RunRules, make_run, make_set, meld_from_json
from rummytable.position_checks import difference, replay_history, require_a_move, require_set_up
from rummytable.tress.actions import Discard, DrawStock, NextRound
from rummytable.tress.options import DECKS, ROUNDS, ClaimWindow, TressOptions, round_deal
from rummytable.tress.scoring import match_winners
from rummytable.tress.state import TressState
from rummytable.tress.table import TableMeld

if TYPE_CHECKING:
    from rummytable.tress.game import TressGame

_IN_ROUND = (Phase.DRAW, Phase.CLAIM, Phase.PLAY)

_KEYS = frozenset({
    "schema", "game", "options", "seed", "round", "dealer", "phase", "to_move", "hands", "stock", "discard",
    "discard_dead", "discarder", "melds", "next_meld_id", "down", "claims", "claims_used", "drawn_from_discard",
    "restocks", "scores", "round_scores", "last_result", "winners", "history", "log"})
"""Every key of a Tress position; :data:`_OPTIONAL` keys may be added (saves of earlier versions lack them)."""

_OPTIONAL = frozenset({"start", "stale_restocks"})
"""Keys a position may carry beyond :data:`_KEYS`: the set-up start, and the T-22 count (written since T-22)."""

_WHERE = "Tress position"


def position_of(game: TressGame) -> dict[str, Any]:
    """Return ``game``'s full position as JSON data (hands sorted, stock and discard bottom to top)."""
    return state_to_json(game.state)


def state_to_json(state: TressState) -> dict[str, Any]:
    """Return the position of ``state`` as JSON data (docs/formats.md, "Tress position")."""
    return {
        "schema": POSITION_SCHEMA,
        "game": "tress",
        "options": state.options.to_json(),
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "to_move": state.to_move,
        "hands": [[c.key for c in sorted(h)] for h in state.hands],
        "stock": [c.key for c in state.stock],
        "discard": [c.key for c in state.discard],
        "discard_dead": state.discard_dead,
        "discarder": state.discarder,
        "melds": [{"id": t.id, "owner": t.owner, **t.meld.to_json()} for _, t in sorted(state.melds.items())],
        "next_meld_id": state.next_meld_id,
        "down": list(state.down),
        "claims": list(state.claims),
        "claims_used": list(state.claims_used),
        "drawn_from_discard": state.drawn_from_discard.key if state.drawn_from_discard else None,
        "restocks": state.restocks,
        "stale_restocks": state.stale_restocks,
        "scores": list(state.scores),
        "round_scores": [list(r) for r in state.round_scores],
        "last_result": state.last_result,
        "winners": list(state.winners),
        "history": [a.to_json() for a in state.history],
        "log": [{"kind": e.kind, "data": dict(e.data), "owner": e.owner, "secret": list(e.secret)}
                for e in state.log],
        "start": state_to_json(state.origin) if state.origin is not None and state.history else None,
    }


def load_position(cls: type[TressGame], data: object) -> TressGame:
    """Build a :class:`~rummytable.tress.game.TressGame` from position data, validating everything.

    The fields are read and cross-checked first; then the history is replayed from ``start``
    (or from the first deal of the seed) and must lead to exactly this position.

    :raises PositionError: with a message naming the first problem found.
    """
    game = _read(cls, data)
    assert isinstance(data, dict)  # _read accepts nothing else
    return _verified(cls, game, data)


def _verified(cls: type[TressGame], game: TressGame, data: dict[str, Any]) -> TressGame:
    """The game ``data`` describes, once its history is shown to lead to ``game`` (its fields)."""
    history = data["history"]
    start = data.get("start")
    if start is not None:
        require_set_up(start, _WHERE)
        if not history:
            raise PositionError(f"{_WHERE}: 'start' is given only with a history")
        try:
            base = cls.from_position(start)
        except PositionError as exc:
            raise PositionError(f"{_WHERE}: start: {exc}") from None
        result = replay_history(base, history, _WHERE)
    elif history:
        result = replay_history(cls.new(game.options, game.seed), history, _WHERE)
    elif game.state.log:
        result = cls.new(game.options, game.seed)
        where = difference(result, game)
        if where:
            raise PositionError(f"{_WHERE}: a position with no history has no log, unless it is the first "
                                f"deal of its seed ({where} differs from that deal)")
    else:
        # A set-up position: its own start, kept for the saves of the game played on from it.
        game.state.origin = game.state.copy()
        result = game
    if result is not game:
        where = difference(result, game)
        if where:
            raise PositionError(f"{_WHERE}: the history does not lead to this position ({where} differs)")
    require_a_move(result, _quick_moves(result), _WHERE)
    return result


def _quick_moves(game: TressGame) -> list[Action]:
    """A cheap legal action to try before listing them all: a discard, a draw or the next deal."""
    mover = game.to_move
    if mover is None:
        return []
    if game.phase is Phase.PLAY:
        state = game.state
        discards: list[Action] = [Discard(mover, c) for c in state.hands[mover][:2] if c != state.drawn_from_discard]
        return discards[:1]
    if game.phase is Phase.ROUND_OVER:
        return [NextRound(mover)]
    return [DrawStock(mover)]


def _read(cls: type[TressGame], data: object) -> TressGame:
    """Read and cross-check the fields of a position (everything but the history's replay)."""
    if not isinstance(data, dict):
        raise PositionError(f"a position must be an object, not {type(data).__name__}")
    where = _WHERE
    schema = require(data, "schema", int, where)
    if schema != POSITION_SCHEMA:
        raise PositionError(f"{where}: schema {quote(schema)} is not supported (this engine reads {POSITION_SCHEMA})")
    if require(data, "game", str, where) != "tress":
        raise PositionError(f"{where}: 'game' must be 'tress', not {quote(data['game'])}")
    keys = {str(key) for key in data}
    if keys - _KEYS - _OPTIONAL or _KEYS - keys:
        raise PositionError(f"{where}: unknown keys {quote(sorted(keys - _KEYS - _OPTIONAL))}, "
                            f"missing keys {sorted(_KEYS - keys)}")
    try:
        options = TressOptions.from_json(_options_of(data, where))
    except OptionsError as exc:
        raise PositionError(f"{where}: bad options: {exc}") from exc
    game = cls(options, require(data, "seed", int, where))
    n = options.players
    game.state.round = _int(data, "round", 1, ROUNDS)
    game.state.dealer = _int(data, "dealer", 0, n - 1)
    try:
        game.state.phase = Phase(require(data, "phase", str, where))
    except ValueError:
        raise PositionError(f"{where}: unknown phase {quote(data['phase'])}") from None
    phase = game.state.phase
    to_move = data.get("to_move")
    if phase is Phase.MATCH_OVER:
        if to_move is not None:
            raise PositionError(f"{where}: nobody is to move when the match is over")
        game.state.to_move = None
    else:
        game.state.to_move = _int(data, "to_move", 0, n - 1)
    hands = require(data, "hands", list, where)
    if len(hands) != n:
        raise PositionError(f"{where}: {len(hands)} hands for {n} players")
    game.state.hands = [_cards(h, f"hand {i}") for i, h in enumerate(hands)]
    game.state.stock = _cards(require(data, "stock", list, where), "stock")
    game.state.discard = _cards(require(data, "discard", list, where), "discard pile")
    game.state.discard_dead = require(data, "discard_dead", bool, where)
    discarder = data.get("discarder")
    game.state.discarder = None if discarder is None else _int(data, "discarder", 0, n - 1)
    _load_melds(game, data)
    game.state.down = _bools(require(data, "down", list, where), n, "down")
    game.state.claims = _seats(require(data, "claims", list, where), n, "claims")
    game.state.claims_used = _counts(require(data, "claims_used", list, where), n, "claims_used")
    drawn = data.get("drawn_from_discard")
    game.state.drawn_from_discard = None if drawn is None else _cards([drawn], "drawn_from_discard")[0]
    game.state.restocks = _int(data, "restocks", 0, 10**9)
    game.state.stale_restocks = _int(data, "stale_restocks", 0, game.state.restocks) if "stale_restocks" in data else 0
    game.state.scores = _counts(require(data, "scores", list, where), n, "scores")
    game.state.round_scores = [_counts(r, n, "round_scores row") for r in require(data, "round_scores", list, where)]
    game.state.last_result = _last_result(data["last_result"], n)
    game.state.winners = _seats(require(data, "winners", list, where), n, "winners")
    try:
        game.state.history = [game.action_from_json(a) for a in require(data, "history", list, where)]
        game.history = game.state.history
    except MalformedActionError as exc:
        raise PositionError(f"{where}: bad history entry: {exc}") from exc
    game.state.log = [_event(e) for e in require(data, "log", list, where)]
    _validate(game)
    return game


def _options_of(data: dict[str, Any], where: str) -> dict[str, Any]:
    """The position's options JSON; a save from before T-22 keeps playing by the rules it began with.

    Such a save has no ``stale_restocks``, and its options do not name
    ``dead_stock_rebuilds``: the option is then off (``None``), as it was when the match
    started, so the match replays from its history exactly.
    """
    options = dict(require(data, "options", dict, where))
    if "stale_restocks" not in data:
        options.setdefault("dead_stock_rebuilds", None)
    return options


def _last_result(value: object, n: int) -> dict[str, Any] | None:
    """``{round, hands, points, out}`` as the engine writes it (round 1..7, a hand and points per seat)."""
    if value is None:
        return None
    where = f"{_WHERE}: last_result"
    if not isinstance(value, dict) or set(value) != {"round", "hands", "points", "out"}:
        raise PositionError(f"{where} must be {{round, hands, points, out}} or null, not {quote(value)}")
    require_int(value, "round", where, 1, ROUNDS)
    hands = require(value, "hands", list, where)
    if len(hands) != n:
        raise PositionError(f"{where}: 'hands' must list {n} hands")
    # Hands are kept sorted, as the engine writes them, so that any valid text saves back one way.
    sorted_hands = [[c.key for c in sorted(require_cards(hand, where))] for hand in hands]
    _counts(value["points"], n, "last_result points")
    if value["out"] is not None:
        require_int(value, "out", where, 0, n - 1)
    return {"round": value["round"], "hands": sorted_hands, "points": list(value["points"]),
            "out": value["out"]}


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    return require_int(data, key, "Tress position", low, high)


def _cards(items: object, what: str) -> list[Card]:
    return require_cards(items, f"Tress position: {what}")


def _bools(items: list[Any], n: int, what: str) -> list[bool]:
    if len(items) != n or not all(isinstance(b, bool) for b in items):
        raise PositionError(f"Tress position: {what} must be {n} true/false values")
    return list(items)


def _counts(items: object, n: int, what: str) -> list[int]:
    if not isinstance(items, list) or len(items) != n or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in items):
        raise PositionError(f"Tress position: {what} must be {n} whole numbers >= 0")
    return list(items)


def _seats(items: list[Any], n: int, what: str) -> list[int]:
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in items):
        raise PositionError(f"Tress position: {what} must list seats 0..{n - 1}")
    if len(set(items)) != len(items):
        raise PositionError(f"Tress position: {what} names a seat twice")
    return list(items)


def _event(item: object) -> Event:
    if not isinstance(item, dict):
        raise PositionError("Tress position: log entries must be objects")
    if set(item) != {"kind", "data", "owner", "secret"}:
        raise PositionError(f"Tress position: a log entry is {{kind, data, owner, secret}}, not {quote(sorted(item))}")
    kind = require(item, "kind", str, "log entry")
    data = require(item, "data", dict, "log entry")
    owner = item.get("owner")
    if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int)):
        raise PositionError("Tress position: a log entry's owner must be a seat or null")
    secret = require(item, "secret", list, "log entry")
    if not all(isinstance(s, str) for s in secret):
        raise PositionError("Tress position: a log entry's secret must list keys")
    return Event(kind, data, owner, tuple(secret))


def _load_melds(game: TressGame, data: dict[str, Any]) -> None:

    n = game.num_players
    game.state.next_meld_id = _int(data, "next_meld_id", 0, 10**9)
    game.state.melds = {}
    for item in require(data, "melds", list, "Tress position"):
        if not isinstance(item, dict):
            raise PositionError("Tress position: each meld must be an object")
        meld_id = _int(item, "id", 0, game.state.next_meld_id - 1)
        owner = _int(item, "owner", 0, n - 1)
        if meld_id in game.state.melds:
            raise PositionError(f"Tress position: meld id {meld_id} is used twice")
        shape = {"id", "owner", "kind", "cards", "rank" if item.get("kind") == "set" else "start"}
        if set(item) != shape:
            raise PositionError(f"Tress position: meld {meld_id} must have the keys {sorted(shape)}, "
                                f"not {quote(sorted(item))}")
        body = {k: v for k, v in item.items() if k not in ("id", "owner")}
        try:
            meld = meld_from_json(body, game.run_rules)
        except MeldError as exc:
            raise PositionError(f"Tress position: meld {meld_id} is not valid: {exc}") from exc
        game.state.melds[meld_id] = TableMeld(meld_id, owner, meld)


def _validate(game: TressGame) -> None:
    """Cross-checks: cards, hand sizes, phase, claims, melds and scores fit together."""
    where = "Tress position"
    n = game.num_players
    phase = game.phase
    everything = [c for h in game.state.hands for c in h] + game.state.stock + game.state.discard + [
        c for t in game.state.melds.values() for c in t.meld.cards]
    deck = Counter(build_deck(DECKS, game.options.joker_count))
    found = Counter(everything)
    # Subtracted only when the counts differ: the usual case is one comparison.
    extra = [] if found == deck else sorted(c.key for c in (found - deck).elements())
    missing = [] if found == deck else sorted(c.key for c in (deck - found).elements())
    if extra or missing:
        raise PositionError(f"{where}: every card of the deck must be in exactly one place; "
                            f"extra or repeated: {extra[:8]}, missing: {missing[:8]}")
    in_round = phase in _IN_ROUND
    finished = len(game.state.round_scores)
    if finished != (game.state.round - 1 if in_round else game.state.round):
        raise PositionError(f"{where}: round {game.state.round} in phase {phase.value} needs "
                            f"{game.state.round - 1 if in_round else game.state.round} scored round(s), not {finished}")
    totals = [sum(r[s] for r in game.state.round_scores) for s in range(n)]
    if totals != game.state.scores:
        raise PositionError(f"{where}: scores {game.state.scores} are not the sum of the rounds {totals}")
    if phase is Phase.MATCH_OVER and game.state.round != ROUNDS:
        raise PositionError(f"{where}: the match ends only after round {ROUNDS}")
    if phase is Phase.ROUND_OVER and game.state.round == ROUNDS:
        raise PositionError(f"{where}: after round {ROUNDS} the match is over")
    if in_round:
        if game.state.last_result is not None or game.state.winners:
            raise PositionError(f"{where}: a round in play has no result and no winners")
        _validate_in_round(game)
    else:
        last = game.state.last_result
        if last is None or last.get("round") != game.state.round or last.get("points") != game.state.round_scores[-1]:
            raise PositionError(f"{where}: last_result must describe round {game.state.round} as scored")
        if game.state.claims or game.state.drawn_from_discard is not None:
            raise PositionError(f"{where}: no claims or drawn card once the round is over")
        expected: list[int] = []
        if phase is Phase.MATCH_OVER:
            round7 = game.state.round_scores[-1] if game.options.tie_break_round7 else None
            expected = match_winners(game.state.scores, round7)
        if game.state.winners != expected:
            raise PositionError(f"{where}: winners must be {expected}, not {game.state.winners}")
        if phase is Phase.ROUND_OVER and game.to_move != (game.state.dealer + 1) % n:
            raise PositionError(
                f"{where}: after a round the next dealer (P{(game.state.dealer + 1) % n + 1}) is to move")
    for table in game.state.melds.values():
        if game.state.round < ROUNDS and not game.state.down[table.owner]:
            raise PositionError(f"{where}: meld {table.id} belongs to P{table.owner + 1}, who is not down")
    if game.state.round == ROUNDS and any(game.state.down):
        raise PositionError(f"{where}: nobody is down in round {ROUNDS} (T-20)")
    limit = game.options.claim_limit
    if limit is not None and any(used > limit for used in game.state.claims_used):
        raise PositionError(f"{where}: claims_used exceeds the limit of {limit}")
    dead = game.options.dead_stock_rebuilds
    if dead is not None and game.state.stale_restocks > dead:
        raise PositionError(
            f"{where}: stale_restocks {game.state.stale_restocks} is past dead_stock_rebuilds {dead} (T-22)")


def _validate_in_round(game: TressGame) -> None:
    where = "Tress position"
    phase, mover = game.phase, game.to_move
    assert mover is not None
    contract = game.options.contract(game.state.round)
    deal = round_deal(game.state.round)
    for seat, hand in enumerate(game.state.hands):
        if not hand:
            raise PositionError(f"{where}: P{seat + 1} has no cards but the round goes on")
        least = deal + (1 if phase is Phase.PLAY and seat == mover else 0)
        if not game.state.down[seat] and len(hand) < least:
            raise PositionError(f"{where}: P{seat + 1} is not down and cannot hold fewer than {least} "
                                f"cards in round {game.state.round}, not {len(hand)}")
    if game.state.round == ROUNDS and game.state.melds:
        raise PositionError(f"{where}: no melds are on the table while round {ROUNDS} is played")
    for seat in range(game.num_players):
        owned = [t.meld for t in game.state.melds.values() if t.owner == seat]
        sets = sum(1 for m in owned if m.kind is MeldKind.SET)
        runs = len(owned) - sets
        if game.state.down[seat] and (sets < contract.sets or runs < contract.runs):
            raise PositionError(f"{where}: P{seat + 1} is down but has not laid the contract")
    if phase is Phase.CLAIM and not game.state.claims:
        raise PositionError(f"{where}: phase claim needs a pending call")
    if game.state.claims:
        open_in_play = phase is Phase.PLAY and game.options.claim_window is ClaimWindow.UNTIL_DISCARD
        if phase is Phase.DRAW or (phase is Phase.PLAY and not open_in_play):
            raise PositionError(f"{where}: calls cannot be pending in phase {phase.value}")
        if not game.state.discard or game.state.discard_dead:
            raise PositionError(f"{where}: calls are pending but there is no live discard")
        if mover in game.state.claims or game.state.discarder in game.state.claims:
            raise PositionError(f"{where}: the drawer and the discarder may not call")
    drawn = game.state.drawn_from_discard
    if drawn is not None and (phase is not Phase.PLAY or drawn not in game.state.hands[mover]):
        raise PositionError(f"{where}: drawn_from_discard must be a card in the hand of the player in phase play")


def scenario(
    hands: Sequence[str | None], *, round_no: int = 1, dealer: int | None = None,
    to_move: int = 0, phase: str = "play", melds: Sequence[tuple[int, str]] = (), discard: str = "",
    stock: str = "", down: Sequence[bool] | None = None, options: dict[str, Any] | None = None,
    seed: int = 0, drawn_from_discard: str | None = None, claims: Sequence[int] = (),
    discarder: int | None = None, discard_dead: bool = False,
    round_scores: Sequence[Sequence[int]] | None = None, rest_to: int | None = None,
) -> dict[str, Any]:
    """Write a Tress position from face notation, the way the rule book describes situations.

    :param hands: per seat, face notation (``"4H 4S 4C KD KS JK 7C 2D"``) or ``None`` for a
        hand of the round's deal size taken from the rest of the deck.
    :param round_no: the round (1..7); the number of players is ``len(hands)``.
    :param dealer: defaults to the seat before ``to_move``.
    :param melds: ``(owner, notation)`` per table meld, jokers with identity
        (``"5H JK(6H) 7H 8H"``, ``"KD KS JK(K)"``); ids are given in order from 0.
    :param discard: the discard pile in face notation, bottom to top.
    :param stock: the top cards of the stock, first = top; the rest of the deck lies
        beneath in an order fixed by ``seed``.
    :param down: per seat; defaults to "owns a meld".
    :param claims: pending callers in arrival order.
    :param rest_to: a seat whose hand takes the rest of the deck instead of the stock
        (so the stock holds only ``stock``, e.g. empty).
    :param round_scores: scored rounds (default zeros); a ``round_over`` phase gets a
        ``last_result`` from the hands and the last row.
    :returns: position data for :meth:`TressGame.from_position` (which validates it).
    :raises CardError: for notation that does not parse.
    :raises MeldError: for a meld that is not valid.
    """
    n = len(hands)
    opts = TressOptions.from_json({**(options or {}), "players": n})
    used: list[Card] = []

    def take(text: str) -> list[Card]:
        cards = cards_from_faces(text, used)
        used.extend(cards)
        return cards

    meld_data = []
    for index, (owner, text) in enumerate(melds):
        meld_data.append({"id": index, "owner": owner, **_notation_meld(text, take, opts).to_json()})
    given = [take(h) if h is not None else None for h in hands]
    pile = take(discard)
    top = take(stock)
    rest = [c for c in build_deck(DECKS, opts.joker_count) if c not in set(used)]
    chance_rng(seed, "scenario").shuffle(rest)
    size = round_deal(round_no)
    full = []
    for cards in given:
        if cards is None:
            cards, rest = rest[:size], rest[size:]
        full.append(sorted(cards))
    if rest_to is not None:
        full[rest_to] = sorted(full[rest_to] + rest)
        rest = []
    owners = {owner for owner, _ in melds}
    in_round = phase in ("draw", "claim", "play")
    rows = [list(r) for r in round_scores] if round_scores is not None else [
        [0] * n for _ in range(round_no - 1 if in_round else round_no)]
    last = None if in_round else {"round": round_no, "hands": [[c.key for c in sorted(h)] for h in full],
                                  "points": rows[-1], "out": None}
    return {
        "schema": POSITION_SCHEMA, "game": "tress", "options": opts.to_json(), "seed": seed,
        "round": round_no, "dealer": (to_move - 1) % n if dealer is None else dealer, "phase": phase,
        "to_move": to_move if phase != "match_over" else None,
        "hands": [[c.key for c in sorted(h)] for h in full],
        "stock": [c.key for c in rest + list(reversed(top))],
        "discard": [c.key for c in pile], "discard_dead": discard_dead, "discarder": discarder,
        "melds": meld_data, "next_meld_id": len(meld_data),
        "down": list(down) if down is not None else [s in owners and round_no < ROUNDS for s in range(n)],
        "claims": list(claims), "claims_used": [0] * n,
        "drawn_from_discard": _drawn_key(drawn_from_discard, full, to_move),
        "restocks": 0, "stale_restocks": 0,
        "scores": [sum(r[s] for r in rows) for s in range(n)], "round_scores": rows,
        "last_result": last, "winners": [], "history": [], "log": [],
    }


def _drawn_key(face: str | None, hands: list[list[Card]], seat: int) -> str | None:
    if face is None:
        return None
    wanted = cards_from_faces(face)[0]
    for card in hands[seat]:
        if card.rank == wanted.rank and card.suit == wanted.suit:
            return card.key
    raise CardError(f"P{seat + 1} does not hold {face}")


def _notation_meld(text: str, take: Callable[[str], list[Card]], opts: TressOptions) -> Meld:
    """Turn ``"5H JK(6H) 7H 8H"`` into a meld of physical cards (a set when all faces share a rank)."""
    tokens = parse_faces(text)
    cards = take(" ".join("JK" if t.is_joker else str(t.face) for t in tokens))
    faces = [t.face if t.face is not None else t.stands_for for t in tokens]
    known = [f for f in faces if f is not None]
    if len({f.rank for f in known}) == 1 and all(
            t.stands_for is None or t.stands_for.suit is None for t in tokens):
        return make_set(cards)
    run_rules = RunRules(min_length=4, both_aces=True, wrap=opts.wrap_runs, rule="T-7")
    index, face = next((i, f) for i, f in enumerate(faces) if f is not None)
    starts = [face.rank - index] + ([1 - index] if face.rank == 14 else [])
    for start in starts:
        try:
            return make_run(cards, run_rules, start=start)
        except MeldError:
            continue
    return make_run(cards, run_rules)

