"""Tests for rdflib_strict.syntax.langtag (RFC 5646 well-formedness)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scaling import LINEAR_BOUND, growth

from rdflib_strict.syntax.langtag import langtag_error

VALID = [
    # A repeated variant or singleton is well-formed (the ABNF), though not "valid" in RFC 5646
    # 2.2.9's sense; RDF 1.1 Concepts 3.3 asks for well-formed.
    "de-1901-1901",
    "sl-rozaj-ROZAJ",
    "en-a-xx-a-yy",
    "en-a-xx-A-yy",
    "en",
    "en-US",
    "EN-us",
    "zh-Hant-TW",
    "sr-Latn-RS",
    "de-CH-1901",
    "de-1996",
    "sl-rozaj",
    "sl-rozaj-biske",
    "sl-rozaj-biske-1994",
    "en-a-bbb-x-a-ccc",
    "en-a-bbb-b-ccc-ddd",
    "x-whatever",
    "X-a-b-c",
    "qaa-Qaaa-QM-x-southern",
    "zh-yue-HK",
    "zh-cmn-Hans-CN",
    "ar-aao-abc-def",
    "es-419",
    "hy-Latn-IT-arevela",
    "en-US-u-islamcal",
    "de-CH-x-phonebk",
    "az-Arab-x-AZE-derbend",
    "abcd",
    "abcdefgh",
    "en-x-a",
    "en-0abc",
    "en-a-bbb-1901",  # extension subtags are any 2*8alphanum
    # grandfathered, irregular and regular
    "i-klingon",
    "I-KLINGON",
    "en-GB-oed",
    "sgn-BE-FR",
    "art-lojban",
    "zh-min-nan",
    "zh-min",
]

INVALID = [
    ("", "empty"),
    ("1en", "language subtag"),
    ("en-", "empty subtag"),
    ("-en", "empty subtag"),
    ("en--us", "empty subtag"),
    ("toolongtag", "longer than 8"),
    ("a", "language subtag"),
    ("abcdefghi", "longer than 8"),
    ("en-a", "'en-a' has an extension singleton 'a' with no subtag"),
    ("en-a-b", "singleton 'a' with no subtag"),
    ("en-a-x-y", "singleton 'a' with no subtag"),
    ("en-US-US", "unexpected subtag 'US'"),
    ("en-x", "private use"),
    ("x", "private use"),
    ("en_US", "invalid character '_'"),
    ("en-US-é", "invalid character 'é'"),
    ("zh-abc-def-ghi-jkl", "unexpected subtag 'jkl'"),
    ("abcd-abc", "unexpected subtag 'abc'"),
    ("en-Latn-Latn", "unexpected subtag"),
    ("en-1901-US", "unexpected subtag 'US'"),
    ("i-foo", "language subtag"),
    ("en-abcdefghi", "longer than 8"),
    ("12", "language subtag"),
]


@pytest.mark.parametrize("tag", VALID)
def test_valid(tag: str) -> None:
    assert langtag_error(tag) is None


@pytest.mark.parametrize(("tag", "fragment"), INVALID)
def test_invalid(tag: str, fragment: str) -> None:
    err = langtag_error(tag)
    assert err is not None
    assert fragment in err
    assert err == err.lower() or "'" in err  # lowercase apart from quoted parts
    assert not err.endswith(".")


@pytest.mark.timeout(60)  # linear: well under a second; quadratic: minutes
def test_long_tag_is_linear() -> None:
    # 100k variants: one pass over the subtags.
    tag = "en-" + "-".join(f"{i:05d}" for i in range(100000))
    assert langtag_error(tag) is None
    assert langtag_error(tag + "-US") is not None

    def variants(n: int) -> Callable[[], object]:
        tag = "en-" + "-".join(f"{i:06d}" for i in range(n))
        return lambda: langtag_error(tag)

    assert growth(variants, 5_000) < LINEAR_BOUND
