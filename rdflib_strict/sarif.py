"""SARIF 2.1.0 logs: findings at their lines, for GitHub code scanning and editors.

A command that reports problems in files builds a list of :class:`Rule` (what can be found)
and of :class:`Finding` (what was found, and where), and :func:`sarif_log` makes the log: a
dict ready for ``json.dump``, with one run. Positions are 1-based and columns count code
points (``columnKind: unicodeCodePoints``), as :class:`rdflib_strict.ParseError` counts them;
an end column is exclusive, in SARIF as in ParseError's ``end_offset``.

>>> rule = Rule("syntax", "Syntax", "Not the grammar", "The document breaks the grammar.")
>>> found = Finding("syntax", "error", "expected '.'", "data.ttl", 3, 7, 3, 8)
>>> log = sarif_log("tool", "1.0", [rule], [found], root="/work")
>>> result = log["runs"][0]["results"][0]
>>> result["locations"][0]["physicalLocation"]["artifactLocation"]
{'uri': 'data.ttl', 'uriBaseId': '%SRCROOT%', 'index': 0}
>>> result["locations"][0]["physicalLocation"]["region"]
{'startLine': 3, 'startColumn': 7, 'endLine': 3, 'endColumn': 8}

Only the standard library: the module knows nothing of RDF, so other commands (SHACL
results) use it as they are.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Final, Literal, Protocol
from urllib.parse import quote

__all__ = [
    "CONTEXT_MAX",
    "ROOT_BASE_ID",
    "SARIF_SCHEMA",
    "SARIF_VERSION",
    "SNIPPET_MAX",
    "Finding",
    "Level",
    "Notification",
    "Rule",
    "artifact_location",
    "finding_at",
    "sarif_log",
]

SARIF_VERSION: Final = "2.1.0"
#: The OASIS schema the log names in ``$schema`` (2.1.0 with its errata).
SARIF_SCHEMA: Final = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
#: The most characters of a source line a result quotes: the region's text, or the window of
#: a longer line around it as the context (its columns given), so a 20 MB line never lands
#: in the log; a region longer than this gets no snippet.
SNIPPET_MAX: Final = 200
#: The most characters of the lines of a region over several lines quoted as its context.
CONTEXT_MAX: Final = 1000
#: The base id of relative paths: ``originalUriBaseIds`` maps it to the root directory.
ROOT_BASE_ID: Final = "%SRCROOT%"

#: SARIF's severities: error, warning, note.
Level = Literal["error", "warning", "note"]
_LEVELS: Final = ("error", "warning", "note")

# A URL as a source: a scheme of two or more characters (not a drive letter) and '//'.
_URL_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+://")
# What stays as it is in a URL given as a source: RFC 3986's reserved characters and '%'
# (letters, digits and '-._~' always stay); everything else is percent-encoded.
_URL_SAFE: Final = "!#$%&'()*+,/:;=?@[]"


@dataclass(frozen=True)
class Rule:
    """A kind of finding: a ``reportingDescriptor`` in the log's ``tool.driver.rules``.

    - ``id``: the stable id results name (``syntax``, ``sh:MinCountConstraintComponent``);
    - ``name``: an identifier-like name (``Syntax``, ``MinCountConstraintComponent``);
    - ``short``: one sentence (``shortDescription``);
    - ``help``: what it means and how to fix it (``help`` and ``fullDescription``);
    - ``level``: the level of its findings unless they say otherwise (``defaultConfiguration``);
    - ``help_uri``: a page about it, if there is one.
    """

    id: str
    name: str
    short: str
    help: str
    level: Level = "error"
    help_uri: str | None = None

    def __post_init__(self) -> None:
        if self.level not in _LEVELS:
            raise ValueError(f"rule {self.id}: level must be one of {', '.join(_LEVELS)}, not {self.level!r}")

    def descriptor(self) -> dict[str, Any]:
        """The rule as SARIF's ``reportingDescriptor``."""
        d: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "shortDescription": {"text": self.short},
            "fullDescription": {"text": self.help},
            "help": {"text": self.help},
            "defaultConfiguration": {"level": self.level},
        }
        if self.help_uri is not None:
            d["helpUri"] = self.help_uri
        return d


