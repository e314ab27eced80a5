"""The page's texts for the rules, checked against the engine's options (in Node, no browser needed):
every option has its text in every language, and the rules pages follow every option."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from typing import Any

import pytest
from harness import missing

import build
from rummytable.take.options import TakeOptions
from rummytable.tress.options import TressOptions

SCRIPT = build.ROOT / "e2e" / "rules_texts.mjs"
LANGUAGES = ("en", "nb", "uk")
SCHEMAS: dict[str, list[dict[str, Any]]] = {"tress": TressOptions.schema(), "take": TakeOptions.schema()}
# The engine's defaults, which the page takes from its catalog (the rules texts keep no copy).
DEFAULTS = {game: {item["name"]: item["default"] for item in schema} for game, schema in SCHEMAS.items()}
PLURAL = {"zero", "one", "two", "few", "many", "other"}
# Values that are the default in effect: 4 jokers is the rule book's count for the 4 players of the
# default table, so the page rightly reads the same (it only marks the house rule).
SAME_AS_DEFAULT = {("tress", "jokers", 4)}


def _alternatives(game: str, item: dict[str, Any]) -> list[Any]:
    """Every value of an option other than its default worth showing (ints: the ends and one more)."""
    if item["type"] == "bool":
        values: list[Any] = [not item["default"]]
    elif item["type"] == "choice":
        values = list(item["choices"])
    else:
        values = [item["minimum"], item["minimum"] + 1, item["maximum"]]
        if item.get("nullable"):
            values.append(None)
    return [v for v in dict.fromkeys(values) if v != item["default"] and (game, item["name"], v) not in SAME_AS_DEFAULT]


def _cases() -> list[dict[str, Any]]:
    cases = []
    for game, schema in SCHEMAS.items():
        for lang in LANGUAGES:
            cases.append({"game": game, "lang": lang, "options": {}, "option": None})
            for item in schema:
                if item["name"] == "players":
                    continue
                for value in _alternatives(game, item):
                    cases.append({"game": game, "lang": lang, "options": {item["name"]: value}, "option": item["name"]})
    return cases


@cache
def _run() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        missing("node is not installed: install Node.js 20 to check the page's texts")
    cases = _cases()
    proc = subprocess.run(
        [node, "--experimental-detect-module", str(SCRIPT)],
        input=json.dumps({"root": str(build.ROOT), "defaults": DEFAULTS, "cases": cases}),
        capture_output=True, text=True, timeout=120, check=False, cwd=build.ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return cases, out


def _rendered(page: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(item["text"], item["house"]) for section in page["sections"] for item in section["items"]]


@pytest.mark.parametrize("game", SCHEMAS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_has_its_text_in_every_language(game: str, lang: str) -> None:
    texts = _run()[1]["dictionaries"][lang]
    options = texts["options"][game]
    for item in SCHEMAS[game]:
        name = item["name"]
        if name == "players":
            continue
        assert isinstance(options.get(name), str) and options[name].strip(), f"{lang}: no text for {game} option {name}"
        for choice in item.get("choices", []):
            assert options.get(f"{name}_choices", {}).get(choice), f"{lang}: no text for {game} {name} = {choice}"
        if item.get("nullable"):
            assert texts["start"]["nullable"].get(name), f"{lang}: no text for an empty {game} {name}"
    known = {item["name"] for item in SCHEMAS[game]} | {f"{item['name']}_choices" for item in SCHEMAS[game]}
    assert set(options) <= known, f"{lang}: texts for options the engine does not have: {set(options) - known}"


def _leaves(node: Any, prefix: str = "") -> set[str]:
    if isinstance(node, dict) and not (set(node) & PLURAL):
        return {key for name, value in node.items() for key in _leaves(value, f"{prefix}{name}.")}
    return {prefix.rstrip(".")}


@pytest.mark.parametrize("game", SCHEMAS)
def test_rules_pages_have_the_same_texts_in_every_language(game: str) -> None:
    texts = _run()[1]["texts"]
    english = _leaves(texts[f"{game}.en"])
    for lang in LANGUAGES[1:]:
        assert _leaves(texts[f"{game}.{lang}"]) == english, f"{game}.{lang} differs from English"


def test_rules_pages_follow_every_option_in_every_language() -> None:
    cases, out = _run()
    pages = out["pages"]
    default = {(c["game"], c["lang"]): pages[i] for i, c in enumerate(cases) if c["option"] is None}
    problems = []
    for case, page in zip(cases, pages):
        where = f"{case['game']}.{case['lang']} {case['options']}"
        text = " ".join([page["intro"], *(t for t, _ in _rendered(page))])
        if page["missing"] or re.search(r"\{\w+\}", text):
            problems.append(f"{where}: missing {page['missing']} or an unfilled placeholder")
        if case["option"] is None:
            continue
        base = default[(case["game"], case["lang"])]
        changed = [t for (t, _), (b, _) in zip(_rendered(page), _rendered(base)) if t != b]
        if _rendered(page) == _rendered(base) or (not changed and len(_rendered(page)) == len(_rendered(base))):
            problems.append(f"{where}: the rules page reads as with the defaults")
        if not any(house for _, house in _rendered(page)) or not page["note"]:
            problems.append(f"{where}: the house rule is not marked")
    assert not problems, "\n".join(problems)


def test_the_default_table_plays_no_house_rule() -> None:
    cases, out = _run()
    for case, page in zip(cases, out["pages"]):
        if case["option"] is None:
            assert page["note"] is None and not any(house for _, house in _rendered(page)), case
