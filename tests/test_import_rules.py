"""The doors of ../shared/ARCHITECTURE.md that must never open, checked on the source: every `import` and
`from … import` (at module level or inside functions) of every module of the app. An app's `tests/` may drive
whole turns through the apps above it, so they are not checked; its code, commands and test helpers are."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
DOMAIN_APPS = {"tenants", "conversations", "asks", "bank", "booking", "store", "approvals", "guards", "agent",
               "inbox", "whatsapp", "language", "staff", "privacy", "workspace"}
ENGINES = ("bank", "booking", "store")
FORBIDDEN = {
    "bank": {"agent", "asks", "approvals", "guards", "whatsapp"},
    "booking": {"agent", "asks", "approvals", "guards", "whatsapp"},
    "store": {"agent", "asks", "approvals", "guards", "whatsapp"},
    "magie": DOMAIN_APPS,
    "asks": {"agent", "approvals", "whatsapp", "inbox"},
    "guards": {"agent", "whatsapp"},
    "approvals": {"agent"},
}


def imported_apps(path: Path) -> set[tuple[str, int]]:
    """(top-level package, line) of every absolute import in the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {(alias.name.split(".")[0], node.lineno) for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add((node.module.split(".")[0], node.lineno))
    return found


def app_imports(root: Path, apps: set[str]) -> dict[str, dict[str, list[str]]]:
    """app → the other apps it imports → where (module:line), over its code, commands and helpers."""
    graph: dict[str, dict[str, list[str]]] = {app: {} for app in apps}
    for app in sorted(apps):
        for path in sorted((root / app).rglob("*.py")):
            if {"migrations", "tests"} & set(path.parts):
                continue
            for package, line in sorted(imported_apps(path)):
                if package in apps and package != app:
                    graph[app].setdefault(package, []).append(f"{path.relative_to(root)}:{line}")
    return graph


def knots(graph: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """The apps that import each other, directly or round a loop (strongly connected components of two or more
    apps: Tarjan's algorithm), each sorted; one import edge inside a knot is enough to report it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(app: str) -> None:
        index[app] = low[app] = len(index)
        stack.append(app)
        for other in sorted(graph[app]):
            if other not in index:
                visit(other)
                low[app] = min(low[app], low[other])
            elif other in stack:
                low[app] = min(low[app], index[other])
        if low[app] == index[app]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == app:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for app in sorted(graph):
        if app not in index:
            visit(app)
    return sorted(found)


def knot_report(graph: dict[str, dict[str, list[str]]]) -> list[str]:
    """Each knot, with the imports that tie it (the first place of each)."""
    return [f"{' ↔ '.join(knot)}: " + "; ".join(f"{app} → {other} ({graph[app][other][0]})" for app in knot
                                                for other in knot if other in graph[app])
            for knot in knots(graph)]


def violations(app: str, forbidden: set[str]) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {package}"
            for path in sorted((ROOT / app).rglob("*.py")) if not {"migrations", "tests"} & set(path.parts)
            for package, line in sorted(imported_apps(path)) if package in forbidden]


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_no_forbidden_door_is_open(app):
    assert violations(app, FORBIDDEN[app]) == []


def test_no_knot_between_apps():
    """No two apps import each other, directly or round a loop: each sits above or below every other."""
    assert knot_report(app_imports(ROOT, DOMAIN_APPS | {"magie"})) == []


def test_a_knot_is_reported_with_the_imports_that_tie_it(tmp_path):
    for app, imports in {"staff": "from tenants.models import Organisation\n",
                         "tenants": "from asks.models import Ask\n",
                         "asks": "def f():\n    from staff.labels import NUMBER\n",
                         "bank": "from tenants.models import Organisation\n"}.items():
        (tmp_path / app).mkdir()
        (tmp_path / app / "m.py").write_text(imports)
    graph = app_imports(tmp_path, {"staff", "tenants", "asks", "bank"})
    assert knots(graph) == [["asks", "staff", "tenants"]]  # bank only imports tenants: below the knot, not in it
    assert knot_report(graph) == ["asks ↔ staff ↔ tenants: asks → staff (asks/m.py:2); "
                                  "staff → tenants (staff/m.py:1); tenants → asks (tenants/m.py:1)"]


def test_two_apps_importing_each_other_are_a_knot(tmp_path):
    for app, other in (("inbox", "workspace"), ("workspace", "inbox")):
        (tmp_path / app).mkdir()
        (tmp_path / app / "m.py").write_text(f"import {other}\n")
    assert knots(app_imports(tmp_path, {"inbox", "workspace"})) == [["inbox", "workspace"]]


def _leak(root: Path, app: str, package: str) -> None:
    """A module of `app` importing `package` inside a function (the form a hasty fix takes)."""
    (root / app / "sub").mkdir(parents=True)
    (root / app / "sub" / "leak.py").write_text(f"import os\n\ndef f():\n    from {package}.x import y\n")


@pytest.mark.parametrize(("app", "package"), [(engine, package) for engine in ENGINES
                                               for package in ("agent", "asks", "approvals", "guards", "whatsapp")])
def test_an_engine_importing_what_sits_above_it_is_reported(tmp_path, monkeypatch, app, package):
    _leak(tmp_path, app, package)
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert violations(app, FORBIDDEN[app]) == [f"{app}/sub/leak.py:4 imports {package}"]


@pytest.mark.parametrize("package", sorted(DOMAIN_APPS))
def test_magie_importing_a_domain_app_is_reported(tmp_path, monkeypatch, package):
    (tmp_path / "magie").mkdir()
    (tmp_path / "magie" / "urls.py").write_text(f"from {package} import apis\n")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert violations("magie", FORBIDDEN["magie"]) == [f"magie/urls.py:1 imports {package}"]


def test_tests_and_migrations_are_not_checked_but_the_rest_is(tmp_path, monkeypatch):
    for folder in ("tests", "migrations"):
        (tmp_path / "bank" / folder).mkdir(parents=True)
        (tmp_path / "bank" / folder / "m.py").write_text("import agent\n")
    (tmp_path / "bank" / "management").mkdir()
    (tmp_path / "bank" / "management" / "cmd.py").write_text("import agent.turn\n")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert violations("bank", FORBIDDEN["bank"]) == ["bank/management/cmd.py:1 imports agent"]


def test_relative_imports_and_other_apps_are_not_reported(tmp_path, monkeypatch):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "ok.py").write_text("from . import models\nfrom magie.errors import DomainError\n")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert violations("bank", FORBIDDEN["bank"]) == []


def test_conversations_sits_below_asks_in_the_migration_graph_too():
    """No migration of conversations depends on one of asks (the attribution of messages lives in asks)."""
    from django.db.migrations.loader import MigrationLoader

    loader = MigrationLoader(None, ignore_no_migrations=True)
    leaks = [(key, parent) for key, migration in loader.disk_migrations.items() if key[0] == "conversations"
             for parent in migration.dependencies if parent[0] == "asks"]
    assert leaks == []
    assert any(parent[0] == "conversations" for key, migration in loader.disk_migrations.items() if key[0] == "asks"
               for parent in migration.dependencies)  # asks points down to conversations


def test_the_inbox_reads_the_bank_through_its_selectors_only():
    """The customer sidebar shows a bank customer's balance and Pix: `bank.selectors`, never its models or
    services (the inbox writes nothing of the bank)."""
    found = []
    for path in sorted((ROOT / "inbox").rglob("*.py")):
        if {"migrations", "tests"} & set(path.parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "bank":
                found.append(node.module)
            elif isinstance(node, ast.Import):
                found += [alias.name for alias in node.names if alias.name.split(".")[0] == "bank"]
    assert set(found) == {"bank.selectors"}
