"""django-tenants' PostgreSQL backend, with a table list that does not grow with the number of organisations.

Django lists a schema's tables (`introspection.table_names`: every migration run asks it several times, through
`MigrationRecorder.has_table`, and so does a test flush) by testing `pg_table_is_visible(oid)` on every relation of
the database: with 1,000 organisations, 57,000 relations, about 0.4 s a time and three quarters of a schema's
migration. django-tenants has already set the search path to the one schema asked about, so the same list is the
relations of the search path's schemas: the same rows, found by comparing a namespace instead of calling a function
per relation. Nothing else differs from django-tenants' backend.
"""

from __future__ import annotations

from django.db.backends.postgresql.introspection import TableInfo
from django_tenants.postgresql_backend.base import DatabaseWrapper as TenantDatabaseWrapper
from django_tenants.postgresql_backend.introspection import (
    DatabaseSchemaIntrospection,
    DatabaseSchemaIntrospectionSearchPathContext,
)

TABLE_LIST = """
    SELECT c.relname,
           CASE WHEN c.relispartition THEN 'p' WHEN c.relkind IN ('m', 'v') THEN 'v' ELSE 't' END,
           obj_description(c.oid, 'pg_class')
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('f', 'm', 'p', 'r', 'v') AND n.nspname NOT IN ('pg_catalog', 'pg_toast')
      AND n.nspname = ANY (current_schemas(false))
"""


class SchemaIntrospection(DatabaseSchemaIntrospection):
    def get_table_list(self, cursor):
        with DatabaseSchemaIntrospectionSearchPathContext(cursor=cursor, connection=self.connection):
            cursor.execute(TABLE_LIST)
            return [TableInfo(*row) for row in cursor.fetchall() if row[0] not in self.ignored_tables]


class DatabaseWrapper(TenantDatabaseWrapper):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.introspection = SchemaIntrospection(self)
