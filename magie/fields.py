"""`EncryptedTextField`: a secret column, encrypted at rest (magie.crypto), write-only everywhere else.

On an instance the attribute is always a `magie.crypto.Secret` (assigning a str wraps it), so reading it never
decrypts by accident and printing it shows it redacted; `.reveal()` is the one way to the plaintext. Serialisation
(`dumpdata`, `value_to_string`) gives the ciphertext, never the plaintext. It cannot be filtered or ordered on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.db import models
from django.db.models.query_utils import DeferredAttribute

from magie.crypto import Secret


class SecretAttribute(DeferredAttribute):
    """Keeps a Secret in the instance whatever is assigned (plaintext str from code, ciphertext from the DB)."""

    def __set__(self, instance: models.Model, value: Any) -> None:
        if value is None or isinstance(value, Secret):
            instance.__dict__[self.field.attname] = value
        else:
            instance.__dict__[self.field.attname] = Secret(plain=str(value))


if TYPE_CHECKING:  # for django-stubs: a str may be assigned, the attribute always holds a Secret
    _SecretTextField = models.TextField[Secret | str | None, Secret]
else:
    _SecretTextField = models.TextField


class EncryptedTextField(_SecretTextField):
    descriptor_class = SecretAttribute

    def from_db_value(self, value: str | None, expression, connection) -> Secret | None:
        return None if value is None else Secret.from_db(value)

    def to_python(self, value: Any) -> Any:
        if value is None or isinstance(value, Secret):
            return value
        return Secret(plain=str(value))

    def get_prep_value(self, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, Secret):
            value = Secret(plain=str(value))
        return value.for_db()

    def value_to_string(self, obj: models.Model) -> str:
        value = self.value_from_object(obj)
        return "" if value is None else value.for_db()

    def get_lookup(self, lookup_name: str):  # ciphertexts are randomised: equality on them means nothing
        if lookup_name in ("exact", "isnull"):
            return super().get_lookup(lookup_name)
        return None

    def formfield(self, **kwargs: Any) -> forms.Field:
        """Write-only: a password input that never renders the stored value."""
        return forms.CharField(widget=forms.PasswordInput(render_value=False), required=False,
                               help_text="Write-only: the stored value is never shown. Leave blank to keep it.")
