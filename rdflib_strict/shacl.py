"""SHACL validation results at the lines that caused them.

A SHACL engine (pySHACL: ``pip install 'rdflib-strict[shacl]'``) reports which node broke which
shape, but not where: once a file has parsed, rdflib forgets where anything came from. Parsed
with a ``SourceMap``, our graphs remember, and ``locate`` puts each result of a validation
report back into the files::

    sm = SourceMap()
    data = Dataset().parse("data.ttl", format="strict-turtle", source_map=sm)
    conforms, report, _ = pyshacl.validate(data, shacl_graph=shapes)
    for result in locate(report, sm, data):
        print(result.span, result.severity, result.message)

Where a result points (``Result.at`` says which):

1. ``"value"``: the statement that holds the offending value, ``(focus, p, value)`` for a
   predicate path ``p`` (or one of the predicates of an ``sh:alternativePath``);
2. ``"inverse"``: ``(value, p, focus)`` for an inverse path ``[ sh:inversePath p ]``;
3. ``"path"``: with the data graph given and a result without a value (``sh:maxCount``, ...),
   the statements ``(focus, p, x)`` on the result's path;
4. ``"subject"``: where the focus node is written as a subject (``sh:minCount``: the statement
   that is missing would belong there);
5. ``"object"``: with the data graph given, a statement where the focus node is the object;
6. None: the focus node is written nowhere in the data (a shape's ``sh:targetNode``).

This module reads the report graph only (the SHACL vocabulary: ``sh:ValidationResult``,
``sh:focusNode``, ``sh:resultPath``, ...): it never imports pySHACL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal, Protocol

from rdflib import BNode, Graph, URIRef
from rdflib import Literal as RDFLiteral
from rdflib.collection import Collection
from rdflib.graph import ConjunctiveGraph
from rdflib.namespace import OWL, RDF, RDFS, SH, XSD
from rdflib.term import Node

from .sarif import Finding, Level, Rule, finding_at
from .syntax.errors import shown_at, visible
from .syntax.positions import LINE_END_RE
from .syntax.shown import clip

if TYPE_CHECKING:
    from .syntax.positions import Span

__all__ = [
    "Names",
    "Result",
    "caret",
    "describe",
    "locate",
    "names_for",
    "render",
    "sarif_findings",
    "shape_name",
]

#: What a result's span is the place of (see the module's docstring).
At = Literal["value", "inverse", "path", "subject", "object"]

#: The severities SHACL defines, most severe first (their local names are shown).
SEVERITIES: Final = (SH.Violation, SH.Warning, SH.Info)


class _Positions(Protocol):
    """What ``locate`` asks of a source map."""

    def statement(self, statement: tuple[Node, Node, Node]) -> tuple[Span, ...]: ...

    def object(self, statement: tuple[Node, Node, Node]) -> tuple[Span, ...]: ...

    def subject(self, node: Node) -> tuple[Span, ...]: ...


@dataclass(frozen=True)
class Result:
    """One ``sh:ValidationResult`` of a report, and where in the data it points.

    ``severity`` is ``"Violation"``, ``"Warning"`` or ``"Info"`` (for another severity IRI,
    the IRI); ``messages`` are the ``sh:resultMessage`` texts (several when a shape gives one
    per language); ``focus``, ``path``, ``value``, ``shape`` and ``component`` are the nodes of
    ``sh:focusNode``, ``sh:resultPath``, ``sh:value``, ``sh:sourceShape`` and
    ``sh:sourceConstraintComponent`` (None where the result has none; a blank node path or
    shape is described in ``report``). ``span`` is where the result points, first in the
    sources' order, ``spans`` every such place, ``at`` what they are the places of (see the
    module's docstring); ``node`` is the result's node in ``report``; ``carets`` holds, for
    each of ``spans``, the part of it to mark (see ``caret``).
    """

    severity: str
    messages: tuple[str, ...]
    focus: Node
    path: Node | None
    value: Node | None
    shape: Node | None
    component: Node | None
    span: Span | None
    spans: tuple[Span, ...] = ()
    at: At | None = None
    node: Node | None = field(default=None, compare=False)
    report: Graph | None = field(default=None, compare=False, repr=False)
    carets: tuple[Span, ...] = field(default=(), compare=False, repr=False)

    @property
    def message(self) -> str:
        """The message to show: an untagged one, else an English one, else the first
        (the constraint component's name when the result has no message)."""
        if self.messages:
            return self.messages[0]
        return _local_name(self.component) if self.component is not None else ""


def locate(results_graph: Graph, source_map: _Positions, data_graph: Graph | None = None) -> list[Result]:
    """The results of the SHACL validation report in ``results_graph``, each with where it
    points in the sources ``source_map`` collected, sorted by source, line and column
    (results without a place last).

    ``data_graph`` (the graph or dataset validated) lets results without a value point at
    the statements on their path, and results whose focus node is never a subject at a
    statement where it is an object.
    """
    results = [_located(results_graph, node, source_map, data_graph) for node in _result_nodes(results_graph)]
    results.sort(key=_order)
    return results


def _result_nodes(report: Graph) -> list[Node]:
    """The report's results: those of its ``sh:ValidationReport`` (all ``sh:ValidationResult``
    nodes when the graph holds no report node)."""
    found: list[Node] = []
    for report_node in report.subjects(RDF.type, SH.ValidationReport):
        found.extend(report.objects(report_node, SH.result))
    if not found:
        found.extend(report.subjects(RDF.type, SH.ValidationResult))
    return list(dict.fromkeys(found))


def _located(report: Graph, node: Node, positions: _Positions, data: Graph | None) -> Result:
    focus = report.value(node, SH.focusNode)
    if focus is None:
        raise ValueError(f"a validation result without sh:focusNode: {node!r}")
    path = report.value(node, SH.resultPath)
    value = report.value(node, SH.value)
    severity = report.value(node, SH.resultSeverity)
    at, placed = _place(report, positions, data, focus, path, value)
    ordered = sorted(placed, key=lambda pair: _span_order(pair[0]))
    spans = tuple(span for span, _ in ordered)
    return Result(
        severity=_local_name(severity)
        if severity is not None and severity in SEVERITIES
        else str(severity or "Violation"),
        messages=_messages(report.objects(node, SH.resultMessage)),
        focus=focus,
        path=path,
        value=value,
        shape=report.value(node, SH.sourceShape),
        component=report.value(node, SH.sourceConstraintComponent),
        span=spans[0] if spans else None,
        spans=spans,
        at=at if spans else None,
        node=node,
        report=report,
        carets=tuple(mark for _, mark in ordered),
    )


def _place(
    report: Graph,
    positions: _Positions,
    data: Graph | None,
    focus: Node,
    path: Node | None,
    value: Node | None,
) -> tuple[At | None, list[tuple[Span, Span]]]:
    """Where a result points, and what ``at`` says (see the module's docstring): each span
    with the part of it a caret goes under (see ``caret``)."""
    steps = _steps(report, path)
    if value is not None:
        for at, p in steps:
            statement = (focus, p, value) if at == "value" else (value, p, focus)
            placed = _placed(positions, statement, at == "value")
            if placed:
                return at, placed
    elif data is not None:
        found: list[tuple[Span, Span]] = []
        for at, p in steps:
            pattern = (focus, p, None) if at == "value" else (None, p, focus)
            for statement in _triples(data, pattern):
                found.extend(_placed(positions, statement, True))
        if found:
            return "path", found
    spans = positions.subject(focus)
    if spans:
        return "subject", [(span, span) for span in spans]
    if data is not None:
        found = [
            pair
            for statement in _triples(data, (None, None, focus))
            for pair in _placed(positions, statement, True)
        ]
        if found:
            return "object", found
    return None, []


def _placed(
    positions: _Positions, statement: tuple[Node, Node, Node], at_object: bool
) -> list[tuple[Span, Span]]:
    """Each place ``statement`` was written, with where its object is (``at_object``) or
    again the whole statement."""
    spans = positions.statement(statement)
    if not spans:
        return []
    marks = positions.object(statement) if at_object else spans
    return list(zip(spans, marks, strict=True))


def _steps(report: Graph, path: Node | None) -> list[tuple[At, Node]]:
    """The one-step readings of ``path``: ``("value", p)`` for the predicate path ``p``,
    ``("inverse", p)`` for ``[ sh:inversePath p ]``; for an ``sh:alternativePath``, those of
    its members. Longer paths (sequences, ``sh:zeroOrMorePath``, ...) have none."""
    if isinstance(path, URIRef):
        return [("value", path)]
    if not isinstance(path, BNode):
        return []
    inverse = report.value(path, SH.inversePath)
    if isinstance(inverse, URIRef):
        return [("inverse", inverse)]
    alternatives = report.value(path, SH.alternativePath)
    if alternatives is None:
        return []
    steps: list[tuple[At, Node]] = []
    for member in Collection(report, alternatives):
        steps.extend(_steps(report, member))
    return steps


def _triples(
    data: Graph, pattern: tuple[Node | None, Node | None, Node | None]
) -> Iterator[tuple[Node, Node, Node]]:
    """The statements matching ``pattern`` in any graph of ``data``, each once."""
    if isinstance(data, ConjunctiveGraph):  # a Dataset too: its named graphs count
        seen: set[tuple[Node, Node, Node]] = set()
        for s, p, o, _ in data.quads(pattern):
            if (s, p, o) not in seen:
                seen.add((s, p, o))
                yield s, p, o
    else:
        yield from data.triples(pattern)


def _messages(literals: Iterable[Node]) -> tuple[str, ...]:
    """Untagged messages first, then English ones, then the others by language."""

    def rank(m: Node) -> tuple[int, str, str]:
        lang = (m.language or "") if isinstance(m, RDFLiteral) else ""
        first = 0 if not lang else 1 if lang.lower().split("-")[0] == "en" else 2
        return first, lang, str(m)

    return tuple(str(m) for m in sorted(literals, key=rank))


def _span_order(span: Span) -> tuple[str, int, int, int, int]:
    return span.source, span.line, span.column, span.end_line, span.end_column


def _order(r: Result) -> tuple[bool, tuple[str, int, int, int, int], int, str, str]:
    severity = {"Violation": 0, "Warning": 1, "Info": 2}.get(r.severity, 3)
    where = _span_order(r.span) if r.span is not None else ("", 0, 0, 0, 0)
    return r.span is None, where, severity, r.message, str(r.focus)


def _local_name(iri: Node) -> str:
    text = str(iri)
    return re.split(r"[#/]", text)[-1] or text


# --- showing terms -------------------------------------------------------------------------

# A local name shown after a prefix: a conservative PN_LOCAL (no escapes, no '%').
_LOCAL_RE: Final = re.compile(r"(?:[A-Za-z0-9_]|[^\x00-\x7f])(?:[A-Za-z0-9_.\-]|[^\x00-\x7f])*")


class Names:
    """Terms shown as Turtle shows them, with the prefixes of the documents (the first
    binding of a prefix wins; a namespace no prefix names is written out in full), a local
    name, an IRI or a literal's text of more than 100 characters cut in the middle.

    >>> names = Names([("ex", "http://example.org/")])
    >>> names.term(URIRef("http://example.org/age")), names.term(URIRef("http://other.org/x"))
    ('ex:age', '<http://other.org/x>')
    """

    def __init__(self, bindings: Iterable[tuple[str, str]] = ()) -> None:
        self._prefix_of: dict[str, str] = {}
        self._taken: set[str] = set()
        for prefix, namespace in bindings:
            self.bind(prefix, namespace)

    def bind(self, prefix: str, namespace: str) -> None:
        """Name ``namespace`` ``prefix``, unless the prefix or the namespace is named already."""
        if prefix not in self._taken and namespace not in self._prefix_of:
            self._taken.add(prefix)
            self._prefix_of[namespace] = prefix

    def term(self, node: Node) -> str:
        """``node`` as Turtle writes it (a blank node as ``[]``: its label is the parser's)."""
        if isinstance(node, URIRef):
            return self._iri(str(node))
        if isinstance(node, BNode):
            return "[]"
        if isinstance(node, RDFLiteral):
            text = '"' + _escaped(clip(str(node))) + '"'
            if node.language:
                return f"{text}@{node.language}"
            if node.datatype is not None:
                return f"{text}^^{self._iri(str(node.datatype))}"
            return text
        return str(node)

    def _iri(self, iri: str) -> str:
        cut = max(iri.rfind("#"), iri.rfind("/"), iri.rfind(":")) + 1
        # Then the named namespaces that start the IRI, longest first: trying each length of
        # the IRI instead would copy it once per character (minutes for a 1 MB IRI).
        starts = sorted((len(ns) for ns in self._prefix_of if iri.startswith(ns)), reverse=True)
        for end in (cut, *starts):
            prefix = self._prefix_of.get(iri[:end])
            if prefix is not None:
                local = iri[end:]
                if local == "" or (_LOCAL_RE.fullmatch(local) and not local.endswith(".")):
                    return f"{prefix}:{clip(local)}"
        return f"<{clip(iri)}>"


def _escaped(text: str) -> str:
    return visible(text.replace("\\", "\\\\").replace('"', '\\"'))


def render_path(report: Graph, path: Node, names: Names, depth: int = 0) -> str:
    """A SHACL property path in SPARQL's property path syntax: ``ex:a/ex:b``, ``^ex:p``,
    ``(ex:a|ex:b)``, ``ex:p*``, ``ex:p+``, ``ex:p?``."""
    if not isinstance(path, BNode) or depth > 20:
        return names.term(path)

    def inner(node: Node) -> str:
        text = render_path(report, node, names, depth + 1)
        return text if re.fullmatch(r"\^?[^\s/|()]+", text) else f"({text})"

    first = report.value(path, RDF.first)
    if first is not None:
        return "/".join(inner(step) for step in Collection(report, path))
    for predicate, shown in (
        (SH.inversePath, "^{}"),
        (SH.zeroOrMorePath, "{}*"),
        (SH.oneOrMorePath, "{}+"),
        (SH.zeroOrOnePath, "{}?"),
    ):
        target = report.value(path, predicate)
        if target is not None:
            return shown.format(inner(target))
    alternatives = report.value(path, SH.alternativePath)
    if alternatives is not None:
        return "|".join(inner(member) for member in Collection(report, alternatives))
    return "[]"


def shape_name(
    shape: Node, names: Names, shapes_graph: Graph | None = None, where: Span | None = None
) -> str:
    """How to name a shape: its IRI; a blank property shape by the named shape that holds it
    (``sh:property``, looked up in ``shapes_graph``); else where it is written (``where``),
    else ``[]``."""
    if not isinstance(shape, BNode):
        return names.term(shape)
    if shapes_graph is not None:
        for owner in shapes_graph.subjects(SH.property, shape):
            if not isinstance(owner, BNode):
                return names.term(owner)
    return f"[] at {where}" if where is not None else "[]"


def describe(
    result: Result,
    names: Names,
    shapes_graph: Graph | None = None,
    shape_span: Span | None = None,
    severity: bool = True,
) -> str:
    """``Violation: message (sh:path ex:age, shape ex:PersonShape)``: what a result says,
    its path and its shape, terms shown with ``names`` (``severity=False``: without the
    severity)."""
    details = []
    if result.path is not None:
        report = result.report if result.report is not None else Graph()
        details.append(f"sh:path {render_path(report, result.path, names)}")
    if result.shape is not None:
        details.append(f"shape {shape_name(result.shape, names, shapes_graph, shape_span)}")
    tail = f" ({', '.join(details)})" if details else ""
    return f"{result.severity}: {result.message}{tail}" if severity else f"{result.message}{tail}"


# --- pointing into the text ----------------------------------------------------------------


def caret(result: Result) -> Span | None:
    """The part of ``result.span`` to put a caret under: the value (the statement's object,
    where the parser recorded it) for ``"value"``, ``"path"`` and ``"object"``; the whole
    statement for ``"inverse"`` (its subject is the value, which Turtle may have written lines
    before); the subject for ``"subject"``. A result made without ``carets``: its span."""
    if result.span is None:
        return None
    return result.carets[0] if result.carets else result.span


def text_lines(text: str) -> list[str]:
    """``text`` cut into lines as the parsers count them (LF, CR and CRLF each end one)."""
    return LINE_END_RE.split(text)


def render(
    result: Result,
    lines: Callable[[str], Sequence[str] | None],
    names: Names,
    shapes_graph: Graph | None = None,
    shape_span: Span | None = None,
) -> str:
    """A result as a parse error is shown: ``SOURCE:LINE:COL: Violation: message (...)``, then
    the source line and a caret under the value (or the focus node's subject);
    ``lines(source)`` gives a source's lines (None if they cannot be had). A result with no
    place in the data is one line, after the focus node."""
    said = describe(result, names, shapes_graph, shape_span)
    where = caret(result)
    if where is None:
        return f"{names.term(result.focus)}: {visible(said)}"
    return shown_at(where, visible(said), lines(where.source) or ())


def names_for(*graphs: Graph) -> Names:
    """Terms shown as the documents write them: the prefixes ``graphs`` bind first (in order),
    then sh, rdf, rdfs, xsd and owl, then the prefixes rdflib knows."""
    known = [(prefix, str(namespace)) for prefix, namespace in Graph().namespaces()]
    declared = [
        (prefix, str(namespace))
        for graph in graphs
        for prefix, namespace in graph.namespaces()
        if (prefix, str(namespace)) not in known
    ]
    standard = [
        (p, str(ns)) for p, ns in (("sh", SH), ("rdf", RDF), ("rdfs", RDFS), ("xsd", XSD), ("owl", OWL))
    ]
    return Names(declared + standard + known)


_LEVELS: Final[dict[str, Level]] = {"Violation": "error", "Warning": "warning", "Info": "note"}


def sarif_findings(
    results: Sequence[Result],
    lines: Mapping[str, Sequence[str]],
    names: Names,
    shapes_graph: Graph,
    shapes_map: _Positions,
    fallback_source: str,
) -> tuple[list[Rule], list[Finding]]:
    """The SARIF rules (one per constraint component) and findings (one per result, at its
    caret; levels error, warning and note) of located results. ``lines`` holds each data
    source's lines; a result with no place is put on ``fallback_source``, without a region."""
    rules: dict[str, Rule] = {}
    findings: list[Finding] = []
    for result in results:
        component = result.component if isinstance(result.component, URIRef) else SH.Constraint
        rule_id = names.term(component)
        if rule_id not in rules:
            local = _local_name(component)
            rules[rule_id] = Rule(
                rule_id,
                local,
                f"SHACL {local}",
                f"A focus node or one of its values breaks a shape's constraint of the kind {rule_id}"
                " (the result's message says how); the shape names it.",
                help_uri=f"https://www.w3.org/TR/shacl/#{local}" if component.startswith(str(SH)) else None,
            )
        shape_spans = shapes_map.subject(result.shape) if result.shape is not None else ()
        said = describe(result, names, shapes_graph, shape_spans[0] if shape_spans else None, severity=False)
        level = _LEVELS.get(result.severity, "error")
        source_lines = lines.get(result.span.source) if result.span is not None else None
        where = caret(result) if source_lines is not None else None
        if where is None or source_lines is None:
            findings.append(Finding(rule_id, level, f"{names.term(result.focus)}: {said}", fallback_source))
            continue
        findings.append(finding_at(rule_id, level, said, where, source_lines))
    return list(rules.values()), findings
