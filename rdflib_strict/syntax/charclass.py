"""Regex character classes spelled to compile fast.

Compiling a class costs ``sre`` one step per BMP code point its ranges cover (that is how
``re._compiler._optimize_charset`` builds its bitmap), and every copy of a class inside a
pattern is compiled again. The grammar's name classes (PN_CHARS, ucschar, XML NameChar) cover
~50,000 BMP code points and the statement regexes hold dozens of copies: spelled as written in
the specs they cost a third of a second at every start-up. ``char_class`` spells a class as
its complement when that covers fewer BMP code points (PN_CHARS: ~12,000), which matches the
same characters at the same speed.

>>> char_class("a-z", "_")
'[_a-z]'
>>> char_class("\\x00-\\x7f", negate=True)  # fewer BMP code points in the complement
'[^\\\\x00-\\\\x7f]'
>>> char_class("\\x21-\\U0010ffff", "-")
'[^\\\\x00-\\\\x20]'
"""

from __future__ import annotations

from typing import Final

__all__ = ["char_class", "common_chars"]

_MAX: Final = 0x10FFFF
_BMP_END: Final = 0x10000
# Escapes that stand for one character in the class bodies this module reads.
_HEX_ESCAPES: Final = {"x": 2, "u": 4, "U": 8}

Ranges = list[tuple[int, int]]


def char_class(*bodies: str, negate: bool = False) -> str:
    """The regex class of every character the class ``bodies`` (as written between ``[`` and
    ``]``: characters, ``a-b`` ranges, ``\\xHH``/``\\uHHHH``/``\\UHHHHHHHH`` and ``\\c``
    escapes) admit, or with ``negate`` of every other character, in the cheaper spelling."""
    ranges = _merge([r for body in bodies for r in _parse(body)])
    if negate:
        ranges = _complement(ranges)
    complement = _complement(ranges)
    if _bmp_size(complement) < _bmp_size(ranges):
        return f"[^{_render(complement)}]"
    return f"[{_render(ranges)}]"


def common_chars(first: str, second: str) -> str:
    """A class body of the characters both class bodies admit (PN_CHARS that are ucschar).

    >>> common_chars("a-m", "h-z")
    'h-m'
    """
    both = _complement(_merge(_complement(_merge(_parse(first))) + _complement(_merge(_parse(second)))))
    return _render(both)


def _parse(body: str) -> Ranges:
    out: Ranges = []
    chars: list[int] = []
    i = 0
    while i < len(body):
        if body[i] == "-" and chars and i + 1 < len(body):
            # A range: its low end is the character just read, its high end the next one.
            low = chars.pop()
            high, i = _one(body, i + 1)
            out.append((low, high))
        else:
            c, i = _one(body, i)
            chars.append(c)
    out += [(c, c) for c in chars]
    return out


def _one(body: str, i: int) -> tuple[int, int]:
    """The character at ``body[i]`` (an escape read whole) and where the next one starts."""
    if body[i] == "\\":
        width = _HEX_ESCAPES.get(body[i + 1], 0)
        if width:
            return int(body[i + 2 : i + 2 + width], 16), i + 2 + width
        return ord(body[i + 1]), i + 2
    return ord(body[i]), i + 1


def _merge(ranges: Ranges) -> Ranges:
    out: Ranges = []
    for low, high in sorted(ranges):
        if out and low <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], high))
        else:
            out.append((low, high))
    return out


def _complement(ranges: Ranges) -> Ranges:
    out: Ranges = []
    nxt = 0
    for low, high in ranges:
        if low > nxt:
            out.append((nxt, low - 1))
        nxt = high + 1
    if nxt <= _MAX:
        out.append((nxt, _MAX))
    return out


def _bmp_size(ranges: Ranges) -> int:
    return sum(max(0, min(high, _BMP_END - 1) - low + 1) for low, high in ranges)


def _escape(c: int) -> str:
    if (chr(c).isalnum() and c < 0x80) or chr(c) in "_.:@,;=!$&'()*+/?~%":
        return chr(c)
    if c < 0x100:
        return f"\\x{c:02x}"
    if c < _BMP_END:
        return f"\\u{c:04x}"
    return f"\\U{c:08x}"


def _render(ranges: Ranges) -> str:
    return "".join(_escape(low) if low == high else f"{_escape(low)}-{_escape(high)}" for low, high in ranges)
