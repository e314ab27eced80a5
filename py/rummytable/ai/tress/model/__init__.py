"""Tress's play-out model for search: a compact round with move generation and apply, checked against the engine.

:mod:`~rummytable.ai.tress.model.hand` (cards and hands of suit rows), :mod:`~rummytable.ai.tress.model.rules`
(the options),
:mod:`~rummytable.ai.tress.model.state` (state and apply), :mod:`~rummytable.ai.tress.model.moves`
(legal moves), :mod:`~rummytable.ai.tress.model.convert` (engine states and actions) and
:mod:`~rummytable.ai.tress.model.policy` (a cheap play-out policy, reading hands with
:mod:`~rummytable.ai.tress.model.shape`); its speed against the engine is
measured by :mod:`~rummytable.tools.bench_tress_model`.
"""
