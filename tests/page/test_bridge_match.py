"""The match methods of the bridge, under CPython exactly as the worker calls them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rummytable.page import bridge
from rummytable.page.session import Session


def call(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Send one request through :func:`bridge.handle` and return the decoded answer."""
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps({"id": 1, "method": method, "params": params or {}})))
    return answer


def start(game: str, seats: list[str], options: dict[str, Any] | None = None, seed: int = 3) -> dict[str, Any]:
    answer = call("new_match", {"game": game, "seats": seats, "seed": seed,
                                "options": {"players": len(seats), **(options or {})}})
    assert "result" in answer, answer
    result: dict[str, Any] = answer["result"]
    return result


def test_catalog_lists_both_games_with_their_option_schemas() -> None:
    games = call("catalog")["result"]["games"]
    assert set(games) == {"tress", "take"}
    assert games["tress"]["players"] == {"min": 3, "max": 6, "default": 4}
    assert games["take"]["players"]["min"] == 2
    assert {"easy", "normal", "hard"} <= set(games["take"]["levels"])
    assert any(item["name"] == "target" for item in games["take"]["options"])


@pytest.mark.parametrize(("game", "seats"), [("tress", ["human", "easy", "easy"]), ("take", ["human", "easy"])])
def test_view_shows_only_the_person_s_hand(game: str, seats: list[str]) -> None:
    view = start(game, seats)["view"]
    assert view["seat"] == 0 and view["seat_kinds"] == seats
    assert "stock" not in view and "hands" not in view
    assert len(view["hand"]) == view["hand_counts"][0]
    assert json.dumps(view).count('"hand"') == 1


def test_illegal_move_reports_rule_phase_and_reason_and_changes_nothing() -> None:
    view = start("take", ["human", "easy"])["view"]
    while view["to_move"] != 0:
        view = call("bot_step")["result"]["view"]
    before = call("save")["result"]["position"]
    answer = call("act", {"action": {"kind": "discard", "seat": 0, "card": view["hand"][0]}})
    error = answer["error"]
    assert error["type"] == "IllegalActionError"
    assert error["rule"] == "K-8" and error["phase"] == "draw" and error["reason"]
    assert call("save")["result"]["position"] == before


def test_page_may_not_act_for_a_computer_seat() -> None:
    start("take", ["human", "easy"])
    answer = call("act", {"action": {"kind": "draw_stock", "seat": 1}})
    assert answer["error"]["type"] == "MalformedActionError"


def test_watch_mode_plays_a_take_match_to_the_end() -> None:
    start("take", ["easy", "easy"], {"target": 60})
    for _ in range(5000):
        result = call("bot_step")["result"]
        if result.get("idle"):
            break
    view = call("state")["result"]["view"]
    assert view["phase"] == "match_over" and view["winners"]


def test_hint_is_a_legal_action_for_the_person() -> None:
    view = start("tress", ["human", "normal", "normal"])["view"]
    while view["to_move"] != 0:
        view = call("bot_step")["result"]["view"]
    hint = call("hint")["result"]
    assert hint["reason"]
    assert hint["action"] in view["legal_actions"] or "error" not in call("act", {"action": hint["action"]})


def _is_reason(reason: Any) -> bool:
    """A reason as the bridge sends it (docs/formats.md, "Reasons"): ``{id, params, text}``."""
    from rummytable.ai.reasons import CATALOG, from_json

    return (set(reason) == {"id", "params", "text"} and reason["id"] in CATALOG
            and from_json(reason).text == reason["text"] and bool(reason["text"]))


@pytest.mark.parametrize(("game", "seats"), [("tress", ["human", "normal", "normal"]), ("take", ["human", "normal"])])
def test_hint_and_bot_step_send_the_reason_as_id_params_and_text(game: str, seats: list[str]) -> None:
    view = start(game, seats)["view"]
    steps = 0
    while view["to_move"] != 0:
        step = call("bot_step")["result"]
        assert _is_reason(step["reason"]), step["reason"]
        view = step["view"]
        steps += 1
    hint = call("hint")["result"]
    assert _is_reason(hint["reason"]), hint["reason"]
    assert steps or game == "take"


