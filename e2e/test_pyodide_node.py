"""The tests/ suite run inside Pyodide (Python 3.14, WebAssembly) in Node, as well as under CPython."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from harness import missing

import build

RUNNER = build.ROOT / "e2e" / "pyodide_pytest.mjs"
# Python in WebAssembly is several times slower than CPython; heavy tests belong under
# @pytest.mark.slow or scale themselves down when RUMMYTABLE_PYODIDE=1 (tests/conftest.py).
# The limit only catches a hang: the run takes about 20 minutes on a machine busy with other work.
TIMEOUT_S = int(os.environ.get("RUMMYTABLE_PYODIDE_TIMEOUT", "3600"))


def test_suite_passes_inside_pyodide() -> None:
    node = shutil.which("node")
    if node is None:
        missing("node is not installed: install Node.js 20 to run the suite inside Pyodide")
    prerequisites = (build.NODE_MODULES / "pyodide" / "pyodide.asm.wasm", build.MICROPIP_WHEEL, build.PYODIDE_WHEELS)
    if not all(path.exists() for path in prerequisites):
        missing("Pyodide or its test wheels are not downloaded: run `python build.py` first")
    runner = [node, str(RUNNER), str(build.ROOT), str(build.MICROPIP_WHEEL), str(build.PYODIDE_WHEELS)]
    try:
        proc = subprocess.run(
            [*runner, "-q", "-m", "not slow", "--durations=10", "tests"],
            cwd=build.ROOT, capture_output=True, text=True, timeout=TIMEOUT_S, check=False,
        )
    except subprocess.TimeoutExpired as exc:
        print(exc.stdout or "", exc.stderr or "")
        pytest.fail(
            f"the suite inside Pyodide took over {TIMEOUT_S} s: mark heavy tests slow or scale them down "
            "when RUMMYTABLE_PYODIDE=1 (RUMMYTABLE_PYODIDE_TIMEOUT raises the limit)",
            pytrace=False,
        )
    output = proc.stdout + proc.stderr
    print(output)  # shown by pytest when the test fails
    if proc.returncode == 5:
        pytest.fail("pytest inside Pyodide collected no tests", pytrace=False)
    assert proc.returncode == 0, f"pytest inside Pyodide failed with exit code {proc.returncode}"
    assert re.search(r"\b\d+ passed\b", output), "pytest inside Pyodide reported no passed test"
