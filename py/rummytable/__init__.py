"""Rummy Table: a pure-Python engine for rummy-family card games (Tress and Take).

The package imports only the standard library, so the same code runs under CPython
(tests, command line) and under Pyodide inside the browser's Web Worker.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
