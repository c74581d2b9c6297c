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

Both are generated from a seed (``random.Random``), streamed to disk, with no statement twice.
N-Triples lines are also Turtle and TriG: the .ttl and .trig files hold the .nt's lines. Each
file is read back by pyoxigraph when generated and cached in ``benchmarks/_data/<size>.<ext>``
with a stamp, as ``diverse.py`` does (whose machinery this module uses).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from common import Fmt, Input
from diverse import DEFAULT_SEED, ensure_generated, generated_inputs, stamp

GENERATOR_VERSION = 1
#: size name -> (shape, statements)
SHAPE_SIZES: dict[str, tuple[str, int]] = {
    "plain-1m": ("plain", 1_000_000),
    "plain-5m": ("plain", 5_000_000),
    "longlit-20k": ("longlit", 20_000),
    "longlit-100k": ("longlit", 100_000),
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


SHAPES = {"plain": plain_lines, "longlit": long_literal_lines}


def writer(shape: str) -> Callable[[Path, Fmt, int, int], None]:
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
