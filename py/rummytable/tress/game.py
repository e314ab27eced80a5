"""The Tress rules engine: seven rounds of contract rummy with "take it" (docs/rules-tress.md, rules T-1..T-23).

:class:`TressGame` follows the :class:`~rummytable.game.Game` contract. Phases:

* ``DRAW`` - the player to move draws (T-11); other seats may call "take it" (T-16).
* ``CLAIM`` - a call is pending; the drawer takes the card himself (``draw_discard``),
  lets the first caller have it (``grant``) or draws from the stock, which grants it (T-17).
* ``PLAY`` - the player to move lays down, lays off, swaps a joker (option) and
  discards (T-12..T-14); in round 7 laying down is going out (T-20).
* ``ROUND_OVER`` - the round is scored; any seat's ``next_round`` deals the next (T-5).
* ``MATCH_OVER`` - after round 7 (T-3).

The deal is not a phase a player acts in: :meth:`TressGame.new` deals round 1 and
``next_round`` the later rounds. Chance comes from :func:`~rummytable.game.chance_rng`
with the labels ``"dealer"``, ``("deal", round)`` and ``("restock", round, n)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from rummytable.cards import Card, build_deck
from rummytable.game import (
    Action,
    Event,
    Game,
    IllegalActionError,
    LegalActions,
    MalformedActionError,
    Phase,
    chance_rng,
)
from rummytable.melds import (
    End,
    Meld,
    MeldError,
    MeldKind,
    RunRules,
    check_joker_ratio,
    extend,
    has_adjacent_jokers,
    lay_off_ends,
    make_run,
    make_set,
    rank_of_value,
    swap_joker,
)
from rummytable.tress import solver
from rummytable.tress.actions import (
    ACTION_KINDS,
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    Grant,
    LayDown,
    LayOff,
    MeldSpec,
    NextRound,
    SwapJoker,
    action_from_json,
)
from rummytable.tress.options import DECKS, ROUNDS, ClaimPriority, ClaimWindow, EmptyStock, TressOptions, round_deal
from rummytable.tress.position import load_position, position_of, scenario
from rummytable.tress.scoring import hand_points, match_winners
from rummytable.tress.state import TressState
from rummytable.tress.table import TableMeld, meld_view
from rummytable.tress.view import build_view

LAY_DOWN_LIMIT = 24
"""Most lay-downs listed by :meth:`TressGame.legal_actions` per call; any other legal
lay-down is still accepted by :meth:`TressGame.apply` (the full set is combinatorial)."""

class TressGame(Game):
    """A Tress match in progress (the whole state; see the module docstring for phases).

    Build one with :meth:`new` (deals round 1), :meth:`replay`, or :meth:`from_position`.
    """

    NAME = "tress"
    ACTIONS = ACTION_KINDS

    def __init__(self, options: TressOptions, seed: int, state: TressState | None = None) -> None:
        """Create an empty table (or wrap ``state``, not copied); use :meth:`new` to get a dealt match."""
        self.state = TressState.empty(options, seed) if state is None else state
        self.history = self.state.history
        self.run_rules = RunRules(min_length=4, both_aces=True, wrap=options.wrap_runs, rule="T-7")
        self.meld_rules = solver.MeldRules(
            runs=self.run_rules, ratio=options.joker_ratio,
            no_adjacent_jokers=options.no_adjacent_jokers, distinct=options.distinct_melds)

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, options: TressOptions | dict[str, Any] | None, seed: int) -> TressGame:
        """Start a match: random first dealer (T-5), round 1 dealt and the first card turned up.

        :param options: a :class:`TressOptions` or its JSON dict (``None``: the rule book's).
        :param seed: the match seed; every chance event derives from it.
        :raises OptionsError: for invalid options.
        """
        opts = options if isinstance(options, TressOptions) else TressOptions.from_json(options)
        game = cls(opts, seed)
        dealer = chance_rng(seed, "dealer").randrange(opts.players)
        game._record(game._deal(1, dealer))
        return game

    @classmethod
    def replay(cls, options: TressOptions | dict[str, Any] | None, seed: int,
               actions: Iterable[Action | dict[str, Any]]) -> TressGame:
        """Rebuild a match from its options, seed and actions (objects or JSON).

        :raises MalformedActionError: / :raises IllegalActionError: for an action that
            does not fit, naming it.
        """
        game = cls.new(options, seed)
        for action in actions:
            game.apply(action if isinstance(action, Action) else game.action_from_json(action))
        return game

    @classmethod
    def from_faces(cls, hands: Sequence[str | None], **situation: Any) -> TressGame:
        """Build a game in a given situation from face notation
        (:func:`rummytable.tress.position.scenario`: ``hands``, ``round_no``, ``to_move``, ``phase``,
        ``melds``, ``discard``, ``stock`` (top first), ``down``, ``options`` ...), as
        :meth:`rummytable.take.game.TakeGame.from_faces` does for Take.

        :raises PositionError: when the situation is not a valid position.
        :raises CardError: / :raises MeldError: for notation that does not parse or a meld that is not valid.
        """
        return cls.from_position(scenario(hands, **situation))

    def copy(self) -> TressGame:
        """Return an independent copy (:meth:`TressState.copy`; the rules objects are immutable and shared)."""
        other = object.__new__(TressGame)
        other.state = self.state.copy()
        other.history = other.state.history
        other.run_rules, other.meld_rules = self.run_rules, self.meld_rules
        return other

    # ------------------------------------------------------------------ basic queries

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self.state.phase

    @property
    def to_move(self) -> int | None:
        """The drawer/player (DRAW, CLAIM, PLAY), the next dealer (ROUND_OVER), ``None`` at MATCH_OVER."""
        return self.state.to_move

    @property
    def options(self) -> TressOptions:
        """The match's options."""
        return self.state.options

    @property
    def seed(self) -> int:
        """The match seed."""
        return self.state.seed

    @property
    def scores(self) -> list[int]:
        """Total points per seat so far (T-3)."""
        return self.state.scores

    @property
    def num_players(self) -> int:
        """Number of seats (3..6)."""
        return self.state.options.players

    @property
    def contract(self) -> solver.Contract:
        """The current round's contract (T-4)."""
        return self.state.options.contract(self.state.round)

    def hand(self, seat: int) -> list[Card]:
        """Return a copy of ``seat``'s hand, sorted (engine side: tests and computer players' internals)."""
        return sorted(self.state.hands[seat])

    @property
    def public_log(self) -> list[dict[str, Any]]:
        """Every event so far as a spectator sees it (``Event.for_seat(None)``)."""
        return [event.for_seat(None) for event in self.state.log]

    def claim_order(self, also: int | None = None) -> list[int]:
        """Pending callers in the order they would be served (T-18 and its option).

        :param also: a seat whose call is counted as made now, after the pending ones (None: none).
        :returns: seat numbers, the first one served first.
        """
        claims = [*self.state.claims, *([also] if also is not None and also not in self.state.claims else [])]
        if self.state.options.claim_priority is ClaimPriority.SEAT_ORDER and self.state.to_move is not None:
            drawer, n = self.state.to_move, self.num_players
            return sorted(claims, key=lambda s: (s - drawer) % n)
        return claims

    def action_from_json(self, data: object) -> Action:
        """Parse a Tress action (see :mod:`rummytable.tress.actions`).

        :raises MalformedActionError: for data that is no Tress action for this table.
        """
        return action_from_json(data, self.num_players)

    # ------------------------------------------------------------------ checking

    def _illegal(self, action: Action, reason: str, rule: str) -> IllegalActionError:
        return IllegalActionError(action, reason, rule, self.state.phase)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` when ``action`` may not be applied now.

        Never changes the game. The error names the action, the rule id and the phase.

        :raises IllegalActionError: for an illegal action.
        :raises MalformedActionError: for an object that is not a Tress action of this table.
        """
        self.require_seat_of(action)
        _PHASE_CHECKS[self.state.phase](self, action)

    def _check_match_over(self, action: Action) -> None:
        raise self._illegal(action, "the match is over", "T-3")

    def _check_round_over(self, action: Action) -> None:
        if type(action) is not NextRound:
            raise self._illegal(action, "the round is over: deal the next round", "T-15")

    def _check_in_round(self, action: Action) -> None:
        """DRAW, CLAIM and PLAY: a call from anyone, else the player to move's action of this phase."""
        kind = type(action)
        if kind is NextRound:
            raise self._illegal(action, "the next round is dealt only after a round is scored", "T-5")
        if isinstance(action, Call):
            problem = self._call_problem(action.seat, action.card)
            if problem:
                raise self._illegal(action, problem[1], problem[0])
            return
        if action.seat != self.state.to_move:
            raise self._illegal(action, f"it is P{(self.state.to_move or 0) + 1}'s turn", "turn")
        check = _TURN_CHECKS.get(kind)
        if check is None:
            raise MalformedActionError(f"{action!r} is not a Tress action")
        if kind in _PLAY_KINDS and self.state.phase is not Phase.PLAY:
            raise self._illegal(action, "draw a card first", "T-11")
        check(self, action)

    def _check_draw(self, action: DrawStock | DrawDiscard | Grant) -> None:
        if self.state.phase is Phase.PLAY:
            raise self._illegal(action, "you have already drawn this turn", "T-11")
        if isinstance(action, Grant):
            if self.state.phase is not Phase.CLAIM:
                raise self._illegal(action, "nobody has called \"take it\"", "T-17")
        elif isinstance(action, DrawDiscard):
            if not self.state.discard:
                raise self._illegal(action, "the discard pile is empty", "T-11")
            if self.state.discard_dead:
                raise self._illegal(
                    action, f"{self.state.discard[-1].key} is dead: only the newest discard may be taken", "T-17")

    def _call_problem(self, seat: int, card: Card | None) -> tuple[str, str] | None:
        """Return ``(rule, reason)`` when ``seat`` may not call "take it" now, else None."""
        window = self.state.phase in (Phase.DRAW, Phase.CLAIM) or (
            self.state.phase is Phase.PLAY and self.state.options.claim_window is ClaimWindow.UNTIL_DISCARD)
        if not window:
            return ("T-16", "calls are open only until the player due to draw has drawn")
        if not self.state.discard or self.state.discard_dead:
            return ("T-17", "there is no newest discard to claim: the exposed card is dead")
        top = self.state.discard[-1]
        if card is not None and card != top:
            return ("T-16", f"the top discard is {top.key}, not {card.key}")
        if seat == self.state.to_move:
            what = "take it as your draw" if self.state.phase is not Phase.PLAY else "you have drawn already"
            return ("T-16", f"the player due to draw may not call: {what}")
        if seat == self.state.discarder:
            return ("T-16", "you may not claim your own discard")
        if seat in self.state.claims:
            return ("T-18", "you have already called for this card")
        if self.state.down[seat] and not self.state.options.down_may_claim:
            return ("T-16", "players who are down may not call (house rule)")
        limit = self.state.options.claim_limit
        if limit is not None and self.state.claims_used[seat] >= limit:
            return ("T-19", f"you have used your {limit} claim(s) this round")
        return None

    def _build_melds(self, action: LayDown) -> list[Meld]:
        hand = self.state.hands[action.seat]
        used = [c for spec in action.melds for c in spec.cards]
        if len(set(used)) != len(used):
            raise self._illegal(action, "a card is used twice", "T-12")
        missing = [c.key for c in used if c not in hand]
        if missing:
            raise self._illegal(action, f"you do not hold {', '.join(missing)}", "T-12")
        melds = []
        for spec in action.melds:
            try:
                melds.append(self._make_meld(spec))
            except MeldError as exc:
                raise self._illegal(action, f"{spec}: {exc.reason}", exc.rule) from exc
        return melds

    def _make_meld(self, spec: MeldSpec) -> Meld:
        if spec.kind is MeldKind.SET:
            return make_set(spec.cards)
        return make_run(spec.cards, self.run_rules, start=spec.start)

    def _check_lay_down(self, action: LayDown) -> None:
        seat = action.seat
        melds = self._build_melds(action)
        hand = self.state.hands[seat]
        contract = self.contract
        if contract.all_cards:
            if len(hand) != sum(len(m.cards) for m in melds):
                raise self._illegal(
                    action, "in round 7 laying down is going out: every card in your hand must fit", "T-20")
        elif self.state.down[seat]:
            if not self.state.options.extra_melds:
                raise self._illegal(action, "you are down: no new melds, only lay-offs", "T-13")
            for meld in melds:
                try:
                    self._check_new_meld(meld)
                except MeldError as exc:
                    raise self._illegal(action, f"{meld}: {exc.reason}", exc.rule) from exc
            self._check_leaves_discard(action, [c for m in melds for c in m.cards])
            return
        try:
            solver.check_lay_down(melds, contract, self.meld_rules, hand)
        except MeldError as exc:
            raise self._illegal(action, exc.reason, exc.rule) from exc
        if not contract.all_cards:
            self._check_leaves_discard(action, [c for m in melds for c in m.cards])

    def _check_new_meld(self, meld: Meld) -> None:
        check_joker_ratio(meld, self.state.options.joker_ratio)
        if self.state.options.no_adjacent_jokers and has_adjacent_jokers(meld):
            raise MeldError("two jokers may not stand side by side in a run (house rule)", "T-9")

    def _check_leaves_discard(self, action: Action, used: Sequence[Card]) -> None:
        """T-14: a play must leave a card to discard, other than the one taken from the pile."""
        rest = list(self.state.hands[action.seat])
        for card in used:
            rest.remove(card)
        if not rest:
            if self.state.options.out_without_discard:
                return
            raise self._illegal(action, "this would leave you no card to discard", "T-14")
        if all(card == self.state.drawn_from_discard for card in rest):
            raise self._illegal(
                action, "this would leave only the card taken from the discard pile, which you may not discard",
                "T-14")

    def _check_lay_off(self, action: LayOff) -> None:
        seat = action.seat
        if self.contract.all_cards:
            raise self._illegal(action, "in round 7 nobody is down, so nothing is laid off", "T-20")
        if not self.state.down[seat]:
            raise self._illegal(action, "only a player who is down may lay off", "T-13")
        if action.card not in self.state.hands[seat]:
            raise self._illegal(action, f"you do not hold {action.card.key}", "T-13")
        target = self.state.melds.get(action.meld)
        if target is None:
            raise self._illegal(action, f"there is no meld {action.meld} on the table", "T-13")
        try:
            self._extended(target.meld, action.card, action.end)
        except MeldError as exc:
            raise self._illegal(action, exc.reason, exc.rule) from exc
        self._check_leaves_discard(action, [action.card])

    def _extended(self, meld: Meld, card: Card, end: End) -> Meld:
        if meld.kind is MeldKind.SET and end is not End.HIGH:
            raise MeldError("a card joins a set at the 'high' end", "T-13")
        result = extend(meld, [card], end, self.run_rules)
        if self.state.options.no_adjacent_jokers and has_adjacent_jokers(result):
            raise MeldError("two jokers may not stand side by side in a run (house rule)", "T-9")
        return result

    def _check_swap(self, action: SwapJoker) -> None:
        if not self.state.options.joker_swap:
            raise self._illegal(action, "a melded joker never leaves the table", "T-10")
        if not self.state.down[action.seat]:
            raise self._illegal(action, "only a player who is down may swap a joker", "T-10")
        if action.card not in self.state.hands[action.seat]:
            raise self._illegal(action, f"you do not hold {action.card.key}", "T-10")
        target = self.state.melds.get(action.meld)
        if target is None:
            raise self._illegal(action, f"there is no meld {action.meld} on the table", "T-10")
        try:
            swap_joker(target.meld, action.card, self.state.options.wrap_runs)
        except MeldError as exc:
            raise self._illegal(action, exc.reason, exc.rule) from exc

    def _check_discard(self, action: Discard) -> None:
        if action.card not in self.state.hands[action.seat]:
            raise self._illegal(action, f"you do not hold {action.card.key}", "T-14")
        if action.card == self.state.drawn_from_discard:
            raise self._illegal(action, "you may not discard the card taken from the discard pile this turn",
                                "T-14")
        if self.must_lay_down_first(action.seat):
            raise self._illegal(action, "you hold the contract: lay it down before you discard (house rule)",
                                "T-23")

    def must_lay_down_first(self, seat: int) -> bool:
        """True when ``seat`` may not discard yet because he must lay down first (T-23).

        Only with the ``must_lay_down`` option, for the player in ``play`` who is not down
        and has a legal lay-down: one that leaves him a card he may discard (T-14), or
        goes out (round 7, T-20; ``out_without_discard``). Exact, not limited to the
        lay-downs :meth:`legal_actions` lists.
        """
        if not self.state.options.must_lay_down or self.state.phase is not Phase.PLAY or seat != self.state.to_move:
            return False
        if self.state.down[seat]:
            return False
        return any(solver.can_meet(pool, contract, self.meld_rules) for pool, contract in self._lay_down_pools(seat))

    def _lay_down_pools(self, seat: int) -> Iterator[tuple[list[Card], solver.Contract]]:
        """Card pools and contracts such that any lay-down of the contract from the pool is legal now.

        Round 7: the whole hand (T-20). Otherwise the hand less one card that may be
        discarded (so the lay-down keeps it, T-14), and with ``out_without_discard`` the
        whole hand used up.
        """
        hand = self.state.hands[seat]
        contract = self.contract
        if contract.all_cards:
            yield list(hand), contract
            return
        if self.state.options.out_without_discard:
            yield list(hand), solver.Contract(contract.sets, contract.runs, all_cards=True)
        for card in sorted(set(hand)):
            if card != self.state.drawn_from_discard:
                rest = list(hand)
                rest.remove(card)
                yield rest, contract

    def _any_lay_down(self, seat: int) -> LayDown | None:
        """One legal lay-down for ``seat``, found exactly (T-23 needs one listed whenever it binds)."""
        for pool, contract in self._lay_down_pools(seat):
            found = solver.lay_downs(pool, contract, self.meld_rules, limit=1)
            if found:
                return LayDown(seat, tuple(_spec(m) for m in found[0]))
        return None

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> LegalActions:
        """Return ``seat``'s legal actions now, sorted (:meth:`Action.sort_key`).

        Calls of "take it" are listed for the seats that may make them. Lay-downs are
        one canonical action per distinct arrangement, at most :data:`LAY_DOWN_LIMIT`
        (every run with its ``start``); :meth:`is_legal` answers for any other, and so does
        ``action in legal_actions(seat)``. The listing is complete (``.complete``) unless it holds a
        lay-down (the same melds with other copies of a card or with a start written out are legal
        too) or a call (a call naming the top discard is legal too); those variants are not listed.

        :raises ValueError: for a seat outside the table.
        """
        self.require_seat(seat)
        actions: list[Action] = []
        phase = self.state.phase
        if phase is Phase.ROUND_OVER:
            actions.append(NextRound(seat))
        elif phase in (Phase.DRAW, Phase.CLAIM, Phase.PLAY):
            if self._call_problem(seat, None) is None:
                actions.append(Call(seat))
            if seat == self.state.to_move:
                if phase is Phase.PLAY:
                    actions.extend(self._play_actions(seat))
                else:
                    actions.append(DrawStock(seat))
                    if self.state.discard and not self.state.discard_dead:
                        actions.append(DrawDiscard(seat))
                    if phase is Phase.CLAIM:
                        actions.append(Grant(seat))
        actions.sort(key=lambda a: a.sort_key())
        return LegalActions(actions, self, seat, _leaves_out_variants)

    def _play_actions(self, seat: int) -> list[Action]:
        hand = self.state.hands[seat]
        actions: list[Action] = []
        for melds in self._candidate_lay_downs(seat):
            action = LayDown(seat, tuple(_spec(m) for m in melds))
            if self._leaves_discard(seat, [c for m in melds for c in m.cards]):
                actions.append(action)
        if self.state.down[seat] and not self.contract.all_cards:
            for card in sorted(set(hand)):
                if not self._leaves_discard(seat, [card]):
                    continue
                for table in self.state.melds.values():
                    for end in self._lay_off_ends(table.meld, card):
                        actions.append(LayOff(seat, card, table.id, end))
            if self.state.options.joker_swap:
                actions.extend(self._swaps(seat))
        if not self.must_lay_down_first(seat):
            actions.extend(Discard(seat, c) for c in sorted(set(hand)) if c != self.state.drawn_from_discard)
        elif not any(isinstance(a, LayDown) for a in actions):
            # T-23 forbids the discard: make sure a lay-down beyond LAY_DOWN_LIMIT is offered.
            extra = self._any_lay_down(seat)
            if extra is not None:
                actions.append(extra)
        return actions

    def lay_down_options(self, seat: int, cards: Sequence[Card]) -> list[Action]:
        """Return the legal lay-downs that use exactly ``cards`` (the person's selection), sorted.

        The page offers these when the selection is not among :meth:`legal_actions`'
        canonical lay-downs (T-12; round 7 needs the whole hand, T-20). Empty when the
        cards cannot be laid now.
        """
        if self.state.phase is not Phase.PLAY or seat != self.state.to_move or len(set(cards)) != len(cards):
            return []
        if self.state.down[seat]:
            if not self.state.options.extra_melds:
                return []
            found = solver.arrangements(cards, solver.Contract(1, 0), self.meld_rules, limit=LAY_DOWN_LIMIT)
            found += solver.arrangements(cards, solver.Contract(0, 1), self.meld_rules, limit=LAY_DOWN_LIMIT)
        else:
            found = solver.arrangements(cards, self.contract, self.meld_rules, limit=LAY_DOWN_LIMIT)
        actions = [LayDown(seat, tuple(_spec(m) for m in melds)) for melds in found]
        return sorted((a for a in actions if self.is_legal(a)), key=lambda a: a.sort_key())

    def _candidate_lay_downs(self, seat: int) -> list[tuple[Meld, ...]]:
        hand = self.state.hands[seat]
        contract = self.contract
        if contract.all_cards:
            return solver.arrangements(hand, contract, self.meld_rules, limit=LAY_DOWN_LIMIT)
        if not self.state.down[seat]:
            return solver.lay_downs(hand, contract, self.meld_rules, limit=LAY_DOWN_LIMIT)
        if not self.state.options.extra_melds:
            return []
        found = solver.lay_downs(hand, solver.Contract(1, 0), self.meld_rules, limit=LAY_DOWN_LIMIT)
        found += solver.lay_downs(hand, solver.Contract(0, 1), self.meld_rules, limit=LAY_DOWN_LIMIT)
        return found

    def _leaves_discard(self, seat: int, used: Sequence[Card]) -> bool:
        if self.contract.all_cards:
            return True
        rest = list(self.state.hands[seat])
        for card in used:
            rest.remove(card)
        if not rest:
            return self.state.options.out_without_discard
        return any(card != self.state.drawn_from_discard for card in rest)

    def _lay_off_ends(self, meld: Meld, card: Card) -> list[End]:
        if not card.is_joker:
            # Cheap filters first: most card/meld pairs cannot fit at all.
            if meld.kind is MeldKind.SET and card.rank != meld.rank:
                return []
            if meld.kind is MeldKind.RUN:
                wrap = self.state.options.wrap_runs
                near = {rank_of_value(v, wrap) for v in (meld.start - 1, meld.end + 1) if wrap or 1 <= v <= 14}
                if card.suit != meld.suit or card.rank not in near:
                    return []
        ends = lay_off_ends(meld, card, self.run_rules)
        if self.state.options.no_adjacent_jokers and meld.kind is MeldKind.RUN:
            ends = [e for e in ends if not has_adjacent_jokers(extend(meld, [card], e, self.run_rules))]
        return ends

    def _swaps(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        wrap = self.state.options.wrap_runs
        for table in self.state.melds.values():
            if table.meld.kind is not MeldKind.RUN or not table.meld.jokers:
                continue
            wanted = set(table.meld.stand_ins(wrap).values())
            for card in sorted(set(self.state.hands[seat])):
                if not card.is_joker and card.face in wanted:
                    actions.append(SwapJoker(seat, card, table.id))
        return actions

    # ------------------------------------------------------------------ performing

    def _record(self, events: list[Event]) -> list[Event]:
        self.state.log.extend(events)
        return events

    def _perform(self, action: Action) -> list[Event]:
        events: list[Event] = []
        _PERFORM[type(action)](self, action, events)
        return self._record(events)

    def _do_next_round(self, action: NextRound, events: list[Event]) -> None:
        events.extend(self._deal(self.state.round + 1, (self.state.dealer + 1) % self.num_players))

    def _do_grant(self, action: Grant, events: list[Event]) -> None:
        self._grant(events)
        if self._in_round():
            self.state.phase = Phase.DRAW

    def _in_round(self) -> bool:
        return self.state.phase in (Phase.DRAW, Phase.CLAIM, Phase.PLAY)

    def _deal(self, round_no: int, dealer: int) -> list[Event]:
        """Deal round ``round_no`` (T-4, T-5): 6 + round cards each, then turn up the first discard."""
        n = self.num_players
        deck = build_deck(DECKS, self.state.options.joker_count)
        chance_rng(self.state.seed, "deal", round_no).shuffle(deck)
        size = round_deal(round_no)
        self.state.round, self.state.dealer = round_no, dealer
        self.state.hands = [[] for _ in range(n)]
        for k in range(n):
            self.state.hands[(dealer + 1 + k) % n] = deck[k * size:(k + 1) * size]
        self.state.stock = deck[n * size:]
        self.state.discard = [self.state.stock.pop()]
        self.state.discard_dead, self.state.discarder = False, None
        self.state.melds = {}
        self.state.down = [False] * n
        self.state.claims, self.state.claims_used = [], [0] * n
        self.state.drawn_from_discard = None
        self.state.restocks = 0
        self.state.stale_restocks = 0
        self.state.last_result = None
        self.state.phase, self.state.to_move = Phase.DRAW, (dealer + 1) % n
        return [Event("dealt", {"round": round_no, "dealer": dealer, "hand_counts": [size] * n,
                                "discard_top": self.state.discard[-1].key})]

    def _do_call(self, action: Call, events: list[Event]) -> None:
        self.state.claims.append(action.seat)
        events.append(Event("claim_called", {"seat": action.seat, "card": self.state.discard[-1].key}))
        if self.state.phase is Phase.DRAW:
            self.state.phase = Phase.CLAIM

    def _grant(self, events: list[Event]) -> None:
        """Give the top discard to the first caller plus the penalty card(s) (T-17)."""
        caller = self.claim_order()[0]
        card = self.state.discard.pop()
        self.state.hands[caller].append(card)
        self.state.claims_used[caller] += 1
        self.state.claims = []
        self.state.discard_dead = True
        events.append(Event("claim_granted", {"seat": caller, "card": card.key, "by": self.state.to_move}))
        for _ in range(self.state.options.penalty_cards):
            penalty = self._take_stock(events)
            if penalty is None:
                return
            self.state.hands[caller].append(penalty)
            events.append(Event("card_drawn", {"seat": caller, "source": "stock", "card": penalty.key,
                                               "penalty": True}, owner=caller, secret=("card",)))
            if self._stock_ran_out(events):
                return

    def _take_stock(self, events: list[Event]) -> Card | None:
        """Pop the stock's top card, rebuilding it first when empty (T-21); None if the round ended.

        A round whose stock has been rebuilt ``dead_stock_rebuilds`` times with no card laid
        on the table in between ends here instead of rebuilding once more (T-22).
        """
        if not self.state.stock:
            if self.state.options.empty_stock is EmptyStock.END_ROUND or len(self.state.discard) <= 1:
                self._end_round(None, events)
                return None
            limit = self.state.options.dead_stock_rebuilds
            if limit is not None and self.state.stale_restocks >= limit:
                events.append(Event("dead_stock", {"rebuilds": self.state.stale_restocks}))
                self._end_round(None, events)
                return None
            rest = self.state.discard[:-1]
            chance_rng(self.state.seed, "restock", self.state.round, self.state.restocks).shuffle(rest)
            self.state.restocks += 1
            self.state.stale_restocks += 1
            self.state.stock, self.state.discard = rest, self.state.discard[-1:]
            events.append(Event("stock_rebuilt", {"count": len(rest)}))
        return self.state.stock.pop()

    def _stock_ran_out(self, events: list[Event]) -> bool:
        """T-21 option: the round ends as soon as the stock is empty."""
        if self.state.options.empty_stock is EmptyStock.END_ROUND and not self.state.stock:
            self._end_round(None, events)
            return True
        return False

    def _do_draw_stock(self, seat: int, events: list[Event]) -> None:
        if self.state.claims:
            self._grant(events)
            if not self._in_round():
                return
        card = self._take_stock(events)
        if card is None:
            return
        self.state.hands[seat].append(card)
        self.state.drawn_from_discard = None
        self.state.phase = Phase.PLAY
        events.append(Event("card_drawn", {"seat": seat, "source": "stock", "card": card.key},
                            owner=seat, secret=("card",)))
        self._stock_ran_out(events)

    def _do_draw_discard(self, seat: int, events: list[Event]) -> None:
        if self.state.claims:
            events.append(Event("claim_refused", {"seat": seat, "callers": self.claim_order()}))
            self.state.claims = []
        card = self.state.discard.pop()
        self.state.hands[seat].append(card)
        self.state.drawn_from_discard = card
        self.state.discard_dead = True
        self.state.phase = Phase.PLAY
        events.append(Event("card_drawn", {"seat": seat, "source": "discard", "card": card.key}))

    def _new_meld(self, seat: int, meld: Meld, events: list[Event]) -> None:
        table = TableMeld(self.state.next_meld_id, seat, meld)
        self.state.melds[table.id] = table
        self.state.next_meld_id += 1
        events.append(Event("meld_created", {"seat": seat, "meld_id": table.id,
                                             "meld": meld_view(table, self.state.options.wrap_runs)}))

    def _do_lay_down(self, action: LayDown, events: list[Event]) -> None:
        seat = action.seat
        self.state.stale_restocks = 0
        for spec in action.melds:
            meld = self._make_meld(spec)
            for card in meld.cards:
                self.state.hands[seat].remove(card)
            self._new_meld(seat, meld, events)
        self._forget_drawn_card(seat)
        if self.contract.all_cards:
            self._end_round(seat, events)
            return
        self.state.down[seat] = True
        if not self.state.hands[seat]:
            self._end_round(seat, events)

    def _do_lay_off(self, action: LayOff, events: list[Event]) -> None:
        table = self.state.melds[action.meld]
        meld = self._extended(table.meld, action.card, action.end)
        self.state.hands[action.seat].remove(action.card)
        self._forget_drawn_card(action.seat)
        self.state.stale_restocks = 0
        updated = TableMeld(table.id, table.owner, meld)
        self.state.melds[table.id] = updated
        events.append(Event("meld_extended", {
            "seat": action.seat, "meld_id": table.id, "cards": [action.card.key], "end": action.end.value,
            "meld": meld_view(updated, self.state.options.wrap_runs)}))
        if not self.state.hands[action.seat]:
            self._end_round(action.seat, events)

    def _do_swap(self, action: SwapJoker, events: list[Event]) -> None:
        table = self.state.melds[action.meld]
        meld, freed = swap_joker(table.meld, action.card, self.state.options.wrap_runs)
        hand = self.state.hands[action.seat]
        hand.remove(action.card)
        hand.append(freed)
        self._forget_drawn_card(action.seat)
        self.state.stale_restocks = 0
        updated = TableMeld(table.id, table.owner, meld)
        self.state.melds[table.id] = updated
        events.append(Event("joker_swapped", {
            "seat": action.seat, "meld_id": table.id, "card": action.card.key, "joker": freed.key,
            "meld": meld_view(updated, self.state.options.wrap_runs)}))

    def _forget_drawn_card(self, seat: int) -> None:
        """Once the card taken from the pile is melded, T-14's discard ban has nothing left to guard."""
        if self.state.drawn_from_discard is not None and self.state.drawn_from_discard not in self.state.hands[seat]:
            self.state.drawn_from_discard = None

    def _do_discard(self, action: Discard, events: list[Event]) -> None:
        seat = action.seat
        if self.state.claims:
            # T-19 option: calls made while the drawer played are served before his discard lands.
            self._grant(events)
            if not self._in_round():
                return
        self.state.hands[seat].remove(action.card)
        self.state.discard.append(action.card)
        self.state.discard_dead, self.state.discarder = False, seat
        self.state.drawn_from_discard = None
        events.append(Event("card_discarded", {"seat": seat, "card": action.card.key}))
        if not self.state.hands[seat]:
            self._end_round(seat, events)
            return
        self.state.claims = []
        self.state.phase, self.state.to_move = Phase.DRAW, (seat + 1) % self.num_players

    def _end_round(self, out: int | None, events: list[Event]) -> None:
        """Score the round (T-2, T-15); after round 7 decide the match (T-3)."""
        points = [hand_points(h) for h in self.state.hands]
        self.state.round_scores.append(points)
        self.state.scores = [a + b for a, b in zip(self.state.scores, points)]
        hands = [[c.key for c in sorted(h)] for h in self.state.hands]
        self.state.last_result = {"round": self.state.round, "hands": hands, "points": points, "out": out}
        self.state.claims = []
        self.state.drawn_from_discard = None
        events.append(Event("round_scored", {"round": self.state.round, "points": points, "hands": hands,
                                             "totals": list(self.state.scores), "out": out}))
        if self.state.round == ROUNDS:
            round7 = points if self.state.options.tie_break_round7 else None
            self.state.winners = match_winners(self.state.scores, round7)
            self.state.phase, self.state.to_move = Phase.MATCH_OVER, None
            events.append(Event("match_over", {"winners": list(self.state.winners), "totals": list(self.state.scores)}))
        else:
            self.state.phase, self.state.to_move = Phase.ROUND_OVER, (self.state.dealer + 1) % self.num_players

    # ------------------------------------------------------------------ views and positions

    def view(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` sees, JSON-ready (docs/formats.md, "view").

        Holds the seat's own hand, counts of the others' hands and of the stock, the
        discard pile's top, the melds, scores, the seat's legal actions and the last
        :data:`LOG_IN_VIEW` events as the seat sees them; never another hand or the
        stock order.

        :raises ValueError: for a seat outside the table.
        """
        return build_view(self, seat)

    def to_position(self) -> dict[str, Any]:
        """Return the full position as JSON data (docs/formats.md, "Tress position")."""
        return position_of(self)

    @classmethod
    def from_position(cls, data: object) -> TressGame:
        """Load and validate a position made by :meth:`to_position` (or written by hand).

        :raises PositionError: naming what is malformed or inconsistent.
        """
        return load_position(cls, data)


def _spec(meld: Meld) -> MeldSpec:
    return MeldSpec(meld.kind, meld.cards, meld.start if meld.kind is MeldKind.RUN else None)


def _leaves_out_variants(actions: Sequence[Action]) -> bool:
    """A listed lay-down or call stands for equivalent ones not listed (other copies, a start, the card named)."""
    return any(type(a) in (LayDown, Call) for a in actions)


_PHASE_CHECKS: dict[Phase, Callable[[TressGame, Action], None]] = {
    Phase.DRAW: TressGame._check_in_round,
    Phase.CLAIM: TressGame._check_in_round,
    Phase.PLAY: TressGame._check_in_round,
    Phase.ROUND_OVER: TressGame._check_round_over,
    Phase.MATCH_OVER: TressGame._check_match_over,
}
"""How :meth:`TressGame.check` judges an action, by the phase."""

_TURN_CHECKS: dict[type[Action], Callable[[TressGame, Any], None]] = {
    DrawStock: TressGame._check_draw,
    DrawDiscard: TressGame._check_draw,
    Grant: TressGame._check_draw,
    LayDown: TressGame._check_lay_down,
    LayOff: TressGame._check_lay_off,
    SwapJoker: TressGame._check_swap,
    Discard: TressGame._check_discard,
}
"""The player to move's actions in a round, each with its own check (after the turn is checked)."""

_PLAY_KINDS = frozenset({LayDown, LayOff, SwapJoker, Discard})
"""Actions of the play phase, refused before the draw (T-11)."""

_PERFORM: dict[type[Action], Callable[[TressGame, Any, list[Event]], None]] = {
    NextRound: TressGame._do_next_round,
    Call: TressGame._do_call,
    Grant: TressGame._do_grant,
    DrawStock: lambda game, action, events: game._do_draw_stock(action.seat, events),
    DrawDiscard: lambda game, action, events: game._do_draw_discard(action.seat, events),
    LayDown: TressGame._do_lay_down,
    LayOff: TressGame._do_lay_off,
    SwapJoker: TressGame._do_swap,
    Discard: TressGame._do_discard,
}
"""How :meth:`TressGame._perform` carries out a checked action, by its class."""
