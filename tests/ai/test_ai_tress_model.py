"""The Tress search model checked against the rules engine, position by position.

Positions come from seeded matches over random option sets (3-6 players, every value of every
Tress option; matches start in round 1 or in a random later round dealt by ``scenario``), played
by uniformly random legal actions of every seat ("take it" calls included), by a meld-eager random
player that also calls often, and by the easy and normal computer players with the tournament
tool's call protocol (``rummytable.tools.autoplay.bot_steps``); some are determinized deals (the
hidden cards dealt again from a seat's view, as the hard bot's look-ahead makes them). In each
position in a round, for every seat, the model's legal moves turned into engine actions must be
exactly the engine's ``legal_actions(seat)`` (the lay-downs are the engine's own listed subset,
so the lists are compared whole), and every one of them, applied to the model and to a copy of
the engine, must give the same state: hands, stock, discard pile, dead top and discarder, melds
with ids, owners and cards, down flags, pending calls and claims used, the card taken from the
pile, phase, whose turn, rebuild counters, the round's points, who went out, totals and winners.

The normal run checks 3,000 positions (a tenth inside Pyodide); ``RUMMYTABLE_MODEL_POSITIONS=10000``
(or running this file: ``PYTHONPATH=py:tests python tests/ai/test_ai_tress_model.py 10000 [seed]``)
checks more and prints the counts.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pyodide_scale import scaled

from rummytable.ai import make_bot
from rummytable.ai.tress.determinize import determinize
from rummytable.ai.tress.model.convert import model_from_state, to_action
from rummytable.ai.tress.model.moves import legal_moves
from rummytable.ai.tress.model.state import TressModel
from rummytable.cards import SUITS, Card
from rummytable.game import Action, Phase
from rummytable.melds import MeldKind
from rummytable.tools.autoplay import bot_steps, uniform_action
from rummytable.tress.actions import Call, Discard, LayDown, LayOff, SwapJoker
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario
from rummytable.tress.state import TressState

POSITIONS = int(os.environ.get("RUMMYTABLE_MODEL_POSITIONS", str(scaled(3000))))
"""Positions the test checks: 3,000 (300 inside Pyodide); at least 10,000 for the model's acceptance run."""

FULL_COVERAGE = 3000
"""From this many positions on, the run must have met every option value, player and kind of move."""

MATCH_ACTIONS = 100
"""Actions of one match before the next match (new options) starts."""

OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "players": (3, 4, 5, 6),
    "jokers": (None, 4, 5, 6),
    "round7": ("sets_and_run", "three_runs"),
    "wrap_runs": (False, True),
    "joker_ratio": ("at_least_one_natural", "more_naturals", "naturals_at_least"),
    "no_adjacent_jokers": (False, True),
    "joker_swap": (False, True),
    "must_lay_down": (False, True),
    "extra_melds": (False, True),
    "distinct_melds": (True, False),
    "out_without_discard": (False, True),
    "tie_break_round7": (False, True),
    "down_may_claim": (True, False),
    "penalty_cards": (0, 1, 2),
    "claim_priority": ("first_call", "seat_order"),
    "claim_limit": (None, 0, 1, 3),
    "claim_window": ("until_draw", "until_discard"),
    "empty_stock": ("rebuild", "end_round"),
    "dead_stock_rebuilds": (3, None, 0, 1),
}
"""Every value of every Tress option (docs/rules-tress.md); the counts ``claim_limit`` and
``dead_stock_rebuilds`` sampled."""

PLAYERS = ("random", "eager", "eager", "easy", "normal", "eager")
"""Who plays match ``k``: ``PLAYERS[k % len(PLAYERS)]`` for every seat."""


def card_number(card: Card) -> int:
    """The model's number of an engine card, computed here independently of the model's tables."""
    if card.is_joker:
        return 104 + card.copy
    assert card.suit is not None
    return (SUITS.index(card.suit) * 13 + card.rank - 2) * 2 + card.copy


