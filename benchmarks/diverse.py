#!/usr/bin/env python
"""Term-diverse benchmark inputs: seeded, Wikidata-like statements in which nearly every term is new.

schema.org repeats a few thousand terms; real dumps (Wikidata, DBpedia) do not: nearly every
subject and object is distinct, so term caches miss and every term is checked and built. This
module writes such data, deterministically from a seed (``random.Random(seed)``), streamed to
disk (the file is never held in memory):

* subjects ``wd:Q<n>`` (distinct per group of 1-4 predicates, about 3 statements a subject),
  objects mostly distinct ``wd:Q<n>`` from a range of 120 million, a few popular ones;
* a few hundred predicates (``wdt:``, ``p:``, ``ps:``, ``pq:`` property IRIs, ``rdfs:label``,
  ``schema:description``, ``skos:altLabel``, ``rdf:type``, ...);
* multilingual labels: 28 language tags (``en``, ``de``, ``fr``, ``ja``, ``zh-Hant``, ``ar``,
  ``ru``, ``pt-BR``, ``es-419``, ``be-tarask``, ...) in their scripts, an emoji now and then,
  some strings with ``\\"``, ``\\\\``, ``\\n``, ``\\t``, ``\\r`` escapes, some written entirely
  with ``\\uXXXX`` / ``\\UXXXXXXXX`` escapes (in Turtle strings with newlines as ``\"\"\"long\"\"\"``);
* typed literals: ``xsd:integer``, ``xsd:decimal``, ``xsd:double`` (also ``INF``/``NaN``),
  ``xsd:dateTime``, ``xsd:date``, ``xsd:boolean``, ``xsd:gYear``, ``xsd:anyURI``,
  ``xsd:string`` and custom datatypes (``geo:wktLiteral``, a UCUM and a unit datatype); in
  Turtle, numbers and booleans mostly in their bare forms;
* labelled blank nodes (Wikidata's statement nodes: ``wd:Q1 p:P31 _:s5`` then, a few groups
  later, ``_:s5 ps:P31 ...; pq:P580 ...``), with labels that start with a digit or hold
  ``-``/``.``;
* IRIs with percent-encoding (Wikipedia and Commons titles), a few raw non-ASCII IRIs, a few
  ``\\u`` escapes in IRIs and, in Turtle, prefixed names with ``%XX`` and ``\\(`` escapes;
* N-Quads: a graph label on every statement (``http://www.wikidata.org/revision/<n>``) drawn
  from a large set (1 per 20 statements); consecutive subject groups share a graph in runs of
  1-20, so in TriG a graph's blocks recur (a few ``GRAPH`` keyword blocks too).

Turtle is written as a dump looks: ``@prefix`` lines (and one SPARQL ``PREFIX``), subjects
grouped with ``;`` and ``,``, ``a`` for ``rdf:type``. All four formats hold the same
statements (the Turtle and TriG choices are made while generating, so they draw the same
random numbers). No statement repeats, so an RDF store holds exactly ``--statements`` of them.

Each file is read back by pyoxigraph once when it is generated (a syntax error or a wrong
statement count fails the generation); ``benchmarks/_data/diverse-<size>.<ext>`` files are
cached with a ``.json`` stamp (seed, size, generator version) so reruns are free.

Standalone::

    .venv/bin/python benchmarks/diverse.py --statements 1000000 --format nt -o FILE
    .venv/bin/python benchmarks/diverse.py --size diverse-1m --format nq   # into the cache
"""

from __future__ import annotations

import argparse
import bisect
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from common import FORMATS, REPO_ROOT, Fmt, Input, import_optional, log

GENERATOR_VERSION = 1
DEFAULT_SEED = 13
DIVERSE_SIZES: dict[str, int] = {
    "diverse-100k": 100_000,
    "diverse-1m": 1_000_000,
    "diverse-2.5m": 2_500_000,
    "diverse-5m": 5_000_000,
}

