#!/usr/bin/env python3
"""Build, serve, test and measure Rummy Table.

    python build.py [build]        write dist/ (the static site)
    python build.py serve [--port N]
    python build.py test [PYTEST ARGS...]
    python build.py bench
    python build.py lock           refresh the hash-pinned requirement files

Standard library only, so it runs on a bare Python 3.11. Every download goes through an
ordinary package client (npm for Pyodide, pip for wheels), pinned by version and hash;
downloads are cached under .cache/ and node_modules/ so a second build takes seconds.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import errno
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# =========================================================================== constants

ROOT = Path(__file__).resolve().parent
PY_SRC = ROOT / "py"
PACKAGE_DIR = PY_SRC / "rummytable"
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"

# micropip from PyPI, for the test run inside Pyodide (e2e/pyodide_pytest.mjs); the site does not use it.
# Its sha256 differs from the copy Pyodide's own lock names, so it is pinned here by its own.
MICROPIP_VERSION = "0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# Hash-pinned requirement files written by `python build.py lock`.
REQUIREMENTS_CPYTHON = ROOT / "tests" / "requirements-cpython.txt"  # test tools for .venv
REQUIREMENTS_PYODIDE = ROOT / "tests" / "requirements-pyodide.txt"  # pytest inside Pyodide
PYODIDE_WHEELS = CACHE / "pyodide-wheels"
MICROPIP_WHEEL = CACHE / "wheels" / f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"

# The Pyodide files the site serves. Its standard library is not among them: the build ships a
# trimmed, precompiled one (py/engine_files/engine_files.py), made from the full one in node_modules.
PYODIDE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_BUILD_FILES = (*PYODIDE_RUNTIME_FILES, "python_stdlib.zip", "pyodide-lock.json")

# The engine's Python for the page, made by py/engine_files/engine_files.mjs in Node (see make_engine_files):
# the standard-library modules it needs and the rummytable package, both as bytecode.
ENGINE_TOOL = ROOT / "py" / "engine_files" / "engine_files.mjs"
ENGINE_TOOL_FILES = (ENGINE_TOOL, ROOT / "py" / "engine_files" / "engine_files.py")
ENGINE_CACHE = CACHE / "engine"

# Zip entries get a fixed time so the same sources give a byte-identical wheel.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

CHROMIUM = Path(os.environ.get("RUMMYTABLE_CHROMIUM", "/usr/bin/chromium"))
# Without the background-networking flags Chromium keeps calling home, which a closed
# network refuses loudly; --no-sandbox because tests and CI run as root.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

# A worker takes its policy from its own response, so every response carries the header.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; "
    "base-uri 'self'"
)

# Paths whose content never changes under the same URL: cached for a year.
IMMUTABLE_PREFIXES = ("/pyodide/", "/packages/")

# The embedding script may be loaded by pages of other sites (a module script needs CORS).
CORS_PATHS = ("/embed.js",)


# =========================================================================== errors and output


class BuildError(Exception):
    """A failure with one sentence saying what is wrong and what to do; printed without a traceback."""


def log(message: str) -> None:
    """Print a progress line to stderr (stdout is kept for machine-readable output)."""
    print(f"[build] {message}", file=sys.stderr, flush=True)


def run(
    cmd: Sequence[str | Path],
    *,
    what: str,
    fix: str,
    env: dict[str, str] | None = None,
    capture: bool = True,
    cwd: Path = ROOT,
) -> subprocess.CompletedProcess[str]:
    """Run a command; on failure raise BuildError naming ``what`` failed and the ``fix``.

    :param what: what the command does, for the message ("npm could not install Pyodide").
    :param fix: what the person should do about it.
    :param capture: capture output (shown, trimmed, on failure) instead of streaming it.
    :raises BuildError: if the program is missing or exits non-zero.
    """
    argv = [str(part) for part in cmd]
    try:
        proc = subprocess.run(
            argv, cwd=cwd, env=env, text=True, errors="replace", check=False,
            stdout=subprocess.PIPE if capture else None,
            stderr=subprocess.STDOUT if capture else None,
        )
    except FileNotFoundError:
        raise BuildError(f"{argv[0]} is not installed, so {what}: {fix}") from None
    if proc.returncode != 0:
        detail = _last_meaningful_line(proc.stdout or "")
        raise BuildError(f"{what} ({detail or f'exit code {proc.returncode}'}): {fix}")
    return proc


def _last_meaningful_line(output: str) -> str:
    """The most telling line of a tool's output: the last error line, else the last line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in reversed(lines):
        if re.search(r"\b(ERR!|ERROR|error|Error)\b", line) and not line.startswith("WARNING"):
            return line[:300]
    return lines[-1][:300] if lines else ""


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def write_json(path: Path, data: Any) -> None:
    """Write JSON with sorted keys and a final newline, so equal data gives equal bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def pip_env(*, clean: bool = False) -> dict[str, str]:
    """Environment for pip: quiet; with ``clean``, free of machine-local indexes and config."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    if clean:
        for key in list(env):
            if key.startswith("PIP_") and key != "PIP_DISABLE_PIP_VERSION_CHECK":
                del env[key]
        env["PIP_CONFIG_FILE"] = os.devnull
    return env


# =========================================================================== the project wheel


def project_metadata() -> dict[str, Any]:
    """Name, version, summary and Python requirement from pyproject.toml and the package.

    The version has one home, ``__version__`` in ``py/rummytable/__init__.py``.

    :raises BuildError: if the version cannot be found.
    """
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    init = (PACKAGE_DIR / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*"([^"]+)"', init, re.MULTILINE)
    if not match:
        raise BuildError("py/rummytable/__init__.py has no __version__ = \"X.Y.Z\" line: add it back.")
    return {
        "name": project["name"],
        "version": match.group(1),
        "summary": project.get("description", ""),
        "requires_python": project.get("requires-python", ""),
    }


