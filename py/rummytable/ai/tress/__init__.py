"""The computer players of Tress (docs/ai.md): hand evaluation, policy, look-ahead and the bots.
"""