WD = "http://www.wikidata.org/"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XSD = "http://www.w3.org/2001/XMLSchema#"
PREFIXES: list[tuple[str, str]] = [
    ("wd", WD + "entity/"),
    ("wdt", WD + "prop/direct/"),
    ("p", WD + "prop/"),
    ("ps", WD + "prop/statement/"),
    ("pq", WD + "prop/qualifier/"),
    ("rev", WD + "revision/"),
    ("wikibase", "http://wikiba.se/ontology#"),
    ("rdf", RDF),
    ("rdfs", "http://www.w3.org/2000/01/rdf-schema#"),
    ("schema", "http://schema.org/"),
    ("skos", "http://www.w3.org/2004/02/skos/core#"),
    ("xsd", XSD),
    ("geo", "http://www.opengis.net/ont/geosparql#"),
    ("commons", "http://commons.wikimedia.org/wiki/Special:FilePath/"),
    ("enwiki", "https://en.wikipedia.org/wiki/"),
]
NS = dict(PREFIXES)
SPARQL_PREFIX = "skos"  # written as ``PREFIX skos: <...>``, as some dumps do

#: A term as written in N-Triples/N-Quads and as written in Turtle/TriG.
Term = tuple[str, str]


def pname(prefix: str, local: str, ttl_local: str | None = None) -> Term:
    """A term in a known namespace; ``ttl_local`` when Turtle needs escapes (``\\(``)."""
    return f"<{NS[prefix]}{local}>", f"{prefix}:{ttl_local or local}"


def full_iri(iri: str, nt_iri: str | None = None) -> Term:
    """``nt_iri``: the IRI's text with \\u escapes, written that way in both syntaxes."""
    text = f"<{nt_iri or iri}>"
    return text, text


# --------------------------------------------------------------------------- text


def _chars(first: int, last: int) -> str:
    return "".join(chr(c) for c in range(first, last + 1))


LATIN = "abcdefghijklmnopqrstuvwxyz"
ALPHABETS: dict[str, str] = {
    "en": LATIN,
    "de": LATIN + "äöüß",
    "fr": LATIN + "éèêàçëîô",
    "es": LATIN + "ñáéíóú",
    "pt": LATIN + "ãõçáéíóúâ",
    "pl": LATIN + "ąćęłńóśźż",
    "sv": LATIN + "åäö",
    "tr": LATIN + "çğıöşü",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    "el": "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ",
    "ar": _chars(0x0621, 0x063A) + _chars(0x0641, 0x064A),
    "fa": _chars(0x0621, 0x063A) + _chars(0x0641, 0x064A) + "پچژگ",
    "he": _chars(0x05D0, 0x05EA),
    "hi": _chars(0x0905, 0x0939) + "ािीुूेैोौ",
    "ja": _chars(0x3041, 0x3093) + _chars(0x30A1, 0x30F3),
    "zh": "",  # CJK ideographs, sampled below
    "ko": "",  # Hangul syllables, sampled below
}
NO_SPACES = {"ja", "zh"}
#: language tag -> (alphabet, weight)
LANGUAGES: list[tuple[str, str, float]] = [
    ("en", "en", 30),
    ("de", "de", 8),
    ("fr", "fr", 7),
    ("es", "es", 5),
    ("it", "en", 4),
    ("nl", "en", 3),
    ("pt-BR", "pt", 3),
    ("pt", "pt", 1),
    ("pl", "pl", 3),
    ("sv", "sv", 2),
    ("tr", "tr", 2),
    ("ru", "ru", 5),
    ("uk", "uk", 2),
    ("el", "el", 1),
    ("ar", "ar", 3),
    ("fa", "fa", 1),
    ("he", "he", 1),
    ("hi", "hi", 1),
    ("ja", "ja", 4),
    ("zh-Hant", "zh", 2),
    ("zh-Hans", "zh", 2),
    ("zh-Hant-TW", "zh", 0.5),
    ("ko", "ko", 2),
    ("en-GB", "en", 1),
    ("sr-Latn", "en", 1),
    ("de-CH", "de", 1),
    ("es-419", "es", 1),
    ("be-tarask", "ru", 1),
]
WIKIS = ["en", "de", "fr", "ja", "ru", "es", "zh", "ar", "pt", "pl"]
WORDS_PER_ALPHABET = 3000

