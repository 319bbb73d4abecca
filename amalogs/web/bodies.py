"""Reading a request's body: counted as it streams and refused as soon as it passes the route's limit, so the
server's memory stays flat whatever is sent (the app's middleware holds every body to the largest limit too)."""

from __future__ import annotations

from starlette.requests import Request

from amalogs.web.tables import MoveRefused

__all__ = ["read_body"]


async def read_body(request: Request, limit: int, what: str = "the request") -> bytes:
    """The request's body, refused (413) at once when it says it is over ``limit`` bytes, or as soon as it
    passes it."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise MoveRefused(f"{what} is over the limit of {limit:,} bytes", 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise MoveRefused(f"{what} is over the limit of {limit:,} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)
