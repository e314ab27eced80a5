"""Reasons: a closed, documented set of ids with params, produced by every bot decision and claim.

That the decisions themselves did not change is checked by the golden transcripts
(tests/tools/test_golden.py): their actions replay unchanged.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rummytable.ai import make_bot
from rummytable.ai.base import NO_CALL
from rummytable.ai.reasons import CATALOG, Reason, ReasonError, from_json
from rummytable.game import Phase
from rummytable.take.game import TakeGame
from rummytable.tress.game import TressGame

ROOT = Path(__file__).resolve().parents[2]
AI = ROOT / "py" / "rummytable" / "ai"
DOC = ROOT / "docs" / "formats.md"


def _documented() -> dict[str, list[str]]:
    """The ids of docs/formats.md's "Reasons" table with their params."""
    section = DOC.read_text(encoding="utf-8").split("## Reasons", 1)[1]
    rows = re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \| ([^|]*) \|", section, flags=re.M)
    return {rid: re.findall(r"`([a-z_]+)`", params) for rid, params in rows}


def test_the_documented_set_is_the_catalog_with_the_same_params() -> None:
    documented = _documented()
    assert sorted(documented) == sorted(CATALOG)
    for rid, (params, _) in CATALOG.items():
        assert documented[rid] == list(params), rid


def test_every_id_in_the_bots_source_is_in_the_set() -> None:
    # Every reason a bot builds names its id as a literal: Reason("...") or around("...").
    found: set[str] = set()
    for path in AI.rglob("*.py"):
        if path.name == "reasons.py":
            continue
        found |= set(re.findall(r"""(?:Reason|around)\(\s*"([a-z_.]+)\"""", path.read_text(encoding="utf-8")))
        found |= set(re.findall(r"""Reason\("(lay_down\.[a-z_]+)" if""", path.read_text(encoding="utf-8")))
        found |= set(re.findall(r""" else "(lay_down\.[a-z_]+)\"""", path.read_text(encoding="utf-8")))
    assert found, "no reason found in the bots' source"
    assert found <= set(CATALOG), sorted(found - set(CATALOG))


def test_an_unknown_id_or_other_params_are_refused() -> None:
    with pytest.raises(ReasonError, match=r"unknown reason id 'discard\.whim'"):
        Reason("discard.whim")
    with pytest.raises(ReasonError, match="takes params"):
        Reason("discard.card", {"card": "9D", "points": 9})
    with pytest.raises(ReasonError, match="takes params"):
        Reason("claim.closer", {"card": "9D"})


def test_text_is_plain_english_and_json_round_trips() -> None:
    reason = Reason("discard.cost", {"card": "KS", "points": 10, "away": 1, "outs": 7})
    assert reason.text == "discards KS (10 points); the contract is 1 card away, with 7 cards left that would help"
    data = json.loads(json.dumps(reason.to_json()))
    assert data == {"id": "discard.cost", "params": {"card": "KS", "points": 10, "away": 1, "outs": 7},
                    "text": reason.text}
    assert from_json(data) == reason
    assert NO_CALL.why == Reason("claim.none") and NO_CALL.reason == "no call"


def _reasons_of_play(name: str, game: Any, levels: list[str], steps: int) -> list[Reason]:
    bots = [make_bot(name, level, seed) for seed, level in enumerate(levels, start=1)]
    seen: list[Reason] = []
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        for seat, bot in enumerate(bots):
            view = game.view(seat)
            if seat != game.to_move and any(a.get("kind") == "call" for a in view["legal_actions"]):
                seen.append(bot.claim(view, game.public_log).why)
        seat = game.to_move
        if seat is None:
            break
        decision = bots[seat].decide(game.view(seat), game.public_log)
        seen.append(decision.why)
        game.apply_json(decision.action)
    return seen


GAMES = {"tress": TressGame, "take": TakeGame}


@pytest.mark.parametrize(("name", "seed", "levels"), [
    ("tress", 5, ["easy", "normal", "random"]),
    ("take", 5, ["easy", "normal"]),
    ("take", 6, ["normal", "random", "easy"]),
])
def test_every_decision_and_claim_of_a_match_has_a_reason_from_the_set(name: str, seed: int, levels: list[str]) -> None:
    game = GAMES[name].new({"players": len(levels)}, seed)
    seen = _reasons_of_play(name, game, levels, 400)
    assert len(seen) > 50
    for reason in seen:
        assert isinstance(reason, Reason) and reason.id in CATALOG
        data = json.loads(json.dumps(reason.to_json()))
        assert from_json(data) == reason and data["text"] == reason.text and reason.text
        if reason.id.startswith("lookahead."):
            assert from_json(reason.params["reason"]).id in CATALOG
    assert len({reason.id for reason in seen}) >= 5


def test_hard_levels_wrap_the_reason_they_weighed() -> None:
    # The look-ahead's reason names the reason of the move it weighed, which the page words too.
    game = TressGame.new({"players": 3}, 2)
    seen = _reasons_of_play("tress", game, ["hard", "easy", "easy"], 120)
    wrapped = [reason for reason in seen if reason.id.startswith("lookahead.")]
    assert wrapped, sorted({reason.id for reason in seen})
    inner = from_json(wrapped[0].params["reason"])
    assert wrapped[0].text.startswith(inner.text)