def test_save_and_load_resume_the_same_view() -> None:
    start("tress", ["human", "easy", "easy"])
    saved = call("save")["result"]
    before = call("state")["result"]["view"]
    loaded = call("load", saved)["result"]["view"]
    assert loaded == before


def test_corrupt_save_is_rejected_and_keeps_the_match() -> None:
    start("take", ["human", "easy"])
    before = call("state")["result"]["view"]
    answer = call("load", {"game": "take", "position": "{\"schema\": 1", "seats": ["human", "easy"], "seed": 1})
    assert answer["error"]["type"] == "PositionError"
    assert call("state")["result"]["view"] == before


def test_no_match_yet_is_a_clear_error() -> None:
    bridge._session = None
    assert "no match in progress" in call("state")["error"]["message"]


def test_bad_options_are_refused_with_the_option_named() -> None:
    answer = call("new_match", {"game": "take", "seats": ["human", "easy"], "options": {"colour": 1}})
    assert answer["error"]["type"] == "OptionsError" and "colour" in answer["error"]["message"]


def test_arrangements_offer_the_ways_to_lay_the_selected_cards() -> None:
    from rummytable.tress.game import TressGame
    from rummytable.tress.position import scenario

    game = TressGame.from_position(scenario(["4H 4S 4C KD KS JK 7C 2D", None, None]))
    bridge._session = Session("tress", game, ["human", "easy", "easy"], seed=1)
    chosen = ["4H", "4S", "4C", "KD", "KS", "JK"]
    lay_downs = call("arrangements", {"cards": chosen})["result"]["lay_downs"]
    assert lay_downs and all(sorted(c for m in a["melds"] for c in m["cards"]) == sorted(chosen) for a in lay_downs)
    assert "error" not in call("act", {"action": lay_downs[0]})
    assert call("arrangements", {"cards": ["7C", "2D"]})["result"]["lay_downs"] == []


def test_hint_during_a_take_it_chance_weighs_the_card_T_16() -> None:
    # The person may call out of turn (T-16); the hint is the normal player's claim decision,
    # so cards that do not help are let go (action None) rather than called for every time.
    view = start("tress", ["human", "normal", "normal", "normal"], seed=11)["view"]
    hints = []
    for _ in range(400):
        legal = view["legal_actions"]
        if view["to_move"] != 0 and legal and all(action["kind"] == "call" for action in legal):
            hint = call("hint")["result"]
            assert hint["reason"]
            assert hint["action"] is None or hint["action"] == legal[0]
            hints.append(hint["action"] is not None)
        if view["phase"] not in ("draw", "claim", "play") or view["to_move"] == 0:
            break
        view = call("bot_step")["result"]["view"]
    assert len(hints) >= 3
    assert not all(hints), "every chance was called for"


@pytest.mark.parametrize(("priority", "outranked"), [("first_call", True), ("seat_order", False)])
def test_hint_lets_a_card_go_once_an_earlier_call_outranks_the_person_T_18(priority: str, outranked: bool) -> None:
    # East (seat 3) is due to draw; the person (seat 0) and North (seat 1) may call. North calls
    # first: served in arrival order (T-18) he gets the card, so the hint no longer calls. In seat
    # order from the drawer's left the person comes before North, and a call still pays.
    view = start("tress", ["human", "normal", "normal", "normal"], {"claim_priority": priority}, seed=1)["view"]
    for _ in range(300):
        legal = view["legal_actions"]
        chance = view["to_move"] == 3 and bool(legal) and all(action["kind"] == "call" for action in legal)
        if chance and not view["claims"] and call("hint")["result"]["action"] is not None:
            break
        assert view["to_move"] != 0, "no take-it chance the hint would call for before the person's turn"
        view = call("bot_step")["result"]["view"]
    assert call("bot_claim", {"seat": 1})["result"]["view"]["claims"] == [1]
    hint = call("hint")["result"]
    if outranked:
        assert hint["action"] is None, hint
        assert hint["reason"]["id"] == "claim.outranked" and hint["reason"]["params"] == {"caller": 1}, hint
        assert "served first" in hint["reason"]["text"], hint
    else:
        assert hint["action"] == {"kind": "call", "seat": 0}, hint