# N-Triples ECHARs; Turtle long strings keep raw newlines and tabs.
SHORT_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"})
LONG_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\r": "\\r"})


def uchar_escaped(text: str) -> str:
    """Every non-ASCII character as \\uXXXX or \\UXXXXXXXX (ASCII escaped as usual)."""
    out = []
    for ch in text.translate(SHORT_ESCAPES):
        code = ord(ch)
        if code < 0x80:
            out.append(ch)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04X}")
        else:
            out.append(f"\\U{code:08X}")
    return "".join(out)


class Cumulative:
    """Weighted choice with one ``random()`` call and a bisect."""

    def __init__(self, items: Sequence[Any], weights: Sequence[float]) -> None:
        self.items = list(items)
        self.cum: list[float] = []
        total = 0.0
        for w in weights:
            total += w
            self.cum.append(total)
        self.total = total

    def pick(self, rng: random.Random) -> Any:
        return self.items[bisect.bisect(self.cum, rng.random() * self.total)]


# --------------------------------------------------------------------------- the data model


@dataclass
class Group:
    """One subject's statements: ``(predicate, objects)`` pairs, in one graph."""

    graph: Term
    subject: Term
    props: list[tuple[Term, list[Term]]]

    def size(self) -> int:
        return sum(len(objs) for _, objs in self.props)


#: property value kinds and how often a property has each
KINDS = Cumulative(
    ["item", "string", "extid", "quantity", "time", "date", "coord", "mono", "url", "media", "flag", "year"],
    [34, 8, 14, 10, 8, 4, 3, 5, 4, 4, 2, 4],
)


