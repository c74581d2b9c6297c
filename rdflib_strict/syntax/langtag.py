"""Well-formedness of BCP 47 language tags (RFC 5646 sections 2.1 and 2.2.9).

Pure and stdlib-only. Rather than one regex for the ABNF, the tag is walked subtag by subtag:
every subtag kind in ``langtag`` is told apart by its length and by letters versus digits, so
the walk never has to guess, runs in linear time, and can say which subtag is wrong.
Matching is case-insensitive; the caller keeps the original case. RDF 1.2's base direction
after a tag (``read_direction``) is read here too.
"""

from __future__ import annotations

import re
from typing import Final

from .kinds import ErrorKind, SpanError
from .messages import bad_direction
from .scan import sure_match
from .shown import clip

__all__ = ["DIRECTIONS", "langtag_error", "read_direction"]

# irregular = "en-GB-oed" / "i-ami" / "i-bnn" / "i-default" / "i-enochian" / "i-hak"
#           / "i-klingon" / "i-lux" / "i-mingo" / "i-navajo" / "i-pwn" / "i-tao" / "i-tay"
#           / "i-tsu" / "sgn-BE-FR" / "sgn-BE-NL" / "sgn-CH-DE"
# regular   = "art-lojban" / "cel-gaulish" / "no-bok" / "no-nyn" / "zh-guoyu" / "zh-hakka"
#           / "zh-min" / "zh-min-nan" / "zh-xiang"
# grandfathered = irregular / regular
# (Most regular tags also match langtag; listing them all keeps the rule literal.)
_GRANDFATHERED = frozenset(
    t.lower()
    for t in (
        "en-GB-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon",
        "i-lux", "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-BE-FR",
        "sgn-BE-NL", "sgn-CH-DE",
        "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min",
        "zh-min-nan", "zh-xiang",
    )
)  # fmt: skip

# alphanum = (ALPHA / DIGIT)  ; every subtag is 1*8alphanum
_SUBTAG = re.compile(r"[A-Za-z0-9]{1,8}")
_ALPHA = re.compile(r"[A-Za-z]+")
# extlang = 3ALPHA *2("-" 3ALPHA)  ; one subtag at a time here
_EXTLANG = re.compile(r"[A-Za-z]{3}")
# script = 4ALPHA
_SCRIPT = re.compile(r"[A-Za-z]{4}")
# region = 2ALPHA / 3DIGIT
_REGION = re.compile(r"[A-Za-z]{2}|[0-9]{3}")
# variant = 5*8alphanum / (DIGIT 3alphanum)
_VARIANT = re.compile(r"[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}")
# singleton = DIGIT / %x41-57 / %x59-5A / %x61-77 / %x79-7A  ; any alphanum but "x"
_SINGLETON = re.compile(r"[0-9A-WYZa-wyz]")
# extension = singleton 1*("-" (2*8alphanum))
_EXTENSION_SUBTAG = re.compile(r"[A-Za-z0-9]{2,8}")


def langtag_error(tag: str) -> str | None:
    """Return None if ``tag`` is a well-formed BCP 47 language tag, else what is wrong.

    Language-Tag = langtag / privateuse / grandfathered
    langtag = language ["-" script] ["-" region] *("-" variant) *("-" extension)
              ["-" privateuse]
    """
    if tag.lower() in _GRANDFATHERED:
        return None
    if tag == "":
        return "empty language tag"
    shown = clip(tag)
    subtags = tag.split("-")
    for s in subtags:
        if s == "":
            return f"'{shown}' has an empty subtag"
        if _SUBTAG.fullmatch(s) is None:
            if len(s) > 8 and s.isascii() and s.isalnum():
                return f"'{shown}' has a subtag '{clip(s)}' longer than 8 characters"
            bad = next(c for c in s if not (c.isascii() and c.isalnum()))
            return f"'{shown}' has an invalid character '{bad}'"
    n = len(subtags)

    # privateuse = "x" 1*("-" (1*8alphanum))
    if subtags[0] in ("x", "X"):
        return None if n > 1 else f"'{shown}' has a private use 'x' with no subtag"

    # language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
    language = subtags[0]
    if len(language) < 2 or _ALPHA.fullmatch(language) is None:
        return f"'{shown}' does not start with a language subtag of 2 to 8 letters"
    i = 1
    if len(language) <= 3:
        extlangs = 0
        while i < n and extlangs < 3 and _EXTLANG.fullmatch(subtags[i]):
            i += 1
            extlangs += 1
    if i < n and _SCRIPT.fullmatch(subtags[i]):
        i += 1
    if i < n and _REGION.fullmatch(subtags[i]):
        i += 1

    # A variant or an extension singleton written twice (`de-1901-1901`) makes a tag not
    # "valid" in RFC 5646 2.2.9's sense, which also needs the IANA registry; RDF 1.1 asks for
    # "well-formed", the ABNF alone, which allows both.
    while i < n and _VARIANT.fullmatch(subtags[i]):
        i += 1

    while i < n and _SINGLETON.fullmatch(subtags[i]):
        singleton = subtags[i]
        i += 1
        start = i
        while i < n and _EXTENSION_SUBTAG.fullmatch(subtags[i]):
            i += 1
        if i == start:
            return f"'{shown}' has an extension singleton '{singleton}' with no subtag"

    if i < n and subtags[i] in ("x", "X"):
        if i + 1 == n:
            return f"'{shown}' has a private use 'x' with no subtag"
        return None  # every remaining subtag is 1*8alphanum, checked above

    if i < n:
        return f"'{shown}' has an unexpected subtag '{clip(subtags[i])}'"
    return None


#: The base directions of RDF 1.2 Concepts, exactly as written (``--LTR`` is not one).
DIRECTIONS: Final = frozenset(("ltr", "rtl"))
# The letters after a LANG_DIR's '--', checked against DIRECTIONS.
_DIRECTION: Final = sure_match("[a-zA-Z]*")


def read_direction(src: str, pos: int) -> tuple[int, str]:
    """RDF 1.2's ``LANG_DIR ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)* ('--' [a-zA-Z]+)?``, from its
    '--' at ``pos``: where it ends and its direction; SpanError (offsets from ``pos``) for
    letters that are no base direction."""
    end = _DIRECTION(src, pos + 2).end()
    direction = src[pos + 2 : end]
    if direction not in DIRECTIONS:
        raise SpanError(bad_direction(direction), 0, max(end - pos, 2), kind=ErrorKind.INVALID_LANGUAGE_TAG)
    return end, direction
