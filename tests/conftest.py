"""Shared test configuration: hypothesis profiles, the scale of seeded random play, uncut bot budgets.

Inside Pyodide (``RUMMYTABLE_PYODIDE=1``) Python runs several times slower, so property
tests use fewer examples there; the properties themselves are the same.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from pyodide_scale import IN_PYODIDE

from rummytable.ai import base as ai_base

settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "pyodide", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("pyodide" if IN_PYODIDE else os.environ.get("HYPOTHESIS_PROFILE", "default"))



@pytest.fixture(autouse=True)
def _uncut_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computer players work to their full work budget, never stopped by the safety clock.

    The clock is the only thing that could make a decision depend on the machine's speed;
    without it every bot test and the fairness test decide the same on any machine, busy
    or idle, CPython or Pyodide. Tests of the safety net itself set a controlled clock.
    """
    monkeypatch.setattr(ai_base, "SAFETY_CLOCK", False)
