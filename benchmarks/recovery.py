"""How much of a document ``on_error=`` recovers after a single error (issue #13, item 7).

    python benchmarks/recovery.py [--data-dir ../shared/data] [--rdf-tests ../shared/rdf-tests]
                                  [--mutations N] [--seed S] [--corpus NAME ...]

Each corpus (schema.org as N-Triples, N-Quads and Turtle; the W3C RDF 1.1 positive N-Triples,
N-Quads, Turtle and TriG tests) is mutated N times, one single-error mutation each: delete a
character, insert one of ``<>"'.;,[](){}@^_: \\n``, duplicate a token (inserted again after
itself, after a space) or truncate a token. Every mutant the parser rejects is parsed again
with ``on_error`` collecting the errors, and what it kept is compared with the reference:

    reference = the original's statements - the statements of the units the mutation touched

A unit is a line in N-Triples and N-Quads, and in Turtle and TriG a top-level statement or
directive (in TriG also a block's opening ``label {``, each statement inside it and its
``}``), as the parser resumes after each. Unit k owns the text from the end of unit k-1 to its
own end (its '.' or line end); a mutation touches every unit whose owned text overlaps the
mutated range, ends included, so deleting the '.' that ends unit k touches k and k+1 (they
are now one statement), and an insertion between two units touches both. A touched TriG block
opening touches its whole block: its statements cannot be put in any graph.

Turtle and TriG units are found by a scan of the original that knows strings, IRIs, comments
and brackets (independent of the parser); the split is checked by parsing each unit on its
own after the directives before it (inside a TriG block: between the block's opening and a
``}``): a file whose units' statements do not add up to the file's own is left out and
counted.

Blank nodes, without an isomorphism: a labelled one is compared by its label (documents scope
labels, and both parses use the same text); an anonymous one (``[]``, a collection's cells)
by a single token ``_:anon``. Statements are compared as multisets, so two statements that
differ only in which anonymous node they name count as the same; that can only hide a
difference between anonymous nodes, never invent one.

Reported per corpus: mutants tried and rejected; the recovery rate over all rejected
mutants (statements kept that are in the reference / reference size, summed); the mean of
the per-mutant rates; the share of mutants with 100% recovery; the same share for mutants that
touch no directive (a broken ``@prefix`` loses every statement using it, by design); and
every statement kept that is not in the original, with its mutant (a recovery bug unless the
mutation itself made a valid, different statement before the error, such as a truncated
blank node label followed by a '.'; ``--show`` prints each mutant recovered below 100%).
"""

from __future__ import annotations

import argparse
import bisect
import io
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.append(str(REPO_ROOT))

from rdflib.term import BNode, Literal, Node  # noqa: E402
from rdflib_strict import ParseError  # noqa: E402
from rdflib_strict.edge.parsers import make_parser  # noqa: E402
from rdflib_strict.syntax.chunks import ChunkReader  # noqa: E402

INSERT_CHARS = "<>\"'.;,[](){}@^_: \n"
Key = tuple[object, ...]
RDFT = "http://www.w3.org/ns/rdftest#"
MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
POSITIVE = {
    "rdf-n-triples": ("ntriples", {"TestNTriplesPositiveSyntax"}),
    "rdf-n-quads": ("nquads", {"TestNQuadsPositiveSyntax"}),
    "rdf-turtle": ("turtle", {"TestTurtlePositiveSyntax", "TestTurtleEval"}),
    "rdf-trig": ("trig", {"TestTrigPositiveSyntax", "TestTrigEval"}),
}


# --- parsing to comparable keys -------------------------------------------------------------


def _key(term: Node | None, labels: dict[Node, str]) -> object:
    if isinstance(term, BNode):
        return ("_:", labels.get(term, "anon"))
    if isinstance(term, Literal):
        return ("lit", str(term), term.datatype, term.language)
    return term


