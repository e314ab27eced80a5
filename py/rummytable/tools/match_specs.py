"""What one simulated match is: game, seed, options and who plays; and the seeded mixes of them.

A :class:`MatchSpec` fixes a match completely: the same spec plays the same actions on
any machine (bots get no wall-clock cap, see :meth:`MatchSpec.bots`). :func:`mixed_spec`
draws a spec from a seed alone, varying the player count, every option of the game's
options schema and the seats' levels, so that a seed range covers the house rules.
:meth:`MatchSpec.command` writes the command line that plays exactly that match again.
"""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rummytable.ai import LEVELS, Bot, make_bot
from rummytable.game import Game, OptionsError
from rummytable.registry import GAMES, game_class, options_class

COMMAND = ("PYTHONPATH=py", "python3", "-m", "rummytable", "simulate")
"""How :meth:`MatchSpec.command` starts: the simulator run from the repository's root."""

UNIFORM = "uniform"
"""Seat kind of the whole table playing uniformly random legal actions (not a bot level)."""

MIXED_CAPS: dict[tuple[str, str], int] = {("take", "target"): 500}
"""Largest value :func:`mixed_spec` draws for an int option, where the schema's maximum would
make matches needlessly long (a Take match to 5000 is ten matches to 500)."""

DEFAULT_LEVEL_WEIGHTS: dict[str, float] = {"random": 2.0, "easy": 4.0, "normal": 4.0, "hard": 0.5}
"""How often :func:`mixed_spec` seats each level (hard decides slowest, so it is the rarest)."""

DEFAULT_UNIFORM_SHARE = 0.25
"""Share of mixed matches played by uniformly random legal actions instead of bots."""


@dataclass(frozen=True)
class MatchSpec:
    """One match, completely determined.

    :ivar game: ``"tress"`` or ``"take"``.
    :ivar seed: the game seed; bots' seeds and random play derive from it too.
    :ivar options: the game's options as JSON, ``"players"`` always included.
    :ivar seats: the level of each seat (``"random"``, ``"easy"``, ``"normal"``, ``"hard"``),
        or :data:`UNIFORM` for every seat when the table plays uniformly random legal actions.
    """

    game: str
    seed: int
    options: Mapping[str, Any]
    seats: tuple[str, ...]

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def uniform(self) -> bool:
        """True when the table plays uniformly random legal actions."""
        return all(seat == UNIFORM for seat in self.seats)

    def new_game(self) -> Game:
        """Start this match (dealt, nobody has acted).

        :raises OptionsError: for invalid options.
        """
        game: Game = game_class(self.game).new(options_class(self.game).from_json(dict(self.options)), self.seed)
        return game

    def bots(self) -> list[Bot]:
        """Return one bot per seat: seat ``s`` seeded ``seed * 10 + s``, with no safety clock.

        ``safety_ms=float("inf")``: every decision does its level's full work budget and is
        never cut short, so a match never depends on the machine's speed (replays and golden
        transcripts).

        :raises ValueError: for a uniform table or an unknown level.
        """
        if self.uniform:
            raise ValueError("a uniformly random table has no bots")
        return [make_bot(self.game, level, self.seed * 10 + seat, float("inf"))
                for seat, level in enumerate(self.seats)]

    def rng(self) -> random.Random:
        """Return the generator of a uniformly random table's choices, seeded by game and seed."""
        return random.Random(f"simulate/{self.game}/{self.seed}")

    def to_json(self) -> dict[str, Any]:
        """Return ``{"game", "seed", "options", "seats"}`` (for reports and golden files)."""
        return {"game": self.game, "seed": self.seed, "options": dict(self.options), "seats": list(self.seats)}

    def command(self, stop_at: int | None = None, extra: tuple[str, ...] = ()) -> str:
        """Return a shell command (run from the repository's root) that plays exactly this match,
        to action ``stop_at`` when given."""
        options = json.dumps(dict(self.options), sort_keys=True, separators=(",", ":"))
        args = [*COMMAND, "--game", self.game, "--matches", "1", "--seed", str(self.seed), "--options", options]
        args += ["--uniform"] if self.uniform else ["--seats", ",".join(self.seats)]
        if stop_at is not None:
            args += ["--stop-at", str(stop_at)]
        return " ".join(shlex.quote(arg) for arg in [*args, *extra])


def make_spec(game: str, seed: int, options: Mapping[str, Any], seats: list[str] | None) -> MatchSpec:
    """Return the spec for ``options`` (``players`` defaulting to the game's usual count) and ``seats``.

    :param seats: one level per seat, one level for every seat, or ``None`` for a uniformly random table.
    :raises OptionsError: for invalid options, or seats that do not fit the player count.
    :raises MalformedActionError: for an unknown game.
    """
    cls = options_class(game)
    opts = dict(options)
    if seats is not None and len(seats) > 1:
        opts.setdefault("players", len(seats))
    opts.setdefault("players", GAMES[game].default_players)
    parsed = cls.from_json(opts)
    players = int(parsed.to_json()["players"])
    if seats is None:
        kinds = [UNIFORM] * players
    elif len(seats) == 1:
        kinds = seats * players
    else:
        kinds = list(seats)
    if len(kinds) != players:
        raise OptionsError(f"{len(kinds)} seats given for {players} players")
    return MatchSpec(game, seed, opts, tuple(kinds))


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    """Draw a value for every option of ``game``'s schema except ``players``, uniformly over its values.

    Booleans and choices take any of their values; whole numbers any in their range (up
    to :data:`MIXED_CAPS`), or "empty" one time in three when the option may be empty.
    """
    options: dict[str, Any] = {}
    for item in options_class(game).schema():
        name = item["name"]
        if name == "players":
            continue
        if item["type"] == "bool":
            options[name] = rng.random() < 0.5
        elif item["type"] == "choice":
            options[name] = rng.choice(item["choices"])
        elif item.get("nullable") and rng.random() < 1 / 3:
            options[name] = None
        else:
            high = min(item["maximum"], MIXED_CAPS.get((game, name), item["maximum"]))
            options[name] = rng.randint(item["minimum"], high)
    return options


def mixed_spec(game: str, seed: int, level_weights: Mapping[str, float] | None = None,
               uniform_share: float = DEFAULT_UNIFORM_SHARE) -> MatchSpec:
    """Return the match of ``--mixed`` mode for ``seed``: player count, options and seats all drawn from the seed.

    :param level_weights: relative frequency of each level at a bot seat (default
        :data:`DEFAULT_LEVEL_WEIGHTS`).
    :param uniform_share: chance that the whole table plays uniformly random legal actions.
    :raises ValueError: for weights naming an unknown level or summing to zero.
    """
    weights = dict(DEFAULT_LEVEL_WEIGHTS if level_weights is None else level_weights)
    unknown = sorted(set(weights) - set(LEVELS))
    if unknown or sum(weights.values()) <= 0:
        raise ValueError(f"level weights {weights} must name levels of {', '.join(LEVELS)} and not sum to zero")
    rng = random.Random(f"simulate/mixed/{game}/{seed}")
    entry = GAMES[game]
    players = rng.randint(entry.min_players, entry.max_players)
    options = {"players": players, **random_options(game, rng)}
    if rng.random() < uniform_share:
        return MatchSpec(game, seed, options, (UNIFORM,) * players)
    levels = [level for level in LEVELS if weights.get(level, 0) > 0]
    seats = tuple(rng.choices(levels, [weights[level] for level in levels], k=players))
    return MatchSpec(game, seed, options, seats)
