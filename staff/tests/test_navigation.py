"""The sidebar: each engine's section is seen by organisations of its kind only, page by page."""

from types import SimpleNamespace

from django.test import RequestFactory

from staff.navigation import SECTIONS, _visible


def test_an_engine_section_gives_each_page_its_kind_and_view_permission():
    bank = SECTIONS["bank"].items
    assert {item.kinds for item in bank} == {("bank",)}
    assert bank[0].permission == "bank.view_pixtransfer"
    assert bank[0].link == "admin:bank_pixtransfer_changelist"
    assert {item.kinds for item in SECTIONS["school"].items} == {("school",)}
    assert {item.kinds for item in SECTIONS["store"].items} == {("store",)}


def test_a_page_of_another_kind_is_hidden_and_one_of_its_own_shown():
    request = RequestFactory().get("/admin/")
    request.user = SimpleNamespace(has_perm=lambda permission: True)
    request.tenant = SimpleNamespace(kind="store")
    assert _visible(request, SECTIONS["bank"].items[0]) is None
    assert _visible(request, SECTIONS["store"].items[0]) == "/admin/store/product/"
