"""Commands being built (issue 16); registered here so the CLI module list stays in one place."""

from __future__ import annotations
