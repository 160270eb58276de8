"""Every class of the production code has a name no other production class has — checked on the source.

Two classes of one name (`PixKey` the directory table and `PixKey` the parsed value) make a reader of a signature
guess which one is meant, and an import of the wrong one still type-checks where both have the same fields. The
scan reads the classes a module defines at its top level or inside a function; a class nested in a class (`Meta`,
`Status`, `InputSerializer`) is named through its owner (`Ask.Status`) and is not compared. A management command's
class is `Command` because Django looks it up by that name. Tests, test support (`testing/`), migrations, the
benchmarks and the evaluation tools are not production code and are not scanned.
"""

import ast
from collections import defaultdict
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SKIPPED_PARTS = {".venv", "tests", "testing", "migrations", "node_modules", ".git", ".data", "bench", "eval"}


def sources(root: Path) -> list[Path]:
    return [path for path in sorted(root.rglob("*.py"))
            if not SKIPPED_PARTS & set(path.relative_to(root).parts[:-1])
            and not path.name.startswith("test_") and path.name != "conftest.py"]


def named_by_django(path: Path, name: str) -> bool:
    """Django finds a management command's class by this name."""
    return name == "Command" and path.parent.name == "commands" and path.parent.parent.name == "management"


def class_names(path: Path) -> list[tuple[int, str]]:
    """(line, name) of the classes the module defines outside any class."""
    found = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                found.append((child.lineno, child.name))  # its body's classes are named through it
            else:
                visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return found


def duplicated_class_names(root: Path) -> dict[str, list[str]]:
    """name → where (module:line) of every class name defined more than once in the production code."""
    where: dict[str, list[str]] = defaultdict(list)
    for path in sources(root):
        for line, name in class_names(path):
            if not named_by_django(path, name):
                where[name].append(f"{path.relative_to(root)}:{line}")
    return {name: places for name, places in sorted(where.items()) if len(places) > 1}


def test_no_two_production_classes_share_a_name():
    assert duplicated_class_names(ROOT) == {}, "name each class for what it is (see this module's docstring)"


def _write(root: Path, relative: str, code: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(code)


def test_two_classes_of_one_name_in_two_apps_are_reported(tmp_path):
    _write(tmp_path, "bank/models.py", "class PixKey:\n    pass\n")
    _write(tmp_path, "language/pix_keys.py", "def f():\n    class PixKey:\n        pass\n")
    assert duplicated_class_names(tmp_path) == {"PixKey": ["bank/models.py:1", "language/pix_keys.py:2"]}


def test_nested_classes_commands_and_tests_are_not_reported(tmp_path):
    model = "class Ask:\n    class Status:\n        pass\n\n    class Meta:\n        pass\n"
    _write(tmp_path, "asks/models.py", model)
    _write(tmp_path, "bank/models.py", model.replace("Ask", "PixTransfer"))
    _write(tmp_path, "asks/management/commands/ask_trace.py", "class Command:\n    pass\n")
    _write(tmp_path, "bank/management/commands/pix_run.py", "class Command:\n    pass\n")
    _write(tmp_path, "bank/tests/test_models.py", "class PixTransfer:\n    pass\n")
    _write(tmp_path, "testing/fakes.py", "class Ask:\n    pass\n")
    _write(tmp_path, "bank/migrations/0001_initial.py", "class Migration:\n    pass\n")
    _write(tmp_path, "asks/migrations/0001_initial.py", "class Migration:\n    pass\n")
    assert duplicated_class_names(tmp_path) == {}
