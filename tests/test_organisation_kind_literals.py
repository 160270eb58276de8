"""Organisation kinds are compared through `magie.choices.OrganisationKind`, never as raw strings — checked on the source.

A kind spelled as a string (`current_kind() == "school"`, `organisation_kinds = ("bank",)`) survives the renaming of
the enum's member, and a typo ("schools") is simply never true: the bank's pages would vanish from a bank with no
error. The scan reports, in the production code (not tests, test support, migrations, benchmarks or the evaluation
tools), a string literal that is one of the kinds' values (or a tuple, list or set holding one):
- compared (`==`, `!=`, `in`, `not in`) with something that names a kind (`x.kind`, `org_kind`, `current_kind()`,
  `getattr(x, "kind")`, `data["kind"]`);
- given to a lookup naming a kind (`kind=`, `kind__in=`, `organisation__kind=`) or under a dict's `"kind"` key;
- given to what scopes a page or an API to kinds (`organisation_kinds = (…)`, `organisation_kind_is(…)`).
Perception and the guards are plain Python (no Django): their contracts (`asks.perception.contract.OrgKind`,
`guards.contract.OrgKind`) spell the kinds as a `Literal` type, whose values a test below holds equal to the enum's.
mypy checks every value given to a `Literal`, so their tables and arguments are not reported; perception's rules
compare a kind with the contract's named kinds (`BANK`, `SCHOOL`).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

import pytest
from django.conf import settings

from magie.choices import OrganisationKind
from testing.source_scan import findings, holds_string, parsed

ROOT = Path(settings.BASE_DIR)
KINDS = frozenset(OrganisationKind.values)
KIND_NAME = re.compile(r"^(\w+_)?kind$")
KIND_LOOKUP = re.compile(r"^(\w+__)?kind(__(in|exact|iexact))?$")
KINDS_HOLDER = re.compile(r"^(\w+_)?kinds$")  # organisation_kinds = ("bank",)
KIND_PREDICATE = re.compile(r"^(\w+_)?kind_is$")  # organisation_kind_is("bank")


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _names_a_kind(node: ast.AST) -> bool:
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return isinstance(node.slice.value, str) and bool(KIND_NAME.match(node.slice.value))
    if isinstance(node, ast.Call):
        if _name(node.func) == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
            return isinstance(node.args[1].value, str) and bool(KIND_NAME.match(node.args[1].value))
        return bool(KIND_NAME.match(_name(node.func) or ""))
    return bool(KIND_NAME.match(_name(node) or ""))


def kind_literals(path: Path) -> list[tuple[int, str]]:
    """(line, code) of every organisation kind spelled as a string where it is compared or scoped by."""
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(map(_names_a_kind, sides)) and any(holds_string(side, KINDS) for side in sides):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.keyword) and node.arg and KIND_LOOKUP.match(node.arg):
            if holds_string(node.value, KINDS):
                found.append((node.value.lineno, f"{node.arg}={ast.unparse(node.value)}"))
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if (isinstance(key, ast.Constant) and isinstance(key.value, str) and KIND_NAME.match(key.value)
                        and holds_string(value, KINDS)):
                    found.append((value.lineno, f"{key.value!r}: {ast.unparse(value)}"))
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if KINDS_HOLDER.match(_name(target) or "") and holds_string(node.value, KINDS):
                    found.append((node.lineno, f"{ast.unparse(target)} = {ast.unparse(node.value)}"))
        elif isinstance(node, ast.Call) and KIND_PREDICATE.match(_name(node.func) or ""):
            if any(holds_string(argument, KINDS) for argument in node.args):
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def kind_literals_in(root: Path) -> set[tuple[str, str]]:
    return findings(root, kind_literals)


def test_no_organisation_kind_is_compared_with_a_raw_string():
    assert kind_literals_in(ROOT) == set(), "compare with a member of magie.choices.OrganisationKind"


def test_the_plain_python_contracts_spell_the_same_kinds_as_the_enum():
    """Perception and the guards run without Django, so they spell the kinds as a `Literal`: the same values."""
    from asks.perception import contract as perception
    from guards import contract as guards

    served = set(KINDS) - {OrganisationKind.PLATFORM}
    assert set(get_args(perception.OrgKind)) == served
    assert set(get_args(guards.OrgKind)) == served
    assert (perception.BANK, perception.SCHOOL) == (OrganisationKind.BANK, OrganisationKind.SCHOOL)


@pytest.mark.parametrize(("code", "what"), [
    ('def f(current_kind):\n    return current_kind() == "school"\n', "current_kind() == 'school'"),
    ('def f(tenancy):\n    return tenancy.kind != "bank"\n', "tenancy.kind != 'bank'"),
    ('def f(org):\n    return getattr(org, "kind", None) != "store"\n', "getattr(org, 'kind', None) != 'store'"),
    ('def f(org_kind):\n    return org_kind in ("bank", "school")\n', "org_kind in ('bank', 'school')"),
    ('def f(data):\n    return "platform" == data["kind"]\n', "'platform' == data['kind']"),
    ('def f(qs):\n    return qs.filter(kind="bank")\n', "kind='bank'"),
    ('def f(Q):\n    return Q(organisation__kind__in=["store"])\n', "organisation__kind__in=['store']"),
    ('def f(qs):\n    return qs.get_or_create(defaults={"name": "x", "kind": "platform"})\n', "'kind': 'platform'"),
    ('class A:\n    organisation_kinds = ("school",)\n', "organisation_kinds = ('school',)"),
    ('def f(organisation_kind_is):\n    return organisation_kind_is("store")\n', "organisation_kind_is('store')"),
])
def test_a_raw_organisation_kind_is_reported(tmp_path, code, what):
    (tmp_path / "booking").mkdir()
    (tmp_path / "booking" / "x.py").write_text(code)
    assert kind_literals_in(tmp_path) == {("booking/x.py", what)}


def test_the_enum_other_kinds_app_labels_and_tests_are_not_reported(tmp_path):
    """The enum's members, another vocabulary's kinds (a trace entry, an account), an app's label that happens to be
    spelled like a kind, a `Literal` type, and the tests' own strings."""
    (tmp_path / "booking" / "tests").mkdir(parents=True)
    (tmp_path / "booking" / "x.py").write_text(
        "from typing import Literal\n\nfrom magie.choices import OrganisationKind\n\n"
        "OrgKind = Literal['bank', 'school', 'store']\n\n\n"
        "class A:\n    organisation_kinds = (OrganisationKind.SCHOOL,)\n\n\n"
        "def f(org, entry, model, qs):\n"
        "    return (org.kind == OrganisationKind.BANK and entry.kind == 'transfer' and model._meta.app_label == 'bank'\n"
        "            and qs.filter(kind__in=(OrganisationKind.STORE,), app_label='store'))\n")
    (tmp_path / "booking" / "tests" / "test_x.py").write_text('def test(org):\n    assert org.kind == "school"\n')
    assert kind_literals_in(tmp_path) == set()