def _record_hash(data: bytes) -> str:
    """Hash in the form a wheel's RECORD file uses."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def build_wheel(out_dir: Path) -> Path:
    """Write the pure-Python wheel of py/rummytable into ``out_dir``, reproducibly.

    Entries are sorted, dated 1980-01-01 and given fixed permissions, so the same sources
    always give the same bytes and sha256.

    :returns: the wheel's path.
    """
    meta = project_metadata()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(PACKAGE_DIR.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
            files.append((path.relative_to(PY_SRC).as_posix(), path.read_bytes()))
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\nSummary: {meta['summary']}\n"
        f"Requires-Python: {meta['requires_python']}\n"
    )
    wheel = "Wheel-Version: 1.0\nGenerator: rummytable-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files.append((f"{dist_info}/METADATA", metadata.encode()))
    files.append((f"{dist_info}/WHEEL", wheel.encode()))
    record = "".join(f"{arc},{_record_hash(data)},{len(data)}\n" for arc, data in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w") as archive:
        for arcname, data in files:
            info = zipfile.ZipInfo(arcname, date_time=ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    return target


# =========================================================================== Pyodide (npm)


def pyodide_version() -> str:
    """The Pyodide version pinned in package-lock.json.

    :raises BuildError: if the lock does not pin Pyodide.
    """
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    try:
        return str(lock["packages"]["node_modules/pyodide"]["version"])
    except KeyError:
        raise BuildError("package-lock.json does not pin pyodide: restore it from version control.") from None


def ensure_node_modules() -> Path:
    """Install the locked npm packages with ``npm ci`` unless node_modules already matches the lock.

    :returns: the folder of the installed pyodide package.
    :raises BuildError: if npm is missing or the registry cannot be reached.
    """
    stamp = NODE_MODULES / ".rummytable-lock.sha256"
    lock_hash = sha256_file(ROOT / "package-lock.json")
    pyodide_dir = NODE_MODULES / "pyodide"
    installed = all((pyodide_dir / name).is_file() for name in PYODIDE_BUILD_FILES)
    installed = installed and (NODE_MODULES / "esbuild" / "bin" / "esbuild").is_file()
    installed = installed and (NODE_MODULES / "typescript" / "bin" / "tsc").is_file()
    # axe-core is for the accessibility tests only; the page never loads it.
    installed = installed and (NODE_MODULES / "axe-core" / "axe.min.js").is_file()
    if installed and stamp.is_file() and stamp.read_text().strip() == lock_hash:
        return pyodide_dir
    log(f"npm ci (Pyodide {pyodide_version()})")
    run(
        ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
        what="npm could not install the pinned Pyodide",
        fix="check that npm can reach its registry (or the npm cache holds the package), then run again",
    )
    stamp.write_text(lock_hash + "\n")
    return pyodide_dir


@dataclass(frozen=True)
class EngineFiles:
    """The engine's Python for the page, as made by :func:`make_engine_files`."""

    stdlib: Path
    """The trimmed standard library (bytecode, stored zip), mounted where Pyodide's own would be."""
    package: Path
    """The rummytable package (bytecode, stored zip), put on ``sys.path`` by the worker."""
    modules: list[str]
    """The standard-library modules kept."""


def make_engine_files(pyodide_src: Path, wheel: Path) -> EngineFiles:
    """The trimmed, precompiled standard library and the precompiled package, made by Pyodide in Node.

    py/engine_files/engine_files.py explains which modules are kept. The result is cached in
    ``.cache/engine/`` under a hash of the wheel, the Pyodide version and the tool, so an unchanged
    build does not start Node again.

    :param pyodide_src: the installed npm ``pyodide`` folder (its full standard library is the source).
    :param wheel: the project wheel (its files are the package's source).
    :raises BuildError: if Node is missing or the tool fails.
    """
    digest = hashlib.sha256(wheel.read_bytes() + pyodide_version().encode())
    for tool in ENGINE_TOOL_FILES:
        digest.update(tool.read_bytes())
    folder = ENGINE_CACHE / digest.hexdigest()[:16]
    report = folder / "modules.json"
    if not report.is_file():
        if shutil.which("node") is None:
            raise BuildError("node is not installed, and the engine's Python for the page is made with it: "
                             "install Node.js 20 and run again.")
        log("compiling the engine and the standard-library modules it needs (Pyodide in Node)")
        with tempfile.TemporaryDirectory() as tmp:
            source, out = Path(tmp) / "source", Path(tmp) / "out"
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(source)
            run(["node", ENGINE_TOOL, pyodide_src, source, out],
                what="Node could not compile the engine for the page",
                fix="fix the Python error it reports (every module of py/rummytable must compile), or check that "
                    "`node --version` is 20 or newer and node_modules/ is complete (delete it and run again)")
            ENGINE_CACHE.mkdir(parents=True, exist_ok=True)
            staging = folder.with_name(f"{folder.name}.{os.getpid()}.tmp")  # .cache/ may be shared
            shutil.rmtree(staging, ignore_errors=True)
            shutil.copytree(out, staging)
            shutil.rmtree(folder, ignore_errors=True)
            staging.rename(folder)
    modules = json.loads(report.read_text(encoding="utf-8"))["stdlib_modules"]
    return EngineFiles(stdlib=folder / "python_stdlib.zip", package=folder / "rummytable.zip", modules=modules)


BUNDLE_BLOCK = re.compile(r"  <!-- bundle:start -->\n(?P<body>.*?)  <!-- bundle:end -->\n", re.S)


ESBUILD = ["node", str(NODE_MODULES / "esbuild" / "bin" / "esbuild"), "--tsconfig-raw={}"]
"""esbuild as the build runs it: with no tsconfig (the repository's tsconfig.json is the type
checker's, and must not change what is bundled)."""
STYLE_ENTRY = "style.bundle.css"
"""The file that imports every style sheet, for esbuild; made and removed by the build."""


