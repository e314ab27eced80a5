"""Paired comparison of options over the same deals (rummytable.ai.paired)."""

from __future__ import annotations

import pytest

from rummytable.ai.paired import paired_means


def test_means_and_the_standard_error_of_each_difference_to_the_first_option() -> None:
    rows = [[10.0, 12.0, 0.0], [20.0, 22.0, 30.0], [30.0, 32.0, 15.0]]
    means, errors = paired_means(rows, 3)
    assert means == pytest.approx([20.0, 22.0, 15.0])
    # Option 1 is 2 better on every deal: no spread at all, however far apart the deals are.
    assert errors[0] == 0.0 and errors[1] == pytest.approx(0.0)
    # Option 2's differences -10, +10, -15: sample deviation 13.23, over the square root of 3.
    assert errors[2] == pytest.approx(13.2288 / 3 ** 0.5, rel=1e-4)


def test_no_deal_gives_zeros() -> None:
    assert paired_means([], 2) == ([0.0, 0.0], [0.0, 0.0])
