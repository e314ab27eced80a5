"""Take («Взяти»): a sequences-only rummy to 500 with take-overs (docs/rules-take.md).

:mod:`~rummytable.take.game` holds the engine; the other modules hold its parts (actions, options,
plays, scoring, the table, view, state and position).
"""