def bundle_web(site: Path) -> None:
    """Bundle the page's modules and style sheets in ``site`` (a copy of web/) into a few files.

    The block between ``<!-- bundle:start -->`` and ``<!-- bundle:end -->`` in index.html names
    the style sheets and the entry modules. esbuild bundles the style sheets into one ``style.css``
    (in their order) and the entries with code splitting (the table, the rules pages and each
    language's rules stay separate chunks, loaded when needed; all beside index.html, so
    ``import.meta.url`` still names the page's folder). The modules bundled are removed
    from ``site``; the block becomes one style sheet, the entries and a preload of their chunks.
    A first visit then makes a handful of requests instead of thirty before the start screen.

    :raises BuildError: if the block is missing or esbuild fails.
    """
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    block = BUNDLE_BLOCK.search(html)
    if not block:
        raise BuildError("web/index.html has no <!-- bundle:start --> ... <!-- bundle:end --> block: restore it.")
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">', block["body"])
    entries = re.findall(r'<script type="module" src="([^"]+)"></script>', block["body"])
    _bundle_styles(site, sheets)

    with tempfile.TemporaryDirectory() as tmp:
        out, meta_file = Path(tmp) / "out", Path(tmp) / "meta.json"
        run(
            [*ESBUILD, *entries, "--bundle", "--splitting",
             "--format=esm", "--target=es2022", "--charset=utf8", "--log-level=warning",
             f"--outdir={out}", "--entry-names=[name]", "--chunk-names=[name]-[hash]",
             f"--metafile={meta_file}"],
            what="esbuild could not bundle the page's modules",
            fix="fix the JavaScript error it reports in web/, then run again",
            cwd=site,
        )
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        for name in meta["inputs"]:
            (site / name).unlink()
        for path in sorted(out.rglob("*")):
            if path.is_file():
                target = site / path.relative_to(out)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
        # Chunks the entries import at once: preloaded, so they do not wait for the entries.
        preload = sorted({
            (site / imported["path"]).resolve().relative_to(out.resolve()).as_posix()
            for info in meta["outputs"].values() if info.get("entryPoint")
            for imported in info.get("imports", []) if imported["kind"] == "import-statement"
        })
    _bundle_worker(site)
    tags = ['  <link rel="stylesheet" href="style.css">']
    tags += [f'  <script type="module" src="{name}"></script>' for name in entries]
    tags += [f'  <link rel="modulepreload" href="{path}">' for path in preload]
    index.write_text(html[:block.start()] + "\n".join(tags) + "\n" + html[block.end():], encoding="utf-8")
    for folder in sorted(site.rglob("*"), reverse=True):  # folders left empty by the removals
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def _bundle_styles(site: Path, sheets: Sequence[str]) -> None:
    """Bundle the style sheets ``sheets`` (paths in ``site``, in cascade order) into ``site``'s one
    ``style.css`` with esbuild, which checks them and marks where each begins (``/* css/x.css */``),
    and remove them from ``site``.

    :raises BuildError: if esbuild fails (a style sheet it cannot read).
    """
    entry = site / STYLE_ENTRY
    entry.write_text("".join(f'@import "./{name}";\n' for name in sheets), encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "style.css"
        run([*ESBUILD, STYLE_ENTRY, "--bundle", "--charset=utf8", "--log-level=warning", f"--outfile={out}"],
            what="esbuild could not bundle the page's style sheets",
            fix="fix the style sheet it reports in web/, then run again", cwd=site)
        for name in [*sheets, STYLE_ENTRY]:
            (site / name).unlink()
        # The entry holds only imports: its own (empty) part is not worth a mark.
        css = out.read_text(encoding="utf-8").replace(f"\n/* {STYLE_ENTRY} */\n", "\n")
        (site / "style.css").write_text(css, encoding="utf-8")


def _bundle_worker(site: Path) -> None:
    """Bundle the engine's worker (``worker.js`` in ``site``) and the modules it imports into the one
    ``worker.js``, so a start asks for one script, and remove those modules from ``site``.

    :raises BuildError: if esbuild fails.
    """
    with tempfile.TemporaryDirectory() as tmp:
        out, meta_file = Path(tmp) / "worker.js", Path(tmp) / "meta.json"
        run(
            [*ESBUILD, "worker.js", "--bundle", "--format=esm",
             "--target=es2022", "--charset=utf8", "--log-level=warning", f"--outfile={out}",
             f"--metafile={meta_file}"],
            what="esbuild could not bundle the engine's worker",
            fix="fix the JavaScript error it reports in web/worker.js or what it imports, then run again",
            cwd=site,
        )
        for name in json.loads(meta_file.read_text(encoding="utf-8"))["inputs"]:
            (site / name).unlink()
        # esbuild writes the bundle's top-level `const`s as `var`: give the build its placeholder back.
        bundled = out.read_text(encoding="utf-8")
        (site / "worker.js").write_text(bundled.replace(WORKER_PLACEHOLDER.replace("const", "var", 1),
                                                        WORKER_PLACEHOLDER, 1), encoding="utf-8")


# =========================================================================== wheels from PyPI (pip)


def pip_download(requirements: str | Path, dest: Path, *, python_version: str | None, label: str) -> None:
    """Download hash-pinned wheels with pip into ``dest``.

    :param requirements: a requirements file path, or requirements text.
    :param python_version: target Python ("3.14" for Pyodide); None for this interpreter.
    :raises BuildError: on a network failure or a hash mismatch.
    """
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        if isinstance(requirements, str):
            req_file = Path(tmp) / "requirements.txt"
            req_file.write_text(requirements)
        else:
            req_file = requirements
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--require-hashes", "-r", str(req_file), "-d", str(dest)]
        if python_version:
            cmd += ["--python-version", python_version, "--platform", "any"]
        try:
            proc = subprocess.run(cmd, text=True, capture_output=True, env=pip_env(), check=False)
        except FileNotFoundError:
            raise BuildError("pip is not available for this Python: install python3-pip.") from None
    if proc.returncode != 0:
        output = proc.stdout + proc.stderr
        if "DO NOT MATCH THE HASHES" in output:
            raise BuildError(
                f"a downloaded {label} wheel does not match its pinned sha256: the file or the pin is wrong; "
                "do not use it, check the pins with `python build.py lock`."
            )
        raise BuildError(
            f"pip could not download the {label} wheels ({_last_meaningful_line(output)}): "
            "check the connection to the Python package index, then run again."
        )


def ensure_micropip() -> Path:
    """The pinned micropip wheel, downloaded once into .cache/ and checked against its sha256.

    :raises BuildError: if it cannot be downloaded or its hash differs.
    """
    wheel = MICROPIP_WHEEL
    if wheel.is_file() and sha256_file(wheel) == MICROPIP_SHA256:
        return wheel
    log(f"pip download micropip {MICROPIP_VERSION}")
    pip_download(
        f"micropip=={MICROPIP_VERSION} --hash=sha256:{MICROPIP_SHA256}\n",
        wheel.parent, python_version="3.14", label="micropip",
    )
    if not wheel.is_file() or sha256_file(wheel) != MICROPIP_SHA256:
        raise BuildError(f"{wheel.name} is missing or has the wrong sha256 after download: "
                         "delete .cache/ and run again.")
    return wheel


def ensure_pyodide_test_wheels() -> Path:
    """Wheels for running the test suite inside Pyodide (pytest, hypothesis and their dependencies).

    :returns: the folder holding them.
    :raises BuildError: if they cannot be downloaded or fail their hash check.
    """
    stamp = PYODIDE_WHEELS / ".requirements.sha256"
    req_hash = sha256_file(REQUIREMENTS_PYODIDE)
    if stamp.is_file() and stamp.read_text().strip() == req_hash:
        return PYODIDE_WHEELS
    log("pip download wheels for the Pyodide test run")
    shutil.rmtree(PYODIDE_WHEELS, ignore_errors=True)
    pip_download(REQUIREMENTS_PYODIDE, PYODIDE_WHEELS, python_version="3.14", label="Pyodide test")
    stamp.write_text(req_hash + "\n")
    return PYODIDE_WHEELS


# =========================================================================== dist/


def _copy_tree(src: Path, dest: Path) -> None:
    """Copy a folder's files (not caches) into ``dest``."""
    for path in sorted(src.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and not path.name.startswith("."):
            target = dest / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)  # keeps mtimes, so unchanged files still revalidate with 304


WORKER_PLACEHOLDER = "const BOOT = null;"
CATALOG_PLACEHOLDER = '<script type="application/json" id="game-catalog">null</script>'
ENGINE_CATALOG = "from rummytable.page.bridge import handle"
"""Where the build finds the engine's bridge (see :func:`engine_catalog`): the one line to change
if the engine's modules move."""


def engine_catalog() -> dict[str, Any]:
    """Ask the engine, under this CPython, for its catalog of games, as the page would ask it.

    The catalog (docs/engine-protocol.md, ``catalog``) gives per game the player range and default,
    the house rules (options schema: defaults, limits, rule ids) and the computer levels. The build
    writes it into index.html, so the start screen shows them before the engine has started and
    the page states no game fact of its own.

    :returns: ``{"games": {...}}``.
    :raises BuildError: if the engine cannot be run or answers with an error.
    """
    program = (f"{ENGINE_CATALOG}; "
               "print(handle('{\"id\": 1, \"method\": \"catalog\", \"params\": {}}'))")
    proc = subprocess.run([sys.executable, "-c", program], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT / "py")),
                          capture_output=True, text=True, check=False)
    try:
        answer = json.loads(proc.stdout)
        return dict(answer["result"])
    except (ValueError, KeyError, TypeError):
        detail = _last_meaningful_line(proc.stderr or proc.stdout) or f"exit code {proc.returncode}"
        raise BuildError(f"the engine's catalog could not be read under CPython: {detail}; "
                         "fix the engine (py/rummytable) or ENGINE_CATALOG in build.py, then run again.") from None


