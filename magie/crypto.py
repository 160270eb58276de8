"""Encryption at rest of the secrets the platform must use but nobody may read (Fernet/MultiFernet).

Keys come from `MAGIE_FIELD_KEYS` (comma-separated Fernet keys): the first encrypts, all decrypt, so a key is rotated
by putting a new one first, restarting, running `manage.py rotate_field_keys` and then dropping the old one. Stored
values are `fernet:<token>`; a value without that prefix is refused (never read as plaintext).

`Secret` is what an encrypted field holds on a model instance: `str()`/`repr()` say it is redacted, so no template,
admin page, log line or f-string can print the value by accident; `.reveal()` decrypts it (once, then cached on the
instance) for the one place that must use it (signing check, API call).
"""

from __future__ import annotations

import hmac
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

PREFIX = "fernet:"
REDACTED = "•••••• (write-only)"


class SecretUnreadable(Exception):
    """The stored value cannot be decrypted with any key of MAGIE_FIELD_KEYS (or was stored unencrypted)."""


@lru_cache(maxsize=4)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    if not keys:
        raise ImproperlyConfigured("MAGIE_FIELD_KEYS is empty: no key to encrypt secrets with.")
    try:
        return MultiFernet([Fernet(key.encode()) for key in keys])
    except ValueError as error:
        raise ImproperlyConfigured(
            "MAGIE_FIELD_KEYS must be Fernet keys (32 url-safe base64-encoded bytes each, comma-separated); "
            "make one with: python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'"
        ) from error


def field_fernet() -> MultiFernet:
    return _fernet(tuple(settings.MAGIE_FIELD_KEYS))


def encrypt(plain: str) -> str:
    return PREFIX + field_fernet().encrypt(plain.encode()).decode()


def decrypt(stored: str) -> str:
    """The plaintext of a stored value. Cached per (ciphertext, keys) in this process: the webhook reads its app
    secret on every request, and a rotated or dropped key changes the cache key, so nothing stale is served."""
    if not stored.startswith(PREFIX):
        raise SecretUnreadable("the stored value is not encrypted (run `manage.py migrate`)")
    return _decrypt(stored, tuple(settings.MAGIE_FIELD_KEYS))


@lru_cache(maxsize=1024)
def _decrypt(stored: str, keys: tuple[str, ...]) -> str:
    try:
        return _fernet(keys).decrypt(stored.removeprefix(PREFIX).encode()).decode()
    except InvalidToken:
        raise SecretUnreadable("no key of MAGIE_FIELD_KEYS decrypts this value") from None


def rotate(stored: str) -> str:
    """The same secret encrypted with the first key (MultiFernet.rotate: decrypts with any key)."""
    if not stored.startswith(PREFIX):
        raise SecretUnreadable("the stored value is not encrypted (run `manage.py migrate`)")
    try:
        return PREFIX + field_fernet().rotate(stored.removeprefix(PREFIX).encode()).decode()
    except InvalidToken:
        raise SecretUnreadable("no key of MAGIE_FIELD_KEYS decrypts this value") from None


class Secret:
    """A write-only value: printable only as redacted; `.reveal()` gives the plaintext to the code that needs it."""

    __slots__ = ("_stored", "_plain")

    def __init__(self, *, stored: str | None = None, plain: str | None = None) -> None:
        self._stored = stored  # the column's value (`fernet:…`), when it came from the database
        self._plain = plain

    @classmethod
    def from_db(cls, stored: str) -> Secret:
        return cls(stored=stored) if stored else cls(plain="")

    def reveal(self) -> str:
        if self._plain is None:
            self._plain = decrypt(self._stored or "")
        return self._plain

    def for_db(self) -> str:
        """The column value: the stored ciphertext when unchanged, else a fresh encryption ("" stays "")."""
        if self._stored is not None:
            return self._stored
        return encrypt(self._plain) if self._plain else ""

    @property
    def is_set(self) -> bool:
        return bool(self._stored) or bool(self._plain)

    def __bool__(self) -> bool:
        return self.is_set

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Secret):
            other = other.reveal()
        if not isinstance(other, str):
            return NotImplemented
        return hmac.compare_digest(self.reveal().encode(), other.encode())

    def __hash__(self) -> int:
        return hash(self.reveal())

    def __str__(self) -> str:
        return REDACTED if self.is_set else ""

    def __repr__(self) -> str:
        return f"<Secret {'set' if self.is_set else 'empty'}>"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self):  # pickling (cache, Celery) carries the ciphertext, never the plaintext
        return (Secret.from_db, (self.for_db(),))


def encrypt_columns(schema_editor, *, table: str, columns: list[str]) -> None:
    """Data migration: encrypt every plaintext value of `columns` in `table` (of the schema being migrated). Raw
    SQL, so no model field reads a plaintext value as ciphertext; values already encrypted are left as they are."""
    _convert_columns(schema_editor, table=table, columns=columns,
                     convert=lambda value: value if value.startswith(PREFIX) else encrypt(value))


def decrypt_columns(schema_editor, *, table: str, columns: list[str]) -> None:
    """The reverse (migrating back): plaintext again."""
    _convert_columns(schema_editor, table=table, columns=columns,
                     convert=lambda value: decrypt(value) if value.startswith(PREFIX) else value)


def _convert_columns(schema_editor, *, table: str, columns: list[str], convert) -> None:
    quote = schema_editor.quote_name
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f"SELECT id, {', '.join(quote(c) for c in columns)} FROM {quote(table)}")
        rows = cursor.fetchall()
        for row_id, *values in rows:
            new = [convert(value) if value else value for value in values]
            if new != list(values):
                assignments = ", ".join(f"{quote(c)} = %s" for c in columns)
                cursor.execute(f"UPDATE {quote(table)} SET {assignments} WHERE id = %s", [*new, row_id])
