"""legal_actions: ``in`` asks the rules, and ``complete`` says whether variants were left out."""

from __future__ import annotations

import pytest

from rummytable import TakeGame, TressGame
from rummytable.cards import parse_card
from rummytable.game import Phase
from rummytable.take import actions as take_actions
from rummytable.tress import actions as tress_actions
from rummytable.tress.actions import MeldSpec


def test_a_tress_lay_down_with_the_other_copy_is_legal_but_not_listed() -> None:
    game = TressGame.from_faces(["4H 4S 4C KD KS KC KC 2D", None, None, None], phase="play", to_move=0)
    legal = game.legal_actions(0)
    one, other = parse_card("KC"), parse_card("KC.1")
    listed = next(a for a in legal if isinstance(a, tress_actions.LayDown)
                  and sum(c in (one, other) for spec in a.melds for c in spec.cards) == 1)
    swapped = {one: other, other: one}
    variant = tress_actions.LayDown(0, tuple(MeldSpec(spec.kind, tuple(swapped.get(c, c) for c in spec.cards))
                                             for spec in listed.melds))
    assert not legal.complete
    assert variant not in list(legal) and variant in legal  # the rules allow it
    assert tress_actions.Discard(1, parse_card("KD")) not in legal  # another seat's action is not this seat's


def test_a_call_naming_the_card_is_legal_but_not_listed() -> None:
    game = TressGame.from_faces([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    legal = game.legal_actions(2)
    named = tress_actions.Call(2, parse_card("10H"))
    assert tress_actions.Call(2) in list(legal) and named not in list(legal)
    assert named in legal and not legal.complete


def test_a_listing_without_variants_is_complete() -> None:
    game = TressGame.from_faces([None] * 4, phase="draw", to_move=1, discard="4C 10H", discarder=0)
    legal = game.legal_actions(1)
    assert [a.KIND for a in legal] == ["draw_stock", "draw_discard"]
    assert legal.complete and all(action in legal for action in list(legal))
    take = TakeGame.from_faces(hands=["2C 3C", "2D 3D"], phase=Phase.DRAW, to_move=0, stock="9S", discard="8S")
    assert take.legal_actions(0).complete and take.legal_actions(1) == [] and take.legal_actions(1).complete


def test_a_take_sequence_with_its_start_written_out_is_legal_but_not_listed() -> None:
    game = TakeGame.from_faces(hands=["5C 6C 7C 9D", "2D 3D"], to_move=0)
    legal = game.legal_actions(0)
    lay = take_actions.LayDown(0, tuple(parse_card(k) for k in ("5C", "6C", "7C")))
    assert lay in list(legal) and not legal.complete
    assert take_actions.LayDown(0, lay.cards, 5) in legal and take_actions.LayDown(0, lay.cards, 5) not in list(legal)
    assert take_actions.LayDown(0, lay.cards, 6) not in legal  # a start that disagrees


def test_asking_after_the_game_moved_on_is_refused() -> None:
    game = TakeGame.from_faces(hands=["2C 3C", "2D 3D"], phase=Phase.DRAW, to_move=0, stock="9S", discard="8S")
    legal = game.legal_actions(0)
    game.apply(legal[0])
    assert len(legal) == 2  # still a list of what was listed
    with pytest.raises(RuntimeError, match="moved on"):
        _ = legal[0] in legal
