"""Make the engine's two Python archives for the page; run inside Pyodide by py/engine_files/engine_files.mjs.

    python_stdlib.zip   the standard-library modules the engine and Pyodide's start-up import
    rummytable.zip      the rummytable package

Both hold bytecode only (``.pyc``, compiled by this very Python, which is the one the page runs),
stored without zip compression: the page imports them without compiling anything, and the web
server's gzip compresses them better than per-file deflate would.

Which standard-library modules are kept is measured, not guessed:

- every module imported once Pyodide has started (its own machinery needs them);
- every module imported while the engine plays: the bridge is driven through matches of both games
  with every computer level, hints, moves, claims, save and load, and refused requests;
- the module-level imports of those, followed through the standard library (a module imported
  at the top of a file is needed as soon as that file is), and every import anywhere in the
  engine's own code, inside functions too;
- a few that are looked up by name rather than imported (:data:`ALWAYS`).

Imports inside standard-library functions are not followed: that would drag in nearly the whole
library (``platform`` alone reaches ``subprocess``, ``plistlib`` and ``xml``) for code paths the
engine never takes. A path that does need one shows up in the workout above, or in the browser
tests, which play whole matches with the trimmed library.

Standard library only; the paths are the ones inside Pyodide's file system.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import sys
import traceback
import zipfile
from collections.abc import Iterator
from typing import Any

# Looked up by name (codec search, zip file names) rather than imported by a statement.
ALWAYS = (
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp437", "encodings.utf_16", "encodings.utf_32",
)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class Library:
    """The standard-library zip Pyodide started from, unpacked for reading sources."""

    def __init__(self, zip_path: str, unpacked: str) -> None:
        with zipfile.ZipFile(zip_path) as archive:
            archive.extractall(unpacked)
        self.root = unpacked

    def find(self, name: str) -> tuple[str, bool] | None:
        """The source file of module ``name`` and whether it is a package; None if not in the library."""
        base = os.path.join(self.root, *name.split("."))
        if os.path.isfile(os.path.join(base, "__init__.py")):
            return os.path.join(base, "__init__.py"), True
        if os.path.isfile(base + ".py"):
            return base + ".py", False
        return None


def _runs_as_script(node: ast.If) -> bool:
    """``if __name__ == "__main__":``, the part of a module that runs only as a script."""
    test = node.test
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators))


def _top_level(tree: ast.Module) -> Iterator[ast.stmt]:
    """Statements run when the module is imported: the top level and the blocks of its if/try/with
    (both branches of an if: which one runs depends on the platform), except the script part."""
    todo: list[Any] = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _runs_as_script(node):
            continue
        if isinstance(node, ast.If | ast.Try | ast.With):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo.extend(getattr(node, field, []))
        elif isinstance(node, ast.ExceptHandler):
            todo.extend(node.body)


def imported_names(source: bytes, module: str, is_package: bool, *, everywhere: bool) -> Iterator[str]:
    """Modules (and possible submodules) named by the import statements of a module's source.

    :param everywhere: look inside functions and classes too, not only at what runs on import.
    """
    tree = ast.parse(source)
    here = module if is_package else module.rpartition(".")[0]
    nodes = ast.walk(tree) if everywhere else _top_level(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = ".".join(part for part in (anchor, base) if part)
            if base:
                yield base
            yield from (f"{base}.{alias.name}" if base else alias.name for alias in node.names)


def closure(library: Library, package_root: str, seeds: set[str]) -> set[str]:
    """Library modules reached from ``seeds`` by import statements (see the module docstring)."""
    seen: set[str] = set()
    todo = sorted(seeds)
    while todo:
        parts = todo.pop().split(".")
        for end in range(1, len(parts) + 1):
            name = ".".join(parts[:end])
            if name in seen:
                continue
            own = name == "rummytable" or name.startswith("rummytable.")
            found = _own_source(package_root, name) if own else library.find(name)
            if found is None:
                continue  # built into the interpreter, or not a module (a name imported from one)
            seen.add(name)
            path, is_package = found
            with open(path, "rb") as handle:
                todo.extend(imported_names(handle.read(), name, is_package, everywhere=own))
    return {name for name in seen if not (name == "rummytable" or name.startswith("rummytable."))}


def _own_source(package_root: str, name: str) -> tuple[str, bool] | None:
    base = os.path.join(package_root, *name.split("."))
    if os.path.isfile(os.path.join(base, "__init__.py")):
        return os.path.join(base, "__init__.py"), True
    if os.path.isfile(base + ".py"):
        return base + ".py", False
    return None


def workout() -> None:
    """Drive the bridge as the page does, so every module a match needs gets imported.

    Errors are expected (a refused move is one of the paths to cover) and ignored: this only
    records imports; the tests check the answers.
    """
    from rummytable.page.bridge import handle

    def call(method: str, params: dict[str, Any] | None = None) -> Any:
        answer = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params or {}})))
        return answer.get("result")

    call("version")
    call("catalog")
    call("no_such_method")
    call("new_match", {"game": "nope"})
    handle("not json")
    matches = [
        {"game": "tress", "options": {"players": 4}, "seats": ["human", "easy", "normal", "hard"], "seed": 7},
        {"game": "tress", "options": {"players": 3}, "seats": ["random", "hard", "human"], "seed": 8},
        {"game": "take", "seats": ["human", "hard"], "seed": 9},
        {"game": "take", "seats": ["easy", "normal"], "seed": 10},
    ]
    for params in matches:
        if call("new_match", params) is None:
            continue
        for _ in range(150):
            call("claim_offers")
            step = call("bot_step")
            if isinstance(step, dict) and step.get("idle"):
                hinted = call("hint")
                action = hinted.get("action") if isinstance(hinted, dict) else None
                call("act", {"action": {"kind": "no_such_move"}})
                if call("act", {"action": action}) is None:
                    call("bot_claim", {"seat": 0})
            call("arrangements", {"cards": []})
        saved = call("save")
        if isinstance(saved, dict):
            call("load", saved)
            call("load", {**saved, "position": "damaged"})
        call("state")
    # Pyodide formats a Python error for the page with the traceback module.
    try:
        raise ValueError("an error as the page would see it")
    except ValueError as error:
        traceback.format_exception(error)


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """The module without its docstrings (module, class and function; ``pass`` where one was all).

    Nothing in the page reads a docstring, and they are a third of the bytecode. Unlike
    ``python -OO`` this keeps asserts and ``__debug__``, so the code runs exactly as under CPython.
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                node.body[:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree


def _pyc(source: bytes, filename: str) -> bytes:
    """Unchecked hash-based bytecode without docstrings: valid without its source beside it."""
    tree = _without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), False))


