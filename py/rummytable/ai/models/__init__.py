"""Play-out models for search: compact game states with move generation and apply, checked against the engines.

:mod:`~rummytable.ai.models.take` (state and apply), :mod:`~rummytable.ai.models.take_moves`
(legal moves), :mod:`~rummytable.ai.models.take_convert` (engine states and actions) and
:mod:`~rummytable.ai.models.bench_take` (speed against the engine) model Take.
"""
