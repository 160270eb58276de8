"""The doors of ../shared/ARCHITECTURE.md that must never open, checked on the source: every `import` and
`from … import` (at module level or inside functions) of every module of the app. An app's `tests/` may drive
whole turns through the apps above it, so they are not checked; its code, commands and test helpers are."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
DOMAIN_APPS = {"tenants", "conversations", "asks", "bank", "booking", "store", "approvals", "guards", "agent",
               "inbox", "whatsapp", "language", "staff"}
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


def violations(app: str, forbidden: set[str]) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {package}"
            for path in sorted((ROOT / app).rglob("*.py")) if not {"migrations", "tests"} & set(path.parts)
            for package, line in sorted(imported_apps(path)) if package in forbidden]


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_no_forbidden_door_is_open(app):
    assert violations(app, FORBIDDEN[app]) == []


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
