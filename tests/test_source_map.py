"""Source maps (issue #15): where every statement and subject was written, proved from the spec.

Every expected span in this file is written out by hand (or, in the property tests, computed by
the generator from the offsets of the text it wrote); none is produced by the code under test.
A span is ``Span(source, line, column, end_line, end_column)``: 1-based, columns in code points,
``end_column`` exclusive; LF, CR and CRLF each end one line.

Pins:

1. golden documents: Turtle (every construct: ';' and ',', ``a``, literals with language and
   datatype, a long string over two lines, numbers and booleans, ``[ ]`` as object / subject /
   alone, nested brackets, collections as object / subject / nested / empty, ``[]``, tabs and a
   non-BMP character before tokens, comments between tokens, a duplicate statement, a trailing
   ';'), under LF, CRLF and CR line ends and in 1- and 16-character chunks; N-Triples; N-Quads
   (named, blank-node and default graphs into a Dataset); TriG (``{ }``, ``GRAPH``, label-only,
   top-level triples, a repeated block). For each: every statement's spans, ``len``, ``sources``,
   and ``subject`` for every node written as a subject (and none for nodes that are not);
   the same spans through ``iterparse(..., positions=True)``;
2. property tests: generated Turtle documents (subjects of every kind, ';', ',', nested ``[ ]``,
   collections, literals, comments, spaces, tabs, LF / CR / CRLF) give exactly the spans the
   generator wrote (the statements' and their objects'), every span cut out of the text
   re-parses (with its subject and the prefixes) to its statement; generated N-Triples /
   N-Quads give the statement text and the object token exactly;
3. robustness: a document over one 1 MiB read, a failed parse leaves the map as it was (also
   when the error comes chunks after the first statements), ``on_error`` skips (plugins and
   ``iterparse``), two files into one map, a ``source_map`` that is not a SourceMap, characters
   ``str.splitlines`` takes for line ends (U+2028, NEL, FF, ...) that RDF does not, escapes
   counted as written, directives between statements, Turtle into a Dataset, TriG ``[]``
   labels and top-level ``[ ]`` / ``( )`` subjects.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from chunking import small_chunks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.namespace import RDF, XSD
from rdflib.term import Node

from rdflib_strict import ParseError, SourceMap, Span, iterparse

EX = "http://ex/"
DATA = "<string>"  # the source name of data= input (as ParseError.filename)


# --- helpers -------------------------------------------------------------------------------------


class Var:
    """A blank node of an expected statement, bound to the parsed BNode by matching."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Var) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("Var", self.name))

    def __repr__(self) -> str:
        return f"?{self.name}"


def term(x: Any) -> Any:
    """Short notation: ':x' -> ex:x, '<iri>', 'a', 'first', 'rest', 'nil', '?B' -> Var, None."""
    if x is None or isinstance(x, (Node, Var)):
        return x
    if x == "a":
        return RDF.type
    if x in ("first", "rest", "nil"):
        return RDF[x]
    if x.startswith("?"):
        return Var(x[1:])
    if x.startswith(":"):
        return URIRef(EX + x[1:])
    if x.startswith("<") and x.endswith(">"):
        return URIRef(x[1:-1])
    raise AssertionError(f"bad term notation {x!r}")


def lit(lexical: str, datatype: URIRef | None = None, lang: str | None = None) -> Literal:
    return Literal(lexical, datatype=datatype, lang=lang, normalize=False)


def exact(t: Any) -> Any:
    """A term as a tuple comparing lexical forms exactly (xsd:string and no datatype alike)."""
    if isinstance(t, Literal):
        dt = None if t.datatype in (None, XSD.string) else str(t.datatype)
        return ("literal", str(t), dt, t.language)
    if isinstance(t, URIRef):
        return ("iri", str(t))
    if t is None:
        return None
    raise AssertionError(f"not a ground term: {t!r}")


_EOL = re.compile(r"\r\n|\r|\n")


def line_starts(text: str) -> list[int]:
    """Offsets where each line begins; LF, CR and CRLF each end one line."""
    return [0] + [m.end() for m in _EOL.finditer(text)]


def offsets(text: str, span: Span | tuple[int, int, int, int]) -> tuple[int, int]:
    """The [start, end) code point offsets of a span in text (asserting its columns are on
    their lines)."""
    line, col, end_line, end_col = (int(v) for v in tuple(span)[-4:])
    starts = line_starts(text)
    ends = [m.start() for m in _EOL.finditer(text)] + [len(text)]
    assert 1 <= col <= ends[line - 1] - starts[line - 1] + 1, span
    assert 1 <= end_col <= ends[end_line - 1] - starts[end_line - 1] + 1, span
    return starts[line - 1] + col - 1, starts[end_line - 1] + end_col - 1


def cut(text: str, span: Span | tuple[int, int, int, int]) -> str:
    a, b = offsets(text, span)
    return text[a:b]


def span_at(starts: list[int], a: int, b: int, source: str = DATA) -> Span:
    """The Span of code point offsets [a, b) (b just past the last character)."""
    import bisect

    line = bisect.bisect_right(starts, a)
    end_line = bisect.bisect_right(starts, b - 1)
    return Span(source, line, a - starts[line - 1] + 1, end_line, b - starts[end_line - 1] + 1)


def statements_of(sink: Graph) -> list[tuple[Any, ...]]:
    """The statements of a Graph as triples, of a Dataset as quads (default graph: None)."""
    if isinstance(sink, Dataset):
        out = []
        for s, p, o, g in sink.quads((None, None, None, None)):
            gid = g.identifier if isinstance(g, Graph) else g
            out.append((s, p, o, None if gid is None or gid == DATASET_DEFAULT_GRAPH_ID else gid))
        return out
    return list(sink)


def _match(
    pattern: tuple[Any, ...], actual: tuple[Any, ...], binding: dict[Var, Any]
) -> dict[Var, Any] | None:
    new = dict(binding)
    for x, y in zip(pattern, actual, strict=True):
        if isinstance(x, Var):
            if not isinstance(y, BNode):
                return None
            if x in new:
                if new[x] != y:
                    return None
            elif y in new.values():
                return None
            else:
                new[x] = y
        elif isinstance(y, BNode) or exact(x) != exact(y):
            return None
    return new


def resolve(patterns: Sequence[tuple[Any, ...]], actual: Sequence[tuple[Any, ...]]) -> dict[Var, Any]:
    """Bind the Vars of the distinct patterns to blank nodes so that they are exactly the
    distinct actual statements (most constrained pattern first, backtracking)."""
    assert len(set(patterns)) == len(patterns)
    assert len(actual) == len(patterns), (len(actual), len(patterns))

    def go(
        left: list[tuple[Any, ...]], free: list[tuple[Any, ...]], binding: dict[Var, Any]
    ) -> dict[Var, Any] | None:
        if not left:
            return binding
        best: list[tuple[int, dict[Var, Any]]] | None = None
        best_i = 0
        for i, pat in enumerate(left):
            cands = [(j, b) for j, a in enumerate(free) if (b := _match(pat, a, binding)) is not None]
            if best is None or len(cands) < len(best):
                best, best_i = cands, i
                if len(cands) <= 1:
                    break
        assert best is not None
        for j, b in best:
            found = go(left[:best_i] + left[best_i + 1 :], free[:j] + free[j + 1 :], b)
            if found is not None:
                return found
        return None

    binding = go(list(patterns), list(actual), {})
    assert binding is not None, "the parsed statements are not the hand-written ones"
    return binding


def substitute(pattern: tuple[Any, ...], binding: dict[Var, Any]) -> tuple[Any, ...]:
    return tuple(binding[x] if isinstance(x, Var) else x for x in pattern)


def expand(rows: Sequence[tuple[Any, ...]], source: str = DATA) -> list[tuple[tuple[Any, ...], Span, str]]:
    """Rows (s, p, o[, g], (line, col, end_line, end_col), text) in the short notation."""
    out = []
    for row in rows:
        *stmt, pos, text = row
        out.append((tuple(term(x) for x in stmt), Span(source, *pos), text))
    return out


