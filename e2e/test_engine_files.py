"""py/engine_files/engine_files.py, which picks and compiles the engine's Python for the page (run here under
CPython on small sources; the build runs it inside Pyodide on the real library)."""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

import build

sys.path.insert(0, str(build.ROOT / "py" / "engine_files"))
import engine_files  # a build tool beside the package, not part of it


def _names(source: str, module: str = "pkg.mod", *, package: bool = False, everywhere: bool = False) -> set[str]:
    return set(engine_files.imported_names(source.encode(), module, package, everywhere=everywhere))


def test_module_level_imports_are_followed_both_branches_of_an_if_and_try() -> None:
    source = """
import os
if sys.platform == "win32":
    import nt
else:
    import posix
try:
    import _json
except ImportError:
    import json
with open(__file__):
    import zlib
"""
    assert {"os", "nt", "posix", "_json", "json", "zlib"} <= _names(source)


def test_imports_inside_functions_count_only_where_asked_and_script_parts_never() -> None:
    source = """
def later():
    import subprocess
if __name__ == "__main__":
    import doctest
"""
    assert _names(source) == set()
    assert "subprocess" in _names(source, everywhere=True)


def test_relative_imports_name_their_package_and_possible_submodules() -> None:
    names = _names("from . import cards\nfrom .ai import base\nfrom .. import top\n", "rummytable.tress")
    assert {"rummytable", "rummytable.cards", "rummytable.ai", "rummytable.ai.base", "top"} <= names
    assert "rummytable.melds" in _names("from .melds import Meld\n", "rummytable", package=True)


def test_docstrings_are_removed_but_code_and_line_numbers_stay() -> None:
    source = '''"""Module docstring."""
from __future__ import annotations


class Card:
    """A card."""

    def rank(self) -> int:
        """Its rank."""
        assert True
        return 7


def only_doc() -> None:
    """Nothing else."""
'''
    tree = engine_files._without_docstrings(ast.parse(source))
    namespace: dict[str, object] = {}
    exec(compile(tree, "cards.py", "exec"), namespace)
    card = namespace["Card"]
    assert card.__doc__ is None  # type: ignore[attr-defined]
    assert card().rank() == 7  # type: ignore[operator]
    assert namespace["only_doc"]() is None  # type: ignore[operator]
    assert "Module docstring" not in ast.unparse(tree)
    rank = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "rank")
    assert rank.body[0].lineno == 10  # the assert keeps its line


def test_written_zips_are_sorted_stored_and_dated_alike(tmp_path: Path) -> None:
    target = tmp_path / "x.zip"
    engine_files.write_zip(str(target), {"b.pyc": b"2", "a.pyc": b"1"})
    with zipfile.ZipFile(target) as archive:
        assert archive.namelist() == ["a.pyc", "b.pyc"]
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        assert {info.date_time for info in archive.infolist()} == {engine_files.ZIP_DATE}


def test_closure_follows_the_engine_everywhere_and_the_library_at_module_level(tmp_path: Path) -> None:
    library = tmp_path / "lib"
    (library / "pkgx").mkdir(parents=True)
    (library / "alpha.py").write_text("import beta\ndef f():\n    import gamma\n")
    (library / "beta.py").write_text("")
    (library / "gamma.py").write_text("")
    (library / "delta.py").write_text("")
    (library / "pkgx" / "__init__.py").write_text("from . import sub\n")
    (library / "pkgx" / "sub.py").write_text("")
    own = tmp_path / "own" / "rummytable"
    own.mkdir(parents=True)
    (own / "__init__.py").write_text("")
    (own / "bridge.py").write_text("import alpha\ndef g():\n    import delta\n    import pkgx\n")
    stdlib_zip = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(stdlib_zip, "w") as archive:
        for path in library.rglob("*.py"):
            archive.write(path, path.relative_to(library).as_posix())
    found = engine_files.Library(str(stdlib_zip), str(tmp_path / "unpacked"))
    kept = engine_files.closure(found, str(tmp_path / "own"), {"rummytable.bridge"})
    assert kept == {"alpha", "beta", "delta", "pkgx", "pkgx.sub"}  # not gamma: inside a library function