def _inline(path: Path, placeholder: str, replacement: str) -> None:
    """Replace the one ``placeholder`` line of a copied web file with ``replacement``.

    :raises BuildError: if the line is gone.
    """
    source = path.read_text(encoding="utf-8")
    if placeholder not in source:
        raise BuildError(f"web/{path.name} has no `{placeholder}` line for the build to fill in: put it back.")
    path.write_text(source.replace(placeholder, replacement, 1), encoding="utf-8")


def _content_named(folder: Path, stem: str, source: Path) -> str:
    """Copy ``source`` into ``folder`` as ``<stem>-<hash>.<suffix>``; returns the new name.

    The name carries a hash of the content, so the file can be cached forever under it.
    """
    name = f"{stem}-{sha256_file(source)[:12]}{source.suffix}"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, folder / name)
    return name


def build() -> dict[str, Any]:
    """Write dist/ from web/, Pyodide and the engine's Python.

    Layout: ``pyodide/<version>/`` (the runtime), ``packages/`` (the trimmed standard library and
    the engine package, their names carrying a hash of their content, so both can be cached
    forever), ``boot.json`` (what the worker loads), ``build-info.json`` (versions and sha256 of
    every file) and a gzip copy (``<file>.gz``) beside every file that compresses, which build.py's
    server sends to browsers that accept gzip (as nginx's ``gzip_static`` does).

    :returns: the build info.
    :raises BuildError: on any failed step.
    """
    started = time.monotonic()
    meta = project_metadata()
    pyodide_src = ensure_node_modules()
    pyo_version = pyodide_version()

    staging = DIST.with_name(DIST.name + ".tmp")
    shutil.rmtree(staging, ignore_errors=True)
    _copy_tree(WEB, staging)
    bundle_web(staging)

    pyodide_dir = staging / "pyodide" / pyo_version
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_RUNTIME_FILES:
        shutil.copyfile(pyodide_src / name, pyodide_dir / name)

    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        wheel_sha256 = sha256_file(wheel)
        engine = make_engine_files(pyodide_src, wheel)
    packages = staging / "packages"
    stdlib_name = _content_named(packages, "python-stdlib", engine.stdlib)
    engine_name = _content_named(packages, f"{meta['name']}-{meta['version']}", engine.package)
    pyodide_lock = json.loads((pyodide_src / "pyodide-lock.json").read_text(encoding="utf-8"))

    # What the worker needs to start: paths relative to the site root, byte sizes so the loading
    # bar can show real download progress, and sha256 to check a kept copy after a failed start.
    def sized(url: str) -> dict[str, Any]:
        return {"url": url, "bytes": (staging / url).stat().st_size, "sha256": sha256_file(staging / url)}

    files = {
        "runtime": sized(f"pyodide/{pyo_version}/pyodide.asm.mjs"),
        "wasm": sized(f"pyodide/{pyo_version}/pyodide.asm.wasm"),
        "stdlib": sized(f"packages/{stdlib_name}"),
        "engine": sized(f"packages/{engine_name}"),
    }
    # The start-up snapshot is made by the browser on the first start (web/worker.js) and kept in
    # Cache Storage under this address, which names everything its memory depends on.
    snapshot_key = hashlib.sha256("".join(entry["sha256"] for entry in files.values()).encode()).hexdigest()[:16]
    boot = {
        "engineVersion": meta["version"],
        "pyodideVersion": pyo_version,
        "indexURL": f"pyodide/{pyo_version}/",
        # Pyodide wants a package lock; the engine needs no packages, so it lists none (and
        # Pyodide's own, 120 kB, is not downloaded).
        "lock": {"info": pyodide_lock["info"], "packages": {}},
        "files": files,
        "snapshot": f"packages/engine-snapshot-{snapshot_key}.bin",
    }
    write_json(staging / "boot.json", boot)
    # JSON inside <script>: "<" escaped, so no text of it can close the element.
    catalog_json = json.dumps(engine_catalog(), sort_keys=True, ensure_ascii=False).replace("<", "\\u003c")
    _inline(staging / "index.html", CATALOG_PLACEHOLDER, CATALOG_PLACEHOLDER.replace(">null<", f">{catalog_json}<"))
    _inline(staging / "worker.js", WORKER_PLACEHOLDER, f"const BOOT = {json.dumps(boot, sort_keys=True)};")
    offline_build = write_offline_files(staging, made=[boot["snapshot"]])
    write_headers_file(staging)

    listing = {
        path.relative_to(staging).as_posix(): {"bytes": path.stat().st_size, "sha256": sha256_file(path)}
        for path in sorted(staging.rglob("*")) if path.is_file()
    }
    info = {
        "engine": {"name": meta["name"], "version": meta["version"], "wheel": wheel.name,
                   "sha256": wheel_sha256, "package": f"packages/{engine_name}"},
        "pyodide": {"version": pyo_version, "python": pyodide_lock["info"]["python"],
                    "stdlib": f"packages/{stdlib_name}", "stdlibModules": engine.modules},
        "files": listing,
        "totalBytes": sum(entry["bytes"] for entry in listing.values()),
        "offlineBuild": offline_build,
    }
    write_json(staging / "build-info.json", info)
    packed = write_precompressed(staging)

    shutil.rmtree(DIST, ignore_errors=True)
    staging.rename(DIST)
    log(f"dist/ ready: {len(listing)} files, {info['totalBytes'] / 1e6:.1f} MB ({packed / 1e6:.1f} MB gzip), "
        f"engine {meta['version']}, Pyodide {pyo_version} ({time.monotonic() - started:.1f} s)")
    return info


