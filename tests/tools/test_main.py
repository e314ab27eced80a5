"""``python -m rummytable``: every command listed exists and can be run."""

from __future__ import annotations

import importlib

import pytest

from rummytable.__main__ import COMMANDS, main


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_listed_command_module_imports_and_has_main(name: str) -> None:
    module = importlib.import_module(COMMANDS[name][0])
    assert callable(getattr(module, "main", None)), f"{COMMANDS[name][0]} has no main()"


def test_unknown_command_prints_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    for name in COMMANDS:
        assert name in err
