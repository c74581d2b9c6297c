"""The one table of formats: names, aliases, file suffixes, media types and what each can do.

Every face reads its facts from here: format names on the command line and in ``iterparse``,
guessing from a file name (also under a compression suffix) or a media type, the Accept header
of a download, rdflib plugin names, which formats have named graphs, and which can be cut at
any line end for worker processes (``-j``, Dask; Turtle and TriG are cut at statement
boundaries instead).

>>> format_for("N-Quads"), format_for("text/turtle;charset=utf-8"), format_for(None, "x.nt.gz")
('nquads', 'turtle', 'ntriples')
"""

from __future__ import annotations

import pathlib
import urllib.parse
from typing import Final, NamedTuple

__all__ = [
    "COMPRESSION_SUFFIXES",
    "FORMATS",
    "LINE_FORMATS",
    "Format",
    "format_for",
    "is_url",
    "media_type",
]


class Format(NamedTuple):
    """One RDF text format. (A NamedTuple: ``dataclasses`` took 7 ms of every start of the
    command line.)"""

    #: Our canonical name: ``ntriples``, ``nquads``, ``turtle``, ``trig``.
    name: str
    #: Other names it is asked for by (the canonical one first); see ``format_for``.
    aliases: tuple[str, ...]
    #: File name endings that name it, lowercase with the dot (before any compression suffix).
    suffixes: tuple[str, ...]
    #: Its registered media type: what a download asks for and what names a downloaded file.
    media_type: str
    #: rdflib's own names for it, which ``install()`` takes over.
    rdflib_names: tuple[str, ...]
    #: Its rdflib plugin class names' stem (``NTriples`` -> ``NTriplesParser``, ``...Serializer``).
    plugin: str
    #: Whether a statement may name a graph (N-Quads, TriG).
    has_graphs: bool
    #: Whether every statement ends at a line end, so a file can be cut at any line end.
    line_based: bool


FORMATS: Final = {
    f.name: f
    for f in (
        Format(
            "ntriples",
            ("ntriples", "nt", "nt11", "strict-ntriples", "strict-nt"),
            (".nt",),
            "application/n-triples",
            ("nt", "ntriples", "nt11", "application/n-triples"),
            "NTriples",
            has_graphs=False,
            line_based=True,
        ),
        Format(
            "nquads",
            ("nquads", "nq", "strict-nquads", "strict-nq"),
            (".nq", ".nquads"),
            "application/n-quads",
            ("nquads", "application/n-quads"),
            "NQuads",
            has_graphs=True,
            line_based=True,
        ),
        Format(
            "turtle",
            ("turtle", "ttl", "strict-turtle", "strict-ttl"),
            (".ttl",),
            "text/turtle",
            ("turtle", "ttl", "text/turtle"),
            "Turtle",
            has_graphs=False,
            line_based=False,
        ),
        Format(
            "trig",
            ("trig", "strict-trig"),
            (".trig",),
            "application/trig",
            ("trig", "application/trig"),
            "Trig",
            has_graphs=True,
            line_based=False,
        ),
    )
}
#: The formats whose files can be cut at any line end (``-j N``, Dask).
LINE_FORMATS: Final = tuple(name for name, f in FORMATS.items() if f.line_based)
#: File name endings that say "compressed", by codec; format guessing looks past them.
COMPRESSION_SUFFIXES: Final = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd"}


def _squeezed(name: str) -> str:
    """A format name as compared: ``N-Triples``, ``n_triples`` and ``ntriples`` are one name."""
    return name.strip().lower().replace("-", "").replace("_", "")


_BY_ALIAS: Final = {_squeezed(alias): f.name for f in FORMATS.values() for alias in f.aliases}
_BY_MEDIA_TYPE: Final = {f.media_type: f.name for f in FORMATS.values()}
_BY_SUFFIX: Final = {suffix: f.name for f in FORMATS.values() for suffix in f.suffixes}
#: The names an unknown one is answered with: every alias and media type, by format.
_ACCEPTED: Final = (
    ", ".join(f"{f.name} ({', '.join([*f.aliases[1:], f.media_type])})" for f in FORMATS.values())
    + "; case, hyphens and underscores do not matter"
)


def is_url(source: object) -> bool:
    """Whether ``source`` is an ``http://`` or ``https://`` URL (downloaded when opened; its
    path's extension names its format)."""
    return isinstance(source, str) and source[:8].lower().startswith(("http://", "https://"))


def media_type(header: str | None) -> str | None:
    """``text/turtle`` from ``text/turtle; charset=utf-8``; None if there is no header."""
    if header is None:
        return None
    return header.split(";", 1)[0].strip().lower() or None


def format_for(
    fmt: str | None, name: str | None = None, content_type: str | None = None, *, option: str = "format="
) -> str:
    """The canonical format name for ``fmt`` (an alias or a media type, as people write them:
    ``N-Triples``, ``nq``, ``Turtle``, ``application/trig``), else guessed from a file name or
    URL (``x.nt.gz`` is N-Triples), else from a media type (``text/turtle; charset=utf-8``).
    ``option`` is how the message of a format that cannot be told says to give one (the
    command line says ``--format``).

    >>> format_for(None, "http://example.org/data", "application/n-quads")
    'nquads'
    """
    if fmt is not None:
        found = _BY_MEDIA_TYPE.get(media_type(fmt) or "") if "/" in fmt else _BY_ALIAS.get(_squeezed(fmt))
        if found is None:
            raise ValueError(f"unknown format {fmt!r}; known: {_ACCEPTED}")
        return found
    if name is not None:
        suffix = _format_suffix(name)
        if suffix in _BY_SUFFIX:
            return _BY_SUFFIX[suffix]
    what = media_type(content_type)
    if what is not None:
        if what in _BY_MEDIA_TYPE:
            return _BY_MEDIA_TYPE[what]
        raise ValueError(
            f"cannot tell the format from {_extension(name)} or the media type {what!r}: give {option}"
        )
    raise ValueError(f"cannot tell the format from {_extension(name)}: give {option}")


def _extension(name: str | None) -> str:
    # Messages follow the name (the command line writes 'x.foo: cannot tell ...'): not again.
    suffix = _format_suffix(name) if name else ""
    return f"the extension {suffix!r}" if suffix else "a name without an extension"


def _format_suffix(name: str) -> str:
    """The extension that names the format: a URL's path's, the one before a compression suffix."""
    path = pathlib.PurePosixPath(urllib.parse.urlsplit(name).path) if is_url(name) else pathlib.PurePath(name)
    if path.suffix.lower() in COMPRESSION_SUFFIXES:
        path = path.with_suffix("")
    return path.suffix.lower()
