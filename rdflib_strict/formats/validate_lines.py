"""Validating N-Triples and N-Quads without building a single rdflib term.

``validate`` only has to say whether each statement is in the language, so the statement
regex here is the grammar itself, strict where the parser's fast path is lenient: IRIs are
matched as absolute RFC 3987 IRIs of the common shapes (``iri.ABSOLUTE_IRI``), string bodies
allow exactly the escapes ECHAR and UCHAR allow (no surrogates). A line it matches is valid but
for its language tag (well-formed BCP 47, checked once per distinct tag) and a datatype
of ``rdf:langString`` / ``rdf:dirLangString``. Everything else (comments, blank lines, IRIs
with escapes or IP literals, errors) goes to the parser's precise reader, which either accepts
the line or raises at the exact token, so verdicts and messages are the parser's own.

Ill-typed literals (``"abc"^^xsd:integer``) are valid RDF: they go to ``warn``, not ``on_error``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import Final

from rdflib.term import Literal, Node

from ..edge.terms import Terms
from ..syntax.caches import CACHE_LIMIT
from ..syntax.driver import OnError
from ..syntax.errors import ILL_TYPED, ParseError
from ..syntax.escapes import unescape_string
from ..syntax.grammar import BLANK_NODE_LABEL_BODY, LANGTAG_BODY, WS_LINE
from ..syntax.iri import ABSOLUTE_IRI
from ..syntax.langtag import langtag_error
from ..syntax.source import ChunkReader
from ..syntax.xsd import ill_typed
from .lines import LineParser, next_line

__all__ = ["LineValidator"]

_RDF: Final = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
# Datatypes a literal without a language tag may not have: the precise reader says why.
_NEEDS_LANG: Final = frozenset((_RDF + "langString", _RDF + "dirLangString"))

_IRIREF: Final = f"<{ABSOLUTE_IRI}>"
_NODE: Final = f"(?:{_IRIREF}|_:{BLANK_NODE_LABEL_BODY})"
# ECHAR and UCHAR only; a \u escape of a surrogate and every \U escape go to the precise
# reader (which decodes \U and checks its range).
_STRING_BODY: Final = r'[^"\\\n\r]*(?:\\(?:[tbnrf"\'\\]|u(?![dD][89a-fA-F])[0-9A-Fa-f]{4})[^"\\\n\r]*)*'
_OBJECT: Final = (
    f'(?:{_NODE}|"({_STRING_BODY})"'
    f"(?:{WS_LINE}\\^\\^{WS_LINE}<({ABSOLUTE_IRI})>|{WS_LINE}@({LANGTAG_BODY}))?)"
)
_END: Final = rf"\.{WS_LINE}(?:#[^\r\n]*)?(?:[\r\n]+|\Z)"
_NTRIPLES: Final = re.compile(WS_LINE.join(("", _NODE, _IRIREF, _OBJECT, "")) + _END)
_NQUADS: Final = re.compile(WS_LINE.join(("", _NODE, _IRIREF, _OBJECT, f"(?:{_NODE}{WS_LINE})?")) + _END)

#: What a validator hands a warning to: a ParseError placed on the literal.
Warn = Callable[[ParseError], None]


class LineValidator(LineParser):
    """Counts the statements of an N-Triples (``quads=False``) or N-Quads document, handing each
    bad one's ParseError to ``on_error`` (or raising it) and each ill-typed literal to ``warn``.

    A LineParser whose precise reader takes what the validating regex does not.
    """

    def __init__(self, quads: bool, warn: Warn | None = None) -> None:
        super().__init__(Terms(), quads, None, _label)
        self._match = (_NQUADS if quads else _NTRIPLES).match
        self.warn = warn
        self._langs: set[str] = set()

    def check(self, reader: ChunkReader, on_error: OnError | None = None) -> int:
        """The number of valid statements in ``reader``'s document."""
        self.name = reader.name
        statement = self._statement
        match = self._match
        langs = self._langs
        warn = self.warn
        count = 0
        for src in reader:
            self._src = src
            self._first_line = reader.line
            pos = 0
            end = len(src)
            while pos < end:
                m = match(src, pos)
                if m is not None:
                    lex, dt, lang = m.group(1, 2, 3)
                    if lex is None or (dt is None and (lang is None or lang in langs)):
                        count += 1
                        pos = m.end()
                        continue
                    if lang is not None:
                        if langtag_error(lang) is None:
                            langs.add(lang)
                            count += 1
                            pos = m.end()
                            continue
                    elif dt not in _NEEDS_LANG:
                        if warn is not None:
                            self._check_typed(m, lex, dt, warn)
                        count += 1
                        pos = m.end()
                        continue
                # The precise reader: comments, blank lines, rarer shapes, and every error.
                try:
                    next_pos, quad = statement(src, pos)
                except ParseError as e:
                    if on_error is None:
                        raise
                    next_pos = next_line(src, pos)
                    on_error(self._skipped(e, pos, next_pos))
                else:
                    if quad is not None:
                        count += 1
                        if warn is not None:
                            self._check_precise(quad[2], src, pos, warn)
                pos = next_pos
            if len(langs) > CACHE_LIMIT:
                langs.clear()
            self.trim_caches()
        return count

    def _check_typed(self, m: re.Match[str], lex: str, dt: str, warn: Warn) -> None:
        reason = ill_typed(unescape_string(lex) if "\\" in lex else lex, dt)
        if reason is not None:
            warn(self._ill_typed(m.start(1) - 1, m.end(2) + 1, reason))

    def _check_precise(self, o: object, src: str, pos: int, warn: Warn) -> None:
        if isinstance(o, Literal) and o.datatype is not None:
            reason = ill_typed(str(o), str(o.datatype))
            if reason is not None:
                # Subject and predicate are IRIs or labels, which hold no '"': the literal
                # starts at the line's first one.
                start = src.index('"', pos)
                warn(self._ill_typed(start, start + 1, reason))

    def _ill_typed(self, start: int, end: int, reason: str) -> ParseError:
        return self._error(start, end, f"{ILL_TYPED}: {reason}")


def _label(label: Node) -> Hashable:
    return label