# =========================================================================== compression

# Types worth compressing; images other than SVG and the like are compressed already.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".zip",
                          ".svg", ".txt", ".md"})
GZIP_CACHE = CACHE / "gzip"
# Large files (the runtime, the engine's archives) take seconds at level 9: reuse them by content.
GZIP_CACHE_MIN_BYTES = 256 * 1024


def _gzip(path: Path) -> bytes:
    """Gzip (level 9, no file name, no time) of a file: the same file gives the same bytes."""
    if path.stat().st_size < GZIP_CACHE_MIN_BYTES:
        return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
    cached = GZIP_CACHE / f"{sha256_file(path)}.gz"
    if not cached.is_file():
        GZIP_CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        tmp.replace(cached)
    return cached.read_bytes()


def write_precompressed(site: Path) -> int:
    """Write ``<file>.gz`` beside every file of ``site`` that gzip makes at least 10% smaller.

    The copy gets its original's modification time, so ``Last-Modified`` (and with it a browser's
    revalidation) is the same whichever of the two is sent. Also used by tests and the bench on
    folders of their own.

    :returns: the bytes a browser accepting gzip downloads for the whole site.
    """
    total = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix == ".gz":
            continue
        size = path.stat().st_size
        if path.suffix in COMPRESSIBLE and size > 256:
            packed = _gzip(path)
            if len(packed) <= size * 0.9:
                target = path.with_name(path.name + ".gz")
                target.write_bytes(packed)
                stat = path.stat()
                os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
                total += len(packed)
                continue
        total += size
    return total


# =========================================================================== offline copy and host headers

# Files the service worker does not keep: itself, its manifest, files for hosts and tools, the demo.
OFFLINE_SKIP = frozenset({"sw.js", "sw-manifest.json", "build-info.json", "_headers",
                          "embed-demo.html", "embed-demo.js", "embed-demo.css"})
SW_PLACEHOLDER = "const MANIFEST = null;"


def write_offline_files(site: Path, sw_source: Path = WEB / "sw.js", made: Sequence[str] = ()) -> str:
    """Write the service worker's list of files: ``sw-manifest.json``, and the same data inside ``sw.js``.

    The list names every file the site needs with its sha256; the build id is a hash of the list, so
    any changed file gives a new id, a new ``sw.js`` and with it a new cache that replaces the old one
    whole (see web/sw.js). Gzip copies are not listed: the browser stores what they decode to.
    Also used by tests on a copy of dist/ (``made`` is then read from the copy's ``sw-manifest.json``).

    :param sw_source: the worker with its ``const MANIFEST = null;`` line still in place.
    :param made: addresses of files the page makes itself (the start-up snapshot), which the
        worker carries over into the new cache when they are there.
    :returns: the build id.
    :raises BuildError: if the worker has lost its placeholder line.
    """
    manifest_path = site / "sw-manifest.json"
    if not made and manifest_path.is_file():
        made = json.loads(manifest_path.read_text(encoding="utf-8")).get("made", [])
    files = {
        path.relative_to(site).as_posix(): sha256_file(path)
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.suffix != ".gz" and path.relative_to(site).as_posix() not in OFFLINE_SKIP
    }
    listing = "".join(f"{path} {digest}\n" for path, digest in files.items())
    listing += "".join(f"{path} made\n" for path in made)
    build_id = hashlib.sha256(listing.encode()).hexdigest()[:16]
    manifest = {"build": build_id, "files": files, "made": list(made)}
    write_json(manifest_path, manifest)
    source = sw_source.read_text(encoding="utf-8")
    if SW_PLACEHOLDER not in source:
        raise BuildError(f"{sw_source.name} has no `{SW_PLACEHOLDER}` line for the file list: put it back.")
    data = json.dumps(manifest, sort_keys=True, separators=(",", ":"))
    (site / "sw.js").write_text(source.replace(SW_PLACEHOLDER, f"const MANIFEST = {data};", 1), encoding="utf-8")
    return build_id


def write_headers_file(site: Path) -> None:
    """Write ``_headers``: the response headers in the format static hosts read (Netlify, Cloudflare Pages).

    Cache-Control is set only where it differs from a host's usual revalidate-every-time default,
    because hosts join the values of every rule that matches a path.
    """
    lines = ["# Response headers for static hosts that read this file. See docs/hosting.md.", "/*",
             f"  Content-Security-Policy: {CSP}", "  X-Content-Type-Options: nosniff",
             "  Referrer-Policy: no-referrer", ""]
    for prefix in IMMUTABLE_PREFIXES:
        lines += [f"{prefix}*", "  Cache-Control: public, max-age=31536000, immutable", ""]
    lines += ["/sw.js", "  Cache-Control: no-cache", ""]
    for path in CORS_PATHS:
        lines += [path, "  Access-Control-Allow-Origin: *", ""]
    (site / "_headers").write_text("\n".join(lines), encoding="utf-8")


# =========================================================================== static server

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".gz": "application/gzip",
}