def engine_signature(state: TressState) -> tuple[object, ...]:
    """The engine state in the shape of :meth:`TressModel.signature` (read from the engine's own objects)."""
    phase = {Phase.DRAW: 0, Phase.CLAIM: 1, Phase.PLAY: 2, Phase.ROUND_OVER: 3, Phase.MATCH_OVER: 4}[state.phase]
    hands = [sorted(card_number(c) for c in hand) for hand in state.hands]
    melds = []
    for meld_id, table in state.melds.items():
        meld = table.meld
        if meld.kind is MeldKind.SET:
            melds.append((meld_id, table.owner, 0, meld.rank, 0, [card_number(c) for c in meld.cards]))
        else:
            assert meld.suit is not None
            melds.append((meld_id, table.owner, 1, SUITS.index(meld.suit), meld.start,
                          [card_number(c) for c in meld.cards]))
    result = state.last_result
    in_round = state.phase in (Phase.DRAW, Phase.CLAIM, Phase.PLAY)
    points = tuple(result["points"]) if result is not None and not in_round else None
    out = result["out"] if result is not None and not in_round and result["out"] is not None else -1
    drawn = card_number(state.drawn_from_discard) if state.drawn_from_discard is not None else -1
    return (phase, -1 if state.to_move is None else state.to_move, state.round, state.dealer, hands,
            [card_number(c) for c in state.stock], [card_number(c) for c in state.discard], state.discard_dead,
            -1 if state.discarder is None else state.discarder, melds, state.next_meld_id, list(state.down),
            list(state.claims), list(state.claims_used), drawn, state.restocks, state.stale_restocks,
            list(state.scores), points, out, list(state.winners))


@dataclass
class Report:
    """What a checking run saw: positions and moves checked, and every disagreement."""

    positions: int = 0
    determinized: int = 0
    lists: int = 0
    moves: int = 0
    by_phase: Counter[str] = field(default_factory=Counter)
    by_kind: Counter[str] = field(default_factory=Counter)
    by_round: Counter[int] = field(default_factory=Counter)
    options_seen: dict[str, set[str]] = field(default_factory=dict)
    list_mismatches: list[str] = field(default_factory=list)
    state_mismatches: list[str] = field(default_factory=list)
    round_ends: int = 0
    went_out: int = 0
    stock_ends: int = 0
    grants: int = 0
    must_lay_down: int = 0
    matches: Counter[str] = field(default_factory=Counter)

    def summary(self) -> dict[str, Any]:
        """The counts as JSON-able data."""
        return {"positions": self.positions, "determinized_positions": self.determinized,
                "seat_lists_checked": self.lists, "moves_checked": self.moves, "by_phase": dict(self.by_phase),
                "by_kind": dict(self.by_kind), "by_round": dict(sorted(self.by_round.items())),
                "round_ends": self.round_ends, "went_out": self.went_out, "ended_by_the_stock": self.stock_ends,
                "claims_granted": self.grants, "discard_refused_t23": self.must_lay_down,
                "matches_by_player": dict(self.matches),
                "legal_lists_agree": self.lists - len(self.list_mismatches),
                "moves_agree": self.moves - len(self.state_mismatches),
                "list_mismatches": self.list_mismatches[:5], "state_mismatches": self.state_mismatches[:5]}


def _compare(game: TressGame, model: TressModel, seat: int, report: Report) -> list[tuple[Any, Action]]:
    engine = list(game.legal_actions(seat))
    moves = legal_moves(model, seat)
    converted = [to_action(model, move) for move in moves]
    report.lists += 1
    if len(set(converted)) != len(converted) or set(converted) != set(engine):
        extra = set(converted) - set(engine)
        missing = set(engine) - set(converted)
        report.list_mismatches.append(
            f"{game.state.phase.value} seat {seat} seed {game.state.seed} round {game.state.round}: "
            f"model only {sorted(map(str, extra))}, engine only {sorted(map(str, missing))}")
        return []
    return list(zip(moves, converted))


