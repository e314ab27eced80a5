"""build.py's server and what `serve` builds: compression like a real host, 400 for malformed
requests (never a traceback), and no download the site does not serve."""

from __future__ import annotations

import gzip
import os
import socket
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

import build


def _get(url: str, *, gzip_ok: bool) -> tuple[int, Message, bytes]:
    """Status, headers (looked up without regard to case) and body, as sent."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip" if gzip_ok else "identity"})
    with urllib.request.urlopen(request) as response:
        return response.status, response.headers, response.read()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small site with a precompressed file, a file too small to compress and an index page."""
    (tmp_path / "app.js").write_text("console.log('a fairly long line of script');\n" * 200)
    (tmp_path / "tiny.js").write_text("1;\n")
    (tmp_path / "index.html").write_text("<!doctype html><title>Rummy Table</title>" + "<p>table</p>" * 200)
    build.write_precompressed(tmp_path)
    return tmp_path


def test_precompressed_copies_sit_beside_compressible_files(site: Path) -> None:
    assert (site / "app.js.gz").is_file()
    assert (site / "index.html.gz").is_file()
    assert not (site / "tiny.js.gz").exists()  # gzip would not make it smaller
    assert gzip.decompress((site / "app.js.gz").read_bytes()) == (site / "app.js").read_bytes()
    assert os.stat(site / "app.js.gz").st_mtime_ns == os.stat(site / "app.js").st_mtime_ns


def test_server_sends_gzip_to_browsers_that_accept_it(site: Path) -> None:
    with build.serving(site) as url:
        status, headers, body = _get(url + "app.js", gzip_ok=True)
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert int(headers["Content-Length"]) == len(body) == (site / "app.js.gz").stat().st_size
        assert gzip.decompress(body) == (site / "app.js").read_bytes()
        assert headers["Content-Type"].startswith("text/javascript")
        assert "Accept-Encoding" in headers["Vary"]
        # The folder's index page too.
        status, headers, body = _get(url, gzip_ok=True)
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"].startswith("text/html")
        assert gzip.decompress(body) == (site / "index.html").read_bytes()
        # Without gzip in Accept-Encoding: the file as it is.
        status, headers, body = _get(url + "app.js", gzip_ok=False)
        assert "Content-Encoding" not in headers
        assert body == (site / "app.js").read_bytes()


def test_server_ignores_a_gzip_copy_older_than_its_file(site: Path) -> None:
    # A file changed after the build (as tests do with copies of dist/): its old copy must not be sent.
    (site / "app.js").write_text("console.log('changed');\n" * 200)
    with build.serving(site) as url:
        _, headers, body = _get(url + "app.js", gzip_ok=True)
    assert "Content-Encoding" not in headers
    assert body == (site / "app.js").read_bytes()


def test_dist_is_served_compressed(site_url: str, dist_dir: Path) -> None:
    boot = (dist_dir / "boot.json").read_text()
    wasm = f"pyodide/{build.pyodide_version()}/pyodide.asm.wasm"
    _, headers, body = _get(site_url + wasm, gzip_ok=True)
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "application/wasm"
    assert len(body) < (dist_dir / wasm).stat().st_size * 0.5
    assert "immutable" in headers["Cache-Control"]
    assert '"url"' in boot


def _raw(url: str, request: bytes) -> tuple[int, bytes]:
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    status_line = answer.split(b"\r\n", 1)[0]
    return int(status_line.split()[1]), answer


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"NONSENSE\r\n\r\n",
        b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/x.y\r\nHost: x\r\n\r\n",
        b"GET / HTTP/2.0\r\nHost: x\r\n\r\n",
        b"GET /index.html%00.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ],
    ids=["bad-request-line", "over-long-uri", "bad-version", "unsupported-version", "nul-in-path"],
)
def test_malformed_requests_get_400_without_a_traceback(
        site: Path, request_bytes: bytes, capfd: pytest.CaptureFixture[str]) -> None:
    with build.serving(site) as url:
        status, answer = _raw(url, request_bytes)
    assert status == 400, answer[:200]
    assert b"Content-Security-Policy" in answer
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err, err


def test_build_downloads_nothing_the_site_does_not_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `serve` builds first; only `test` needs the wheels for the run inside Pyodide.
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the build downloaded something it does not serve")

    monkeypatch.setattr(build, "pip_download", refuse)
    monkeypatch.setattr(build, "ensure_micropip", refuse)
    monkeypatch.setattr(build, "ensure_pyodide_test_wheels", refuse)
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")
    build.build()
    served = {path.relative_to(tmp_path / "dist").as_posix() for path in (tmp_path / "dist").rglob("*")}
    assert not [name for name in served if name.endswith(".whl")]
    assert "index.html" in served
