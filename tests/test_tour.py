"""The READMEs' tours run: every command of the English tour, in order, as a new user would type it, in a
fresh folder; and the Japanese README (README.ja.md) shows exactly the same commands, so the two stay in step.

`amalogs report` and `amalogs report --check` are the only commands not run here: they regenerate or check the
repository's own reports/ (CI runs `amalogs report --check` on the checkout itself). `amalogs serve` runs until
stopped: it is started on a free port (``--port`` added) with its matches in the test's folder, its printed
address is opened and must answer with the lobby, and Ctrl-C (SIGINT) must stop it cleanly. Files a tour command
reads that a user would have of their own (`my-data/`, `my-card.toml`) are made first: a copy of the example
data root under tests/data, and a card converted by amalogs itself.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOT_RUN = ("amalogs report",)  # (see the module docstring)
SERVES = "serve"  # a command that serves until stopped: started, its printed address opened, then stopped
TOUR_HEADINGS = {"README.md": "## A short tour", "README.ja.md": "## ひととおり使ってみる"}


def tour(readme: str) -> list[str]:
    """The commands of a README's tour, comments and blank lines left out, in order."""
    text = (ROOT / readme).read_text(encoding="utf-8")
    start = text.index(TOUR_HEADINGS[readme])
    end = text.index("\n## ", start + 1)
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text[start:end], re.S):
        for line in block.splitlines():
            command = re.split(r"\s+#\s", line, maxsplit=1)[0].strip()
            if command and not command.startswith("#"):
                commands.append(command)
    return commands


def test_the_japanese_readme_shows_the_same_commands() -> None:
    english, japanese = tour("README.md"), tour("README.ja.md")
    assert japanese == english


def test_both_readmes_have_the_same_two_setup_commands() -> None:
    def setup(readme: str, heading: str) -> list[str]:
        text = (ROOT / readme).read_text(encoding="utf-8")
        section = text[text.index(heading):]
        blocks = re.findall(r"```sh\n(.*?)```", section, re.S)[:2]
        return [line for b in blocks for line in b.splitlines() if line and not line.startswith("#")]

    assert setup("README.ja.md", "## セットアップ") == setup("README.md", "## Set-up: two commands")


def _run(command: str, where: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    args = shlex.split(command)
    assert args[0] == "amalogs"
    env = {**os.environ, "COLUMNS": "100", "AMALOGS_DATA_ROOT": ""}
    return subprocess.run([sys.executable, "-m", "amalogs", *args[1:]], cwd=where, input=stdin, text=True,
                          capture_output=True, env=env, timeout=600)


def _serve(command: str, where: Path, timeout: float = 60.0) -> None:
    """Start a serving command, open the address it prints, stop it with Ctrl-C (SIGINT)."""
    import queue
    import signal
    import socket
    import threading
    import urllib.request

    pytest.importorskip("starlette", reason='the web extra is not installed (pip install "amalogs[web]")')
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    args = [*shlex.split(command)[1:], "--port", str(port)]
    env = {**os.environ, "COLUMNS": "100", "AMALOGS_DATA_ROOT": "", "PYTHONUNBUFFERED": "1",
           "XDG_DATA_HOME": str(where / "xdg")}
    server = subprocess.Popen([sys.executable, "-m", "amalogs", *args], cwd=where, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stdout or ()], daemon=True).start()
    try:
        deadline, url = time.monotonic() + timeout, None
        while url is None:
            assert time.monotonic() < deadline and server.poll() is None, f"{command}: no address printed"
            try:
                found = re.search(r"http://\S+/", lines.get(timeout=0.5))
            except queue.Empty:
                continue
            url = found.group(0) if found else None
        while True:  # the address is printed just before the server listens
            try:
                with urllib.request.urlopen(url, timeout=30) as answer:
                    page = answer.read().decode("utf-8")
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, f"{command}: {url} never answered"
                time.sleep(0.1)
        assert answer.status == 200 and "ビルディバイド" in page, f"{command}: {url} did not answer with the lobby"
        assert (where / "xdg" / "amalogs" / "matches").is_dir()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            code = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            raise AssertionError(f"{command}: did not stop on Ctrl-C") from None
    stderr = server.stderr.read() if server.stderr else ""
    assert code in (0, 130), f"{command} (exit {code}): {stderr[-800:]}"  # 130: stopped by Ctrl-C, as it should
    assert "Traceback" not in stderr, f"{command}: {stderr[-800:]}"


