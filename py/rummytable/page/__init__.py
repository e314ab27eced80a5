"""What the page talks to: :mod:`~rummytable.page.bridge` (JSON in, JSON out) and its :mod:`~rummytable.page.session`.
"""
