import pytest

from guards.registry import guard_for, register, registered
from magie.choices import GUARD_NAMES


def test_registered_names_are_exactly_the_platform_guard_names():
    assert sorted(registered()) == sorted(GUARD_NAMES)


def test_guard_for_returns_the_registered_function():
    assert guard_for("unsupported_amount").__name__ == "unsupported_amount"


def test_registering_another_function_under_a_taken_name_is_refused():
    with pytest.raises(ValueError):
        register("unsupported_amount")(lambda inp, deadline: None)
