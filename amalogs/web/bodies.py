"""Reading a request's body: counted as it streams and refused as soon as it passes the route's limit, so the
server's memory stays flat whatever is sent (the app's middleware holds every body to the largest limit too)."""

from __future__ import annotations

from collections.abc import AsyncGenerator

from starlette.requests import Request

from amalogs.web.tables import MoveRefused

__all__ = ["read_body", "read_form"]


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


async def read_form(request: Request, body: bytes, *, max_files: int, max_fields: int,
                    max_part: int) -> tuple[dict[str, str], dict[str, tuple[str, bytes]]]:
    """A multipart form already read (``body``): its text fields, and its files (name and bytes, each at most
    ``max_part`` bytes); a form that cannot be read is refused (400) in one line."""
    from starlette.datastructures import UploadFile
    from starlette.formparsers import MultiPartException, MultiPartParser

    async def stream() -> AsyncGenerator[bytes, None]:
        yield body

    try:
        form = await MultiPartParser(request.headers, stream(), max_files=max_files, max_fields=max_fields,
                                     max_part_size=max_part).parse()
    except (MultiPartException, ValueError) as exc:
        raise MoveRefused(f"unreadable form: {str(exc)[:200]}", 400) from None
    fields: dict[str, str] = {}
    files: dict[str, tuple[str, bytes]] = {}
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            files[key] = (value.filename or "", await value.read(max_part + 1))
        else:
            fields[key] = value
    return fields, files