def check_golden(
    text: str,
    rows: list[tuple[tuple[Any, ...], Span, str]],
    actual: Sequence[tuple[Any, ...]],
    lookup: Callable[[tuple[Any, ...]], tuple[Span, ...]],
    count: int,
) -> dict[Var, Any]:
    """Every statement has exactly the hand-written spans, in order; returns the binding."""
    grouped: dict[tuple[Any, ...], list[Span]] = {}
    for stmt, span, _ in rows:
        grouped.setdefault(stmt, []).append(span)
    binding = resolve(list(grouped), sorted(set(actual), key=repr))
    for stmt, spans in grouped.items():
        real = substitute(stmt, binding)
        assert lookup(real) == tuple(spans), stmt
    assert count == len(rows)
    return binding


def check_subjects(
    sm: SourceMap,
    binding: dict[Var, Any],
    subjects: dict[Any, list[tuple[int, int, int, int]]],
    source: str = DATA,
) -> None:
    for node, places in subjects.items():
        want = tuple(Span(source, *p) for p in places)
        real = binding[node] if isinstance(node, Var) else node
        got = sm.subject(real)
        if isinstance(node, Var) and node.name.startswith("unordered"):
            assert sorted(got) == sorted(want), node
        else:
            assert got == want, node


# --- 1. golden Turtle ----------------------------------------------------------------------------

TURTLE_LINES = [
    "@prefix : <http://ex/> .",  # 1
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .",  # 2
    ":s :p :o1 , :o2 ;",  # 3
    '   :q "hi"@en , "5"^^xsd:integer ;',  # 4
    "   a :C .",  # 5
    ':s2 :long """line one',  # 6
    'line two""" ; :n 42 , -3.5 , 1e3 , true .',  # 7
    ":s3 :obj [ :p1 :v1 ; :p2 [ :p3 :v3 ] ] .",  # 8
    "[ :in :x ] :out :y .",  # 9
    "[ :only :z ] .",  # 10
    ":s4 :list ( :a :b ) .",  # 11
    "( :c ( :d ) ) :q :e .",  # 12
    ":s5 :empty () ; :blank [] .",  # 13
    "[] :from :anon .",  # 14
    '\t:\U0001f600\t:p\t"\U0001f600" ,\t:o3 .',  # 15
    ":s7 # comment \U0001f600",  # 16
    "  :p # another",  # 17
    "  :o . # end",  # 18
    '_:b1 :p _:b2 , "x"^^<http://ex/dt> .',  # 19
    ":s :p :o1 .",  # 20
    ":s8 :p :o ; .",  # 21
    ":s9 :p ( ( :i ) () [ :q :r ] ) .",  # 22
    """:s10 :p 'single'@en-GB ; :q \"\"\"a "q" b\"\"\" .""",  # 23
]


def turtle_rows(nl: str) -> list[tuple[Any, ...]]:
    """Every statement of TURTLE_LINES joined by ``nl``, with its span and text, by hand."""
    grin = ":\U0001f600"
    return [
        # line 3-5: ';' and ',' and 'a'
        (":s", ":p", ":o1", (3, 1, 3, 10), ":s :p :o1"),
        (":s", ":p", ":o1", (20, 1, 20, 10), ":s :p :o1"),  # written twice
        (":s", ":p", ":o2", (3, 13, 3, 16), ":o2"),
        (":s", ":q", lit("hi", lang="en"), (4, 4, 4, 14), ':q "hi"@en'),
        (":s", ":q", lit("5", XSD.integer), (4, 17, 4, 33), '"5"^^xsd:integer'),
        (":s", "a", ":C", (5, 4, 5, 8), "a :C"),
        # lines 6-7: a long string over two lines, numbers, a boolean
        (
            ":s2",
            ":long",
            lit(f"line one{nl}line two"),
            (6, 1, 7, 12),
            f':s2 :long """line one{nl}line two"""',
        ),
        (":s2", ":n", lit("42", XSD.integer), (7, 15, 7, 20), ":n 42"),
        (":s2", ":n", lit("-3.5", XSD.decimal), (7, 23, 7, 27), "-3.5"),
        (":s2", ":n", lit("1e3", XSD.double), (7, 30, 7, 33), "1e3"),
        (":s2", ":n", lit("true", XSD.boolean), (7, 36, 7, 40), "true"),
        # line 8: nested [ ] objects
        (":s3", ":obj", "?B1", (8, 1, 8, 39), ":s3 :obj [ :p1 :v1 ; :p2 [ :p3 :v3 ] ]"),
        ("?B1", ":p1", ":v1", (8, 12, 8, 19), ":p1 :v1"),
        ("?B1", ":p2", "?B2", (8, 22, 8, 37), ":p2 [ :p3 :v3 ]"),
        ("?B2", ":p3", ":v3", (8, 28, 8, 35), ":p3 :v3"),
        # line 9: [ ] as subject with more pairs; line 10: [ ] alone
        ("?B3", ":in", ":x", (9, 3, 9, 9), ":in :x"),
        ("?B3", ":out", ":y", (9, 1, 9, 19), "[ :in :x ] :out :y"),
        ("?B4", ":only", ":z", (10, 3, 10, 11), ":only :z"),
        # line 11: a collection object
        (":s4", ":list", "?C1", (11, 1, 11, 20), ":s4 :list ( :a :b )"),
        ("?C1", "first", ":a", (11, 13, 11, 15), ":a"),
        ("?C1", "rest", "?C2", (11, 16, 11, 18), ":b"),
        ("?C2", "first", ":b", (11, 16, 11, 18), ":b"),
        ("?C2", "rest", "nil", (11, 19, 11, 20), ")"),
        # line 12: a collection subject holding a nested collection
        ("?unorderedD1", ":q", ":e", (12, 1, 12, 20), "( :c ( :d ) ) :q :e"),
        ("?unorderedD1", "first", ":c", (12, 3, 12, 5), ":c"),
        ("?unorderedD1", "rest", "?D2", (12, 6, 12, 12), "( :d )"),
        ("?D2", "first", "?D3", (12, 6, 12, 12), "( :d )"),
        ("?D2", "rest", "nil", (12, 13, 12, 14), ")"),
        ("?D3", "first", ":d", (12, 8, 12, 10), ":d"),
        ("?D3", "rest", "nil", (12, 11, 12, 12), ")"),
        # line 13: () and [] objects; line 14: [] subject
        (":s5", ":empty", "nil", (13, 1, 13, 14), ":s5 :empty ()"),
        (":s5", ":blank", "?B5", (13, 17, 13, 26), ":blank []"),
        ("?B6", ":from", ":anon", (14, 1, 14, 15), "[] :from :anon"),
        # line 15: tabs and non-BMP characters before tokens
        (grin, ":p", lit("\U0001f600"), (15, 2, 15, 11), f'{grin}\t:p\t"\U0001f600"'),
        (grin, ":p", ":o3", (15, 14, 15, 17), ":o3"),
        # lines 16-18: comments between tokens
        (":s7", ":p", ":o", (16, 1, 18, 5), f":s7 # comment \U0001f600{nl}  :p # another{nl}  :o"),
        # line 19: blank node labels, a datatype IRI
        ("?L1", ":p", "?L2", (19, 1, 19, 13), "_:b1 :p _:b2"),
        ("?L1", ":p", lit("x", URIRef(EX + "dt")), (19, 16, 19, 35), '"x"^^<http://ex/dt>'),
        # line 21: a trailing ';'
        (":s8", ":p", ":o", (21, 1, 21, 10), ":s8 :p :o"),
        # line 22: a collection of a collection, (), [ ] as items
        (":s9", ":p", "?E1", (22, 1, 22, 31), ":s9 :p ( ( :i ) () [ :q :r ] )"),
        ("?E1", "first", "?F1", (22, 10, 22, 16), "( :i )"),
        ("?F1", "first", ":i", (22, 12, 22, 14), ":i"),
        ("?F1", "rest", "nil", (22, 15, 22, 16), ")"),
        ("?E1", "rest", "?E2", (22, 17, 22, 19), "()"),
        ("?E2", "first", "nil", (22, 17, 22, 19), "()"),
        ("?E2", "rest", "?E3", (22, 20, 22, 29), "[ :q :r ]"),
        ("?E3", "first", "?B7", (22, 20, 22, 29), "[ :q :r ]"),
        ("?B7", ":q", ":r", (22, 22, 22, 27), ":q :r"),
        ("?E3", "rest", "nil", (22, 30, 22, 31), ")"),
        # line 23: single quotes with a region subtag, a long string holding quotes
        (":s10", ":p", lit("single", lang="en-GB"), (23, 1, 23, 23), ":s10 :p 'single'@en-GB"),
        (":s10", ":q", lit('a "q" b'), (23, 26, 23, 42), ':q """a "q" b"""'),
    ]


