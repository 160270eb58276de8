"""Private parts of Django, django-fsm, django-tenants, psycopg, Celery and kombu are used in `magie/db/` and
`magie/queueing.py` only, and each one used there is checked here, so that a release that changes it fails this
file by name instead of a turn, a Pix or a webhook in production. `.ci/next-minors` runs the suite on the next
Django and Celery minors.

The scan reads the production code (not tests, migrations, benchmarks or evaluation tools) for the imports and
names that reach into those internals."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SEAMS = ("magie/db/", "magie/queueing.py")
SKIPPED_PARTS = {".venv", "tests", "migrations", "node_modules", ".git", ".data", "bench", "tools", "patches"}
# Modules whose import is reaching into a framework's internals (a public module's private names are below).
PRIVATE_MODULES = ("django.db.models.sql", "django.db.backends.postgresql", "django_tenants.postgresql_backend",
                   "kombu.transport", "celery.app.amqp", "psycopg_pool._", "psycopg._")
PRIVATE_NAMES = {
    ("django.db.models.query", "get_related_populators"), ("django.db.models.query", "ModelIterable"),
    ("django.db.models.query", "RelatedPopulator"), ("django_fsm", "ConcurrentTransitionMixin"),
    ("django_fsm", "FSMFieldMixin"),
}
# Attributes and calls that are the internals themselves (on Django's connection, a query, Celery's app, psycopg).
PRIVATE_ATTRIBUTES = {"get_compiler", "create_task_message", "send_task_message", "amqp", "make_debug_cursor",
                      "make_cursor", "get_connection_params", "wrap_database_errors", "pipeline",
                      "conn_or_acquire", "_create_client"}
RAW_PSYCOPG = {"connect", "Cursor", "Pipeline", "Connection"}  # psycopg.<name>: a connection beside Django's


def sources(root: Path) -> list[Path]:
    return [path for path in sorted(root.rglob("*.py"))
            if not SKIPPED_PARTS & set(path.relative_to(root).parts[:-1])]


def reaches(path: Path) -> list[str]:
    """What the module uses of the frameworks' internals: imports, `psycopg.connect`, `.get_compiler(…)`, …"""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith(PRIVATE_MODULES):
                found.append(f"{node.lineno}: from {node.module} import")
            found += [f"{node.lineno}: {node.module}.{alias.name}" for alias in node.names
                      if (node.module, alias.name) in PRIVATE_NAMES]
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {alias.name}" for alias in node.names
                      if alias.name.startswith(PRIVATE_MODULES)]
        elif isinstance(node, ast.Attribute):
            if node.attr in PRIVATE_ATTRIBUTES:
                found.append(f"{node.lineno}: .{node.attr}")
            elif isinstance(node.value, ast.Name) and node.value.id == "psycopg" and node.attr in RAW_PSYCOPG:
                found.append(f"{node.lineno}: psycopg.{node.attr}")
            elif node.attr == "connection" and isinstance(node.value, ast.Name) and node.value.id in {
                    "connection", "db"}:  # Django's wrapper's raw psycopg connection
                found.append(f"{node.lineno}: {node.value.id}.connection")
    return found


def outside_the_seams(root: Path) -> dict[str, list[str]]:
    return {str(path.relative_to(root)): found for path in sources(root)
            if not str(path.relative_to(root)).startswith(SEAMS) and (found := reaches(path))}


def test_framework_internals_are_used_in_the_seams_only():
    assert outside_the_seams(ROOT) == {}


@pytest.mark.parametrize("code", [
    "from django.db.models.sql import InsertQuery\n",
    "from django.db.models.query import ModelIterable\n",
    "from django_fsm import ConcurrentTransitionMixin\n",
    "import psycopg\n\npsycopg.connect('x')\n",
    "def f(queryset):\n    return queryset.query.get_compiler('default')\n",
    "def f(app):\n    return app.amqp.create_task_message\n",
    "from django.db import connection\n\nraw = connection.connection\n",
])
def test_a_use_outside_the_seams_is_reported(tmp_path, code):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "x.py").write_text(code)
    (tmp_path / "magie" / "db").mkdir(parents=True)
    (tmp_path / "magie" / "db" / "x.py").write_text(code)  # the same in the seam is allowed
    assert list(outside_the_seams(tmp_path)) == ["bank/x.py"]