@dataclass(frozen=True)
class Finding:
    """One result: a rule broken at a place in a source.

    - ``rule_id``: the id of a :class:`Rule` given to :func:`sarif_log`;
    - ``level``: ``error``, ``warning`` or ``note``;
    - ``message``: what is wrong, in one line (no position: the location carries it);
    - ``source``: a file path (relative to the log's root, or absolute), a URL
      (``https://...``, ``file:///...``), or a name in angle brackets for text that has no
      file (``<stdin>``, ``<string>``, ``<data>``): see :func:`artifact_location`;
    - ``line``, ``column``: 1-based; ``line`` None for the source as a whole, ``column`` None
      for the whole line;
    - ``end_line``, ``end_column``: where the span ends; ``end_column`` is exclusive (the
      column just past the span), as SARIF's ``endColumn``; None: the end of the line;
    - ``snippet``: the text of the lines ``line`` to ``end_line``, without the final line end,
      if known (shown by viewers; the span's own text is cut out of it).
    """

    rule_id: str
    level: Level
    message: str
    source: str
    line: int | None = None
    column: int | None = None
    end_line: int | None = None
    end_column: int | None = None
    snippet: str | None = None

    def __post_init__(self) -> None:
        if self.level not in _LEVELS:
            raise ValueError(f"level must be one of {', '.join(_LEVELS)}, not {self.level!r}")
        if self.line is None:
            if (self.column, self.end_line, self.end_column) != (None, None, None):
                raise ValueError("a finding without a line has no columns nor end")
            return
        if self.line < 1 or (self.column is not None and self.column < 1):
            raise ValueError(f"lines and columns are 1-based: {self.line}:{self.column}")
        end_line = self.line if self.end_line is None else self.end_line
        if end_line < self.line:
            raise ValueError(f"the span ends on line {end_line}, before it starts ({self.line})")
        if self.end_column is not None:
            if self.end_column < 1:
                raise ValueError(f"end column {self.end_column}: columns are 1-based")
            if end_line == self.line and self.end_column < (self.column or 1):
                raise ValueError(f"the span ends at column {self.end_column}, before it starts")

    def region(self) -> dict[str, Any] | None:
        """The span as SARIF's ``region`` (None without a line)."""
        if self.line is None:
            return None
        region: dict[str, Any] = {"startLine": self.line}
        if self.column is not None:
            region["startColumn"] = self.column
        region["endLine"] = self.line if self.end_line is None else self.end_line
        if self.end_column is not None:
            region["endColumn"] = self.end_column
        return region


