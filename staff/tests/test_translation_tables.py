"""The staff translation tables (locale/tools/translations/*.toml) are read as written or refused: a translator's
slip (a mistyped language, a lost plural form, a message entered twice) stops fill.py instead of vanishing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from django.conf import settings

spec = importlib.util.spec_from_file_location("fill", Path(settings.BASE_DIR) / "locale" / "tools" / "fill.py")
assert spec is not None and spec.loader is not None
fill = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fill)

HOLDER = '[[entry]]\nmsgid = "Holder"\npt_BR = "Titular"\nes = "Titular"\nca = "Titular"\n'
MINUTES = ('[[entry]]\nmsgid = "%(count)d minute"\nplural = "%(count)d minutes"\npt_BR = ["%(count)d minuto", '
           '"%(count)d minutos"]\nes = ["%(count)d minuto", "%(count)d minutos"]\nca = ["%(count)d minut", '
           '"%(count)d minuts"]\n')


def tables_of(tmp_path: Path, **files: str) -> dict:
    for name, text in files.items():
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    return fill.tables(folder=tmp_path)


def test_an_entry_is_keyed_by_its_msgid_and_a_plural_by_both_forms(tmp_path):
    assert tables_of(tmp_path, core=HOLDER + "\n" + MINUTES) == {
        "Holder": ("Titular", "Titular", "Titular"),
        ("%(count)d minute", "%(count)d minutes"): (("%(count)d minuto", "%(count)d minutos"),
                                                    ("%(count)d minuto", "%(count)d minutos"),
                                                    ("%(count)d minut", "%(count)d minuts"))}


def test_a_context_keeps_the_same_english_apart(tmp_path):
    table = tables_of(tmp_path, core=HOLDER + '\n' + HOLDER.replace('"Holder"\n', '"Holder"\ncontext = "pix"\n'))
    assert set(table) == {"Holder", fill.message_key("Holder", "pix")} and fill.message_key("Holder", "pix") != "Holder"


def test_a_message_entered_in_two_files_is_refused(tmp_path):
    with pytest.raises(ValueError, match="'Holder' is already in a.toml"):
        tables_of(tmp_path, a=HOLDER, b=HOLDER.replace('"Titular"', '"Dono"'))


def test_a_mistyped_language_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"unknown fields \['pt_br'\], missing \['pt_BR'\]"):
        tables_of(tmp_path, core=HOLDER.replace("pt_BR", "pt_br"))


def test_a_plural_without_both_forms_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"needs \[singular, plural\]"):
        tables_of(tmp_path, core=MINUTES.replace('["%(count)d minut", "%(count)d minuts"]', '"%(count)d minuts"'))


def test_the_tables_of_this_checkout_load():
    assert len(fill.tables()) > 800  # every file read (not an empty folder that passes anything)