def test_public_uses_are_not_reported(tmp_path):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "x.py").write_text(
        "from django.db import connection\nfrom django_fsm import FSMField, transition\n"
        "from psycopg.errors import LockNotAvailable\n\n\ndef f():\n    with connection.cursor() as c:\n"
        "        c.execute('SELECT 1')\n")
    assert outside_the_seams(tmp_path) == {}


# Each internal the seams use, checked for the shape they rely on.

def _parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_django_compiled_reads_internals():
    """magie.db.compiled_reads turns a compiler's rows into instances as Django's ModelIterable does."""
    from django.db.models.query import ModelIterable, get_related_populators
    from django.db.models.sql.compiler import SQLCompiler

    assert _parameters(get_related_populators)[:3] == ["klass_info", "select", "db"]
    assert "results" in _parameters(SQLCompiler.results_iter)
    rows = inspect.getsource(SQLCompiler.results_iter)  # its steps, which compiled_read's _Reader takes once
    for used in ("self.col_count", "self.get_converters(fields)", "self.apply_converters(rows, converters)",
                 "self.has_composite_fields(fields)", "self.composite_fields_to_tuples(rows, fields)"):
        assert used in rows, f"Django's results_iter no longer does {used}: check magie/db/compiled_reads.py"
    source = inspect.getsource(ModelIterable.__iter__)
    for used in ("compiler.select", "compiler.klass_info", "compiler.annotation_col_map", "from_db(",
                 "get_related_populators(", "select_fields"):
        assert used in source, f"Django's ModelIterable no longer uses {used}: check magie/db/compiled_reads.py"


def test_compiled_read_builds_the_instances_the_queryset_would(db):
    from django.contrib.contenttypes.models import ContentType

    from magie.db.compiled_reads import SENTINEL_TEXT, compiled_read

    def build():
        return ContentType.objects.filter(app_label=SENTINEL_TEXT).order_by("pk"), {SENTINEL_TEXT: "app"}

    got = compiled_read("test-seams-contenttypes", build, {"app": "auth"})
    assert got and got == list(ContentType.objects.filter(app_label="auth").order_by("pk"))


def test_django_insert_query_internals():
    """magie.db.statements compiles an InsertQuery for the models whose values need Django's compiler."""
    from django.db.models.sql import InsertQuery
    from django.db.models.sql.compiler import SQLInsertCompiler

    assert "insert_values" in dir(InsertQuery) and "returning_fields" in inspect.getsource(SQLInsertCompiler)


def test_django_cursor_internals():
    """magie.db.cursors and magie.db.pipeline build Django's cursor from its parts, on a cursor of their own."""
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.backends.utils import CursorWrapper

    for name in ("make_cursor", "make_debug_cursor", "queries_logged", "wrap_database_errors",
                 "ensure_connection", "validate_thread_sharing"):
        assert hasattr(BaseDatabaseWrapper, name), name
    assert _parameters(CursorWrapper.__init__)[1:] == ["cursor", "db"]
    assert "self.cursor = cursor" in inspect.getsource(CursorWrapper.__init__)


def test_postgresql_connection_params_are_psycopg_keywords(db):
    """magie.db.own_connections opens psycopg connections with Django's own parameters."""
    from django.db import connection

    params = connection.get_connection_params()
    assert {"dbname", "client_encoding", "cursor_factory"} <= set(params)


def test_django_tenants_introspection_internals():
    """magie.db.pgbackend replaces django-tenants' table list, within its search-path context."""
    from django_tenants.postgresql_backend.introspection import (
        DatabaseSchemaIntrospection,
        DatabaseSchemaIntrospectionSearchPathContext,
    )

    assert "get_table_list" in DatabaseSchemaIntrospection.__dict__ or hasattr(DatabaseSchemaIntrospection,
                                                                               "get_table_list")
    assert _parameters(DatabaseSchemaIntrospectionSearchPathContext.__init__)[1:] == ["cursor", "connection"]


