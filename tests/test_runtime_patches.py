"""No model or Django class is patched at run time — checked on the source.

A record names itself by its own `__str__`, a list's column is declared on its admin (`staff.columns`), a field's
choices are declared on the field. The scan reports, in the project's production code (not tests, migrations,
benchmarks or evaluation tools):
- an assignment to an attribute of a class the module did not define (`Group.__str__ = …`, `Model.x.y = …`);
- an assignment through a model's `_meta` (`Ask._meta.get_field("kind").choices = …`);
- an assignment of a label or admin attribute (`verbose_name`, `choices`, `short_description`, `label`, …) to an
  object that is neither the instance itself (`self`, `cls`, or a name bound from it in the module) nor a function
  the module defined (an admin column declared the old way);
- `setattr` on a class the module did not define, or through `_meta`.

Each app names its own tables, columns and choices on its models; a role (a Django group) is named by the staff's
proxy `StaffRole`, django-axes' columns by the staff catalogue's translation of axes' own msgids. The test fails on
any patch.
"""

import ast
from pathlib import Path

import pytest
from django.conf import settings

from testing.source_scan import NOT_PRODUCTION, findings, parsed

ROOT = Path(settings.BASE_DIR)
SKIPPED_PARTS = NOT_PRODUCTION - {"testing"}  # the test support patches nothing either
LABEL_ATTRIBUTES = {"verbose_name", "verbose_name_plural", "choices", "short_description", "admin_order_field",
                    "label", "help_text", "boolean", "empty_value_display"}


def _root(node: ast.AST) -> ast.AST:
    while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def patches(path: Path) -> list[tuple[int, str]]:
    """(line, target) of every run-time patch in the module (see the module's docstring)."""
    tree = parsed(path)
    classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    own = {"self", "cls"}  # names bound to the instance or to one of its parts (`field = self.fields["x"]`)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            source = _root(node.value)
            if isinstance(source, ast.Name) and source.id in ("self", "cls"):
                own.add(node.targets[0].id)

    def foreign_class(name: str) -> bool:
        return name[:1].isupper() and name not in classes

    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt | ast.expr):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" and node.args:
            root, text = _root(node.args[0]), ast.unparse(node.args[0])
            if isinstance(root, ast.Name) and (foreign_class(root.id) or "_meta" in text):
                found.append((node.lineno, f"setattr({text})"))
            continue
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else [])
        for target in targets:
            for item in target.elts if isinstance(target, ast.Tuple) else [target]:
                root = _root(item)
                if not isinstance(item, ast.Attribute) or not isinstance(root, ast.Name) or root.id in own:
                    continue
                text = ast.unparse(item)
                if (foreign_class(root.id) or "_meta" in text
                        or (item.attr in LABEL_ATTRIBUTES and root.id not in functions)):
                    found.append((node.lineno, text))
    return sorted(set(found))


def patches_in(root: Path) -> set[tuple[str, str]]:
    return findings(root, patches, skipped=SKIPPED_PARTS, test_modules=True)


def test_no_model_or_django_class_is_patched():
    assert patches_in(ROOT) == set(), "a run-time patch: declare it on the model, field or admin instead"


@pytest.mark.parametrize(("code", "what"), [
    ("from django.contrib.auth.models import Group\n\nGroup.__str__ = lambda group: group.name\n", "Group.__str__"),
    ("def f():\n    from asks.models import Ask\n    Ask._meta.get_field('kind').choices = []\n",
     "Ask._meta.get_field('kind').choices"),
    ("from django.db.models import Model\n\nnumber = Model._get_pk_val\nnumber.short_description = 'No.'\n",
     "number.short_description"),
    ("def f(model):\n    opts = model._meta\n    opts.verbose_name = 'x'\n", "opts.verbose_name"),
    ("from asks.models import Ask\n\nsetattr(Ask, '__str__', str)\n", "setattr(Ask)"),
])
def test_a_patch_is_reported(tmp_path, code, what):
    (tmp_path / "staff").mkdir()
    (tmp_path / "staff" / "x.py").write_text(code)
    assert patches_in(tmp_path) == {("staff/x.py", what)}


def test_declared_means_are_not_reported(tmp_path):
    """A model's own `__str__`, an admin column declared on a function of the module, a form's own field."""
    (tmp_path / "asks").mkdir()
    (tmp_path / "asks" / "x.py").write_text(
        "from django import forms\nfrom django.db import models\n\n\n"
        "class Ask(models.Model):\n    def __str__(self):\n        return 'x'\n\n\nAsk.objects_label = 'ok'\n\n\n"
        "def number(obj):\n    return obj.pk\n\n\nnumber.short_description = 'No.'\n\n\n"
        "class F(forms.Form):\n    x = forms.ChoiceField()\n\n    def __init__(self):\n        super().__init__()\n"
        "        field = self.fields['x']\n        field.choices = []\n        self.fields['x'].label = 'y'\n")
    assert patches_in(tmp_path) == set()
