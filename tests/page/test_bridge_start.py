"""The bridge starts light: it answers "version" before the games are loaded, and ``preload`` loads them.

The page's "engine ready" is the answer to ``version`` (docs/engine-protocol.md, "Worker
messages"); the worker calls ``preload`` in its next task. Each check runs in a fresh
interpreter, since this one has imported the games long ago.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rummytable

# Each check needs a fresh interpreter; Pyodide cannot start processes, so CPython runs these.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start processes")

PY_ROOT = Path(rummytable.__file__).resolve().parents[1]

HEAVY = ("rummytable.registry", "rummytable.tress.game", "rummytable.take.game", "rummytable.ai",
         "rummytable.page.session")


def run_fresh(code: str) -> dict[str, object]:
    """Run ``code`` in a new interpreter with the package on its path; return the JSON it prints."""
    env = dict(os.environ, PYTHONPATH=str(PY_ROOT))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert isinstance(result, dict)
    return result


PROBE = f"""
import json, sys
import rummytable.page.bridge as bridge
answer = json.loads(bridge.handle('{{"id": 1, "method": "version", "params": {{}}}}'))
before = sorted(m for m in {HEAVY!r} if m in sys.modules)
bridge.preload()
after = sorted(m for m in {HEAVY!r} if m in sys.modules)
print(json.dumps({{"answer": answer, "before": before, "after": after}}))
"""


def test_version_is_answered_before_the_games_load_and_preload_loads_them() -> None:
    seen = run_fresh(PROBE)
    answer = seen["answer"]
    assert isinstance(answer, dict) and answer["id"] == 1
    assert answer["result"]["version"] == rummytable.__version__ and answer["result"]["python"]
    assert seen["before"] == []
    assert seen["after"] == sorted(HEAVY)


def test_a_match_request_loads_the_games_itself_without_preload() -> None:
    seen = run_fresh("""
import json
import rummytable.page.bridge as bridge
request = {"id": 2, "method": "new_match", "params": {"game": "take", "seats": ["human", "easy"], "seed": 5}}
answer = json.loads(bridge.handle(json.dumps(request)))
print(json.dumps({"keys": sorted(answer["result"]), "game": answer["result"]["view"]["game"]}))
""")
    assert seen == {"keys": ["events", "seed", "view"], "game": "take"}


def test_the_package_face_loads_on_first_use() -> None:
    seen = run_fresh("""
import json, sys
import rummytable
before = "rummytable.tress.game" in sys.modules
game = rummytable.TressGame
print(json.dumps({"before": before, "name": game.NAME, "after": "rummytable.tress.game" in sys.modules,
                  "listed": "TressGame" in dir(rummytable)}))
""")
    assert seen == {"before": False, "name": "tress", "after": True, "listed": True}
