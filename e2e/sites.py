"""A site served by build.py's own server for tests and the bench: counts what it sends, and can
play a slow network link.

- :class:`CountingSite` serves a folder through a symlink that can be switched to another build
  (as a host replacing a site does) and records (path, status, body bytes) of every response, and
  which bodies went out whole.
- :class:`Link` is the network between browser and server: a shared bandwidth (bytes per second,
  for all connections together, on the bytes as sent, so after compression) and a latency per
  request. :meth:`Link.hold` stops one file's body after some bytes until :meth:`Link.release`,
  :meth:`Link.slow_down` makes it trickle from there, for tests of a download that stalls or crawls.

Standard library only (build.py's server is a ``http.server`` handler).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build

CHUNK = 16 * 1024


class Link:
    """A network link: ``rate`` bytes per second shared by every connection (None: no limit) and
    ``latency`` seconds before each response starts."""

    def __init__(self, rate: float | None = None, latency: float = 0.0) -> None:
        self.rate = rate
        self.latency = latency
        self._lock = threading.Lock()
        self._free_at = 0.0
        self._rule: tuple[str, int, float | None] | None = None
        self._released = threading.Event()
        self._released.set()
        self.holding = threading.Event()  # set once a body has reached the point where the rule applies

    def hold(self, path_end: str, after_bytes: int) -> None:
        """Stop the body of any file whose path ends with ``path_end`` after ``after_bytes`` bytes."""
        self._set_rule(path_end, after_bytes, None)

    def slow_down(self, path_end: str, after_bytes: int, rate: float) -> None:
        """Send the body of any file whose path ends with ``path_end`` at ``rate`` bytes per second
        after ``after_bytes`` bytes (a connection that becomes slow midway)."""
        self._set_rule(path_end, after_bytes, rate)

    def _set_rule(self, path_end: str, after_bytes: int, rate: float | None) -> None:
        self.holding.clear()
        self._released.clear()
        self._rule = (path_end, after_bytes, rate)

    def release(self) -> None:
        """Full speed again for held and slowed bodies (and no rule from now on)."""
        self._rule = None
        self._released.set()

    def send(self, path: str, sent: int, chunk: bytes, write: Any) -> None:
        """Write ``chunk`` (the body of ``path`` has ``sent`` bytes out already) at the link's pace."""
        rule = self._rule
        if rule and path.endswith(rule[0]) and sent + len(chunk) > rule[1]:
            keep = max(0, rule[1] - sent)
            if keep:
                self._pace(keep)
                write(chunk[:keep])
                chunk = chunk[keep:]
            self.holding.set()
            rate = rule[2]
            if rate is None:
                self._released.wait()
            else:
                piece = 4096
                while chunk and not self._released.is_set():
                    write(chunk[:piece])
                    chunk = chunk[piece:]
                    self._released.wait(piece / rate)
        if chunk:
            self._pace(len(chunk))
            write(chunk)

    def _pace(self, size: int) -> None:
        if not self.rate:
            return
        with self._lock:
            start = max(time.monotonic(), self._free_at)
            self._free_at = start + size / self.rate
            wait = self._free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)


class CountingSite:
    """dist/-like folders served on 127.0.0.1 through a symlink that can be switched to another build;
    records (path, status, body bytes) of every response. Bodies go through ``link``."""

    def __init__(self, link_path: Path, link: Link | None = None) -> None:
        self.link_path = link_path
        self.net = link or Link()
        self.log: list[tuple[str, int, int]] = []
        self.sent: list[str] = []  # paths whose whole body has gone out, in order
        self._lock = threading.Lock()
        site = self
        base = build.make_handler(link_path)

        class Handler(base):  # type: ignore[misc, valid-type]
            def send_head(self) -> Any:
                if site.net.latency:
                    time.sleep(site.net.latency)
                return super().send_head()

            def copyfile(self, source: Any, outputfile: Any) -> None:
                path = self.path.split("?", 1)[0]
                size = os.fstat(source.fileno()).st_size
                with site._lock:
                    site.log.append((path, self._status, size))
                sent = 0
                while chunk := source.read(CHUNK):
                    site.net.send(path, sent, chunk, outputfile.write)
                    sent += len(chunk)
                with site._lock:
                    site.sent.append(path)

            def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
                if code == 304:
                    with site._lock:
                        site.log.append((self.path.split("?", 1)[0], 304, 0))

        self.server = build._Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def point_to(self, folder: Path) -> None:
        """Serve ``folder`` from now on (an atomic switch, as a host replacing a site does)."""
        tmp = self.link_path.with_name(self.link_path.name + ".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(folder, target_is_directory=True)
        os.replace(tmp, self.link_path)

    def bodies(self) -> dict[str, list[int]]:
        """Bytes of each full response (status 200), per path."""
        out: dict[str, list[int]] = {}
        with self._lock:
            for path, status, size in self.log:
                if status == 200:
                    out.setdefault(path, []).append(size)
        return out

    def reset(self) -> None:
        """Forget what was sent so far."""
        with self._lock:
            self.log.clear()

    def stop(self) -> None:
        """Let held bodies go and shut the server down."""
        self.net.release()
        self.server.shutdown()
        self.server.server_close()


@contextlib.contextmanager
def counting_site(tmp_path: Path, folder: Path, link: Link | None = None) -> Iterator[CountingSite]:
    """A :class:`CountingSite` serving ``folder`` for the duration of the block."""
    site = CountingSite(tmp_path / f"site-{os.getpid()}-{id(folder)}", link)
    site.point_to(folder)
    try:
        yield site
    finally:
        with contextlib.suppress(Exception):
            site.stop()
