"""django-fsm's ConcurrentTransitionMixin with each model's state fields found once per class.

The mixin finds a model's state fields by filtering every field of the model, on every instance's `__init__`,
`save` and `refresh_from_db`: 25 fields and 50 calls each time a Pix transfer is built, a fifth of the Python of a
Pix on the bank's hot path. A model's fields do not change once the model class is set up, so the answer is kept on
the class; what the mixin does with it (the stale-save check) is unchanged. Every state-machine model of Magie
uses this one (tests/test_fsm_models.py)."""

from __future__ import annotations

from collections.abc import Iterable

from django_fsm import ConcurrentTransitionMixin as _ConcurrentTransitionMixin
from django_fsm import FSMFieldMixin


class ConcurrentTransitionMixin(_ConcurrentTransitionMixin):
    @property
    def state_fields(self) -> Iterable[FSMFieldMixin]:
        model = type(self)
        kept = model.__dict__.get("_fsm_state_fields")
        if kept is None:  # a subclass (a proxy, a child model) finds its own
            kept = tuple(field for field in self._meta.fields if isinstance(field, FSMFieldMixin))
            model._fsm_state_fields = kept  # type: ignore[attr-defined]  # set on the class, once
        return kept