TURTLE_SUBJECTS: dict[str, list[tuple[int, int, int, int]]] = {
    ":s": [(3, 1, 3, 3), (20, 1, 20, 3)],
    ":s2": [(6, 1, 6, 4)],
    ":s3": [(8, 1, 8, 4)],
    "?B1": [(8, 10, 8, 39)],
    "?B2": [(8, 26, 8, 37)],
    "?B3": [(9, 1, 9, 11)],
    "?B4": [(10, 1, 10, 13)],
    ":s4": [(11, 1, 11, 4)],
    "?C1": [(11, 13, 11, 15)],
    "?C2": [(11, 16, 11, 18)],
    "?unorderedD1": [(12, 1, 12, 14), (12, 3, 12, 5)],  # the collection as subject, and its item
    "?D2": [(12, 6, 12, 12)],
    "?D3": [(12, 8, 12, 10)],
    ":s5": [(13, 1, 13, 4)],
    "?B5": [],  # [] as an object is no subject
    "?B6": [(14, 1, 14, 3)],
    ":\U0001f600": [(15, 2, 15, 4)],
    ":s7": [(16, 1, 16, 4)],
    "?L1": [(19, 1, 19, 5)],
    "?L2": [],
    ":s8": [(21, 1, 21, 4)],
    ":s9": [(22, 1, 22, 4)],
    "?E1": [(22, 10, 22, 16)],
    "?E2": [(22, 17, 22, 19)],
    "?E3": [(22, 20, 22, 29)],
    "?F1": [(22, 12, 22, 14)],
    "?B7": [(22, 20, 22, 29)],
    ":s10": [(23, 1, 23, 5)],
    ":o1": [],
    ":p": [],
    "nil": [],
}

NEWLINES = pytest.mark.parametrize("nl", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])


def turtle_doc(nl: str) -> str:
    return nl.join(TURTLE_LINES) + nl


def subjects_in(
    table: dict[str, list[tuple[int, int, int, int]]],
) -> dict[Any, list[tuple[int, int, int, int]]]:
    return {term(k): v for k, v in table.items()}


@NEWLINES
def test_turtle_hand_spans_cut_their_text(nl: str) -> None:
    """The hand-written spans themselves: each cuts exactly the text written beside it (a check
    of this file's numbers, independent of the code under test)."""
    text = turtle_doc(nl)
    for _, span, want in expand(turtle_rows(nl)):
        assert cut(text, span) == want, span
    for places in TURTLE_SUBJECTS.values():
        for place in places:
            assert not cut(text, place).startswith((" ", "\t")) and cut(text, place)


