"""Which RDF a reader or writer speaks: the ``version`` keyword of every parse and serialize
call, ``iterparse`` and the command line's ``--rdf-version``.

RDF 1.1 is the default, byte for byte what it always was; RDF 1.2 is asked for explicitly, as
rdflib plans it (RDFLib/rdflib#3524): ``"1.2"``, or ``"1.2-basic"``, RDF 1.2 without triple
terms (directional language strings and ``VERSION`` only). The value travels as a ``str``
enum, so it pickles as its text to worker processes.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["RdfVersion", "version_arg"]


class RdfVersion(str, Enum):
    """The RDF a reader accepts or a writer writes."""

    RDF11 = "1.1"
    RDF12 = "1.2"
    RDF12_BASIC = "1.2-basic"

    @property
    def rdf12(self) -> bool:
        """Whether RDF 1.2 syntax (base directions, ``VERSION``) is allowed at all."""
        return self is not RdfVersion.RDF11

    @property
    def triple_terms(self) -> bool:
        """Whether triple terms ``<<( s p o )>>`` are allowed (full RDF 1.2 only)."""
        return self is RdfVersion.RDF12


def version_arg(value: object) -> RdfVersion:
    """``value`` (``"1.1"``, ``"1.2"``, ``"1.2-basic"``, an RdfVersion, or None for the
    default) as an RdfVersion; anything else is a ValueError listing the three."""
    if value is None:
        return RdfVersion.RDF11
    if isinstance(value, str):
        for version in RdfVersion:
            if value == version.value:
                return version
    known = ", ".join(repr(v.value) for v in RdfVersion)
    raise ValueError(f"version must be one of {known}, not {value!r}")