FILE = re.compile(r"^[\w./-]+\.(?:jsonl|json|csv|toml|txt|md|png|html|pdf|graphml|svg)$")
PREPARED = ("tests/", "my-data", "my-card.toml")  # made before the tour (see the module docstring)


def tour_groups(commands: list[str]) -> list[list[str]]:
    """The tour cut into groups that share no file, each in the tour's order: a command that writes a file and
    every later one that reads it (or writes it again) are in one group, so the groups can run side by side,
    each in a folder of its own, and still run every command as a new user typing the tour would."""
    parent = list(range(len(commands)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[str, int] = {}
    for k, command in enumerate(commands):
        for token in shlex.split(command)[1:]:
            name = re.sub(r"\.jsonl$", "", token) if token.endswith(".jsonl") else token  # m.jsonl, m-1.jsonl …
            stem = re.sub(r"-\d+$", "", name)
            if not FILE.match(token) or token.startswith(PREPARED):
                continue
            key = stem if token.endswith(".jsonl") else token
            if key in owner:
                parent[find(k)] = find(owner[key])
            else:
                owner[key] = k
    groups: dict[int, list[str]] = {}
    for k, command in enumerate(commands):
        groups.setdefault(find(k), []).append(command)
    return list(groups.values())


GROUPS = [g for g in tour_groups(tour("README.md")) if not all(c.startswith(NOT_RUN) for c in g)]
COVERED = ("amalogs tournament",)
"""Groups the sampled run leaves to the full run (``--full``): their commands are run, with the same options, by
tests of their own (tests/test_tournament.py: a tournament's rows and reports, a real Dask LocalCluster)."""


def _case(k: int, group: list[str]) -> Any:
    marks = [pytest.mark.slow] if group[0].startswith(COVERED) else []
    return pytest.param(group, id=f"{k:02d}-" + "-".join(shlex.split(group[0])[1:3]), marks=marks)


def test_the_groups_hold_every_command_once_in_order() -> None:
    commands = tour("README.md")
    every = [c for g in tour_groups(commands) for c in g]
    assert sorted(every) == sorted(commands)
    for group in tour_groups(commands):
        assert [c for c in commands if c in group] == group  # each group keeps the tour's order
    log_group = next(g for g in GROUPS if any("--log m.jsonl" in c for c in g))
    assert any(c.startswith("amalogs replay m.jsonl") for c in log_group)
    assert any("--from p.toml" in c for c in log_group)  # the position written from the log, then played on


@pytest.mark.skipif(not shutil.which("true"), reason="needs a POSIX system")
@pytest.mark.parametrize("group", [_case(k, g) for k, g in enumerate(GROUPS)])
def test_every_tour_command_runs(tmp_path: Path, group: list[str]) -> None:
    if any("my-data" in c for c in group):
        shutil.copytree(ROOT / "tests" / "data" / "user-root", tmp_path / "my-data")
    if any("tests/positions" in c for c in group):
        shutil.copytree(ROOT / "tests" / "positions", tmp_path / "tests" / "positions")
    if any("my-card.toml" in c for c in group):
        made = _run("amalogs convert BD:spark-imp --to SGK --out my-card.toml", tmp_path)
        assert made.returncode == 0, made.stderr
    slow = []
    for command in group:
        if command.startswith(NOT_RUN):
            continue
        began = time.perf_counter()
        if shlex.split(command)[1] == SERVES:
            _serve(command, tmp_path)
            slow.append((time.perf_counter() - began, command))
            continue
        done = _run(command, tmp_path)
        took = time.perf_counter() - began
        slow.append((took, command))
        if "--p1 human" in command:  # no one at the keyboard: end of input stops the match and saves it
            assert done.returncode in (0, 130), f"{command}: {done.stderr[-500:]}"
            save = shlex.split(command)[shlex.split(command).index("--save") + 1]
            assert (tmp_path / save).is_file(), f"{command}: no save written"
            continue
        assert done.returncode == 0, f"{command} (exit {done.returncode}): {(done.stderr or done.stdout)[-800:]}"
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, command
    print("slowest tour commands:", sorted(slow, reverse=True)[:5])
