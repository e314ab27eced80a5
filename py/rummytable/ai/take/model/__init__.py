"""Play-out models for search: compact game states with move generation and apply, checked against the engines.

:mod:`~rummytable.ai.take.model.state` (state and apply), :mod:`~rummytable.ai.take.model.moves`
(legal moves), :mod:`~rummytable.ai.take.model.convert` (engine states and actions) and
:mod:`~rummytable.tools.bench_take_model` (speed against the engine) model Take.
"""