def test_psycopg_preparing_cursor_and_pipeline():
    """magie.db.pipeline subclasses psycopg's Cursor to prepare every statement, and runs a Pix in a pipeline."""
    import psycopg

    assert {"prepare", "binary"} <= set(_parameters(psycopg.Cursor.execute))
    assert callable(psycopg.Pipeline.is_supported)
    assert hasattr(psycopg.Connection, "pipeline") and hasattr(psycopg.Connection, "prepare_threshold")


def test_named_statements_internals(db):
    """magie.db.pgbackend.plans names statements below Django's cursor wrapper (`_execute`, `_executemany`, the
    executors `execute` hands to its execute_wrappers), reads the search path django-tenants sets
    (`_handle_search_path`, `search_path_set_schemas`, `_setting_search_path`) and drops psycopg's prepared
    statements (`Connection._prepared.clear()`, sent as DEALLOCATE ALL before the next statement)."""
    import psycopg
    from django.db import connection
    from django.db.backends.utils import CursorWrapper
    from django_tenants.postgresql_backend.base import DatabaseWrapper

    assert "executor=self._execute" in inspect.getsource(CursorWrapper.execute)
    assert "executor=self._executemany" in inspect.getsource(CursorWrapper.executemany)
    assert _parameters(CursorWrapper._execute)[1:3] == ["sql", "params"]
    assert _parameters(CursorWrapper._executemany)[1:3] == ["sql", "param_list"]
    source = inspect.getsource(DatabaseWrapper._handle_search_path)
    assert "self.search_path_set_schemas = search_paths" in source and "_setting_search_path" in source
    connection.ensure_connection()
    prepared = connection.connection._prepared
    assert callable(prepared.clear) and hasattr(prepared, "_to_flush")
    assert "_deallocate" in inspect.getsource(type(prepared).maintain_gen)
    assert hasattr(psycopg.errors, "FeatureNotSupported")


def test_django_fsm_state_fields_is_what_its_mixin_reads():
    """magie.db.fsm keeps each model's state fields on the class; django-fsm must still read them through
    `state_fields` (patches/django-fsm-state-fields-once-per-class.patch is the same change for upstream)."""
    from django_fsm import ConcurrentTransitionMixin

    assert isinstance(inspect.getattr_static(ConcurrentTransitionMixin, "state_fields"), property)
    source = inspect.getsource(ConcurrentTransitionMixin)
    assert source.count("self.state_fields") >= 2  # the stale-save check and the remembered states


def test_celery_message_internals():
    """magie.queueing builds Celery's protocol-2 message and sends it on a producer it keeps."""
    from magie.celery import app

    amqp = app.amqp
    create = _parameters(amqp.create_task_message)
    assert create[:4] == ["task_id", "name", "args", "kwargs"]
    assert {"root_id", "parent_id", "argsrepr", "kwargsrepr", "ignore_result"} <= set(create)
    send = _parameters(amqp.send_task_message)
    assert send[:3] == ["producer", "name", "message"] and {"headers", "retry", "declare"} <= set(send)
    assert _parameters(amqp.router.route)[:5] == ["options", "name", "args", "kwargs", "task_type"]
    assert hasattr(amqp, "Producer") and hasattr(amqp, "queues")


def test_kombu_redis_channel_internals():
    """magie.queueing's Redis channel keeps one client per pool in kombu's `conn_or_acquire`."""
    from kombu.transport import redis

    assert _parameters(redis.Channel.conn_or_acquire)[1:] == ["client"]
    assert hasattr(redis.Channel, "_create_client") and isinstance(
        inspect.getattr_static(redis.Channel, "pool"), property)


def test_django_connection_state_a_worker_keeps_its_connection_by():
    """magie.db.pgbackend's `kept_for_next_task` reads the wrapper's state as Django's own
    `close_if_unusable_or_obsolete` does."""
    from django.db.backends.base.base import BaseDatabaseWrapper

    source = inspect.getsource(BaseDatabaseWrapper.close_if_unusable_or_obsolete)
    for used in ("self.connection is not None", "self.get_autocommit()", 'self.settings_dict["AUTOCOMMIT"]',
                 "self.errors_occurred"):
        assert used in source, f"Django no longer checks {used}: check magie/db/pgbackend/base.py"
    assert "in_atomic_block" in inspect.getsource(BaseDatabaseWrapper.__init__)
