"""`amalogs serve` (issue 17, being built); registered here so the CLI module list stays in one place."""

from __future__ import annotations
