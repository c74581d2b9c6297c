"""The package's imports only go down its layers (README, "Layout").

Read from the source with ``ast``, every import: at module level, inside functions and under
``TYPE_CHECKING``, since each is a dependency a maintainer has to keep in mind.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from locations import repo_root

PACKAGE = repo_root() / "rdflib_strict"

#: Lowest first. A module may import its own layer and the ones below.
LAYERS: dict[str, int] = {
    "syntax": 0,  # the toolkit: text in, positions and errors out
    "sarif": 0,  # SARIF logs: stdlib only, knows no RDF
    "cores": 0,  # how many worker processes -j N gets: stdlib only
    "formats": 1,  # one module per format family and direction, and the table of formats
    "edge": 2,  # rdflib's plugins, sources, sinks and stores
    "parallel": 3,
    "api": 3,
    "canon": 3,  # RDFC-1.0 of a Graph or Dataset
    "dask": 3,
    "diff": 3,  # the statements only in one of two documents, placed
    "fmt": 3,  # Turtle and TriG rewritten in the canonical layout, comments kept
    "error_rules": 3,
    "shacl": 3,
    "cli": 4,
    "__main__": 4,
    "__init__": 4,  # the package's public face
}


def _module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {_module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def _layer(module: str, modules: dict[str, Path]) -> int:
    """The layer of ``rdflib_strict.x...``: its room's (``x``), or the top for the package."""
    room = module.split(".")[1] if "." in module else "__init__"
    if room not in LAYERS:
        raise AssertionError(f"{module} is in no layer: give {room!r} one in LAYERS and the README")
    return LAYERS[room]


def _imports(module: str, path: Path, modules: dict[str, Path]) -> list[tuple[int, str]]:
    """``(line, imported module)`` for each import of the package's own modules."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("rdflib_strict")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif (node.module or "").startswith("rdflib_strict"):
                target = node.module or ""
            else:
                continue
            for alias in node.names:  # ``from . import parallel`` imports a module
                sub = f"{target}.{alias.name}"
                found.append((node.lineno, sub if sub in modules else target))
    return found


def _upward_imports(package: Path = PACKAGE) -> list[str]:
    modules = _modules(package)
    wrong = []
    for module, path in modules.items():
        mine = _layer(module, modules)
        for line, imported in _imports(module, path, modules):
            if imported not in modules:
                wrong.append(f"{path.name}:{line} imports {imported}, which is not a module of the package")
            elif _layer(imported, modules) > mine:
                wrong.append(
                    f"{module}:{line} (layer {mine}) imports {imported} (layer {_layer(imported, modules)})"
                )
    return wrong


def test_every_import_goes_down_or_stays_in_its_layer() -> None:
    assert _upward_imports() == []


def test_no_module_imports_another_modules_private_names() -> None:
    modules = _modules()
    wrong = []
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").startswith("rdflib_strict")
            ):
                wrong += [
                    f"{module}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name[:1] == "_" and a.name[:2] != "__"
                ]
    assert wrong == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "from ..edge.sink import SinkWriter\n",
            "rdflib_strict.formats.lines:1 (layer 1) imports rdflib_strict.edge.sink",
        ),
        (
            "def f():\n    from .. import cli\n",
            "rdflib_strict.formats.lines:2 (layer 1) imports rdflib_strict.cli",
        ),
        ("import rdflib_strict.api\n", "rdflib_strict.formats.lines:1 (layer 1) imports rdflib_strict.api"),
    ],
)
def test_the_checker_finds_an_upward_import(source: str, expected: str, tmp_path: Path) -> None:
    # A copy of the package with one upward import added to formats/lines.py.
    copy = tmp_path / "rdflib_strict"
    for path in PACKAGE.rglob("*.py"):
        target = copy / path.relative_to(PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    lines = copy / "formats" / "lines.py"
    lines.write_text(source + lines.read_text(encoding="utf-8"), encoding="utf-8")
    assert any(w.startswith(expected) for w in _upward_imports(copy))


def test_only_rdflib_private_touches_rdflib_privates() -> None:
    # rdflib's private attributes: Memory's name-mangled indexes, the plugin registry, and
    # any underscored attribute read off an rdflib module or object imported from rdflib.
    private = ("_Memory__", "plugin._plugins", "_ConjunctiveGraph__", "_Graph__")
    found = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(name in path.read_text(encoding="utf-8") for name in private)
    )
    assert found == ["edge/rdflib_private.py"]


def test_no_function_is_longer_than_80_lines() -> None:
    # The house's bound (with ruff's C901 at 20): a reader's states go in methods, not one body.
    long = [
        f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and (node.end_lineno or 0) - node.lineno + 1 > 80
    ]
    assert long == []
