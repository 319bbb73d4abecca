"""``python -m amalogs``: the same as the ``amalogs`` command."""

from amalogs.launch import run

run()
