"""Take's play-out model for search: a compact state with move generation and apply, checked against the engine.

:mod:`~rummytable.ai.take.model.state` (state and apply), :mod:`~rummytable.ai.take.model.moves`
(legal moves), :mod:`~rummytable.ai.take.model.convert` (engine states and actions) and
:mod:`~rummytable.ai.take.model.policy` (a cheap play-out policy); its speed against the engine is
measured by :mod:`~rummytable.tools.bench_take_model`.
"""
