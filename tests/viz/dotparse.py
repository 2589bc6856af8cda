"""A small reader for the DOT that ``graphviz.Digraph.source`` writes, for assertions in tests.

It only understands what our builders emit (one statement per line); HTML-like labels ``<...>`` are
skipped with their nesting so that text inside a label is never mistaken for an attribute.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

_NAME = r'(?:"(?:[^"\\]|\\.)*"|[A-Za-z0-9_.]+)'
_STMT = re.compile(rf"^\s*(?P<a>{_NAME})(?:\s*->\s*(?P<b>{_NAME}))?\s*(?:\[(?P<attrs>.*)\])?\s*$")


def _unquote(s: str) -> str:
    return s[1:-1] if s.startswith('"') else s


def parse_attrs(text: str) -> dict[str, str]:
    """Parse ``k=v k2=<html> k3="q"`` into a dict; HTML values keep their outer brackets."""
    out: dict[str, str] = {}
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t,;":
            i += 1
        m = re.match(r"[A-Za-z_]+", text[i:])
        if not m:
            break
        key = m.group(0)
        i += len(key)
        assert text[i] == "=", f"expected '=' after {key!r} in {text!r}"
        i += 1
        if text[i] == "<":
            depth, j = 0, i
            while True:
                if text[j] == "<":
                    depth += 1
                elif text[j] == ">":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            out[key] = text[i : j + 1]
            i = j + 1
        elif text[i] == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out[key] = text[i + 1 : j]
            i = j + 1
        else:
            m = re.match(r"[^\s\]]+", text[i:])
            assert m
            out[key] = m.group(0)
            i += len(m.group(0))
    return out


@dataclass
class Dot:
    nodes: dict[str, dict[str, str]] = field(default_factory=dict)
    edges: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)
    clusters: list[str] = field(default_factory=list)
    cluster_of: dict[str, list[str]] = field(default_factory=dict)  # node -> enclosing clusters, outermost first

    def current(self) -> list[str]:
        return [n for n, a in self.nodes.items() if a.get("class") == "current"]

    def edge(self, a: str, b: str) -> dict[str, str]:
        found = [attrs for x, y, attrs in self.edges if (x, y) == (a, b)]
        assert found, f"no edge {a} -> {b}"
        return found[0]

    def has_edge(self, a: str, b: str) -> bool:
        return any((x, y) == (a, b) for x, y, _ in self.edges)


def text(label: str) -> str:
    """The words an HTML-like label shows: line breaks become spaces, tags go, entities are decoded, and
    a doubled backslash shows as one (Graphviz's escString rule, applied to HTML-like labels too)."""
    inner = label[1:-1] if label.startswith("<") and label.endswith(">") else label
    inner = re.sub(r"<BR/>", " ", inner)
    inner = re.sub(r"<[^>]*>", "", inner)
    return html.unescape(re.sub(r"\s+", " ", inner)).replace("\\\\", "\\").strip()


def parse(source: str) -> Dot:
    """Read nodes (with attributes), edges and cluster nesting from ``source``."""
    dot = Dot()
    stack: list[str] = []
    for line in source.splitlines():
        s = line.strip()
        m = re.match(r"subgraph (\S+) \{", s)
        if m:
            name = _unquote(m.group(1))
            stack.append(name)
            if name.startswith("cluster"):
                dot.clusters.append(name)
            continue
        if s == "}" and stack:
            stack.pop()
            continue
        m = _STMT.match(line)
        if not m or m.group("a") in ("graph", "node", "edge"):
            continue
        attrs = parse_attrs(m.group("attrs") or "")
        if "label" in attrs:
            attrs["text"] = text(attrs["label"])
        a = _unquote(m.group("a"))
        if m.group("b"):
            dot.edges.append((a, _unquote(m.group("b")), attrs))
        else:
            dot.nodes[a] = attrs
            dot.cluster_of[a] = [c for c in stack if c.startswith("cluster")]
    return dot