def write_zip(target: str, entries: dict[str, bytes]) -> None:
    """A zip of ``entries`` (name -> bytes), sorted, stored uncompressed, with fixed dates."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])


def compiled(modules: dict[str, tuple[str, bool]], root: str, mount: str) -> dict[str, bytes]:
    """``{zip name: pyc bytes}`` of modules found under ``root``; ``mount`` is where the zip sits in the page."""
    entries = {}
    for path, _is_package in modules.values():
        name = os.path.relpath(path, root).replace(os.sep, "/")
        with open(path, "rb") as handle:
            entries[name + "c"] = _pyc(handle.read(), f"{mount}/{name}")
    return entries


def main(stdlib_zip: str, package_root: str, out_dir: str, stdlib_mount: str, engine_mount: str) -> dict[str, Any]:
    """Write both zips into ``out_dir``; returns the list of kept modules and the archive sizes."""
    started_with = set(sys.modules)
    library = Library(stdlib_zip, "/tmp/stdlib-source")
    sys.path.insert(0, package_root)
    workout()
    imported = set(sys.modules)
    seeds = imported | {"rummytable.page.bridge"} | set(ALWAYS)
    kept = closure(library, package_root, seeds)
    found = {name: library.find(name) for name in sorted(kept)}
    stdlib = compiled({name: spot for name, spot in found.items() if spot}, library.root, stdlib_mount)
    own: dict[str, tuple[str, bool]] = {}
    for directory, _dirs, files in os.walk(os.path.join(package_root, "rummytable")):
        for file in files:
            if file.endswith(".py"):
                own[os.path.join(directory, file)] = (os.path.join(directory, file), file == "__init__.py")
    engine = compiled(own, package_root, engine_mount)
    os.makedirs(out_dir, exist_ok=True)
    write_zip(os.path.join(out_dir, "python_stdlib.zip"), stdlib)
    write_zip(os.path.join(out_dir, "rummytable.zip"), engine)
    report = {
        "stdlib_modules": sorted(kept),
        "started_with": len(started_with),
        "engine_modules": len(engine),
    }
    with open(os.path.join(out_dir, "modules.json"), "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1, sort_keys=True)
    return report
