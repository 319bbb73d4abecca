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
) -> None:
    """Serve the exhibition table: a lobby to create matches, a secret link per person's seat, a spectators'
    page, moves live on every page. Needs the web extra: pip install "amalogs[web]".

    Example: amalogs serve --port 8080"""
    from amalogs.web import require_web

    require_web()
    from amalogs.web.app import create_app
    from amalogs.web.server import check_port, lan_address
    from amalogs.web.server import serve as run_server
    from amalogs.web.tables import default_data_dir

    check_port(host, port)
    folder = data if data is not None else default_data_dir()
    web = create_app(folder, catalog(), ai_delay=ai_delay)
    store = web.state.store
    shown = "localhost" if host in ("127.0.0.1", "localhost") else host
    if host in ("0.0.0.0", "::"):
        echo("warning: serving every network interface: anyone on your network can open the lobby, create "
             "matches and watch them; only a seat link lets its holder play that seat", err=True)
        shown = lan_address()
    resumed = sum(1 for t in store if not t.finished)
    echo(f"amalogs table: http://{shown}:{port}/  (matches in {folder}; {resumed} in progress resumed; Ctrl-C stops)")
    for line in store.broken:
        echo(f"amalogs: not resumed: {line}", err=True)
    run_server(web, host, port)
