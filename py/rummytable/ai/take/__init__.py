"""The computer players of Take (docs/ai.md): knowledge, evaluation, rollouts and the bots.
"""
