"""The Take («Взяти») engine: a sequences-only rummy to 500 with take-overs (docs/rules-take.md, rules K-1..K-19).

A turn is: draw (stock or top discard, K-8) -> any number of new sequences and extensions
(K-9) -> one discard (K-10). Every sequence has an owner (K-11); adding above the top of
another player's sequence takes it over (K-12), below the bottom does not (K-13); a top
ace locks it (K-14). The hand ends when a player discards his last card (K-16); owned
sequences minus cards in hand are scored (K-17) until someone reaches the target (K-18).

Phases: ``DRAW`` -> ``PLAY`` -> (discard) ``DRAW`` of the next seat ... -> ``ROUND_OVER``
(hand scored; any seat sends ``next_hand``) -> ... -> ``MATCH_OVER``.

Usage::

    game = TakeGame.new({"players": 3}, seed=7)
    for event in game.apply(game.legal_actions(game.to_move)[0]): ...
    game.view(0)          # what seat 0 may see, with its legal actions
    TakeGame.load(game.save())
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rummytable.cards import Card, build_deck
from rummytable.game import (
    Action,
    Event,
    Game,
    IllegalActionError,
    LegalActions,
    MalformedActionError,
    OptionsError,
    Phase,
    chance_rng,
)
from rummytable.melds import End, Meld, MeldError
from rummytable.take.actions import (
    ACTION_TYPES,
    Discard,
    DrawDiscard,
    DrawStock,
    Extend,
    LayDown,
    NextHand,
    action_from_json,
)
from rummytable.take.options import StockRule, TakeOptions, TieRule
from rummytable.take.plays import extension_plays, keeps_a_discard, lay_down_plays
from rummytable.take.position import load_game, state_from_faces, state_to_json
from rummytable.take.scoring import hand_points, hand_scores, table_points
from rummytable.take.state import HandResult, TakeState
from rummytable.take.table import TableSequence, extension, new_sequence, sequence_view
from rummytable.take.view import build_view

__all__ = ["HAND_SIZE", "TakeGame"]

HAND_SIZE = 7
"""Cards dealt to each player (K-3)."""

class TakeGame(Game):
    """A Take match. Build with :meth:`new`, :meth:`replay` or :meth:`load`; never share state.

    :ivar state: the whole match as plain data (:class:`~rummytable.take.state.TakeState`).
    """

    NAME = "take"
    ACTIONS = ACTION_TYPES

    def __init__(self, state: TakeState) -> None:
        """Wrap ``state`` (not copied). Use :meth:`new` to start a match."""
        self.state = state
        self.history = state.history

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, options: TakeOptions | dict[str, Any] | None, seed: int) -> TakeGame:
        """Start a match: random first dealer (``chance_rng(seed, "dealer")``) and the first deal (K-3).

        :param options: a :class:`TakeOptions` or its JSON form (``None`` = rule book defaults).
        :param seed: any integer; the whole match follows from it and the actions.
        :raises OptionsError: for invalid options or a seed that is not an integer.
        """
        opts = options if isinstance(options, TakeOptions) else TakeOptions.from_json(options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionsError(f"the seed must be an integer, not {seed!r}")
        dealer = chance_rng(seed, "dealer").randrange(opts.players)
        state = TakeState(options=opts, seed=seed, hand_no=0, dealer=dealer, phase=Phase.ROUND_OVER,
                          turn=dealer, hands=[[] for _ in range(opts.players)], stock=[], discard=[],
                          scores=[0] * opts.players)
        game = cls(state)
        game._deal(1, dealer)
        return game

    @classmethod
    def replay(cls, options: TakeOptions | dict[str, Any] | None, seed: int,
               actions: Iterable[Action | dict[str, Any]]) -> TakeGame:
        """Rebuild a match from its options, seed and actions (objects or JSON).

        :raises OptionsError: for bad options; :raises RulesError: at the first bad action.
        """
        game = cls.new(options, seed)
        for action in actions:
            game.apply(action if isinstance(action, Action) else game.action_from_json(action))
        return game

    @classmethod
    def from_faces(cls, **situation: Any) -> TakeGame:
        """Build a game in a given situation from face notation
        (:func:`rummytable.take.position.state_from_faces`: ``players``, ``hands``, ``melds``,
        ``discard``, ``stock`` (top first), ``to_move``, ``phase``, ``drawn_from_discard``, ``scores``,
        ``options``), as :meth:`rummytable.tress.game.TressGame.from_faces` does for Tress.

        :raises PositionError: when the situation is not a valid position (also one in which
            the player to move could not act).
        """
        return cls.from_position(state_to_json(state_from_faces(**situation)))

    def copy(self) -> TakeGame:
        """Return an independent copy of the match (for search); the original is untouched by it."""
        return TakeGame(self.state.copy())

    @classmethod
    def from_position(cls, data: object) -> TakeGame:
        """Load a position made by :meth:`to_position` (format in docs/formats.md, "Take").

        :raises PositionError: when malformed or inconsistent (cards missing or doubled,
            invalid sequences, owners out of range ...).
        """
        return load_game(cls, data)

    def to_position(self) -> dict[str, Any]:
        """Return the whole match as JSON data (docs/formats.md, "Take")."""
        return state_to_json(self.state)

    # ------------------------------------------------------------------ queries

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self.state.phase

    @property
    def to_move(self) -> int | None:
        """The seat to act: the player whose turn it is; after a hand the next dealer (any seat may
        send ``next_hand``); ``None`` once the match is over."""
        state = self.state
        if state.phase is Phase.MATCH_OVER:
            return None
        if state.phase is Phase.ROUND_OVER:
            return (state.dealer + 1) % self.num_players
        return state.turn

    @property
    def num_players(self) -> int:
        """Number of seats (2..4)."""
        return self.state.options.players

    @property
    def options(self) -> TakeOptions:
        """The match's options."""
        return self.state.options

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, sorted (engine side: for tests and computer players' internals)."""
        return sorted(self.state.hands[seat])

    def sequences(self) -> list[TableSequence]:
        """The sequences on the table, in the order laid down."""
        return list(self.state.sequences.values())

    @property
    def scores(self) -> list[int]:
        """Cumulative points per seat (K-17)."""
        return list(self.state.scores)

    @property
    def public_log(self) -> list[dict[str, Any]]:
        """Every event so far as a spectator sees it (no seat's secrets)."""
        return [event.for_seat(None) for event in self.state.log]

    def action_from_json(self, data: object) -> Action:
        """Parse a Take action (see :mod:`rummytable.take.actions`).

        :raises MalformedActionError: for data that is not a Take action of this match.
        """
        return action_from_json(data, self.num_players)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> LegalActions:
        """Every legal action of ``seat`` now, sorted (:meth:`Action.sort_key`).

        Draw phase: draw_stock, draw_discard. Play phase: every new sequence and every
        extension the hand allows (see :mod:`rummytable.take.plays` for exactly what is
        listed), then each discard. After a hand: next_hand, for every seat.

        ``action in legal_actions(seat)`` asks the rules (:meth:`is_legal`). The listing is complete
        (``.complete``) unless it holds a lay-down (the same cards with their ``start`` written out
        are legal too) or, with two jokers in hand, a play with a joker (the other joker in its place
        is legal too); those variants are not listed.

        :raises ValueError: for a seat outside the table (as in every game).
        """
        self.require_seat(seat)
        return self._listed(seat, self._legal(seat))

    def _listed(self, seat: int, actions: list[Action]) -> LegalActions:
        hand = self.state.hands[seat]

        def leaves_out(listed: Sequence[Action]) -> bool:
            # A lay-down stands for the same one with its start written out; with two jokers in
            # hand, a play with a joker stands for the same play with the other joker.
            jokers = sum(card.is_joker for card in hand)
            return any(type(a) is LayDown or (type(a) is Extend and jokers > 1 and any(c.is_joker for c in a.cards))
                       for a in listed if isinstance(a, LayDown | Extend))

        return LegalActions(actions, self, seat, leaves_out)

    def _legal(self, seat: int) -> list[Action]:
        state = self.state
        actions: list[Action] = []
        if state.phase is Phase.MATCH_OVER:
            return actions
        if state.phase is Phase.ROUND_OVER:
            return [NextHand(seat)]
        if seat != state.turn:
            return actions
        if state.phase is Phase.DRAW:
            if state.stock:
                actions.append(DrawStock(seat))
            if state.discard:
                actions.append(DrawDiscard(seat))
            return actions
        hand, drawn, options = state.hands[seat], state.drawn_from_discard, state.options
        actions.extend(LayDown(seat, cards) for cards in lay_down_plays(hand, drawn, options))
        actions.extend(Extend(seat, meld_id, cards, end) for meld_id, end, cards in
                       extension_plays(hand, drawn, seat, list(state.sequences.values()), options))
        actions.extend(Discard(seat, card) for card in sorted(set(hand)) if card != drawn)
        actions.sort(key=lambda action: action.sort_key())
        return actions

    # ------------------------------------------------------------------ checking

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (or :class:`MalformedActionError` for a foreign
        action) when ``action`` may not be applied now; the message names the action, the
        rule id and the phase. Never changes the game."""
        self._validate(action)

    def _fail(self, action: Action, reason: str, rule: str) -> IllegalActionError:
        return IllegalActionError(action, reason, rule, self.state.phase)

    def _validate(self, action: Action) -> Any:
        """Check ``action``; return what performing it needs (the new meld for plays)."""
        if type(action) not in _CARRY_OUT:
            raise MalformedActionError(f"{action!r} is not a Take action")
        self.require_seat_of(action)
        return _PHASE_CHECKS[self.state.phase](self, action)

    def _check_match_over(self, action: Action) -> Any:
        raise self._fail(action, "the match is over", "K-18")

    def _check_hand_over(self, action: Action) -> Any:
        if type(action) is not NextHand:
            raise self._fail(action, "the hand is over: the next hand must be dealt first", "K-16")
        return None

    def _check_in_hand(self, action: Action) -> Any:
        """DRAW and PLAY: the player to move's action of this phase."""
        state = self.state
        if type(action) is NextHand:
            raise self._fail(action, "the hand is still being played", "K-16")
        if action.seat != state.turn:
            raise self._fail(action, f"it is P{state.turn + 1}'s turn", "turn")
        if isinstance(action, (DrawStock, DrawDiscard)):
            if state.phase is not Phase.DRAW:
                raise self._fail(action, "you have already drawn this turn", "K-8")
            if isinstance(action, DrawStock) and not state.stock:
                raise self._fail(action, "the stock is empty", "K-19")
            if isinstance(action, DrawDiscard) and not state.discard:
                raise self._fail(action, "the discard pile is empty", "K-8")
            return None
        if state.phase is not Phase.PLAY:
            raise self._fail(action, "draw a card first", "K-8")
        return _PLAY_CHECKS[type(action)](self, action)

    def _check_discard(self, action: Discard) -> None:
        state = self.state
        if action.card not in state.hands[action.seat]:
            raise self._fail(action, f"{action.card.key} is not in your hand", "K-10")
        if action.card == state.drawn_from_discard:
            raise self._fail(action, "you may not discard the card taken from the discard pile this turn", "K-10")

    def _check_meld_play(self, action: LayDown | Extend) -> Meld:
        """A lay-down or extension: the cards held, the sequence it makes (K-4..K-7, K-9, K-12), a discard left."""
        state = self.state
        self._check_cards_held(action, action.cards)
        try:
            if isinstance(action, LayDown):
                meld = new_sequence(action.cards, state.options, action.start)
            else:
                seq = state.sequences.get(action.meld)
                if seq is None:
                    raise self._fail(action, f"there is no sequence #{action.meld} on the table", "K-9")
                meld = extension(seq, action.cards, action.end, action.seat, state.options)
        except MeldError as exc:
            raise self._fail(action, exc.reason, exc.rule) from exc
        if not keeps_a_discard(state.hands[action.seat], action.cards, state.drawn_from_discard,
                               state.options.go_out_by_melding):
            reason = ("this would leave you no card to discard"
                      if state.options.go_out_by_melding or len(action.cards) < len(state.hands[action.seat])
                      else "this would leave you no card to discard (going out by melding is not allowed)")
            raise self._fail(action, reason, "K-10")
        return meld

    def _check_cards_held(self, action: Action, cards: tuple[Card, ...]) -> None:
        if len(set(cards)) != len(cards):
            raise self._fail(action, "a card may be used only once", "K-7")
        hand = self.state.hands[action.seat]
        for card in cards:
            if card in hand:
                continue
            for seq in self.state.sequences.values():
                if card in seq.meld.cards:
                    raise self._fail(action, f"{card.key} already belongs to sequence #{seq.id}", "K-7")
            raise self._fail(action, f"{card.key} is not in your hand", "K-9")

    # ------------------------------------------------------------------ performing

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply ``action``; return its events (also added to the log) and record it.

        :raises IllegalActionError: when the rules forbid it now (the game is unchanged).
        :raises MalformedActionError: for an action of another game.
        """
        # Validation computes the new sequence; do it once rather than in check and _perform.
        events = self._carry_out(action, self._validate(action))
        self.history.append(action)
        return events

    def _perform(self, action: Action) -> list[Event]:
        return self._carry_out(action, self._validate(action))

    def _perform_unchecked(self, action: Action) -> list[Event]:
        """Carry out ``action`` with no rule check; the new sequence of a play is still built (K-4, K-5).

        :raises MeldError: when a lay-down or extension makes no sequence.
        """
        meld: Meld | None = None
        if isinstance(action, LayDown):
            meld = new_sequence(action.cards, self.state.options, action.start)
        elif isinstance(action, Extend):
            meld = extension(self.state.sequences[action.meld], action.cards, action.end, action.seat,
                             self.state.options)
        return self._carry_out(action, meld)

    def _carry_out(self, action: Action, meld: Any) -> list[Event]:
        events: list[Event] = []
        _CARRY_OUT[type(action)](self, action, meld, events)
        self.state.log.extend(events)
        return events

    def _next_hand(self, events: list[Event]) -> None:
        self._deal(self.state.hand_no + 1, (self.state.dealer + 1) % self.num_players, events)

    def _draw_stock(self, seat: int, events: list[Event]) -> None:
        state = self.state
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.phase = Phase.PLAY
        events.append(Event("card_drawn", {"seat": seat, "source": "stock", "card": card.key},
                            owner=seat, secret=("card",)))

    def _draw_discard(self, seat: int, events: list[Event]) -> None:
        state = self.state
        card = state.discard.pop()
        state.hands[seat].append(card)
        state.drawn_from_discard = card
        state.phase = Phase.PLAY
        events.append(Event("card_drawn", {"seat": seat, "source": "discard", "card": card.key}))

    def _remove_from_hand(self, seat: int, cards: Iterable[Card]) -> None:
        hand = self.state.hands[seat]
        for card in cards:
            hand.remove(card)

    def _lay_down(self, action: LayDown, meld: Any, events: list[Event]) -> None:
        state = self.state
        self._remove_from_hand(action.seat, action.cards)
        seq = TableSequence(state.next_id, action.seat, meld)
        state.next_id += 1
        state.sequences[seq.id] = seq
        state.melded_since_restock = True
        events.append(Event("meld_created", {"seat": action.seat, "meld_id": seq.id, "meld": sequence_view(seq)}))
        if seq.locked:
            events.append(Event("sequence_locked", {"meld_id": seq.id, "seat": action.seat, "owner": seq.owner}))
        self._maybe_out(action.seat, events)

    def _extend(self, action: Extend, meld: Any, events: list[Event]) -> None:
        state = self.state
        seat = action.seat
        old = state.sequences[action.meld]
        self._remove_from_hand(seat, action.cards)
        owner = old.owner
        taken = action.end is End.HIGH and seat != owner
        if taken:
            owner = seat
        elif action.end is End.LOW and seat != old.owner:
            state.bottom_added[old.id] = state.bottom_added.get(old.id, ()) + action.cards
        seq = TableSequence(old.id, owner, meld)
        state.sequences[seq.id] = seq
        state.melded_since_restock = True
        view = sequence_view(seq)
        events.append(Event("meld_extended", {"seat": seat, "meld_id": seq.id, "cards": [c.key for c in action.cards],
                                              "end": action.end.value, "meld": view}))
        if taken:
            bottom = [c.key for c in state.bottom_added.get(seq.id, ())]
            events.append(Event("sequence_taken_over", {"meld_id": seq.id, "from": old.owner, "to": seat,
                                                        "cards": view["cards"], "bottom_added": bottom}))
        if seq.locked and not old.locked:
            events.append(Event("sequence_locked", {"meld_id": seq.id, "seat": seat, "owner": owner}))
        self._maybe_out(seat, events)

    def _maybe_out(self, seat: int, events: list[Event]) -> None:
        # Only reachable with the go-out-by-melding option (K-10): the hand ends at once.
        if not self.state.hands[seat]:
            self._end_hand(seat, events)

    def _discard(self, action: Discard, events: list[Event]) -> None:
        state = self.state
        state.hands[action.seat].remove(action.card)
        state.discard.append(action.card)
        events.append(Event("card_discarded", {"seat": action.seat, "card": action.card.key}))
        if not state.hands[action.seat]:
            self._end_hand(action.seat, events)
            return
        state.turn = (state.turn + 1) % self.num_players
        state.phase = Phase.DRAW
        state.drawn_from_discard = None
        state.bottom_added = {}
        self._ensure_stock(events)

    def _ensure_stock(self, events: list[Event]) -> None:
        """K-19: a card must now be drawn; rebuild an empty stock, or end the hand."""
        state = self.state
        if state.stock:
            return
        stale = state.options.dead_stock_ends_hand and not state.melded_since_restock
        if state.options.empty_stock is StockRule.END_HAND or len(state.discard) < 2 or stale:
            self._end_hand(None, events)
            return
        state.restocks += 1
        state.melded_since_restock = False
        top = state.discard[-1]
        pile = state.discard[:-1]
        chance_rng(state.seed, "restock", state.hand_no, state.restocks).shuffle(pile)
        state.stock = pile
        state.discard = [top]
        events.append(Event("stock_rebuilt", {"count": len(pile)}))

    def _end_hand(self, out: int | None, events: list[Event]) -> None:
        """K-16..K-18: score the hand, add it up, and decide whether the match is over."""
        state = self.state
        sequences = list(state.sequences.values())
        points = hand_scores(sequences, state.hands, state.options)
        result = HandResult(
            hand_no=state.hand_no, hands=tuple(tuple(sorted(h)) for h in state.hands),
            table=tuple(table_points(sequences, s, state.options) for s in range(self.num_players)),
            held=tuple(hand_points(h) for h in state.hands), points=tuple(points), out=out)
        state.scores = [total + p for total, p in zip(state.scores, points)]
        state.round_scores.append(list(points))
        state.last_result = result
        state.drawn_from_discard = None
        state.bottom_added = {}
        events.append(Event("round_scored", {"round": state.hand_no, "points": list(points),
                                             "hands": result.to_json()["hands"], "totals": list(state.scores),
                                             "out": out}))
        best = max(state.scores)
        top = [seat for seat, total in enumerate(state.scores) if total == best]
        if best >= state.options.target and (len(top) == 1 or state.options.tie is TieRule.SHARED):
            state.phase = Phase.MATCH_OVER
            state.winners = top
            events.append(Event("match_over", {"winners": list(top), "totals": list(state.scores)}))
        else:
            state.phase = Phase.ROUND_OVER

    def _deal(self, hand_no: int, dealer: int, events: list[Event] | None = None) -> None:
        """K-3: shuffle (``chance_rng(seed, "deal", hand_no)``), deal 7 each from the dealer's left,
        one at a time, turn up the next card; the player left of the dealer starts."""
        state = self.state
        players = self.num_players
        deck = build_deck(1, 2)
        chance_rng(state.seed, "deal", hand_no).shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            hands[(dealer + 1 + i) % players].append(deck.pop())
        state.hands = hands
        state.discard = [deck.pop()]
        state.stock = deck
        state.sequences = {}
        state.hand_no = hand_no
        state.dealer = dealer
        state.turn = (dealer + 1) % players
        state.phase = Phase.DRAW
        state.drawn_from_discard = None
        state.bottom_added = {}
        state.restocks = 0
        state.melded_since_restock = False
        event = Event("dealt", {"round": hand_no, "dealer": dealer, "hand_counts": [len(h) for h in hands],
                                "discard_top": state.discard[-1].key})
        if events is None:
            state.log.append(event)
        else:
            events.append(event)

    # ------------------------------------------------------------------ view

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready (:func:`rummytable.take.view.build_view`).

        :raises ValueError: for a seat that is not in the match.
        """
        return build_view(self, seat)


_PHASE_CHECKS: dict[Phase, Callable[[TakeGame, Action], Any]] = {
    Phase.DRAW: TakeGame._check_in_hand,
    Phase.PLAY: TakeGame._check_in_hand,
    Phase.ROUND_OVER: TakeGame._check_hand_over,
    Phase.MATCH_OVER: TakeGame._check_match_over,
}
"""How :meth:`TakeGame.check` judges an action, by the phase (Take has no claim phase)."""

_PLAY_CHECKS: dict[type[Action], Callable[[TakeGame, Any], Any]] = {
    Discard: TakeGame._check_discard,
    LayDown: TakeGame._check_meld_play,
    Extend: TakeGame._check_meld_play,
}
"""The play phase's actions, each with its own check (after the turn and the draw are checked)."""

_CARRY_OUT: dict[type[Action], Callable[[TakeGame, Any, Any, list[Event]], None]] = {
    DrawStock: lambda game, action, meld, events: game._draw_stock(action.seat, events),
    DrawDiscard: lambda game, action, meld, events: game._draw_discard(action.seat, events),
    LayDown: lambda game, action, meld, events: game._lay_down(action, meld, events),
    Extend: lambda game, action, meld, events: game._extend(action, meld, events),
    Discard: lambda game, action, meld, events: game._discard(action, events),
    NextHand: lambda game, action, meld, events: game._next_hand(events),
}
"""How :meth:`TakeGame.apply` carries out a checked action (with the meld its check built), by its class."""
