"""What the source-scanning tests share: the project's Python modules they read and the shape of their report.

A scan test (`tests/test_status_literals.py`, `tests/test_organisation_kind_literals.py`,
`tests/test_runtime_patches.py`) reads every module outside the folders it skips, parses it, asks one function of
its own for the `(line, what)` findings of the module and reports them as `(path, what)` pairs, the path relative to
the scanned root so that a report names the file a reader opens and the same test runs on a `tmp_path` tree. Only
the standard library: the walk needs no Django, so a scan can also be run by hand.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection
from pathlib import Path

# Folders that are not production code: tests and their support, migrations (a record of the past), benchmarks, the
# evaluation tools, and what is not the project's (the virtualenv, node modules, git, local data).
NOT_PRODUCTION = frozenset({".venv", "tests", "testing", "migrations", "node_modules", ".git", ".data", "bench", "eval"})

Finder = Callable[[Path], list[tuple[int, str]]]


def python_sources(root: Path, *, skipped: Collection[str] = NOT_PRODUCTION, test_modules: bool = False) -> list[Path]:
    """Every `.py` file under `root` (sorted) outside a folder named in `skipped`; a test module (`test_*.py`,
    `conftest.py`) outside those folders only when `test_modules`."""
    skipped = set(skipped)
    return [path for path in sorted(root.rglob("*.py"))
            if not skipped & set(path.relative_to(root).parts[:-1])
            and (test_modules or not (path.name.startswith("test_") or path.name == "conftest.py"))]


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def findings(root: Path, finder: Finder, *, skipped: Collection[str] = NOT_PRODUCTION,
             test_modules: bool = False) -> set[tuple[str, str]]:
    """(path relative to `root`, what) of every finding of `finder` in the sources under `root`."""
    return {(str(path.relative_to(root)), what)
            for path in python_sources(root, skipped=skipped, test_modules=test_modules)
            for _, what in finder(path)}


def holds_string(node: ast.AST, values: Collection[str] | None = None) -> bool:
    """Whether `node` is a string literal, or a tuple, list or set holding one (of `values` when given)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and (values is None or node.value in values)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(holds_string(element, values) for element in node.elts)
    return False