class Generator:
    """The seeded statement stream; every random number is drawn here, in one order."""

    def __init__(self, seed: int, statements: int) -> None:
        self.rng = random.Random(seed)
        self.statements = statements
        rng = self.rng
        zh = [chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(4000)]
        ko = [chr(rng.randint(0xAC00, 0xD7A3)) for _ in range(3000)]
        self.words: dict[str, list[str]] = {}
        for name, alphabet in ALPHABETS.items():
            pool = zh if name == "zh" else ko if name == "ko" else list(alphabet)
            lo, hi = (1, 3) if name in NO_SPACES else (2, 10)
            self.words[name] = [
                "".join(rng.choice(pool) for _ in range(rng.randint(lo, hi)))
                for _ in range(WORDS_PER_ALPHABET)
            ]
        self.languages = Cumulative([(tag, alpha) for tag, alpha, _ in LANGUAGES], [w for *_, w in LANGUAGES])
        # A few hundred properties: 220 direct (wdt:), 100 of them also as statement nodes
        # (p:, ps:), 50 qualifiers (pq:); each with a value kind, used with Zipf-like weights.
        pids = rng.sample(range(17, 12000), 270)
        self.direct = [(pid, KINDS.pick(rng)) for pid in pids[:220]]
        self.direct_pick = Cumulative(range(len(self.direct)), [1 / (i + 1) ** 0.8 for i in range(220)])
        self.qualifiers = [(pid, KINDS.pick(rng)) for pid in pids[220:]]
        self.popular = [pname("wd", f"Q{q}") for q in (5, 6256, 515, 11424, 486972, 13442814, 16521, 7725634)]
        self.next_q = 10
        self.next_bnode = 0
        self.pending: list[tuple[str, int, str]] = []  # statement nodes to describe soon
        self.graphs = max(1000, statements // 20)
        self.graph: Term = ("", "")
        self.graph_run = 0
        self.a = (f"<{RDF}type>", "a")
        self.item = pname("wikibase", "Item")
        self.label = pname("rdfs", "label")
        self.description = pname("schema", "description")
        self.alt_label = pname("skos", "altLabel")
        self.modified = pname("schema", "dateModified")
        self.version = pname("schema", "version")
        self.rank = pname("wikibase", "rank")
        self.ranks = [pname("wikibase", r) for r in ("NormalRank", "PreferredRank", "DeprecatedRank")]

    # ------------------------------------------------------------------ terms

    def text(self, alphabet: str, words: int) -> str:
        rng = self.rng
        pool = self.words[alphabet]
        chosen = [pool[int(rng.random() * WORDS_PER_ALPHABET)] for _ in range(words)]
        if alphabet not in NO_SPACES:
            chosen[0] = chosen[0].capitalize()
        r = rng.random()
        if r < 0.06:  # specials that need escapes (or a long string in Turtle)
            i = int(rng.random() * len(chosen))
            special = int(rng.random() * 6)
            if special == 0:
                chosen[i] = f'"{chosen[i]}"'
            elif special == 1:
                chosen[i] = f"C:\\{chosen[i]}\\x"
            elif special == 2:
                chosen[i] += "\n"
            elif special == 3:
                chosen[i] += "\t"
            elif special == 4:
                chosen[i] += "\r\n"
            else:
                chosen[i] = f'{chosen[i]} \\ "q"\n'
        elif r < 0.065:
            chosen.append(chr(rng.randint(0x1F300, 0x1F64F)))  # astral: \U escapes, surrogates
        return ("" if alphabet in NO_SPACES else " ").join(chosen)

    def string(self, text: str, suffix_nt: str, suffix_ttl: str) -> Term:
        r = self.rng.random()
        if r < 0.02:
            body = uchar_escaped(text)
            return f'"{body}"{suffix_nt}', f'"{body}"{suffix_ttl}'
        body = text.translate(SHORT_ESCAPES)
        if "\n" in text and r < 0.5:
            return f'"{body}"{suffix_nt}', f'"""{text.translate(LONG_ESCAPES)}"""{suffix_ttl}'
        return f'"{body}"{suffix_nt}', f'"{body}"{suffix_ttl}'

    def lang_literal(self, tag: str, alphabet: str) -> Term:
        words = 1 + int(self.rng.random() * 4)
        suffix = "@" + tag
        return self.string(self.text(alphabet, words), suffix, suffix)

    def typed(self, lexical: str, datatype: str, bare: str | None = None) -> Term:
        """``datatype`` is ``prefix:local``; ``bare`` is Turtle's short form, used 70% of the time."""
        prefix, local = datatype.split(":", 1)
        nt = f'"{lexical}"^^<{NS[prefix]}{local}>'
        if bare is not None and self.rng.random() < 0.7:
            return nt, bare
        return nt, f'"{lexical}"^^{datatype}'

    def entity(self) -> Term:
        rng = self.rng
        if rng.random() < 0.05:
            return self.popular[int(rng.random() * len(self.popular))]
        return pname("wd", f"Q{rng.randint(1, 120_000_000)}")

    def integer(self) -> Term:
        rng = self.rng
        r = rng.random()
        n = rng.randint(-(10**20), 10**20) if r < 0.05 else rng.randint(-1000, 10**7)
        return self.typed(str(n), "xsd:integer", str(n))

    def decimal(self) -> Term:
        rng = self.rng
        text = f"{rng.randint(-99999, 999999)}.{rng.randint(0, 9999):04d}"
        return self.typed(text, "xsd:decimal", text)

    def double(self) -> Term:
        rng = self.rng
        if rng.random() < 0.002:
            special = ("INF", "-INF", "NaN")[int(rng.random() * 3)]
            return self.typed(special, "xsd:double")
        text = f"{rng.uniform(-10, 10):.6f}E{rng.randint(-30, 30)}"
        return self.typed(text, "xsd:double", text)

    def datetime(self) -> Term:
        rng = self.rng
        y, mo, d = rng.randint(1000, 2030), rng.randint(1, 12), rng.randint(1, 28)
        h, mi, s = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
        r = rng.random()
        tz = (
            "Z"
            if r < 0.7
            else f"{'+-'[int(r * 100) % 2]}{rng.randint(0, 13):02d}:{('00', '30')[int(r * 10) % 2]}"
        )
        frac = f".{rng.randint(0, 999):03d}" if rng.random() < 0.2 else ""
        return self.typed(f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}{frac}{tz}", "xsd:dateTime")

    def date(self) -> Term:
        rng = self.rng
        return self.typed(
            f"{rng.randint(1000, 2030):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "xsd:date"
        )

    def title(self) -> tuple[str, str]:
        """A Wikipedia-like title (``_`` for spaces) and the alphabet it is in."""
        _, alphabet = self.languages.pick(self.rng)
        text = self.text(alphabet, 1 + int(self.rng.random() * 3))
        text = text.replace("\r", "").replace("\n", "").replace("\t", "")
        for ch in '"\\ ':
            text = text.replace(ch, "_")
        return text, alphabet

    def url(self) -> Term:
        rng = self.rng
        title, alphabet = self.title()
        r = rng.random()
        wiki = WIKIS[int(rng.random() * len(WIKIS))]
        if r < 0.04 and alphabet != "en":  # a raw non-ASCII IRI
            return full_iri(f"https://{wiki}.wikipedia.org/wiki/{title}")
        if r < 0.05 and alphabet != "en":  # UCHAR escapes in an IRI
            escaped = "".join(
                ch if ord(ch) < 0x80 else f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}"
                for ch in title
            )
            return full_iri(
                f"https://{wiki}.wikipedia.org/wiki/{title}", f"https://{wiki}.wikipedia.org/wiki/{escaped}"
            )
        encoded = quote(title, safe="_")
        if r < 0.08:
            encoded = encoded.lower() if "%" in encoded else encoded  # %c3%a9 is as valid
        if r < 0.2 and wiki == "en":  # prefixed, with %XX and a \( \) escape in Turtle
            if rng.random() < 0.3:
                return pname("enwiki", f"{encoded}_(film)", f"{encoded}_\\(film\\)")
            return pname("enwiki", encoded)
        return full_iri(f"https://{wiki}.wikipedia.org/wiki/{encoded}")

    def media(self) -> Term:
        title, _ = self.title()
        name = quote(title.replace("_", " ") + f" ({self.rng.randint(1, 9999)}).jpg")
        return pname("commons", name)

    def extid(self) -> Term:
        rng = self.rng
        n = rng.randint(1, 10**9)
        r = int(rng.random() * 4)
        if r == 0:
            return full_iri(f"https://viaf.org/viaf/{n}")
        if r == 1:
            return full_iri(f"http://id.loc.gov/authorities/names/n{n}")
        if r == 2:
            return full_iri(f"https://www.imdb.com/name/nm{n % 10**7:07d}/")
        return full_iri(f"https://www.openstreetmap.org/relation/{n}?a=b&c=%2F{n % 97}#top")

    def value(self, kind: str) -> Term:
        rng = self.rng
        if kind == "item":
            return self.entity()
        if kind == "string":
            _, alphabet = self.languages.pick(rng)
            text = self.text(alphabet, 1 + int(rng.random() * 3))
            if rng.random() < 0.1:
                return self.string(text, f"^^<{XSD}string>", "^^xsd:string")
            return self.string(text, "", "")
        if kind == "extid":
            return self.extid()
        if kind == "quantity":
            r = rng.random()
            if r < 0.4:
                return self.integer()
            if r < 0.75:
                return self.decimal()
            if r < 0.92:
                return self.double()
            unit = (
                ("ucum", "https://w3id.org/cdt/ucum")
                if r < 0.96
                else ("unit", "http://example.org/unit#kilogram")
            )
            lexical = (
                f"{rng.randint(1, 9999)}.{rng.randint(0, 99)} km"
                if unit[0] == "ucum"
                else str(rng.randint(1, 500))
            )
            return f'"{lexical}"^^<{unit[1]}>', f'"{lexical}"^^<{unit[1]}>'
        if kind == "time":
            return self.datetime()
        if kind == "date":
            return self.date()
        if kind == "coord":
            text = f"Point({rng.uniform(-180, 180):.5f} {rng.uniform(-90, 90):.5f})"
            return self.typed(text, "geo:wktLiteral")
        if kind == "mono":
            tag, alphabet = self.languages.pick(rng)
            return self.lang_literal(tag, alphabet)
        if kind == "url":
            if rng.random() < 0.1:
                title, _ = self.title()
                return self.typed(f"https://example.org/{quote(title)}", "xsd:anyURI")
            return self.url()
        if kind == "media":
            return self.media()
        if kind == "flag":
            flag = ("true", "false")[int(rng.random() * 2)]
            return self.typed(flag, "xsd:boolean", flag)
        return self.typed(str(rng.randint(1000, 2030)), "xsd:gYear")  # "year"

    def bnode_label(self) -> str:
        self.next_bnode += 1
        n = self.next_bnode
        r = self.rng.random()
        if r < 0.1:
            return f"genid-{n:x}.{n % 7}"
        if r < 0.15:
            return f"{n}x"
        return f"s{n}"

    # ------------------------------------------------------------------ groups

    def next_graph(self) -> Term:
        if self.graph_run <= 0:
            self.graph_run = self.rng.randint(1, 20)
            self.graph = pname("rev", str(self.rng.randint(1, self.graphs) * 7 + 1_000_000_000))
        self.graph_run -= 1
        return self.graph

    def entity_group(self) -> Group:
        rng = self.rng
        self.next_q += rng.randint(1, 5)
        subject = pname("wd", f"Q{self.next_q}")
        props: dict[Term, list[Term]] = {}
        slots = 1 + int(rng.random() * 4)
        for _ in range(slots):
            r = rng.random()
            if r < 0.08:
                props.setdefault(self.a, []).append(self.item)
            elif r < 0.3:
                pred = self.label if r < 0.2 else self.description if r < 0.27 else self.alt_label
                for _ in range(1 + int(rng.random() * 3)):
                    tag, alphabet = self.languages.pick(rng)
                    props.setdefault(pred, []).append(self.lang_literal(tag, alphabet))
            elif r < 0.36:
                label = self.bnode_label()
                pid, kind = self.direct[self.direct_pick.pick(rng) % 100]
                props.setdefault(pname("p", f"P{pid}"), []).append((f"_:{label}", f"_:{label}"))
                self.pending.append((label, pid, kind))
            elif r < 0.38:
                props.setdefault(self.modified, []).append(self.datetime())
            elif r < 0.39:
                props.setdefault(self.version, []).append(self.integer())
            else:
                pid, kind = self.direct[self.direct_pick.pick(rng)]
                objs = props.setdefault(pname("wdt", f"P{pid}"), [])
                for _ in range(1 + (int(rng.random() * 3) if rng.random() < 0.15 else 0)):
                    objs.append(self.value(kind))
        return Group(self.next_graph(), subject, [(p, unique(objs)) for p, objs in props.items()])

    def statement_group(self, label: str, pid: int, kind: str) -> Group:
        rng = self.rng
        props: list[tuple[Term, list[Term]]] = [(pname("ps", f"P{pid}"), [self.value(kind)])]
        used = set()
        for _ in range(int(rng.random() * 3)):
            qid, qkind = self.qualifiers[int(rng.random() * len(self.qualifiers))]
            if qid not in used:
                used.add(qid)
                props.append((pname("pq", f"P{qid}"), [self.value(qkind)]))
        if rng.random() < 0.5:
            props.append((self.rank, [self.ranks[int(rng.random() * 3)]]))
        return Group(self.next_graph(), (f"_:{label}", f"_:{label}"), props)

    def groups(self) -> Iterator[Group]:
        """Groups whose sizes add up to exactly ``statements`` (the last one cut short)."""
        left = self.statements
        rng = self.rng
        while left > 0:
            if self.pending and (len(self.pending) >= 3 or rng.random() < 0.5):
                group = self.statement_group(*self.pending.pop(0))
            else:
                group = self.entity_group()
            size = group.size()
            if size > left:
                group.props = cut(group.props, left)
                size = left
            left -= size
            yield group