class _Span(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int: ...


def finding_at(rule_id: str, level: Level, message: str, span: _Span, lines: Sequence[str]) -> Finding:
    """A finding at ``span``, its snippet the span's lines out of its source's ``lines``."""
    snippet = "\n".join(lines[span.line - 1 : span.end_line])
    return Finding(
        rule_id, level, message, span.source, span.line, span.column, span.end_line, span.end_column, snippet
    )


@dataclass(frozen=True)
class Notification:
    """Something about the run rather than a source's content (a file that could not be
    opened, a report cut short): a ``toolExecutionNotification`` of the run's invocation."""

    message: str
    level: Level = "error"
    source: str | None = None


def artifact_location(source: str) -> dict[str, Any]:
    """SARIF's ``artifactLocation`` for a source: its ``uri`` is a valid URI reference.

    - a relative path is a relative reference with forward slashes, each byte outside
      ``A-Z a-z 0-9 - . _ ~`` percent-encoded (UTF-8), under the base ``%SRCROOT%`` (the
      log's root, which ``originalUriBaseIds`` gives);
    - an absolute path is a ``file:`` URI;
    - a URL (``scheme://...``) is kept, its spaces and other characters a URI cannot hold
      percent-encoded;
    - a name in angle brackets (``<stdin>``, ``<string>``) is text without a file: no
      ``uri``, the name as the location's description.

    >>> artifact_location("data/my file.ttl")
    {'uri': 'data/my%20file.ttl', 'uriBaseId': '%SRCROOT%'}
    >>> artifact_location("a:b.nt")["uri"]
    'a%3Ab.nt'
    >>> artifact_location("/srv/rdf/x.nt")
    {'uri': 'file:///srv/rdf/x.nt'}
    >>> artifact_location("https://example.org/a b.ttl")
    {'uri': 'https://example.org/a%20b.ttl'}
    >>> artifact_location("<stdin>")
    {'description': {'text': '<stdin>'}}
    """
    if len(source) >= 2 and source.startswith("<") and source.endswith(">"):
        return {"description": {"text": source}}
    if _URL_RE.match(source):
        return {"uri": quote(source, safe=_URL_SAFE)}
    path = PurePath(source)
    if path.is_absolute():
        return {"uri": Path(path).as_uri()}
    # os.fsencode: a name that is not UTF-8 keeps its own bytes (surrogate escapes).
    return {"uri": quote(os.fsencode(path.as_posix()), safe="/"), "uriBaseId": ROOT_BASE_ID}


def _root_uri(root: str | os.PathLike[str] | None) -> str:
    uri = Path(os.getcwd() if root is None else root).absolute().as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _message(text: str) -> dict[str, str]:
    return {"text": text}


class _Artifacts:
    """The run's ``artifacts``: each source's location once, and its index."""

    def __init__(self) -> None:
        self.locations: list[dict[str, Any]] = []
        self._index: dict[str, int] = {}

    def location(self, source: str) -> dict[str, Any]:
        """``source``'s artifactLocation, with its index in ``artifacts``."""
        index = self._index.get(source)
        if index is None:
            index = self._index[source] = len(self.locations)
            self.locations.append(artifact_location(source))
        return {**self.locations[index], "index": index}


def _physical(finding: Finding, artifacts: _Artifacts) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": artifacts.location(finding.source)}
    region = finding.region()
    if region is None:
        return physical
    physical["region"] = region
    snippet = finding.snippet
    if snippet is None:
        return physical
    # The span's own text when it lies on one line of the snippet; the whole lines around it
    # go in contextRegion (a superset of the region, as SARIF wants), or the window of the
    # line around the span when the line is longer than SNIPPET_MAX.
    line = snippet.splitlines()[0] if snippet else ""
    start = (finding.column or 1) - 1
    end = len(line) if finding.end_column is None else finding.end_column - 1
    if region["endLine"] != region["startLine"] or end > len(line):
        if len(snippet) <= CONTEXT_MAX:
            physical["contextRegion"] = {**_lines(region), "snippet": _message(snippet)}
        return physical
    if end - start <= SNIPPET_MAX:
        region["snippet"] = _message(line[start:end])
        if start == 0 and end == len(line):
            return physical  # the region is the whole line: no context needed
    if len(line) <= SNIPPET_MAX:
        physical["contextRegion"] = {**_lines(region), "snippet": _message(snippet)}
    elif end - start <= SNIPPET_MAX:  # else no bounded superset of the region exists
        low, high = _window(len(line), start, end)
        physical["contextRegion"] = {
            "startLine": region["startLine"],
            "startColumn": low + 1,
            "endLine": region["endLine"],
            "endColumn": high + 1,
            "snippet": _message(line[low:high]),
        }
    return physical


def _lines(region: dict[str, Any]) -> dict[str, Any]:
    return {"startLine": region["startLine"], "endLine": region["endLine"]}


def _window(length: int, start: int, end: int) -> tuple[int, int]:
    """The ``SNIPPET_MAX`` columns ``[low, high)`` of a line of ``length`` quoted around the
    span ``[start, end)`` (no longer than that): a third of what the span leaves goes before it.

    >>> _window(1000, 500, 510)
    (437, 637)
    >>> _window(1000, 990, 1000), _window(1000, 5, 6)
    ((800, 1000), (0, 200))
    """
    low = max(0, min(start - (SNIPPET_MAX - (end - start)) // 3, length - SNIPPET_MAX))
    return low, min(length, low + SNIPPET_MAX)


def sarif_log(
    tool_name: str,
    version: str,
    rules: Sequence[Rule],
    findings: Iterable[Finding],
    *,
    information_uri: str | None = None,
    root: str | os.PathLike[str] | None = None,
    sources: Iterable[str] = (),
    notifications: Iterable[Notification] = (),
    exit_code: int | None = None,
    successful: bool = True,
) -> dict[str, Any]:
    """A SARIF 2.1.0 log of one run of ``tool_name``: a dict ready for ``json.dump``.

    ``rules`` are listed in ``tool.driver.rules`` in their order; each finding's ``rule_id``
    must be one of them (ValueError otherwise), and its result names the rule by id and index.
    ``root`` is the directory relative paths are relative to (default: the current directory),
    given in ``originalUriBaseIds`` as ``%SRCROOT%``. ``sources`` are the sources the run
    looked at, found or not (so a file without findings is listed in ``artifacts`` too);
    sources of findings are added. The invocation records ``successful`` (False: the tool
    could not do all it was asked, such as reading every file), ``exit_code`` and the
    ``notifications``.
    """
    index: dict[str, int] = {}
    for i, rule in enumerate(rules):
        if rule.id in index:
            raise ValueError(f"rule id {rule.id!r} is listed twice")
        index[rule.id] = i
    artifacts = _Artifacts()
    for source in sources:
        artifacts.location(source)
    results: list[dict[str, Any]] = []
    for finding in findings:
        rule_index = index.get(finding.rule_id)
        if rule_index is None:
            raise ValueError(f"finding of rule {finding.rule_id!r}, which is not among the rules")
        results.append(
            {
                "ruleId": finding.rule_id,
                "ruleIndex": rule_index,
                "level": finding.level,
                "message": _message(finding.message),
                "locations": [{"physicalLocation": _physical(finding, artifacts)}],
            }
        )
    invocation: dict[str, Any] = {"executionSuccessful": successful}
    if exit_code is not None:
        invocation["exitCode"] = exit_code
    notes = []
    for n in notifications:
        note: dict[str, Any] = {"level": n.level, "message": _message(n.message)}
        if n.source is not None:
            note["locations"] = [{"physicalLocation": {"artifactLocation": artifacts.location(n.source)}}]
        notes.append(note)
    if notes:
        invocation["toolExecutionNotifications"] = notes
    driver: dict[str, Any] = {"name": tool_name, "version": version}
    if information_uri is not None:
        driver["informationUri"] = information_uri
    driver["rules"] = [rule.descriptor() for rule in rules]
    run: dict[str, Any] = {
        "tool": {"driver": driver},
        "invocations": [invocation],
        "originalUriBaseIds": {ROOT_BASE_ID: {"uri": _root_uri(root)}},
        "artifacts": [{"location": location} for location in artifacts.locations],
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}
