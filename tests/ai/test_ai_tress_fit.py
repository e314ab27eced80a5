"""Whether the top discard fits a seat's hand (rummytable.ai.tress.fit): the page's reading for
asking the person to "take it" only when the card is of use (T-12, T-13, T-16)."""

from __future__ import annotations

from rummytable.ai.tress.fit import top_discard_fits
from rummytable.tress.game import TressGame
from rummytable.tress.position import scenario


def fits(hands: list[str | None], seat: int, discard: str, **kwargs: object) -> bool:
    game = TressGame.from_position(scenario(hands, phase="draw", discard=discard, **kwargs))
    return top_discard_fits(game.view(seat), game.public_log)


def test_a_card_that_brings_the_contract_closer_fits() -> None:
    # Round 2 (a set and a run): 7H joins 5H 6H _ 8H, a card the easy player would not pay a
    # penalty card for (the contract stays two away), but one the person may want.
    hand = "5H 6H 8H QS QD 2C 3D 9S"
    assert fits([None, hand, None, None], 1, "7H", round_no=2, to_move=2, discarder=0)
    assert fits([None, hand, None, None], 1, "QC", round_no=2, to_move=2, discarder=0)


def test_a_card_of_no_use_does_not_fit() -> None:
    hand = "5H 6H 8H QS QD 2C 3D 9S"
    assert not fits([None, hand, None, None], 1, "KC", round_no=2, to_move=2, discarder=0)


def test_once_down_only_a_card_to_lay_off_fits() -> None:
    # P1 is down with three sevens and three jacks: a jack can be laid off, a king cannot.
    melds = [(0, "7C 7D 7H"), (0, "JS JH JD")]
    assert fits(["7S 2H", None, None, None], 0, "JC", melds=melds, to_move=1, discarder=3)
    assert not fits(["7S 2H", None, None, None], 0, "KC", melds=melds, to_move=1, discarder=3)


def test_an_empty_discard_pile_fits_nothing() -> None:
    game = TressGame.new({"players": 4}, seed=3)
    view = dict(game.view(1))
    view["discard_top"] = None
    assert not top_discard_fits(view, game.public_log)
