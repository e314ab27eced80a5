"""Tress: seven rounds of contract rummy with "take it" (docs/rules-tress.md).

:mod:`~rummytable.tress.game` holds the engine; the other modules hold its parts (actions, options,
scoring, the table, view, state and position, and the solver that arranges contracts).
"""
