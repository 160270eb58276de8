"""The guards by name: `@register("unsupported_amount")` adds a guard function under a name of
`magie.choices.GUARD_NAMES`; `guard_for(name)` and `registered()` read the table (loading the checks once)."""

from __future__ import annotations

from collections.abc import Callable

from guards.contract import GuardInput, GuardVerdict

Guard = Callable[[GuardInput, float], GuardVerdict]

_REGISTRY: dict[str, Guard] = {}


def register(name: str) -> Callable[[Guard], Guard]:
    """Decorator: register `guard` under `name` (a name registered twice is a programming error)."""

    def decorate(guard: Guard) -> Guard:
        if name in _REGISTRY and _REGISTRY[name] is not guard:
            raise ValueError(f"guard {name!r} is already registered")
        _REGISTRY[name] = guard
        return guard

    return decorate


def _load() -> None:
    # The check modules register themselves on import; imported here, not at module level, to avoid a cycle.
    from guards.checks import amounts, facts, policy, store, wording  # noqa: F401


def registered() -> dict[str, Guard]:
    """Every registered guard, by name."""
    _load()
    return dict(_REGISTRY)


def guard_for(name: str) -> Guard:
    """The guard registered under `name`; KeyError for an unknown name."""
    _load()
    return _REGISTRY[name]