def unique(objs: list[Term]) -> list[Term]:
    """No statement twice (a store would hold it once)."""
    if len(objs) == 1:
        return objs
    seen: set[str] = set()
    out = []
    for obj in objs:
        if obj[0] not in seen:
            seen.add(obj[0])
            out.append(obj)
    return out


def cut(props: list[tuple[Term, list[Term]]], keep: int) -> list[tuple[Term, list[Term]]]:
    out = []
    for pred, objs in props:
        if keep <= 0:
            break
        out.append((pred, objs[:keep]))
        keep -= len(out[-1][1])
    return out


# --------------------------------------------------------------------------- writers

FLUSH_GROUPS = 2000


def prefix_header() -> str:
    lines = []
    for prefix, ns in PREFIXES:
        if prefix == SPARQL_PREFIX:
            lines.append(f"PREFIX {prefix}: <{ns}>\n")
        else:
            lines.append(f"@prefix {prefix}: <{ns}> .\n")
    return "".join(lines) + "\n"


def write_lines(out: TextIO, groups: Iterator[Group], quads: bool) -> None:
    buf: list[str] = []
    for n, group in enumerate(groups, 1):
        s = group.subject[0]
        end = f" {group.graph[0]} .\n" if quads else " .\n"
        for pred, objs in group.props:
            p = pred[0]
            for obj in objs:
                buf.append(f"{s} {p} {obj[0]}{end}")
        if n % FLUSH_GROUPS == 0:
            out.write("".join(buf))
            buf.clear()
    out.write("".join(buf))


