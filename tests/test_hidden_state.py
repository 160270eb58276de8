"""No hidden state decides what a service does, and the turn writes in one visible place — checked on the source.

1. No `ContextVar` and no thread-local (`threading.local`, a subclass of it, `from threading import local`) in the
   project's code, but those in `ALLOWED_HIDDEN_STATE`, each with why it changes nothing a service decides. A
   service that needs to know something is told it by an argument (`agent.writes.TurnWrites`).
2. The turn's multi-table write lives in `TURN_COMMIT` only. The scan reads the apps a turn writes through
   (`TURN_APPS`; the engines below them — bank, booking, store — write their own rows in statements of their own,
   which the turn calls as services) and recognises the turn's write two ways:
   - a statement that writes several tables at once: SQL text with a data-modifying WITH (`name AS (INSERT …`,
     `… AS (UPDATE …`, `… AS (DELETE …`, or an f-string `name AS ({sql})` whose part is built elsewhere);
   - the turn's trace row written: `Turn` given to `insert_sql`, `bulk_create` or `Turn.objects.create`, or a
     `trace.save()`.
Tests, migrations, the benchmarks and the evaluation tools are not production code and are not scanned.
"""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SKIPPED_PARTS = {".venv", "tests", "migrations", "node_modules", ".git", ".data", "bench", "eval"}
TURN_APPS = ("agent", "asks", "conversations", "approvals", "whatsapp", "inbox", "magie")
TURN_COMMIT = "agent/turn/commit.py"
ALLOWED_HIDDEN_STATE = {
    # the ids the JSON log lines carry (conversation, message) while a turn's span is open: logging only
    "magie/tracing.py": "log_ids",
    # this thread's broker connection (producer), reused between publishes: which socket, not what is published
    "magie/queueing.py": "_Held",
    # this thread's connections to the Cloud API, reused between sends: which socket, not what is sent
    "whatsapp/sender.py": "_Kept",
}
DATA_MODIFYING_WITH = re.compile(r"\bAS\s*\(\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
WITH_OF_A_BUILT_STATEMENT = re.compile(r"\b\w+ AS \($")  # f"name AS ({sql})": the part is a formatted value
WITH_NAME = re.compile(r"\b(\w+)\s+AS\s*\((?:\s*(?:INSERT|UPDATE|DELETE)\b|$)", re.IGNORECASE)
# Multi-table statements that are not the turn's write, by module and the names of their WITHs, each with why: a
# statement of these modules whose WITHs are all named here is not reported; any other is.
OTHER_MULTI_TABLE_WRITES = {
    # the webhook's store of an inbound message: the message, its conversation's time, the channel's route; a new
    # customer made with their conversation (and, with their first message, in the message's statement)
    "conversations/services.py": {"inserted", "latest", "also", "made", "opened"},
    # the channel's record of Meta's 2xx for a send: the delivery, and the reply's wamid
    "whatsapp/services.py": {"accepted", "renamed"},
    # a decision's row with the attributions (message → Ask) it brought and the Ask it starts: the Ask service's own
    # record, not the turn's
    "asks/services.py": {"attributed", "new_ask"},
}


def sources(root: Path) -> list[Path]:
    return [path for path in sorted(root.rglob("*.py"))
            if not SKIPPED_PARTS & set(path.relative_to(root).parts[:-1])]


def hidden_state(path: Path) -> list[tuple[int, str]]:
    """(line, what) of every ContextVar and thread-local the module makes or imports."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.module in ("contextvars", "threading"):
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names
                      if (node.module, alias.name) in (("contextvars", "ContextVar"), ("threading", "local"))]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                (node.value.id, node.attr) in (("contextvars", "ContextVar"), ("threading", "local"))):
            found.append((node.lineno, f"{node.value.id}.{node.attr}"))
    return sorted(set(found))


def hidden_state_violations(root: Path) -> list[str]:
    return [f"{path.relative_to(root)}:{line} {what}" for path in sources(root)
            for line, what in hidden_state(path) if str(path.relative_to(root)) not in ALLOWED_HIDDEN_STATE]


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of every string constant, and of every constant part of an f-string with `\\0` standing for
    each formatted value."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found.append((node.lineno, "".join(str(part.value) if isinstance(part, ast.Constant) else "\0"
                                               for part in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
    return found


def _is_turn(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "Turn"


def turn_writes(path: Path, allowed: set[str] | None = None) -> list[tuple[int, str]]:
    """(line, what) of every multi-table statement and every write of the turn's trace in the module; a statement
    whose WITHs are all named in `allowed` is not one."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for line, text in _strings(tree):
        if DATA_MODIFYING_WITH.search(text) or any(WITH_OF_A_BUILT_STATEMENT.search(piece)
                                                   for piece in text.split("\0")[:-1]):
            names = {match.group(1) for piece in text.split("\0") for match in WITH_NAME.finditer(piece)}
            if not (allowed and names and names <= allowed):
                found.append((line, "data-modifying WITH"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")
        if name in ("insert_sql", "bulk_create") and node.args and _is_turn(node.args[0]):
            found.append((node.lineno, f"{name}(Turn)"))
        elif (name == "create" and isinstance(function, ast.Attribute) and isinstance(function.value, ast.Attribute)
              and function.value.attr == "objects" and _is_turn(function.value.value)):
            found.append((node.lineno, "Turn.objects.create"))
        elif (name == "save" and isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name)
              and function.value.id == "trace"):
            found.append((node.lineno, "trace.save()"))
    return sorted(set(found))


def turn_write_violations(root: Path) -> list[str]:
    return [f"{path.relative_to(root)}:{line} {what}" for path in sources(root)
            if path.relative_to(root).parts[0] in TURN_APPS and str(path.relative_to(root)) != TURN_COMMIT
            for line, what in turn_writes(path, OTHER_MULTI_TABLE_WRITES.get(str(path.relative_to(root))))]


def test_no_context_var_or_thread_local_outside_the_allowed_ones():
    assert hidden_state_violations(ROOT) == []


def test_each_allowed_hidden_state_still_exists_where_it_is_allowed():
    """An allowance whose state has gone is removed too (the list stays the list of what there is)."""
    for relative, name in ALLOWED_HIDDEN_STATE.items():
        path = ROOT / relative
        assert hidden_state(path), relative
        assert re.search(rf"^(class )?{name}\b", path.read_text(encoding="utf-8"), re.MULTILINE), (relative, name)


def test_only_the_commit_module_writes_the_turn():
    assert turn_write_violations(ROOT) == []


def test_each_other_multi_table_write_is_still_there_and_another_in_its_module_is_reported(tmp_path):
    for relative, names in OTHER_MULTI_TABLE_WRITES.items():
        text = (ROOT / relative).read_text(encoding="utf-8")
        assert all(re.search(rf"\b{name} AS \(", text) for name in names), relative
    (tmp_path / "conversations").mkdir()
    (tmp_path / "conversations" / "services.py").write_text(
        'SQL = "WITH inserted AS (INSERT INTO a VALUES (1)), turn AS (INSERT INTO b VALUES (2)) SELECT 1"\n'
        'BUILT = f"WITH inserted AS ({SQL}), latest AS ({SQL}) SELECT 1"\n')
    assert turn_write_violations(tmp_path) == ["conversations/services.py:1 data-modifying WITH"]


def test_the_commit_module_is_where_the_scan_finds_the_turns_write():
    """The scan recognises the real thing: the commit module's statement is found by it."""
    found = {what for _, what in turn_writes(ROOT / TURN_COMMIT)}
    assert found == {"data-modifying WITH", "insert_sql(Turn)"}


@pytest.mark.parametrize("code", [
    "from contextvars import ContextVar\nheld = ContextVar('held', default=None)\n",
    "import contextvars\nheld = contextvars.ContextVar('held')\n",
    "import threading\n\nclass Held(threading.local):\n    pass\n",
    "from threading import local\nheld = local()\n",
])
def test_a_context_var_or_thread_local_in_a_service_is_reported(tmp_path, code):
    (tmp_path / "asks").mkdir()
    (tmp_path / "asks" / "services.py").write_text(code)
    assert len(hidden_state_violations(tmp_path)) == 1
    assert hidden_state_violations(tmp_path)[0].startswith("asks/services.py:")


def test_the_allowed_modules_and_tests_are_not_reported(tmp_path):
    (tmp_path / "magie").mkdir()
    (tmp_path / "magie" / "tracing.py").write_text("from contextvars import ContextVar\n")
    (tmp_path / "asks" / "tests").mkdir(parents=True)
    (tmp_path / "asks" / "tests" / "test_x.py").write_text("import threading\nx = threading.local()\n")
    assert hidden_state_violations(tmp_path) == []


@pytest.mark.parametrize(("code", "what"), [
    ('SQL = "WITH moved AS (UPDATE asks_ask SET status = %s) INSERT INTO asks_decision VALUES (%s)"\n',
     "data-modifying WITH"),
    ('def f(sql):\n    return f"WITH saved AS ({sql}) SELECT 1"\n', "data-modifying WITH"),
    ("def f(rows):\n    return insert_sql(Turn, rows, returning=True)\n", "insert_sql(Turn)"),
    ("def f(m):\n    return Turn.objects.create(message=m)\n", "Turn.objects.create"),
    ("def f(trace):\n    trace.save()\n", "trace.save()"),
])
def test_a_turn_write_outside_the_commit_module_is_reported(tmp_path, code, what):
    (tmp_path / "agent" / "turn").mkdir(parents=True)
    (tmp_path / "agent" / "turn" / "steps.py").write_text(code)
    (tmp_path / "agent" / "turn" / "commit.py").write_text(code)  # the same code is allowed there
    assert [violation.split(" ", 1)[1] for violation in turn_write_violations(tmp_path)] == [what]


def test_a_read_only_with_is_not_a_write(tmp_path):
    (tmp_path / "workspace").mkdir()
    (tmp_path / "workspace" / "dashboard.py").write_text(
        'SQL = f"WITH rejected AS MATERIALIZED (SELECT guards FROM {table}) SELECT count(*) FROM rejected"\n')
    assert turn_write_violations(tmp_path) == []
