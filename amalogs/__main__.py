"""``python -m amalogs``: the same as the ``amalogs`` command."""

from amalogs.cli import run

run()
