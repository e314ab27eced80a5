"""The tool that fits the Tress search's leaf: samples from seeded matches, least squares per group."""

from __future__ import annotations

import pytest

from rummytable.ai.tress.model.leaf import HELD_GROUPS, SHORT_GROUPS
from rummytable.tools.fit_tress_leaf import Sample, fit, main, samples


def test_the_fit_recovers_the_line_its_samples_lie_on() -> None:
    found = [Sample("short1", points, draws, round(30 + 2 * points - 3 * draws))
             for points in range(0, 60, 7) for draws in (1.0, 3.0, 5.0, 8.0)]
    (base, per_point, per_draw), count, error = fit(found)["short1"]
    assert count == len(found)
    assert (base, per_point, per_draw) == pytest.approx((30.0, 2.0, -3.0), abs=1e-4)
    assert error == pytest.approx(0.0, abs=1e-4)


def test_samples_come_from_rounds_1_to_6_and_name_a_known_group() -> None:
    groups = {f"down{n}" for n in range(1, HELD_GROUPS + 1)} | {f"short{n}" for n in range(SHORT_GROUPS + 1)}
    found = samples(1, 5, 10)
    assert found and {s.group for s in found} <= groups
    assert all(s.round_points >= 0 and s.points >= 0 and s.draws >= 0 for s in found)
    assert samples(1, 5, 10) == found


def test_the_tool_prints_the_table_as_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--matches", "1", "--seed", "5", "--horizon", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("LEAF: dict[str, Coefficients] = {") and "samples, error" in out