def check_position(game: TressGame, report: Report, determinized: bool = False) -> None:
    """Compare the model with the engine in ``game``'s position: every seat's legal moves, then each move's result."""
    state = game.state
    if state.phase not in (Phase.DRAW, Phase.CLAIM, Phase.PLAY):
        return
    model = model_from_state(state)
    assert model.signature() == engine_signature(state)
    report.positions += 1
    report.determinized += determinized
    report.by_phase[state.phase.value] += 1
    report.by_round[state.round] += 1
    pairs: list[tuple[Any, Action]] = []
    for seat in range(game.num_players):
        pairs.extend(_compare(game, model, seat, report))
    if state.phase is Phase.PLAY and game.must_lay_down_first(state.to_move or 0):
        report.must_lay_down += 1
    for move, action in pairs:
        after = game.copy()
        events = after.apply(action)
        mine = model.copy()
        mine.apply(move)
        report.moves += 1
        report.by_kind[action.KIND] += 1
        report.grants += any(e.kind == "claim_granted" for e in events)
        if after.state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            report.round_ends += 1
            report.went_out += after.state.last_result is not None and after.state.last_result["out"] is not None
            report.stock_ends += after.state.last_result is not None and after.state.last_result["out"] is None
        if mine.signature() != engine_signature(after.state):
            report.state_mismatches.append(f"{action} in seed {state.seed} round {state.round} "
                                           f"phase {state.phase.value}")
    # The original model is untouched by its copies' moves.
    assert model.signature() == engine_signature(state)


def _eager(game: TressGame, rng: random.Random) -> Action:
    """A random player that calls, lays down, lays off and swaps whenever it can (many melds, round ends)."""
    seat = game.to_move
    assert seat is not None
    if game.phase in (Phase.DRAW, Phase.CLAIM) and rng.random() < 0.5:
        calls = [a for s in range(game.num_players) if s != seat for a in game.legal_actions(s)
                 if isinstance(a, Call)]
        if calls:
            return rng.choice(calls)
    actions = list(game.legal_actions(seat))
    plays = [a for a in actions if isinstance(a, (LayDown, LayOff, SwapJoker))]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    discards = [a for a in actions if isinstance(a, Discard)]
    others = [a for a in actions if not isinstance(a, Call)]
    return rng.choice(discards or others or actions)