def _accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header value allows gzip (``gzip`` or ``*``, with a q above 0)."""
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() not in ("gzip", "*"):
            continue
        quality = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
        try:
            return float(quality) > 0
        except ValueError:
            return False
    return False


def make_handler(root: Path, csp: str = CSP, quiet: bool = True) -> type[http.server.SimpleHTTPRequestHandler]:
    """A request handler class serving ``root`` with the site's MIME types, caching, CSP and compression.

    A file with an up-to-date gzip copy beside it (``<file>.gz`` with the same modification time,
    see :func:`write_precompressed`) is sent as that copy to a browser that accepts gzip, with
    ``Content-Encoding: gzip``. A request that cannot be parsed (a bad request line, an over-long
    address, an unknown HTTP version, a NUL byte in the path) gets a 400 answer.

    :param csp: the Content-Security-Policy header sent with every response.
    :param quiet: do not log each request.
    """

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = MIME_TYPES
        protocol_version = "HTTP/1.1"  # keep-alive: the page makes a dozen requests at start-up

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self._gzip = False  # the answer being sent is the gzip copy at self._packed
            self._packed = ""
            self._status = 0
            super().__init__(*args, directory=str(root), **kwargs)

        def send_head(self) -> Any:
            self._gzip = False
            if "\0" in urllib.parse.unquote(self.path):
                self.send_error(400, "Bad request: the path holds a NUL byte")
                return None
            path = super().translate_path(self.path)
            if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
                path = os.path.join(path, "index.html")
            packed = path + ".gz"
            if (os.path.isfile(path) and os.path.isfile(packed)
                    and _accepts_gzip(self.headers.get("Accept-Encoding", ""))
                    and os.stat(packed).st_mtime_ns == os.stat(path).st_mtime_ns):
                self._gzip = True
                self._packed = packed
            return super().send_head()

        def translate_path(self, path: str) -> str:
            return self._packed if self._gzip else super().translate_path(path)

        def guess_type(self, path: str | os.PathLike[str]) -> str:
            name = os.fspath(path)
            return super().guess_type(name[:-3] if self._gzip and name.endswith(".gz") else name)

        def send_response(self, code: int, message: str | None = None) -> None:
            self._status = code
            super().send_response(code, message)

        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            if code in (414, 505):  # an over-long address or an unknown HTTP version: a bad request
                message = f"Bad request ({http.HTTPStatus(code).phrase})"
                code = 400
            # A request line without a version reads as HTTP/0.9, whose answers have no status
            # line; no browser speaks it, so answer as HTTP/1.0 with the status.
            if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
                self.request_version = "HTTP/1.0"
            self._gzip = False
            super().send_error(code, message, explain)

        def end_headers(self) -> None:
            # A request line that could not be parsed leaves no path.
            path = getattr(self, "path", "").split("?", 1)[0]
            immutable = path.startswith(IMMUTABLE_PREFIXES)
            self.send_header(
                "Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache"
            )
            self.send_header("Content-Security-Policy", csp)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            if Path(path).suffix in COMPRESSIBLE:
                self.send_header("Vary", "Accept-Encoding")
            if self._gzip and self._status == 200:
                self.send_header("Content-Encoding", "gzip")
            if path.endswith(CORS_PATHS):
                self.send_header("Access-Control-Allow-Origin", "*")
            super().end_headers()

        def list_directory(self, path: str | os.PathLike[str]) -> None:
            self.send_error(404, "Not found")

        def log_message(self, format: str, *args: Any) -> None:
            if not quiet:
                super().log_message(format, *args)

    return Handler


class _Server(http.server.ThreadingHTTPServer):
    """Threading server that stays quiet when a browser drops a connection mid-download."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    root: Path = DIST, port: int = 0, *, csp: str = CSP, quiet: bool = True
) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for ``root`` on 127.0.0.1 (port 0 picks a free port).

    Call ``serve_forever()`` (for example in a thread) and ``shutdown()``; the bound port is
    ``server.server_address[1]``.

    :raises BuildError: if the port is in use.
    """
    try:
        server = _Server(("127.0.0.1", port), make_handler(root, csp, quiet))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise BuildError(f"port {port} is already in use: stop the other server or pass --port N.") from None
        raise BuildError(f"cannot listen on 127.0.0.1:{port} ({exc.strerror}): pass another --port.") from None
    return server


@contextlib.contextmanager
def serving(root: Path = DIST, *, csp: str = CSP) -> Iterator[str]:
    """Serve ``root`` on a free port in a background thread; yields the base URL ending in '/'."""
    server = make_server(root, 0, csp=csp)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def cmd_serve(port: int) -> None:
    """Build, then serve dist/ until interrupted (the port is claimed first, so a busy port fails fast)."""
    server = make_server(DIST, port, quiet=False)
    build()
    print(f"Rummy Table is served at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# =========================================================================== test tools and Chromium


def venv_bin(tool: str) -> Path:
    """Path of an executable inside .venv."""
    return VENV / ("Scripts" if os.name == "nt" else "bin") / tool


def ensure_venv() -> Path:
    """Create or reuse .venv with the hash-pinned test tools.

    :returns: the venv's python.
    :raises BuildError: if the venv cannot be made or the tools cannot be installed.
    """
    python = venv_bin("python")
    stamp = VENV / ".requirements.sha256"
    req_hash = sha256_file(REQUIREMENTS_CPYTHON)
    if python.exists() and stamp.is_file() and stamp.read_text().strip() == req_hash:
        return python
    if not python.exists():
        log("creating .venv")
        run([sys.executable, "-m", "venv", VENV], what="Python could not create .venv",
            fix="install the venv module (Debian: apt-get install python3-venv) and run again")
    log("installing test tools into .venv (hash-checked)")
    run([python, "-m", "pip", "install", "--require-hashes", "--no-deps", "-r", REQUIREMENTS_CPYTHON],
        what="pip could not install the test tools", env=pip_env(),
        fix="check the connection to the Python package index; "
            "if hashes differ, refresh them with `python build.py lock`")
    stamp.write_text(req_hash + "\n")
    return python


def ensure_chromium() -> Path:
    """Debian's Chromium, installed with apt when missing and running as root.

    :raises BuildError: if Chromium is missing and cannot be installed here.
    """
    if CHROMIUM.exists():
        return CHROMIUM
    apt = shutil.which("apt-get")
    if apt and hasattr(os, "geteuid") and os.geteuid() == 0:
        log("installing Chromium with apt-get (once)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        fix = "check that apt can reach Debian's package mirror, then run again"
        run([apt, "update"], what="apt-get update failed", fix=fix, env=env)
        run([apt, "install", "-y", "--no-install-recommends", "chromium"],
            what="apt-get could not install Chromium", fix=fix, env=env)
        if CHROMIUM.exists():
            return CHROMIUM
    raise BuildError(
        f"Chromium is not installed at {CHROMIUM}: install Debian's package (sudo apt-get install chromium) "
        "or set RUMMYTABLE_CHROMIUM to a Chromium binary, then run again."
    )


WEB_TESTS = ROOT / "tests" / "web"
"""The page's unit tests (``node --test``, no dependency): the claim-window scheduler, action
building, the log texts and the three languages' dictionaries."""
TSC_PROJECTS = ("tsconfig.json", "tsconfig.workers.json")
"""``tsc --checkJs --noEmit`` projects over web/: the page's modules, and the two workers (whose
global scope is a worker's, not a window's)."""