def test_hint_when_the_person_has_no_move_is_not_now() -> None:
    view = start("take", ["human", "easy"])["view"]
    assert view["to_move"] == 1 and view["legal_actions"] == []
    answer = call("hint")
    assert answer["error"]["type"] == "not_now"
    assert "no legal action" in answer["error"]["message"] and "P2 to move" in answer["error"]["message"]
    start("take", ["easy", "easy"])
    assert call("hint")["error"]["type"] == "not_now"


@pytest.mark.parametrize("game", ["take", "tress"])
@pytest.mark.parametrize("action", [
    {"kind": [1], "seat": 0}, {"kind": {"a": 1}, "seat": 0}, {"kind": "discard", "seat": 0, "card": ["9H"]},
    {"kind": "discard", "seat": [0], "card": "9H"}, {"kind": "lay_down", "seat": 0, "cards": [["9H"]]},
    {"kind": "lay_down", "seat": 0, "melds": [{"kind": ["set"], "cards": ["9H"]}]}, [], "draw_stock", None,
])
def test_an_action_of_the_wrong_shape_is_malformed_and_changes_nothing(game: str, action: Any) -> None:
    start(game, ["human", "easy", "easy"] if game == "tress" else ["human", "easy"])
    before = call("save")["result"]
    answer = call("act", {"action": action})
    assert answer["error"]["type"] == "MalformedActionError", answer
    assert call("save")["result"] == before


def test_unknown_params_are_refused_by_name() -> None:
    start("take", ["human", "easy"])
    answer = call("act", {"action": {"kind": "draw_stock", "seat": 0}, "hurry": True})
    assert answer["error"]["type"] == "bad_params" and "'hurry'" in answer["error"]["message"]
    answer = call("bot_claim", {"seat": 1, "quick": 1})
    assert answer["error"]["type"] == "bad_params"


def test_a_huge_card_key_is_quoted_briefly() -> None:
    start("tress", ["human", "easy", "easy"])
    answer = call("arrangements", {"cards": ["9H", "X" * 1_000_000]})
    assert answer["error"]["type"] == "MalformedActionError"
    assert len(answer["error"]["message"]) < 200
    answer = call("act", {"action": {"kind": "discard", "seat": 0, "card": "9" * 1_000_000}})
    assert answer["error"]["type"] == "MalformedActionError"
    assert len(answer["error"]["message"]) < 200


@pytest.mark.parametrize("options", [[], 0, "", False, [["players", 2]]])
def test_options_that_are_not_an_object_are_refused(options: Any) -> None:
    answer = call("new_match", {"game": "take", "seats": ["human", "easy"], "options": options})
    assert answer["error"]["type"] == "OptionsError" and "must be an object" in answer["error"]["message"]


def test_claim_offers_say_whether_the_card_fits_the_person_s_hand_T_16() -> None:
    # The page asks the person to "take it" only for a card that fits his hand (by default):
    # claim_offers reads that from the person's own view, and it differs between cards.
    view = start("tress", ["human", "normal", "normal", "normal"], seed=11)["view"]
    seen: list[bool] = []
    for _ in range(400):
        legal = view["legal_actions"]
        if view["to_move"] != 0 and legal and all(action["kind"] == "call" for action in legal):
            person = call("claim_offers")["result"]["person"]
            assert person["can_call"] is True
            seen.append(person["fits"])
        if view["phase"] not in ("draw", "claim", "play") or view["to_move"] == 0:
            break
        view = call("bot_step")["result"]["view"]
    assert True in seen and False in seen, seen


def test_claim_offers_in_watch_mode_have_no_person() -> None:
    start("tress", ["easy", "normal", "normal", "normal"], seed=11)
    assert call("claim_offers")["result"]["person"] is None
