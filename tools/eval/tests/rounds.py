"""Checks every blind round's test makes of its drafts: inputs whose executed effects have a kind, no draft that
repeats an earlier or a held-out one (compared by count only: a failure names no held-out draft), and the names of
the drafts whose production verdict differs from the expected one."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from guards.contract import GuardInput
from tools.eval import (
    adversarial,
    adversarial_held_out2,
    adversarial_round3,
    adversarial_round4,
    adversarial_round5,
    adversarial_round6,
    adversarial_round7,
    adversarial_round8,
    adversarial_round9,
    adversarial_round10,
    adversarial_round11,
)

EARLIER = (adversarial, adversarial_round3, adversarial_round4, adversarial_round5, adversarial_round6,
           adversarial_round7, adversarial_round8, adversarial_round9, adversarial_round10, adversarial_round11,
           adversarial_held_out2)


def assert_effects_have_a_kind(cases: Iterable) -> None:
    for case in cases:
        inp = case.inp
        assert isinstance(inp, GuardInput)
        assert set(inp.effects_executed) <= set(inp.effect_kinds)
        assert {output.tool for output in inp.tool_outputs if output.ok and output.tool in inp.effect_kinds} \
            == set(inp.effects_executed)


def repeated_drafts(module: ModuleType) -> int:
    earlier = {case.draft for other in EARLIER if other is not module for case in other.cases()}
    return sum(case.draft in earlier for case in module.cases())


def wrong_verdicts(module: ModuleType) -> list[str]:
    """The round's drafts the production guards judge otherwise than expected, by name (a first pass loads each
    language's dictionaries, past the CPU budget)."""
    from tools.eval.guards import Run

    run = Run(0)
    for case in module.cases():
        run.held(case.inp)
    return [case.name for case in module.cases() if bool(run.held(case.inp)) != case.held]