@NEWLINES
@pytest.mark.parametrize("chunk", [None, 1, 16])
def test_turtle_golden(nl: str, chunk: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if chunk is not None:
        small_chunks(monkeypatch, chunk)
    text = turtle_doc(nl)
    sm = SourceMap()
    g = Graph().parse(data=text, format="strict-turtle", source_map=sm)
    rows = expand(turtle_rows(nl))
    binding = check_golden(text, rows, statements_of(g), sm.statement, len(sm))
    assert len(g) == len({stmt for stmt, _, _ in rows})
    assert sm.sources == (DATA,)
    check_subjects(sm, binding, subjects_in(TURTLE_SUBJECTS))
    assert sm.statement((URIRef(EX + "nothing"), URIRef(EX + "p"), URIRef(EX + "o"))) == ()


@NEWLINES
def test_turtle_golden_through_iterparse(nl: str) -> None:
    text = turtle_doc(nl)
    found: dict[tuple[Any, ...], list[Span]] = {}
    n = 0
    for s, p, o, g, span in iterparse(data=text, format="turtle", positions=True):
        assert g is None
        found.setdefault((s, p, o), []).append(span)
        n += 1
    check_golden(text, expand(turtle_rows(nl)), list(found), lambda t: tuple(found.get(t, ())), n)


def test_turtle_golden_from_a_file(tmp_path: Path) -> None:
    """A file's spans name its path; bytes with CRLF read the same as text."""
    path = tmp_path / "golden.ttl"
    text = turtle_doc("\r\n")
    path.write_bytes(text.encode("utf-8"))
    sm = SourceMap()
    g = Graph().parse(str(path), format="strict-turtle", source_map=sm)
    rows = expand(turtle_rows("\r\n"), source=str(path))
    binding = check_golden(text, rows, statements_of(g), sm.statement, len(sm))
    assert sm.sources == (str(path),)
    check_subjects(sm, binding, subjects_in(TURTLE_SUBJECTS), source=str(path))
    # iterparse names the path it was given too.
    spans = [span for *_, span in iterparse(str(path), positions=True)]
    assert sorted(spans) == sorted(span for _, span, _ in rows)


# --- 1. golden N-Triples and N-Quads -------------------------------------------------------------

XSD_INT = "<http://www.w3.org/2001/XMLSchema#integer>"
NT_LINES = [
    "<http://ex/s> <http://ex/p> <http://ex/o> .",  # 1
    '\t_:b1\t<http://ex/p>\t"x\U0001f600y"@en\t.\t# comment',  # 2
    f'<http://ex/s><http://ex/p>"1"^^{XSD_INT}.',  # 3
    "# a comment line",  # 4
    "",  # 5
    "   <http://ex/s> <http://ex/p> <http://ex/o>   .   ",  # 6
    "_:b1 <http://ex/q> _:b2 .",  # 7
]
NT_ROWS = [
    (":s", ":p", ":o", (1, 1, 1, 44), "<http://ex/s> <http://ex/p> <http://ex/o> ."),
    (":s", ":p", ":o", (6, 4, 6, 49), "<http://ex/s> <http://ex/p> <http://ex/o>   ."),
    ("?b1", ":p", lit("x\U0001f600y", lang="en"), (2, 2, 2, 31), '_:b1\t<http://ex/p>\t"x\U0001f600y"@en\t.'),
    (":s", ":p", lit("1", XSD.integer), (3, 1, 3, 75), f'<http://ex/s><http://ex/p>"1"^^{XSD_INT}.'),
    ("?b1", ":q", "?b2", (7, 1, 7, 26), "_:b1 <http://ex/q> _:b2 ."),
]
NT_SUBJECTS = {
    ":s": [(1, 1, 1, 14), (3, 1, 3, 14), (6, 4, 6, 17)],
    "?b1": [(2, 2, 2, 6), (7, 1, 7, 5)],
    "?b2": [],
    ":o": [],
}

NQ_LINES = [
    "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .",  # 1
    "<http://ex/s> <http://ex/p> <http://ex/o> .",  # 2
    '_:b <http://ex/p> "v" _:g .',  # 3
    "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g> .",  # 4
    '\t<http://ex/s>\t<http://ex/q>\t"\U0001f600"\t<http://ex/g>\t.',  # 5
]
NQ_ROWS = [
    (":s", ":p", ":o", ":g", (1, 1, 1, 58), NQ_LINES[0]),
    (":s", ":p", ":o", None, (2, 1, 2, 44), NQ_LINES[1]),
    ("?b", ":p", lit("v"), "?g", (3, 1, 3, 28), NQ_LINES[2]),
    (":s", ":p", ":o", ":g", (4, 1, 4, 58), NQ_LINES[3]),
    (":s", ":q", lit("\U0001f600"), ":g", (5, 2, 5, 49), NQ_LINES[4].strip("\t")),
]
NQ_SUBJECTS = {
    ":s": [(1, 1, 1, 14), (2, 1, 2, 14), (4, 1, 4, 14), (5, 2, 5, 15)],
    "?b": [(3, 1, 3, 4)],
    "?g": [],  # a graph label is no subject
    ":g": [],
}


@NEWLINES
def test_line_format_hand_spans_cut_their_text(nl: str) -> None:
    for lines, rows, subjects in ((NT_LINES, NT_ROWS, NT_SUBJECTS), (NQ_LINES, NQ_ROWS, NQ_SUBJECTS)):
        text = nl.join(lines) + nl
        for _, span, want in expand(rows):
            assert cut(text, span) == want, span
        for places in subjects.values():
            for place in places:
                assert cut(text, place).strip() == cut(text, place) != ""


@NEWLINES
@pytest.mark.parametrize("chunk", [None, 1])
def test_ntriples_golden(nl: str, chunk: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if chunk is not None:
        small_chunks(monkeypatch, chunk)
    text = nl.join(NT_LINES) + nl
    sm = SourceMap()
    g = Graph().parse(data=text, format="strict-ntriples", source_map=sm)
    binding = check_golden(text, expand(NT_ROWS), statements_of(g), sm.statement, len(sm))
    assert sm.sources == (DATA,)
    check_subjects(sm, binding, subjects_in(NT_SUBJECTS))


@NEWLINES
@pytest.mark.parametrize("chunk", [None, 1])
def test_nquads_golden(nl: str, chunk: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if chunk is not None:
        small_chunks(monkeypatch, chunk)
    text = nl.join(NQ_LINES) + nl
    sm = SourceMap()
    ds = Dataset()
    ds.parse(data=text, format="strict-nquads", source_map=sm)
    binding = check_golden(text, expand(NQ_ROWS), statements_of(ds), sm.statement, len(sm))
    check_subjects(sm, binding, subjects_in(NQ_SUBJECTS))
    s, p, o = term(":s"), term(":p"), term(":o")
    # The default graph by None or by rdflib's name for it; a triple in any graph.
    assert sm.statement((s, p, o, None)) == (Span(DATA, 2, 1, 2, 44),)
    assert sm.statement((s, p, o, DATASET_DEFAULT_GRAPH_ID)) == (Span(DATA, 2, 1, 2, 44),)
    assert sm.statement((s, p, o)) == (
        Span(DATA, 1, 1, 1, 58),
        Span(DATA, 2, 1, 2, 44),
        Span(DATA, 4, 1, 4, 58),
    )
    assert sm.statement((s, p, o, term(":nowhere"))) == ()


def test_nquads_golden_through_iterparse() -> None:
    text = "\n".join(NQ_LINES) + "\n"
    got = list(iterparse(data=text, format="nquads", positions=True))
    rows = expand(NQ_ROWS)
    in_order = sorted(rows, key=lambda r: (r[1].line, r[1].column))
    assert [span for *_, span in got] == [span for _, span, _ in in_order]
    binding = resolve(
        list({stmt: None for stmt, _, _ in rows}), sorted({tuple(q[:4]) for q in got}, key=repr)
    )
    assert [tuple(q[:4]) for q in got] == [substitute(stmt, binding) for stmt, _, _ in in_order]

    # Without positions, the same 4-tuples as ever.
    def shape(q: Sequence[Any]) -> tuple[Any, ...]:  # each run has blank nodes of its own
        return tuple(None if isinstance(t, BNode) else t for t in q[:4])

    assert [shape(q) for q in iterparse(data=text, format="nquads")] == [shape(q) for q in got]


def test_ntriples_golden_through_iterparse() -> None:
    text = "\r\n".join(NT_LINES)  # no final line end
    got = list(iterparse(data=text, format="ntriples", positions=True))
    want = sorted((span for _, span, _ in expand(NT_ROWS)), key=lambda s: s.line)
    assert [span for *_, span in got] == want
    assert all(g is None for _, _, _, g, _ in got)


# --- 1. golden TriG ------------------------------------------------------------------------------

TRIG_LINES = [
    "@prefix : <http://ex/> .",  # 1
    "{ :a :b :c . }",  # 2
    ":g1 { :d :e :f ; :h [ :i :j ] . }",  # 3
    "GRAPH :g2 {",  # 4
    "  :k :l ( :m ) .",  # 5
    "  :a :b :c }",  # 6
    ":x :y :z .",  # 7
    ":g1 {:d :e :f}",  # 8
    "_:bg { [] :p :q }",  # 9
]
TRIG_ROWS = [
    (":a", ":b", ":c", None, (2, 3, 2, 11), ":a :b :c"),
    (":d", ":e", ":f", ":g1", (3, 7, 3, 15), ":d :e :f"),
    (":d", ":h", "?B", ":g1", (3, 18, 3, 30), ":h [ :i :j ]"),
    ("?B", ":i", ":j", ":g1", (3, 23, 3, 28), ":i :j"),
    (":k", ":l", "?C", ":g2", (5, 3, 5, 15), ":k :l ( :m )"),
    ("?C", "first", ":m", ":g2", (5, 11, 5, 13), ":m"),
    ("?C", "rest", "nil", ":g2", (5, 14, 5, 15), ")"),
    (":a", ":b", ":c", ":g2", (6, 3, 6, 11), ":a :b :c"),
    (":x", ":y", ":z", None, (7, 1, 7, 9), ":x :y :z"),
    (":d", ":e", ":f", ":g1", (8, 6, 8, 14), ":d :e :f"),
    ("?A", ":p", ":q", "?G", (9, 8, 9, 16), "[] :p :q"),
]
TRIG_SUBJECTS = {
    ":a": [(2, 3, 2, 5), (6, 3, 6, 5)],
    ":d": [(3, 7, 3, 9), (8, 6, 8, 8)],
    "?B": [(3, 21, 3, 30)],
    ":k": [(5, 3, 5, 5)],
    "?C": [(5, 11, 5, 13)],
    ":x": [(7, 1, 7, 3)],
    "?A": [(9, 8, 9, 10)],
    ":g1": [],  # graph labels are no subjects
    ":g2": [],
    "?G": [],
}


@NEWLINES
def test_trig_hand_spans_cut_their_text(nl: str) -> None:
    text = nl.join(TRIG_LINES) + nl
    for _, span, want in expand(TRIG_ROWS):
        assert cut(text, span) == want, span
    for places in TRIG_SUBJECTS.values():
        for place in places:
            assert cut(text, place).strip() == cut(text, place) != ""


@NEWLINES
@pytest.mark.parametrize("chunk", [None, 1])
def test_trig_golden(nl: str, chunk: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if chunk is not None:
        small_chunks(monkeypatch, chunk)
    text = nl.join(TRIG_LINES) + nl
    sm = SourceMap()
    ds = Dataset()
    ds.parse(data=text, format="strict-trig", source_map=sm)
    binding = check_golden(text, expand(TRIG_ROWS), statements_of(ds), sm.statement, len(sm))
    check_subjects(sm, binding, subjects_in(TRIG_SUBJECTS))
    a, b, c = term(":a"), term(":b"), term(":c")
    assert sm.statement((a, b, c)) == (Span(DATA, 2, 3, 2, 11), Span(DATA, 6, 3, 6, 11))
    assert sm.statement((a, b, c, None)) == (Span(DATA, 2, 3, 2, 11),)
    assert sm.statement((a, b, c, DATASET_DEFAULT_GRAPH_ID)) == (Span(DATA, 2, 3, 2, 11),)
    assert sm.statement((a, b, c, term(":g2"))) == (Span(DATA, 6, 3, 6, 11),)
    assert sm.statement((a, b, c, term(":g1"))) == ()


def test_trig_golden_through_iterparse() -> None:
    text = "\n".join(TRIG_LINES) + "\n"
    found: dict[tuple[Any, ...], list[Span]] = {}
    n = 0
    for s, p, o, g, span in iterparse(data=text, format="trig", positions=True):
        found.setdefault((s, p, o, g), []).append(span)
        n += 1
    check_golden(text, expand(TRIG_ROWS), list(found), lambda t: tuple(found.get(t, ())), n)


def test_span_is_a_named_tuple() -> None:
    span = Span("f.ttl", 1, 2, 3, 4)
    assert span._fields == ("source", "line", "column", "end_line", "end_column")
    assert span == ("f.ttl", 1, 2, 3, 4)
    assert (span.source, span.line, span.column, span.end_line, span.end_column) == ("f.ttl", 1, 2, 3, 4)
    sm = SourceMap()
    assert len(sm) == 0 and sm.sources == ()
    assert sm.statement((term(":s"), term(":p"), term(":o"))) == ()
    assert sm.subject(term(":s")) == ()


# --- 2. property test: generated Turtle -----------------------------------------------------------

PREFIXES = "@prefix : <http://ex/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
# Between tokens: spaces, tabs, every line end, comments (one ending in a lone CR).
WS_PIECES = [" ", "  ", "\t", "\n", "\r\n", "\r", " # c\n", "#\U0001f600\r\n", "# x\r"]
PLAIN_WS = [" ", "\t", "\n", "\r\n", "\r"]  # inside [] (no comments there)
# One or two pieces; WS_TOUCH also none (between tokens that may touch). One draw each.
WS_APART = WS_PIECES + [a + b for a in WS_PIECES for b in WS_PIECES]
WS_TOUCH = ["", *WS_APART]
SUBJECT_IRIS = [":s0", ":s1", "<http://ex/s9>", ":\U0001f600"]
PREDICATES = [":p0", ":p1", "a", "<http://ex/p9>"]
OBJECT_IRIS = [":o0", ":o1", "<http://ex/o9>"]
LABELS = ["_:b0", "_:b1"]
LITERALS: list[tuple[str, Literal]] = [
    ('"plain"', lit("plain")),
    ('"x y"@en', lit("x y", lang="en")),
    ('"5"^^xsd:integer', lit("5", XSD.integer)),
    ('"\U0001f600\\t"', lit("\U0001f600\t")),
    ("'''a\nb'''", lit("a\nb")),
    ('"""a\r\nb"""', lit("a\r\nb")),
    ("'''a\rb'''", lit("a\rb")),
    ("42", lit("42", XSD.integer)),
    ("-3.5", lit("-3.5", XSD.decimal)),
    ("1e3", lit("1e3", XSD.double)),
    ("+7", lit("+7", XSD.integer)),
    ("true", lit("true", XSD.boolean)),
    ("'s'@en-GB", lit("s", lang="en-GB")),
]


def ground_term(text: str) -> Any:
    if text.startswith("<"):
        return URIRef(text[1:-1])
    return term(text)


class Choices:
    """Choices read from one list hypothesis drew (one draw per example is far cheaper than a
    draw per choice; shrinking the list simplifies the document); 0 once it runs out."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.at = 0

    def next(self) -> int:
        self.at += 1
        return self.values[self.at - 1] if self.at <= len(self.values) else 0

    def pick(self, options: Sequence[Any]) -> Any:
        return options[self.next() % len(options)]

    def between(self, low: int, high: int) -> int:
        return low + self.next() % (high - low + 1)


class TurtleWriter:
    """Writes a random Turtle document and records, from the offsets of what it wrote, every
    statement's expected span and every subject's expected places."""

    def __init__(self, choices: Choices) -> None:
        self.c = choices
        self.parts: list[str] = [PREFIXES]
        self.pos = len(PREFIXES)
        self.last = "\n"
        self.vars = 0
        # (start, end, s, p, o, context): context is (subject text, predicate text, kind) for
        # the statements written as subject / predicate / object, None for collection ones.
        self.statements: list[tuple[int, int, Any, Any, Any, Any]] = []
        # Where each statement's object is written, [start, end), in the order of statements.
        self.objects: list[tuple[int, int]] = []
        self.subjects: list[tuple[Any, int, int]] = []

    def var(self) -> Var:
        self.vars += 1
        return Var(f"v{self.vars}")

    def _space(self, nxt: str) -> None:
        if nxt == ".":
            may_touch = self.last in "])\"';"
        else:
            may_touch = self.last in "[](),;" or nxt[0] in "[](),;"
        ws = self.c.pick(WS_TOUCH if may_touch else WS_APART)
        self.parts.append(ws)
        self.pos += len(ws)

    def tok(self, text: str) -> tuple[int, int]:
        self._space(text)
        start = self.pos
        self.parts.append(text)
        self.pos += len(text)
        self.last = "x" if text == "a" else text[-1]
        return start, self.pos

    def anon(self) -> tuple[Var, int, int]:
        inside = self.c.pick(["", *PLAIN_WS, " \r\n\t"])
        start, end = self.tok("[" + inside + "]")
        return self.var(), start, end

    def obj(self, depth: int) -> tuple[Any, int, int]:
        kinds = ["iri", "literal", "label"] + (["bracket", "anon", "collection"] if depth < 2 else [])
        kind = self.c.pick(kinds)
        if kind in ("iri", "literal", "label"):
            if kind == "iri":
                text = self.c.pick(OBJECT_IRIS)
                value: Any = ground_term(text)
            elif kind == "literal":
                text, value = self.c.pick(LITERALS)
            else:
                text = self.c.pick(LABELS)
                value = Var(text)
            start, end = self.tok(text)
            return value, start, end
        if kind == "anon":
            return self.anon()
        if kind == "bracket":
            node = self.var()
            start, _ = self.tok("[")
            self.pairs(node, None, "[]", depth + 1)
            _, end = self.tok("]")
            self.subjects.append((node, start, end))
            return node, start, end
        return self.collection(depth, 0)

    def collection(self, depth: int, least: int) -> tuple[Any, int, int]:
        start, _ = self.tok("(")
        items = [self.obj(depth + 1) for _ in range(self.c.between(least, 3))]
        close, end = self.tok(")")
        if not items:
            return RDF.nil, start, end
        cells = [self.var() for _ in items]
        for k, (item, a, b) in enumerate(items):
            self.statements.append((a, b, cells[k], RDF.first, item, None))
            self.objects.append((a, b))
            if k:
                self.statements.append((a, b, cells[k - 1], RDF.rest, cells[k], None))
                self.objects.append((a, b))  # the cell, placed at the item it carries
            self.subjects.append((cells[k], a, b))
        self.statements.append((close, end, cells[-1], RDF.rest, RDF.nil, None))
        self.objects.append((close, end))
        return cells[0], start, end

    def pairs(self, subject: Any, first: int | None, subject_text: str | None, depth: int) -> None:
        """A predicateObjectList; ``first``: where its first statement starts (the subject),
        None when that is its predicate (inside [ ])."""
        for i in range(self.c.between(1, 3)):
            if i:
                self.tok(";")
            pred_text = self.c.pick(PREDICATES)
            pred = ground_term(pred_text)
            pstart, _ = self.tok(pred_text)
            for j in range(self.c.between(1, 3)):
                if j:
                    self.tok(",")
                value, ostart, oend = self.obj(depth)
                if i == 0 and j == 0 and first is not None:
                    start, kind = first, "subject"
                elif j == 0:
                    start, kind = pstart, "predicate"
                else:
                    start, kind = ostart, "object"
                self.statements.append((start, oend, subject, pred, value, (subject_text, pred_text, kind)))
                self.objects.append((ostart, oend))
        for _ in range(self.c.between(0, 2)):
            self.tok(";")

    def statement(self) -> None:
        kind = self.c.pick(["iri", "label", "bracket", "alone", "anon", "collection"])
        if kind in ("iri", "label"):
            text = self.c.pick(SUBJECT_IRIS if kind == "iri" else LABELS)
            node = ground_term(text) if kind == "iri" else Var(text)
            start, end = self.tok(text)
            self.subjects.append((node, start, end))
            self.pairs(node, start, text, 0)
        elif kind in ("bracket", "alone"):
            node = self.var()
            start, _ = self.tok("[")
            self.pairs(node, None, "[]", 1)
            _, end = self.tok("]")
            self.subjects.append((node, start, end))
            if kind == "bracket":
                self.pairs(node, start, "[]", 0)
        elif kind == "anon":
            node, start, end = self.anon()
            self.subjects.append((node, start, end))
            self.pairs(node, start, "[]", 0)
        else:
            node, start, end = self.collection(0, 1)
            self.subjects.append((node, start, end))
            self.pairs(node, start, "[]", 0)
        self.tok(".")

    def document(self) -> str:
        for _ in range(self.c.between(1, 4)):
            self.statement()
        tail = self.c.pick(["", "\n", "\r\n", " # end"])
        self.parts.append(tail)
        return "".join(self.parts)


def bind(binding: dict[Var, Any], pattern: Any, actual: Any) -> None:
    """Extend ``binding`` with pattern -> actual, asserting it stays a consistent bijection."""
    if isinstance(pattern, Var):
        assert isinstance(actual, BNode), (pattern, actual)
        if pattern in binding:
            assert binding[pattern] == actual, pattern
        else:
            assert actual not in binding.values(), (pattern, actual)
            binding[pattern] = actual
    else:
        assert not isinstance(actual, BNode) and exact(pattern) == exact(actual), (pattern, actual)


def reparsed(text: str) -> list[tuple[Any, Any, Any]]:
    return [(s, p, o) for s, p, o, _ in iterparse(data=PREFIXES + text, format="turtle")]


def like(pattern: Any, actual: Any) -> bool:
    if isinstance(pattern, Var):
        return isinstance(actual, BNode)
    return not isinstance(actual, BNode) and exact(pattern) == exact(actual)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 1 << 16), min_size=60, max_size=400))
def test_turtle_property(choices: list[int]) -> None:
    writer = TurtleWriter(Choices(choices))
    text = writer.document()
    starts = line_starts(text)
    sm = SourceMap()
    g = Graph().parse(data=text, format="strict-turtle", source_map=sm)

    # Expected: (span, predicate) names one written statement.
    want: dict[tuple[Span, Any], tuple[Any, Any]] = {}
    order: dict[tuple[Any, Any, Any], list[Span]] = {}
    for a, b, s, p, o, _ in writer.statements:
        span = span_at(starts, a, b)
        assert (span, p) not in want
        want[(span, p)] = (s, o)
        order.setdefault((s, p, o), []).append(span)
    got: dict[tuple[Span, Any], tuple[Any, Any]] = {}
    for s, p, o in g:
        for span in sm.statement((s, p, o)):
            assert (span, p) not in got, span
            got[(span, p)] = (s, o)
    assert sorted(got, key=repr) == sorted(want, key=repr)
    assert len(sm) == len(writer.statements)
    binding: dict[Var, Any] = {}
    for key, (s, o) in want.items():
        bind(binding, s, got[key][0])
        bind(binding, o, got[key][1])
    assert len(g) == len(order)
    for stmt, spans in order.items():
        assert sm.statement(substitute(stmt, binding)) == tuple(spans), stmt

    # Subjects: every place each node was written as a subject (order aside).
    places: dict[Any, list[Span]] = {}
    for node, a, b in writer.subjects:
        places.setdefault(node, []).append(span_at(starts, a, b))
    for node, spans in places.items():
        assert sorted(sm.subject(binding.get(node, node) if isinstance(node, Var) else node)) == sorted(spans)

    # Each span, cut out of the text, parses (with its subject and predicate) to its statement.
    for a, b, s, p, o, context in writer.statements:
        if context is None:
            continue
        subject_text, pred_text, kind = context
        piece = cut(text, span_at(starts, a, b))
        assert piece == text[a:b]
        doc = {"subject": "", "predicate": f"{subject_text} ", "object": f"{subject_text} {pred_text} "}[kind]
        found = reparsed(doc + piece + " .")
        assert any(like(s, s2) and p == p2 and like(o, o2) for s2, p2, o2 in found), (doc + piece, found)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 1 << 16), min_size=60, max_size=400))
def test_turtle_objects_property(choices: list[int]) -> None:
    """Each statement's object is placed where the generator wrote it: the token, a whole
    ``[ ... ]`` or ``( ... )``, a collection's cell at its item, ``rdf:nil`` at the ')'."""
    writer = TurtleWriter(Choices(choices))
    text = writer.document()
    starts = line_starts(text)
    sm = SourceMap()
    g = Graph().parse(data=text, format="strict-turtle", source_map=sm)
    want = sorted(
        (span_at(starts, a, b), p, span_at(starts, *obj))
        for (a, b, _, p, _, _), obj in zip(writer.statements, writer.objects, strict=True)
    )
    got = sorted(
        (span, p, obj)
        for s, p, o in g
        for span, obj in zip(sm.statement((s, p, o)), sm.object((s, p, o)), strict=True)
    )
    assert got == want


# --- 2. property test: generated N-Triples and N-Quads -------------------------------------------

NT_TERMS = ["<http://ex/a>", "<http://ex/\U0001f600>", "_:b0", "_:x.y"]
NT_OBJECTS = [
    *NT_TERMS,
    '"plain"',
    '"q\\"\\u00E9\\U0001F600"@en-GB',
    '"\U0001f600\t"',
    f'"7"^^{XSD_INT}',
    '""',
]
NT_GRAPHS = ["", "<http://ex/g>", "_:g0"]


class LineDocument(NamedTuple):
    text: str
    written: list[tuple[int, int, str]]  # start, end, text of each statement
    subjects: dict[str, list[tuple[int, int]]]  # each subject token's places
    objects: list[tuple[int, int]]  # where each statement's object is, as written


def line_document(values: list[int], quads: bool) -> LineDocument:
    """Generated N-Triples or N-Quads: the text and, from the offsets written, the places."""
    c = Choices(values)
    blank, gap = ["", " ", "\t", " \t"], [" ", "\t", "\t "]
    parts: list[str] = []
    pos = 0
    written: list[tuple[int, int, str]] = []
    subjects: dict[str, list[tuple[int, int]]] = {}
    objects: list[tuple[int, int]] = []
    for _ in range(c.between(1, 8)):
        lead = c.pick(["", "# note\U0001f600", "\t", ""])
        eol = c.pick(["\n", "\r\n", "\r"])
        if lead.startswith("#"):
            parts.append(lead + eol)
            pos += len(lead + eol)
            continue
        terms = [c.pick(NT_TERMS), c.pick(["<http://ex/p>", "<http://ex/q>"]), c.pick(NT_OBJECTS)]
        if quads and c.pick(NT_GRAPHS):
            terms.append(c.pick(NT_GRAPHS[1:]))
        stmt = terms[0]
        for k, t in enumerate([*terms[1:], "."], 1):
            # Only an IRI or a plain / datatyped string may touch what follows.
            stmt += c.pick(blank if stmt.endswith((">", '"')) else gap) + t
            if k == 2:
                object_end = len(stmt)
        pre = lead + c.pick(blank)
        post = c.pick(["", " ", "\t# c", " #"])
        line = pre + stmt + post + eol
        written.append((pos + len(pre), pos + len(pre) + len(stmt), stmt))
        subjects.setdefault(terms[0], []).append((pos + len(pre), pos + len(pre) + len(terms[0])))
        objects.append((pos + len(pre) + object_end - len(terms[2]), pos + len(pre) + object_end))
        parts.append(line)
        pos += len(line)
    return LineDocument("".join(parts), written, subjects, objects)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 1 << 16), min_size=20, max_size=200), st.booleans())