def check_web() -> list[str]:
    """Type-check web/ with TypeScript and run the page's unit tests in Node.

    :returns: the names of the checks that failed (empty when all passed).
    """
    failed = []
    for project in TSC_PROJECTS:
        log(f"tsc --checkJs --noEmit -p {project}")
        proc = subprocess.run(["node", str(NODE_MODULES / "typescript" / "bin" / "tsc"), "--checkJs", "--noEmit",
                               "-p", project], cwd=ROOT, check=False)
        if proc.returncode:
            failed.append(f"tsc -p {project}")
    tests = sorted(str(path.relative_to(ROOT)) for path in WEB_TESTS.glob("*.test.mjs"))
    log("node --test " + " ".join(tests))
    if not tests:
        failed.append("node --test (no test in tests/web/)")
    elif subprocess.run(["node", "--test", "--test-reporter=spec", *tests], cwd=ROOT, check=False).returncode:
        failed.append("node --test")
    return failed


def cmd_test(pytest_args: list[str]) -> int:
    """Lint, type-check, build and run every test; returns the exit code (non-zero on any failure).

    :raises BuildError: if pytest fails or runs no test.
    """
    started = time.monotonic()
    python = ensure_venv()
    ensure_chromium()
    if shutil.which("node") is None:
        raise BuildError("node is not installed, and the Pyodide test runs in Node: install Node.js 20 and run again.")
    build()
    # Only the test run inside Pyodide needs these; the site does not serve them.
    ensure_micropip()
    ensure_pyodide_test_wheels()
    log("ruff check")
    lint = subprocess.run([venv_bin("ruff"), "check", "py", "tests", "e2e", "build.py"], cwd=ROOT,
                          check=False)
    log("mypy --strict py/rummytable")
    types = subprocess.run([venv_bin("mypy"), "--strict", "py/rummytable"], cwd=ROOT, check=False)
    # The page's checks take seconds: a failure stops here rather than after the browser tests.
    web = check_web()
    if web:
        also = [name for name, proc in (("ruff", lint), ("mypy", types)) if proc.returncode]
        raise BuildError(f"{' and '.join(web)} failed on the page's JavaScript (see the output above)"
                         + (f", and so did {' and '.join(also)}" if also else "")
                         + ": fix the reported problems in web/ (or tests/web/) and run again.")
    # Missing prerequisites are failures here, not skips.
    env = dict(os.environ, RUMMYTABLE_STRICT="1", RUMMYTABLE_CHROMIUM=str(CHROMIUM))
    selects_paths = any(not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists() for arg in pytest_args)
    cmd = [str(python), "-m", "pytest", *([] if selects_paths else ["tests", "e2e"]), *pytest_args]
    log(" ".join(["pytest", *cmd[3:]]))
    tests = subprocess.run(cmd, cwd=ROOT, env=env, check=False)
    log(f"test run took {time.monotonic() - started:.0f} s")
    if tests.returncode == 5:
        raise BuildError("pytest collected no tests: check the test paths and -k/-m filters.")
    failed = [name for name, proc in (("ruff", lint), ("mypy", types), ("pytest", tests)) if proc.returncode]
    if failed:
        raise BuildError(f"{' and '.join(failed)} failed (see the output above): "
                         "fix the reported problems and run again.")
    return 0


# =========================================================================== bench

BenchFn = Callable[["BenchContext"], dict[str, Any]]
BENCHMARKS: dict[str, BenchFn] = {}


@dataclass
class BenchContext:
    """What a benchmark gets: the site's URL, Playwright, a shared browser and how many runs to take."""

    url: str
    playwright: Any
    browser: Any
    runs: int

    @contextlib.contextmanager
    def fresh_profile(self) -> Iterator[Any]:
        """A browser context on a new, empty on-disk profile (HTTP cache and compiled-code cache
        behave as for a real visitor, unlike an in-memory context)."""
        with tempfile.TemporaryDirectory(prefix="rummytable-profile-") as profile:
            context = self.playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True
            )
            try:
                yield context
            finally:
                context.close()


def benchmark(name: str) -> Callable[[BenchFn], BenchFn]:
    """Register a measurement under ``name`` in :data:`BENCHMARKS`."""

    def register(fn: BenchFn) -> BenchFn:
        BENCHMARKS[name] = fn
        return fn

    return register


def _summary(samples: list[float], unit: str, *, keep_runs: bool = True) -> dict[str, Any]:
    """Median, min, max and (unless there are many) all samples, rounded."""
    summary: dict[str, Any] = {
        "median": round(statistics.median(samples), 1), "min": round(min(samples), 1),
        "max": round(max(samples), 1), "unit": unit,
    }
    if keep_runs:
        summary["runs"] = [round(s, 1) for s in samples]
    return summary


READY_SELECTOR = "html[data-engine=ready]"


