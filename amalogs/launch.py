"""The ``amalogs`` command's entry point: ``amalogs --version`` answered before anything is imported, everything
else handed to the command line (:func:`amalogs.cli.run`).

The command line imports typer, and through it pydantic, before it parses an argument; the version alone needs
neither, so it is answered here (a closed stdout still ends with exit code 1, as every command does).
"""

from __future__ import annotations

import os
import sys

__all__ = ["run"]


def run() -> None:
    """``amalogs``: the version at once, or the command line."""
    if sys.argv[1:] == ["--version"]:
        from amalogs.version import version_line

        try:
            os.fstat(1)
            sys.stdout.write(version_line() + "\n")
            sys.stdout.flush()
            code = 0
        except (OSError, AttributeError, ValueError):
            code = 1  # stdout closed or full: the answer is lost
        os._exit(code)
    from amalogs.cli import run as run_cli

    run_cli()
