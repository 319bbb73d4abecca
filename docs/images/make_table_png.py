"""Write docs/images/table.png: the table as P1 sees it in a real match, in Debian's chromium at desktop size.

    .venv/bin/python docs/images/make_table_png.py

A match of ビルディバイド (a person, P1) against ギルドヒーローズ (the greedy AI, P2) with seed 4 is played through
the server's own interface — P1 picks among its buttons with a seeded random generator — until turn 5; then the
P1 seat's page is opened in Chromium (1280 × 860) and photographed.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from amalogs.catalog import load_catalog
from amalogs.web.app import create_app
from amalogs.web.server import running

OUT = Path(__file__).with_name("table.png")
TURNS = 5


def _post(url: str, data: dict[str, str]) -> dict[str, object]:
    request = urllib.request.Request(url, json.dumps(data).encode(), method="POST",
                                     headers={"content-type": "application/json", "accept": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        found: dict[str, object] = json.load(answer)
        return found


def main() -> None:
    rng = random.Random(4)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder), load_catalog(lenient=True))
        with running(app) as base, sync_playwright() as pw:
            made = _post(base + "/api/matches", {"deck1": "BD:red-aggro", "deck2": "GH:tidelight-guardians",
                                                 "seat1": "person", "seat2": "greedy", "seed": "4"})
            table = app.state.store.get(str(made["id"]))
            seat = str(made["seat1"])
            while table.session.match.state.turn < TURNS and not table.finished:
                if table.to_move() != 0:
                    time.sleep(0.01)  # the AI seat decides on the server
                    continue
                legal = [a.text() for a in table.session.match.legal_actions()]
                moves = [a for a in legal if not a.startswith("end")] if rng.random() < 0.8 else legal
                _post(seat, {"action": rng.choice(moves or legal)})
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.goto(seat)
            page.wait_for_function("() => document.getElementById('live').textContent.includes('live')")
            page.evaluate("document.fonts.ready")
            page.screenshot(path=str(OUT))
            browser.close()
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