def _wait_ready(page: Any) -> None:
    """Wait until the page's engine has started."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=60_000)


@benchmark("roundtrip_ms")
def bench_roundtrip(ctx: BenchContext) -> dict[str, Any]:
    """Page -> worker -> Python -> page for the `version` call, after start-up (50 calls)."""
    context = ctx.browser.new_context()
    page = context.new_page()
    page.goto(ctx.url)
    _wait_ready(page)
    samples = page.evaluate(
        """async () => {
            const engine = window.rummyTable.engine, times = [];
            for (let i = 0; i < 50; i++) {
                const t0 = performance.now();
                await engine.call("version");
                times.push(performance.now() - t0);
            }
            return times;
        }"""
    )
    context.close()
    return _summary([float(s) for s in samples], "ms", keep_runs=False)


@benchmark("dist_bytes")
def bench_dist_size(ctx: BenchContext) -> dict[str, Any]:
    """Size of dist/ in bytes: raw, gzip (what a browser accepting gzip downloads: the ``.gz`` copy
    where the build wrote one) and by part."""
    parts: dict[str, int] = {}
    raw = packed = 0
    for path in sorted(DIST.rglob("*")):
        if path.is_file() and path.suffix != ".gz":
            size = path.stat().st_size
            copy = path.with_name(path.name + ".gz")
            raw += size
            packed += copy.stat().st_size if copy.is_file() else size
            top = path.relative_to(DIST).parts[0]
            part = top if top in ("pyodide", "packages") else "web"
            parts[part] = parts.get(part, 0) + size
    return {"raw": raw, "gzip": packed, "parts": parts, "unit": "bytes"}


def cmd_bench(runs: int, only: Sequence[str] = ()) -> int:
    """Measure every registered benchmark in headless Chromium and print JSON to stdout.

    Runs itself again inside .venv, where Playwright is installed. The start-up measurements (cold,
    warm and offline start, bytes of a first visit, a slow link, each beside a bare Pyodide page as
    the baseline) live in ``e2e/start_bench.py``, taken together in one pass; the measurements of
    the page itself (start screen, Play, the computer's decisions, the main thread while it plays,
    memory) in ``e2e/page_bench.py``; ``targets`` in the report compares the headline numbers with
    their goals.

    :param only: names of the measurements to take (all when empty).

    :raises BuildError: if Chromium or Playwright are missing.
    """
    if Path(sys.prefix).resolve() != VENV.resolve():
        python = ensure_venv()
        ensure_chromium()
        cmd = [str(python), __file__, "bench", "--runs", str(runs), *(["--only", ",".join(only)] if only else [])]
        return subprocess.run(cmd, cwd=ROOT, check=False).returncode
    from playwright.sync_api import sync_playwright  # only inside .venv

    sys.path.insert(0, str(ROOT / "e2e"))
    import page_bench
    import start_bench

    benchmarks = {**BENCHMARKS, **page_bench.BENCHMARKS}
    unknown = sorted(set(only) - set(benchmarks) - set(start_bench.NAMES))
    if unknown:
        raise BuildError(f"no measurement named {', '.join(unknown)}: choose from {', '.join(benchmarks)}.")
    build()
    info = json.loads((DIST / "build-info.json").read_text(encoding="utf-8"))
    results: dict[str, Any] = {}
    load_before = os.getloadavg()
    started = time.monotonic()
    with serving(DIST) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(ensure_chromium()), args=list(CHROMIUM_ARGS))
        ctx = BenchContext(url=url, playwright=pw, browser=browser, runs=runs)
        if not only or set(only) & set(start_bench.NAMES):
            for name, result in start_bench.bench_start(ctx).items():
                if not only or name in only:
                    results[name] = result
        for name, fn in benchmarks.items():
            if only and name not in only:
                continue
            results[name] = fn(ctx)
            headline = next((key for key in ("median", "raw", "growth_mb", "longest_ms") if key in results[name]), None)
            unit = results[name]["unit"]
            log(f"{name}: {results[name][headline]} {unit}" if headline else f"{name}: done (in {unit}, see the JSON)")
        chromium_version = browser.version
        browser.close()
    goals = {**page_bench.targets(results), **start_bench.targets(results)}
    for name, goal in goals.items():
        verdict = "met" if goal["met"] else "NOT met"
        log(f"target {name}: {goal['value']:.1f} {goal['unit']} vs {goal['target']}: {verdict}")
    report = {
        "measurements": results,
        "targets": goals,
        "versions": {"engine": info["engine"]["version"], "pyodide": info["pyodide"]["version"],
                     "chromium": chromium_version},
        "machine": {"cpus": os.cpu_count(), "load_average_before": [round(x, 2) for x in load_before],
                    "load_average_after": [round(x, 2) for x in os.getloadavg()]},
        "seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(report, indent=2))
    return 0


# =========================================================================== lock (refresh pins)

# Platforms the CPython test tools are hashed for (every machine the project runs on is Linux).
LOCK_PLATFORMS = {
    "x86_64": ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64", "manylinux1_x86_64"],
    "aarch64": ["manylinux_2_28_aarch64", "manylinux_2_17_aarch64", "manylinux2014_aarch64"],
}
PYODIDE_TEST_TOOLS = ("pytest", "hypothesis")


def _wheel_name_version(filename: str) -> tuple[str, str]:
    """Normalized project name and version from a wheel file name."""
    name, version = filename.split("-")[:2]
    return re.sub(r"[-_.]+", "-", name).lower(), version


def _write_requirements(path: Path, downloads: Sequence[Path], header: str) -> None:
    """Write ``name==version --hash=...`` lines for every wheel in the download folders."""
    hashes: dict[tuple[str, str], set[str]] = {}
    for folder in downloads:
        for wheel in folder.glob("*.whl"):
            hashes.setdefault(_wheel_name_version(wheel.name), set()).add(sha256_file(wheel))
    lines = [header]
    for (name, version), digests in sorted(hashes.items()):
        entry = [f"{name}=={version}", *(f"    --hash=sha256:{digest}" for digest in sorted(digests))]
        lines.append(" \\\n".join(entry))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def cmd_lock() -> int:
    """Regenerate the hash-pinned requirement files from the exact pins in pyproject.toml.

    Asks the package index directly (machine-local pip config is ignored), resolving the full
    dependency tree for Python 3.11 on Linux x86_64 and aarch64, and for Pyodide's Python 3.14.

    :raises BuildError: if pip cannot resolve or download the pins.
    """
    pins = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    fix = "check the pins in pyproject.toml and the connection to the package index"
    with tempfile.TemporaryDirectory() as tmp:
        folders = []
        for arch, platforms in LOCK_PLATFORMS.items():
            folder = Path(tmp) / arch
            plats = [arg for plat in platforms for arg in ("--platform", plat)]
            run([sys.executable, "-m", "pip", "download", "--only-binary=:all:", "--python-version", "3.11",
                 *plats, "-d", folder, *pins], what=f"pip could not resolve the test tools for {arch}",
                fix=fix, env=pip_env(clean=True))
            folders.append(folder)
        _write_requirements(REQUIREMENTS_CPYTHON, folders,
                            "# Test tools for CPython 3.11 on Linux, hash-pinned. Regenerate: python build.py lock")
        pyodide_pins = [pin for pin in pins if pin.split("==")[0] in PYODIDE_TEST_TOOLS]
        folder = Path(tmp) / "pyodide"
        run([sys.executable, "-m", "pip", "download", "--only-binary=:all:", "--python-version", "3.14",
             "--platform", "any", "-d", folder, *pyodide_pins],
            what="pip could not resolve pure-Python test wheels for Pyodide", fix=fix, env=pip_env(clean=True))
        _write_requirements(REQUIREMENTS_PYODIDE, [folder],
                            "# pytest and hypothesis for Pyodide (Python 3.14, pure Python), hash-pinned. "
                            "Regenerate: python build.py lock")
    log(f"wrote {REQUIREMENTS_CPYTHON.relative_to(ROOT)} and {REQUIREMENTS_PYODIDE.relative_to(ROOT)}")
    return 0


# =========================================================================== command line


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run a sub-command; returns the exit code."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="write dist/ (the default)")
    serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="lint, type-check, build and run all tests; extra args go to pytest")
    bench = sub.add_parser("bench", help="measure load times and size in headless Chromium; JSON to stdout")
    bench.add_argument("--runs", type=int, default=5)
    bench.add_argument("--only", default="", help="comma-separated measurement names (default: all)")
    sub.add_parser("lock", help="refresh the hash-pinned requirement files from pyproject.toml")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command in (None, "build"):
            build()
            return 0
        if args.command == "serve":
            cmd_serve(args.port)
            return 0
        if args.command == "test":
            return cmd_test(extra)
        if args.command == "bench":
            return cmd_bench(args.runs, [name for name in args.only.split(",") if name])
        return cmd_lock()
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
