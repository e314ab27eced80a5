"""Command line: ``python -m rummytable <command> ...``.

Commands are looked up lazily so that starting one never imports the others.
``bench`` (speed measurements, JSON with ``--json``), ``tournament`` (bots against
each other), ``simulate`` (seeded matches with invariant checks; golden transcripts).
"""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "bench": ("rummytable.tools.bench", "Measure the engine's speed (JSON with --json)."),
    "tournament": ("rummytable.tools.tournament", "Play computer players against each other."),
    "simulate": ("rummytable.tools.simulate", "Play seeded random matches and check invariants."),
}


def main(argv: list[str] | None = None) -> int:
    """Run the command named by ``argv[0]`` with the remaining arguments; return its exit code."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help") or args[0] not in COMMANDS:
        print("usage: python -m rummytable {" + ",".join(COMMANDS) + "} [options]", file=sys.stderr)
        for name, (_, text) in COMMANDS.items():
            print(f"  {name:11} {text}", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else 2
    module = importlib.import_module(COMMANDS[args[0]][0])
    code: int = module.main(args[1:])
    return code


if __name__ == "__main__":
    sys.exit(main())
