"""The graphs as files: GraphML, GEXF, node-link JSON and Graphviz DOT, plus PNG and SVG pictures.

Every format is written by its library's own writer (networkx, pydot, matplotlib), from a sorted copy of the
graph whose attribute values are plain ``str``/``int``/``float``/``bool``, so the same graph always gives the
same bytes. networkx and pydot are imported on first use: importing this module stays cheap for the CLI.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Hashable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any

from amalogs.errors import FormatError
from amalogs.report.figures import drawable

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["FORMATS", "FormatError", "export_graph", "plain_graph"]

FORMATS = ("graphml", "gexf", "json", "dot", "svg", "png")
PLAIN = (str, bool, int, float)


def export_graph(g: nx.DiGraph, fmt: str) -> bytes:
    """The graph ``g`` written as ``fmt`` (one of :data:`FORMATS`), as bytes (UTF-8 for the text formats)."""
    writers: dict[str, Callable[[nx.DiGraph], bytes]] = {
        "graphml": _graphml,
        "gexf": _gexf,
        "json": _json,
        "dot": _dot,
        "svg": _picture("svg"),
        "png": _picture("png"),
    }
    if fmt not in writers:
        raise FormatError(fmt, FORMATS)
    return writers[fmt](g)


def plain_graph(g: nx.DiGraph) -> nx.DiGraph:
    """A copy of ``g`` with nodes and edges sorted by id and every attribute value a plain scalar.

    ``None`` values are dropped, enums become their value, anything else its ``str``; a key whose values mix
    types becomes ``str`` everywhere (GraphML and GEXF declare one type per key).
    """
    import networkx as nx

    plain = nx.DiGraph()
    plain.graph.update(_plain_attrs(g.graph))
    for node in sorted(g.nodes, key=str):
        plain.add_node(node, **_plain_attrs(g.nodes[node]))
    for u, v in sorted(g.edges, key=lambda e: (str(e[0]), str(e[1]))):
        plain.add_edge(u, v, **_plain_attrs(g.edges[u, v]))
    _unify_types(dict(plain.nodes(data=True)).values())
    _unify_types(attrs for _, _, attrs in plain.edges(data=True))
    return plain


def _plain_attrs(attrs: Mapping[str, Any]) -> dict[str, Any]:
    """Attributes sorted by key, with plain values and no ``None``."""
    return {str(k): _plain(v) for k, v in sorted(attrs.items(), key=lambda kv: str(kv[0])) if v is not None}


def _plain(value: object) -> str | bool | int | float:
    """A plain value; text without the characters GraphML and GEXF (XML) cannot hold."""
    if isinstance(value, Enum):
        value = value.value
    return drawable(value) if isinstance(value, str) else value if isinstance(value, PLAIN) else drawable(str(value))


def _unify_types(all_attrs: Any) -> None:
    """Make every key hold one type: a key seen with two types becomes ``str`` in every dict."""
    dicts: list[dict[str, Any]] = list(all_attrs)
    types: dict[str, set[type]] = {}
    for attrs in dicts:
        for k, v in attrs.items():
            types.setdefault(k, set()).add(type(v))
    mixed = {k for k, seen in types.items() if len(seen) > 1}
    for attrs in dicts:
        for k in mixed & attrs.keys():
            attrs[k] = str(attrs[k])


def _graphml(g: nx.DiGraph) -> bytes:
    import networkx as nx

    buffer = io.BytesIO()
    nx.write_graphml(plain_graph(g), buffer, encoding="utf-8")
    return buffer.getvalue()


def _gexf(g: nx.DiGraph) -> bytes:
    """GEXF 1.2; the writer's ``lastmodifieddate`` (today's date) is removed so the bytes do not change daily."""
    from networkx.readwrite.gexf import GEXFWriter

    writer = GEXFWriter(encoding="utf-8", prettyprint=True)
    meta = writer.xml.find("meta")
    if meta is not None:
        meta.attrib.pop("lastmodifieddate", None)
    writer.add_graph(plain_graph(g))
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _json(g: nx.DiGraph) -> bytes:
    import networkx as nx

    data = nx.node_link_data(plain_graph(g), edges="edges")
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode("utf-8")


def _dot(g: nx.DiGraph) -> bytes:
    """Graphviz DOT through pydot; every id and string value is quoted (ids hold ':' and Japanese).

    Only the graph's ``name`` of its graph attributes is kept (``to_pydot`` writes no others).
    """
    import networkx as nx
    from networkx.drawing.nx_pydot import to_pydot

    plain = plain_graph(g)
    quoted = nx.DiGraph()
    if plain.graph.get("name"):
        quoted.graph["name"] = _dot_quote(plain.graph["name"])[1:-1]  # to_pydot adds the outer quotes itself
    for node, attrs in plain.nodes(data=True):
        quoted.add_node(_dot_quote(node), **_quoted_attrs(attrs))
    for u, v, attrs in plain.edges(data=True):
        quoted.add_edge(_dot_quote(u), _dot_quote(v), **_quoted_attrs(attrs))
    text: str = to_pydot(quoted).to_string()
    return text.encode("utf-8")


def _dot_quote(value: Hashable) -> str:
    """A DOT quoted string: ``"…"`` with backslashes and double quotes escaped."""
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def _quoted_attrs(attrs: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _dot_quote(v) if isinstance(v, str) else v for k, v in attrs.items()}


def _picture(fmt: str) -> Callable[[nx.DiGraph], bytes]:
    def draw(g: nx.DiGraph) -> bytes:
        from amalogs.report.pictures import draw_graph

        name = g.graph.get("name")
        return draw_graph(g, fmt, title=str(name) if name else None)

    return draw
