"""Hostile requests against a real ``amalogs serve`` (issue 31): nesting, size, encodings, traversal, forged tokens
and header tricks. Each is refused in one line, the server's memory stays flat (its peak, VmHWM, is read from
/proc before and after), and its log holds no traceback afterwards."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='the web extra is not installed (pip install "amalogs[web]")')
httpx = pytest.importorskip("httpx", reason="httpx is not installed")

BD, GH = "BD:red-aggro", "GH:tidelight-guardians"
MB = 1024 * 1024


class Server:
    """``amalogs serve`` in its own process on a free loopback port, its log kept in a file."""

    def __init__(self, tmp: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / "server.log"
        self.handle = self.log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "amalogs", "serve", "--port", str(self.port), "--data", str(tmp / "data"),
             "--ai-delay", "0"], stdout=self.handle, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.base + "/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.process.poll() is None, self.log.read_text(errors="replace")
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def peak(self) -> int:
        """The server's peak resident memory so far (VmHWM), in bytes."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
        raise AssertionError("no VmHWM")

    def raw(self, data: bytes, timeout: float = 10) -> bytes:
        """Send raw bytes and read the answer until the server closes (or the timeout)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            sock.sendall(data)
            return _read_all(sock)

    def stop(self) -> str:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.handle.close()
        return self.log.read_text(encoding="utf-8", errors="replace")


def _read_all(sock: socket.socket) -> bytes:
    chunks = []
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and _complete(b"".join(chunks)):
                break
    except (TimeoutError, ConnectionResetError):
        pass
    return b"".join(chunks)


def _complete(data: bytes) -> bool:
    head, _, body = data.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("hostile"))
    yield running
    log = running.stop()
    assert "Traceback" not in log, log[-3000:]


@pytest.fixture(scope="module")
def match(server: Server) -> dict[str, Any]:
    made: dict[str, Any] = httpx.post(server.base + "/api/matches", json={"deck1": BD, "deck2": GH, "seat1": "person",
                                                                           "seat2": "person"}).json()
    assert made["ok"], made
    return made


def _path(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).path


def _one_line(answer: httpx.Response) -> str:
    message = str(answer.json()["message"])
    assert "\n" not in message and "Traceback" not in message
    return message


# --- nesting, size and values --------------------------------------------------------------------------------------


def test_deeply_nested_json_is_a_400(server: Server, match: dict[str, Any]) -> None:
    for depth in (100_000, 2_000, 50):
        body = "[" * depth + "]" * depth
        for route in ("/api/matches", _path(match["seat1"])):
            answer = httpx.post(server.base + route, content=body, headers={"content-type": "application/json"})
            assert 400 <= answer.status_code < 500, (depth, route, answer.text)
            _one_line(answer)
    nested = {"deck1": BD, "deck2": GH, "seed": {"a": [1, {"b": 2}]}}
    answer = httpx.post(server.base + "/api/matches", json=nested)
    assert answer.status_code == 400 and "seed" in _one_line(answer)


def test_a_200_mb_body_is_refused_as_it_streams_and_memory_stays_flat(server: Server) -> None:
    before = server.peak()
    declared = server.raw(b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          b"Content-Length: 209715200\r\n\r\n" + b"[" * 65536)
    assert _status(declared) == 413, declared[:200]
    # chunked, with no length said: counted as it arrives and cut off at the limit
    answer: list[bytes] = []
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        reader = threading.Thread(target=lambda: answer.append(_read_all(sock)))
        reader.start()
        sock.sendall(b"POST /replay?name=x.jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * MB
        sent = 0
        try:
            while sent < 200 * MB and reader.is_alive():
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        reader.join(30)
    assert answer and _status(answer[0]) == 413, answer[:1]
    assert sent < 50 * MB  # refused long before the end
    grown = server.peak() - before
    print(f"server peak memory grew by {grown / MB:.1f} MB for a 200 MB body (refused after {sent / MB:.0f} MB)")
    assert grown < 60 * MB


def test_every_option_is_checked_the_same_way_on_both_routes(server: Server) -> None:
    for fields, word in [({"turn_cap": 0}, "turn_cap"), ({"turn_cap": -1}, "turn_cap"), ({"turn_cap": 1001}, "turn_cap"),
                         ({"seed": 2**64}, "seed"), ({"seed": -1}, "seed"), ({"seed": "1e9"}, "seed"),
                         ({"rulings": "maybe"}, "rulings"), ({"seat1": "cheater"}, "cheater"),
                         ({"colour": "red"}, "colour")]:
        body = {"deck1": BD, "deck2": GH, **fields}
        answer = httpx.post(server.base + "/api/matches", json=body)
        assert answer.status_code == 400 and word in _one_line(answer), (fields, answer.text)
        form = httpx.post(server.base + "/matches", data={k: str(v) for k, v in body.items()})
        assert form.status_code == 400 and word in form.text, (fields, form.text[:300])


def test_odd_encodings_are_refused_in_one_line(server: Server) -> None:
    for content, kind in [(b"\xff\xfe\x00b\x00a\x00d", "application/x-www-form-urlencoded"),
                          ('{"deck1": "BD"}'.encode("utf-16"), "application/json"),
                          (b"deck1=%ff%fe&deck2=%", "application/x-www-form-urlencoded"),
                          (b"--x\r\nContent-Disposition: form-data; name=\"deck1\"\r\n\r\nBD\r\n", "multipart/form-data; boundary=x"),
                          (b"\x00" * 1000, "application/json")]:
        answer = httpx.post(server.base + "/api/matches", content=content, headers={"content-type": kind})
        assert 400 <= answer.status_code < 500, (content[:20], answer.text)
        _one_line(answer)


# --- paths, tokens and headers ----------------------------------------------------------------------------------


def test_paths_outside_the_app_are_never_served(server: Server) -> None:
    for path in ("/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                 "/static/..%2f..%2f..%2fetc%2fpasswd", "/reports/..%2f..%2f..%2f..%2fetc%2fpasswd",
                 "/reports/%2e%2e/%2e%2e/pyproject.toml", "/games/..%2f..%2fetc/cards/passwd",
                 "/replay/..%2f..%2fetc%2fpasswd", "/m/..%2f..%2f/watch", "//etc/passwd", "/static//etc/passwd"):
        answer = server.raw(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        assert _status(answer) in (400, 404, 405), (path, answer[:200])
        assert b"root:" not in answer and b"[build-system]" not in answer


def test_forged_tokens_open_nothing(server: Server, match: dict[str, Any]) -> None:
    seat = _path(match["seat1"])
    prefix, _, token = seat.rpartition("/")
    for forged in (token[:-1] + ("A" if token[-1] != "A" else "B"), token[:10], "A" * 10_000, token.upper(),
                   "%00", match["organiser"].rpartition("/")[2]):
        for suffix in ("", "/view", "/stream"):
            answer = httpx.get(f"{server.base}{prefix}/{forged}{suffix}", timeout=10)
            assert answer.status_code in (403, 404, 414, 431), (forged[:20], suffix, answer.status_code)
        assert httpx.post(f"{server.base}{prefix}/{forged}", json={"action": "keep"}).status_code in (403, 404)
    organiser = _path(match["organiser"])
    assert httpx.get(server.base + organiser[:-2] + "xy").status_code == 403
    assert httpx.post(server.base + organiser, json={"action": "keep"}).status_code == 405


def test_a_foreign_host_gets_no_link_to_it(server: Server) -> None:
    body = json.dumps({"deck1": BD, "deck2": GH}).encode()
    for host in (b"evil.example", b"evil.example:80", b"127.0.0.1.evil.example", b"[::1].evil.example", b""):
        answer = server.raw(b"POST /api/matches HTTP/1.1\r\nHost: " + host + b"\r\nContent-Type: application/json\r\n"
                            b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
        assert _status(answer) == 400 and b"evil" not in answer.partition(b"\r\n\r\n")[2], answer[:300]
    tricked = httpx.post(server.base + "/api/matches", json={"deck1": BD, "deck2": GH},
                         headers={"x-forwarded-host": "evil.example", "forwarded": "host=evil.example",
                                  "x-forwarded-proto": "gopher"})
    assert tricked.status_code == 201 and "evil" not in tricked.text
    assert all(tricked.json()[k].startswith(f"http://localhost:{server.port}/m/") for k in ("seat1", "watch"))


def test_header_tricks_are_refused_without_harm(server: Server) -> None:
    for request in (
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello",
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n",
        b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + os.urandom(64),  # a TLS hello on the plain port
    ):
        answer = server.raw(request)
        assert _status(answer) in (0, 400, 413, 431) or answer == b"", (request[:60], answer[:200])
    assert httpx.get(server.base + "/").status_code == 200  # and the server still answers
