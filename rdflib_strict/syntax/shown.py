"""How a message shows the input it quotes: every character visible, every token bounded.

Pure and stdlib-only, so that the pure checkers (IRIs, language tags) quote with it too.
A document may hold a 20 MB IRI or a byte order mark in the middle of a line; a message
quoting either must neither print megabytes nor hide what is wrong.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CUT", "QUOTE_MAX", "TOKEN_MAX", "clip", "describe_found", "shown_char", "token_end", "visible"]

#: What stands for the text a quote leaves out.
CUT: Final = "..."
#: The most characters of a token (an IRI, a prefix, a language tag) a message quotes.
TOKEN_MAX: Final = 100
#: The most characters of the token found at an error that ``expected X, found Y`` quotes.
QUOTE_MAX: Final = 40


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


def token_end(src: str, pos: int) -> int:
    """Where the token at ``pos`` ends for a quote or caret: the next whitespace, at most
    ``QUOTE_MAX`` characters on (a lone delimiter is a token of one)."""
    end = pos + 1
    n = len(src)
    while end < n and src[end] not in " \t\r\n" and end - pos < QUOTE_MAX:
        end += 1
    return end


def describe_found(src: str, pos: int, final: bool = True) -> str:
    """Quote what stands at ``pos`` for an ``expected X, found Y`` message."""
    if pos >= len(src):
        return "end of document" if final else "end of input"
    ch = src[pos]
    if ch == "\n" or ch == "\r":
        return "end of line"
    if ch == " " or ch == "\t":
        return "a tab" if ch == "\t" else "a space"
    end = token_end(src, pos)
    token = src[pos:end]
    if end < len(src) and src[end] not in " \t\r\n":
        token += "..."
    return "'" + token + "'"
