"""A schema's catalog as plain data — tables, columns, constraints, indexes, sequences and the recorded migrations —
with its own name written `{schema}`, so that two schemas made in different ways can be compared for equality.

Two things differ between a schema made by migrations and the same schema replayed from its dump, and are written
alike here because they mean the same: a column's position counts live columns only (a dropped column leaves a
hole in a migrated table's attribute numbers), and an `IN (…)` list that PostgreSQL stored as
`ANY ((ARRAY['a'::varchar])::text[])` comes back from its printed form as `ANY (ARRAY[('a'::varchar)::text])`."""

from __future__ import annotations

import re
from typing import Any

from django.db import connection

QUERIES = {
    "relations": """
        SELECT c.relname, c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = %(schema)s AND c.relkind NOT IN ('i', 'I') ORDER BY 1""",
    "columns": """
        SELECT c.relname, row_number() OVER (PARTITION BY c.oid ORDER BY a.attnum), a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
               pg_get_expr(d.adbin, d.adrelid), a.attidentity::text, a.attgenerated::text, a.attcollation::regcollation::text
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE n.nspname = %(schema)s AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY 1, 2""",
    "constraints": """
        SELECT c.relname, k.conname, k.contype::text, pg_get_constraintdef(k.oid), k.condeferrable, k.condeferred
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = %(schema)s ORDER BY 1, 2""",
    "indexes": """
        SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = %(schema)s ORDER BY 1, 2""",
    "sequences": """
        SELECT sequencename, data_type::text, start_value, increment_by, min_value, max_value, cycle
        FROM pg_sequences WHERE schemaname = %(schema)s ORDER BY 1""",
}

# The rows migrations leave behind: their records, and the content types and permissions of post_migrate.
ROWS = {
    "migrations": "SELECT app, name FROM {schema}.django_migrations ORDER BY 1, 2",
    "content_types": "SELECT app_label, model FROM {schema}.django_content_type ORDER BY 1, 2",
    "permissions": """
        SELECT t.app_label, t.model, p.codename, p.name FROM {schema}.auth_permission p
        JOIN {schema}.django_content_type t ON t.id = p.content_type_id ORDER BY 1, 2, 3""",
}


def schema_catalog(schema: str) -> dict[str, list[tuple[Any, ...]]]:
    """{part: rows} of `schema`, its name replaced by `{schema}` wherever PostgreSQL prints it."""
    own_name = re.compile(rf'(?<![\w"]){re.escape(schema)}(?![\w"])|"{re.escape(schema)}"')
    catalog: dict[str, list[tuple[Any, ...]]] = {}
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # names outside public print qualified
    with connection.cursor() as cursor:
        for part, sql in QUERIES.items():
            cursor.execute(sql, {"schema": schema})
            catalog[part] = [tuple(_normalised(own_name.sub("{schema}", value)) if isinstance(value, str) else value
                                   for value in row) for row in cursor.fetchall()]
        for part, sql in ROWS.items():
            cursor.execute(sql.format(schema=f'"{schema}"'))
            catalog[part] = [tuple(row) for row in cursor.fetchall()]
    return catalog


_ANY_ARRAY_CAST = re.compile(r"ANY \(\(ARRAY\[(?P<items>[^\]]*)\]\)::(?P<type>[a-z][a-z ]*)\[\]\)")


def _normalised(text: str) -> str:
    """`ANY ((ARRAY[x, y])::t[])` written as `ANY (ARRAY[(x)::t, (y)::t])`, the form PostgreSQL re-parses it to."""

    def push_cast(match: re.Match[str]) -> str:
        items = _split_items(match["items"])
        return "ANY (ARRAY[" + ", ".join(f"({item})::{match['type']}" for item in items) + "])"

    return _ANY_ARRAY_CAST.sub(push_cast, text)


def _split_items(items: str) -> list[str]:
    """Split a printed array's items at the commas outside quoted literals."""
    parts, current, quoted = [], "", False
    for char in items:
        if char == "'":
            quoted = not quoted
        if char == "," and not quoted:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return parts