def turtle_block(group: Group, indent: str) -> str:
    inner = indent + "    "
    body = f" ;\n{inner}".join(
        f"{pred[1]} " + ", ".join(obj[1] for obj in objs) for pred, objs in group.props
    )
    return f"{indent}{group.subject[1]} {body} .\n"


def write_turtle(out: TextIO, groups: Iterator[Group]) -> None:
    out.write(prefix_header())
    buf: list[str] = []
    for n, group in enumerate(groups, 1):
        buf.append(turtle_block(group, ""))
        buf.append("\n")
        if n % FLUSH_GROUPS == 0:
            out.write("".join(buf))
            buf.clear()
    out.write("".join(buf))


def write_trig(out: TextIO, groups: Iterator[Group], seed: int) -> None:
    """Named graph blocks, one per run of groups in a graph; the style dice are not the data's."""
    style = random.Random(seed ^ 0x7216)
    out.write(prefix_header())
    buf: list[str] = []
    current: str | None = None
    for n, group in enumerate(groups, 1):
        if group.graph[1] != current:
            if current is not None:
                buf.append("}\n\n")
            current = group.graph[1]
            keyword = "GRAPH " if style.random() < 0.05 else ""
            name = group.graph[0] if style.random() < 0.1 else group.graph[1]
            buf.append(f"{keyword}{name} {{\n")
        buf.append(turtle_block(group, "    "))
        if n % FLUSH_GROUPS == 0:
            out.write("".join(buf))
            buf.clear()
    if current is not None:
        buf.append("}\n")
    out.write("".join(buf))