def parse_keys(text: str, fmt: str, base: str | None, on_error: object = None) -> list[Key]:
    """The statements of ``text`` as keys (see the module docstring for blank nodes)."""
    bnodes: dict[str, BNode] = {}
    parser = make_parser(fmt, base, bnodes=bnodes)
    out: list[tuple[Node, ...]] = []
    parser.parse(ChunkReader(io.StringIO(text), "<mutant>"), out.extend, on_error)  # type: ignore[arg-type]
    labels = {node: label for label, node in bnodes.items()}
    return [tuple(_key(t, labels) for t in st) for st in out]


# --- units ------------------------------------------------------------------------------------


@dataclass
class Unit:
    start: int  # where its own text starts (the end of the unit before)
    end: int  # just past its '.', '}' or line end
    kind: str  # statement, directive, open, close, line
    keys: Counter[Key] = field(default_factory=Counter)
    block: int = -1  # TriG: the index of the opening of the block it is in (or is)


_LINE_END = re.compile(r"\r\n|\r|\n")


def line_units(text: str, fmt: str) -> list[Unit]:
    """One unit per line (line end included); statements assigned in document order."""
    units: list[Unit] = []
    pos = 0
    for m in _LINE_END.finditer(text):
        units.append(Unit(pos, m.end(), "line"))
        pos = m.end()
    if pos < len(text):
        units.append(Unit(pos, len(text), "line"))
    keys = iter(parse_keys(text, fmt, None))
    for u in units:
        body = text[u.start : u.end].strip(" \t\r\n")
        if body and not body.startswith("#"):
            u.keys[next(keys)] += 1
    if next(keys, None) is not None:
        raise ValueError("more statements than statement lines")
    return units


_WS_OR_COMMENT = re.compile(r"(?:[ \t\r\n]+|#[^\r\n]*)*")
_SPARQL_DIRECTIVE = re.compile(
    r"(?i:PREFIX)[ \t\r\n]+[^ \t\r\n:]*:[ \t\r\n]*<[^>]*>|(?i:BASE)[ \t\r\n]*<[^>]*>"
)
_NAME_CHAR = re.compile(r"[\w:%\-.\\]|[^\x00-\x7f]")


def _scan_statement(text: str, i: int, in_block: bool, trig: bool) -> tuple[int, str]:
    """From a statement's first character: (where it ends, what ends it): '.' (consumed),
    '{' (consumed: a block opening), '}' (not consumed) or 'eof'."""
    n = len(text)
    depth = 0
    while i < n:
        c = text[i]
        if c in "\"'":
            if text.startswith(c * 3, i):
                close = text.find(c * 3, i + 3)
                while close > 0 and _escaped(text, close):
                    close = text.find(c * 3, close + 1)
                i = n if close < 0 else close + 3
            else:
                j = i + 1
                while j < n and text[j] != c and text[j] not in "\r\n":
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
            continue
        if c == "<":
            close = text.find(">", i)
            i = n if close < 0 else close + 1
            continue
        if c == "#":
            m = _LINE_END.search(text, i)
            i = n if m is None else m.start()
            continue
        if c == "\\":
            i += 2
            continue
        if c in "[(":
            depth += 1
        elif c in "])":
            depth = max(0, depth - 1)
        elif depth == 0:
            if c == ".":
                after = text[i + 1 : i + 2]
                before = text[i - 1 : i]
                # Not in a number ('1.5', '-.5') or a name (':a.b'): a '.' before a digit
                # or between two name characters is not an end.
                if not after.isdigit() and (
                    not after or not _NAME_CHAR.match(after) or not _NAME_CHAR.match(before or " ")
                ):
                    return i + 1, "."
            elif c == "{" and trig and not in_block:
                return i + 1, "{"
            elif c == "}" and in_block:
                return i, "}"
        i += 1
    return n, "eof"


