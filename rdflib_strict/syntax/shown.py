"""How a message shows the input it quotes: every character visible, every token bounded.

Pure and stdlib-only, so that the pure checkers (IRIs, language tags) quote with it too.
A document may hold a 20 MB IRI or a byte order mark in the middle of a line; a message
quoting either must neither print megabytes nor hide what is wrong.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CUT", "TOKEN_MAX", "clip", "shown_char", "visible"]

#: What stands for the text a quote leaves out.
CUT: Final = "..."
#: The most characters of a token (an IRI, a prefix, a language tag) a message quotes.
TOKEN_MAX: Final = 100


def shown_char(c: str) -> str:
    """``c`` itself if it is printable or a tab, else ``U+XXXX``.

    Not printable (``str.isprintable``): the controls (C0, DEL, C1), format characters (the
    byte order mark U+FEFF, zero-width spaces, bidirectional marks), line and paragraph
    separators, every space but U+0020, private use, surrogates and unassigned code points:
    what a terminal shows as nothing, as blank, or as a command.

    >>> shown_char("a"), shown_char("\\ufeff"), shown_char("\\x1b"), shown_char("\\t")
    ('a', 'U+FEFF', 'U+001B', '\\t')
    """
    return c if c.isprintable() or c == "\t" else f"U+{ord(c):04X}"


def visible(text: str) -> str:
    """``text`` with every character but the printable ones and tab shown as ``U+XXXX``.

    >>> visible("a\\rb\\x00c\\u2028d\\te\\ufefff")
    'aU+000DbU+0000cU+2028d\\teU+FEFFf'
    """
    if text.isprintable():  # the usual case, at C speed
        return text
    return "".join(map(shown_char, text))


def clip(text: str, limit: int = TOKEN_MAX) -> str:
    """``text`` if it has at most ``limit`` characters, else its start and its end around
    ``...``, ``limit`` characters in all: both ends of an IRI tell which one it is.

    >>> clip("http://example.org/" + "a" * 200 + "/end", 30)
    'http://example...aaaaaaaaa/end'
    """
    if len(text) <= limit:
        return text
    kept = limit - len(CUT)
    head = (kept + 1) // 2
    return text[:head] + CUT + text[len(text) - (kept - head) :]