_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Face notation of run values 1..14 (index 0 and 13 are the low and the high ace)."""


def _meld_faces(rng: random.Random, is_run: bool, what: str) -> list[str]:
    """A random run of 4-7 cards in the suit ``what``, or a set of 3-4 cards of the rank ``what``."""
    if is_run:
        length = rng.randint(4, 7)
        start = rng.randint(1, 15 - length)
        return [_RANKS[v - 1] + what for v in range(start, start + length)]
    return [what + rng.choice(SUITS) for _ in range(rng.randint(3, 4))]


def _random_melds(rng: random.Random, players: int, round_no: int) -> tuple[list[tuple[int, str]], Counter[str]]:
    """The contracts of one or two random seats on the table (runs and sets, some with a joker), so
    that those seats are down (T-12); at most one joker a meld keeps every ratio option content.
    Returns the melds and how many copies of each face they use."""
    contract = {2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2)}[round_no]
    melds: list[tuple[int, str]] = []
    used: Counter[str] = Counter()
    for owner in rng.sample(range(players), k=rng.randint(1, 2)):
        ranks = rng.sample(_RANKS[1:13], k=contract[0])
        suits = rng.sample(SUITS, k=contract[1])
        shapes = [(False, r) for r in ranks] + [(True, s) for s in suits]
        for is_run, what in shapes:
            faces = _meld_faces(rng, is_run, what)
            while any(used[f] + faces.count(f) > 2 for f in faces):
                faces = _meld_faces(rng, is_run, what)
            used.update(faces)
            tokens = list(faces)
            if used["JK"] < 3 and rng.random() < 0.5:  # a deck holds at least four jokers (T-1)
                used["JK"] += 1
                i = rng.randrange(len(tokens))
                tokens[i] = f"JK({faces[i] if is_run else faces[i][:-1]})"
                used[faces[i]] -= 1
            melds.append((owner, " ".join(tokens)))
    return melds, used


def _new_game(options: dict[str, Any], seed: int, rng: random.Random) -> TressGame:
    """A match in round 1, or (half the time) dealt straight into a later round by ``scenario``;
    a quarter of them with the stock cut short (its other cards under the discard pile), so that
    rebuilds, dead stocks and ``empty_stock = end_round`` come soon (T-21, T-22)."""
    players = options["players"]
    if rng.random() < 0.4:
        game = TressGame.new(options, seed=seed)
    else:
        melded = rng.random() < 0.5
        round_no = rng.randint(2, 6 if melded else 7)
        melds, used = _random_melds(rng, players, round_no) if melded else ([], Counter[str]())
        face = rng.choice([f for f in ("7H", "KS", "AC", "2D", "10C") if used[f] < 2])
        data = scenario([None] * players, round_no=round_no, to_move=rng.randrange(players),
                        phase="draw", discard=face, options={k: v for k, v in options.items() if k != "players"},
                        seed=seed, melds=melds)
        game = TressGame.from_position(data)
    if rng.random() < 0.25:
        data = game.to_position()
        keep = rng.randint(0, 6)
        cut = len(data["stock"]) - keep
        data["discard"] = data["stock"][:cut] + data["discard"]
        data["stock"] = data["stock"][cut:]
        limit = options.get("dead_stock_rebuilds")
        data["stale_restocks"] = rng.randint(0, limit) if limit else 0
        data["restocks"] = data["stale_restocks"]
        data.update(history=[], log=[])
        data.pop("start", None)
        game = TressGame.from_position(data)
    return game


def _positions(game: TressGame, kind: str, rng: random.Random, match: int) -> Iterator[None]:
    """Play ``game`` with ``kind`` players; yield before each action (bots: after each applied step)."""
    if kind in ("easy", "normal"):
        bots = [make_bot("tress", kind, seed=match * 10 + s, safety_ms=float("inf")) for s in range(game.num_players)]
        yield
        for _ in bot_steps(game, bots):
            yield
        return
    while game.phase is not Phase.MATCH_OVER:
        yield
        action = _eager(game, rng) if kind == "eager" else uniform_action(game, rng)
        game.apply(action)


def run_check(positions: int, seed: int = 1) -> Report:
    """Play seeded matches (see the module docstring) and check ``positions`` positions."""
    report = Report()
    match = 0
    while report.positions < positions:
        rng = random.Random(seed * 100_003 + match)
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        options = {k: v for k, v in options.items() if v is not None or k in ("claim_limit", "dead_stock_rebuilds")}
        for name, value in options.items():
            report.options_seen.setdefault(name, set()).add(str(value))
        report.options_seen.setdefault("jokers", set()).add(str(options.get("jokers")))
        kind = PLAYERS[match % len(PLAYERS)]
        report.matches[kind] += 1
        game = _new_game(options, seed * 1_000 + match, rng)
        for steps, _ in enumerate(_positions(game, kind, rng, match), start=1):
            if steps > MATCH_ACTIONS or report.positions >= positions:
                break
            check_position(game, report)
            seat = game.to_move
            if seat is not None and game.phase in (Phase.DRAW, Phase.CLAIM, Phase.PLAY) and rng.random() < 0.08:
                viewer = rng.randrange(game.num_players)
                world = determinize(game.view(viewer), game.public_log, random.Random(rng.getrandbits(32)))
                check_position(world, report, determinized=True)
        match += 1
    return report


def test_tress_model_agrees_with_the_engine() -> None:
    """T-1..T-23 in the model: every seat's legal moves and the result of each as the engine's."""
    report = run_check(POSITIONS)
    summary = report.summary()
    print(json.dumps(summary, indent=1))
    assert not report.list_mismatches, report.list_mismatches[:5]
    assert not report.state_mismatches, report.state_mismatches[:5]
    assert report.positions >= POSITIONS
    assert report.moves > report.positions
    if POSITIONS < FULL_COVERAGE:
        return  # a scaled-down run (Pyodide) checks fewer matches, so it cannot meet every option value
    # The run reached what it is meant to check.
    assert report.determinized > 0 and report.round_ends > 0 and report.went_out > 0 and report.grants > 0
    assert set(report.matches) == set(PLAYERS)
    assert set(report.by_phase) == {"draw", "claim", "play"}
    assert set(report.by_round) == set(range(1, 8))
    assert {"draw_stock", "draw_discard", "call", "grant", "lay_down", "lay_off", "swap_joker",
            "discard"} <= set(report.by_kind)
    for name, values in OPTION_VALUES.items():
        assert report.options_seen[name] == {str(v) for v in values}, name


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    result = run_check(count, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(json.dumps(result.summary(), indent=1))
    sys.exit(1 if result.list_mismatches or result.state_mismatches else 0)


SITUATIONS: tuple[dict[str, Any], ...] = (
    # Lay-offs round the corner (T-7 option) at both ends, and a joker at either end.
    dict(hands=["3H JH JK 9S", None, None], melds=[(0, "5C 5D 5S"), (0, "QH KH AH 2H")], round_no=2,
         options={"wrap_runs": True}),
    # The 14-card run: an ace fits below the two and above the king (T-7).
    dict(hands=["AH AH 9S", None, None], melds=[(0, "5C 5D 5S"), (0, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")],
         round_no=2),
    # No two jokers side by side (T-9 option): not above JK(7H); below is free.
    dict(hands=["JK 8H 9S", None, None], melds=[(0, "5C 5D 5S"), (0, "4H 5H 6H JK(7H)")], round_no=2,
         options={"no_adjacent_jokers": True}),
    # Joker swaps (T-10 option): two jokers standing for the ace at both ends; the first gives way.
    dict(hands=["AH 9S 9D", None, None],
         melds=[(0, "5C 5D 5S"), (0, "JK(AH) 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK(AH)")],
         round_no=2, options={"joker_swap": True}),
    # Going out by melding the last card (T-14 option), by a lay-off or a lay-down.
    dict(hands=["8H", None, None], melds=[(0, "5C 5D 5S"), (0, "4H 5H 6H 7H")], round_no=2,
         options={"out_without_discard": True}),
    dict(hands=["9C 9D 9S 2S 3S 4S 5S 6S 7S", None, None], round_no=2, options={"out_without_discard": True}),
    # The card taken from the pile may not be discarded, its twin may (T-14).
    dict(hands=["9S 9S 5C 7D 2H 4H 6C 8D", None, None], round_no=1, drawn_from_discard="9S"),
    # Round 7: laying down is going out (T-20), in either contract.
    dict(hands=["9C 9D 9S 2S 3S 4S 5S 8H 8D 8C KS KD KC KH", None, None], round_no=7),
    dict(hands=["2S 3S 4S 5S 6S 6H 7H 8H 9H 10H JK QD KD AD", None, None], round_no=7,
         options={"round7": "three_runs"}),
    # T-23: the discard is refused while a lay-down is held.
    dict(hands=["9C 9D 9S KS KD KC 4H 6D", None, None], round_no=1, options={"must_lay_down": True}),
    # Two calls served in seat order (T-18 option), two penalty cards from a stock of one: the round ends.
    dict(hands=["4C 6D 8C 10C QC 2D 3D", "8S 9S 10S 4D 5D 6H 7H", "JD QD 2C 3C 4S 5S 6S", "2H 3H 4H 5H 6C 7C 9C"],
         round_no=1, phase="claim", to_move=1, claims=[3, 2],
         discard="5H 7H", discarder=0, stock="KS", rest_to=2,
         options={"claim_priority": "seat_order", "penalty_cards": 2, "empty_stock": "end_round"}),
)
"""Hand-made positions for what seeded play seldom reaches: wrapped and 14-card runs, adjacent jokers,
swaps of twin stand-ins, going out by melding, the drawn card's twin, round 7, T-23 and a short stock."""


def test_tress_model_agrees_in_rare_situations() -> None:
    """T-7..T-23 corner cases: the model lists and plays each of them as the engine does."""
    report = Report()
    for situation in SITUATIONS:
        check_position(TressGame.from_faces(**situation), report)
    assert not report.list_mismatches, report.list_mismatches
    assert not report.state_mismatches, report.state_mismatches
    assert report.went_out >= 5 and report.stock_ends >= 1
    assert report.by_kind["swap_joker"] >= 1 and report.must_lay_down >= 1
