"""`amalogs serve`: the exhibition table in a browser (issue 17; docs/web.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from amalogs.cli import app, catalog
from amalogs.cli.output import echo

__all__ = ["serve"]


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on (default: this machine only; "
                                      "0.0.0.0 serves the local network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")] = 8000,
    data: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--data", metavar="DIR", help="Keep the matches here (default: your data directory, "
        "~/.local/share/amalogs/matches); matches in progress there are resumed.")] = None,
    ai_delay: Annotated[float, typer.Option("--ai-delay", min=0, max=10, metavar="SECONDS",
                                            help="Pause before each AI decision, so people can follow.")] = 0.5,
    public_url: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--public-url", metavar="URL", help="The address people open, when the server sits behind a proxy (e.g. "
        "https://table.example.org): every link is built from it, and its host is one the server answers to.")] = None,
) -> None:
    """Serve the exhibition table: a lobby to create matches (sample decks, your data roots' decks, pasted deck
    lists, deck files), a secret link and QR code per person's seat, a spectators' page, moves live on every
    page, and replays of match logs and saves. Needs the web extra: pip install "amalogs[web]".

    Example: amalogs serve --port 8080"""
    from amalogs.web import require_web

    require_web()
    from amalogs.web.app import create_app
    from amalogs.web.server import check_port, lan_address
    from amalogs.web.server import serve as run_server
    from amalogs.web.tables import default_data_dir

    check_port(host, port)
    folder = data if data is not None else default_data_dir()
    everywhere = host in ("0.0.0.0", "::")
    shown = lan_address() if everywhere else "localhost" if host in ("127.0.0.1", "localhost") else host
    url = _public(public_url) if public_url else f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    # links come from this address, never from a request's Host header (docs/web.md, what each person can learn)
    web = create_app(folder, catalog(), ai_delay=ai_delay, public_url=url, allowed_hosts=(shown, host))
    store = web.state.store
    if everywhere:
        echo("warning: serving every network interface: anyone on your network can open the lobby, create "
             "matches and watch them; only a seat link lets its holder play that seat", err=True)
        echo(_terminal_qr(url), nl=False)  # the lobby, for a phone's camera
    resumed = sum(1 for t in store if not t.finished)
    echo(f"amalogs table: {url}  (matches in {folder}; {resumed} in progress resumed; Ctrl-C stops)")
    for line in store.broken:
        echo(f"amalogs: not resumed: {line}", err=True)
    run_server(web, host, port)


def _public(url: str) -> str:
    """A ``--public-url`` checked: http(s), a host, nothing after the path (one line otherwise)."""
    from urllib.parse import urlsplit

    from amalogs.errors import AmalogsError

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise AmalogsError(f"--public-url {url[:80]!r}: give an http:// or https:// address with a host, e.g. "
                           "https://table.example.org")
    return url.strip().rstrip("/") + "/"


def _terminal_qr(url: str) -> str:
    """A link as a QR code drawn with block characters (two rows a line), for a phone held up to the screen."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