def test_line_format_property(values: list[int], quads: bool) -> None:
    """Every statement's span is its text from subject to '.', whatever the spaces, comments,
    blank lines and line ends around it; every subject's, its subject token."""
    text, written, subjects, _ = line_document(values, quads)
    starts = line_starts(text)
    sm = SourceMap()
    sink = Dataset() if quads else Graph()
    sink.parse(data=text, format="strict-nquads" if quads else "strict-ntriples", source_map=sm)
    assert len(sm) == len(written)
    spans = sorted(
        (span for stmt in statements_of(sink) for span in sm.statement(stmt)),
        key=lambda s: (s.line, s.column),
    )
    assert spans == [span_at(starts, a, b) for a, b, _ in written]
    for span, (_, _, stmt) in zip(spans, written, strict=True):
        assert cut(text, span) == stmt
    for token, places in subjects.items():
        want = [span_at(starts, a, b) for a, b in places]
        if token.startswith("<"):
            assert sm.subject(URIRef(token[1:-1])) == tuple(want)
        else:  # the one blank node whose subject places start with this token's first place
            (node,) = {s for s in {q[0] for q in statements_of(sink)} if sm.subject(s)[:1] == tuple(want[:1])}
            assert sm.subject(node) == tuple(want)
    streamed = [q[4] for q in iterparse(data=text, format="nquads" if quads else "ntriples", positions=True)]
    assert streamed == spans


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 1 << 16), min_size=20, max_size=200), st.booleans())
def test_line_format_objects_property(values: list[int], quads: bool) -> None:
    """Every statement's object is placed on its token (a literal with its language or
    datatype), not on the graph label or the '.'."""
    text, written, _, objects = line_document(values, quads)
    starts = line_starts(text)
    sm = SourceMap()
    sink = Dataset() if quads else Graph()
    sink.parse(data=text, format="strict-nquads" if quads else "strict-ntriples", source_map=sm)
    got = sorted(
        pair for stmt in statements_of(sink) for pair in zip(sm.statement(stmt), sm.object(stmt), strict=True)
    )
    want = sorted(
        (span_at(starts, a, b), span_at(starts, *place))
        for (a, b, _), place in zip(written, objects, strict=True)
    )
    assert got == want
    for _, obj in got:
        assert cut(text, obj).startswith(("<", "_:", '"'))