def _escaped(text: str, pos: int) -> bool:
    backslashes = 0
    while pos - backslashes - 1 >= 0 and text[pos - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def statement_units(text: str, fmt: str, base: str | None) -> list[Unit]:
    """Top-level statements and directives (and TriG block openings, inner statements and
    closings), each with its statements from a parse of it alone."""
    trig = fmt == "trig"
    spans: list[tuple[int, int, str, str | None]] = []  # start, end, kind, block opening
    block: str | None = None
    i = 0
    n = len(text)
    while True:
        i = _WS_OR_COMMENT.match(text, i).end()  # type: ignore[union-attr]
        if i >= n:
            break
        if block is None:
            m = _SPARQL_DIRECTIVE.match(text, i)
            if m is not None:
                spans.append((i, m.end(), "directive", None))
                i = m.end()
                continue
        elif text[i] == "}":
            spans.append((i, i + 1, "close", None))
            block = None
            i += 1
            continue
        end, ender = _scan_statement(text, i, block is not None, trig)
        if ender == "{":
            spans.append((i, end, "open", None))
            block = text[i:end]
        else:
            spans.append((i, end, "directive" if text[i] == "@" else "statement", block))
        i = end
    units: list[Unit] = []
    directives: list[str] = []
    own_start = 0
    block_index = -1
    for start, end, kind, opening in spans:
        if kind == "open":
            block_index = len(units)
        unit = Unit(own_start, end, kind, block=block_index if kind in ("open", "close") or opening else -1)
        if kind == "close":
            block_index = -1
        own_start = end
        piece = text[start:end]
        if kind == "directive":
            directives.append(piece)
        elif kind == "statement":
            doc = "\n".join(directives) + "\n" + (piece if opening is None else f"{opening}\n{piece}\n}}")
            unit.keys.update(parse_keys(doc, fmt, base))
        units.append(unit)
    if own_start < n and units:
        units[-1].end = n
    whole = Counter(parse_keys(text, fmt, base))
    if total(units) != whole:
        raise ValueError("the units' statements do not add up to the document's")
    return units


def total(units: Iterable[Unit]) -> Counter[Key]:
    out: Counter[Key] = Counter()
    for u in units:
        out.update(u.keys)
    return out


# --- mutations --------------------------------------------------------------------------------


@dataclass
class Mutation:
    start: int
    end: int
    text: str
    how: str

    def apply(self, doc: str) -> str:
        return doc[: self.start] + self.text + doc[self.end :]


_TOKEN = re.compile(r"[^ \t\r\n]+")


def mutate(doc: str, rng: random.Random) -> Mutation:
    how = rng.choice(("delete", "insert", "duplicate", "truncate"))
    i = rng.randrange(len(doc))
    if how == "delete":
        return Mutation(i, i + 1, "", how)
    if how == "insert":
        return Mutation(i, i, rng.choice(INSERT_CHARS), how)
    m = _TOKEN.search(doc, i) or _TOKEN.search(doc)
    assert m is not None
    a, b = m.span()
    if how == "duplicate" or b - a < 2:
        return Mutation(b, b, " " + doc[a:b], "duplicate")
    return Mutation(rng.randrange(a + 1, b), b, "", how)


# --- measuring --------------------------------------------------------------------------------


@dataclass
class Document:
    name: str
    text: str
    fmt: str
    base: str | None
    units: list[Unit]
    starts: list[int]
    keys: Counter[Key]


def load(name: str, text: str, fmt: str, base: str | None) -> Document:
    units = line_units(text, fmt) if fmt in ("ntriples", "nquads") else statement_units(text, fmt, base)
    keys = total(units)
    return Document(name, text, fmt, base, units, [u.start for u in units], keys)


@dataclass
class Tally:
    tried: int = 0
    rejected: int = 0
    raised: int = 0
    reference: int = 0
    recovered: int = 0
    rates: list[float] = field(default_factory=list)
    full: int = 0
    plain: int = 0  # rejected mutants touching no directive
    plain_full: int = 0
    unexpected: list[str] = field(default_factory=list)


def touched(doc: Document, mut: Mutation) -> list[Unit]:
    """Units whose owned text [start, end] overlaps [mut.start, mut.end], ends included; in
    TriG, a touched block opening touches its whole block (its statements have no graph)."""
    first = max(0, bisect.bisect_right(doc.starts, mut.start) - 1)
    out = []
    for u in doc.units[first:]:
        if u.start > mut.end:
            break
        if u.end >= mut.start:
            out.append(u)
    opened = {u.block for u in out if u.kind == "open"}
    if opened:
        out += [u for u in doc.units if u.block in opened and u not in out]
    return out


def measure(doc: Document, mut: Mutation, tally: Tally, show: bool) -> None:
    mutant = mut.apply(doc.text)
    tally.tried += 1
    errors: list[ParseError] = []
    try:
        kept = Counter(parse_keys(mutant, doc.fmt, doc.base, errors.append))
    except Exception as e:  # on_error was given: nothing should raise
        tally.rejected += 1
        tally.raised += 1
        tally.unexpected.append(f"{doc.name}: {mut.how} at {mut.start}: raised {type(e).__name__}: {e}")
        return
    if not errors:
        return  # accepted: nothing to recover
    tally.rejected += 1
    hit = touched(doc, mut)
    reference = doc.keys - total(hit)
    size = sum(reference.values())
    recovered = sum(min(n, kept[k]) for k, n in reference.items())
    tally.reference += size
    tally.recovered += recovered
    rate = recovered / size if size else 1.0
    tally.rates.append(rate)
    tally.full += rate == 1.0
    if not any(u.kind == "directive" for u in hit):
        tally.plain += 1
        tally.plain_full += rate == 1.0
    extra = kept - doc.keys
    if extra:
        tally.unexpected.append(
            f"{doc.name}: {mut.how} {mut.text!r} at {mut.start}-{mut.end}: kept {sum(extra.values())}"
            f" statement(s) not in the original, e.g. {next(iter(extra))}"
        )
    if show and rate < 1.0:
        lo = max(0, mut.start - 60)
        print(
            f"  {doc.name}: {mut.how} {mut.text!r} at {mut.start}: {rate:.1%} ({size - recovered} lost);"
            f" context {mutant[lo : mut.start + 60]!r}; errors {[(e.lineno, e.colno) for e in errors][:5]}",
            file=sys.stderr,
        )


def run_corpus(docs: list[Document], mutations: int, rng: random.Random, show: bool) -> Tally:
    tally = Tally()
    for _ in range(mutations):
        doc = rng.choice(docs)
        measure(doc, mutate(doc.text, rng), tally, show)
    return tally


# --- corpora ----------------------------------------------------------------------------------


def schemaorg(data_dir: Path, suffix: str, fmt: str) -> tuple[list[Document], int]:
    path = data_dir / f"schemaorg-all-https.{suffix}"
    if not path.is_file():
        return [], 0
    text = path.read_text(encoding="utf-8")
    return [load(path.name, text, fmt, "https://schema.org/")], 0


def w3c(rdf_tests: Path, suite: str) -> tuple[list[Document], int]:
    """The positive tests of one RDF 1.1 suite; and how many files the unit split left out."""
    fmt, kinds = POSITIVE[suite]
    directory = rdf_tests / "rdf" / "rdf11" / suite
    manifest = directory / "manifest.ttl"
    if not manifest.is_file():
        return [], 0
    import rdflib_strict

    base = directory.as_uri() + "/"
    types: dict[Node, set[str]] = {}
    actions: dict[Node, str] = {}
    for s, p, o, _ in rdflib_strict.iterparse(manifest, format="turtle", base=base):
        if str(p) == RDF_TYPE and str(o).startswith(RDFT):
            types.setdefault(s, set()).add(str(o)[len(RDFT) :])
        elif str(p) == MF + "action":
            actions[s] = str(o)
    docs: list[Document] = []
    left_out = 0
    for entry, action in sorted(actions.items(), key=lambda item: item[1]):
        if not types.get(entry, set()) & kinds or not action.startswith(base):
            continue
        name = action[len(base) :]
        text = (directory / name).read_text(encoding="utf-8")
        if not text.strip():
            continue
        try:
            docs.append(load(name, text, fmt, f"https://w3c.github.io/rdf-tests/rdf/rdf11/{suite}/{name}"))
        except (ValueError, ParseError, StopIteration) as e:
            print(f"{suite}/{name}: left out ({e})", file=sys.stderr)
            left_out += 1
    return docs, left_out


def table(title: str, rows: Iterable[tuple[str, int, int, Tally, int]]) -> str:
    lines = [
        f"### {title}",
        "",
        "| corpus | files | mutants | rejected | recovery (statements) | mean per mutant"
        " | 100% recovered | 100%, no directive hit | kept, not in original | raised |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, files, left_out, t, _ in rows:
        rate = t.recovered / t.reference if t.reference else 1.0
        mean = sum(t.rates) / len(t.rates) if t.rates else 1.0
        full = t.full / t.rejected if t.rejected else 1.0
        plain = t.plain_full / t.plain if t.plain else 1.0
        extra = sum(1 for u in t.unexpected if "not in the original" in u)
        out_note = f" ({left_out} left out)" if left_out else ""
        lines.append(
            f"| {name} | {files}{out_note} | {t.tried} | {t.rejected} | {rate:.4%} | {mean:.2%}"
            f" | {full:.1%} | {plain:.1%} ({t.plain}) | {extra} | {t.raised} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--data-dir", type=Path, default=REPO_ROOT.parent / "shared" / "data")
    ap.add_argument("--rdf-tests", type=Path, default=REPO_ROOT.parent / "shared" / "rdf-tests")
    ap.add_argument("--mutations", type=int, default=200, help="mutants per corpus (default 200)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--corpus", action="append", help="only these corpora (repeatable)")
    ap.add_argument("--show", action="store_true", help="print each mutant recovered below 100%%")
    args = ap.parse_args(argv)
    corpora = {
        "schema.org nt": lambda: schemaorg(args.data_dir, "nt", "ntriples"),
        "schema.org nq": lambda: schemaorg(args.data_dir, "nq", "nquads"),
        "schema.org ttl": lambda: schemaorg(args.data_dir, "ttl", "turtle"),
        "W3C N-Triples": lambda: w3c(args.rdf_tests, "rdf-n-triples"),
        "W3C N-Quads": lambda: w3c(args.rdf_tests, "rdf-n-quads"),
        "W3C Turtle": lambda: w3c(args.rdf_tests, "rdf-turtle"),
        "W3C TriG": lambda: w3c(args.rdf_tests, "rdf-trig"),
    }
    rows = []
    started = time.perf_counter()
    for name, loader in corpora.items():
        if args.corpus and name not in args.corpus:
            continue
        docs, left_out = loader()
        if not docs:
            print(f"{name}: no input found, skipped", file=sys.stderr)
            continue
        rng = random.Random(f"{args.seed}:{name}")
        tally = run_corpus(docs, args.mutations, rng, args.show)
        statements = sum(sum(d.keys.values()) for d in docs)
        print(f"{name}: {len(docs)} file(s), {statements:,} statements, done", file=sys.stderr)
        rows.append((name, len(docs), left_out, tally, statements))
    print(table(f"Recovery after one mutation (seed {args.seed}, {args.mutations} mutants per corpus)", rows))
    print()
    print(
        "recovery = statements kept that are in the reference / reference size, summed over the"
        " rejected mutants; reference = original minus the statements of the units the mutation"
        " touched (see the module docstring)."
    )
    unexpected = [u for *_, t, _ in rows for u in t.unexpected]
    if unexpected:
        print()
        print("Kept statements not in the original, and raises despite on_error:")
        for line in unexpected:
            print(f"- {line}")
    print(f"\n({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
