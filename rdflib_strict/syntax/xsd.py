"""Ill-typed literals: lexical forms outside the lexical space of their XSD datatype.

RDF 1.1 Concepts section 3.3 calls a literal whose datatype IRI is recognized but whose lexical
form is not in that datatype's lexical space *ill-typed*. Such a literal is still valid RDF
(the same section: implementations must accept it and may warn), so :func:`ill_typed` returns a
reason for a warning, never raises. The datatypes are those RDF 1.1 Concepts section 5.1
lists; the lexical spaces are those of W3C XSD 1.1 Part 2 (Recommendation, 5 April 2012):

* string (3.3.1): every lexical form is accepted, as asked of this module. Strictly the
  lexical space is the strings of XML ``Char`` only (no U+0000, for one), but every simple
  literal is an xsd:string and its text is the parser's business, not the datatype's.
* boolean 3.3.2, decimal 3.3.3, float 3.3.4 and double 3.3.5 (regular grammars; XSD 1.1
  adds ``+INF``; a float or double out of range is in the lexical space, it rounds to INF).
* duration 3.3.6 (productions [6]-[15]: seconds are ``unsignedNoDecimalPtNumeral`` or
  ``unsignedDecimalPtNumeral`` [49], so ``PT1.S`` and ``PT.5S`` are in), yearMonthDuration
  3.4.26 and dayTimeDuration 3.4.27 (duration restricted by the patterns ``[^DT]*`` and
  ``[^YM]*(T.*)?``).
* dateTime 3.3.7, time 3.3.8, date 3.3.9, gYearMonth 3.3.10, gYear 3.3.11, gMonthDay 3.3.12,
  gDay 3.3.13, gMonth 3.3.14 and dateTimeStamp 3.4.28 (timezone required), built from the
  fragments [56]-[63] ``yearFrag`` ... ``timezoneFrag``: year 0000 is allowed, a year of
  more than 4 digits must not start with 0, ``24:00:00`` (and ``24:00:00.0``...) is the only
  time with hour 24, no leap second, timezones -14:00..+14:00, and the day-of-month
  constraint of 3.3.7 (day at most ·daysInMonth·, which makes a year leap if divisible by
  400, or by 4 but not by 100; year 0000 and -0004 are leap). gMonthDay allows ``--02-29``:
  its day needs to exist in *some* year (3.3.12).
* hexBinary 3.3.15 and base64Binary 3.3.16 (productions [27]-[38]: ``B64`` is a character
  and an optional single space, so single spaces may separate any two characters, but none
  may lead or trail; the last character before ``=`` must leave the unused bits zero).
* anyURI 3.3.17: XSD 1.1 gave up checking URI syntax; the lexical space is any string of
  XML ``Char``. Deliberately lenient, this module only flags C0 controls (U+0000-U+001F:
  those other than tab, line feed and carriage return are not ``Char``, and those three
  cannot survive the whiteSpace=collapse facet, see below), lone surrogates, U+FFFE and
  U+FFFF. Spaces, even leading or doubled, and anything RFC 3987 would reject, pass.
* integer 3.4.13 and its restrictions 3.4.14-3.4.25, each with its value range; a sign and
  leading zeros are allowed on all of them (``-0`` is a nonNegativeInteger, ``+0`` a
  nonPositiveInteger: the lexical space is every integer numeral whose value is in range).
* normalizedString 3.4.1, token 3.4.2, language 3.4.3 (``[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*``,
  not the stricter BCP 47), NMTOKEN 3.4.4, Name 3.4.6 and NCName 3.4.7 (XML 1.0 fifth
  edition ``NameStartChar``/``NameChar``, which XML 1.1 shares).

Whitespace: no normalization. The whiteSpace facet (XSD 1.1 Part 2 section 4.3.6; collapse
for every type here but string, normalizedString and token) is a *pre-lexical* facet: it is
applied to a literal found in an XML document *before* the literal is checked against the
lexical space, and the lexical spaces themselves hold no such whitespace (integer is
``[\\-+]?[0-9]+``; normalizedString, 3.4.1, has no tab, line feed or carriage return).
RDF 1.1 Concepts section 3.3 maps the lexical form itself, with no pre-lexical step, so
``" 1 "^^xsd:integer`` is ill-typed, as is a tab in an xsd:normalizedString.

Speed: the common case, a well-typed literal, costs one dict lookup and one compiled
``fullmatch``; only a form that fast pattern rejects goes on to the exact check, which also
words the reason. Each fast pattern accepts a subset of the lexical space: bounded integers
with few enough digits to be in range, and dates whose day exists in every year. No pattern
nests a quantifier over overlapping classes, so matching is linear.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .charclass import char_class
from .escapes import unescape_string
from .grammar import XSD_NS, compiled_when_used

__all__ = ["CHECKED", "CONSTRAINED", "ill_typed", "ill_typed_as_written"]


_Match = Callable[[str], "re.Match[str] | None"]
_Reason = Callable[[str], "str | None"]

#: Datatype IRI -> the fast pattern (a full match means well-typed), compiled into _FAST when
#: first asked for: most documents use a few of these datatypes, and compiling all of them
#: took a tenth of the command line's start-up.
_FAST_SOURCE: dict[str, str] = {}
_FAST: dict[str, _Match] = {}
#: Datatype IRI -> the exact check, run only on what the fast pattern rejected.
_SLOW: dict[str, _Reason] = {}


def _register(name: str, fast: str, slow: _Reason) -> None:
    _FAST_SOURCE[XSD_NS + name] = fast
    _SLOW[XSD_NS + name] = slow


def _exact(name: str, pattern: str, reason: str) -> None:
    """A type whose fast pattern is its whole lexical space: a miss is the reason."""
    _register(name, pattern, lambda _lexical: reason)


def ill_typed(lexical: str, datatype: str) -> str | None:
    """None if ``lexical`` is in the lexical space of ``datatype``, or if ``datatype`` is not
    in :data:`CHECKED`; else a short reason, such as ``"xsd:byte is -128..127"``, whose first
    ``xsd:`` name is ``datatype``'s (edge/illtyped.py groups the reasons by it).

    ``datatype`` is the full IRI (an rdflib URIRef works too).

    >>> ill_typed("42", "http://www.w3.org/2001/XMLSchema#integer") is None
    True
    >>> ill_typed("300", "http://www.w3.org/2001/XMLSchema#byte")
    'xsd:byte is -128..127'
    >>> ill_typed(" 1", "http://www.w3.org/2001/XMLSchema#integer")
    'not an xsd:integer (digits with an optional sign)'
    """
    if type(datatype) is not str:
        # rdflib's URIRef never equals a plain str, and hashing one runs Python code (1.6 us
        # of a lookup's 2.4): it is looked up as its text.
        if not isinstance(datatype, str):
            return None
        datatype = str.__str__(datatype)
    fast = _FAST.get(datatype)
    if fast is None:
        source = _FAST_SOURCE.get(datatype)
        if source is None:
            return None
        fast = _FAST[datatype] = re.compile(source).fullmatch
    if fast(lexical) is not None:
        return None
    return _SLOW[datatype](lexical)


# --- boolean (3.3.2), decimal (3.3.3), float and double (3.3.4, 3.3.5) -------------------

_exact("boolean", r"true|false|1|0", "not an xsd:boolean (true, false, 1 or 0)")

# decimalLexicalRep ::= decimalPtNumeral | noDecimalPtNumeral   (so "1." and ".5" are in)
_DECIMAL: Final = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_exact("decimal", _DECIMAL, "not an xsd:decimal (digits with an optional sign and '.', no exponent)")

# floatRep ::= noDecimalPtNumeral | decimalPtNumeral | scientificNotationNumeral
#            | numericalSpecialRep ('+INF' | '-INF' | 'INF' | 'NaN', case-sensitive)
_FLOATING: Final = _DECIMAL + r"(?:[Ee][+-]?[0-9]+)?|[+-]?INF|NaN"
for _name in ("float", "double"):
    _exact(_name, _FLOATING, f"not an xsd:{_name} (a decimal, optional exponent; or INF, +INF, -INF, NaN)")


# --- integer (3.4.13) and its restrictions (3.4.14-3.4.25) -------------------------------

_INTEGER: Final = r"[+-]?[0-9]+"
_INTEGER_MATCH: Final = re.compile(_INTEGER).fullmatch


def _integer_syntax(name: str) -> str:
    return f"not an xsd:{name} (digits with an optional sign)"


_exact("integer", _INTEGER, _integer_syntax("integer"))


def _one_sided(name: str, exact: str, range_text: str) -> None:
    # The fast pattern is exact (a sign and a first nonzero digit decide the side), so what
    # it rejects is either no integer or on the wrong side.
    syntax, out = _integer_syntax(name), f"xsd:{name} is {range_text}"
    _register(name, exact, lambda lexical: syntax if _INTEGER_MATCH(lexical) is None else out)


_one_sided("nonPositiveInteger", r"-[0-9]+|\+?0+", "0 or less")
_one_sided("negativeInteger", r"-0*[1-9][0-9]*", "-1 or less")
_one_sided("nonNegativeInteger", r"\+?[0-9]+|-0+", "0 or more")
_one_sided("positiveInteger", r"\+?0*[1-9][0-9]*", "1 or more")


def _bounded(name: str, low: int, high: int) -> None:
    # Fast: at most as many digits as any number below the bound has (so leading zeros, and
    # numbers near the bound, take the exact path). Exact: the value, from the digits left
    # once leading zeros go, which also keeps int() clear of its 4300-digit limit.
    safe_digits = len(str(high)) - 1
    sign = r"[+-]?" if low < 0 else r"\+?"
    syntax, out = _integer_syntax(name), f"xsd:{name} is {low}..{high}"
    most_digits = max(len(str(-low)), len(str(high)))

    def slow(lexical: str) -> str | None:
        if _INTEGER_MATCH(lexical) is None:
            return syntax
        digits = lexical.lstrip("+-").lstrip("0")
        if len(digits) > most_digits:
            return out
        value = int(digits or "0")
        value = -value if lexical[0] == "-" else value
        return None if low <= value <= high else out

    _register(name, rf"{sign}[0-9]{{1,{safe_digits}}}", slow)


_bounded("long", -(2**63), 2**63 - 1)
_bounded("int", -(2**31), 2**31 - 1)
_bounded("short", -(2**15), 2**15 - 1)
_bounded("byte", -(2**7), 2**7 - 1)
_bounded("unsignedLong", 0, 2**64 - 1)
_bounded("unsignedInt", 0, 2**32 - 1)
_bounded("unsignedShort", 0, 2**16 - 1)
_bounded("unsignedByte", 0, 2**8 - 1)


# --- duration (3.3.6), yearMonthDuration (3.4.26), dayTimeDuration (3.4.27) ---------------

# duSecondFrag ::= (unsignedNoDecimalPtNumeral | unsignedDecimalPtNumeral) 'S'
_DU_SECOND: Final = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)S"
# duTimeFrag ::= 'T' ((duHourFrag duMinuteFrag? duSecondFrag?) | (duMinuteFrag duSecondFrag?)
#                     | duSecondFrag)
_DU_TIME: Final = rf"T(?:[0-9]+H(?:[0-9]+M)?(?:{_DU_SECOND})?|[0-9]+M(?:{_DU_SECOND})?|{_DU_SECOND})"
# duYearMonthFrag ::= (duYearFrag duMonthFrag?) | duMonthFrag
_DU_YEAR_MONTH: Final = r"(?:[0-9]+Y(?:[0-9]+M)?|[0-9]+M)"
# duDayTimeFrag ::= (duDayFrag duTimeFrag?) | duTimeFrag
_DU_DAY_TIME: Final = rf"(?:[0-9]+D(?:{_DU_TIME})?|{_DU_TIME})"
# durationLexicalRep ::= '-'? 'P' ((duYearMonthFrag duDayTimeFrag?) | duDayTimeFrag)
_DURATION: Final = rf"-?P(?:{_DU_YEAR_MONTH}(?:{_DU_DAY_TIME})?|{_DU_DAY_TIME})"
_DURATION_RE: Final = compiled_when_used(_DURATION)
_DURATION_FORM: Final = "-PnYnMnDTnHnMnS, at least one part, T only before h/m/s"

_exact("duration", _DURATION, f"not an xsd:duration ({_DURATION_FORM})")


def _restricted_duration(name: str, pattern: str, without: str) -> None:
    # Both are duration restricted by a pattern facet, so a duration that fails the pattern
    # gets the narrower reason.
    narrower = f"xsd:{name} has no {without}"
    syntax = f"not an xsd:{name} (an xsd:duration: {_DURATION_FORM})"
    _register(name, pattern, lambda lexical: narrower if _DURATION_RE().fullmatch(lexical) else syntax)


_restricted_duration("yearMonthDuration", rf"-?P{_DU_YEAR_MONTH}", "days, hours, minutes or seconds")
_restricted_duration("dayTimeDuration", rf"-?P{_DU_DAY_TIME}", "years or months")


# --- dates and times (3.3.7-3.3.14, 3.4.28) ------------------------------------------------

# Exact fragments, [56]-[63].
_YEAR: Final = r"-?(?:[1-9][0-9]{3,}|0[0-9]{3})"
_MONTH: Final = r"(?:0[1-9]|1[0-2])"
_DAY: Final = r"(?:0[1-9]|[12][0-9]|3[01])"
_TIME: Final = r"(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?|24:00:00(?:\.0+)?)"
_TZ: Final = r"(?:Z|[+-](?:(?:0[0-9]|1[0-3]):[0-5][0-9]|14:00))"
# A month and a day that exist in every year: the fast path leaves only February 29 (and
# the days no month has) to the exact check, which needs the year.
_MONTH_DAY_EVERY_YEAR: Final = (
    r"(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)"
)

# Loose shapes for the exact check: every field is any digits of the right count, so a
# wrong value gets a reason naming the field, not just the whole form.
_L_YEAR: Final = r"(?P<year>-?[0-9]+)"
_L_MONTH: Final = r"(?P<month>[0-9]{2})"
_L_DAY: Final = r"(?P<day>[0-9]{2})"
_L_TIME: Final = r"(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})(?P<fraction>\.[0-9]+)?"
_L_TZ: Final = r"(?P<tz>Z|[+-](?P<tz_hour>[0-9]{2}):(?P<tz_minute>[0-9]{2}))?"

_MONTH_DAYS: Final = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _is_leap(year: str) -> bool:
    # y mod 400 depends on the last four digits only (10000 is a multiple of 400), so a
    # year of any length needs no big int; Python's % gives the mathematical residue for
    # negative years too (XSD 1.1 has a year 0, so -0004 is leap like 0004).
    value = int(year[-4:])
    value = -value if year[0] == "-" else value
    return value % 4 == 0 and (value % 100 != 0 or value % 400 == 0)


def _year_reason(year: str) -> str | None:
    digits = year.lstrip("-")
    if len(digits) < 4:
        return f"year {year} has fewer than 4 digits"
    if len(digits) > 4 and digits[0] == "0":
        return f"year {year} has more than 4 digits and starts with 0"
    return None


def _day_reason(year: str | None, month: str | None, day: str) -> str | None:
    d = int(day)
    if not 1 <= d <= 31:
        return f"day {day} is not 01..31"
    if month is None:
        return None
    m = int(month)
    if d <= _MONTH_DAYS[m - 1] and not (year is not None and m == 2 and d == 29 and not _is_leap(year)):
        return None
    if year is None:
        return f"month {month} has no day {day}"
    return f"{year}-{month} has no day {day}"


def _time_reason(hour: str, minute: str, second: str, fraction: str | None) -> str | None:
    if hour == "24":
        if minute == "00" and second == "00" and (fraction is None or fraction.strip(".0") == ""):
            return None
        return "hour 24 is only allowed as 24:00:00"
    if int(hour) > 23:
        return f"hour {hour} is not 00..23 (or 24:00:00)"
    if int(minute) > 59:
        return f"minute {minute} is not 00..59"
    if int(second) > 59:
        return f"second {second} is not 00..59 (no leap seconds)"
    return None


def _fields_reason(match: re.Match[str]) -> str | None:
    """The first field of a loose date/time match outside its exact fragment, or None."""
    g = match.groupdict()
    year, month, day, hour = g.get("year"), g.get("month"), g.get("day"), g.get("hour")
    if year is not None and (reason := _year_reason(year)) is not None:
        return reason
    if month is not None and not 1 <= int(month) <= 12:
        return f"month {month} is not 01..12"
    if day is not None and (reason := _day_reason(year, month, day)) is not None:
        return reason
    if hour is not None and (reason := _time_reason(hour, g["minute"], g["second"], g["fraction"])):
        return reason
    tz_hour, tz_minute = g["tz_hour"], g["tz_minute"]
    if tz_hour is not None:
        if int(tz_minute) > 59 or int(tz_hour) > 14 or (tz_hour == "14" and tz_minute != "00"):
            return f"timezone {g['tz']} is not -14:00..+14:00"
    return None


def _temporal(name: str, fast: str, loose: str, form: str, *, needs_tz: bool = False) -> None:
    syntax = f"not an xsd:{name} ({form})"

    def slow(lexical: str) -> str | None:
        match = re.fullmatch(loose, lexical)  # re's cache keeps it compiled
        if match is None:
            return syntax
        reason = _fields_reason(match)
        if reason is not None:
            return f"xsd:{name}: {reason}"
        if needs_tz and match["tz"] is None:
            return f"xsd:{name} needs a timezone"
        return None

    _register(name, fast, slow)


_OPT_TZ: Final = "with an optional timezone"
_temporal(
    "dateTime",
    rf"{_YEAR}-{_MONTH_DAY_EVERY_YEAR}T{_TIME}{_TZ}?",
    rf"{_L_YEAR}-{_L_MONTH}-{_L_DAY}T{_L_TIME}{_L_TZ}",
    f"YYYY-MM-DDThh:mm:ss[.s+] {_OPT_TZ}",
)
_temporal(
    "dateTimeStamp",
    rf"{_YEAR}-{_MONTH_DAY_EVERY_YEAR}T{_TIME}{_TZ}",
    rf"{_L_YEAR}-{_L_MONTH}-{_L_DAY}T{_L_TIME}{_L_TZ}",
    "YYYY-MM-DDThh:mm:ss[.s+] and a timezone",
    needs_tz=True,
)
_temporal("time", rf"{_TIME}{_TZ}?", rf"{_L_TIME}{_L_TZ}", f"hh:mm:ss[.s+] {_OPT_TZ}")
_temporal(
    "date",
    rf"{_YEAR}-{_MONTH_DAY_EVERY_YEAR}{_TZ}?",
    rf"{_L_YEAR}-{_L_MONTH}-{_L_DAY}{_L_TZ}",
    f"YYYY-MM-DD {_OPT_TZ}",
)
_temporal("gYearMonth", rf"{_YEAR}-{_MONTH}{_TZ}?", rf"{_L_YEAR}-{_L_MONTH}{_L_TZ}", f"YYYY-MM {_OPT_TZ}")
_temporal("gYear", rf"{_YEAR}{_TZ}?", rf"{_L_YEAR}{_L_TZ}", f"YYYY {_OPT_TZ}")
_temporal(
    "gMonthDay",
    rf"--{_MONTH_DAY_EVERY_YEAR}{_TZ}?",
    rf"--{_L_MONTH}-{_L_DAY}{_L_TZ}",
    f"--MM-DD {_OPT_TZ}",
)
_temporal("gDay", rf"---{_DAY}{_TZ}?", rf"---{_L_DAY}{_L_TZ}", f"---DD {_OPT_TZ}")
_temporal("gMonth", rf"--{_MONTH}{_TZ}?", rf"--{_L_MONTH}{_L_TZ}", f"--MM {_OPT_TZ}")


# --- hexBinary (3.3.15), base64Binary (3.3.16) ---------------------------------------------


def _hex_reason(lexical: str) -> str:
    if len(lexical) % 2 == 1 and all(c in "0123456789abcdefABCDEF" for c in lexical):
        return "xsd:hexBinary needs an even number of hex digits"
    return "not an xsd:hexBinary (pairs of hex digits 0-9, A-F, a-f)"


_register("hexBinary", r"(?:[0-9A-Fa-f]{2})*", _hex_reason)

# Base64Binary ::= (B64quad* B64final)?  with the spaces taken out: whole quads, then a last
# quad that may end in "x=" (B16char: 4 unused bits zero) or "y==" (B04char: 2 bits used).
_B64: Final = "[A-Za-z0-9+/]"
_B64_NO_SPACES: Final = rf"(?:{_B64}{{4}})*(?:{_B64}{{2}}[AEIMQUYcgkosw048]=|{_B64}[AQgw]==)?"
_B64_NO_SPACES_MATCH: Final = re.compile(_B64_NO_SPACES).fullmatch
_B64_CHARS: Final = re.compile(r"[A-Za-z0-9+/= ]*").fullmatch


def _base64_reason(lexical: str) -> str | None:
    # B64 ::= B64char #x20? (and likewise B16, B04, the first '=' of Padded8): one optional
    # space after any character but the last, so no leading, trailing or doubled space.
    if _B64_CHARS(lexical) is None:
        return "xsd:base64Binary has a character other than A-Z a-z 0-9 + / = and space"
    if lexical.startswith(" ") or lexical.endswith(" ") or "  " in lexical:
        return "xsd:base64Binary allows single spaces between characters only"
    packed = lexical.replace(" ", "")
    if _B64_NO_SPACES_MATCH(packed) is not None:
        return None
    if len(packed) % 4:
        return "xsd:base64Binary needs a multiple of 4 characters (with '=' padding)"
    return "not an xsd:base64Binary ('=' only as final padding, after a character with the unused bits zero)"


_register("base64Binary", _B64_NO_SPACES, _base64_reason)


# --- anyURI (3.3.17) -----------------------------------------------------------------------

_exact(
    "anyURI",
    r"[^\x00-\x1f\ud800-\udfff\ufffe\uffff]*",
    "xsd:anyURI has a control character (U+0000-U+001F) or a noncharacter",
)


# --- string types (3.4.1-3.4.7) ------------------------------------------------------------

_exact(
    "normalizedString",
    r"[^\t\n\r]*",
    "xsd:normalizedString has no tab, line feed or carriage return",
)
# Words separated by single spaces, no edge spaces: the separator is the only space, so the
# repetition never has two ways to split.
_exact(
    "token",
    r"(?:[^\t\n\r ]+(?: [^\t\n\r ]+)*)?",
    "xsd:token has no tab, line feed, carriage return, edge space or double space",
)
_exact(
    "language",
    r"[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*",
    "not an xsd:language (1-8 letters, then '-' and 1-8 letters or digits, repeated)",
)

# XML 1.0 fifth edition [4] NameStartChar and [4a] NameChar, without ':' for the NC forms.
_NC_NAME_START: Final = (
    r"A-Z_a-z\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F"
    r"\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\U00010000-\U000EFFFF"
)
_NC_NAME_CHAR: Final = _NC_NAME_START + r"\-.0-9\xB7\u0300-\u036F\u203F-\u2040"
_exact(
    "NMTOKEN",
    f"{char_class(':', _NC_NAME_CHAR)}+",
    "not an xsd:NMTOKEN (one or more XML name characters)",
)
_exact(
    "Name",
    f"{char_class(':', _NC_NAME_START)}{char_class(':', _NC_NAME_CHAR)}*",
    "not an xsd:Name (an XML name start character, then XML name characters)",
)
_exact(
    "NCName",
    f"{char_class(_NC_NAME_START)}{char_class(_NC_NAME_CHAR)}*",
    "not an xsd:NCName (an XML name without ':')",
)

#: The datatype IRIs whose lexical space leaves some strings out: a literal of any other
#: datatype is never ill-typed, and need not be unescaped to tell.
CONSTRAINED: Final[frozenset[str]] = frozenset(_FAST_SOURCE)
#: The datatype IRIs :func:`ill_typed` knows; xsd:string is in the set as always well-typed.
CHECKED: Final[frozenset[str]] = CONSTRAINED | {XSD_NS + "string"}


def ill_typed_as_written(text: str, datatype: str) -> str | None:
    """:func:`ill_typed` of a string literal's body as written (its ECHAR/UCHAR escapes not
    undone yet), for validators that build no terms. The escapes are undone only for a
    datatype in :data:`CONSTRAINED`: undoing those of long xsd:strings took a sixth of
    validating them, to learn nothing."""
    if datatype not in CONSTRAINED:
        return None
    return ill_typed(unescape_string(text) if "\\" in text else text, datatype)
