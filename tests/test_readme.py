"""The README's "Using the engine from Python" example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = "## Using the engine from Python"


def readme_example() -> str:
    """The first ```python block after the section heading."""
    text = README.read_text(encoding="utf-8")
    assert SECTION in text, f"README.md has no {SECTION!r} section"
    found = re.search(r"```python\n(.*?)```", text[text.index(SECTION):], re.S)
    assert found, "the section has no ```python code block"
    return found.group(1)


def test_the_readme_example_is_about_ten_lines() -> None:
    lines = [line for line in readme_example().splitlines() if line.strip()]
    assert 8 <= len(lines) <= 12, lines


def test_the_readme_example_runs(capsys: object) -> None:
    exec(compile(readme_example(), str(README), "exec"), {"__name__": "readme_example"})
