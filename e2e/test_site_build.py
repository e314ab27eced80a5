"""build.py and its output: reproducible wheel, lock files, server headers, no outside hosts."""

from __future__ import annotations

import json
import re
import subprocess
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build

# Addresses the repository may name: loopback and the XML namespace of SVG.
ALLOWED_URL = re.compile(r"https?://(127\.0\.0\.1|localhost|www\.w3\.org)([:/]|$)")
ANY_URL = re.compile(r"https?://[^\s\"'<>)]+")
SKIP_DIRS = {".git", ".venv", "node_modules", "dist", "dist.tmp", ".cache", "artifacts", "__pycache__",
             ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}


def repo_files() -> list[Path]:
    """Files that belong to the repository (git's view when available, else a walk)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=build.ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()
        return [build.ROOT / name for name in listed if (build.ROOT / name).is_file()]
    except (OSError, subprocess.CalledProcessError):
        return [p for p in build.ROOT.rglob("*") if p.is_file() and not SKIP_DIRS.intersection(p.parts)]


def test_wheel_is_reproducible(tmp_path: Path) -> None:
    first = build.build_wheel(tmp_path / "a")
    second = build.build_wheel(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as wheel:
        names = wheel.namelist()
        assert "rummytable/__init__.py" in names
        assert "rummytable/page/bridge.py" in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        assert {info.date_time for info in wheel.infolist()} == {build.ZIP_EPOCH}
        record = wheel.read(f"rummytable-{build.project_metadata()['version']}.dist-info/RECORD").decode()
        assert "rummytable/page/bridge.py,sha256=" in record


def test_build_info_names_the_engine_and_its_library(dist_dir: Path, tmp_path: Path) -> None:
    info = json.loads((dist_dir / "build-info.json").read_text())
    boot = json.loads((dist_dir / "boot.json").read_text())
    assert info["engine"]["package"] == boot["files"]["engine"]["url"]
    assert info["pyodide"]["stdlib"] == boot["files"]["stdlib"]["url"]
    assert "json" in info["pyodide"]["stdlibModules"]
    assert info["engine"]["sha256"] == build.sha256_file(build.build_wheel(tmp_path))


def test_build_info_hashes_match_files(dist_dir: Path) -> None:
    info = json.loads((dist_dir / "build-info.json").read_text())
    assert info["pyodide"]["version"] == build.pyodide_version()
    for name, entry in info["files"].items():
        assert build.sha256_file(dist_dir / name) == entry["sha256"], name


@pytest.mark.parametrize(
    ("path", "mime", "cache"),
    [
        ("", "text/html", "no-cache"),
        ("app.js", "text/javascript", "no-cache"),
        ("boot.json", "application/json", "no-cache"),
        ("pyodide/{v}/pyodide.mjs", "text/javascript", "immutable"),
        ("pyodide/{v}/pyodide.asm.wasm", "application/wasm", "immutable"),
        ("{engine}", "application/zip", "immutable"),
    ],
)
def test_server_headers(site_url: str, dist_dir: Path, path: str, mime: str, cache: str) -> None:
    boot = json.loads((dist_dir / "boot.json").read_text())
    url = site_url + path.format(v=boot["pyodideVersion"], engine=boot["files"]["engine"]["url"])
    with urllib.request.urlopen(url) as response:
        headers = response.headers
    assert headers["Content-Type"].startswith(mime)
    assert cache in headers["Cache-Control"]
    assert headers["Content-Security-Policy"] == build.CSP


def test_server_lists_no_directories(site_url: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(site_url + "pyodide/")
    assert info.value.code == 404


def test_port_in_use_is_a_clear_error(site_url: str) -> None:
    port = int(site_url.rsplit(":", 1)[1].strip("/"))
    with pytest.raises(build.BuildError, match="already in use"):
        build.make_server(build.DIST, port)


def test_no_file_names_an_outside_host() -> None:
    offenders = []
    for path in repo_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        offenders += [f"{path.relative_to(build.ROOT)}: {url}" for url in ANY_URL.findall(text)
                      if not ALLOWED_URL.match(url)]
    assert not offenders, offenders


def test_npm_lock_has_no_download_addresses() -> None:
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    for name, entry in lock["packages"].items():
        assert "resolved" not in entry, name
        assert name == "" or entry.get("integrity", "").startswith("sha512-"), name


RELATIVE_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([^"']+)["']""")


def test_page_code_is_bundled_into_a_few_files(dist_dir: Path) -> None:
    html = (dist_dir / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', html) == ["style.css"]
    assert re.findall(r'<script type="module" src="([^"]+)">', html) == ["engine-start.js", "app.js"]
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert "bundle:start" not in html
    # The style sheets of web/ are all inside the one of dist/.
    css = (dist_dir / "style.css").read_text(encoding="utf-8")
    for sheet in sorted((build.WEB / "css").glob("*.css")):
        assert f"/* css/{sheet.name} */" in css
    assert not (dist_dir / "css").exists()
    # Bundled modules are not shipped a second time beside their bundle.
    for gone in ("match.js", "ui.js", "engine.js", "table", "i18n", "rules"):
        assert not (dist_dir / gone).exists(), gone
    # Every module the page loads exists, and so does every module they import.
    for name in preloads:
        assert (dist_dir / name).is_file(), name
    for module in sorted(dist_dir.glob("*.js")):
        for imported in RELATIVE_IMPORT.findall(module.read_text(encoding="utf-8")):
            assert (dist_dir / imported).is_file(), f"{module.name} imports {imported}"
