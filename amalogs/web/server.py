"""Running the app with uvicorn: in the foreground (``amalogs serve``) or in a thread (tests, notebooks)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette

from amalogs.errors import AmalogsError

__all__ = ["check_port", "free_port", "lan_address", "make_server", "running", "serve"]

GRACE = 2  # seconds a stopping server waits for open connections (the live streams end at once)


class _Server(uvicorn.Server):
    """uvicorn's server, ending the app's live streams first when asked to stop (Ctrl-C), so it stops at once."""

    def handle_exit(self, sig: int, frame: Any) -> None:
        hub = getattr(self.config.app.state, "hub", None) if hasattr(self.config.app, "state") else None
        if hub is not None:
            hub.close()
        super().handle_exit(sig, frame)


def make_server(app: Starlette, host: str, port: int) -> uvicorn.Server:
    # no access log: a seat's address holds its token, and the log would print it
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=GRACE, lifespan="on")
    return _Server(config)


def serve(app: Starlette, host: str, port: int) -> None:
    """Serve until Ctrl-C."""
    make_server(app, host, port).run()


def check_port(host: str, port: int) -> None:
    """Refuse, in one line, an address the server could not listen on (a port in use, an unknown host)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
    except OSError as exc:
        raise AmalogsError(f"cannot listen on {host}:{port} ({exc.strerror or exc}): choose another --port or --host") \
            from None


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def lan_address() -> str:
    """This machine's address on the local network (the interface a packet to the internet would leave by; no
    packet is sent), or the loopback address when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing is sent for a UDP connect
            return str(sock.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@contextmanager
def running(app: Starlette, host: str = "127.0.0.1", port: int | None = None, timeout: float = 20.0) -> Iterator[str]:
    """The app served in a background thread while the block runs; yields its base URL."""
    port = free_port(host) if port is None else port
    server = make_server(app, host, port)
    thread = threading.Thread(target=server.run, name="amalogs-serve", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise AmalogsError(f"the server did not start on {host}:{port}")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.handle_exit(0, None)
        thread.join(timeout)
