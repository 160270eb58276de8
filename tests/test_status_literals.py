"""Statuses are compared through their enums, never as raw strings — checked on the source.

A status spelled as a string (`delivery.status == "sent"`, `Q(status__in=("pending", "sending"))`) survives the
renaming of a `TextChoices` member and a typo ("cancelled" for "canceled") with no error: the comparison is simply
never true. The scan reports, in the production code (not tests, test support, migrations, benchmarks or the
evaluation tools):
- a comparison (`==`, `!=`, `in`, `not in`) between a status or state (`x.status`, `status`, `data["state"]`,
  `x.delivery_status`, …) and a string literal, or a tuple, list or set holding one;
- a keyword argument naming a status (`status=`, `status__in=`, `escalation__status=`, …) given a string literal.
A model's `Meta` (its constraints and indexes) is not scanned: Django evaluates it where the model's own `Status`
class is not in scope, and a migration records the literal anyway. A status that is another system's word (the Pix
API's "ATIVA") is compared through a named constant that says whose word it is.
"""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

from testing.source_scan import findings, holds_string, parsed

ROOT = Path(settings.BASE_DIR)
STATUS_NAME = re.compile(r"^(\w+_)?(status|state)$")
STATUS_KEYWORD = re.compile(r"^(\w+__)?(\w+_)?(status|state)(__(in|exact|iexact))?$")


def _names_a_status(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return bool(STATUS_NAME.match(node.attr))
    if isinstance(node, ast.Name):
        return bool(STATUS_NAME.match(node.id))
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return isinstance(node.slice.value, str) and bool(STATUS_NAME.match(node.slice.value))
    return False


def status_literals(path: Path) -> list[tuple[int, str]]:
    """(line, code) of every status compared with, or filtered by, a string literal outside a model's Meta."""
    found = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef) and child.name == "Meta":
                continue
            if isinstance(child, ast.Compare):
                sides = [child.left, *child.comparators]
                if any(map(_names_a_status, sides)) and any(map(holds_string, sides)):
                    found.append((child.lineno, ast.unparse(child)))
            elif isinstance(child, ast.keyword) and child.arg and STATUS_KEYWORD.match(child.arg):
                if holds_string(child.value):
                    found.append((child.value.lineno, f"{child.arg}={ast.unparse(child.value)}"))
            visit(child)

    visit(parsed(path))
    return sorted(found)


def status_literals_in(root: Path) -> set[tuple[str, str]]:
    return findings(root, status_literals)


def test_no_status_is_compared_with_a_raw_string():
    assert status_literals_in(ROOT) == set(), "compare with the model's Status member (or a named constant)"


@pytest.mark.parametrize(("code", "what"), [
    ('def f(delivery):\n    return delivery.status == "sent"\n', "delivery.status == 'sent'"),
    ('def f(item):\n    return item.status not in ("sent", "read")\n', "item.status not in ('sent', 'read')"),
    ('def f(data):\n    return data["state"] != "ATIVA"\n', "data['state'] != 'ATIVA'"),
    ('def f(status):\n    return "failed" == status\n', "'failed' == status"),
    ('def f(qs):\n    return qs.filter(status__in=["pending", "sending"])\n', "status__in=['pending', 'sending']"),
    ('def f(Q):\n    return ~Q(escalation__status="resolved")\n', "escalation__status='resolved'"),
    ('def f(x):\n    return x.delivery_status == "read"\n', "x.delivery_status == 'read'"),
])
def test_a_raw_status_string_is_reported(tmp_path, code, what):
    (tmp_path / "whatsapp").mkdir()
    (tmp_path / "whatsapp" / "x.py").write_text(code)
    assert status_literals_in(tmp_path) == {("whatsapp/x.py", what)}


def test_enums_constants_meta_and_tests_are_not_reported(tmp_path):
    (tmp_path / "whatsapp" / "tests").mkdir(parents=True)
    (tmp_path / "whatsapp" / "x.py").write_text(
        "from django.db import models\n\nCHARGE_PAYABLE = 'ATIVA'\n\n\n"
        "class Delivery(models.Model):\n    class Status(models.TextChoices):\n        SENT = 'sent'\n\n"
        "    class Meta:\n        indexes = [models.Index(fields=['due_at'], condition=models.Q(status='pending'),"
        " name='due')]\n\n\n"
        "def f(delivery, data, qs):\n    return (delivery.status == Delivery.Status.SENT and data['status'] != CHARGE_PAYABLE\n"
        "            and qs.filter(status__in=(Delivery.Status.SENT,)) and delivery.kind == 'text'"
        " and delivery.status is None)\n")
    (tmp_path / "whatsapp" / "tests" / "test_x.py").write_text('def test(d):\n    assert d.status == "sent"\n')
    assert status_literals_in(tmp_path) == set()
