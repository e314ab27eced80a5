"""Command-line tools: ``python -m rummytable bench|simulate|tournament`` and what they share.
"""
