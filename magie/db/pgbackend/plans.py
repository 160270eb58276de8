"""A plan per organisation: every statement prepared once per search path, its text naming the path.

PostgreSQL plans a prepared statement again whenever the `search_path` in force differs from the one it was planned
under, and django-tenants sets each organisation's path before its statements: one prepared statement shared by
the organisations is planned again at nearly every use, so preparing gained nothing. With the path in force named in
a comment at the head of the text (`/* demobank,public */ SELECT …`), psycopg — which keys its prepared statements
by text — prepares each statement once per path, and each keeps its plan (docs/benchmarks.md: PostgreSQL's CPU per
message −29–35%).

The choices, all here and in `DatabaseWrapper` (base.py):
- The application binds on the server (Django's `server_side_binding`) always, prepared or not: one way of sending
  parameters, the one the suite runs; a raw statement's `%s` is typed as PostgreSQL infers it (`%s::text` where it
  cannot).
- `DATABASE_PREPARED_STATEMENTS` (default on) turns preparing and the naming off, for a pooler that cannot keep
  prepared statements (PgBouncer in transaction mode before 1.21).
- The name is the path PostgreSQL holds as the wrapper knows it (`search_path_in_force`, set by the last
  `SET search_path`, forgotten whenever PostgreSQL may have discarded it); unknown → no name (a shared statement,
  planned again when the path differs: slower, never wrong — PostgreSQL itself re-plans on a changed path).
- A migration run elsewhere can change a prepared statement's result type: PostgreSQL then refuses to run it
  ("cached plan must not change result type") on every use, on every connection that prepared it. The cursor
  drops the connection's prepared statements (psycopg sends DEALLOCATE ALL) and, outside a transaction, runs the
  statement once more, unprepared; inside one, the error stands (the transaction is lost anyway) and the next
  statements after the rollback are prepared afresh. No restart of the workers is needed after a deploy.

Private parts used (tests/test_framework_seams.py checks each): Django's `CursorWrapper._execute` and
`_executemany`, django-tenants' `_handle_search_path`, psycopg's `Connection._prepared`.
"""

from __future__ import annotations

import re

from django.db import NotSupportedError
from django.db.backends.postgresql.base import CursorDebugWrapper
from django.db.backends.utils import CursorWrapper

OUTDATED_PLAN = "cached plan must not change result type"
PREPARE_THRESHOLD = 2  # psycopg prepares a statement at its third run on a connection
_PLAIN_NAME = re.compile(r"[\w-]+", re.ASCII)


def statement_name(search_path: list[str] | None) -> str:
    """The comment naming a search path at the head of a statement ('' when the path is unknown, or a name could
    end the comment or hold a `%`: django-tenants allows only letters, digits, `_` and `-`)."""
    if not search_path or not all(_PLAIN_NAME.fullmatch(schema) for schema in search_path):
        return ""
    return f"/* {','.join(search_path)} */ "


def _outdated_plan(error: NotSupportedError) -> bool:
    cause = error.__cause__
    return getattr(cause, "sqlstate", None) == "0A000" and OUTDATED_PLAN in str(cause)


class NamedStatements(CursorWrapper):
    """Django's cursor wrapper, each statement named by the connection's search path in force. The debug wrapper
    logs the statement as the code wrote it (the name is added below its logging)."""

    def _execute(self, sql, params, *ignored_wrapper_args):
        db = self.db
        try:
            return super()._execute(db.statement_name + sql, params, *ignored_wrapper_args)  # type: ignore[misc]
        except NotSupportedError as error:
            if not (_outdated_plan(error) and db.forget_prepared_statements()):
                raise
            return super()._execute(db.statement_name + sql, params, *ignored_wrapper_args)  # type: ignore[misc]

    def _executemany(self, sql, param_list, *ignored_wrapper_args):
        db = self.db
        param_list = list(param_list)  # an iterator is read once; the retry reads it again
        try:
            return super()._executemany(db.statement_name + sql, param_list, *ignored_wrapper_args)  # type: ignore[misc]
        except NotSupportedError as error:
            if not (_outdated_plan(error) and db.forget_prepared_statements()):
                raise
            return super()._executemany(db.statement_name + sql, param_list, *ignored_wrapper_args)  # type: ignore[misc]


class NamedDebugStatements(NamedStatements, CursorDebugWrapper):
    pass