def write_file(path: Path, fmt: Fmt, statements: int, seed: int) -> None:
    groups = Generator(seed, statements).groups()
    with path.open("w", encoding="utf-8", newline="", buffering=1 << 20) as out:
        if fmt.key in ("nt", "nq"):
            write_lines(out, groups, fmt.quads)
        elif fmt.key == "ttl":
            write_turtle(out, groups)
        else:
            write_trig(out, groups, seed)


def oxigraph_count(path: Path, fmt: Fmt) -> int | None:
    """Statements pyoxigraph reads from the file (raises on a syntax error); None without it."""
    ox = import_optional("pyoxigraph")
    if ox is None:
        return None
    return sum(1 for _ in ox.parse(path=str(path), format=getattr(ox.RdfFormat, fmt.oxigraph)))


#: Writes ``statements`` statements of a seeded generator to a file in a format.
WriteFile = Callable[[Path, Fmt, int, int], None]


def generate(
    path: Path, fmt: Fmt, statements: int, seed: int, check: bool = True, write: WriteFile = write_file
) -> dict[str, Any]:
    """Write ``path`` with ``write`` (through a .tmp file) and read it back with pyoxigraph."""
    tmp = path.with_name(path.name + ".tmp")
    started = time.perf_counter()
    write(tmp, fmt, statements, seed)
    written = time.perf_counter() - started
    info: dict[str, Any] = {"bytes": tmp.stat().st_size, "write_seconds": round(written, 1)}
    if check:
        started = time.perf_counter()
        try:
            count = oxigraph_count(tmp, fmt)
        except Exception:
            log(f"{tmp}: pyoxigraph rejects the generated file (kept for inspection)")
            raise
        if count is not None and count != statements:
            raise RuntimeError(f"{tmp}: pyoxigraph reads {count} statements, {statements} generated")
        info["pyoxigraph_statements"] = count
        info["check_seconds"] = round(time.perf_counter() - started, 1)
    tmp.replace(path)
    return info


