"""How much seeded random play a test runs: full under CPython, a tenth inside Pyodide.

Inside Pyodide (``RUMMYTABLE_PYODIDE=1``) Python runs several times slower, so property
tests play fewer matches there; the properties checked are the same. A module of its
own (not ``conftest``), because tests/ and e2e/ each have a conftest.py and the name
would be ambiguous when both folders run together.
"""

from __future__ import annotations

import os

IN_PYODIDE = os.environ.get("RUMMYTABLE_PYODIDE") == "1"
"""True when the suite runs inside Pyodide."""


def scaled(count: int) -> int:
    """Return how many seeded matches/examples a test should run: ``count``, or a tenth in Pyodide."""
    return max(1, count // 10) if IN_PYODIDE else count