# --- 3. robustness -------------------------------------------------------------------------------


def test_spans_across_one_mib_reads() -> None:
    """Over 1 MiB (one read) of N-Triples and of Turtle, with non-BMP characters (4 UTF-8 bytes,
    one column) and long strings over two lines, so that read boundaries fall inside
    statements: every span is still where the statement's line says."""
    n = 1100
    pad = "\U0001f600" * 100 + "x" * 700  # 800 columns, 1,100 bytes
    nt = "".join(f'<http://ex/s{i}> <http://ex/p> "{pad}" .\n' for i in range(n))
    assert len(nt.encode()) > 1 << 20
    sm = SourceMap()
    Graph().parse(data=nt.encode(), format="strict-ntriples", source_map=sm)
    assert len(sm) == n
    p, o = URIRef(EX + "p"), Literal(pad)
    for i in range(n):
        s = URIRef(f"{EX}s{i}")
        width = len(f"<http://ex/s{i}>")
        assert sm.statement((s, p, o)) == (Span(DATA, i + 1, 1, i + 1, width + 820),)
        assert sm.subject(s) == (Span(DATA, i + 1, 1, i + 1, width + 1),)

    ttl = "@prefix : <http://ex/> .\n" + "".join(
        f':s{i} :p """{pad}\n{pad}""" ;\n  :q {i} .\n' for i in range(n)
    )
    assert len(ttl.encode()) > 2 << 20
    sm = SourceMap()
    Graph().parse(data=ttl.encode(), format="strict-turtle", source_map=sm)
    assert len(sm) == 2 * n
    q, long = URIRef(EX + "q"), Literal(f"{pad}\n{pad}")
    for i in range(n):
        s, line = URIRef(f"{EX}s{i}"), 2 + 3 * i
        width = len(f":s{i}")
        assert sm.statement((s, p, long)) == (Span(DATA, line, 1, line + 1, 804),)
        number = lit(str(i), XSD.integer)
        assert sm.statement((s, q, number)) == (Span(DATA, line + 2, 3, line + 2, 6 + len(str(i))),)
        assert sm.subject(s) == (Span(DATA, line, 1, line, width + 1),)