# --------------------------------------------------------------------------- cached inputs


def stamp(
    key: str, statements: int, seed: int, generator: str = "diverse", version: int = GENERATOR_VERSION
) -> dict[str, Any]:
    return {
        "generator": generator,
        "version": version,
        "format": key,
        "statements": statements,
        "seed": seed,
    }


def ensure_diverse(size: str, key: str, seed: int = DEFAULT_SEED) -> Path:
    """``benchmarks/_data/<size>.<key>``, generated and checked once."""
    statements = DIVERSE_SIZES[size]
    return ensure_generated(size, key, statements, stamp(key, statements, seed), "term-diverse", write_file)


def ensure_generated(
    size: str, key: str, statements: int, wanted: dict[str, Any], what: str, write: WriteFile
) -> Path:
    """``benchmarks/_data/<size>.<key>`` written by ``write`` with ``wanted``'s seed, unless
    a file with the stamp ``wanted`` is there; checked by pyoxigraph when generated."""
    from data import CACHE_DIR, read_meta, write_meta

    dst = CACHE_DIR / f"{size}.{key}"
    if dst.exists() and read_meta(dst).get("stamp") == wanted:
        return dst
    seed = wanted["seed"]
    log(f"generating {dst.relative_to(REPO_ROOT)} ({statements:,} {what} statements, seed {seed}) ...")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    info = generate(dst, FORMATS[key], statements, seed, write=write)
    checked = (
        "checked by pyoxigraph"
        if info.get("pyoxigraph_statements")
        else "pyoxigraph not installed, unchecked"
    )
    log(f"{dst.name}: {info['bytes'] / 2**20:,.1f} MiB in {info['write_seconds']} s, {checked}")
    write_meta(dst, {"stamp": wanted, "expected_statements": statements, "verified": False, **info})
    return dst


def generated_inputs(
    names: Iterable[str], ensure: Callable[[str, str], Path], keys: Sequence[str], sizes: Sequence[str]
) -> list[Input]:
    """The inputs of the generated sizes ``names`` among ``sizes``, made by ``ensure(size, key)``."""
    return [Input(ensure(size, key), FORMATS[key], size) for size in names if size in sizes for key in keys]


def diverse_inputs(keys: Sequence[str], sizes: Sequence[str]) -> list[Input]:
    return generated_inputs(DIVERSE_SIZES, ensure_diverse, keys, sizes)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--statements", type=int, help="how many statements (with -o)")
    group.add_argument("--size", choices=list(DIVERSE_SIZES), help="a cached benchmark input (no -o)")
    ap.add_argument("--format", choices=list(FORMATS), required=True, help="nt, nq, ttl or trig")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"default {DEFAULT_SEED}")
    ap.add_argument("-o", "--output", help="output file (with --statements)")
    ap.add_argument("--no-check", action="store_true", help="do not read the file back with pyoxigraph")
    args = ap.parse_args(argv)
    if args.size:
        if args.output:
            ap.error("--size writes into benchmarks/_data; use --statements with -o")
        print(ensure_diverse(args.size, args.format, args.seed))
        return 0
    if not args.output:
        ap.error("--statements needs -o FILE")
    if args.statements < 1:
        ap.error("--statements must be at least 1")
    path = Path(args.output)
    info = generate(path, FORMATS[args.format], args.statements, args.seed, check=not args.no_check)
    log(f"{path}: {args.statements:,} statements, {info}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
