"""``edge.rdflib_private``: what it reads of rdflib today, and its fallbacks when rdflib changes."""

from __future__ import annotations

from typing import Any

import pytest
from rdflib import Dataset, Graph, Literal, Namespace
from rdflib.term import URIRef

from rdflib_strict.edge.rdflib_private import literal_field_names, memory_holds_no_quoted_triples
from rdflib_strict.formats import write_terms

EX = Namespace("http://example.org/")


def test_literal_fields_are_read_by_rdflibs_slots() -> None:
    # Fails if rdflib renames or drops Literal's _language/_datatype slots (the writers then
    # read the public properties, at twice the cost): look at literal_field_names again.
    assert literal_field_names() == ("_language", "_datatype")
    # Importing the edge (as every rdflib plugin does) hands the names to the writers.
    assert (write_terms._LANGUAGE, write_terms._DATATYPE) == ("_language", "_datatype")


class _NoSlots(Literal):
    # No slots of its own: literal_field_names asks the class's own __dict__, as it would a
    # later rdflib's Literal that keeps its fields elsewhere.
    pass


def test_literal_fields_fall_back_to_the_public_properties() -> None:
    assert literal_field_names(_NoSlots) == ("language", "datatype")
    assert literal_field_names(int) == ("language", "datatype")


def test_literal_fields_fall_back_when_the_slots_hold_something_else() -> None:
    class Differs:
        __slots__ = ("_datatype", "_language")

        def __init__(self, lexical: str, lang: str | None = None, datatype: URIRef | None = None) -> None:
            self._language = lang.upper() if lang else None
            self._datatype = datatype

        @property
        def language(self) -> str | None:
            return self._language.lower() if self._language else None

        @property
        def datatype(self) -> URIRef | None:
            return self._datatype

    assert literal_field_names(Differs) == ("language", "datatype")

    class Raises(Differs):
        __slots__ = ("_datatype", "_language")

        def __init__(self, lexical: str, **kw: Any) -> None:
            raise TypeError("a constructor that changed")

    assert literal_field_names(Raises) == ("language", "datatype")


class _Lowered(Literal):
    # A subclass overriding the property: the writers ask the property, never the slot.
    @property
    def language(self) -> str | None:
        lang = super().language
        return lang.lower() if lang else None


def test_a_literal_subclass_is_read_by_its_properties() -> None:
    g = Graph()
    g.add((EX.s, EX.p, _Lowered("chat", lang="EN-GB")))
    assert g.serialize(format="strict-ntriples") == f'<{EX}s> <{EX}p> "chat"@en-gb .\n'


def test_a_store_of_plain_graphs_holds_no_quoted_triples() -> None:
    g = Graph()
    assert memory_holds_no_quoted_triples(g.store)  # empty
    g.add((EX.s, EX.p, EX.o))
    g.add((EX.s, EX.p, Literal("x")))
    assert memory_holds_no_quoted_triples(g.store)
    g.remove((EX.s, EX.p, EX.o))
    assert memory_holds_no_quoted_triples(g.store)


@pytest.mark.parametrize(
    "n3",
    [
        "@prefix : <http://e/> . :x :y :z . { :a :b :c } => { :d :e :f } .",
        # the store's first triple quoted: its contexts are the defaults
        "@prefix : <http://e/> . { :a :b :c } => { :d :e :f } . :x :y :z .",
        # a triple both quoted and asserted
        "@prefix : <http://e/> . :a :b :c . { :a :b :c } => { :d :e :f } .",
    ],
)
def test_a_store_with_formulas_may_hold_quoted_triples(n3: str) -> None:
    g = Graph().parse(data=n3, format="n3")
    for t in list(g):  # the formulas stay in the store, quoted (see test_write_lines)
        if str(t[1]).endswith("#implies"):
            g.remove(t)
    assert not memory_holds_no_quoted_triples(g.store)
    # Written from the triple set, not the index (which holds the formulas' triples too).
    out = g.serialize(format="strict-ntriples")
    assert set(Graph().parse(data=out, format="nt")) == set(g)
    assert out.count("\n") == len(g)


def test_a_dataset_of_several_graphs_is_judged_by_its_contexts() -> None:
    ds = Dataset()
    ds.graph(EX.g1).add((EX.s, EX.p, EX.o))
    ds.graph(EX.g2).add((EX.s, EX.p, EX.o2))
    # Not provable from the defaults alone (the second triple's contexts differ): False,
    # which only sends the writer to its exact count.
    assert not memory_holds_no_quoted_triples(ds.store)
