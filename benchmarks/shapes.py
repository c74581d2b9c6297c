"""Benchmark inputs in two shapes the other generators do not make, as files from elsewhere are.

schema.org and the term-diverse files (``diverse.py``) are rich: many kinds of terms on short
lines. Two other shapes decide a line reader's speed and memory as much, and are common in
files the project did not write:

* ``plain-<size>``: one IRI per term and nothing else, short lines
  (``<http://example.org/s4711> <http://example.org/p7> <http://example.org/o123456> .``):
  1-5 statements a subject (distinct predicates from 200), objects from 10 million IRIs; in
  N-Quads a graph IRI per statement from 1,000.
* ``longlit-<size>``: every object a string literal of 1-8 KiB (4.5 KiB on average) of words
  with line breaks written ``\\n``, some ``\\t``, ``\\"``, ``\\\\`` and ``\\u00E9`` escapes and
  raw non-ASCII words (accented Latin, Greek, Chinese, an emoji); plain, ``@en`` or
  ``^^xsd:string``; one statement a subject.

* ``rich-<size>``: Turtle as people write it, not as a writer lays it out: prefixed names with
  every kind of local name (``ex:a.b``, ``ex:1st``, ``ex:a:b``, ``ex:%C3%A9``, ``ex:a\\~b``,
  ``ex:café``, the empty ``ex:``), ``a``, ``;`` and ``,`` runs, nested ``[ ]``, collections,
  numbers, booleans, short and long strings with escapes, language tags, datatypes as prefixed
  names and IRIs, blank node labels, comments on their own lines and after terms, and LF, CRLF
  and CR line ends. The .ttl and .trig hold that text; the .nt and .nq its statements as
  pyoxigraph writes them (its blank node labels), so a Turtle row and an N-Triples row read
  the same statements.

* ``labels-<size>``: Wikidata-like lines as an ASCII-only dump writes them: labels in many
  scripts with every non-ASCII character escaped (``\\u`` in the BMP, ``\\U`` beyond: about 6%
  of the lines hold one), ``\\t`` and ``\\"`` escapes, typed literals, blank statement
  nodes, percent-encoded IRIs; N-Quads with a graph per statement.

The first two and the fourth are generated from a seed (``random.Random``), streamed to disk, with no
statement twice. N-Triples lines are also Turtle and TriG: the .ttl and .trig files hold the
.nt's lines. Each
file is read back by pyoxigraph when generated and cached in ``benchmarks/_data/<size>.<ext>``
with a stamp, as ``diverse.py`` does (whose machinery this module uses).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from common import Fmt, Input
from diverse import DEFAULT_SEED, ensure_generated, generated_inputs, stamp, uchar_escaped

GENERATOR_VERSION = 1
#: size name -> (shape, statements)
SHAPE_SIZES: dict[str, tuple[str, int]] = {
    "plain-100k": ("plain", 100_000),
    "plain-1m": ("plain", 1_000_000),
    "plain-5m": ("plain", 5_000_000),
    "longlit-20k": ("longlit", 20_000),
    "longlit-100k": ("longlit", 100_000),
    "rich-100k": ("rich", 100_000),
    "rich-1m": ("rich", 1_000_000),
    "labels-100k": ("labels", 100_000),
    "labels-1m": ("labels", 1_000_000),
}

EX = "http://example.org/"
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
FLUSH_LINES = 4096
# Word pools of the long literals: ASCII words most of the time, written as they are.
ASCII_WORDS = "lorem ipsum dolor sit amet data graph node value term line file dump record".split()
RAW_WORDS = ["café", "Müller", "naïve", "Ελλάδα", "数据", "图谱", "Zürich", "😀"]
ESCAPED_WORDS = ['\\"quoted\\"', "back\\\\slash", "tab\\there", "caf\\u00E9"]


def plain_lines(rng: random.Random, statements: int, quads: bool) -> Iterator[str]:
    subject = 0
    written = 0
    while written < statements:
        subject += 1
        # A subject's predicates are distinct, so no statement repeats.
        for p in rng.sample(range(200), min(rng.randint(1, 5), statements - written)):
            graph = f" <{EX}g{rng.randrange(1000)}>" if quads else ""
            yield f"<{EX}s{subject}> <{EX}p{p}> <{EX}o{rng.randrange(10_000_000)}>{graph} .\n"
            written += 1


def long_text(rng: random.Random) -> str:
    """1-8 KiB of words, escapes and raw non-ASCII, as a string body in N-Triples."""
    target = rng.randint(1 << 10, 8 << 10)
    parts: list[str] = []
    size = 0
    while size < target:
        words = rng.choices(ASCII_WORDS, k=rng.randint(5, 40))
        words.append(rng.choice(RAW_WORDS) if rng.random() < 0.5 else rng.choice(ESCAPED_WORDS))
        sentence = " ".join(words) + (".\\n" if rng.random() < 0.3 else ". ")
        parts.append(sentence)
        size += len(sentence)
    return "".join(parts)


def long_literal_lines(rng: random.Random, statements: int, quads: bool) -> Iterator[str]:
    for n in range(statements):
        kind = rng.random()
        suffix = "" if kind < 0.5 else "@en" if kind < 0.75 else f"^^<{XSD_STRING}>"
        graph = f" <{EX}g{rng.randrange(1000)}>" if quads else ""
        yield f'<{EX}doc{n}> <{EX}text{rng.randrange(3)}> "{long_text(rng)}"{suffix}{graph} .\n'


# --- rich Turtle: each helper returns the text of a term (or nested production) and how many
# --- triples it adds besides the one it is the object of.
NAMES = ["Q42", "item7", "a-b_c", "x9"]  # the common local names: ASCII, fast-path shaped
# Every other kind of PN_LOCAL: '.' and ':' inside, a digit or '_' first, %-encoding, escapes,
# non-ASCII letters, U+00B7 inside, and the empty local name.
ODD_NAMES = ["a.b", "1st", "_u", "a:b", "%C3%A9t%C3%A9", "a\\~b\\!", "café", "Ωmega", "a\u00b7b", "end.x", ""]
TAGS = ["en", "de-CH", "zh-Hant", "sr-Latn-RS", "fr"]
LINE_ENDS = ["\n"] * 16 + ["\r\n"] * 3 + ["\r"]
NUMBERS = ["1.5e3", "-.5", "+7", "0.0", "true"]
RICH_PREFIXES = (
    "@prefix ex: <http://example.org/ns/> .\n"
    "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
    "@base <http://example.org/base/> .\n\n"
)


def rich_name(rng: random.Random, n: int) -> str:
    if rng.random() < 0.85:
        return f"ex:{rng.choice(NAMES)}{n}"
    odd = rng.choice(ODD_NAMES)
    return f"ex:{odd}{n}" if odd and not odd.endswith("!") else f"ex:{odd}"


def rich_string(rng: random.Random) -> str:
    words = " ".join(rng.choices(ASCII_WORDS + RAW_WORDS, k=rng.randint(1, 6)))
    kind = rng.random()
    if kind < 0.1:
        return '"' + words + ' \\"q\\" \\u00E9\\n"'
    if kind < 0.15:
        return "'" + words + "'"
    if kind < 0.2:
        return '"""' + words + '\n  "quoted" ' + words + '"""'
    return '"' + words + '"'


def rich_object(rng: random.Random, depth: int) -> tuple[str, int]:
    """An object: its text and the triples it adds (a nested list or collection)."""
    r = rng.random()
    if r < 0.30:
        return rich_name(rng, rng.randrange(10**7)), 0
    if r < 0.36:
        return f"<http://example.org/iri/{rng.randrange(10**7)}>", 0
    if r < 0.38:
        return f"<rel/{rng.randrange(1000)}>", 0  # resolved against @base
    if r < 0.50:
        return rich_string(rng), 0
    if r < 0.62:
        return rich_string(rng) + "@" + rng.choice(TAGS), 0
    if r < 0.70:
        return f'"{1900 + rng.randrange(200)}-0{rng.randrange(1, 10)}-1{rng.randrange(10)}"^^xsd:date', 0
    if r < 0.72:
        return f'"{rng.randrange(1000)}"^^<http://www.w3.org/2001/XMLSchema#short>', 0
    if r < 0.80:
        return rng.choice([str(rng.randrange(-999, 10**6)), f"{rng.random() * 100:.3f}", *NUMBERS]), 0
    if r < 0.84:
        return f"_:b{rng.randrange(1000)}", 0
    if r < 0.92 and depth < 3:
        verbs, added = rich_predicates(rng, depth + 1, rng.randint(1, 2))
        return "[ " + verbs + " ]", added
    if depth < 3:  # a collection: a first and a rest triple for each item
        items = [rich_object(rng, depth + 1) for _ in range(rng.randint(0, 3))]
        return "( " + " ".join(text for text, _ in items) + " )", 2 * len(items) + sum(a for _, a in items)
    return "false", 0


def rich_predicates(rng: random.Random, depth: int, count: int) -> tuple[str, int]:
    """``count`` verbs with their object lists (a comment after some ';' at the top level):
    the text and the triples it holds."""
    text, triples = "", 0
    for i in range(count):
        verb = "a" if i == 0 and rng.random() < 0.2 else rich_name(rng, rng.randrange(300))
        if rng.random() < 0.05:
            verb = f"<http://example.org/p/{rng.randrange(300)}>"
        objects = [rich_object(rng, depth) for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3))]
        triples += len(objects) + sum(a for _, a in objects)
        if i:
            comment = " # why" if depth == 0 and rng.random() < 0.1 else ""
            text += (" ;" + comment + "\n    ") if depth == 0 else " ; "
        text += f"{verb} " + " , ".join(t for t, _ in objects)
    return text, triples


def rich_statements(rng: random.Random, statements: int) -> Iterator[str]:
    """Statement texts (their line ends included) holding exactly ``statements`` triples."""
    yield RICH_PREFIXES
    left, n = statements, 0
    while left:
        n += 1
        if left < 40:  # the last few: one triple each, to end on the count
            yield f"ex:fill{n} ex:p{n} ex:o{n} .\n"
            left -= 1
            continue
        subject = rich_name(rng, n) if rng.random() < 0.9 else f"<http://example.org/s/{n}>"
        verbs, triples = rich_predicates(rng, 0, rng.randint(1, 5))
        if triples > left:
            continue
        left -= triples
        comment = "# the next subject\n" if rng.random() < 0.1 else ""
        end = rng.choice(LINE_ENDS)
        yield (comment + subject + " " + verbs + " .\n\n").replace("\n", end)


def write_rich(path: Path, fmt: Fmt, statements: int, seed: int) -> None:
    """The .ttl and .trig: the text; the .nt and .nq: its statements as pyoxigraph writes them."""
    text = path.with_name(path.name + ".ttl-source") if fmt.key in ("nt", "nq") else path
    with text.open("w", encoding="utf-8", newline="", buffering=1 << 20) as out:
        for block in rich_statements(random.Random(seed), statements):
            out.write(block)
    if text is path:
        return
    import pyoxigraph

    with text.open("rb") as source, path.open("wb") as out:
        quads = pyoxigraph.parse(source, format=pyoxigraph.RdfFormat.TURTLE)
        target = pyoxigraph.RdfFormat.N_TRIPLES if fmt.key == "nt" else pyoxigraph.RdfFormat.N_QUADS
        pyoxigraph.serialize((q.triple for q in quads), out, format=target)  # type: ignore[misc]
    text.unlink()


# Words of the labels: Latin with accents, Greek, Cyrillic, Arabic, CJK, and astral characters
# (emoji, CJK extension B, Gothic) that an ASCII-only writer spells as \U escapes.
LABEL_WORDS = ["Zürich", "naïve", "Ελλάδα", "Москва", "القاهرة", "東京都", "数据图谱", "Ålesund", "Łódź"]
ASTRAL_WORDS = ["😀", "𠀋𠀎", "𐌰𐌱", "🎉 party"]
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
WD = "http://www.wikidata.org/entity/"


def label_lines(rng: random.Random, statements: int, quads: bool) -> Iterator[str]:
    for n in range(statements):
        graph = f" <{WD}graph{rng.randrange(100)}>" if quads else ""
        kind = rng.random()
        subject = f"<{WD}Q{n}>" if rng.random() < 0.9 else f"_:stmt{n}"
        if kind < 0.55:
            words = rng.choices(LABEL_WORDS + ASCII_WORDS, k=rng.randint(1, 4))
            if rng.random() < 0.11:
                words.append(rng.choice(ASTRAL_WORDS))
            body = uchar_escaped(" ".join(words))
            if rng.random() < 0.05:
                body += '\\t\\"x\\"'
            obj = f'"{body}"@{rng.choice(TAGS)}'
            predicate = RDFS_LABEL
        elif kind < 0.75:
            obj = f'"{rng.randrange(10**6)}"^^<http://www.w3.org/2001/XMLSchema#integer>'
            predicate = f"{WD}P{rng.randrange(3000)}"
        elif kind < 0.9:
            obj = f"<https://example.org/wiki/%C3%89{rng.randrange(10**6)}_%E6%9D%B1>"
            predicate = f"{WD}P{rng.randrange(3000)}"
        else:
            obj = f"_:v{rng.randrange(10**6)}"
            predicate = f"{WD}P{rng.randrange(3000)}"
        yield f"{subject} <{predicate}> {obj}{graph} .\n"


SHAPES = {"plain": plain_lines, "longlit": long_literal_lines, "labels": label_lines}


def writer(shape: str) -> Callable[[Path, Fmt, int, int], None]:
    if shape == "rich":
        return write_rich
    lines_of = SHAPES[shape]

    def write(path: Path, fmt: Fmt, statements: int, seed: int) -> None:
        # N-Quads lines (a graph on each) for .nq; the N-Triples lines, which are Turtle and
        # TriG too, for the other three.
        lines = lines_of(random.Random(seed), statements, fmt.key == "nq")
        with path.open("w", encoding="utf-8", newline="", buffering=1 << 20) as out:
            while block := "".join(next(lines, "") for _ in range(FLUSH_LINES)):
                out.write(block)

    return write


def ensure_shape(size: str, key: str, seed: int = DEFAULT_SEED) -> Path:
    """``benchmarks/_data/<size>.<key>``, generated and checked once."""
    shape, statements = SHAPE_SIZES[size]
    wanted = stamp(key, statements, seed, shape, GENERATOR_VERSION)
    return ensure_generated(size, key, statements, wanted, shape, writer(shape))


def shape_inputs(keys: Sequence[str], sizes: Sequence[str]) -> list[Input]:
    return generated_inputs(SHAPE_SIZES, ensure_shape, keys, sizes)
