"""Shared test configuration: hypothesis profiles and the scale of seeded random play.

Inside Pyodide (``RUMMYTABLE_PYODIDE=1``) Python runs several times slower, so property
tests use fewer examples there; the properties themselves are the same.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from pyodide_scale import IN_PYODIDE

settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "pyodide", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("pyodide" if IN_PYODIDE else os.environ.get("HYPOTHESIS_PROFILE", "default"))