def snapshot(sm: SourceMap, statements: Sequence[tuple[Any, ...]], nodes: Sequence[Any]) -> Any:
    return (
        len(sm),
        sm.sources,
        [sm.statement(t) for t in statements],
        [sm.subject(n) for n in nodes],
    )


GOOD_TTL = "@prefix : <http://ex/> .\n:a :b :c ; :d :e .\n"
BAD_TTL = "@prefix : <http://ex/> .\n:a :b :f .\n:x :y :z .\n:a :b <not an iri> .\n"
BAD_NT = "<http://ex/a> <http://ex/b> <http://ex/f> .\n<http://ex/x> <http://ex/y> <http://ex/z> .\n<bad\n"


@pytest.mark.parametrize("chunk", [None, 8])
def test_failed_parse_leaves_the_map_as_it_was(chunk: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """All or nothing, as the graph: the statements before the error (even ones read chunks
    earlier) leave no span, and the source is not listed."""
    if chunk is not None:
        small_chunks(monkeypatch, chunk)
    a, b, c, d, e, f = (term(f":{x}") for x in "abcdef")
    x, y, z = (term(f":{v}") for v in "xyz")
    sm = SourceMap()
    g = Graph().parse(data=GOOD_TTL, format="strict-turtle", source_map=sm)
    watched = [(a, b, c), (a, d, e), (a, b, f), (x, y, z)]
    before = snapshot(sm, watched, [a, x])
    assert before == (
        2,
        (DATA,),
        [(Span(DATA, 2, 1, 2, 9),), (Span(DATA, 2, 12, 2, 17),), (), ()],
        [(Span(DATA, 2, 1, 2, 3),), ()],
    )
    for data, fmt in ((BAD_TTL, "strict-turtle"), (BAD_NT, "strict-ntriples")):
        with pytest.raises(ParseError):
            g.parse(data=data, format=fmt, source_map=sm)
        assert snapshot(sm, watched, [a, x]) == before
    with pytest.raises(ParseError):
        Dataset().parse(
            data="<http://ex/a> <http://ex/b> <http://ex/c> <http://ex/g> .\n<x",
            format="strict-nquads",
            source_map=sm,
        )
    with pytest.raises(ParseError):
        Dataset().parse(
            data="@prefix : <http://ex/> .\n:g { :x :y :z }\n:g { :a", format="strict-trig", source_map=sm
        )
    assert snapshot(sm, watched, [a, x]) == before
    assert sm.statement((a, b, c, term(":g"))) == ()

    fresh = SourceMap()
    with pytest.raises(ParseError):
        Graph().parse(data=BAD_TTL, format="strict-turtle", source_map=fresh)
    assert len(fresh) == 0 and fresh.sources == () and fresh.statement((x, y, z)) == ()


ON_ERROR_NT = (
    "<http://ex/a> <http://ex/b> <http://ex/c> .\n"
    '<http://ex/a> <http://ex/b> "bad\n'
    "\t<http://ex/x> <http://ex/y> <http://ex/z> .\n"
)


def test_on_error_skipped_statements_have_no_spans() -> None:
    errors: list[ParseError] = []
    sm = SourceMap()
    nt = ON_ERROR_NT
    g = Graph().parse(data=nt, format="strict-ntriples", source_map=sm, on_error=errors.append)
    assert len(errors) == 1 and len(g) == 2 and len(sm) == 2
    a, b, c = term(":a"), term(":b"), term(":c")
    x, y, z = term(":x"), term(":y"), term(":z")
    assert sm.statement((a, b, c)) == (Span(DATA, 1, 1, 1, 44),)
    assert sm.statement((x, y, z)) == (Span(DATA, 3, 2, 3, 45),)
    assert sm.subject(a) == (Span(DATA, 1, 1, 1, 14),)

    errors.clear()
    sm = SourceMap()
    ttl = "@prefix : <http://ex/> .\n:a :b :c .\n:d :e <http://ex/no space> .\n  :x :y :z ; :b :c .\n"
    g = Graph().parse(data=ttl, format="strict-turtle", source_map=sm, on_error=errors.append)
    assert len(errors) == 1 and len(g) == 3 and len(sm) == 3
    assert sm.statement((a, b, c)) == (Span(DATA, 2, 1, 2, 9),)
    assert sm.statement((x, y, z)) == (Span(DATA, 4, 3, 4, 11),)
    assert sm.statement((x, b, c)) == (Span(DATA, 4, 14, 4, 19),)
    assert sm.subject(term(":d")) == ()
    assert sm.subject(x) == (Span(DATA, 4, 3, 4, 5),)


def test_two_files_into_one_map(tmp_path: Path) -> None:
    first, second = tmp_path / "one.ttl", tmp_path / "two.nt"
    first.write_text("@prefix : <http://ex/> .\n\n:a :b :c ; :b :d .\n", encoding="utf-8")
    second.write_text("<http://ex/a> <http://ex/b> <http://ex/c> .\n", encoding="utf-8")
    sm = SourceMap()
    g = Graph()
    g.parse(str(first), format="strict-turtle", source_map=sm)
    g.parse(str(second), format="strict-ntriples", source_map=sm)
    one, two = str(first), str(second)
    assert sm.sources == (one, two)
    assert len(sm) == 3 and len(g) == 2
    a, b, c, d = (term(f":{x}") for x in "abcd")
    assert sm.statement((a, b, c)) == (Span(one, 3, 1, 3, 9), Span(two, 1, 1, 1, 44))
    assert sm.statement((a, b, d)) == (Span(one, 3, 12, 3, 17),)
    assert sm.subject(a) == (Span(one, 3, 1, 3, 3), Span(two, 1, 1, 1, 14))
    # A third parse of text, into another graph, adds to the same map.
    Graph().parse(data="<http://ex/a> <http://ex/b> <http://ex/d> .", format="strict-ntriples", source_map=sm)
    assert sm.sources == (one, two, DATA)
    assert sm.statement((a, b, d)) == (Span(one, 3, 12, 3, 17), Span(DATA, 1, 1, 1, 44))


@pytest.mark.parametrize("bad", [{}, [], "map", object(), 1])
@pytest.mark.parametrize("fmt", ["strict-turtle", "strict-ntriples", "strict-nquads", "strict-trig"])
def test_source_map_must_be_a_source_map(bad: Any, fmt: str) -> None:
    sink = Dataset() if fmt in ("strict-nquads", "strict-trig") else Graph()
    with pytest.raises((TypeError, ValueError)):
        sink.parse(data="<http://ex/a> <http://ex/b> <http://ex/c> .\n", format=fmt, source_map=bad)
    assert len(sink) == 0


def test_iterparse_positions_match_the_source_map(tmp_path: Path) -> None:
    """iterparse(positions=True) yields, statement by statement, the spans a SourceMap holds,
    and names a file by the path it was given."""
    path = tmp_path / "data.trig"
    text = "\n".join(TRIG_LINES) + "\n"
    path.write_text(text, encoding="utf-8")
    sm = SourceMap()
    ds = Dataset()
    ds.parse(str(path), format="strict-trig", source_map=sm)
    streamed = [span for *_, span in iterparse(str(path), positions=True)]
    held = sorted(span for q in statements_of(ds) for span in sm.statement(q))
    assert sorted(streamed) == held
    assert held == sorted(span for _, span, _ in expand(TRIG_ROWS, source=str(path)))


# Characters Python's str.splitlines() takes for line ends; RDF does not (only LF, CR, CRLF).
NOT_LINE_ENDS = "\u2028\u2029\x85\x0b\x0c\x1c\x1d\x1e"


def test_only_lf_cr_and_crlf_end_lines() -> None:
    nt = f'<http://ex/a> <http://ex/b> "{NOT_LINE_ENDS}" .\r\n<http://ex/c> <http://ex/d> <http://ex/e> .\n'
    sm = SourceMap()
    Graph().parse(data=nt, format="strict-ntriples", source_map=sm)
    a, b, c, d, e = (term(f":{x}") for x in "abcde")
    assert sm.statement((a, b, lit(NOT_LINE_ENDS))) == (Span(DATA, 1, 1, 1, 41),)
    assert sm.statement((c, d, e)) == (Span(DATA, 2, 1, 2, 44),)

    ttl = f'@prefix : <http://ex/> .\n:a :b """{NOT_LINE_ENDS}\r{NOT_LINE_ENDS}""" . :c :d :e .\n'
    sm = SourceMap()
    Graph().parse(data=ttl, format="strict-turtle", source_map=sm)
    assert sm.statement((a, b, lit(f"{NOT_LINE_ENDS}\r{NOT_LINE_ENDS}"))) == (Span(DATA, 2, 1, 3, 12),)
    assert sm.statement((c, d, e)) == (Span(DATA, 3, 15, 3, 23),)
    assert sm.subject(c) == (Span(DATA, 3, 15, 3, 17),)
    assert cut(ttl, (3, 15, 3, 23)) == ":c :d :e"
    assert cut(nt, (1, 1, 1, 41)).endswith('" .')


def test_written_escapes_directives_and_statements_over_lines() -> None:
    """Columns count the characters written (an escape is as wide as its text), relative IRIs
    and escaped local names span their written token, directives between statements change
    nothing, and a statement over several lines ends on the object's line."""
    ttl = (
        "@base <http://ex/> .\n"  # 1
        "PREFIX e: <http://ex/>\n"  # 2
        '<s> e:p <\\u00E9> , "\\U0001F600" .\n'  # 3
        "e:a\\.b e:p e:o .\n"  # 4
        "e:m\n"  # 5
        "  e:n\n"  # 6
        "\n"  # 7
        "    e:o .\n"  # 8
    )
    sm = SourceMap()
    g = Graph().parse(data=ttl, format="strict-turtle", source_map=sm)
    s, p, o = term(":s"), term(":p"), term(":o")
    rows = [
        ((s, p, URIRef(EX + "\u00e9")), (3, 1, 3, 17), "<s> e:p <\\u00E9>"),
        ((s, p, lit("\U0001f600")), (3, 20, 3, 32), '"\\U0001F600"'),
        ((URIRef(EX + "a.b"), p, o), (4, 1, 4, 15), "e:a\\.b e:p e:o"),
        ((term(":m"), term(":n"), o), (5, 1, 8, 8), "e:m\n  e:n\n\n    e:o"),
    ]
    assert len(g) == len(rows) == len(sm)
    for stmt, pos, text in rows:
        assert cut(ttl, pos) == text
        assert sm.statement(stmt) == (Span(DATA, *pos),)
    assert sm.subject(s) == (Span(DATA, 3, 1, 3, 4),)
    assert sm.subject(URIRef(EX + "a.b")) == (Span(DATA, 4, 1, 4, 7),)

    # Turtle into a Dataset: its statements are in the default graph.
    sm = SourceMap()
    Dataset().parse(data=ttl, format="strict-turtle", source_map=sm)
    for stmt, pos, _ in rows:
        assert sm.statement(stmt) == sm.statement((*stmt, None)) == (Span(DATA, *pos),)
        assert sm.statement((*stmt, DATASET_DEFAULT_GRAPH_ID)) == (Span(DATA, *pos),)


def test_trig_blank_labels_and_top_level_brackets() -> None:
    trig = (
        "PREFIX : <http://ex/>\n"  # 1
        "[] { :a :b :c }\n"  # 2
        "[ :p :o ] :q :r .\n"  # 3
        "( :x ) :p :o .\n"  # 4
        "GRAPH [] { :d :e :f }\n"  # 5
    )
    rows = expand(
        [
            (":a", ":b", ":c", "?G1", (2, 6, 2, 14), ":a :b :c"),
            ("?B", ":p", ":o", None, (3, 3, 3, 8), ":p :o"),
            ("?B", ":q", ":r", None, (3, 1, 3, 16), "[ :p :o ] :q :r"),
            ("?unorderedC", ":p", ":o", None, (4, 1, 4, 13), "( :x ) :p :o"),
            ("?unorderedC", "first", ":x", None, (4, 3, 4, 5), ":x"),
            ("?unorderedC", "rest", "nil", None, (4, 6, 4, 7), ")"),
            (":d", ":e", ":f", "?G2", (5, 12, 5, 20), ":d :e :f"),
        ]
    )
    for _, span, text in rows:
        assert cut(trig, span) == text
    sm = SourceMap()
    ds = Dataset()
    ds.parse(data=trig, format="strict-trig", source_map=sm)
    binding = check_golden(trig, rows, statements_of(ds), sm.statement, len(sm))
    check_subjects(
        sm,
        binding,
        {
            Var("B"): [(3, 1, 3, 10)],
            Var("unorderedC"): [(4, 1, 4, 7), (4, 3, 4, 5)],
            Var("G1"): [],
            Var("G2"): [],
            term(":a"): [(2, 6, 2, 8)],
            term(":d"): [(5, 12, 5, 14)],
        },
    )


def test_iterparse_positions_with_on_error() -> None:
    errors: list[ParseError] = []
    nt = ON_ERROR_NT
    got = [q[4] for q in iterparse(data=nt, format="nt", positions=True, on_error=errors.append)]
    assert got == [Span(DATA, 1, 1, 1, 44), Span(DATA, 3, 2, 3, 45)]
    assert len(errors) == 1


def test_on_error_map_agrees_with_the_graph() -> None:
    """Whatever part of a bad statement on_error skips, the map and the graph agree: every
    statement kept has its spans, none is recorded that was not kept."""
    ttl = (
        "@prefix : <http://ex/> .\n"
        ":d :e :ok , <bad iri> ; :f [ :g :h ] .\n"
        ":x :y ( :z [ :q :r ] ) , <http://ex/bad iri> .\n"
        ":a :b :c .\n"
    )
    errors: list[ParseError] = []
    sm = SourceMap()
    g = Graph().parse(data=ttl, format="strict-turtle", source_map=sm, on_error=errors.append)
    assert len(errors) == 2
    kept = [sm.statement(t) for t in g]
    assert all(kept) and sum(map(len, kept)) == len(sm)
    assert sm.statement((term(":a"), term(":b"), term(":c"))) == (Span(DATA, 4, 1, 4, 9),)
